// Hand-written declaration of the Emscripten glue (wasm/dist/fairness-core.mjs, copied beside it
// by the build). These are the raw bound names of wasm/bindings.cpp; use wasm/engine.ts instead.

/** Text accepted where the C++ side takes a `std::string`: a JS string (sent as UTF-8) or bytes. */
export type RawText = string | Uint8Array | ArrayBuffer;

/** What every raw call returns: a plain object, nothing to delete. */
export interface RawReply {
  /** True when `at` and `bytes` locate the result. */
  ok: boolean;
  /** Where the result's JSON text (UTF-8) starts in HEAPU8; valid until the module's next call. */
  at: number;
  /** Its length in bytes (0 when `ok` is false). */
  bytes: number;
  /** The JSON path the core blames (`params.k`, `rankings[0].docs[2].label`, `scenario[""]`). */
  field: string;
  /** The core's message, without the field. */
  message: string;
  /** True for a failure of the core itself (a bug, memory exhausted), not a refusal of the input. */
  internal: boolean;
}

/** The choices of one evaluation. */
export interface RawEvaluateRequest {
  /** The large tier of core/limits.json (its outputBytes capped at the default: one V8 string). */
  large: boolean;
}

/** What the page asks of an evaluation (`evaluateView`). */
export interface RawViewRequest extends RawEvaluateRequest {
  /** Metric ids whose `perRank` and `atCutoff` to include, comma-separated ("" for none). */
  detail: string;
  /** Which texts' terms each ranking's `texts` lists: "all", or "unreported" (not sent before). */
  texts: string;
  /** Whether to list the background documents (the results' `background`). */
  background: boolean;
}

/** The instantiated module: the bound functions of wasm/bindings.cpp. */
export interface FairnessCoreModule {
  /**
   * Room for a scenario of `bytes` bytes: its address in HEAPU8, where the caller writes the
   * scenario's UTF-8 text before calling evaluate, evaluateSummary or evaluateView with its length.
   */
  inputBuffer(bytes: number): number;
  /**
   * Scenario JSON in (the first `scenarioBytes` of the input buffer), results JSON out (`fairness::Evaluator::evaluate_json`): the module keeps
   * the last call's analysed texts, so a call tokenises only texts the previous call did not have.
   */
  evaluate(scenarioBytes: number, request: RawEvaluateRequest): RawReply;
  /** The results without per-rank detail, values at every cut-off or documents (`EvaluateOptions{.detail = false}`). */
  evaluateSummary(scenarioBytes: number, request: RawEvaluateRequest): RawReply;
  /** The scenario read and checked as `evaluate` reads it, nothing computed; the result is "{}". */
  check(scenarioBytes: number, request: RawEvaluateRequest): RawReply;
  /**
   * The page's view (`EvaluateOptions` detail_metrics and texts), through an Evaluator of its own:
   * the values, the detail of the metrics asked for, and each ranking's `texts`.
   */
  evaluateView(scenarioBytes: number, request: RawViewRequest): RawReply;
  /** Texts the last `evaluate` tokenised (the rest came from its cache). */
  tokenised(): number;
  /** Texts the last `evaluateView` tokenised. */
  viewTokenised(): number;
  /** Group terms of `text` under the scenario's lexicon and tokenizer; offsets in UTF-8 bytes. */
  findTerms(scenarioJson: RawText, text: RawText): RawReply;
  /** Every metric's descriptor as JSON text. */
  describe(): string;
  /** Bytes the C++ allocator holds for live objects. */
  heapInUse(): number;
  /** The WebAssembly memory, seen as bytes (its length is the heap size). */
  HEAP8: Int8Array;
  /** The same, unsigned: where a reply's result is read. */
  HEAPU8: Uint8Array;
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
