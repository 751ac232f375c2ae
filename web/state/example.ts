// The example a caption belongs to: the scenario as a preset (or the starting example) loaded it.
// Once the scenario on screen differs, the caption describes something else, and the page says so
// and offers the example back.
import { computed, signal } from '@preact/signals';

import { presets } from './presets';
import { replaceScenario, scenario, shownSourceOf, toPageScenario, type PageScenario } from './scenario';
import { scenarioJson } from './serialise';

interface Example {
  id: string;
  scenario: PageScenario;
  json: string;
}

export const example = signal<Example | null>(null);

/** Remembers the scenario just loaded from preset `id` as the example its caption describes. */
export function setExample(id: string, loaded: PageScenario): void {
  example.value = { id, scenario: loaded, json: scenarioJson(loaded) };
}

const sameCaption = (a: PageScenario, b: PageScenario) => a.title === b.title && a.description === b.description;

const galleryExamples = new Map<string, Example>();
/** The gallery example whose title and caption `s` carries, as the gallery loads it. */
function galleryExampleOf(s: PageScenario): Example | null {
  if (!s.title) return null;
  const preset = presets.find((p) => p.scenario.title === s.title && p.scenario.description === s.description);
  if (!preset) return null;
  let e = galleryExamples.get(preset.id);
  if (!e) {
    const loaded = toPageScenario(preset.scenario);
    galleryExamples.set(preset.id, (e = { id: preset.id, scenario: loaded, json: scenarioJson(loaded) }));
  }
  return e;
}

/**
 * The example whose caption is on screen: the one loaded, or the gallery example whose title and
 * caption the scenario carries (a link to an edited example, its autosave after a reload, its
 * exported file imported): that caption describes the example, not the edit.
 */
const captioned = computed((): Example | null => {
  const e = example.value;
  const s = scenario.value;
  return e && sameCaption(s, e.scenario) ? e : galleryExampleOf(s);
});

/**
 * Whether the scenario on screen is the example's caption's, but edited. A scenario with another
 * caption (an import, the dataset) is not "the example changed": its own caption applies.
 */
export const exampleChanged = computed(() => {
  const e = captioned.value;
  const s = scenario.value;
  if (!e || s === e.scenario) return false;
  // As text, kept per object (./serialise.ts): an edit re-serialises only the path it changed.
  return scenarioJson(withoutLesson(s)) !== e.json;
});

/** Whether the scenario on screen is the example loaded, as loaded (or put back by *Back to the example*). */
export const atExample = computed(() => example.value !== null && captioned.value === example.value && !exampleChanged.value);

/**
 * The example is its rankings, groups, words and parameters: the gallery keeps a lesson beside
 * them, while its file (?scenario=, an import) carries it inside.
 */
function withoutLesson(s: PageScenario): PageScenario {
  if (s.lesson === undefined) return s;
  const { lesson: _lesson, ...rest } = s;
  return rest;
}

/** Puts the example back as it was loaded (one undoable step). */
export function backToExample(): void {
  const e = captioned.value;
  if (e) replaceScenario(structuredClone(e.scenario), { source: shownSourceOf(e.scenario) ?? `preset “${e.scenario.title}”` });
}
