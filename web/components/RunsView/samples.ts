// The sample runs (examples/runs/: Grep-BiasIR, CC0) as Files, loaded on first use: Vite turns
// each file into its own chunk of text (?raw), so the page costs nothing until the button is used
// and no fetch is needed (the CSP's connect-src does not matter).
import type { InputKind } from './form';

const sources = import.meta.glob<string>('../../../examples/runs/*.{run,tsv,csv,txt}', { query: '?raw', import: 'default' });

const KIND_OF: Record<string, InputKind> = {
  'female-first.run': 'run',
  'male-first.run': 'run',
  'collection.tsv': 'collection',
  'labels.csv': 'labels',
  'qrels.txt': 'qrels',
  'queries.csv': 'queries',
};

/** The sample files by input, runs in a fixed order (female-first is the baseline). */
export async function sampleFiles(): Promise<Partial<Record<InputKind, File[]>>> {
  const out: Partial<Record<InputKind, File[]>> = {};
  const entries = Object.entries(sources).sort(([a], [b]) => a.localeCompare(b));
  for (const [path, load] of entries) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const kind = KIND_OF[name];
    if (!kind) continue;
    (out[kind] ??= []).push(new File([await load()], name, { type: 'text/plain' }));
  }
  return out;
}
