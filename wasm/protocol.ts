// The typed messages between the page and the engine's worker. Every request carries an `id`;
// exactly one response comes back per request, with the same `id`.
//
// A request in a `lane` supersedes the older requests of that lane still waiting: they are
// answered `{ superseded: true }` and never computed. Evaluations share the lane "evaluate" unless
// told otherwise, so a burst of edits costs one evaluation, of the latest input.
import type { MetricDescriptor, Results, Scenario, TermMatch } from './types';

/** What each kind of request takes and what its result is. */
export interface Calls {
  evaluate: { params: { scenario: Scenario | string }; result: Results };
  findTerms: { params: { scenario: Scenario | string; text: string }; result: TermMatch[] };
  describe: { params: Record<never, never>; result: MetricDescriptor[] };
}

export type Kind = keyof Calls;

/** The lane a request joins when it names none. */
export const defaultLanes: { readonly [K in Kind]: string | undefined } = {
  evaluate: 'evaluate',
  findTerms: undefined,
  describe: undefined,
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
