// The TypeScript types of the engine's answers (wasm/types.ts) against what the core writes. Each
// answer's shape is written out below as a literal that tsc checks against the types exactly
// (`satisfies Shape<T>`: a key the types lack, or one they have that the literal omits, fails
// `npm test`'s type check). At run time every key of real answers (several scenarios, so that the
// optional keys appear) must be in that shape, and every key of the shape must appear in some
// answer: a key renamed in the C++ alone, or in the types alone, fails here.
import { beforeAll, describe, expect, test } from 'vitest';

import type { Engine } from '../../wasm/engine';
import { loadEngineNode } from '../../wasm/node';
import type {
  ArabResult,
  DocumentInfo,
  ExposureResult,
  MetricDescriptor,
  MetricId,
  OrderingExtreme,
  Orderings,
  PairwiseResult,
  RabResult,
  RankingResults,
  ResolvedParams,
  Results,
  Scenario,
  ViewResults,
} from '../../wasm/types';

/** A record keyed by data (groups, terms): its keys are values, not part of the shape. */
type Leaf<V> = V extends readonly (infer U)[]
  ? U extends object
    ? string extends keyof U
      ? true
      : readonly [Shape<U>]
    : true
  : V extends object
    ? string extends keyof V
      ? true
      : Shape<V>
    : true;
/** Every key of T (optional ones too), nested objects and arrays of objects spelled out. */
type Shape<T> = { [K in keyof T]-?: Leaf<NonNullable<T[K]>> };
type Node = true | readonly [Node] | { readonly [key: string]: Node };

const pairwise = {
  value: true,
  note: true,
  mAB: true,
  mBA: true,
  nA: true,
  nB: true,
  perRank: [{ side: true, weight: true, dissatisfaction: true, contribution: true }],
  atCutoff: true,
} as const satisfies Shape<PairwiseResult>;
const exposure = {
  value: true,
  note: true,
  l1: true,
  deltaA: true,
  deltaB: true,
  targetShare: true,
  exposureShare: true,
  nA: true,
  nB: true,
  perRank: [{ side: true, target: true, targetShare: true, misallocation: true }],
  atCutoff: true,
} as const satisfies Shape<ExposureResult>;
const rab = {
  value: true,
  note: true,
  magnitude: true,
  groups: true,
  tc: { value: true, parts: true },
  tf: { value: true, parts: true },
  bool: { value: true, parts: true },
  perRank: [{ mag: true }],
  atCutoff: true,
} as const satisfies Shape<RabResult>;
const arab = { ...rab, perRank: [{ mag: true, weight: true }] } as const satisfies Shape<ArabResult>;
const metrics = {
  nfairr: {
    value: true,
    note: true,
    fairr: true,
    ifairr: true,
    baseline: true,
    omega: true,
    backgroundSize: true,
    perRank: [{ omega: true, weight: true, contribution: true }],
    atCutoff: true,
  },
  texfair: {
    value: true,
    note: true,
    normalized: true,
    ted: true,
    rbdf: true,
    maxTed: true,
    share: true,
    termExposure: [{ term: true, group: true, exposure: true }],
    perRank: [{ exposure: true, representative: true, weight: true }],
    atCutoff: true,
  },
  dips: pairwise,
  cwex: { value: true, exposure: true, deltaExposure: true, perRank: [{ label: true, exposure: true }], atCutoff: true },
  awrf: { value: true, distribution: true, perRank: [{ alignment: true, weight: true }], atCutoff: true },
  ree: pairwise,
  igi: pairwise,
  ee: exposure,
  ea: exposure,
  eadp: exposure,
  rab,
  arab,
  ndkl: {
    value: true,
    note: true,
    z: true,
    target: true,
    perRank: [{ label: true, kl: true, weight: true, contribution: true }],
    atCutoff: true,
  },
  ndcg: { value: true, note: true, dcg: true, idcg: true, perRank: [{ gain: true, contribution: true }], atCutoff: true },
} as const satisfies Partial<Shape<RankingResults>>;
/** MetricId, declared once in wasm/types.ts, is exactly the results' metric keys (checked by tsc). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const metricIdsAreTheResultsMetrics: Same<keyof typeof metrics, MetricId> = true;
const metricIds = Object.keys(metrics) as MetricId[];
const params = {
  k: true,
  tau: true,
  tauInclusive: true,
  targets: true,
  rbdf: true,
  alpha: true,
  ct: true,
  dipsGroups: true,
  browsing: { model: true, gamma: true },
  tokenizer: true,
  awrfAlignment: true,
  awrfDistance: true,
  ndcgGain: true,
  rabGroups: true,
  rabMagnitude: true,
  ndklTarget: true,
  ndklEpsilon: true,
} as const satisfies Shape<ResolvedParams>;
const match = { begin: true, end: true, group: true } as const satisfies Shape<DocumentInfo['matches'][number]>;
const results = {
  rankings: [
    {
      name: true,
      n: true,
      k: true,
      ...metrics,
      docs: [{ id: true, label: true, relevance: true, tokens: true, magnitude: true, matches: [match] }],
    },
  ],
  background: [{ id: true, omega: true, tokens: true, magnitude: true, matches: [match] }],
  groups: true,
  params,
  lexicon: true,
  warnings: true,
} as const satisfies Shape<Results>;
const view = {
  ...results,
  rankings: [{ name: true, n: true, k: true, ...metrics, texts: [{ at: true, tokens: true, magnitude: true, matches: [match] }] }],
} as const satisfies Shape<ViewResults>;
const descriptor = {
  id: true,
  name: true,
  summary: true,
  paper: true,
  equations: true,
  range: true,
  fairer: true,
  usesCutoff: true,
  params: [{ key: true, default: true, meaning: true }],
  formula: true,
  chart: { kind: true, key: true, title: true },
  parts: [{ kind: true, key: true, label: true, when: true }],
} as const satisfies Shape<MetricDescriptor>;
const extreme = { order: true, ids: true, value: true, ties: true } as const satisfies Shape<OrderingExtreme>;
const orderings = {
  ranking: true,
  n: true,
  k: true,
  method: true,
  exhaustive: true,
  evaluated: true,
  metrics: [{ id: true, name: true, fairer: true, current: true, best: extreme, worst: extreme, note: true }],
} as const satisfies Shape<Orderings>;

/** Walks an answer along its shape: keys the shape lacks are reported, keys seen are recorded. */
function walk(shape: Node, value: unknown, path: string, seen: Set<string>, extra: string[]): void {
  if (shape === true || value === null || value === undefined) return;
  if (Array.isArray(shape)) {
    if (Array.isArray(value)) for (const item of value) walk(shape[0], item, `${path}[]`, seen, extra);
    return;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const node = (shape as Record<string, Node>)[key];
    if (node === undefined) {
      extra.push(`${path}.${key}`);
      continue;
    }
    seen.add(`${path}.${key}`);
    walk(node, inner, `${path}.${key}`, seen, extra);
  }
}

/** Every key path of a shape. */
function paths(shape: Node, path: string, out: string[] = []): string[] {
  if (shape === true) return out;
  if (Array.isArray(shape)) return paths(shape[0], `${path}[]`, out);
  for (const [key, inner] of Object.entries(shape)) {
    out.push(`${path}.${key}`);
    paths(inner, `${path}.${key}`, out);
  }
  return out;
}

const doc = (id: string, text: string, label: string, relevance: number) => ({ id, text, label, relevance });
/** Scenarios that between them make every optional key appear (notes of undefined values too). */
const scenarios: Scenario[] = [
  {
    rankings: [
      {
        name: 'A',
        docs: [
          doc('d1', 'She said her son won.', 'female', 2),
          doc('d2', 'He agreed with him.', 'male', 1),
          doc('d3', 'The match.', 'neutral', 0),
        ],
      },
      { name: 'B', docs: [doc('d2', 'He agreed with him.', 'male', 1), doc('d1', 'She said her son won.', 'female', 2)] },
    ],
    params: { k: 3 },
    background: [{ id: 'b1', text: 'The referee and her assistant.' }],
  },
  // One group only, no relevance, no group terms: the undefined values and their notes.
  { rankings: [{ name: 'A', docs: [doc('d1', 'The stadium.', 'male', 0), doc('d2', 'A city.', 'male', 0)] }] },
  // Every document neutral: no labelled prefix for NDKL.
  { rankings: [{ name: 'A', docs: [doc('d1', 'The road.', 'neutral', 1)] }] },
  // No document neutral enough (IFaiRR = 0).
  {
    rankings: [
      {
        name: 'A',
        docs: [doc('d1', 'She and her sister and her mother.', 'female', 1), doc('d2', 'He and his brother and his son.', 'male', 1)],
      },
    ],
  },
];
/**
 * Keys the core writes only for rankings a scenario cannot hold: RaB's and ARaB's note is for an
 * empty ranking (run evaluation meets one: a query a run retrieved nothing for).
 */
const unreachable = ['.rankings[].rab.note', '.rankings[].arab.note'];

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

describe('the types of the engine’s answers match what the core writes', () => {
  test('the metric ids of the core’s registry are the MetricId of the types, in the order the page shows them', () => {
    expect(metricIdsAreTheResultsMetrics).toBe(true);
    expect(engine.describe().map((d) => d.id)).toEqual(metricIds);
  });

  test.each([
    ['evaluate (Results)', results, (s: Scenario) => engine.evaluate(s)],
    [
      'evaluateView (ViewResults)',
      view,
      (s: Scenario) =>
        engine.evaluateView(JSON.stringify(s), {
          texts: 'all',
          detail: metricIds,
          background: true,
        }),
    ],
    ['describe (MetricDescriptor[])', [descriptor], () => engine.describe()],
    ['orderings (Orderings)', orderings, (s: Scenario) => engine.orderings(s, 0)],
  ] as [string, Node, (s: Scenario) => unknown][])('%s', (_, shape, answer) => {
    const seen = new Set<string>();
    const extra: string[] = [];
    for (const scenario of scenarios) walk(shape, answer(scenario), '', seen, extra);
    expect([...new Set(extra)], 'written by the core, missing from wasm/types.ts').toEqual([]);
    expect(
      paths(shape, '').filter((p) => !seen.has(p) && !unreachable.includes(p)),
      'in wasm/types.ts, never written by the core',
    ).toEqual([]);
  });
});
