// The Runs view's last results: their line, warnings and exports, the summary, the charts and the
// per-query table.
import { download } from '../../state/download';
import { toCsv } from '../../state/import';
import { runsResults, runsRunning } from '../../state/runs';
import { perQueryRows, summaryRows } from '../../state/runs-tables';
import { lazyPart } from '../Lazy';
import { RunsQueries } from '../RunsQueries';
import { RunsSummary } from '../RunsSummary';
import { resultsLine } from './status';
import styles from './style.module.css';

// Chart.js loads with the charts, not with the view.
const RunsCharts = lazyPart(() => import('../RunsCharts').then((m) => m.RunsCharts), {
  what: 'the charts',
  fallback: <p>Loading the charts…</p>,
});

let keyCount = 0;
const resultsKeys = new WeakMap<object, number>();
/** A number of each results object, for the panels' keys. */
function resultsKey(results: object): number {
  let key = resultsKeys.get(results);
  if (key === undefined) resultsKeys.set(results, (key = ++keyCount));
  return key;
}

export function LastResults() {
  const results = runsResults.value;
  if (!results) return null;
  return (
    <div
      class={styles.results}
      data-state={runsRunning.value ? 'stale' : 'current'}
      data-heap-bytes={results.heapBytes}
      data-seconds={results.seconds}
      data-queries={results.data.queries.length}
    >
      <p class={styles.meta}>{resultsLine(results)}</p>
      {results.data.warnings.length > 0 && (
        <ul class={styles.warnings} aria-label="Warnings">
          {results.data.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div class={styles.actions}>
        <button
          type="button"
          data-action="export-runs-summary"
          onClick={() => download('runs-summary.csv', toCsv(summaryRows(results)), 'text/csv')}
        >
          Summary (CSV)
        </button>
        <button
          type="button"
          data-action="export-runs-queries"
          onClick={() => download('runs-per-query.csv', toCsv(perQueryRows(results)), 'text/csv')}
        >
          Per query (CSV)
        </button>
        <button
          type="button"
          data-action="export-runs-comparisons"
          onClick={() => download('runs-comparisons.csv', results.comparisonsCsv, 'text/csv')}
        >
          Comparisons (CSV)
        </button>
        <button type="button" data-action="export-runs-json" onClick={() => download('runs.json', results.text, 'application/json')}>
          Everything (the CLI's JSON)
        </button>
      </div>
      <RunsSummary results={results} />
      {/* Keyed by the results: new results (other cut-offs, runs or baseline) start their choices afresh. */}
      <RunsCharts key={resultsKey(results)} results={results} />
      <RunsQueries key={resultsKey(results)} results={results} />
    </div>
  );
}
