// Results are one value derived from the scenario: every change is sent to the engine (in its
// worker), at once when it is idle; an answer is shown unless a newer one already is (marked
// pending while a newer scenario is under way), and a refusal keeps the last good results on screen, marked stale, with the core's message beside its field.
import { computed, effect, signal } from '@preact/signals';

import { ScenarioError } from '../../wasm/errors';
import type { Results } from '../../wasm/types';
import { scenario, type PageScenario } from './scenario';
import { scenarioJson } from './serialise';
import { toSpans, type TermSpan } from './terms';

export interface Refusal {
  field: string;
  message: string;
}

export interface Evaluation {
  /** The last good results, or null before the first one. */
  results: Results | null;
  /** The scenario those results were computed from. */
  evaluated: PageScenario | null;
  /** Why the current scenario was refused, if it was. */
  error: Refusal | null;
  /** current: results are for the scenario on screen; pending: a newer one is being computed;
   *  stale: the scenario on screen was refused, so the results are for an older one. */
  status: 'current' | 'pending' | 'stale';
}

export const evaluation = signal<Evaluation>({ results: null, evaluated: null, error: null, status: 'pending' });

/** Evaluates scenario JSON; rejects with { field, message } on refusal, or a `superseded` error. */
export type Evaluate = (scenarioJson: string) => Promise<Results>;

function isSuperseded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { superseded?: boolean }).superseded === true;
}

/** The core's refusal (a ScenarioError: field and message), or any other failure as a message. */
export function refusal(error: unknown): Refusal {
  if (error instanceof ScenarioError) return { field: error.field, message: error.message };
  return { field: '', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Starts recomputing on every change of the scenario; returns a function that stops it. An edit
 * is sent at once when the engine is idle (no delay added to an edit's answer); while a request is
 * under way, only the newest scenario waits, and goes when that answer arrives (fast typing costs
 * one evaluation per answer, not one per key).
 */
export function startEvaluation(evaluate: Evaluate): () => void {
  let latest = 0;
  let shown = 0;
  let busy = false;
  let waiting: (() => Promise<void>) | null = null;
  let stopped = false;
  const run = (send: () => Promise<void>) => {
    busy = true;
    void send().finally(() => {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next && !stopped) run(next);
    });
  };
  const stop = effect(() => {
    const current = scenario.value;
    const request = ++latest;
    if (evaluation.peek().evaluated !== current) evaluation.value = { ...evaluation.peek(), status: 'pending' };
    const send = () =>
      evaluate(scenarioJson(current)).then(
        (results) => {
          // While typing goes on, each answer shows (pending): values follow the typing.
          if (request < shown) return;
          shown = request;
          evaluation.value = { results, evaluated: current, error: null, status: request === latest ? 'current' : 'pending' };
        },
        (error: unknown) => {
          if (request !== latest || isSuperseded(error)) return;
          evaluation.value = { ...evaluation.peek(), error: refusal(error), status: 'stale' };
        },
      );
    if (busy) waiting = send;
    else run(send);
  });
  return () => {
    stopped = true;
    waiting = null;
    stop();
  };
}

/** The refusal if it concerns `path` or anything inside it (e.g. `rankings[0].docs[2]`). */
export function errorAt(path: string, exact = false): Refusal | null {
  const error = evaluation.value.error;
  if (!error) return null;
  if (error.field === path) return error;
  if (exact) return null;
  return error.field.startsWith(`${path}.`) || error.field.startsWith(`${path}[`) ? error : null;
}

/** Group-term spans of document j of ranking r, when the results are for its current text. */
export function spansFor(r: number, j: number, text: string): TermSpan[] | null {
  const { results, evaluated } = evaluation.value;
  const doc = evaluated?.rankings[r]?.docs[j];
  const result = results?.rankings[r]?.docs[j];
  if (!doc || !result || doc.text !== text) return null;
  return toSpans(text, result.matches);
}

/** Whether the metric values on screen belong to the scenario on screen. */
export const upToDate = computed(() => evaluation.value.status === 'current');
