// Hand-written declaration of the long jobs' Emscripten glue (wasm/dist/fairness-jobs.mjs, copied
// beside it by the build): the raw bound names of wasm/jobs_bindings.cpp; use wasm/engine.ts instead.
import type { FairnessCoreOptions, RawReply, RawText } from './fairness-core.d.mts';

/** The instantiated module: the bound functions of wasm/jobs_bindings.cpp. */
export interface FairnessJobsModule {
  /**
   * The fairest and least fair ordering of ranking `ranking` (index from 0) under every metric
   * (`fairness::orderings_json`): exhaustive up to 8 documents, a local search beyond.
   */
  orderings(scenarioJson: RawText, ranking: number): RawReply;
  /** The DIPS paper's experiment spec, checked and with its defaults filled in (`experiments::spec_json`). */
  experimentPlan(specJson: RawText): RawReply;
  /** The DIPS paper's Figure 1a or 1b at every x of the spec (`experiments::run_json`). */
  experiment(specJson: RawText): RawReply;
  /** Bytes the C++ allocator holds for live objects. */
  heapInUse(): number;
  /** The WebAssembly memory, seen as bytes (its length is the heap size). */
  HEAP8: Int8Array;
  /** The same, unsigned: where a reply's result is read. */
  HEAPU8: Uint8Array;
}

/** The MODULARIZE factory (the same options as the playground's module). */
declare function createFairnessJobs(options?: FairnessCoreOptions): Promise<FairnessJobsModule>;
export default createFairnessJobs;
