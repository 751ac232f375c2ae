// Hand-written declaration of the Emscripten glue (wasm/dist/fairness-core.mjs, copied beside it
// by the build). These are the raw bound names of wasm/bindings.cpp; use wasm/engine.ts instead.

/** Text accepted where the C++ side takes a `std::string`: a JS string (sent as UTF-8) or bytes. */
export type RawText = string | Uint8Array | ArrayBuffer;

/** What every raw call returns: a plain object, nothing to delete. */
export interface RawReply {
  /** True when `json` holds the result. */
  ok: boolean;
  /** The result as JSON text (empty when `ok` is false). */
  json: string;
  /** The JSON path the core blames (`params.k`, `rankings[0].docs[2].label`); empty for an internal failure. */
  field: string;
  /** The core's message, without the field. */
  message: string;
}

/** What every run-evaluation call returns: a plain object, nothing to delete. */
export interface RawRunsReply {
  ok: boolean;
  /** The result (empty for calls that return nothing). */
  json: string;
  /** The file the core blames (a run's file name, `--cutoffs`, `params`); empty for an internal failure. */
  file: string;
  /** Its line, from 1; 0 when the refusal is not about one line. */
  line: number;
  /** The field, when the core names one. */
  field: string;
  /** The whole message, "FILE:LINE: field: message" as the CLI prints it. */
  message: string;
}

/** The instantiated module: the bound functions of wasm/bindings.cpp. */
export interface FairnessCoreModule {
  /** Scenario JSON in, results JSON out (`fairness::evaluate_json`). */
  evaluate(scenarioJson: RawText): RawReply;
  /** Group terms of `text` under the scenario's lexicon and tokenizer; offsets in UTF-8 bytes. */
  findTerms(scenarioJson: RawText, text: RawText): RawReply;
  /**
   * The fairest and least fair ordering of ranking `ranking` (index from 0) under every metric
   * (`fairness::orderings_json`): exhaustive up to 8 documents, a local search beyond.
   */
  orderings(scenarioJson: RawText, ranking: number): RawReply;
  /** Every metric's descriptor as JSON text. */
  describe(): string;
  /** The DIPS paper's experiment spec, checked and with its defaults filled in (`experiments::spec_json`). */
  experimentPlan(specJson: RawText): RawReply;
  /** The DIPS paper's Figure 1a or 1b at every x of the spec (`experiments::run_json`). */
  experiment(specJson: RawText): RawReply;
  /** Bytes the C++ allocator holds for live objects. */
  heapInUse(): number;
  /** Starts the module's one run evaluation (options JSON of fairness/runs/options.hpp; params: a scenario without rankings, or ""; paramsFile names it in refusals). `json` is "true" when a collection is needed. */
  runsStart(optionsJson: RawText, paramsJson: RawText, paramsFile: RawText): RawRunsReply;
  /** Opens an input: kind 0 run, 1 background, 2 qrels, 3 labels, 4 queries. */
  runsBegin(kind: number, name: RawText, file: RawText): RawRunsReply;
  runsFeed(chunk: RawText): RawRunsReply;
  runsEnd(): RawRunsReply;
  runsCollectionBegin(file: RawText): RawRunsReply;
  /** `json` is "bytes documents kept". */
  runsCollectionFeed(chunk: RawText): RawRunsReply;
  runsCollectionEnd(): RawRunsReply;
  /** The results as `fairness-eval runs --format json` writes them. */
  runsCompute(): RawRunsReply;
  /** The last results' query texts, as a JSON array in the order of their queries. */
  runsQueryTexts(): string;
  /** One query's top documents of one or two runs as scenario JSON (run B may be ""). */
  runsQueryScenario(query: RawText, runA: RawText, runB: RawText, cutoff: number): RawRunsReply;
  /** Drops the run evaluation and its memory. */
  runsReset(): void;
  /** The WebAssembly memory, seen as bytes (its length is the heap size). */
  HEAP8: Int8Array;
}

/** Options the glue reads at instantiation (`-sINCOMING_MODULE_JS_API`). */
export interface FairnessCoreOptions {
  /** The .wasm bytes, when the caller has them already (Node, tests). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where a file the glue needs (the .wasm) lives, e.g. a URL a bundler resolved. */
  locateFile?: (path: string, scriptDirectory: string) => string;
  /** Custom instantiation (see Emscripten's Module.instantiateWasm). */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => WebAssembly.Exports | Record<string, never>;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

/** The MODULARIZE factory. */
declare function createFairnessCore(options?: FairnessCoreOptions): Promise<FairnessCoreModule>;
export default createFairnessCore;
