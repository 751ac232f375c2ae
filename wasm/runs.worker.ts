// The runs worker (a module worker of its own, one per evaluation): the run-evaluation module,
// serving the runs requests of ./protocol.ts (./runs-worker-core.ts). The page terminates it to
// cancel, and keeps the last finished one for opening a query in the playground.
//   new Worker(new URL('../wasm/runs.worker.ts', import.meta.url), { type: 'module' })
import type { PortLike } from './protocol';
import { loadRunsEngine } from './runs-engine';
import { serveRuns } from './runs-worker-core';

serveRuns(globalThis as unknown as PortLike, loadRunsEngine());
