// Results are one value derived from the scenario: every change is sent to the engine (in its
// worker, as what the edit changed: `EngineClient.live`), at once when it is idle; an answer is
// shown unless a newer one already is (marked pending while a newer scenario is under way), and a
// refusal keeps the last good results on screen, marked stale, with the core's message beside
// its field.
//
// The engine is asked for what the page shows and no more (its "view"): the values and their
// parts; the per-rank detail and cut-off values of the open metric rows only; and the terms of
// the texts it has not sent before, kept here by text (an edit brings one text, a move none).
// At 1,000 documents that is a few kB an edit instead of 1.4 MB (every metric's detail, every
// document's terms). An export asks for the full results when it is made.
import { batch, computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';

import { ScenarioError } from '../../wasm/errors';
import type { MetricId, TextInfo, ViewOptions, ViewResults } from '../../wasm/types';
import { groupsOf, scenario, type PageScenario } from './scenario';
import { toSpans, type TermSpan } from './terms';
import { blameTheEdit } from './messages';

export interface Refusal {
  field: string;
  message: string;
}

/** The last answer shown. */
export interface Answer {
  /** The last good results (the engine's view: see above), or null before the first one. */
  results: ViewResults | null;
  /** The scenario those results were computed from. */
  evaluated: PageScenario | null;
  /** Why the current scenario was refused, if it was. */
  error: Refusal | null;
}

/** current: results are for the scenario on screen; pending: a newer one is being computed;
 *  stale: the scenario on screen was refused, so the results are for an older one. */
export type Status = 'current' | 'pending' | 'stale';

export interface Evaluation extends Answer {
  status: Status;
}

export const answer = signal<Answer>({ results: null, evaluated: null, error: null });
/**
 * A signal of its own: every edit marks the values pending, and what shows that mark binds to
 * this signal directly (an attribute), so the mark renders no component; the answer, a moment
 * later, renders once.
 */
export const status = signal<Status>('pending');
/** The answer with its status, for what needs both (the autosave, the lessons). */
export const evaluation = computed<Evaluation>(() => ({ ...answer.value, status: status.value }));

/** The engine's view of the scenario; rejects with { field, message } on refusal, or a `superseded` error. */
export type Evaluate = (scenario: PageScenario, options: ViewOptions) => Promise<ViewResults>;

/** The metric rows open on the page: the engine sends their per-rank detail and cut-off values. */
export const openRows = signal<ReadonlySet<string>>(new Set());

/** Whether the background panel is open: the engine then lists the background documents (their ω and terms). */
export const backgroundShown = signal(false);

/** The metrics whose detail the open rows show. */
const detailShown = computed((): MetricId[] => [...(openRows.value as ReadonlySet<MetricId>)].sort());

/** What the core read of one text (tokens, magnitudes, term matches), by text. */
export type TextTerms = Omit<TextInfo, 'at'>;
const textTerms = new Map<string, TextTerms>();

/**
 * Counts the answers that brought texts: what renders a document's terms reads it, so an answer
 * that brings none (a move, a relevance) renders no card again.
 */
export const textsArrived = signal(0);
const arrivedIn: Signal<number>[] = [];
/** The same count for the texts of ranking `r`: an answer for the other ranking's edit renders nothing of it. */
export function textsArrivedIn(r: number): ReadonlySignal<number> {
  return (arrivedIn[r] ??= signal(0));
}

/** Keeps the texts an answer brought, by text; drops, now and then, those no document has. */
export function keepTexts(s: PageScenario, results: ViewResults): void {
  const brought = new Set<string>();
  results.rankings.forEach((ranking, r) => {
    const docs = s.rankings[r]?.docs ?? [];
    for (const { at, ...terms } of ranking.texts) if (docs[at]) (textTerms.set(docs[at].text, terms), brought.add(docs[at].text));
  });
  if (brought.size === 0) return;
  textsArrived.value++;
  // A text both rankings hold is sent once, for the first: each ranking holding one is told.
  s.rankings.forEach((ranking, r) => {
    if (ranking.docs.some((doc) => brought.has(doc.text))) (arrivedIn[r] ??= signal(0)).value++;
  });
  const documents = s.rankings.reduce((n, ranking) => n + ranking.docs.length, 0);
  if (textTerms.size <= 2 * documents + 256) return;
  const live = new Set(s.rankings.flatMap((ranking) => ranking.docs.map((doc) => doc.text)));
  for (const text of textTerms.keys()) if (!live.has(text)) textTerms.delete(text);
}

/** What the core read of `text` under the lexicon of the last results, if it has been sent. */
export function termsOf(text: string): TextTerms | undefined {
  return textTerms.get(text);
}

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
    const detail = detailShown.value;
    const background = backgroundShown.value;
    const request = ++latest;
    if (answer.peek().evaluated !== current) status.value = 'pending';
    const send = () =>
      // Every text once, the first time (the engine's own record of what it sent may predate us).
      evaluate(current, { detail, texts: textTerms.size === 0 ? 'all' : 'unreported', background }).then(
        (results) =>
          batch(() => {
            // Kept even when not shown: the engine will not send these texts again.
            keepTexts(current, results);
            // While typing goes on, each answer shows (pending): values follow the typing.
            if (request < shown) return;
            shown = request;
            answer.value = { results, evaluated: current, error: null };
            status.value = request === latest ? 'current' : 'pending';
          }),
        (error: unknown) => {
          if (request !== latest || isSuperseded(error)) return;
          batch(() => {
            const last = answer.peek();
            const names = (s: PageScenario) => ({ rankings: s.rankings, groups: groupsOf(s) });
            answer.value = { ...last, error: blameTheEdit(refusal(error), last.evaluated && names(last.evaluated), names(current)) };
            status.value = 'stale';
          });
        },
      );
    if (busy) waiting = send;
    else run(send);
  });
  const stopSlow = watchSlow();
  return () => {
    stopped = true;
    waiting = null;
    stop();
    stopSlow();
  };
}

/** The refusal on screen: a signal of its own, so that reading it re-renders only when it changes. */
const refusalShown = computed(() => answer.value.error);

/** The refusal if it concerns `path` or anything inside it (e.g. `rankings[0].docs[2]`). */
export function errorAt(path: string, exact = false): Refusal | null {
  const error = refusalShown.value;
  if (!error) return null;
  if (error.field === path) return error;
  if (exact) return null;
  return error.field.startsWith(`${path}.`) || error.field.startsWith(`${path}[`) ? error : null;
}

/** Group-term spans of a document's text, once the engine has read that text (null before). */
export function spansFor(text: string): TermSpan[] | null {
  void textsArrived.value; // a signal read: callers render again when new texts arrive
  const terms = textTerms.get(text);
  return terms ? toSpans(text, terms.matches) : null;
}

/** Whether a newer scenario than the values' is being computed. */
export const pending = computed(() => status.value === 'pending');

/** How long values stay pending before the page says so. */
export const SLOW_MS = 250;

/**
 * Whether the values have been pending for SLOW_MS: the "updating…" mark binds to this, not to
 * `pending`, so an answer that comes within a moment (an edit's, at 1,000 documents, in 15 to
 * 25 ms) shows no flash, and the metrics panel is not repainted twice an edit to show one.
 */
export const slow = signal(false);

/** Keeps `slow` (started and stopped with the evaluation). */
function watchSlow(): () => void {
  return effect(() => {
    if (status.value !== 'pending') {
      slow.value = false;
      return;
    }
    const timer = setTimeout(() => (slow.value = true), SLOW_MS);
    return () => clearTimeout(timer);
  });
}

/** Whether the values on screen are for an older scenario (the current one was refused). */
export const stale = computed(() => status.value === 'stale');

/** The parameters as the core resolved them; the same object while they are the same (each answer parses anew). */
export const resolvedParams = (() => {
  let kept: ViewResults['params'] | undefined;
  let keptText = '';
  return computed(() => {
    const next = answer.value.results?.params;
    const text = JSON.stringify(next ?? null);
    if (text !== keptText) ((kept = next), (keptText = text));
    return kept;
  });
})();

/** Whether the metric values on screen belong to the scenario on screen. */
export const upToDate = computed(() => status.value === 'current');
