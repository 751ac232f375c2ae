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

export const presets: Preset[] = Object.entries(files)
  .map(([path, scenario]) => ({
    id: path.replace(/^.*\//, '').replace(/\.json$/, ''),
    title: scenario.title ?? path,
    caption: scenario.description ?? '',
    scenario,
  }))
  .sort((a, b) => a.id.localeCompare(b.id));

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}

/** What the page shows to a first-time visitor. */
export const STARTING_PRESET = 'texfair-figure-1';
