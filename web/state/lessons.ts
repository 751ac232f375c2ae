// Lessons: a question to predict, the numbers, one change and the metrics to watch. A lesson is
// data (README "Lessons"): a scenario's own `lesson`, checked by the core with the rest of the
// scenario, or a gallery example's (examples/*.json). Every number a lesson shows is read from the
// live results: `{metric@ranking}` in its texts is the value as the table shows it.
import { batch, computed, signal } from '@preact/signals';

import type { Lesson, LessonChange, LessonCondition, ScenarioParams } from '../../wasm/types';
import { mergeParams, moveDoc, setDocLabel, setDocTexts } from './actions';
import { evaluation, spansFor } from './evaluation';
import { descriptors, fairerOf, formatValue, metricOf } from './metrics';
import { atExample, example } from './example';
import { findPreset } from './presets';
import { scenario, type PageScenario } from './scenario';
import { currentAddress, lessonAddress, replaceAddress } from './address';
import { swapTerms } from './terms';

/** What a lesson reads of the results: a metric's value for a ranking, by the ranking's name. */
export interface Values {
  names: string[];
  value(ranking: string, metric: string): number | null;
  /** The value formatted as the table shows it ("—" for a ranking or metric not there). */
  show(ranking: string, metric: string): string;
}

type Rankings = NonNullable<typeof evaluation.value.results>['rankings'];

export function valuesOf(rankings: Rankings): Values {
  const find = (name: string) => rankings.find((r) => r.name === name);
  const value = (name: string, metric: string) => {
    const ranking = find(name);
    return ranking ? (metricOf(ranking, metric)?.value ?? null) : null;
  };
  return {
    names: rankings.map((r) => r.name),
    value,
    show: (name, metric) => (find(name) && metricOf(find(name)!, metric) ? formatValue(value(name, metric)) : '—'),
  };
}

/** The values on screen, when they are the results of the scenario on screen. */
export function liveValues(): Values | null {
  const { results, status } = evaluation.value;
  return results && status === 'current' ? valuesOf(results.rankings) : null;
}

export function metricName(id: string): string {
  return descriptors.value.find((d) => d.id === id)?.name ?? id;
}

const direction = (metric: string) => descriptors.value.find((d) => d.id === metric)?.fairer ?? 'higher';

/**
 * Which of the two rankings the metric calls fairer: its name, `neither` (a tie, or values
 * equally far from 0 on either side), or null when a value is undefined.
 */
export function fairerRanking(metric: string, v: Values): string | null {
  const [a, b] = v.names;
  if (a === undefined || b === undefined) return null;
  const va = v.value(a, metric);
  const vb = v.value(b, metric);
  if (va === null || vb === null) return null;
  const side = fairerOf(direction(metric), va, vb);
  return side === 0 ? 'neither' : side === -1 ? a : b;
}

const ZERO = 1e-12;

export function holds(c: LessonCondition, v: Values): boolean {
  if (c.fairer !== undefined) return fairerRanking(c.metric, v) === c.fairer;
  const x = v.value(c.ranking ?? v.names[0] ?? '', c.metric);
  if (x === null) return false;
  if (c.zero !== undefined) return Math.abs(x) <= ZERO === c.zero;
  if (c.above !== undefined) return x > c.above;
  if (c.below !== undefined) return x < c.below;
  return false;
}

/** Whether each option of the lesson is right by the values. */
export function rightOptions(lesson: Lesson, v: Values): boolean[] {
  return lesson.options.map((o) => o.right.every((c) => holds(c, v)));
}

/** A `{metric@ranking}` of a lesson's text, filled. */
export interface Filled {
  metric: string;
  ranking: string;
  before: boolean;
  value: number | null;
  shown: string;
}

/** A text with its `{metric@ranking}` (and, given `before`, `{metric@ranking:before}`) filled in. */
export function fillText(text: string, now: Values, before?: Values): (string | Filled)[] {
  const parts: (string | Filled)[] = [];
  let at = 0;
  for (const match of text.matchAll(/\{([^{}@]+)@([^{}]+?)(:before)?\}/g)) {
    const [whole, metric, ranking, old] = match as unknown as [string, string, string, string | undefined];
    const from = old && before ? before : now;
    parts.push(text.slice(at, match.index), {
      metric,
      ranking,
      before: !!old,
      value: from.value(ranking, metric),
      shown: from.show(ranking, metric),
    });
    at = match.index! + whole.length;
  }
  parts.push(text.slice(at));
  return parts.filter((p) => p !== '');
}

/** The ranking's index and the document's in it, by name and id; null when not there (any more). */
function locate(target: { ranking: string; doc: string }): [number, number] | null {
  const r = scenario.peek().rankings.findIndex((ranking) => ranking.name === target.ranking);
  const j = r < 0 ? -1 : scenario.peek().rankings[r]!.docs.findIndex((d) => d.id === target.doc);
  return j < 0 ? null : [r, j];
}

/** Applies the lesson's change (one undoable step). False when what it names is no longer there. */
export function applyChange(change: LessonChange): boolean {
  if (change.params) {
    mergeParams(change.params as ScenarioParams);
    return true;
  }
  const target = change.swap ?? change.relabel ?? change.move;
  const at = target ? locate(target) : null;
  if (!at) return false;
  const [r, j] = at;
  if (change.relabel) setDocLabel(r, j, change.relabel.label);
  else if (change.move) moveDoc(r, j, change.move.to - 1);
  else {
    const doc = scenario.peek().rankings[r]!.docs[j]!;
    const spans = spansFor(doc.text);
    if (!spans) return false;
    setDocTexts([{ r, j, text: swapTerms(doc.text, spans).text }]);
  }
  return true;
}

/** A watched metric's value for one ranking, before and after the change. */
export interface Movement {
  metric: string;
  ranking: string;
  before: string;
  after: string;
  moved: boolean;
}

export function movements(change: LessonChange, before: Values, after: Values): Movement[] {
  return change.watch.flatMap((metric) =>
    after.names.map((ranking) => {
      const b = before.show(ranking, metric);
      const a = after.show(ranking, metric);
      return { metric, ranking, before: b, after: a, moved: a !== b };
    }),
  );
}

/**
 * The lesson asked for: `?lesson=<example>` walks a gallery example's lesson; `?lesson=1` (or
 * *Start the lesson*) the lesson of the scenario on screen.
 */
export const lessonRequest = signal<string | null>(null);

/** `?lesson=1`: the lesson the scenario on screen carries, as against a gallery example's (its id). */
export const OWN_LESSON = '1';

/** The example whose lesson `?lesson=` names, or null for the scenario's own. */
export const lessonExample = computed(() => {
  const id = lessonRequest.value;
  return id && findPreset(id)?.lesson ? id : null;
});

/** The lesson being walked, or null. */
export const activeLesson = computed((): Lesson | null => {
  if (!lessonRequest.value) return null;
  const example = lessonExample.value;
  return example ? findPreset(example)!.lesson : (scenario.value.lesson ?? null);
});

/**
 * A lesson the scenario on screen offers, for *Start the lesson*: the example's own while it is
 * as loaded (an id), or the scenario's own (`1`); null when there is none.
 */
export const availableLesson = computed((): string | null => {
  if (scenario.value.lesson) return OWN_LESSON;
  const shown = example.value;
  return shown && atExample.value && findPreset(shown.id)?.lesson ? shown.id : null;
});

/** Starts a lesson (`?lesson=` in the address, so a reload continues it). */
export function startLesson(id: string): void {
  lessonRequest.value = id;
  replaceAddress(lessonAddress(currentAddress(), id));
}

/**
 * Leaves the lesson being walked, when another scenario is opened (a gallery example, an import, a
 * query of a run): its steps would speak of rankings no longer on screen. The values show, and
 * the address forgets `?lesson=`, so a reload does not bring it back.
 */
export function leaveLesson(): void {
  if (!lessonRequest.peek()) return;
  batch(() => {
    lessonRequest.value = null;
    resetLessonWalk();
  });
  replaceAddress(lessonAddress(currentAddress(), null));
}

/**
 * Once the first scenario is loaded: `?lesson=1` beside a gallery example (a preset, the landing
 * page's), whose lesson is kept apart from its scenario, walks the example's lesson, the one its
 * *Start this example's lesson* offers. When what the address asked for could not all be used
 * (`refused`: a problem said on the page, such as a scenario file that could not be loaded), a
 * lesson the scenario shown does not carry is not asked of it (nor another example's started).
 */
export function resolveLessonRequest(refused = false): void {
  const offered = availableLesson.value;
  if (lessonRequest.value !== OWN_LESSON || offered === OWN_LESSON) return;
  if (refused) lessonRequest.value = null;
  else if (offered) startLesson(offered);
}

/**
 * The metrics the lesson being walked speaks of: those its answers are judged by, those its texts
 * quote and those its change watches. A slide that shows the main four shows these too, so the
 * verdict beside the lesson is about what the lesson asks.
 */
export const lessonMetrics = computed((): string[] => {
  const lesson = activeLesson.value;
  if (!lesson) return [];
  const ids = new Set<string>(lesson.options.flatMap((o) => o.right.map((c) => c.metric)));
  const texts = [lesson.reveal, lesson.change.why ?? ''];
  for (const text of texts) for (const m of text.matchAll(/\{([^{}@]+)@/g)) ids.add(m[1]!);
  for (const id of lesson.change.watch) ids.add(id);
  return [...ids];
});

/** The lesson's step: 0 Look, 1 Predict, 2 The numbers, 3 Change one thing, 4 Your turn. */
export const lessonStep = signal(0);

// The walk is kept here, not in the lesson's component: starting or stopping presenting moves the
// lesson to another column, where it mounts again, and the class is where it was.
/** The prediction chosen (an index of the lesson's options), or null. */
export const lessonAnswer = signal<number | null>(null);
/** The change, once made: the values before it, and the scenario before and after it. */
export const lessonChangeMade = signal<{ before: Values; from: PageScenario; to: PageScenario } | null>(null);
/** The change could not be made (what it names is no longer there). */
export const lessonChangeMissing = signal(false);

/** A lesson left: the next one starts at its first step, nothing chosen or changed. */
export function resetLessonWalk(): void {
  batch(() => {
    lessonStep.value = 0;
    lessonAnswer.value = null;
    lessonChangeMade.value = null;
    lessonChangeMissing.value = false;
  });
}

/**
 * A lesson hides every value until the student has predicted them: from the moment the lesson is
 * asked for (before its steps have even loaded) until *The numbers*.
 */
export const numbersHidden = computed(() => activeLesson.value !== null && lessonStep.value < 2);
