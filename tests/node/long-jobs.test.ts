// Long requests in workers of their own (wasm/client.ts, LongJobs), driven in Node: each "worker"
// is the engine's server on a MessageChannel whose terminate() closes it, as Worker.terminate()
// stops a browser worker mid-computation.
import { beforeAll, describe, expect, test } from 'vitest';

import { isSuperseded, LongJobs, type StoppablePort } from '../../wasm/client';
import type { Engine } from '../../wasm/engine';
import { loadEngineNode } from '../../wasm/node';
import type { PortLike } from '../../wasm/protocol';
import type { Scenario } from '../../wasm/types';
import { serveEngine } from '../../wasm/worker-core';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

const scenario: Scenario = {
  rankings: [
    {
      name: 'A',
      docs: [
        { id: 'a', text: 'he and him', label: 'male', relevance: 2 },
        { id: 'b', text: 'she and her', label: 'female', relevance: 1 },
        { id: 'c', text: 'the weather', label: 'neutral', relevance: 0 },
      ],
    },
    { name: 'B', docs: [{ id: 'x', text: 'her', label: 'female', relevance: 1 }] },
  ],
};

/** Starts "workers" and records, per lane, how many were started and terminated. */
function workers() {
  const started: string[] = [];
  const terminated: string[] = [];
  const start = (lane: string): StoppablePort => {
    started.push(lane);
    const { port1, port2 } = new MessageChannel();
    serveEngine(port2 as unknown as PortLike, engine);
    const port = port1 as unknown as PortLike & { start: () => void };
    return Object.assign(port, {
      terminate: () => {
        terminated.push(lane);
        port1.close();
        port2.close();
      },
    });
  };
  return { jobs: new LongJobs(start), started, terminated };
}

describe('LongJobs', () => {
  test('a newer request of a busy lane terminates its worker, rejects the older as superseded, and is answered by a fresh one', async () => {
    const { jobs, started, terminated } = workers();
    const first = jobs.orderings(scenario, 0);
    const second = jobs.orderings(scenario, 0);
    await expect(first).rejects.toSatisfy(isSuperseded);
    const result = await second;
    // The same answer the engine gives directly: the fresh worker computed the newer request.
    expect(result).toEqual(engine.orderings(scenario, 0));
    expect(started).toEqual(['orderings:0', 'orderings:0']);
    expect(terminated).toEqual(['orderings:0']);
    jobs.dispose();
  });

  test('an idle worker is reused, and other lanes run beside it untouched', async () => {
    const { jobs, started, terminated } = workers();
    await jobs.orderings(scenario, 0);
    const a = jobs.orderings(scenario, 0);
    const b = jobs.orderings(scenario, 1);
    const figure = jobs.experiment({ figure: 'b', xs: [0.5], cts: [1], repetitions: 2, seed: 1 });
    expect((await a).ranking).toBe('A');
    expect((await b).ranking).toBe('B');
    expect((await figure).points).toHaveLength(1);
    expect(started).toEqual(['orderings:0', 'orderings:1', 'experiment-b']);
    expect(terminated).toEqual([]);
    expect(jobs.lanes.sort()).toEqual(['experiment-b', 'orderings:0', 'orderings:1']);
    jobs.dispose();
    expect(terminated.sort()).toEqual(['experiment-b', 'orderings:0', 'orderings:1']);
  });
});
