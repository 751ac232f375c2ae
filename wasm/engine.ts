// The friendly layer over the WebAssembly module: typed calls, JS errors, UTF-16 offsets.
// The raw module (wasm/bindings.cpp) takes and returns JSON text and never hands out a C++ object,
// so nothing here needs freeing.
import createFairnessCore, { type FairnessCoreModule, type FairnessCoreOptions } from './dist/fairness-core.mjs';
import { ScenarioError } from './errors';
import type {
  ExperimentResult,
  ExperimentSpec,
  MetricDescriptor,
  Orderings,
  ResolvedExperimentSpec,
  Results,
  Scenario,
  TermMatch,
} from './types';

export { ScenarioError };
export type * from './types';

/** The metric core, loaded and ready. Every call is synchronous and self-contained. */
export interface Engine {
  /**
   * Evaluates a scenario: SPEC's results for every ranking, with the teaching detail (per-rank
   * contributions, the value at every cut-off, each document's group terms). The results are the
   * core's JSON as it is, parsed: the same object the CLI prints.
   * @throws ScenarioError when the core refuses the scenario.
   */
  evaluate(scenario: Scenario | string): Results;
  /**
   * The results as the core writes them: the JSON text `build/fairness-eval` prints (before its
   * final newline; a libm result may differ in its last digit). Given bytes, the core reads them
   * as the CLI reads a file.
   * @throws ScenarioError when the core refuses the scenario.
   */
  evaluateText(scenario: string | Uint8Array): string;
  /** Every metric's descriptor, in the order the page shows them. */
  describe(): MetricDescriptor[];
  /**
   * The fairest and least fair ordering of ranking `ranking` (index from 0) under every metric:
   * exhaustive over the n! orderings up to 8 documents, a local search beyond (up to 60).
   * @throws ScenarioError when the core refuses the scenario or the ranking.
   */
  orderings(scenario: Scenario | string, ranking: number): Orderings;
  /**
   * The DIPS paper's experiment spec checked, with its defaults filled in (every x, the
   * repetitions, the seed, the c_t values): what a step-by-step run iterates over.
   * @throws ScenarioError naming the field of the spec that is wrong.
   */
  experimentPlan(spec: ExperimentSpec): ResolvedExperimentSpec;
  /**
   * The DIPS paper's Figure 1a or 1b (§6.1) at every x of the spec, each point the mean over the
   * repetitions. Synchronous: about 25 ms per point at 100 repetitions.
   * @throws ScenarioError naming the field of the spec that is wrong.
   */
  experiment(spec: ExperimentSpec): ExperimentResult;
  /**
   * The group terms in `text` under the scenario's groups, lexicon and tokenizer, as UTF-16
   * indices into `text` (`text.slice(m.begin, m.end)`).
   * @throws ScenarioError when the core refuses the scenario.
   */
  findTerms(scenario: Scenario | string, text: string): TermMatch[];
  /** Size of the WebAssembly memory in bytes (it grows, never shrinks). */
  heapSize(): number;
  /** Bytes the C++ allocator holds for live objects (flat across calls when nothing leaks). */
  heapInUse(): number;
}

/** Where the module comes from. With neither option the glue fetches `fairness-core.wasm` beside itself. */
export interface LoadOptions {
  /** The .wasm bytes (Node, tests: see `loadEngineNode` in ./node). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm lives, e.g. a URL a bundler gave; called with "fairness-core.wasm". */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

/** Instantiates the module and wraps it. */
export async function loadEngine(options: LoadOptions = {}): Promise<Engine> {
  const init: FairnessCoreOptions = {};
  if (options.wasmBinary) init.wasmBinary = options.wasmBinary;
  if (options.locateFile) init.locateFile = options.locateFile;
  return wrap(await createFairnessCore(init));
}

const encoder = new TextEncoder();

function scenarioBytes(scenario: Scenario | string | Uint8Array): Uint8Array {
  if (scenario instanceof Uint8Array) return scenario;
  return encoder.encode(typeof scenario === 'string' ? scenario : JSON.stringify(scenario));
}

function unwrap(reply: { ok: boolean; json: string; field: string; message: string }): string {
  if (reply.ok) return reply.json;
  if (reply.field) throw new ScenarioError(reply.field, reply.message);
  throw new Error(`fairness core: ${reply.message}`);
}

function wrap(core: FairnessCoreModule): Engine {
  let descriptors: MetricDescriptor[] | undefined;
  return {
    evaluate(scenario) {
      return JSON.parse(unwrap(core.evaluate(scenarioBytes(scenario)))) as Results;
    },
    evaluateText(scenario) {
      return unwrap(core.evaluate(scenarioBytes(scenario)));
    },
    describe() {
      descriptors ??= JSON.parse(core.describe()) as MetricDescriptor[];
      return structuredClone(descriptors);
    },
    orderings(scenario, ranking) {
      return JSON.parse(unwrap(core.orderings(scenarioBytes(scenario), ranking))) as Orderings;
    },
    experimentPlan(spec) {
      return JSON.parse(unwrap(core.experimentPlan(JSON.stringify(spec)))) as ResolvedExperimentSpec;
    },
    experiment(spec) {
      return JSON.parse(unwrap(core.experiment(JSON.stringify(spec)))) as ExperimentResult;
    },
    findTerms(scenario, text) {
      const matches = JSON.parse(unwrap(core.findTerms(scenarioBytes(scenario), encoder.encode(text)))) as TermMatch[];
      return spansToUtf16(text, matches);
    },
    heapSize: () => core.HEAP8.length,
    heapInUse: () => core.heapInUse(),
  };
}

// ---------------------------------------------------------------------------------------------
// UTF-8 byte offsets (the core's) to UTF-16 indices (JS strings')
// ---------------------------------------------------------------------------------------------

const nonAscii = /[^\x00-\x7f]/;

/**
 * Rewrites `spans` (UTF-8 byte offsets into `text`, as TextEncoder encodes it) in place to UTF-16
 * indices into `text`, and returns them. A lone surrogate counts as U+FFFD (3 bytes), as
 * TextEncoder writes it. Use it on the results' `docs[].matches` to highlight a document's text.
 */
export function spansToUtf16<T extends { begin: number; end: number }>(text: string, spans: T[]): T[] {
  if (spans.length === 0 || !nonAscii.test(text)) return spans;
  // Walk the text once, in step with the distinct byte offsets asked for, in ascending order.
  const offsets = [...new Set(spans.flatMap((s) => [s.begin, s.end]))].sort((a, b) => a - b);
  const index = new Map<number, number>();
  let bytes = 0;
  let unit = 0;
  for (const offset of offsets) {
    while (bytes < offset && unit < text.length) {
      const c = text.charCodeAt(unit);
      const d = unit + 1 < text.length ? text.charCodeAt(unit + 1) : 0;
      if (c < 0x80) (bytes += 1), (unit += 1);
      else if (c < 0x800) (bytes += 2), (unit += 1);
      else if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) (bytes += 4), (unit += 2);
      else (bytes += 3), (unit += 1); // the rest of the BMP; a lone surrogate as U+FFFD
    }
    index.set(offset, unit);
  }
  for (const s of spans) {
    s.begin = index.get(s.begin) ?? text.length;
    s.end = index.get(s.end) ?? text.length;
  }
  return spans;
}
