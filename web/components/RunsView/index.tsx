// The Runs view: the same run evaluation as `fairness-eval runs`, on the user's files, in a worker
// of its own (the files never leave the browser). Inputs and the CLI's options on top, then the
// progress, and the last results: their exports, the summary, the charts and the per-query table.
import { computed } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';

import { count } from '../../state/count';
import { download } from '../../state/download';
import { toCsv } from '../../state/import';
import {
  cancelRunsAsked,
  runsCancelled,
  runsProgress,
  runsRefusal,
  runsResults,
  runsRunning,
  showView,
  startRuns,
  warmRunsWorker,
} from '../../state/runs';
import { perQueryRows, summaryRows } from '../../state/runs-tables';
import { scenario } from '../../state/scenario';
import { lazyPart } from '../Lazy';
import { RunsQueries } from '../RunsQueries';
import { RunsSummary } from '../RunsSummary';
import { emptyFiles, form, jobOf, keepFormInUrl, paramsFileOf, runNames, typedNumber, updateForm, type InputKind } from './form';
import { sampleFiles } from './samples';
import styles from './style.module.css';

// Chart.js loads with the charts, not with the view.
const RunsCharts = lazyPart(() => import('../RunsCharts').then((m) => m.RunsCharts), {
  what: 'the charts',
  fallback: <p>Loading the charts…</p>,
});

const INPUTS: { kind: InputKind; label: string; hint: string; multiple?: boolean }[] = [
  { kind: 'run', label: 'Runs', hint: 'TREC run files (qid Q0 docid rank score tag), one or more; .gz read too', multiple: true },
  { kind: 'collection', label: 'Collection', hint: 'docid<TAB>text lines or JSON lines; .gz read as it streams' },
  { kind: 'qrels', label: 'Qrels', hint: 'TREC qrels (qid iter docid rel)' },
  { kind: 'labels', label: 'Labels', hint: 'docid,label (F, M, N or a group name)' },
  { kind: 'queries', label: 'Query list', hint: 'one id a line, qid<TAB>query text, or qid,query text,label' },
  { kind: 'background', label: 'Background run', hint: "NFaiRR's background per query (its first documents up to the depth)" },
  {
    kind: 'params',
    label: 'Params file',
    hint: "a scenario JSON (the playground's export too): its groups, lexicon and params apply (as --params)",
  },
];

let keyCount = 0;
const resultsKeys = new WeakMap<object, number>();
/** A number of each results object, for the panels' keys. */
function resultsKey(results: object): number {
  let key = resultsKeys.get(results);
  if (key === undefined) resultsKeys.set(results, (key = ++keyCount));
  return key;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

function Progress() {
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
function resultsLine(r: NonNullable<typeof runsResults.value>): string {
  const runs = r.data.runs.length === 1 ? '1 run' : `${r.data.runs.length} runs, baseline “${r.baseline}”`;
  return `${count(r.data.queries.length, 'query', 'queries')}, ${runs}; computed in ${r.seconds.toFixed(1)} s.`;
}

/**
 * One polite status, always in the page, for a screen reader: that the evaluation started, then
 * its results line (or that it was cancelled). The progress bar's figures change many times a
 * second and are not said; a refusal is its own alert.
 */
function Announce() {
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
function Cancelled() {
  if (runsRunning.value || !runsCancelled.value) return null;
  return (
    <p class={styles.cancelled} data-state="cancelled">
      Cancelled{runsResults.value ? ': the results below are the last ones computed.' : '.'}
    </p>
  );
}

/** The form's fields' labels by the CLI option each sets (its `data-option`, the option without its dashes): a refusal names the field so. */
const OPTION_LABELS: Record<string, string> = {
  cutoffs: 'Cut-offs',
  order: 'Order',
  baseline: 'Baseline',
  'background-from': 'Background from',
  'background-depth': 'Background depth',
  metrics: 'Metrics',
  'query-label': 'Query label',
  ci: 'Intervals',
  'bootstrap-samples': 'Bootstrap samples',
  'bootstrap-seed': 'Bootstrap seed',
  official: 'Official NFaiRR parity',
};

/** The form's field a refusal is about (its `data-option`), when it is an option's. */
const refusedOption = computed(() => {
  const file = runsRefusal.value?.file ?? '';
  return file.startsWith('--') && file.slice(2) in OPTION_LABELS ? file.slice(2) : null;
});

/** A field's marks while the core refuses its value: invalid, described by the refusal. */
const refusedMarks = (option: string) =>
  refusedOption.value === option ? { 'aria-invalid': true, 'aria-describedby': 'runs-refusal' } : {};

function Refusal() {
  const r = runsRefusal.value;
  if (!r) return null;
  const option = refusedOption.value;
  // An option's refusal names the field as the form labels it, the CLI's option beside it.
  const message =
    option && r.message.startsWith(`--${option}:`)
      ? `${OPTION_LABELS[option]} (--${option})${r.message.slice(option.length + 2)}`
      : r.message;
  return (
    <p id="runs-refusal" class={styles.refusal} role="alert" data-file={r.file} data-line={r.line || undefined}>
      {message}
      {runsResults.value ? ' (the results below are the last ones computed)' : ''}
    </p>
  );
}

export function RunsView() {
  const f = form.value;
  const [loadingSample, setLoadingSample] = useState(false);
  const results = runsResults.value;
  const names = runNames(f);
  useEffect(warmRunsWorker, []);
  // The options in the address bar while the view is shown, and out of it when it is left.
  useEffect(() => {
    keepFormInUrl();
    return () => keepFormInUrl(null);
  }, []);

  const setFiles = (kind: InputKind, list: FileList | null) => {
    const files = { ...f.files, [kind]: list ? [...list] : [] };
    updateForm(kind === 'params' && list?.length ? { files, playgroundParams: null } : { files });
  };

  const trySample = async () => {
    setLoadingSample(true);
    try {
      const samples = await sampleFiles();
      updateForm({ files: { ...emptyFiles(), ...samples }, baseline: '', queryLabel: '', playgroundParams: null });
      startRuns(jobOf(form.value));
    } finally {
      setLoadingSample(false);
    }
  };

  return (
    <section class={styles.view} aria-label="Run evaluation">
      <p class={styles.intro}>
        Evaluate whole TREC runs, as <code>fairness-eval runs</code> does: every metric per query at every cut-off, means with 95%
        confidence intervals, and paired tests against a baseline run. Your files are read here, in the browser, and never uploaded.
      </p>
      <div class={styles.columns}>
        <fieldset class={styles.inputs}>
          <legend>Files</legend>
          {INPUTS.map(({ kind, label, hint, multiple }) => (
            // The browser's own picker says "No file chosen" even when the sample files are loaded:
            // it is hidden behind a button, and what is loaded is said beside it.
            <label key={kind} class={styles.file}>
              <span class={styles.name}>{label}</span>
              <input
                type="file"
                class="sr-only"
                data-input={kind}
                multiple={multiple}
                onChange={(e) => setFiles(kind, e.currentTarget.files)}
              />
              <span class={styles.choose} aria-hidden="true">
                {f.files[kind].length ? 'Change…' : multiple ? 'Choose files…' : 'Choose a file…'}
              </span>
              <span class={styles.chosen} data-chosen={kind}>
                {f.files[kind].length ? (
                  <strong>{f.files[kind].map((x) => x.name).join(', ')}</strong>
                ) : (
                  <>
                    <span class="sr-only">No file chosen: </span>
                    <span class={styles.hint}>{hint}</span>
                    <span class={styles.printOnly}>none</span>
                  </>
                )}
              </span>
            </label>
          ))}
          <div class={styles.paramsRow}>
            <button
              type="button"
              data-action="apply-playground-params"
              onClick={() => updateForm({ playgroundParams: paramsFileOf(scenario.value), files: { ...f.files, params: [] } })}
            >
              Use the playground's groups, lexicon and parameters
            </button>
            <span class={styles.chosen}>
              {f.files.params.length
                ? `Params from ${f.files.params[0]!.name}.`
                : f.playgroundParams !== null
                  ? "Params: the playground's current ones."
                  : "Params: SPEC's defaults (female/male, NFaiRR's word list), as the CLI."}
              {(f.files.params.length > 0 || f.playgroundParams !== null) && (
                <button
                  type="button"
                  class={styles.link}
                  onClick={() => updateForm({ playgroundParams: null, files: { ...f.files, params: [] } })}
                >
                  back to the defaults
                </button>
              )}
            </span>
          </div>
        </fieldset>
        <fieldset class={styles.options}>
          <legend>Options (as the CLI's)</legend>
          <label>
            {OPTION_LABELS.cutoffs}{' '}
            <input
              type="text"
              value={f.cutoffs}
              placeholder="those of the metrics, else 10,20"
              onInput={(e) => updateForm({ cutoffs: e.currentTarget.value })}
              data-option="cutoffs"
              {...refusedMarks('cutoffs')}
            />
          </label>
          <label>
            {OPTION_LABELS.order}
            <select
              value={f.order}
              onChange={(e) => updateForm({ order: e.currentTarget.value as 'score' | 'file' })}
              data-option="order"
              {...refusedMarks('order')}
            >
              <option value="score">by score (trec_eval)</option>
              <option value="file">as in the file</option>
            </select>
          </label>
          <label>
            {OPTION_LABELS.baseline}
            <select
              value={f.baseline}
              onChange={(e) => updateForm({ baseline: e.currentTarget.value })}
              data-option="baseline"
              {...refusedMarks('baseline')}
            >
              <option value="">the first run{names[0] ? ` (${names[0]})` : ''}</option>
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
              {/* A baseline from the address or from runs chosen before: shown, so its refusal names what is on screen. */}
              {f.baseline !== '' && !names.includes(f.baseline) && <option value={f.baseline}>{f.baseline} (no run of that name)</option>}
            </select>
          </label>
          <label>
            {OPTION_LABELS['background-from']}
            <select
              value={f.backgroundFrom}
              disabled={f.files.background.length > 0}
              onChange={(e) => updateForm({ backgroundFrom: e.currentTarget.value as 'run' | 'collection' })}
              data-option="background-from"
              {...refusedMarks('background-from')}
            >
              <option value="run">the run itself</option>
              <option value="collection">the whole collection</option>
            </select>
          </label>
          <label>
            {OPTION_LABELS['background-depth']}
            <input
              type="number"
              min={1}
              value={f.backgroundDepth}
              onInput={(e) => updateForm({ backgroundDepth: typedNumber(e.currentTarget.value) })}
              data-option="background-depth"
              {...refusedMarks('background-depth')}
            />
          </label>
          <label>
            {OPTION_LABELS.metrics}{' '}
            <input
              type="text"
              value={f.metrics}
              placeholder="all (or e.g. NFaiRR, nDCG@10)"
              onInput={(e) => updateForm({ metrics: e.currentTarget.value })}
              data-option="metrics"
              {...refusedMarks('metrics')}
            />
          </label>
          <label>
            {OPTION_LABELS['query-label']}{' '}
            <input
              type="text"
              value={f.queryLabel}
              placeholder="all queries"
              onInput={(e) => updateForm({ queryLabel: e.currentTarget.value })}
              data-option="query-label"
              {...refusedMarks('query-label')}
            />
          </label>
          <label>
            {OPTION_LABELS.ci}
            <select
              value={f.ci}
              onChange={(e) => updateForm({ ci: e.currentTarget.value as 't' | 'bootstrap' })}
              data-option="ci"
              {...refusedMarks('ci')}
            >
              <option value="t">Student's t</option>
              <option value="bootstrap">t and bootstrap percentile</option>
            </select>
          </label>
          {f.ci === 'bootstrap' && (
            <>
              <label>
                {OPTION_LABELS['bootstrap-samples']}
                <input
                  type="number"
                  min={100}
                  max={1000000}
                  value={f.bootstrapSamples}
                  onInput={(e) => updateForm({ bootstrapSamples: typedNumber(e.currentTarget.value) })}
                  data-option="bootstrap-samples"
                  {...refusedMarks('bootstrap-samples')}
                />
              </label>
              <label>
                {OPTION_LABELS['bootstrap-seed']}
                <input
                  type="number"
                  min={0}
                  max={4294967295}
                  value={f.bootstrapSeed}
                  onInput={(e) => updateForm({ bootstrapSeed: typedNumber(e.currentTarget.value) })}
                  data-option="bootstrap-seed"
                  {...refusedMarks('bootstrap-seed')}
                />
              </label>
            </>
          )}
          <label class={styles.check}>
            <input
              type="checkbox"
              checked={f.official}
              onChange={(e) => updateForm({ official: e.currentTarget.checked })}
              data-option="official"
              {...refusedMarks('official')}
            />
            {OPTION_LABELS.official} (file order, whitespace tokens, inclusive τ, S = the background only)
          </label>
        </fieldset>
      </div>
      <div class={styles.actions}>
        <button
          type="button"
          class={styles.primary}
          data-action="evaluate-runs"
          disabled={f.files.run.length === 0}
          onClick={() => startRuns(jobOf(form.value))}
        >
          Evaluate
        </button>
        <button type="button" data-action="cancel-runs" disabled={!runsRunning.value} onClick={cancelRunsAsked}>
          Cancel
        </button>
        <button
          type="button"
          data-action="sample-runs"
          // Not `disabled` while loading: a disabled button drops the focus to the page.
          aria-disabled={loadingSample}
          onClick={() => void (loadingSample || trySample())}
        >
          Try with the sample runs
        </button>
        <button type="button" class={styles.link} onClick={() => showView('playground')}>
          ← Back to the playground
        </button>
      </div>
      <Announce />
      <Progress />
      <Cancelled />
      <Refusal />
      {results && (
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
      )}
    </section>
  );
}
