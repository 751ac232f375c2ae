// Hand-written declaration of the run-evaluation module's glue (wasm/dist/fairness-runs.mjs,
// copied beside it by the build): the raw bound names of wasm/runs_bindings.cpp. Use
// wasm/runs-engine.ts instead.
import type { FairnessCoreOptions, RawText } from './fairness-core.mjs';

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

/** The instantiated module: the bound functions of wasm/runs_bindings.cpp. */
export interface FairnessRunsModule {
  /** Starts the module's one run evaluation (options JSON of fairness/runs/options.hpp; params: a scenario without rankings, or ""; paramsFile names it in refusals). `json` is "true" when a collection is needed. */
  runsStart(optionsJson: RawText, paramsJson: RawText, paramsFile: RawText): RawRunsReply;
  /** Opens an input: kind 0 run, 1 background, 2 qrels, 3 labels, 4 queries. */
  runsBegin(kind: number, name: RawText, file: RawText): RawRunsReply;
  /** The input buffer, grown to at least `size` bytes: its address in HEAPU8 (valid until the next runsBuffer or runsReset). */
  runsBuffer(size: number): number;
  /** Feeds the input buffer's first `size` bytes to the open input. */
  runsFeed(size: number): RawRunsReply;
  runsEnd(): RawRunsReply;
  runsCollectionBegin(file: RawText): RawRunsReply;
  /** Feeds the input buffer's first `size` bytes to the collection; `json` is "bytes documents kept". */
  runsCollectionFeed(size: number): RawRunsReply;
  runsCollectionEnd(): RawRunsReply;
  /** The results as `fairness-eval runs --format json` writes them. */
  runsCompute(): RawRunsReply;
  /** The last results' query texts, as a JSON array in the order of their queries. */
  runsQueryTexts(): string;
  runsComparisonsCsv(): string;
  /** One query's top documents of one or two runs as scenario JSON (run B may be ""). */
  runsQueryScenario(query: RawText, runA: RawText, runB: RawText, cutoff: number): RawRunsReply;
  /** Drops the run evaluation and its memory. */
  runsReset(): void;
  /** The WebAssembly memory, seen as bytes (its length is the heap size). */
  HEAP8: Int8Array;
  /** The same memory as unsigned bytes (a new view after the memory grows). */
  HEAPU8: Uint8Array;
}

/** The MODULARIZE factory (the same instantiation options as the playground's module). */
declare function createFairnessRuns(options?: FairnessCoreOptions): Promise<FairnessRunsModule>;
export default createFairnessRuns;
