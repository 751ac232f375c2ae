// Where the scenario comes from at start-up, and where it is kept: a shared link (#s=…), a JSON
// file named by ?scenario=URL, a preset (?preset=id), the browser's own autosave, or the default.
// Everything loaded is checked by the core first; a refused source is reported, never half-used.
import { effect } from '@preact/signals';

import type { Scenario } from '../../wasm/types';
import { engine } from './engine';
import { refusal } from './evaluation';
import { findPreset } from './presets';
import { scenario, toPageScenario, type PageScenario } from './scenario';
import { decodeScenario, encodeScenario, hashFor, type UrlRequest } from './share';

const STORAGE_KEY = 'fairness-playground:scenario';
const SAVE_DELAY_MS = 400;

export interface Loaded {
  scenario: PageScenario;
  /** Where it came from, said to the user. */
  source: string;
  /** Why a requested source could not be used (the page then falls back). */
  problem: string | null;
  presetId: string | null;
}

function describeRefusal(error: unknown): string {
  const { field, message } = refusal(error);
  return field ? `${field}: ${message}` : message;
}

/** Checks scenario JSON text with the core and turns it into the page's form. */
export async function acceptScenario(text: string): Promise<PageScenario> {
  await engine().validate(text);
  return toPageScenario(JSON.parse(text) as Scenario);
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

export async function loadInitial(request: UrlRequest, fallback: PageScenario, baseUrl: string): Promise<Loaded> {
  const problems: string[] = [];
  if (request.scenarioUrl) {
    try {
      const response = await fetch(new URL(request.scenarioUrl, baseUrl));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return { scenario: await acceptScenario(await response.text()), source: `loaded from ${request.scenarioUrl}`, problem: null, presetId: null };
    } catch (error) {
      problems.push(`Could not load ?scenario=${request.scenarioUrl}: ${describeRefusal(error)}`);
    }
  }
  if (request.preset) {
    const preset = findPreset(request.preset);
    if (preset) return { scenario: toPageScenario(preset.scenario), source: `preset “${preset.title}”`, problem: problems[0] ?? null, presetId: preset.id };
    problems.push(`There is no preset “${request.preset}”.`);
  }
  if (request.encoded) {
    try {
      return { scenario: await acceptScenario(await decodeScenario(request.encoded)), source: 'shared link', problem: problems[0] ?? null, presetId: null };
    } catch (error) {
      problems.push(`The shared link could not be read: ${describeRefusal(error)}`);
    }
  }
  const saved = readSaved();
  if (saved) {
    try {
      return { scenario: await acceptScenario(saved), source: 'your last session (autosaved)', problem: problems[0] ?? null, presetId: null };
    } catch (error) {
      problems.push(`The autosaved scenario could not be read: ${describeRefusal(error)}`);
    }
  }
  return { scenario: fallback, source: 'the starting example', problem: problems[0] ?? null, presetId: null };
}

/**
 * Keeps the scenario in localStorage and in the URL hash (so the address bar is always a share
 * link), a moment after each change. `embed` is kept in the query; other query keys are dropped
 * once the user has edited, since the hash now holds the state.
 */
export function startAutosave({ embed }: { embed: boolean }): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  return effect(() => {
    const current = scenario.value;
    if (first) {
      first = false;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const json = JSON.stringify(current);
      try {
        localStorage.setItem(STORAGE_KEY, json);
      } catch {
        // storage full or disabled: the URL still holds the state
      }
      const encoded = await encodeScenario(json);
      if (scenario.peek() !== current) return;
      history.replaceState(null, '', `${location.pathname}${embed ? '?embed=1' : ''}${hashFor(encoded)}`);
    }, SAVE_DELAY_MS);
  });
}

/** The current scenario as a share link's hash (for the share dialog). */
export async function currentEncoded(): Promise<string> {
  return encodeScenario(JSON.stringify(scenario.value));
}

export { describeRefusal };
