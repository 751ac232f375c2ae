// The engine the page talks to (the WASM core in its worker), set once at start-up; components
// reach it here instead of through props. Tests install a Node-side engine the same way.
import type {
  ExperimentProgress,
  ExperimentResult,
  ExperimentSpec,
  MetricDescriptor,
  Orderings,
  Results,
  ViewOptions,
  ViewResults,
} from '../../wasm/types';
import type { PageScenario } from './scenario';

export interface PageEngine {
  /**
   * What the page shows of the scenario (`Engine.evaluateView`), for the live evaluation only:
   * the engine remembers which texts it sent, and its worker the scenario sent before, so an edit is
   * sent as what it changed (`EngineClient.live`). Rejects with { field, message } (a refusal) or
   * { superseded }.
   */
  view(scenario: PageScenario, options: ViewOptions): Promise<ViewResults>;
  /** The full results of scenario JSON, every detail (an export); never supersedes the live evaluation. */
  evaluate(scenarioJson: string): Promise<Results>;
  /**
   * Checks scenario JSON, text or a file's bytes, without superseding the live evaluation (files,
   * links, imports): resolves when the core takes it.
   */
  validate(scenarioJson: string | Uint8Array): Promise<unknown>;
  describe(): Promise<MetricDescriptor[]>;
  /**
   * The best and worst ordering of ranking `ranking` under every metric, computed in the worker
   * (lane "orderings": a newer request supersedes a waiting one, never an evaluation).
   */
  orderings(scenarioJson: string, ranking: number): Promise<Orderings>;
  /**
   * The DIPS paper's Figure 1a or 1b, computed in the worker point by point (`onProgress` after
   * each); a newer run of the same figure supersedes it. Optional: only the experiments view uses it.
   */
  experiment?(spec: ExperimentSpec, onProgress?: (progress: ExperimentProgress) => void): Promise<ExperimentResult>;
}

let current: PageEngine | null = null;

export function setEngine(engine: PageEngine): void {
  current = engine;
}

export function engine(): PageEngine {
  if (!current) throw new Error('the engine is not started');
  return current;
}
