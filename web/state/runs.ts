// The Runs view's state: which view is shown, the evaluation in progress (its own worker, so
// Cancel terminates it at once), and the last results, which stay until newer ones replace them
// (a refusal or a cancel leaves them, and the worker that can open their queries, as they were).
import { effect, signal } from '@preact/signals';

import { EngineClient, isSuperseded } from '../../wasm/client';
import { RunsInputError, ScenarioError } from '../../wasm/errors';
import type { RunsOptions } from '../../wasm/runs-engine';
import type { RunsJob, RunsProgress } from '../../wasm/runs-worker-core';
import { addressOfView, currentAddress, currentLocation, pushAddress, replaceAddress, viewOf } from './address';
import { keepPlace } from './focus';
import { replacements } from './scenario';

export type View = 'playground' | 'runs';

export const view = signal<View>(viewOf(currentLocation().search));

/** Shows a view and keeps the URL's `view` parameter in step (without a new history entry). */
export function showView(next: View): void {
  view.value = next;
  if (typeof history === 'undefined') return;
  replaceAddress(addressOfView(next));
}

/**
 * The text of a run pasted into *Import…* (which cannot use it: a run names documents without
 * their texts), handed to the Runs view's form, which takes it as one more run file at once (or as
 * its module first loads), before the view renders.
 */
export const handedRun = signal<string | null>(null);

/** Shows the Runs view with `text` as a run file of its own. */
export function evaluateRunText(text: string): void {
  handedRun.value = text;
  showView('runs');
}

/** Shows the playground if the Runs view is shown: after a command that changed its scenario. */
export function showPlayground(): void {
  if (view.peek() === 'runs') showView('playground');
}

// A command that replaces the playground's scenario (a gallery example, an import, the autosave's
// Reset and Restore) brings the playground into view: from the Runs view it would otherwise change
// a page the user cannot see. Only undoable replacements count, which are the user's commands;
// opening a query (below) shows the playground itself, with a history entry; a dialog that edits
// the scenario in place (Grep-BiasIR) calls showPlayground.
let replacementsSeen = replacements.peek();
effect(() => {
  const count = replacements.value;
  if (count === replacementsSeen) return;
  replacementsSeen = count;
  showPlayground();
});

/**
 * The playground shows a query opened from the Runs view: its source line (as the header shows
 * it), so the header offers the way back while that scenario is shown.
 */
export const openedFromRuns = signal<string | null>(null);

/**
 * Opens the playground from the Runs view as a new history entry, so the browser's Back returns
 * to the results where they were (the scroll position is kept in the entry left).
 */
export function openPlaygroundFromRuns(source: string): void {
  openedFromRuns.value = source;
  view.value = 'playground';
  if (typeof history === 'undefined') return;
  replaceAddress(currentAddress(), { ...(history.state as object | null), runsScroll: scrollY });
  pushAddress(addressOfView('playground'), { fromRuns: true });
  // The query from its top, its caption's title focused (the Open button used is hidden now).
  scrollTo(0, 0);
  keepPlace(() => document.querySelector<HTMLElement>('[data-caption-title]'));
}

/** Back to the Runs view: through history when the playground was opened from it, else directly. */
export function backToRuns(): void {
  if (typeof history !== 'undefined' && (history.state as { fromRuns?: boolean } | null)?.fromRuns) history.back();
  else showView('runs');
}

// Back and Forward between the views: the address says which one; the Runs view comes back at
// the scroll position it was left at.
if (typeof window !== 'undefined')
  addEventListener('popstate', (event: PopStateEvent) => {
    const next = viewOf(currentLocation().search);
    view.value = next;
    const scroll = (event.state as { runsScroll?: number } | null)?.runsScroll;
    if (next === 'runs' && typeof scroll === 'number') {
      // after the view has rendered (two frames: Preact's commit, then layout)
      requestAnimationFrame(() => requestAnimationFrame(() => scrollTo(0, scroll)));
    }
  });

/** The CLI's `--format json` output, parsed (README, "Run evaluation output"). */
export interface RunsSummary {
  mean: number | null;
  sd: number | null;
  /** The queries the mean is over (where the metric is defined). */
  n: number;
  undefined: number;
  ci95: [number, number] | null;
  /** The t interval reaches past the metric's range. */
  ci95PastRange: boolean;
  /** With `ci: "bootstrap"` only. */
  ci95Bootstrap?: [number, number] | null;
}
/** `signed`: run - baseline; `distance`: |run| - |baseline| (a metric fairer closer to 0). */
export type RunsDifference = 'signed' | 'distance';
export interface RunsComparison {
  run: string;
  baseline: string;
  metric: string;
  difference: RunsDifference;
  /** The queries where both runs are defined: the means below are over them. */
  n: number;
  runMean: number | null;
  baselineMean: number | null;
  meanDiff: number | null;
  ci95: [number, number] | null;
  ci95PastRange: boolean;
  ci95Bootstrap?: [number, number] | null;
  greater: number;
  equal: number;
  less: number;
  pTTest: number | null;
  pRandomization: number | null;
  /** Holm-adjusted p values over the runs compared with the baseline, per metric and difference (the core's). */
  pTTestHolm: number | null;
  pRandomizationHolm: number | null;
  /** The fairer run's name by the metric's direction, "no difference", or "not tested" (fewer than 6 paired queries). */
  fairer: string;
}
export interface RunsColumn {
  name: string;
  metric: string;
  cutoff: number;
  fairer: 'higher' | 'lower' | 'closer to 0';
  /** nDCG: "fairer" reads "better". */
  utility: boolean;
  /** The metric's range for the params in force (null: unbounded that way). */
  range: [number | null, number | null];
}
export interface RunsResultsJson {
  cutoffs: number[];
  queries: string[];
  columns: RunsColumn[];
  bootstrap: { samples: number; seed: number } | null;
  runs: {
    name: string;
    perQuery: Record<string, Record<string, number | null>>;
    /** Why each null of perQuery is null (the metric's note, or the query missing from the run), by query and column. */
    perQueryNotes: Record<string, Record<string, string>>;
    summary: Record<string, RunsSummary>;
  }[];
  comparisons: RunsComparison[];
  warnings: string[];
}

export interface RunsResults {
  /** The JSON text exactly as the core wrote it (the export). */
  text: string;
  data: RunsResultsJson;
  /** The columns ("NFaiRR@10"), in the output's order. */
  columns: string[];
  baseline: string;
  queryTexts: string[];
  /** The comparisons as the CLI's `--format comparisons-csv`. */
  comparisonsCsv: string;
  /** The options it was computed with (for opening a query at a cut-off). */
  options: RunsOptions;
  /** WebAssembly memory of the worker at the end, in bytes. */
  heapBytes: number;
  seconds: number;
}

/** A refusal as the view shows it: the message, and the file and line it is about (0: none). */
export interface RunsRefusal {
  file: string;
  line: number;
  field: string;
  message: string;
}

/** What the view shows for a failed evaluation or query. */
export function refusalOf(error: unknown): RunsRefusal {
  if (error instanceof RunsInputError) return { file: error.file, line: error.line, field: error.field, message: error.message };
  if (error instanceof ScenarioError) return { file: '', line: 0, field: error.field, message: `${error.field}: ${error.message}` };
  return { file: '', line: 0, field: '', message: error instanceof Error ? error.message : String(error) };
}

export const runsResults = signal<RunsResults | null>(null);
export const runsProgress = signal<RunsProgress | null>(null);
export const runsRefusal = signal<RunsRefusal | null>(null);
export const runsRunning = signal(false);
/** The user's Cancel stopped the last evaluation (until the next one starts). */
export const runsCancelled = signal(false);

/** How the page starts a runs worker (tests may replace it). */
let makeWorker: () => Worker = () =>
  new Worker(new URL('../../wasm/runs.worker.ts', import.meta.url), { type: 'module', name: 'fairness-runs' });
export function setRunsWorkerFactory(factory: () => Worker): void {
  makeWorker = factory;
}

// Each worker is talked to through the page's one client of the protocol (wasm/client.ts).
let active: EngineClient | null = null; // the evaluation running
let spare: EngineClient | null = null; // started ahead, its module compiled by the time it is needed
let finished: EngineClient | null = null; // the one that computed runsResults (for queryScenario)

/**
 * Starts a worker ahead of need (the view calls it when shown, and after each evaluation), so an
 * evaluation does not wait for the module to be fetched and compiled.
 */
export function warmRunsWorker(): void {
  spare ??= newClient();
}

/** A worker and its client at once: a worker whose script does not load says so as it starts. */
function newClient(): EngineClient {
  return new EngineClient(makeWorker(), 'run evaluation');
}

function takeClient(): EngineClient {
  const client = spare ?? newClient();
  spare = null;
  return client;
}

/** Starts an evaluation in a new worker; a running one is cancelled first. */
export function startRuns(job: RunsJob): void {
  cancelRuns();
  const client = takeClient();
  active = client;
  runsRunning.value = true;
  runsCancelled.value = false;
  runsRefusal.value = null;
  runsProgress.value = null;
  const started = performance.now();
  const current = () => client === active;
  client
    .runs(job, {
      onProgress: (progress) => {
        if (current()) runsProgress.value = progress;
      },
    })
    .then(
      (done) => {
        if (!current()) return;
        const data = JSON.parse(done.json) as RunsResultsJson;
        const first = data.runs[0];
        const columns = first ? Object.keys(first.summary) : [];
        const baseline = data.comparisons[0]?.baseline ?? job.options.baseline ?? first?.name ?? '';
        finished?.dispose();
        finished = client;
        active = null;
        runsRunning.value = false;
        runsResults.value = {
          text: done.json,
          data,
          columns,
          baseline: baseline || first?.name || '',
          queryTexts: done.queryTexts,
          comparisonsCsv: done.comparisonsCsv,
          options: job.options,
          heapBytes: done.heapBytes,
          seconds: (performance.now() - started) / 1000,
        };
        warmRunsWorker();
      },
      (error: unknown) => {
        if (!current() || isSuperseded(error)) return;
        client.dispose();
        active = null;
        runsRunning.value = false;
        runsRefusal.value = refusalOf(error);
        warmRunsWorker();
      },
    );
}

/** Stops a running evaluation at once (its worker is terminated); the last results stay. */
export function cancelRuns(): boolean {
  if (!active) return false;
  active.cancel();
  active = null;
  runsRunning.value = false;
  runsProgress.value = null;
  warmRunsWorker();
  return true;
}

/** The view's Cancel: stops the evaluation and says so, as against a new evaluation replacing it. */
export function cancelRunsAsked(): void {
  if (cancelRuns()) runsCancelled.value = true;
}

/**
 * One query of the last results as scenario JSON: run A's and run B's top `cutoff` documents.
 * Rejects with the worker's error (RunsInputError, ScenarioError), whose message the view shows.
 */
export function queryScenario(query: string, runA: string, runB: string, cutoff: number): Promise<string> {
  if (!finished) return Promise.reject(new Error('no results yet'));
  return finished.runsScenario(query, runA, runB, cutoff);
}
