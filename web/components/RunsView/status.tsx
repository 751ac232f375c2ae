// The Runs view's status while it evaluates and after: the progress, one polite announcement, and
// what Cancel left.
import { count } from '../../state/count';
import { runsCancelled, runsProgress, runsRefusal, runsResults, runsRunning } from '../../state/runs';
import styles from './style.module.css';

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

export function Progress() {
  const p = runsProgress.value;
  if (!runsRunning.value) return null;
  return (
    <div class={styles.progress} data-state="running">
      <progress max={p?.totalBytes || 1} value={p?.bytesRead ?? 0} />
      <span>
        {p
          ? `${p.kind === 'computing' ? 'Computing the metrics…' : `Reading ${p.file}`}: ${megabytes(p.bytesRead)} of ${megabytes(p.totalBytes)}, ${p.documents.toLocaleString('en')} documents read, ${p.kept.toLocaleString('en')} kept, ${p.mbPerSecond.toFixed(0)} MB/s${p.secondsLeft !== null && p.kind !== 'computing' ? `, about ${Math.ceil(p.secondsLeft)} s left` : ''}`
          : 'Starting…'}
      </span>
    </div>
  );
}

/** What the results line says: queries, runs, baseline and time. */
export function resultsLine(r: NonNullable<typeof runsResults.value>): string {
  const runs = r.data.runs.length === 1 ? '1 run' : `${r.data.runs.length} runs, baseline “${r.baseline}”`;
  return `${count(r.data.queries.length, 'query', 'queries')}, ${runs}; computed in ${r.seconds.toFixed(1)} s.`;
}

/**
 * One polite status, always in the page, for a screen reader: that the evaluation started, then
 * its results line (or that it was cancelled). The progress bar's figures change many times a
 * second and are not said; a refusal is its own alert.
 */
export function Announce() {
  const r = runsResults.value;
  const warnings = r?.data.warnings.length ?? 0;
  const said = runsRunning.value
    ? 'Evaluating the runs…'
    : runsCancelled.value
      ? 'Cancelled.'
      : r && !runsRefusal.value
        ? `Results: ${resultsLine(r)}${warnings ? ` ${count(warnings, 'warning', 'warnings')}.` : ''}`
        : '';
  return (
    <p class="sr-only" role="status" data-runs-announce>
      {said}
    </p>
  );
}

/** After Cancel: what stopped, and what the results below are. */
export function Cancelled() {
  if (runsRunning.value || !runsCancelled.value) return null;
  return (
    <p class={styles.cancelled} data-state="cancelled">
      Cancelled{runsResults.value ? ': the results below are the last ones computed.' : '.'}
    </p>
  );
}
