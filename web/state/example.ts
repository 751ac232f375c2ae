// The example a caption belongs to: the scenario as a preset (or the starting example) loaded it.
// Once the scenario on screen differs, the caption describes something else, and the page says so
// and offers the example back.
import { computed, signal } from '@preact/signals';

import { replaceScenario, scenario, shownSourceOf, type PageScenario } from './scenario';
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

/**
 * Whether the scenario on screen is the example's caption's, but edited. A scenario with another
 * caption (an import, the dataset) is not "the example changed": its own caption applies.
 */
export const exampleChanged = computed(() => {
  const e = example.value;
  const s = scenario.value;
  if (!e || s === e.scenario) return false;
  if (s.description !== e.scenario.description || s.title !== e.scenario.title) return false;
  // As text, kept per object (./serialise.ts): an edit re-serialises only the path it changed.
  return scenarioJson(s) !== e.json;
});

/** Puts the example back as it was loaded (one undoable step). */
export function backToExample(): void {
  const e = example.value;
  if (e) replaceScenario(structuredClone(e.scenario), { source: shownSourceOf(e.scenario) });
}
