// Grep-BiasIR browser: pick one of the dataset's 117 queries (by category, or by filtering their
// text), choose and order its documents, and make them a ranking, or two rankings that differ only
// in which wording of the relevant document comes first. The data loads the first time the dialog
// opens. How the dataset's labels are read is stated in the dialog, with the counts of the files.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

import {
  buildRanking,
  cleanText,
  defaultOrder,
  ensureGenderGroups,
  labelMappingNote,
  loadGrepBiasIR,
  stereotypeNote,
  withWordingFirst,
  type GrepBiasIR,
  type GrepDocument,
} from '../../state/grepbiasir';
import { showPlayground } from '../../state/runs';
import { edit, scenario } from '../../state/scenario';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import styles from './style.module.css';

type Load = { status: 'idle' | 'loading' } | { status: 'ready'; data: GrepBiasIR } | { status: 'error'; message: string };

const EXCERPT = 120;
const WORDING: Record<string, string> = { F: 'female', M: 'male', N: 'neutral' };

function excerpt(text: string): string {
  const clean = cleanText(text);
  return clean.length > EXCERPT ? `${clean.slice(0, EXCERPT - 1).trimEnd()}…` : clean;
}

/** "document 171 (M, not relevant)": names a row for screen readers (titles repeat across wordings). */
function describe(doc: GrepDocument): string {
  return `document ${doc.d_id} (${doc.content_gender}, ${doc.relevant ? 'relevant' : 'not relevant'})`;
}

const rankingLetter = (r: number) => String.fromCharCode(65 + r);

export function DatasetBrowser({ dialog }: { dialog: DialogHandle }) {
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [category, setCategory] = useState('');
  const [filter, setFilter] = useState('');
  const [qId, setQId] = useState<number | null>(null);
  const [order, setOrder] = useState<number[]>([]);
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const [includeTitle, setIncludeTitle] = useState(true);
  const [target, setTarget] = useState(0);
  const [report, setReport] = useState<string[] | null>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  const refocus = useRef<{ id: number; dir: 'up' | 'down' } | null>(null);

  const rankings = scenario.value.rankings;
  const targets = rankings.slice(0, 2);
  const targetIndex = Math.min(target, targets.length - 1);
  const data = load.status === 'ready' ? load.data : null;

  const selected = useRef<number | null>(null);
  const selectQuery = (id: number, dataset = data) => {
    const docs = dataset?.documents.get(id) ?? [];
    selected.current = id;
    setQId(id);
    setOrder(defaultOrder(docs).map((d) => d.d_id));
    setUnchecked(new Set());
    setReport(null);
  };

  const start = () => {
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    loadGrepBiasIR().then(
      (dataset) => {
        setLoad((current) => (current.status === 'ready' ? current : { status: 'ready', data: dataset }));
        // Show the first query's documents straight away.
        if (selected.current === null && dataset.queries[0]) selectQuery(dataset.queries[0].q_id, dataset);
      },
      (error: unknown) => setLoad({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  const startRef = useRef(start);
  startRef.current = start;

  // Keep keyboard focus on the arrow that moved a row (moving a node in the DOM drops focus).
  useLayoutEffect(() => {
    const pending = refocus.current;
    refocus.current = null;
    if (!pending || !table.current) return;
    const find = (dir: string) => table.current!.querySelector<HTMLButtonElement>(`button[data-move="${dir}"][data-doc="${pending.id}"]`);
    const button = find(pending.dir);
    (button && !button.disabled ? button : find(pending.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [order]);

  const query = data && qId !== null ? data.queries.find((q) => q.q_id === qId) : undefined;
  const byId = new Map((data && qId !== null ? (data.documents.get(qId) ?? []) : []).map((d) => [d.d_id, d]));
  const rows = order.map((id) => byId.get(id)).filter((d): d is GrepDocument => d !== undefined);
  const chosen = rows.filter((d) => !unchecked.has(d.d_id));
  const maleFirst = withWordingFirst(chosen, 'M');
  const femaleFirst = withWordingFirst(chosen, 'F');

  const needle = filter.trim().toLowerCase();
  const shown = (data?.categories ?? [])
    .filter((c) => category === '' || c.name === category)
    .map((c) => ({
      name: c.name,
      queries: c.queries.filter((q) => needle === '' || q.query.toLowerCase().includes(needle) || String(q.q_id) === needle),
    }))
    .filter((c) => c.queries.length > 0);
  const shownCount = shown.reduce((n, c) => n + c.queries.length, 0);
  // When the category or the filter hides the selected query, select the first one still shown,
  // so the documents below always belong to a query in the list.
  const firstShown = shown[0]?.queries[0]?.q_id;
  const selectedShown = shown.some((c) => c.queries.some((q) => q.q_id === qId));
  useEffect(() => {
    if (!selectedShown && firstShown !== undefined) selectQuery(firstShown);
  }, [selectedShown, firstShown]);

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    refocus.current = { id: order[index]!, dir };
    setOrder(next);
  };

  const toggle = (id: number, on: boolean) => {
    const next = new Set(unchecked);
    if (on) next.delete(id);
    else next.add(id);
    setUnchecked(next);
  };

  const about = () => (query ? `query ${query.q_id} ("${query.query}")` : '');

  const useAsRanking = () => {
    if (!query || chosen.length === 0) return;
    const r = targetIndex;
    let notes: string[] = [];
    edit((s) => {
      s.rankings[r]!.docs = buildRanking(chosen, { includeTitle });
      notes = ensureGenderGroups(s);
    });
    showPlayground();
    setReport([
      `Ranking ${rankingLetter(r)} now holds ${chosen.length} document${chosen.length > 1 ? 's' : ''} of ${about()}; undo restores the previous ones.`,
      ...notes.map((n) => `Also: ${n}.`),
    ]);
  };

  const compare = () => {
    if (!query || !maleFirst || !femaleFirst) return;
    let notes: string[] = [];
    edit((s) => {
      s.rankings = [
        { name: 'male first', docs: buildRanking(maleFirst, { includeTitle }) },
        { name: 'female first', docs: buildRanking(femaleFirst, { includeTitle }) },
      ];
      notes = ensureGenderGroups(s);
    });
    showPlayground();
    setReport([
      `Ranking A ("male first") and ranking B ("female first") now hold the ${chosen.length} documents of ${about()}, the male- or the female-worded relevant document on top; undo restores the previous rankings.`,
      ...notes.map((n) => `Also: ${n}.`),
    ]);
  };

  const compareBlocked =
    chosen.length === 0
      ? 'Check some documents first.'
      : !maleFirst || !femaleFirst
        ? 'Check both the male- and the female-worded relevant document to compare them.'
        : '';

  return (
    // Load the data at the first opening (and retry at a later one after a failure).
    <DialogFrame dialog={dialog} labelledBy="grep-title" width="widest" onOpen={() => startRef.current()}>
      <h2 id="grep-title">Grep-BiasIR</h2>
      <p class={dialogStyles.hint}>
        117 bias-sensitive queries, each with a relevant and a non-relevant document written in female (F), male (M) and neutral (N)
        wording. Pick a query, choose and order its documents, and make them a ranking.
      </p>

      <section class={styles.notes} aria-label="About the data">
        {data && (
          <ul>
            <li>
              <strong>Labels:</strong> {labelMappingNote(data)}
            </li>
            {stereotypeNote(data) && <li>{stereotypeNote(data)}</li>}
            {data.shapeExceptions.length > 0 && (
              <li>
                Not every query has one document of each wording and relevance (F, M, N × 1, 0):{' '}
                {data.shapeExceptions.map((e) => `query ${e.q_id} has ${e.found}`).join('; ')}.
              </li>
            )}
            <li>
              Texts are the title, then the document; line breaks and runs of spaces become one space, zero-width spaces are dropped.
              Relevance is the dataset's relevant column (1 or 0).
            </li>
          </ul>
        )}
        <p class={styles.credit}>
          Data: Grep-BiasIR (Krieg et al., CHIIR 2023), CC0 —{' '}
          <a href="https://github.com/KlaraKrieg/GrepBiasIR" target="_blank" rel="noopener">
            KlaraKrieg/GrepBiasIR
          </a>
          .
        </p>
      </section>

      {load.status === 'error' && (
        <div class={styles.error} role="alert">
          <p>Could not load Grep-BiasIR: {load.message}</p>
          <button type="button" onClick={start}>
            Try again
          </button>
        </div>
      )}
      {(load.status === 'loading' || load.status === 'idle') && (
        <p class={styles.loading} role="status">
          Loading…
        </p>
      )}

      {data && (
        <>
          <fieldset class={styles.pick}>
            <legend>Query</legend>
            <div class={styles.row}>
              <label>
                Category{' '}
                <select value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
                  <option value="">All categories ({data.queries.length})</option>
                  {data.categories.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name} ({c.queries.length})
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Filter{' '}
                <input
                  type="search"
                  value={filter}
                  class={styles.filter}
                  placeholder="query words or number"
                  onInput={(e) => setFilter(e.currentTarget.value)}
                />
              </label>
              <span class={styles.count} aria-live="polite">
                {shownCount} of {data.queries.length} queries
              </span>
            </div>
            <label class={styles.queryLabel}>
              <span>Queries</span>
              <select class={styles.queries} size={8} value={qId ?? ''} onChange={(e) => selectQuery(Number(e.currentTarget.value))}>
                {shown.map((c) => (
                  <optgroup key={c.name} label={c.name}>
                    {c.queries.map((q) => (
                      <option key={q.q_id} value={q.q_id}>
                        {q.q_id}: {q.query}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          </fieldset>

          {query && (
            <section class={styles.docs} aria-labelledby="grep-docs-title">
              <h3 id="grep-docs-title">
                Query {query.q_id}: “{query.query}” <span class={styles.category}>{query.category}</span>
              </h3>
              <div class={styles.tableWrap}>
                <table class={styles.table}>
                  <caption class={styles.caption}>
                    Its documents in ranking order ({chosen.length} of {rows.length} checked); the arrows reorder them.
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Use</th>
                      <th scope="col">Title</th>
                      <th scope="col">Text</th>
                      <th scope="col">Wording</th>
                      <th scope="col">Relevant</th>
                      <th scope="col">Stereotype annotation</th>
                      <th scope="col">Order</th>
                    </tr>
                  </thead>
                  <tbody ref={table}>
                    {rows.map((doc, i) => {
                      const on = !unchecked.has(doc.d_id);
                      const odd = !(doc.content_gender in WORDING);
                      return (
                        <tr key={doc.d_id} class={on ? undefined : styles.off}>
                          <td class={styles.num}>{i + 1}</td>
                          <td>
                            <input
                              type="checkbox"
                              checked={on}
                              aria-label={`Use ${describe(doc)}`}
                              onChange={(e) => toggle(doc.d_id, e.currentTarget.checked)}
                            />
                          </td>
                          <td class={styles.title}>{cleanText(doc.doc_title)}</td>
                          <td class={styles.text}>{excerpt(doc.document)}</td>
                          <td>
                            {odd ? (
                              <span class={styles.odd}>
                                {doc.content_gender} → {doc.label}
                              </span>
                            ) : (
                              <abbr title={WORDING[doc.content_gender]}>{doc.content_gender}</abbr>
                            )}
                          </td>
                          <td class={styles.num}>{doc.relevant}</td>
                          <td class={styles.stereotype}>
                            {doc.exp_stereotype}
                            {doc.exp_stereotype_raw !== doc.exp_stereotype && (
                              <span class={styles.odd}> (written “{doc.exp_stereotype_raw}”)</span>
                            )}
                          </td>
                          <td class={styles.arrows}>
                            <button
                              type="button"
                              data-move="up"
                              data-doc={doc.d_id}
                              disabled={i === 0}
                              aria-label={`Move ${describe(doc)} up`}
                              onClick={() => move(i, 'up')}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              data-move="down"
                              data-doc={doc.d_id}
                              disabled={i === rows.length - 1}
                              aria-label={`Move ${describe(doc)} down`}
                              onClick={() => move(i, 'down')}
                            >
                              ↓
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>

              <div class={styles.row}>
                <label>
                  <input type="checkbox" checked={includeTitle} onChange={(e) => setIncludeTitle(e.currentTarget.checked)} /> include titles
                  in the text
                </label>
                <label>
                  Target{' '}
                  <select value={targetIndex} onChange={(e) => setTarget(Number(e.currentTarget.value))}>
                    {targets.map((r, i) => (
                      <option key={i} value={i}>
                        ranking {rankingLetter(i)}
                        {r.name !== rankingLetter(i) ? ` (${r.name})` : ''}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <div class={styles.actions}>
                <button type="button" class={dialogStyles.primary} disabled={chosen.length === 0} onClick={useAsRanking}>
                  Use as ranking
                </button>
                <button type="button" disabled={compareBlocked !== ''} onClick={compare} aria-describedby="grep-compare-hint">
                  Compare: male wording first vs female wording first
                </button>
                <span id="grep-compare-hint" class={dialogStyles.hint}>
                  {compareBlocked || 'Makes ranking A (male first) and ranking B (female first) from the checked documents.'}
                </span>
              </div>
            </section>
          )}
        </>
      )}

      <p class={styles.report} role="status">
        {report?.map((line) => (
          <span key={line}>{line} </span>
        ))}
      </p>

      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
