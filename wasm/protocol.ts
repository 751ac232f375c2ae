// The typed messages between the page and its workers: the engine's (./worker-core.ts) and the
// Runs view's (./runs-worker-core.ts), each serving its own kinds. Every request carries an `id`;
// exactly one response comes back per request, with the same `id`.
//
// A request in a `lane` supersedes the older requests of that lane still waiting: they are
// answered `{ superseded: true }` and never computed. Evaluations share the lane "evaluate" unless
// told otherwise, so a burst of edits costs one evaluation, of the latest input.
//
// A long request (an experiment) runs step by step, other requests answered between its steps;
// after each step the worker posts a progress message (`Progress`, same `id`) before the one
// response. A newer request of its lane supersedes it even while it runs: it stops at once.
import type {
  ExperimentProgress,
  ExperimentResult,
  ExperimentSpec,
  MetricDescriptor,
  Orderings,
  Results,
  Scenario,
  TermMatch,
  ViewOptions,
  ViewResults,
} from './types';
import type { WireError } from './errors';
import type { JsonChange } from './scenario-text';
import type { RunsJob, RunsProgress } from './runs-worker-core';

export type { WireError } from './errors';

/** A run evaluation's results: its JSON and what the view shows beside it. */
export interface RunsDone {
  /** The results JSON, as `fairness-eval runs --format json` prints it. */
  json: string;
  /** Each query's text (the queries file), in the results' query order. */
  queryTexts: string[];
  /** The comparisons as the CLI's `--format comparisons-csv`. */
  comparisonsCsv: string;
  /** The worker's WebAssembly memory at the end, in bytes. */
  heapBytes: number;
}

/** The live scenario's version, and what changed since the version `edit.base` (./scenario-text.ts). */
export interface LiveScenario {
  version: number;
  edit?: { base: number; changes: JsonChange[] };
}

/** What each kind of request takes and what its result is. */
export interface Calls {
  /** The whole results, detail included (an export); the page's own view is `view`. */
  evaluate: { params: { scenario: Scenario | string }; result: Results };
  /**
   * The page's evaluation: only what is on screen (see `Engine.evaluateView`). With `live`, the
   * worker keeps the scenario as its version `live.version`, and a later request may send only
   * `live.edit`, its changes from that version (then `scenario` is null); a worker that does not
   * hold the edit's base answers a `StaleEditError`, and the scenario is sent whole again.
   */
  view: { params: { scenario: Scenario | string | null; options: ViewOptions; live?: LiveScenario }; result: ViewResults };
  findTerms: { params: { scenario: Scenario | string; text: string }; result: TermMatch[] };
  /** The scenario read and checked as an evaluation reads it, nothing computed (`Engine.check`). */
  check: { params: { scenario: Scenario | string | Uint8Array }; result: null };
  describe: { params: Record<never, never>; result: MetricDescriptor[] };
  orderings: { params: { scenario: Scenario | string; ranking: number }; result: Orderings };
  experiment: { params: { spec: ExperimentSpec }; result: ExperimentResult };
  /** The runs worker: evaluates the job's files (read as streams), reporting progress. */
  runs: { params: { job: RunsJob }; result: RunsDone };
  /** The runs worker, after `runs`: one query of its results as scenario JSON (run A's and B's top `cutoff`). */
  runsScenario: { params: { query: string; runA: string; runB: string; cutoff: number }; result: string };
}

export type Kind = keyof Calls;

/** The lane a request joins when it names none. */
export const defaultLanes: { readonly [K in Kind]: string | undefined } = {
  evaluate: 'evaluate',
  view: 'evaluate',
  findTerms: undefined,
  check: undefined,
  describe: undefined,
  // Its own lane: a newer search supersedes a waiting one, and never an evaluation.
  orderings: 'orderings',
  // Its own lane: never supersedes, nor is superseded by, an evaluation (the page runs each
  // figure in a lane of its own, "experiment-a" and "experiment-b").
  experiment: 'experiment',
  runs: 'runs',
  runsScenario: undefined,
};

/** A request of one kind. */
export type RequestOf<K extends Kind> = {
  id: number;
  kind: K;
  /**
   * A newer request in the same lane supersedes this one while it waits. Absent: the kind's
   * default lane (`defaultLanes`); null: no lane, never superseded.
   */
  lane?: string | null;
} & Calls[K]['params'];

/** Any request the worker accepts. */
export type Request = { [K in Kind]: RequestOf<K> }[Kind];

/** The answer to a request of one kind. */
export type ResponseOf<K extends Kind> =
  | { id: number; kind: K; ok: true; result: Calls[K]['result'] }
  | { id: number; kind: K; ok: false; error: WireError }
  | { id: number; kind: K; superseded: true };

/** Any response the worker sends. */
export type Response = { [K in Kind]: ResponseOf<K> }[Kind];

/** What the kinds that run step by step report after each step. */
export interface Progresses {
  experiment: ExperimentProgress;
  runs: RunsProgress;
}

export type ProgressKind = keyof Progresses;

/** A progress message: not a response (the request's one response still follows). */
export type ProgressOf<K extends ProgressKind> = { id: number; kind: K; progress: Progresses[K] };

export type Progress = { [K in ProgressKind]: ProgressOf<K> }[ProgressKind];

/** True for a progress message (anything else the worker posts is a response). */
export function isProgress(message: unknown): message is Progress {
  return typeof message === 'object' && message !== null && 'progress' in message;
}

/** The lane a request belongs to, if any. */
export function laneOf(request: Pick<Request, 'kind' | 'lane'>): string | undefined {
  if (request.lane === null) return undefined;
  return request.lane ?? defaultLanes[request.kind];
}

/** The part of a Worker, a worker's global scope or a MessagePort that the protocol uses. */
export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener?(type: 'message', listener: (event: { data: unknown }) => void): void;
}
