// The engine's module worker: loads the WebAssembly module and serves the protocol of
// ./protocol.ts on the worker's global scope. All the logic is in ./worker-core.ts.
//   new Worker(new URL('../wasm/engine.worker.ts', import.meta.url), { type: 'module' })
import { loadEngine } from './engine';
import type { PortLike } from './protocol';
import { serveEngine } from './worker-core';

serveEngine(globalThis as unknown as PortLike, loadEngine());
