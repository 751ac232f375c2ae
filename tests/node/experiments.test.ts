// The DIPS paper's synthetic experiments (§6.1, Figure 1a and 1b) through the WebAssembly module:
// the spec, the shapes the paper reports (checked in depth, with fewer repetitions, by
// tests/cpp/test_experiments.cpp), the same numbers as the native CLI, and the worker running them
// step by step with progress, in lanes of their own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

import { SupersededError } from '../../wasm/client';
import type { Engine } from '../../wasm/engine';
import { ScenarioError } from '../../wasm/errors';
import { runExperiment } from '../../wasm/experiment-run';
import { loadEngineNode } from '../../wasm/node';
import type { Progress, ProgressOf, Request, Response } from '../../wasm/protocol';
import type { ExperimentProgress, ExperimentSpec, Scenario } from '../../wasm/types';
import { EngineServer, respond } from '../../wasm/worker-core';
import limits from '../../core/limits.json' with { type: 'json' };
import { connect } from './channel';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

const small: ExperimentSpec = { figure: 'a', xs: [0, 20, 60], repetitions: 5, seed: 3 };

describe('Engine.experimentPlan and Engine.experiment', () => {
  test('the plan fills in the paper’s defaults', () => {
    const a = engine.experimentPlan({ figure: 'a' });
    expect(a.xs).toEqual(Array.from({ length: 100 }, (_, k) => k));
    expect(a).toMatchObject({ figure: 'a', repetitions: 100, seed: 1, cts: [0.5] });
    const b = engine.experimentPlan({ figure: 'b', seed: 9 });
    expect(b.xs).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(b).toMatchObject({ figure: 'b', repetitions: 100, seed: 9, cts: [0, 1] });
  });

  test('a bad spec is a ScenarioError naming the field', () => {
    const refusal = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        expect(error).toBeInstanceOf(ScenarioError);
        return (error as ScenarioError).field;
      }
      return '(accepted)';
    };
    expect(refusal(() => engine.experimentPlan({ figure: 'a', xs: [0, 990] }))).toBe('xs[1]');
    expect(refusal(() => engine.experiment({ figure: 'b', repetitions: 0 }))).toBe('repetitions');
    expect(refusal(() => engine.experimentPlan({ figure: 'c' } as unknown as ExperimentSpec))).toBe('figure');
    expect(refusal(() => engine.experimentPlan({ figure: 'b', xs: [0.25] }))).toBe('(accepted)');
  });

  test('Figure 1a: DIPS > 0.5 at k = 0 and decaying, REE small and flat, M_BA = 0', () => {
    const { points } = engine.experiment({ figure: 'a', xs: [0, 20, 60], repetitions: 10 });
    const dips = points.map((p) => p.pairwise[0]!.dips);
    const ree = points.map((p) => p.pairwise[0]!.ree);
    expect(dips[0]!.value).toBeGreaterThan(0.5);
    expect(dips[0]!.value).toBeGreaterThan(dips[1]!.value);
    expect(dips[1]!.value).toBeGreaterThan(dips[2]!.value);
    for (const r of ree) expect(r.value).toBeLessThan(0.05);
    expect(Math.max(...ree.map((r) => r.value)) - Math.min(...ree.map((r) => r.value))).toBeLessThan(0.02);
    for (const p of points) {
      expect(p.pairwise[0]!.dips.mBA).toBe(0);
      expect(p.pairwise[0]!.ree.mBA).toBe(0);
    }
    // δ_A of the three exposure measures decays with k too.
    for (const m of ['ee', 'ea', 'eadp'] as const) expect(points[0]![m].deltaA).toBeGreaterThan(points[2]![m].deltaA);
  });

  test('Figure 1b: c_t = 0 is flat at 0, c_t = 1 spans more than 1', () => {
    const { points } = engine.experiment({ figure: 'b', xs: [0, 0.5, 1], repetitions: 10 });
    for (const p of points) {
      expect(p.pairwise[0]).toMatchObject({ ct: 0, dips: { value: 0 }, ree: { value: 0 } });
      expect(p.pairwise[1]!.ct).toBe(1);
    }
    expect(points[0]!.pairwise[1]!.dips.value - points[2]!.pairwise[1]!.dips.value).toBeGreaterThan(1);
  });

  test.skipIf(!existsSync(cli))('the same numbers as the native CLI, to the bit', () => {
    for (const spec of [small, { figure: 'b', xs: [0, 0.3, 1], repetitions: 4, seed: 12 } as ExperimentSpec]) {
      const out = spawnSync(cli, ['--experiment', JSON.stringify(spec)], { encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      expect(engine.experiment(spec)).toEqual(JSON.parse(out.stdout));
    }
  });

  test.skipIf(!existsSync(cli))('the CLI names a figure that is neither a, b nor JSON, and its help quotes the limits as built', () => {
    const out = spawnSync(cli, ['--experiment', 'c'], { encoding: 'utf8' });
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`fairness-eval: --experiment: expected a, b or a JSON object such as '{"figure": "a"}', got 'c'\n`);
    const help = spawnSync(cli, ['--help'], { encoding: 'utf8' }).stdout;
    const { documentsPerRanking } = limits.limits;
    expect(help).toContain(`${documentsPerRanking.large} documents per\nranking instead of ${documentsPerRanking.default};`);
  });

  test('runExperiment, point by point, gives the one-shot result and reports every point', () => {
    const seen: ExperimentProgress[] = [];
    const stepwise = runExperiment(engine, small, (p) => seen.push(p));
    expect(stepwise).toEqual(engine.experiment(small));
    expect(seen.map((p) => [p.done, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(seen[1]!.point).toEqual(stepwise.points[1]);
  });
});

describe('the worker runs an experiment step by step', () => {
  function crankedServer() {
    const sent: Response[] = [];
    const progress: ProgressOf<'experiment'>[] = [];
    const tasks: (() => void)[] = [];
    const server = new EngineServer(engine, (r) => sent.push(r), {
      schedule: (task) => tasks.push(task),
      progress: (p: Progress) => progress.push(p as ProgressOf<'experiment'>),
    });
    const runOne = () => tasks.shift()?.();
    const runAll = () => {
      while (tasks.length > 0) tasks.shift()!();
    };
    return { server, sent, progress, runOne, runAll };
  }
  const experiment = (id: number, spec: ExperimentSpec, lane?: string): Request =>
    lane === undefined ? { id, kind: 'experiment', spec } : { id, kind: 'experiment', spec, lane };
  const evaluate = (id: number, name: string): Request => ({
    id,
    kind: 'evaluate',
    scenario: { rankings: [{ name, docs: [{}] }] } as Scenario,
  });

  test('one progress message per point, then the result (equal to respond’s all-at-once answer)', () => {
    const { server, sent, progress, runAll } = crankedServer();
    server.receive(experiment(1, small));
    runAll();
    expect(progress.map((p) => [p.id, p.kind, p.progress.done, p.progress.total, p.progress.point.x])).toEqual([
      [1, 'experiment', 1, 3, 0],
      [1, 'experiment', 2, 3, 20],
      [1, 'experiment', 3, 3, 60],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(respond(engine, experiment(1, small)));
    expect(server.pending).toBe(0);
  });

  test('evaluations are answered between points, and neither lane supersedes the other', () => {
    const { server, sent, progress, runOne, runAll } = crankedServer();
    server.receive(experiment(1, small));
    runOne(); // the first point
    server.receive(evaluate(2, 'during'));
    runOne(); // the evaluation: it goes before the rest of the experiment
    expect(progress).toHaveLength(1);
    expect(sent).toEqual([expect.objectContaining({ id: 2, ok: true })]);
    runAll();
    expect(sent.map((r) => [r.id, 'superseded' in r ? 'superseded' : r.ok])).toEqual([
      [2, true],
      [1, true],
    ]);
  });

  test('a newer run of the same lane stops the one under way; another lane does not', () => {
    const { server, sent, progress, runOne, runAll } = crankedServer();
    server.receive(experiment(1, small, 'experiment-a'));
    server.receive(experiment(2, { figure: 'b', xs: [0, 1], repetitions: 2 }, 'experiment-b'));
    runOne(); // point 1 of run 1
    server.receive(experiment(3, { ...small, seed: 4 }, 'experiment-a'));
    expect(sent).toEqual([{ id: 1, kind: 'experiment', superseded: true }]);
    runAll();
    expect(progress.filter((p) => p.id === 1)).toHaveLength(1); // no step after it was superseded
    expect(progress.filter((p) => p.id === 2)).toHaveLength(2);
    expect(progress.filter((p) => p.id === 3)).toHaveLength(3);
    expect(sent.slice(1).map((r) => [r.id, 'ok' in r && r.ok])).toEqual([
      [2, true],
      [3, true],
    ]);
  });

  test('a bad spec answers an error before any step', () => {
    const { server, sent, progress, runAll } = crankedServer();
    server.receive(experiment(1, { figure: 'a', cts: [3] }));
    runAll();
    expect(progress).toEqual([]);
    expect(sent).toEqual([
      { id: 1, kind: 'experiment', ok: false, error: expect.objectContaining({ name: 'ScenarioError', field: 'cts[0]' }) },
    ]);
  });
});

describe('EngineClient.experiment over a MessageChannel', () => {
  test('reports progress, resolves with the result; figures a and b run side by side with evaluations', async () => {
    const { client, close } = connect(engine);
    const seenA: number[] = [];
    const seenB: number[] = [];
    const [a, b, live] = await Promise.all([
      client.experiment(small, { onProgress: (p) => seenA.push(p.done) }),
      client.experiment({ figure: 'b', xs: [0, 1], repetitions: 2 }, { onProgress: (p) => seenB.push(p.done) }),
      client.evaluate({ rankings: [{ name: 'live', docs: [{}] }] }),
    ]);
    expect(seenA).toEqual([1, 2, 3]);
    expect(seenB).toEqual([1, 2]);
    expect(a).toEqual(engine.experiment(small));
    expect(b.points).toHaveLength(2);
    expect(live.rankings[0]!.name).toBe('live');
    expect(client.outstanding).toBe(0);
    close();
  });

  test('running a figure again supersedes the run under way; a bad spec rejects with ScenarioError', async () => {
    const { client, close } = connect(engine);
    const first = client.experiment(small);
    const second = client.experiment({ ...small, seed: 8 });
    await expect(first).rejects.toBeInstanceOf(SupersededError);
    expect((await second).seed).toBe(8);
    await expect(client.experiment({ figure: 'b', xs: [2] })).rejects.toMatchObject({ name: 'ScenarioError', field: 'xs[0]' });
    close();
  });
});
