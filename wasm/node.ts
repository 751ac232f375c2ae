// Loading the engine in Node (CLI scripts, tests): the glue is built for web pages and workers,
// so Node hands it the .wasm bytes instead of letting it fetch them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadEngine, type Engine } from './engine';

/** The .wasm file the build wrote (wasm/dist/fairness-core.wasm). */
export const wasmPath = fileURLToPath(new URL('./dist/fairness-core.wasm', import.meta.url));

/** The run-evaluation module (wasm/dist/fairness-runs.wasm; see ./runs-engine). */
export const runsWasmPath = fileURLToPath(new URL('./dist/fairness-runs.wasm', import.meta.url));

/** The glue (wasm/dist/fairness-core.mjs). */
export const gluePath = fileURLToPath(new URL('./dist/fairness-core.mjs', import.meta.url));

/** The long jobs' module (wasm/dist/fairness-jobs.wasm: orderings, experiments). */
export const jobsWasmPath = fileURLToPath(new URL('./dist/fairness-jobs.wasm', import.meta.url));

/** Loads the engine, both modules, from wasm/dist/ (run `npm run build` first). */
export function loadEngineNode(): Promise<Engine> {
  return loadEngine({ wasmBinary: readFileSync(wasmPath), jobsWasmBinary: readFileSync(jobsWasmPath) });
}
