// The typed messages between the page and the engine's worker. Every request carries an `id`;
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
  SummaryResults,
  TermMatch,
  ViewOptions,
  ViewResults,
} from './types';

/** What each kind of request takes and what its result is. */
export interface Calls {
  /** With `detail: false`, the values without the detail (`SummaryResults`): enough to check a scenario. */
  evaluate: { params: { scenario: Scenario | string; detail?: boolean }; result: Results | SummaryResults };
  /** The page's evaluation: only what is on screen (see `Engine.evaluateView`). */
  view: { params: { scenario: Scenario | string; options: ViewOptions }; result: ViewResults };
  findTerms: { params: { scenario: Scenario | string; text: string }; result: TermMatch[] };
  describe: { params: Record<never, never>; result: MetricDescriptor[] };
  orderings: { params: { scenario: Scenario | string; ranking: number }; result: Orderings };
  experiment: { params: { spec: ExperimentSpec }; result: ExperimentResult };
}

export type Kind = keyof Calls;

/** The lane a request joins when it names none. */
export const defaultLanes: { readonly [K in Kind]: string | undefined } = {
  evaluate: 'evaluate',
  view: 'evaluate',
  findTerms: undefined,
  describe: undefined,
  // Its own lane: a newer search supersedes a waiting one, and never an evaluation.
  orderings: 'orderings',
  // Its own lane: never supersedes, nor is superseded by, an evaluation (the page runs each
  // figure in a lane of its own, "experiment-a" and "experiment-b").
  experiment: 'experiment',
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

/** An error as it crosses the worker boundary (Error objects lose their class when cloned). */
export interface WireError {
  /** "ScenarioError" when the core refused the input (then `field` is set). */
  name: string;
  /** For a ScenarioError, the core's message without the field. */
  message: string;
  field?: string;
}

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
