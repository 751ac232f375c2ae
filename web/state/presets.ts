// The gallery: every scenario in examples/ is a preset, loadable by ?preset=<file name>. The same
// files run through the CLI (build/fairness-eval examples/<id>.json), so page and CLI agree.
import type { Scenario } from '../../wasm/types';

export interface Preset {
  id: string;
  title: string;
  caption: string;
  scenario: Scenario;
}

const files = import.meta.glob<Scenario & { title?: string; description?: string }>('../../examples/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Teaching order (the README's gallery table): the starting example, then labels against terms,
 * position, term counts, ties, normalisation, the discount, and a real dataset. A file not listed
 * here comes after these, by name.
 */
export const TEACHING_ORDER = [
  'texfair-figure-1',
  'cwex-figure-1',
  'nfairr-figure-1',
  'texfair-section-6',
  'dips-ties',
  'dips-igi-normalization',
  'texfair-rbdf',
  'grep-biasir-labels-vs-terms',
];

const place = (id: string) => {
  const i = TEACHING_ORDER.indexOf(id);
  return i < 0 ? TEACHING_ORDER.length : i;
};

export const presets: Preset[] = Object.entries(files)
  .map(([path, scenario]) => ({
    id: path.replace(/^.*\//, '').replace(/\.json$/, ''),
    title: scenario.title ?? path,
    caption: scenario.description ?? '',
    scenario,
  }))
  .sort((a, b) => place(a.id) - place(b.id) || a.id.localeCompare(b.id));

/** A caption's first sentence: the one line the gallery shows before *More*. */
export function firstSentence(caption: string): string {
  const match = caption.match(/^[\s\S]*?[.!?](?=\s+[A-Z(“"]|$)/);
  return (match ? match[0] : caption).trim();
}

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}

/** What the page shows to a first-time visitor. */
export const STARTING_PRESET = 'texfair-figure-1';
