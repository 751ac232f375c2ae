// The page's side of the engine worker: promises over the typed protocol (./protocol.ts).
//
// Only the latest request of a lane can resolve: sending a newer one rejects the older promise at
// once with a SupersededError, and a late answer to it is dropped. So a result shown on the page
// is always the result of the input as it is now.
import { StaleEditError, fromWireError } from './errors';
import {
  isProgress,
  laneOf,
  type Calls,
  type Kind,
  type PortLike,
  type Progress,
  type Request,
  type Response,
  type RunsDone,
} from './protocol';
import { changesBetween, jsonText } from './scenario-text';
import type { RunsJob, RunsProgress } from './runs-worker-core';
import type {
  ExperimentProgress,
  ExperimentResult,
  ExperimentSpec,
  MetricDescriptor,
  Orderings,
  Results,
  Scenario,
  TermMatch,
  ViewOptions,
  ViewResults,
} from './types';

/** The rejection of a request overtaken by a newer one of its lane: not an error to show. */
export class SupersededError extends Error {
  override name = 'SupersededError';
  readonly superseded = true;
  constructor(readonly id: number) {
    super(`request ${id} was superseded by a newer one`);
  }
}

/** True for the rejection of a superseded request (to ignore it). */
export function isSuperseded(error: unknown): error is SupersededError {
  return error instanceof SupersededError;
}

/** Options of one call. */
export interface CallOptions {
  /**
   * The lane (see ./protocol.ts): a newer call in the same lane supersedes this one. Default:
   * "evaluate" for `evaluate`, "orderings" for `orderings`, none for the others; null: none.
   */
  lane?: string | null;
}

/** Options of a run evaluation: a progress listener. */
export interface RunsCallOptions extends CallOptions {
  /** Called as the worker reads the files (about every 100 ms), before the promise resolves. */
  onProgress?: (progress: RunsProgress) => void;
}

/** Options of an experiment: its lane (default "experiment-a" or "-b"), and a progress listener. */
export interface ExperimentOptions extends CallOptions {
  /** Called after each point the worker computes, before the promise resolves. */
  onProgress?: (progress: ExperimentProgress) => void;
}

interface Pending {
  lane: string | undefined;
  resolve: (result: never) => void;
  reject: (error: Error) => void;
  onProgress?: ((progress: never) => void) | undefined;
}

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listener = (event: { data: unknown }) => this.receive(event.data as Response | Progress);
  /** The live scenario last sent (`live`), and the version it was sent as. */
  private liveSent: { version: number; scenario: object } | null = null;
  private liveVersion = 0;

  /** Why the worker will never answer (its script did not load): every call rejects with it. */
  private failure: Error | null = null;

  /**
   * @param port the engine's Worker (or any port served by `serveEngine`).
   * @param name what the worker serves, for messages ("the engine", "run evaluation").
   */
  constructor(
    private readonly port: PortLike & { start?: () => void; terminate?: () => void },
    private readonly name = 'the engine',
  ) {
    port.addEventListener('message', this.listener);
    // A Worker fails outside any request when its script does not load (a host missing a file,
    // a policy refusing it) or its code throws uncaught: what it was asked would wait for ever.
    if ('onerror' in port) (port as unknown as EventTarget).addEventListener('error', (event) => this.fail(event));
    port.start?.();
  }

  /**
   * Every metric for every ranking of `scenario`. Rejects with ScenarioError when the core refuses
   * it, and with SupersededError when a newer evaluation (same lane) was asked for meanwhile.
   */
  evaluate(scenario: Scenario | string, options?: CallOptions): Promise<Results> {
    return this.call('evaluate', { scenario }, options) as Promise<Results>;
  }

  /**
   * The page's live evaluation (`Engine.evaluateView`: the values, the detail of the metrics asked
   * for, the texts not returned before), in the lane "evaluate" like `evaluate`.
   *
   * `scenario` is sent whole the first time, then as its changes from the scenario sent before
   * (./scenario-text.ts), found by identity, as edits share what they do not touch. A typed
   * character at 1,000 documents posts a path and a short string instead of 240 kB of JSON, and
   * nothing is serialised on the page's thread for it. Should the worker not hold what an edit
   * changes, the scenario goes whole again.
   */
  live(scenario: object, options: ViewOptions): Promise<ViewResults> {
    const version = ++this.liveVersion;
    const before = this.liveSent;
    this.liveSent = { version, scenario };
    // Whole, as text: kept per object here, so what the page writes later (the autosave, the link)
    // re-serialises only what an edit changed.
    const whole = () => this.call('view', { scenario: jsonText(scenario)!, options, live: { version } });
    const changes = before ? changesBetween(before.scenario, scenario) : null;
    if (!before || !changes) return whole();
    const edit = { base: before.version, changes };
    return this.call('view', { scenario: null, options, live: { version, edit } }).catch((error: unknown) => {
      if (!(error instanceof StaleEditError) || this.liveSent?.version !== version) throw error;
      return whole();
    });
  }

  /**
   * Checks a scenario before taking it (a ?scenario= file, a shared link, an import), without
   * superseding, or being superseded by, the live evaluation: the core reads it as an evaluation
   * would and computes nothing (`Engine.check`). Bytes are read as the CLI reads a file (UTF-8,
   * or refused). Rejects with ScenarioError as evaluate.
   */
  validate(scenario: Scenario | string | Uint8Array, options: CallOptions = { lane: null }): Promise<null> {
    return this.call('check', { scenario }, options);
  }

  /** The group terms in `text` (UTF-16 indices), under the scenario's lexicon and tokenizer. */
  findTerms(scenario: Scenario | string, text: string, options?: CallOptions): Promise<TermMatch[]> {
    return this.call('findTerms', { scenario, text }, options);
  }

  /**
   * The fairest and least fair ordering of ranking `ranking` (index from 0) under every metric.
   * Runs in the lane "orderings": a newer call supersedes an older one still waiting, and it
   * never supersedes (nor waits to be superseded by) an evaluation.
   */
  orderings(scenario: Scenario | string, ranking: number, options?: CallOptions): Promise<Orderings> {
    return this.call('orderings', { scenario, ranking }, options);
  }

  /**
   * The DIPS paper's Figure 1a or 1b, computed in the worker one point at a time (other requests
   * are answered between points); `onProgress` hears of each point. Runs in the lane
   * "experiment-a" or "experiment-b": a newer run of the same figure supersedes this one, even
   * under way, and neither figure ever supersedes an evaluation. Rejects with ScenarioError
   * naming the field of a bad spec.
   */
  experiment(spec: ExperimentSpec, options: ExperimentOptions = {}): Promise<ExperimentResult> {
    const { onProgress, ...call } = options;
    return this.call('experiment', { spec }, { lane: `experiment-${spec.figure}`, ...call }, onProgress);
  }

  /** Every metric's descriptor. */
  describe(): Promise<MetricDescriptor[]> {
    return this.call('describe', {});
  }

  /**
   * Evaluates the runs of `job` (the runs worker: ./runs.worker.ts), its files read as streams;
   * `onProgress` hears how far the reading is. Rejects with RunsInputError naming the file, line
   * and field of a refused input, or ScenarioError for refused params. In the lane "runs".
   */
  runs(job: RunsJob, options: RunsCallOptions = {}): Promise<RunsDone> {
    const { onProgress, ...call } = options;
    return this.call('runs', { job }, call, onProgress);
  }

  /** One query of the last `runs` results as scenario JSON: run A's and run B's top `cutoff` documents. */
  runsScenario(query: string, runA: string, runB: string, cutoff: number): Promise<string> {
    return this.call('runsScenario', { query, runA, runB, cutoff });
  }

  /** Requests sent and not settled yet. */
  get outstanding(): number {
    return this.pending.size;
  }

  /**
   * Stops the engine mid-request: terminates the Worker and rejects every outstanding promise
   * with SupersededError (they were overtaken by a newer request that goes to a fresh worker).
   */
  cancel(): void {
    this.dispose((id) => new SupersededError(id));
  }

  /** Stops listening (and terminates a Worker); every outstanding promise rejects. */
  dispose(reason = (id: number): Error => new Error(`request ${id}: the engine client was disposed`)): void {
    this.port.removeEventListener?.('message', this.listener);
    this.port.terminate?.();
    const pending = [...this.pending];
    this.pending.clear();
    for (const [id, p] of pending) p.reject(reason(id));
  }

  /** Rejects what the worker was asked; a worker whose script did not load, what it will be asked too. */
  private fail(event: Event): void {
    const thrown = (event as Partial<ErrorEvent>).message || null; // an ErrorEvent: code that threw
    const error = new Error(
      thrown
        ? `${this.name}'s worker stopped: ${thrown}`
        : `${this.name}'s worker did not start: its script could not be loaded (if you host this copy, upload the whole folder, assets/ included)`,
    );
    if (!thrown) this.failure = error;
    const pending = [...this.pending];
    this.pending.clear();
    for (const [, p] of pending) p.reject(error);
  }

  private call<K extends Kind>(
    kind: K,
    params: Calls[K]['params'],
    options?: CallOptions,
    onProgress?: (progress: never) => void,
  ): Promise<Calls[K]['result']> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const request = { id, kind, ...params, ...(options?.lane !== undefined ? { lane: options.lane } : {}) } as Request;
    const lane = laneOf(request);
    if (lane !== undefined)
      for (const [older, p] of this.pending)
        if (p.lane === lane) {
          this.pending.delete(older);
          p.reject(new SupersededError(older));
        }
    return new Promise<Calls[K]['result']>((resolve, reject) => {
      this.pending.set(id, { lane, resolve: resolve as (result: never) => void, reject, onProgress });
      this.port.postMessage(request);
    });
  }

  private receive(response: Response | Progress): void {
    const p = this.pending.get(response.id);
    if (!p) return; // superseded here already, or not ours
    if (isProgress(response)) {
      p.onProgress?.(response.progress as never);
      return;
    }
    this.pending.delete(response.id);
    if ('superseded' in response) p.reject(new SupersededError(response.id));
    else if (response.ok) p.resolve(response.result as never);
    else p.reject(fromWireError(response.error));
  }
}

/** A port the long-job clients can stop: a Worker, or a test's double. */
export type StoppablePort = PortLike & { start?: () => void; terminate: () => void };

/**
 * Long requests (best and worst orderings, the DIPS experiments), each lane in an engine worker
 * of its own, so the live evaluation never waits behind them. A newer request of a lane whose
 * worker is still busy terminates that worker (the older request stops at once and rejects with
 * SupersededError) and goes to a fresh one; an idle worker is kept for the lane's next request.
 */
export class LongJobs {
  private readonly clients = new Map<string, EngineClient>();

  /** @param start starts an engine worker (or a test's port) for a lane. */
  constructor(private readonly start: (lane: string) => StoppablePort) {}

  orderings(scenario: Scenario | string, ranking: number, lane = `orderings:${ranking}`): Promise<Orderings> {
    return this.client(lane).orderings(scenario, ranking, { lane });
  }

  experiment(spec: ExperimentSpec, options: ExperimentOptions = {}): Promise<ExperimentResult> {
    const lane = options.lane ?? `experiment-${spec.figure}`;
    return this.client(lane).experiment(spec, { ...options, lane });
  }

  /** Lanes with a worker started. */
  get lanes(): string[] {
    return [...this.clients.keys()];
  }

  /** Terminates every worker; outstanding requests reject. */
  dispose(): void {
    for (const client of this.clients.values()) client.dispose();
    this.clients.clear();
  }

  private client(lane: string): EngineClient {
    const busy = this.clients.get(lane);
    if (busy && busy.outstanding === 0) return busy;
    busy?.cancel();
    const fresh = new EngineClient(this.start(lane));
    this.clients.set(lane, fresh);
    return fresh;
  }
}

/** Long jobs in module workers of their own (see LongJobs). */
export function startLongJobWorkers(): LongJobs {
  return new LongJobs(
    (lane) => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: `fairness-jobs ${lane}` }),
  );
}

/**
 * Starts the engine in a module worker and returns its client. (The `new Worker(new URL(…))`
 * form is what bundlers such as Vite recognise to bundle the worker.)
 */
export function startEngineWorker(): EngineClient {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'fairness-engine' });
  return new EngineClient(worker);
}
