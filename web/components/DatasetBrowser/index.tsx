// Grep-BiasIR browser: pick one of the dataset's 117 queries (by category, or by filtering their
// text), choose and order its documents, and make them a ranking, or two rankings that differ only
// in which wording of the relevant document comes first. The data loads the first time the dialog
// opens. How the dataset's labels are read is stated in the dialog, with the counts of the files.
import { useEffect, useRef, useState } from 'preact/hooks';

import {
  buildRanking,
  defaultOrder,
  ensureGenderGroups,
  loadGrepBiasIR,
  withWordingFirst,
  type GrepBiasIR,
  type GrepDocument,
} from '../../state/grepbiasir';
import { showPlayground } from '../../state/runs';
import { edit, scenario } from '../../state/scenario';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import { DataNotes } from './DataNotes';
import { DocumentTable, type Direction } from './DocumentTable';
import { QueryPicker, shownQueries } from './QueryPicker';
import styles from './style.module.css';

type Load = { status: 'idle' | 'loading' } | { status: 'ready'; data: GrepBiasIR } | { status: 'error'; message: string };

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

  const query = data && qId !== null ? data.queries.find((q) => q.q_id === qId) : undefined;
  const byId = new Map((data && qId !== null ? (data.documents.get(qId) ?? []) : []).map((d) => [d.d_id, d]));
  const rows = order.map((id) => byId.get(id)).filter((d): d is GrepDocument => d !== undefined);
  const chosen = rows.filter((d) => !unchecked.has(d.d_id));
  const maleFirst = withWordingFirst(chosen, 'M');
  const femaleFirst = withWordingFirst(chosen, 'F');

  const shown = shownQueries(data, category, filter);
  // When the category or the filter hides the selected query, select the first one still shown,
  // so the documents below always belong to a query in the list.
  const firstShown = shown[0]?.queries[0]?.q_id;
  const selectedShown = shown.some((c) => c.queries.some((q) => q.q_id === qId));
  useEffect(() => {
    if (!selectedShown && firstShown !== undefined) selectQuery(firstShown);
  }, [selectedShown, firstShown]);

  const move = (index: number, dir: Direction) => {
    const to = dir === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
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

      <DataNotes data={data} />

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
          <QueryPicker
            data={data}
            shown={shown}
            category={category}
            onCategory={setCategory}
            filter={filter}
            onFilter={setFilter}
            qId={qId}
            onSelect={selectQuery}
          />

          {query && (
            <section class={styles.docs} aria-labelledby="grep-docs-title">
              <h3 id="grep-docs-title">
                Query {query.q_id}: “{query.query}” <span class={styles.category}>{query.category}</span>
              </h3>
              <DocumentTable rows={rows} unchecked={unchecked} onToggle={toggle} onMove={move} />

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
