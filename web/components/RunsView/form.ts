// The Runs view's form: the files chosen per input and the CLI's options, kept while the user
// switches to the playground and back. Builds the worker's job in the order the CLI reads.
import { signal } from '@preact/signals';

import type { RunsOptions } from '../../../wasm/runs-engine';
import type { RunsFile, RunsJob } from '../../../wasm/runs-worker-core';
import { runStem } from '../../../wasm/runs-worker-core';

export type InputKind = 'run' | 'collection' | 'labels' | 'qrels' | 'queries' | 'background' | 'params';

export interface RunsForm {
  files: Record<InputKind, File[]>;
  /** The playground's groups, lexicon and params, when applied instead of a params file. */
  playgroundParams: string | null;
  cutoffs: string;
  order: 'score' | 'file';
  official: boolean;
  backgroundFrom: 'run' | 'collection';
  backgroundDepth: number;
  metrics: string;
  baseline: string;
  queryLabel: string;
}

export const emptyFiles = (): Record<InputKind, File[]> => ({ run: [], collection: [], labels: [], qrels: [], queries: [], background: [], params: [] });

export const form = signal<RunsForm>({
  files: emptyFiles(),
  playgroundParams: null,
  cutoffs: '10,20',
  order: 'score',
  official: false,
  backgroundFrom: 'run',
  backgroundDepth: 200,
  metrics: '',
  baseline: '',
  queryLabel: '',
});

export function updateForm(change: Partial<RunsForm>): void {
  form.value = { ...form.value, ...change };
}

/** Run names as the CLI gives them (file stems); a second run of the same stem is refused by the core. */
export function runNames(f: RunsForm): string[] {
  return f.files.run.map((file) => runStem(file.name));
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The cut-offs as numbers (non-numbers pass through as NaN, for the core to refuse by name). */
export function optionsOf(f: RunsForm): RunsOptions {
  return {
    cutoffs: list(f.cutoffs).map(Number),
    order: f.order,
    official: f.official,
    ...(f.files.background.length ? {} : { backgroundFrom: f.backgroundFrom }),
    backgroundDepth: f.backgroundDepth,
    metrics: list(f.metrics),
    baseline: f.baseline,
    queryLabel: f.queryLabel.trim(),
  };
}

export function jobOf(f: RunsForm): RunsJob {
  const files: RunsFile[] = [];
  for (const kind of ['run', 'background', 'qrels', 'labels', 'queries', 'collection'] as const)
    for (const file of f.files[kind]) files.push({ kind, file, name: file.name });
  const job: RunsJob = { options: optionsOf(f), files };
  const params = f.files.params[0];
  if (params) job.params = { name: params.name, file: params };
  else if (f.playgroundParams !== null) job.params = { name: "the playground's parameters", text: f.playgroundParams };
  return job;
}
