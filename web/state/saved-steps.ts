// Scenarios kept in Web Storage one per key, each written once: a save stores the undo steps it
// has not stored before, then a short index of their keys, then removes the steps no index names.
// Scenarios never change (every edit makes a new object), so a key's text never goes stale. At
// 1,000 documents a scenario is about 240 kB of JSON: rewriting every kept step on every save
// cost the main thread about 20 ms per edit.
//
// A save's index names steps by key; older saves hold the scenarios themselves, still read.
import type { PageScenario } from './scenario';
import { scenarioJson as json } from './serialise';

/** The prefix of every step's key (the rest is the step's id). */
export const STEP_PREFIX = 'fairness-playground:step:';

/** Each scenario object's id: the same in both storage areas, and kept across a reload's reading. */
const ids = new WeakMap<PageScenario, string>();
/** This page's part of the ids, so that two pages (or a reload) never give one id two texts. */
const pageId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
let counter = 0;

function stepId(step: PageScenario): string {
  let id = ids.get(step);
  if (id === undefined) {
    id = `${pageId}.${(counter++).toString(36)}`;
    ids.set(step, id);
  }
  return id;
}

/** A session in memory: the draft (inline, it changes with every refused edit) and the steps. */
export interface StepSession {
  draft: PageScenario | null;
  past: PageScenario[];
  future: PageScenario[];
}

/** The undo and redo steps to keep, nearest first, within `budget` characters of JSON. */
function stepsWithin(session: StepSession, budget: number): { past: PageScenario[]; future: PageScenario[] } {
  const past: PageScenario[] = [];
  const future: PageScenario[] = [];
  let left = budget;
  let i = session.past.length - 1;
  let j = 0;
  const take = (step: PageScenario, into: PageScenario[], front: boolean) => {
    const length = json(step).length;
    if (length > left) return false;
    left -= length;
    if (front) into.unshift(step);
    else into.push(step);
    return true;
  };
  while (i >= 0 || j < session.future.length) {
    if (i >= 0 && !take(session.past[i--]!, past, true)) break;
    if (j < session.future.length && !take(session.future[j++]!, future, false)) break;
  }
  return { past, future };
}

function storedStepKeys(area: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < area.length; i++) {
    const key = area.key(i);
    if (key?.startsWith(STEP_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Removes every stored step whose key is not in `keep`. */
function dropStepsExcept(area: Storage, keep: Set<string>): void {
  for (const key of storedStepKeys(area)) if (!keep.has(key)) area.removeItem(key);
}

/**
 * Stores `steps` in `area` (those not stored yet, nearest first; when the area is full, the
 * steps no longer wanted are removed and the write tried once more, then the farther steps are
 * left out) and returns the ids of those stored.
 */
function storeSteps(area: Storage, steps: PageScenario[], wanted: Set<string>): Set<string> {
  const present = new Set(storedStepKeys(area));
  const stored = new Set<string>();
  for (const step of steps) {
    const key = STEP_PREFIX + stepId(step);
    if (!present.has(key)) {
      try {
        area.setItem(key, json(step));
      } catch {
        try {
          dropStepsExcept(area, wanted);
          area.setItem(key, json(step));
        } catch {
          break; // no room: this step and farther ones are not kept
        }
      }
    }
    stored.add(key);
  }
  return stored;
}

/**
 * Writes a session into `area`: its steps (within `budget`), then the index (by `writeIndex`,
 * which receives it as JSON, ids in place of the steps), then removes the steps no longer named.
 * `also` are scenarios stored as steps beside the session (the tab's accepted scenario), named by
 * the index's writer with `idOf`.
 */
export function storeSession(
  area: Storage,
  session: StepSession,
  budget: number,
  writeIndex: (indexJson: string, idOf: (step: PageScenario) => string) => void,
  also: PageScenario[] = [],
): void {
  const kept = stepsWithin(session, budget);
  // Nearest first, so that a full area keeps the steps the user reaches first.
  const order = [...also, ...kept.past.slice().reverse(), ...kept.future];
  const wanted = new Set(order.map((step) => STEP_PREFIX + stepId(step)));
  const stored = storeSteps(area, order, wanted);
  const has = (step: PageScenario) => stored.has(STEP_PREFIX + stepId(step));
  // The past's stored steps are its newest ones (a failed write leaves out the farther ones).
  const past = kept.past.filter(has).map(stepId);
  const future = kept.future.filter(has).map(stepId);
  writeIndex(
    `{"draft":${session.draft ? json(session.draft) : 'null'},"past":${JSON.stringify(past)},"future":${JSON.stringify(future)}}`,
    stepId,
  );
  dropStepsExcept(area, stored);
}

/** The step stored under `id` in `area`, or null (removed, or unreadable). */
export function readStep(area: Storage, id: string): PageScenario | null {
  let text: string | null;
  try {
    text = area.getItem(STEP_PREFIX + id);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const step = JSON.parse(text) as PageScenario;
    if (!step || typeof step !== 'object' || !Array.isArray(step.rankings)) return null;
    ids.set(step, id); // stored already: a later save does not write it again
    return step;
  } catch {
    return null;
  }
}

/**
 * A stored session's steps as scenarios: ids are read from `area` (an older save's inline
 * scenarios are taken as they are). A step that is missing ends the list there, so that undo never
 * skips over a gap: the past keeps its newest steps, the future its nearest.
 */
export function readSession(area: Storage, raw: { draft: PageScenario | null; past: unknown[]; future: unknown[] }): StepSession {
  const resolve = (item: unknown): PageScenario | null =>
    typeof item === 'string' ? readStep(area, item) : item && typeof item === 'object' ? (item as PageScenario) : null;
  const past: PageScenario[] = [];
  for (let i = raw.past.length - 1; i >= 0; i--) {
    const step = resolve(raw.past[i]);
    if (!step) break;
    past.unshift(step);
  }
  const future: PageScenario[] = [];
  for (const item of raw.future) {
    const step = resolve(item);
    if (!step) break;
    future.push(step);
  }
  return { draft: raw.draft, past, future };
}
