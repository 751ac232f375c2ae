// The runs worker's logic as plain code, so Node tests drive it without a browser: each input
// File is read with File.stream() (gzip, told by its magic bytes as zlib does, read as the CLI
// reads it: ./gunzip.ts), its chunks handed to the core as they come. Nothing holds a whole file:
// memory is bounded by what the core keeps (the documents the runs name).
// serveRuns answers the requests of the page's one protocol (./protocol.ts) that are this worker's;
// wasm/runs.worker.ts wires it to the worker's messages.
import { RunsInputError, toWireError, type WireError } from './errors';
import { gunzipChunks } from './gunzip';
import type { PortLike, Progress, Request, Response } from './protocol';
import type { RunsEngine, RunsInputKind, RunsOptions } from './runs-engine';

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
// The worker's requests.

/**
 * Serves the runs worker's requests of the protocol (./protocol.ts) on `port`: `runs`, an
 * evaluation, posting its progress (kind "runs") before the one response; then any number of
 * `runsScenario` about its results. Any other kind is answered with an error, as the engine's
 * worker answers `runs`. A failed load of the module fails each request.
 */
export function serveRuns(port: PortLike & { start?: () => void }, enginePromise: Promise<RunsEngine>): void {
  const send = (message: Response | Progress) => port.postMessage(message);
  const fail = (request: Request, error: WireError) => send({ id: request.id, kind: request.kind, ok: false, error } as Response);
  const serve = async (request: Request): Promise<void> => {
    let engine: RunsEngine;
    try {
      engine = await enginePromise;
    } catch (error) {
      const wire = toWireError(error);
      return fail(request, { ...wire, message: `the run-evaluation module did not load: ${wire.message}` });
    }
    const { id } = request;
    if (request.kind === 'runs') {
      try {
        const json = await evaluateRuns(engine, request.job, {
          onProgress: (progress) => send({ id, kind: 'runs', progress }),
        });
        const result = { json, queryTexts: engine.queryTexts(), comparisonsCsv: engine.comparisonsCsv(), heapBytes: engine.heapSize() };
        send({ id, kind: 'runs', ok: true, result });
      } catch (error) {
        engine.reset();
        fail(request, toWireError(error));
      }
    } else if (request.kind === 'runsScenario') {
      try {
        const result = engine.queryScenario(request.query, request.runA, request.runB, request.cutoff);
        send({ id, kind: 'runsScenario', ok: true, result });
      } catch (error) {
        fail(request, toWireError(error));
      }
    } else {
      fail(request, { name: 'Error', message: `${request.kind}: not served by the runs worker (the engine's worker serves it)` });
    }
  };
  port.addEventListener('message', (event) => {
    const data = event.data as Partial<Request> | null;
    if (typeof data === 'object' && data !== null && typeof data.id === 'number' && typeof data.kind === 'string')
      void serve(data as Request);
  });
  port.start?.();
}
