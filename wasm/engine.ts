// The friendly layer over the WebAssembly module: typed calls, JS errors, UTF-16 offsets.
// The raw module (wasm/bindings.cpp) takes and returns JSON text and never hands out a C++ object,
// so nothing here needs freeing.
import createFairnessCore, { type FairnessCoreModule, type FairnessCoreOptions, type RawReply } from './dist/fairness-core.mjs';
import type { FairnessJobsModule } from './dist/fairness-jobs.mjs';
import { ScenarioError, moduleNotLoaded } from './errors';
import { spansToUtf16 } from './offsets';
import type {
  EvaluateOptions,
  ExperimentResult,
  ExperimentSpec,
  MetricDescriptor,
  Orderings,
  ResolvedExperimentSpec,
  Results,
  Scenario,
  SummaryResults,
  TermMatch,
  ViewOptions,
  ViewResults,
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
  evaluate(scenario: Scenario | string, options?: EvaluateOptions & { detail?: true }): Results;
  /**
   * The values without the detail (no `perRank`, `atCutoff` or `docs`): a few kB per ranking of
   * any length, the same values. `fairness-eval --summary`.
   * @throws ScenarioError when the core refuses the scenario.
   */
  evaluate(scenario: Scenario | string, options: EvaluateOptions & { detail: false }): SummaryResults;
  /**
   * The results as the core writes them: the JSON text `build/fairness-eval` prints (before its
   * final newline; a libm result may differ in its last digit). Given bytes, the core reads them
   * as the CLI reads a file. With `detail: false`, what `fairness-eval --summary` prints.
   * @throws ScenarioError when the core refuses the scenario.
   */
  evaluateText(scenario: string | Uint8Array, options?: EvaluateOptions): string;
  /**
   * Reads and checks the scenario as `evaluate` does, computing nothing: refuses what an
   * evaluation would, but for results over their size limit (a check before a scenario is taken:
   * a file, a link, an import).
   * @throws ScenarioError when the core refuses the scenario.
   */
  check(scenario: Scenario | string | Uint8Array, options?: EvaluateOptions): void;
  /**
   * What the page shows and no more (`ViewOptions`): the values and parts, `perRank` and
   * `atCutoff` of the metrics in `detail` only, and each ranking's `texts`. Through an evaluator
   * of its own, whose `texts: 'unreported'` lists only texts it has not returned before (an
   * edit lists one; a call that failed lists nothing, and counts as never made).
   * @throws ScenarioError when the core refuses the scenario.
   */
  evaluateView(scenario: Scenario | string, options: ViewOptions): ViewResults;
  /** Texts the last `evaluateView` tokenised (for tests). */
  viewTokenised(): number;
  /**
   * Texts the last evaluation with detail tokenised: the module keeps the previous scenario's
   * analysed texts, so moving a document or changing a label tokenises none, and editing one text
   * tokenises that one (for tests).
   */
  tokenised(): number;
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

/**
 * Which modules to load and where they come from. With no bytes the glue fetches its .wasm
 * (`fairness-core.wasm`, `fairness-jobs.wasm`) beside itself.
 */
export interface LoadOptions {
  /**
   * `playground`: evaluations, descriptors, term look-ups (what the page's first values wait
   * for); `jobs`: the best and worst orderings and the DIPS experiments (the long-job workers'
   * own module); `both` (the default, for Node and tests). Calling a method of a module not
   * loaded throws.
   */
  modules?: 'playground' | 'jobs' | 'both';
  /** The playground module's .wasm bytes (Node, tests: see `loadEngineNode` in ./node). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** The jobs module's .wasm bytes. */
  jobsWasmBinary?: ArrayBuffer | Uint8Array;
  /** Where a .wasm lives, e.g. a URL a bundler gave; called with the file's name. */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

/** Instantiates the modules asked for and wraps them. */
export async function loadEngine(options: LoadOptions = {}): Promise<Engine> {
  const modules = options.modules ?? 'both';
  const init = (wasmBinary: ArrayBuffer | Uint8Array | undefined): FairnessCoreOptions => ({
    ...(wasmBinary ? { wasmBinary } : {}),
    ...(options.locateFile ? { locateFile: options.locateFile } : {}),
  });
  const [core, jobs] = await Promise.all([
    modules === 'jobs' ? null : createFairnessCore(init(options.wasmBinary)).catch(moduleNotLoaded('fairness-core.wasm')),
    // Imported when asked for: the playground's worker never downloads the jobs' glue.
    modules === 'playground'
      ? null
      : import('./dist/fairness-jobs.mjs')
          // The glue is bundled under a name of the build's; the browser's words name its file.
          .catch(moduleNotLoaded("the long jobs' script"))
          .then((glue) => glue.default(init(options.jobsWasmBinary)).catch(moduleNotLoaded('fairness-jobs.wasm'))),
  ]);
  return wrap(core, jobs);
}

const encoder = new TextEncoder();

function scenarioBytes(scenario: Scenario | string | Uint8Array): Uint8Array {
  if (scenario instanceof Uint8Array) return scenario;
  return encoder.encode(typeof scenario === 'string' ? scenario : JSON.stringify(scenario));
}

const decoder = new TextDecoder();

/** The result of a call, read from the module's memory at once (the next call may replace it). */
function unwrap(module: { HEAPU8: Uint8Array }, reply: RawReply): string {
  if (reply.ok) return decoder.decode(module.HEAPU8.subarray(reply.at, reply.at + reply.bytes));
  if (reply.internal) throw new Error(`fairness core: ${reply.message}`);
  throw new ScenarioError(reply.field, reply.message);
}

function request(options: EvaluateOptions = {}) {
  return { large: options.limits === 'large' };
}

/** The module a method needs, or a plain error when this engine did not load it. */
function loaded<M>(module: M | null, name: string): M {
  if (!module) throw new Error(`fairness core: the ${name} module is not loaded in this engine (LoadOptions.modules)`);
  return module;
}

function wrap(playground: FairnessCoreModule | null, jobModule: FairnessJobsModule | null): Engine {
  const core = new Proxy({} as FairnessCoreModule, { get: (_, key) => loaded(playground, 'playground')[key as keyof FairnessCoreModule] });
  const jobs = new Proxy({} as FairnessJobsModule, { get: (_, key) => loaded(jobModule, 'jobs')[key as keyof FairnessJobsModule] });
  let descriptors: MetricDescriptor[] | undefined;
  // With detail through the module's Evaluator (its cache of analysed texts); without, afresh.
  /** The scenario's bytes written into the module's input buffer; their length. */
  const input = (bytes: Uint8Array): number => {
    const at = core.inputBuffer(bytes.length);
    core.HEAPU8.set(bytes, at); // HEAPU8 read after inputBuffer, which may grow the memory
    return bytes.length;
  };
  const evaluateText = (bytes: Uint8Array, options?: EvaluateOptions) =>
    unwrap(core, (options?.detail === false ? core.evaluateSummary : core.evaluate)(input(bytes), request(options)));
  return {
    evaluate: ((scenario: Scenario | string, options?: EvaluateOptions) =>
      JSON.parse(evaluateText(scenarioBytes(scenario), options))) as Engine['evaluate'],
    evaluateText(scenario, options) {
      return evaluateText(scenarioBytes(scenario), options);
    },
    check(scenario, options) {
      unwrap(core, core.check(input(scenarioBytes(scenario)), request(options)));
    },
    tokenised: () => core.tokenised(),
    evaluateView(scenario, options) {
      const request = {
        large: options.limits === 'large',
        detail: (options.detail ?? []).join(','),
        texts: options.texts,
        background: options.background ?? false,
      };
      return JSON.parse(unwrap(core, core.evaluateView(input(scenarioBytes(scenario)), request))) as ViewResults;
    },
    viewTokenised: () => core.viewTokenised(),
    describe() {
      descriptors ??= JSON.parse(core.describe()) as MetricDescriptor[];
      return structuredClone(descriptors);
    },
    orderings(scenario, ranking) {
      return JSON.parse(unwrap(jobs, jobs.orderings(scenarioBytes(scenario), ranking))) as Orderings;
    },
    experimentPlan(spec) {
      return JSON.parse(unwrap(jobs, jobs.experimentPlan(JSON.stringify(spec)))) as ResolvedExperimentSpec;
    },
    experiment(spec) {
      return JSON.parse(unwrap(jobs, jobs.experiment(JSON.stringify(spec)))) as ExperimentResult;
    },
    findTerms(scenario, text) {
      const matches = JSON.parse(unwrap(core, core.findTerms(scenarioBytes(scenario), encoder.encode(text)))) as TermMatch[];
      return spansToUtf16(text, matches);
    },
    heapSize: () => (playground ?? loaded(jobModule, 'jobs')).HEAP8.length,
    heapInUse: () => (playground ?? loaded(jobModule, 'jobs')).heapInUse(),
  };
}

export { spansToUtf16 } from './offsets';
