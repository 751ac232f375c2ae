// The runs worker (a module worker of its own, one per evaluation): the module, and the messages
// of ./runs-worker-core.ts. The page terminates it to cancel, and keeps the last finished one for
// opening a query in the playground.
//   new Worker(new URL('../wasm/runs.worker.ts', import.meta.url), { type: 'module' })
import { loadRunsEngine } from './runs-engine';
import { serveRuns, type RunsReply, type RunsRequest } from './runs-worker-core';

const scope = globalThis as unknown as {
  postMessage(message: RunsReply): void;
  onmessage: ((event: MessageEvent<RunsRequest>) => void) | null;
};
const serve = serveRuns(scope, loadRunsEngine());
scope.onmessage = (event) => void serve(event.data);
