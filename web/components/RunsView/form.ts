// The Runs view's form: the files chosen per input and the CLI's options, kept while the user
// switches to the playground and back. Builds the worker's job in the order the CLI reads.
import { effect, signal, untracked } from '@preact/signals';

import type { RunsOptions } from '../../../wasm/runs-engine';
import type { Scenario } from '../../../wasm/types';
import type { RunsFile, RunsJob } from '../../../wasm/runs-worker-core';
import { runStem } from '../../../wasm/runs-worker-core';
import {
  RUNS_CHOICES,
  RUNS_PARAMS,
  RUNS_WHOLE,
  currentAddress,
  currentLocation,
  queryOf,
  replaceAddress,
  withParams,
} from '../../state/address';
import { handedRun } from '../../state/runs';

export type InputKind = 'run' | 'collection' | 'labels' | 'qrels' | 'queries' | 'background' | 'params';

export interface RunsForm {
  files: Record<InputKind, File[]>;
  /** The playground's groups, lexicon and params, when applied instead of a params file. */
  playgroundParams: string | null;
  cutoffs: string;
  order: 'score' | 'file';
  official: boolean;
  backgroundFrom: 'run' | 'collection';
  /** A whole number, or the field's text when it holds none (for the core to refuse as the CLI does). */
  backgroundDepth: number | string;
  metrics: string;
  baseline: string;
  queryLabel: string;
  ci: 't' | 'bootstrap';
  /** Read with `ci: "bootstrap"` only; a whole number, or the field's text when it holds none. */
  bootstrapSamples: number | string;
  bootstrapSeed: number | string;
}

export const emptyFiles = (): Record<InputKind, File[]> => ({
  run: [],
  collection: [],
  labels: [],
  qrels: [],
  queries: [],
  background: [],
  params: [],
});

/** The CLI's defaults, and the form's state before the user or the URL changes it. */
export const defaults: RunsForm = {
  files: emptyFiles(),
  playgroundParams: null,
  /** Empty: the CLI's default, the cut-offs the metrics' columns name (nDCG@5), or else 10 and 20. */
  cutoffs: '',
  order: 'score',
  official: false,
  backgroundFrom: 'run',
  backgroundDepth: 200,
  metrics: '',
  baseline: '',
  queryLabel: '',
  ci: 't',
  // The CLI's --bootstrap-samples and --bootstrap-seed defaults (core/include/fairness/runs/statistics.hpp).
  bootstrapSamples: 10000,
  bootstrapSeed: 20240915,
};

// The options kept in the URL's query string, so a reload (or a shared link) keeps them; files
// cannot be. Prefixed `runs-`, apart from the playground's parameters (`metrics` is the embed's).
type QueryOption = keyof typeof RUNS_PARAMS;
const QUERY_KEYS = RUNS_PARAMS;

/** The options a query string sets. */
export function formFromQuery(search: string): Partial<RunsForm> {
  const query = queryOf(search);
  const out: Partial<RunsForm> = {};
  const get = (key: QueryOption) => query.get(QUERY_KEYS[key]);
  const text = (key: 'cutoffs' | 'metrics' | 'baseline' | 'queryLabel') => {
    const v = get(key);
    if (v !== null) out[key] = v;
  };
  text('cutoffs');
  text('metrics');
  text('baseline');
  text('queryLabel');
  // Only valid values; anything else keeps the default, and the page says so (state/address.ts).
  const choice = <K extends keyof typeof RUNS_CHOICES>(key: K) => {
    const v = get(key);
    return v !== null && (RUNS_CHOICES[key] as readonly string[]).includes(v) ? (v as (typeof RUNS_CHOICES)[K][number]) : null;
  };
  const order = choice('order');
  if (order) out.order = order;
  const official = choice('official');
  if (official) out.official = official === '1';
  const ci = choice('ci');
  if (ci) out.ci = ci;
  const from = choice('backgroundFrom');
  if (from) out.backgroundFrom = from;
  for (const key of RUNS_WHOLE) {
    const whole = get(key);
    if (whole !== null && /^\d+$/.test(whole)) out[key] = Number(whole);
  }
  return out;
}

/** `url` with the form's options that differ from the defaults in its query string (and no others of the form's). */
export function withFormQuery(url: URL, f: RunsForm | null): URL {
  const cleared = withParams(url.toString(), Object.fromEntries(Object.values(QUERY_KEYS).map((key) => [key, null])));
  if (!f) return new URL(cleared);
  const set: Record<string, string> = {};
  for (const option of Object.keys(QUERY_KEYS) as QueryOption[]) {
    if (f[option] === defaults[option]) continue;
    const value = f[option];
    set[QUERY_KEYS[option]] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return new URL(withParams(cleared, set));
}

export const form = signal<RunsForm>({ ...defaults, ...formFromQuery(currentLocation().search) });

/** Writes the form's options into the address bar (no new history entry); null removes them. */
export function keepFormInUrl(f: RunsForm | null = form.value): void {
  if (typeof history === 'undefined') return;
  replaceAddress(withFormQuery(new URL(currentAddress()), f));
}

export function updateForm(change: Partial<RunsForm>): void {
  form.value = { ...form.value, ...change };
  keepFormInUrl();
}

/**
 * A scenario's groups, lexicon and params as a params file: what the core reads of one (its
 * rankings, background, lesson and k are the runs' to give, and would be warned of as not read).
 */
export function paramsFileOf(s: Omit<Scenario, 'rankings'> & { rankings: unknown }): string {
  const { rankings: _r, background: _b, lesson: _l, title: _t, description: _d, ...rest } = s;
  const params = { ...(rest.params ?? {}) } as Record<string, unknown>;
  delete params.k;
  return JSON.stringify({ ...rest, params });
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

/** A numeral as its number; anything else (an empty field too) as written, for the core to refuse by name and value. */
export const typedNumber = (text: string): number | string => (/^\+?\d+$/.test(text) ? Number(text) : text);

/** The options of the form; a cut-off that is not a numeral passes as written, for the core to refuse by name and value. */
export function optionsOf(f: RunsForm): RunsOptions {
  return {
    // Text with no cut-off in it (",") goes to the core as none, to be refused as the CLI refuses it.
    ...(f.cutoffs.trim() ? { cutoffs: list(f.cutoffs).map(typedNumber) } : {}),
    order: f.order,
    official: f.official,
    ...(f.files.background.length ? {} : { backgroundFrom: f.backgroundFrom }),
    backgroundDepth: f.backgroundDepth,
    metrics: list(f.metrics),
    baseline: f.baseline,
    queryLabel: f.queryLabel.trim(),
    ci: f.ci,
    ...(f.ci === 'bootstrap' ? { bootstrapSamples: f.bootstrapSamples, bootstrapSeed: f.bootstrapSeed } : {}),
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

// A run pasted into *Import…* joins the run files, under a name none of them has, as soon as it is
// handed over: the view's first frame shows it among the files (taken in the view's effect, that
// frame listed the files without it).
effect(() => {
  const text = handedRun.value;
  if (text === null) return;
  handedRun.value = null;
  untracked(() => {
    const taken = new Set(runNames(form.value));
    let name = 'pasted';
    for (let n = 2; taken.has(name); n++) name = `pasted-${n}`;
    const file = new File([text], `${name}.run`, { type: 'text/plain' });
    updateForm({ files: { ...form.value.files, run: [...form.value.files.run, file] } });
  });
});
