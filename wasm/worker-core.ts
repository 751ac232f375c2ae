// The engine worker's logic as plain code, so Node tests drive it without a browser:
// `respond` answers one request; `EngineServer` queues requests, lets a newer request supersede
// older ones of its lane, and answers each in turn. wasm/engine.worker.ts only wires it to `self`.
import type { Engine } from './engine';
import { StaleEditError, toWireError, type WireError } from './errors';
import { ExperimentRun } from './experiment-run';
import { laneOf, type PortLike, type Progress, type Request, type RequestOf, type Response } from './protocol';
import { applyChanges, fromJson, jsonText } from './scenario-text';
import type { Scenario } from './types';

/** Answers one request with the engine. Never throws: a failure is an `ok: false` response. */
export function respond(engine: Engine, request: Request): Response {
  try {
    switch (request.kind) {
      case 'evaluate':
        return { id: request.id, kind: request.kind, ok: true, result: engine.evaluate(request.scenario) };
      case 'view': {
        if (request.scenario === null) throw new StaleEditError('an edit of the live scenario reached the engine unapplied');
        // The live copy (an object) as text, re-serialising only what its edits changed.
        const scenario = typeof request.scenario === 'string' ? request.scenario : jsonText(request.scenario)!;
        return { id: request.id, kind: request.kind, ok: true, result: engine.evaluateView(scenario, request.options) };
      }
      case 'check':
        engine.check(request.scenario);
        return { id: request.id, kind: request.kind, ok: true, result: null };
      case 'findTerms':
        return { id: request.id, kind: request.kind, ok: true, result: engine.findTerms(request.scenario, request.text) };
      case 'describe':
        return { id: request.id, kind: request.kind, ok: true, result: engine.describe() };
      case 'orderings':
        return { id: request.id, kind: request.kind, ok: true, result: engine.orderings(request.scenario, request.ranking) };
      case 'experiment': // all at once; EngineServer runs it step by step instead
        return { id: request.id, kind: request.kind, ok: true, result: engine.experiment(request.spec) };
      case 'runs':
      case 'runsScenario':
        throw new Error(`${request.kind}: run evaluation is the runs worker's (wasm/runs.worker.ts), not the engine's`);
      default: {
        const unknown = request as { id: number; kind: string };
        throw new Error(`unknown request kind ${JSON.stringify(unknown.kind)}`);
      }
    }
  } catch (error) {
    return { id: request.id, kind: request.kind, ok: false, error: toWireError(error) } as Response;
  }
}

/**
 * The live scenario as the worker last received it (see `Calls['view']`). Requests are resolved
 * to their whole scenario as they arrive, in order, so one superseded before it is computed still
 * moves the copy forward, and the edit after it applies to the right version.
 */
export class LiveCopy {
  private version: number | null = null;
  private scenario: unknown = null;
  /** The text of a scenario sent whole, read into `scenario` at its first edit (not before the first answer). */
  private text: string | null = null;

  /** The request with its whole scenario, or the error to answer when its edit cannot be applied. */
  resolve(request: RequestOf<'view'>): RequestOf<'view'> | WireError {
    const { live } = request;
    if (!live) return request;
    const held = this.version;
    this.version = null; // until this request is taken
    try {
      if (!live.edit) {
        [this.scenario, this.text] = typeof request.scenario === 'string' ? [null, request.scenario] : [request.scenario, null];
        this.version = live.version;
        return request;
      }
      if (held !== live.edit.base)
        throw new StaleEditError(
          `the engine holds ${held === null ? 'no live scenario' : `version ${held}`}, not version ${live.edit.base}`,
        );
      if (this.text !== null) [this.scenario, this.text] = [fromJson(this.text), null];
      this.scenario = applyChanges(this.scenario, live.edit.changes);
      this.version = live.version;
      return { ...request, scenario: this.scenario as Scenario };
    } catch (error) {
      // An edit that does not fit the copy, or of a text that is not JSON.
      return toWireError(
        error instanceof StaleEditError ? error : new StaleEditError(error instanceof Error ? error.message : String(error)),
      );
    }
  }
}

/**
 * Checks the shape of an incoming message, which comes from another realm: anything with an id
 * and a kind is answered (a kind this worker does not serve, with an error).
 */
function isRequest(data: unknown): data is Request {
  if (typeof data !== 'object' || data === null) return false;
  const r = data as Partial<Request>;
  return typeof r.id === 'number' && typeof r.kind === 'string';
}

export interface EngineServerOptions {
  /** Runs `task` soon, after the messages already delivered (default `setTimeout(task, 0)`). */
  schedule?: (task: () => void) => void;
  /** Where progress messages go (the port, like responses); without it they are dropped. */
  progress?: (message: Progress) => void;
}

/**
 * Serves requests one at a time. Requests are queued as they arrive and computed later, so that
 * a burst (e.g. typing) arriving while the engine is busy collapses to its latest request: when a
 * request enters a lane, the requests of that lane still waiting are answered `superseded`.
 */
export class EngineServer {
  private queue: Request[] = [];
  private engine: Engine | undefined;
  private failure: WireError | undefined;
  private scheduled = false;
  private readonly schedule: (task: () => void) => void;
  private readonly progress: ((message: Progress) => void) | undefined;
  /** Experiments under way, by request id. */
  private readonly runs = new Map<number, ExperimentRun>();
  /** Their requests between steps: a step runs only when no other request waits. */
  private parked: Request[] = [];
  private readonly live = new LiveCopy();

  /**
   * @param engine the engine, or its loading (requests wait for it; a failed load fails each).
   * @param send where responses go (a port's `postMessage`, or a test's array).
   */
  constructor(
    engine: Engine | Promise<Engine>,
    private readonly send: (response: Response) => void,
    options: EngineServerOptions = {},
  ) {
    this.schedule = options.schedule ?? ((task) => setTimeout(task, 0));
    this.progress = options.progress;
    if (engine instanceof Promise) {
      engine.then(
        (loaded) => {
          this.engine = loaded;
          this.kick();
        },
        (error: unknown) => {
          this.failure = toWireError(error);
          this.failure.message = `the engine did not load: ${this.failure.message}`;
          this.kick();
        },
      );
    } else this.engine = engine;
  }

  /**
   * Takes a message: queues it (superseding older ones of its lane) and schedules the work.
   * A message that is not a request of the protocol is ignored: it has no id to answer to.
   */
  receive(data: unknown): void {
    if (!isRequest(data)) return;
    const lane = laneOf(data);
    if (lane !== undefined) {
      const overtaken = [...this.queue, ...this.parked].filter((waiting) => laneOf(waiting) === lane);
      if (overtaken.length > 0) {
        this.queue = this.queue.filter((waiting) => laneOf(waiting) !== lane);
        this.parked = this.parked.filter((waiting) => laneOf(waiting) !== lane);
        for (const waiting of overtaken) {
          this.runs.delete(waiting.id); // an experiment under way stops here
          this.send({ id: waiting.id, kind: waiting.kind, superseded: true } as Response);
        }
      }
    }
    const request = data.kind === 'view' ? this.live.resolve(data) : data;
    if (!('kind' in request)) {
      this.send({ id: data.id, kind: data.kind, ok: false, error: request } as Response);
      return;
    }
    this.queue.push(request);
    this.kick();
  }

  /** Requests received and not answered yet. */
  get pending(): number {
    return this.queue.length + this.parked.length;
  }

  private kick(): void {
    if (this.scheduled || this.pending === 0 || (!this.engine && !this.failure)) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.step();
    });
  }

  /** Answers the oldest request, then yields so newer messages can arrive before the next. */
  private step(): void {
    const request = this.queue.shift() ?? this.parked.shift();
    if (!request) return;
    if (this.engine && request.kind === 'experiment') this.experimentStep(this.engine, request);
    else if (this.engine) this.send(respond(this.engine, request));
    else if (this.failure) this.send({ id: request.id, kind: request.kind, ok: false, error: this.failure } as Response);
    this.kick();
  }

  /**
   * One point of an experiment, then its progress; until the last point the request is parked,
   * so every other request is answered before its next point (and two experiments alternate).
   */
  private experimentStep(engine: Engine, request: RequestOf<'experiment'>): void {
    const { id, kind } = request;
    try {
      let run = this.runs.get(id);
      if (!run) {
        run = new ExperimentRun(engine, request.spec);
        this.runs.set(id, run);
      }
      const progress = run.step();
      this.progress?.({ id, kind, progress });
      if (!run.done) {
        this.parked.push(request);
        return;
      }
      this.runs.delete(id);
      this.send({ id, kind, ok: true, result: run.result() });
    } catch (error) {
      this.runs.delete(id);
      this.send({ id, kind, ok: false, error: toWireError(error) });
    }
  }
}

/** Serves the engine on a port: a worker's global scope, a Worker's MessagePort, or a test double. */
export function serveEngine(
  port: PortLike & { start?: () => void },
  engine: Engine | Promise<Engine>,
  options?: EngineServerOptions,
): EngineServer {
  const server = new EngineServer(engine, (response) => port.postMessage(response), {
    progress: (message) => port.postMessage(message),
    ...options,
  });
  port.addEventListener('message', (event) => server.receive(event.data));
  port.start?.();
  return server;
}
