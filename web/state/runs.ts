// The Runs view's state: which view is shown, the evaluation in progress (its own worker, so
// Cancel terminates it at once), and the last results, which stay until newer ones replace them
// (a refusal or a cancel leaves them, and the worker that can open their queries, as they were).
import { signal } from '@preact/signals';

import type { RunsOptions } from '../../wasm/runs-engine';
import type { RunsJob, RunsProgress, RunsRefusal, RunsReply, RunsRequest } from '../../wasm/runs-worker-core';

export type View = 'playground' | 'runs';

/** The view the URL asks for (`?view=runs`). */
export function viewOf(search: string): View {
  return new URLSearchParams(search).get('view') === 'runs' ? 'runs' : 'playground';
}

export const view = signal<View>(typeof location === 'undefined' ? 'playground' : viewOf(location.search));

/** Shows a view and keeps the URL's `view` parameter in step (without a new history entry). */
export function showView(next: View): void {
  view.value = next;
  if (typeof history === 'undefined') return;
  const url = new URL(location.href);
  if (next === 'runs') url.searchParams.set('view', 'runs');
  else url.searchParams.delete('view');
  history.replaceState(history.state, '', url);
}

/** The CLI's `--format json` output, parsed. */
export interface RunsSummary {
  mean: number | null;
  sd: number | null;
  n: number;
  undefined: number;
  ci95: [number, number] | null;
}
export interface RunsComparison {
  run: string;
  baseline: string;
  metric: string;
  n: number;
  meanDiff: number | null;
  greater: number;
  equal: number;
  less: number;
  pTTest: number | null;
  pRandomization: number | null;
}
export interface RunsResultsJson {
  cutoffs: number[];
  queries: string[];
  runs: { name: string; perQuery: Record<string, Record<string, number | null>>; summary: Record<string, RunsSummary> }[];
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
  /** The options it was computed with (for opening a query at a cut-off). */
  options: RunsOptions;
  /** WebAssembly memory of the worker at the end, in bytes. */
  heapBytes: number;
  seconds: number;
}

export const runsResults = signal<RunsResults | null>(null);
export const runsProgress = signal<RunsProgress | null>(null);
export const runsRefusal = signal<RunsRefusal | null>(null);
export const runsRunning = signal(false);

/** How the page starts a runs worker (tests may replace it). */
let makeWorker: () => Worker = () =>
  new Worker(new URL('../../wasm/runs.worker.ts', import.meta.url), { type: 'module', name: 'fairness-runs' });
export function setRunsWorkerFactory(factory: () => Worker): void {
  makeWorker = factory;
}

let active: Worker | null = null; // the evaluation running
let spare: Worker | null = null; // started ahead, its module compiled by the time it is needed
let finished: Worker | null = null; // the one that computed runsResults (for queryScenario)
let nextScenario = 1;
const scenarioWaiters = new Map<number, { resolve: (json: string) => void; reject: (error: RunsRefusal) => void }>();

/**
 * Starts a worker ahead of need (the view calls it when shown, and after each evaluation), so an
 * evaluation does not wait for the module to be fetched and compiled.
 */
export function warmRunsWorker(): void {
  spare ??= makeWorker();
}

function takeWorker(): Worker {
  const worker = spare ?? makeWorker();
  spare = null;
  return worker;
}

function send(worker: Worker, request: RunsRequest): void {
  worker.postMessage(request);
}

/** Starts an evaluation in a new worker; a running one is cancelled first. */
export function startRuns(job: RunsJob): void {
  cancelRuns();
  const worker = takeWorker();
  active = worker;
  runsRunning.value = true;
  runsRefusal.value = null;
  runsProgress.value = null;
  const started = performance.now();
  worker.onmessage = (event: MessageEvent<RunsReply>) => {
    const reply = event.data;
    if (reply.type === 'scenario') {
      const waiter = scenarioWaiters.get(reply.id);
      scenarioWaiters.delete(reply.id);
      if (reply.json !== undefined) waiter?.resolve(reply.json);
      else waiter?.reject(reply.refusal!);
      return;
    }
    if (worker !== active) return;
    if (reply.type === 'progress') runsProgress.value = reply.progress;
    else if (reply.type === 'done') {
      const data = JSON.parse(reply.json) as RunsResultsJson;
      const first = data.runs[0];
      const columns = first ? Object.keys(first.summary) : [];
      const baseline = data.comparisons[0]?.baseline ?? job.options.baseline ?? first?.name ?? '';
      finished?.terminate();
      finished = worker;
      active = null;
      runsRunning.value = false;
      runsResults.value = {
        text: reply.json,
        data,
        columns,
        baseline: baseline || first?.name || '',
        queryTexts: reply.queryTexts,
        options: job.options,
        heapBytes: reply.heapBytes,
        seconds: (performance.now() - started) / 1000,
      };
      warmRunsWorker();
    } else if (reply.type === 'refused') {
      worker.terminate();
      active = null;
      runsRunning.value = false;
      runsRefusal.value = reply.refusal;
      warmRunsWorker();
    }
  };
  worker.onerror = (event) => {
    if (worker !== active) return;
    worker.terminate();
    active = null;
    runsRunning.value = false;
    runsRefusal.value = { file: '', line: 0, field: '', message: `The runs worker failed: ${event.message}` };
  };
  send(worker, { type: 'evaluate', job });
}

/** Stops a running evaluation at once (its worker is terminated); the last results stay. */
export function cancelRuns(): boolean {
  if (!active) return false;
  active.terminate();
  active = null;
  runsRunning.value = false;
  runsProgress.value = null;
  warmRunsWorker();
  return true;
}

/** One query of the last results as scenario JSON: run A's and run B's top `cutoff` documents. */
export function queryScenario(query: string, runA: string, runB: string, cutoff: number): Promise<string> {
  const worker = finished;
  if (!worker) return Promise.reject({ file: '', line: 0, field: '', message: 'no results yet' } satisfies RunsRefusal);
  const id = nextScenario++;
  return new Promise((resolve, reject) => {
    scenarioWaiters.set(id, { resolve, reject });
    send(worker, { type: 'scenario', id, query, runA, runB, cutoff });
  });
}
