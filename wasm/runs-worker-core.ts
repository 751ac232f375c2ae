// The runs worker's logic as plain code, so Node tests drive it without a browser: each input
// File is read with File.stream() (gzip, told by its magic bytes as zlib does, read as the CLI
// reads it: ./gunzip.ts), its chunks handed to the core as they come. Nothing holds a whole file:
// memory is bounded by what the core keeps (the documents the runs name).
// wasm/runs.worker.ts wires it to the worker's messages.
import { gunzipChunks } from './gunzip';
import { RunsInputError, type RunsEngine, type RunsInputKind, type RunsOptions } from './runs-engine';

/** One input file: a Blob (a File in the page) and the name messages use. */
export interface RunsFile {
  kind: RunsInputKind | 'collection';
  file: Blob;
  /** The file's name (File.name), as messages name it. */
  name: string;
  /** A run's name (kind "run"); default: the file's stem, as the CLI's. */
  runName?: string;
}

export interface RunsJob {
  options: RunsOptions;
  /** A params file (scenario JSON without rankings), or the playground's params as text. */
  params?: { name: string; file?: Blob; text?: string };
  files: RunsFile[];
}

export interface RunsProgress {
  /** The file being read. */
  file: string;
  kind: RunsFile['kind'] | 'computing';
  /** Bytes of all the inputs read so far (compressed bytes for a gzip file), and their total. */
  bytesRead: number;
  totalBytes: number;
  /** Collection documents read and kept so far. */
  documents: number;
  kept: number;
  /** Input bytes per second since the start, in MB (10^6 bytes). */
  mbPerSecond: number;
  /** Time left from the bytes left at the rate so far; null before there is a rate. */
  secondsLeft: number | null;
}

/** The refusal as it crosses the worker boundary. */
export interface RunsRefusal {
  file: string;
  line: number;
  field: string;
  message: string;
}

/** The CLI's run name of a path: its stem, without .gz (fairness-eval runs' stem()). */
export function runStem(fileName: string): string {
  let name = fileName.replace(/^.*[\\/]/, '');
  if (name.endsWith('.gz')) name = name.slice(0, -3);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

async function isGzip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * The file's bytes in the chunks the stream gives (decompressed when it is gzip, as the CLI reads
 * gzip: ./gunzip.ts); `onRaw` gets the size of each chunk of the file itself, for the progress.
 */
export async function* fileChunks(file: Blob, name: string, onRaw: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  if (await isGzip(file)) return yield* gunzipChunks(file, name, onRaw);
  const reader = (file.stream() as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw new RunsInputError(name, 0, '', `${name}: cannot read the file: ${String(error)}`);
      }
      if (next.done) return;
      onRaw(next.value.byteLength);
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The order the CLI feeds its inputs in: runs, background, qrels, labels, queries, collection. */
const ORDER: RunsFile['kind'][] = ['run', 'background', 'qrels', 'labels', 'queries', 'collection'];

/** Turns anything thrown into a refusal (an internal failure has no file). */
export function toRefusal(error: unknown): RunsRefusal {
  if (error instanceof RunsInputError) return { file: error.file, line: error.line, field: error.field, message: error.message };
  return { file: '', line: 0, field: '', message: error instanceof Error ? error.message : String(error) };
}

export interface EvaluateRunsOptions {
  onProgress?: (progress: RunsProgress) => void;
  /** Milliseconds between progress reports (default 100). */
  progressEvery?: number;
  /** A clock in milliseconds (default performance.now). */
  now?: () => number;
}

/**
 * Evaluates the runs of `job` with `engine` and returns the results JSON, as
 * `fairness-eval runs --format json` with the same files and options prints it.
 * @throws RunsInputError naming the file, line and field of a refused input.
 */
export async function evaluateRuns(engine: RunsEngine, job: RunsJob, options: EvaluateRunsOptions = {}): Promise<string> {
  const now = options.now ?? (() => performance.now());
  const every = options.progressEvery ?? 100;
  const started = now();
  let params: string | Uint8Array = '';
  if (job.params) params = job.params.text ?? new Uint8Array(await job.params.file!.arrayBuffer());
  const needsCollection = engine.start(job.options, params, job.params?.name ?? 'params');

  const files = [...job.files].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const read = files.filter((f) => f.kind !== 'collection' || needsCollection);
  const totalBytes = read.reduce((sum, f) => sum + f.file.size, 0);
  let bytesRead = 0;
  let fed = 0;
  let last = -Infinity;
  let counts = { documents: 0, kept: 0 };
  const report = (file: string, kind: RunsProgress['kind'], force = false) => {
    const t = now();
    if (!options.onProgress || (!force && t - last < every)) return;
    last = t;
    const seconds = (t - started) / 1000;
    const rate = seconds > 0 ? bytesRead / seconds : 0;
    options.onProgress({
      file,
      kind,
      bytesRead,
      totalBytes,
      documents: counts.documents,
      kept: counts.kept,
      mbPerSecond: seconds > 0 ? fed / 1e6 / seconds : 0,
      secondsLeft: rate > 0 ? (totalBytes - bytesRead) / rate : null,
    });
  };

  for (const f of read) {
    const onRaw = (n: number) => (bytesRead += n);
    if (f.kind === 'collection') {
      engine.collectionBegin(f.name);
      for await (const chunk of fileChunks(f.file, f.name, onRaw)) {
        fed += chunk.byteLength;
        counts = engine.collectionFeed(chunk);
        report(f.name, f.kind);
      }
      counts = engine.collectionEnd();
    } else {
      engine.begin(f.kind, f.kind === 'run' ? (f.runName ?? runStem(f.name)) : '', f.name);
      for await (const chunk of fileChunks(f.file, f.name, onRaw)) {
        fed += chunk.byteLength;
        engine.feed(chunk);
        report(f.name, f.kind);
      }
      engine.end();
    }
    report(f.name, f.kind, true);
  }
  report('', 'computing', true);
  return engine.compute();
}

// ------------------------------------------------------------------------------------------------
// The worker's messages.

export type RunsRequest =
  { type: 'evaluate'; job: RunsJob } | { type: 'scenario'; id: number; query: string; runA: string; runB: string; cutoff: number };

export type RunsReply =
  | { type: 'ready' }
  | { type: 'progress'; progress: RunsProgress }
  | { type: 'done'; json: string; queryTexts: string[]; comparisonsCsv: string; heapBytes: number }
  | { type: 'refused'; refusal: RunsRefusal }
  | { type: 'scenario'; id: number; json?: string; refusal?: RunsRefusal };

/** Serves one worker's requests: an evaluation, then any number of scenario requests about it. */
export function serveRuns(port: { postMessage(message: RunsReply): void }, enginePromise: Promise<RunsEngine>) {
  return async (request: RunsRequest): Promise<void> => {
    let engine: RunsEngine;
    try {
      engine = await enginePromise;
    } catch (error) {
      port.postMessage({ type: 'refused', refusal: toRefusal(error) });
      return;
    }
    if (request.type === 'evaluate') {
      try {
        const json = await evaluateRuns(engine, request.job, {
          onProgress: (progress) => port.postMessage({ type: 'progress', progress }),
        });
        port.postMessage({
          type: 'done',
          json,
          queryTexts: engine.queryTexts(),
          comparisonsCsv: engine.comparisonsCsv(),
          heapBytes: engine.heapSize(),
        });
      } catch (error) {
        engine.reset();
        port.postMessage({ type: 'refused', refusal: toRefusal(error) });
      }
    } else {
      try {
        port.postMessage({
          type: 'scenario',
          id: request.id,
          json: engine.queryScenario(request.query, request.runA, request.runB, request.cutoff),
        });
      } catch (error) {
        port.postMessage({ type: 'scenario', id: request.id, refusal: toRefusal(error) });
      }
    }
  };
}
