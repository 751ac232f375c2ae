// Run evaluation over its WebAssembly module (SPEC "Run evaluation"): the typed face of the raw
// runs* calls of wasm/runs_bindings.cpp (fairness-runs.wasm, apart from the playground's module). The module holds one evaluation; the bytes of every input are
// fed in chunks, as the CLI feeds them. Nothing here holds a C++ object.
import createFairnessRuns, { type FairnessRunsModule, type RawRunsReply } from './dist/fairness-runs.mjs';
import type { LoadOptions } from './engine';
import { RunsInputError, moduleNotLoaded } from './errors';

/** The CLI's flags as the core's options JSON reads them (fairness/runs/options.hpp). */
export interface RunsOptions {
  /** Whole numbers; anything else (as a form's field holds it) is refused, quoted as the CLI quotes it. */
  cutoffs?: (number | string)[];
  order?: 'score' | 'file';
  official?: boolean;
  backgroundFrom?: 'run' | 'collection';
  /** A whole number; anything else is refused as the cut-offs are. */
  backgroundDepth?: number | string;
  /** Metric names (`NFaiRR`) or columns (`NFaiRR@10`); empty: every metric. */
  metrics?: string[];
  /** A run's name; empty: the first run. */
  baseline?: string;
  queryLabel?: string;
  /** 95% intervals: Student's t only, or a bootstrap percentile interval beside it. */
  ci?: 't' | 'bootstrap';
  /** With `ci: "bootstrap"` only; whole numbers, anything else refused as the cut-offs are. */
  bootstrapSamples?: number | string;
  bootstrapSeed?: number | string;
}

/** The kinds of input, in the order the CLI feeds them (the collection comes last, on its own). */
export type RunsInputKind = 'run' | 'background' | 'qrels' | 'labels' | 'queries';
const KIND_CODE: Record<RunsInputKind, number> = { run: 0, background: 1, qrels: 2, labels: 3, queries: 4 };

/** The collection's progress: bytes fed (uncompressed), documents read, documents kept. */
export interface CollectionProgress {
  bytes: number;
  documents: number;
  kept: number;
}

export interface RunsEngine {
  /** Starts a new evaluation (the previous one is dropped); true when the metrics need a collection. */
  start(options: RunsOptions, params?: string | Uint8Array, paramsFile?: string): boolean;
  begin(kind: RunsInputKind, name: string, file: string): void;
  feed(chunk: Uint8Array): void;
  end(): void;
  collectionBegin(file: string): void;
  collectionFeed(chunk: Uint8Array): CollectionProgress;
  collectionEnd(): CollectionProgress;
  /** The results JSON, byte for byte what `fairness-eval runs --format json` prints. */
  compute(): string;
  /** The query texts of the last results (from an annotated query list; else empty strings). */
  queryTexts(): string[];
  /** The comparisons of the last results, byte for byte what `fairness-eval runs --format comparisons-csv` prints. */
  comparisonsCsv(): string;
  /** One query's top `cutoff` documents of run A (and B) as scenario JSON for the playground. */
  queryScenario(query: string, runA: string, runB: string, cutoff: number): string;
  reset(): void;
  /** Size of the WebAssembly memory in bytes. */
  heapSize(): number;
}

function unwrap(reply: RawRunsReply): string {
  if (reply.ok) return reply.json;
  throw new RunsInputError(reply.file, reply.line, reply.field, reply.message);
}

function progressOf(text: string): CollectionProgress {
  const [bytes, documents, kept] = text.split(' ').map(Number);
  return { bytes: bytes!, documents: documents!, kept: kept! };
}

export function wrapRuns(core: FairnessRunsModule): RunsEngine {
  // A chunk goes into the module's input buffer with one copy (see runs_bindings.cpp). The buffer
  // is grown for a larger chunk; HEAPU8 is read after runsBuffer, which may grow the memory.
  let capacity = 0;
  let address = 0;
  const put = (chunk: Uint8Array): number => {
    if (chunk.byteLength > capacity) {
      capacity = Math.max(chunk.byteLength, 1 << 20);
      address = core.runsBuffer(capacity);
    }
    core.HEAPU8.set(chunk, address);
    return chunk.byteLength;
  };
  return {
    start: (options, params = '', paramsFile = 'params') => unwrap(core.runsStart(JSON.stringify(options), params, paramsFile)) === 'true',
    begin: (kind, name, file) => void unwrap(core.runsBegin(KIND_CODE[kind], name, file)),
    feed: (chunk) => void unwrap(core.runsFeed(put(chunk))),
    end: () => void unwrap(core.runsEnd()),
    collectionBegin: (file) => void unwrap(core.runsCollectionBegin(file)),
    collectionFeed: (chunk) => progressOf(unwrap(core.runsCollectionFeed(put(chunk)))),
    collectionEnd: () => progressOf(unwrap(core.runsCollectionEnd())),
    compute: () => unwrap(core.runsCompute()),
    queryTexts: () => JSON.parse(core.runsQueryTexts()) as string[],
    comparisonsCsv: () => core.runsComparisonsCsv(),
    queryScenario: (query, runA, runB, cutoff) => unwrap(core.runsQueryScenario(query, runA, runB, cutoff)),
    reset: () => {
      core.runsReset();
      capacity = 0;
    },
    heapSize: () => core.HEAP8.length,
  };
}

/** Instantiates the run-evaluation module (one per runs worker); options as loadEngine's, for fairness-runs.wasm. */
export async function loadRunsEngine(options: LoadOptions = {}): Promise<RunsEngine> {
  const init: Parameters<typeof createFairnessRuns>[0] = {};
  if (options.wasmBinary) init.wasmBinary = options.wasmBinary;
  if (options.locateFile) init.locateFile = options.locateFile;
  return wrapRuns(await createFairnessRuns(init).catch(moduleNotLoaded('fairness-runs.wasm')));
}
