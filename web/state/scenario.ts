// The scenario being edited: the page's one source of truth, with undo and redo.
// Every edit goes through `edit`, which copies, applies and records the change; results are
// derived from this signal elsewhere (state/evaluation.ts), never stored beside it.
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { produce, setAutoFreeze } from 'immer';

import { ScenarioError } from '../../wasm/errors';
import type { ScenarioDocument, Scenario } from '../../wasm/types';

/** A document as the page edits it: every field present. */
export interface PageDocument {
  id: string;
  text: string;
  label: string;
  /** null while the input is empty or not a number: the core then names the field. */
  relevance: number | null;
}

export interface PageRanking {
  name: string;
  docs: PageDocument[];
}

/** SPEC's scenario with the rankings the page edits (one, or two to compare). */
export type PageScenario = Omit<Scenario, 'rankings'> & { rankings: PageRanking[] };

// Edits share every part they do not change (immer), so an edit of one document of 10,000 copies
// one document and two arrays, and a card can tell by identity that its document is the same.
// Not frozen: freezing walks the new parts on every edit, and nothing here mutates a scenario.
setAutoFreeze(false);

const HISTORY_LIMIT = 200;
/** Edits with the same key within this time are one undo step (typing a word is one step). */
const COALESCE_MS = 1000;

export const scenario = signal<PageScenario>({ rankings: [{ name: 'A', docs: [] }] });

const past = signal<PageScenario[]>([]);
const future = signal<PageScenario[]>([]);
let lastKey: string | null = null;
let lastTime = 0;

/** Where a scenario came from: what a whole replacement called it ("preset “…”", "an imported
 *  table") and which replacement it descends from. Kept per scenario object, so undo and redo
 *  across a replacement find the right one; edits carry it over. */
interface Origin {
  source: string | undefined;
  era: number;
  /** The scenario as the replacement put it on screen (edits make others of the same origin). */
  loaded: PageScenario;
}
const origins = new WeakMap<PageScenario, Origin>();
let eras = 0;
/** What the page header says it is showing; null until a replacement names it. */
export const shownSource = computed(() => origins.get(scenario.value)?.source ?? null);
/** Whether the scenario on screen is an edit of what its source put there (an Undo back to it is not). */
export const shownSourceEdited = computed(() => {
  const origin = origins.get(scenario.value);
  return !!origin && origin.loaded !== scenario.value;
});
/** What `s` was shown as, if it came in whole. */
export const shownSourceOf = (s: PageScenario): string | undefined => origins.get(s)?.source;
/** Which whole replacement `s` descends from: values of two eras are not "before and after". */
export const eraOf = (s: PageScenario): number => origins.get(s)?.era ?? 0;

/** Counts whole replacements (import, preset, reset, restore): autosave keeps what they replaced. */
export const replacements = signal(0);
/** The last whole replacement: what it replaced and what replaced it (read when `replacements` changes). */
export let lastReplacement: { before: PageScenario; next: PageScenario } | null = null;

export const canUndo = computed(() => past.value.length > 0);
export const canRedo = computed(() => future.value.length > 0);

/**
 * Whether two scenarios say the same: every member the same object (edits share what they do not
 * change), the parameters (a small object, rebuilt by their edits) the same JSON.
 */
function sameContent(a: PageScenario, b: PageScenario): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof PageScenario>;
  for (const k of keys)
    if (a[k] !== b[k] && !(k === 'params' && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {}))) return false;
  return true;
}

/**
 * Applies `change` to a draft of the scenario (copy-on-write). `key` names what is being edited
 * (e.g. the field path); successive edits of one key within a second merge into one undo step.
 * A change that changes nothing is no step at all.
 */
export function edit(change: (draft: PageScenario) => void, key?: string): void {
  const before = scenario.value;
  const draft = produce(before, (d) => void change(d));
  if (draft === before) return;
  const now = Date.now();
  const coalesce = key !== undefined && key === lastKey && now - lastTime < COALESCE_MS;
  // Merged edits that end where their step began (a field emptied, then its value typed again)
  // are no step: the step goes, and the scenario is the one before it.
  const stepStart = coalesce ? past.value.at(-1) : undefined;
  if (stepStart && sameContent(stepStart, draft)) {
    past.value = past.value.slice(0, -1);
    lastKey = null;
    scenario.value = stepStart;
    return;
  }
  if (!coalesce) past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), before];
  future.value = [];
  lastKey = key ?? null;
  lastTime = now;
  const origin = origins.get(before);
  if (origin) origins.set(draft, origin);
  scenario.value = draft;
}

/** Replaces the whole scenario (import, preset, shared link) as one undoable step; `source` says
 *  what it is, for the header. */
export function replaceScenario(next: PageScenario, { undoable = true, source }: { undoable?: boolean; source?: string } = {}): void {
  origins.set(next, { source, era: ++eras, loaded: next });
  if (undoable) {
    past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), scenario.value];
    future.value = [];
    lastReplacement = { before: scenario.value, next };
    replacements.value++;
  } else {
    past.value = [];
    future.value = [];
  }
  lastKey = null;
  scenario.value = next;
}

export function undo(): void {
  const previous = past.value.at(-1);
  if (!previous) return;
  past.value = past.value.slice(0, -1);
  future.value = [scenario.value, ...future.value];
  lastKey = null;
  scenario.value = previous;
}

export function redo(): void {
  const next = future.value[0];
  if (!next) return;
  future.value = future.value.slice(1);
  past.value = [...past.value, scenario.value];
  lastKey = null;
  scenario.value = next;
}

/** The undo and redo steps, oldest first (for the autosave). */
export function undoHistory(): { past: PageScenario[]; future: PageScenario[] } {
  return { past: past.value, future: future.value };
}

/** Puts back a saved session: the scenario with its undo and redo steps (after a reload). */
export function restoreSession(next: PageScenario, history: { past: PageScenario[]; future: PageScenario[] }): void {
  past.value = history.past.slice(-HISTORY_LIMIT);
  future.value = history.future.slice(0, HISTORY_LIMIT);
  lastKey = null;
  scenario.value = next;
}

/** SPEC's groups when a scenario names none: one array, so their signal stays the same across edits. */
const DEFAULT_GROUPS: readonly string[] = Object.freeze(['female', 'male']);

/** A scenario's groups, SPEC's when it names none. */
export const groupsOf = (s: Pick<Scenario, 'groups'>): string[] => s.groups ?? (DEFAULT_GROUPS as string[]);
/** The groups in force. */
export const groups = computed(() => groupsOf(scenario.value));

// Parts of the scenario as signals of their own: a component that reads one renders again when
// that part changes (edits keep the identity of what they do not touch), not on every keystroke
// in a document.
export const params = computed(() => scenario.value.params);
export const lexicon = computed(() => scenario.value.lexicon);
export const title = computed(() => scenario.value.title);
export const description = computed(() => scenario.value.description);
const namesText = computed(() => JSON.stringify(scenario.value.rankings.map((ranking) => ranking.name)));
/** The rankings' names, the same array until one is renamed: what shows them does not render on every edit. */
export const rankingNames = computed(() => JSON.parse(namesText.value) as string[]);
const rankingSignals: ReadonlySignal<PageRanking | undefined>[] = [];
/** Ranking `r` as a signal of its own: an edit of one ranking renders nothing of the other. */
export function rankingAt(r: number): ReadonlySignal<PageRanking | undefined> {
  return (rankingSignals[r] ??= computed(() => scenario.value.rankings[r]));
}
/** How many rankings there are. */
export const rankingCount = computed(() => scenario.value.rankings.length);
/** How many documents each ranking has, as text ("3,5"): a string, so equal counts are no change. */
export const documentCounts = computed(() => scenario.value.rankings.map((r) => r.docs.length).join(','));

/** Every id the scenario's documents use: the rankings' and the background's (NFaiRR's S). */
export function usedIds(s: PageScenario): Set<string> {
  const used = new Set(s.rankings.flatMap((r) => r.docs.map((d) => d.id)));
  for (const d of s.background ?? []) if (d.id !== undefined) used.add(String(d.id));
  return used;
}

/** A fresh id no document of the scenario uses yet. */
export function freshId(s: PageScenario, stem = 'd'): string {
  const used = usedIds(s);
  let n = used.size + 1;
  while (used.has(`${stem}${n}`)) n++;
  return `${stem}${n}`;
}

/**
 * An id as the core reads it: a string as it is, a whole number as its decimal text. JavaScript
 * holds whole numbers exactly only up to 2^53 − 1; a larger one was already rounded when the JSON
 * was parsed, so its text would differ from the core's. The core refuses those (core/limits.json);
 * this refuses them too, should one reach the page another way, rather than change the id.
 */
function idText(id: ScenarioDocument['id'], path: string): string {
  if (id === undefined) return '';
  if (typeof id === 'number' && !Number.isSafeInteger(id))
    throw new ScenarioError(path, `must be a string or a whole number of magnitude at most 2^53 − 1, got ${id}`);
  return String(id);
}

/**
 * Turns any valid scenario (from a file, a link or a preset) into the page's form: every document
 * with an id, a label and a relevance, so cards and keys are stable.
 */
export function toPageScenario(input: Scenario): PageScenario {
  const out: PageScenario = { ...structuredClone(input), rankings: [] };
  const used = new Set<string>();
  input.background?.forEach((doc, i) => void idText(doc.id, `background[${i}].id`));
  input.rankings.forEach((ranking, r) => {
    const docs = ranking.docs.map((doc: ScenarioDocument, j) => {
      const id = idText(doc.id, `rankings[${r}].docs[${j}].id`);
      return { id, text: doc.text ?? '', label: doc.label ?? 'neutral', relevance: doc.relevance ?? 0 };
    });
    for (const doc of docs) if (doc.id) used.add(doc.id);
    out.rankings.push({ name: ranking.name ?? String.fromCharCode(65 + r), docs });
  });
  let n = 1;
  for (const ranking of out.rankings)
    for (const doc of ranking.docs)
      if (!doc.id) {
        while (used.has(`d${n}`)) n++;
        doc.id = `d${n}`;
        used.add(doc.id);
      }
  return out;
}
