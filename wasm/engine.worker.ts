// The engine's module worker: loads the WebAssembly module and serves the protocol of
// ./protocol.ts on the worker's global scope. All the logic is in ./worker-core.ts.
//   new Worker(new URL('../wasm/engine.worker.ts', import.meta.url), { type: 'module' })
import { loadEngine } from './engine';
import type { PortLike } from './protocol';
import { serveEngine } from './worker-core';

// Work is scheduled as a message to the worker itself rather than with setTimeout(0), which
// browsers clamp to 4 ms once nested: the hundred steps of an experiment would idle for 0.4 s.
// A message task still yields, so requests that arrived meanwhile are queued before the next step.
const channel = new MessageChannel();
const tasks: (() => void)[] = [];
channel.port1.onmessage = () => tasks.shift()?.();
const schedule = (task: () => void) => {
  tasks.push(task);
  channel.port2.postMessage(null);
};

// The long-job workers (named "fairness-jobs <lane>" by ./client.ts) load the jobs' module, the
// page's engine worker the playground's: each downloads only the code it runs.
const jobs = (globalThis as { name?: string }).name?.startsWith('fairness-jobs') ?? false;
serveEngine(globalThis as unknown as PortLike, loadEngine({ modules: jobs ? 'jobs' : 'playground' }), { schedule });
