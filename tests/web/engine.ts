// The page's engine for component tests: the real WASM module, loaded in Node, behind the same
// interface the worker client gives the page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { loadEngine } from '../../wasm/engine';
import { runExperiment } from '../../wasm/experiment-run';
import { setEngine, type PageEngine } from '../../web/state/engine';
import { startEvaluation } from '../../web/state/evaluation';
import { scenarioJson } from '../../web/state/serialise';
import { descriptors } from '../../web/state/metrics';

let started: Promise<() => void> | null = null;

/** Installs the Node engine once and starts live evaluation; returns the stop function. */
export function useNodeEngine(): Promise<() => void> {
  started ??= (async () => {
    // By path: under the DOM environment, new URL(…, import.meta.url) is a web URL, not a file.
    const engine = await loadEngine({
      wasmBinary: readFileSync(resolve('wasm/dist/fairness-core.wasm')),
      jobsWasmBinary: readFileSync(resolve('wasm/dist/fairness-jobs.wasm')),
    });
    const page: PageEngine = {
      view: async (s, options) => engine.evaluateView(scenarioJson(s), options),
      evaluate: async (json) => engine.evaluate(json),
      validate: async (json) => engine.check(json),
      describe: async () => engine.describe(),
      orderings: async (json, ranking) => engine.orderings(json, ranking),
      experiment: async (spec, onProgress) => runExperiment(engine, spec, onProgress),
    };
    setEngine(page);
    descriptors.value = engine.describe();
    return startEvaluation(page.view);
  })();
  return started;
}
