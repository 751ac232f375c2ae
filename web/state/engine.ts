// The engine the page talks to (the WASM core in its worker), set once at start-up; components
// reach it here instead of through props. Tests install a Node-side engine the same way.
import type { MetricDescriptor, Results } from '../../wasm/types';

export interface PageEngine {
  /** Evaluates scenario JSON; rejects with { field, message } (a refusal) or { superseded }. */
  evaluate(scenarioJson: string): Promise<Results>;
  /** Checks scenario JSON without superseding the live evaluation (imports, links). */
  validate(scenarioJson: string): Promise<Results>;
  describe(): Promise<MetricDescriptor[]>;
}

let current: PageEngine | null = null;

export function setEngine(engine: PageEngine): void {
  current = engine;
}

export function engine(): PageEngine {
  if (!current) throw new Error('the engine is not started');
  return current;
}
