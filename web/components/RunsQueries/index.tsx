// The per-query table of a run evaluation: one row per query (with its text when the query list
// carries it), each run's value of every metric at one cut-off. Sortable by any column, filtered
// by id or text, shown a page at a time (a run of 1,765 queries stays light). Each row opens in the
// playground: runs A's and B's top documents become rankings A and B.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

import { count } from '../../state/count';
import { keepPlace } from '../../state/focus';
import { leaveLesson } from '../../state/lessons';
import { toPageScenario, replaceScenario } from '../../state/scenario';
import { openPlaygroundFromRuns, queryScenario, type RunsResults } from '../../state/runs';
import type { Scenario } from '../../../wasm/types';
import choices from '../RunsView/choices.module.css';
import styles from './style.module.css';

const PAGE = 50;

interface TableState {
  cutoff: number;
  filter: string;
  sort: { key: string; descending: boolean } | null;
  page: number;
  runA: string;
  runB: string;
}

// The table's state outlives the view (the playground replaces it while a query is open), so
// Back finds the same page, sort and filter.
let kept: { results: RunsResults; state: TableState } | null = null;

function initial(results: RunsResults): TableState {
  if (kept?.results === results) return kept.state;
  const names = results.data.runs.map((r) => r.name);
  return {
    cutoff: results.data.cutoffs[0] ?? 10,
    filter: '',
    sort: null,
    page: 0,
    runA: results.baseline,
    runB: names.find((n) => n !== results.baseline) ?? '',
  };
}

export function RunsQueries({ results }: { results: RunsResults }) {
  const { data } = results;
  const names = data.runs.map((r) => r.name);
  const [start] = useState(() => initial(results));
  const [cutoff, setCutoff] = useState(start.cutoff);
  const [filter, setFilter] = useState(start.filter);
  const [sort, setSort] = useState(start.sort);
  const [page, setPage] = useState(start.page);
  const [runA, setRunA] = useState(start.runA);
  const [runB, setRunB] = useState(start.runB);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    kept = { results, state: { cutoff, filter, sort, page, runA, runB } };
  });
  const columns = results.columns.filter((c) => c.endsWith(`@${cutoff}`));
  // A sort by a column of another cut-off would order the rows by values no longer shown.
  const changeCutoff = (next: number) => {
    setCutoff(next);
    if (sort && !sort.key.endsWith(`@${next}`)) setSort(null);
  };
  // The last page's Next (the first's Previous) disables itself: the focus goes to the other.
  const pager = useRef<HTMLElement>(null);
  const turn = (next: number) => {
    setPage(next);
    keepPlace(() => pager.current?.querySelector<HTMLElement>('button:not(:disabled)'));
  };
  const textOf = useMemo(() => new Map(data.queries.map((q, i) => [q, results.queryTexts[i] ?? ''])), [results]);

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    let qs = needle
      ? data.queries.filter((q) => q.toLowerCase().includes(needle) || textOf.get(q)!.toLowerCase().includes(needle))
      : [...data.queries];
    if (sort) {
      const [run, column] = sort.key.split('\u0000') as [string, string];
      const values = data.runs.find((r) => r.name === run)?.perQuery;
      const value = (q: string) => values?.[q]?.[column] ?? null;
      qs = qs.sort((a, b) => {
        const va = value(a);
        const vb = value(b);
        if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1; // undefined last
        return sort.descending ? vb - va : va - vb;
      });
    }
    return qs;
  }, [results, filter, sort]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages - 1);

  const open = async (query: string) => {
    setProblem(null);
    try {
      const json = await queryScenario(query, runA, runB === runA ? '' : runB, cutoff);
      const source = `query ${query} of ${runB && runB !== runA ? `runs ${runA} and ${runB}` : `run ${runA}`}, from the Runs view`;
      const next = toPageScenario(JSON.parse(json) as Scenario);
      // A lesson spoke of another scenario: left before the history entry is pushed, so neither the
      // Runs view's entry (Back) nor the playground's asks for it again.
      leaveLesson();
      // The view first: the history entry left behind is the Runs view's (state/runs.ts).
      openPlaygroundFromRuns(source);
      replaceScenario(next, { source });
    } catch (error) {
      setProblem((error as { message?: string }).message ?? String(error));
    }
  };

  const header = (run: string, column: string) => {
    const key = `${run}\u0000${column}`;
    const active = sort?.key === key;
    return (
      <th key={key} scope="col" aria-sort={active ? (sort!.descending ? 'descending' : 'ascending') : 'none'}>
        <button
          type="button"
          class={styles.sort}
          onClick={() => {
            setSort({ key, descending: active ? !sort!.descending : true });
            // A new order starts at its top, as a new filter does.
            setPage(0);
          }}
        >
          {column}
          <br />
          <span class={styles.run}>{run}</span> {active ? (sort!.descending ? '▼' : '▲') : ''}
        </button>
      </th>
    );
  };

  return (
    <section class={styles.queries} aria-label="Per query">
      <h2 id="runs-queries-title">Per query</h2>
      <p class={styles.printNote}>
        {count(data.queries.length, 'query', 'queries')}, a column per metric and run: wider than a page, so not printed. The export{' '}
        <em>Per query (CSV)</em> holds them all.
      </p>
      <div class={`${choices.choices} ${styles.controls}`}>
        <label>
          Cut-off{' '}
          <select value={cutoff} onChange={(e) => changeCutoff(Number(e.currentTarget.value))} data-option="table-cutoff">
            {data.cutoffs.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Filter{' '}
          <input
            type="search"
            value={filter}
            placeholder="query id or text"
            onInput={(e) => {
              setFilter(e.currentTarget.value);
              setPage(0);
            }}
            data-option="query-filter"
          />
        </label>
        <label>
          Open as A{' '}
          <select value={runA} onChange={(e) => setRunA(e.currentTarget.value)} data-option="open-a">
            {names.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <label>
          and B{' '}
          <select value={runB} onChange={(e) => setRunB(e.currentTarget.value)} data-option="open-b">
            <option value="">(none)</option>
            {names.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <span class={styles.count}>
          {rows.length.toLocaleString('en')} of {data.queries.length.toLocaleString('en')} queries
        </span>
      </div>
      {problem && (
        <p class={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div class={styles.scroll}>
        <table aria-labelledby="runs-queries-title">
          <thead>
            <tr>
              <th scope="col">Query</th>
              <th scope="col">
                <span class="sr-only">Open in the playground</span>
              </th>
              {columns.map((column) => data.runs.map((run) => header(run.name, column)))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(current * PAGE, current * PAGE + PAGE).map((q) => (
              <tr key={q} data-query={q}>
                <th scope="row">
                  <span class={styles.qid}>{q}</span>
                  {textOf.get(q) && <span class={styles.text}>{textOf.get(q)}</span>}
                </th>
                <td>
                  <button
                    type="button"
                    data-action="open-query"
                    data-query={q}
                    onClick={() => void open(q)}
                    title={`Open query ${q} in the playground`}
                  >
                    Open
                  </button>
                </td>
                {columns.map((column) =>
                  data.runs.map((run) => {
                    const v = run.perQuery[q]?.[column] ?? null;
                    const why = v === null ? run.perQueryNotes[q]?.[column] : undefined;
                    return (
                      <td
                        key={`${run.name}/${column}`}
                        class={styles.num}
                        data-run={run.name}
                        data-metric={column}
                        data-value={v === null ? '' : String(v)}
                        title={why && `Undefined: ${why}`}
                      >
                        {v === null ? (
                          <>
                            –<span class="sr-only">, undefined: {why}</span>
                          </>
                        ) : (
                          v.toFixed(4)
                        )}
                      </td>
                    );
                  }),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav class={styles.pager} aria-label="Pages of the per-query table" ref={pager}>
        <button type="button" data-page="previous" disabled={current === 0} onClick={() => turn(current - 1)}>
          ‹ Previous
        </button>
        <span role="status">
          Page {current + 1} of {pages}
        </span>
        <button type="button" data-page="next" disabled={current >= pages - 1} onClick={() => turn(current + 1)}>
          Next ›
        </button>
      </nav>
    </section>
  );
}
