// Best and worst orderings (core/include/fairness/orderings.hpp) through the WebAssembly module,
// against the native CLI (`fairness-eval --orderings R`), and through the worker protocol (its own
// lane "orderings", which never touches the live evaluation's lane).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

import { EngineClient, SupersededError } from '../../wasm/client';
import { ScenarioError, type Engine, type Orderings, type Scenario } from '../../wasm/engine';
import { loadEngineNode } from '../../wasm/node';
import type { PortLike, Response } from '../../wasm/protocol';
import { EngineServer, respond, serveEngine } from '../../wasm/worker-core';
import { randomScenario } from '../reference/random-scenario.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const haveCli = existsSync(cli);

const examples = readdirSync(`${root}examples`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => `examples/${f}`);

function runCli(args: string[], input?: string) {
  return spawnSync(cli, args, { input, encoding: 'utf8', cwd: root });
}

/**
 * Paths where two answers differ: numbers more than 1e-12 apart, anything else not equal. The
 * orders must be the same: ties are decided with a tolerance, so a last-bit difference of libm
 * between the CLI and the module does not pick another ordering.
 */
function differences(actual: unknown, expected: unknown, path = '', out: string[] = []): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!(Math.abs(actual - expected) <= 1e-12)) out.push(`${path}: ${actual} vs ${expected}`);
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) out.push(`${path}: length ${actual.length} vs ${expected.length}`);
    else expected.forEach((e, i) => differences(actual[i], e, `${path}[${i}]`, out));
  } else if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const a = Object.keys(actual),
      e = Object.keys(expected);
    if (a.join() !== e.join()) out.push(`${path}: keys ${a.join()} vs ${e.join()}`);
    else
      for (const k of e) differences((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`, out);
  } else if (actual !== expected) out.push(`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
  return out;
}

/** Eight documents of the default groups, so that the answer is exhaustive over 40,320 orders. */
const eight: Scenario = {
  params: { k: 5 },
  rankings: [
    {
      name: 'A',
      docs: [
        { id: 'd1', text: 'she was the best player of her team', label: 'female', relevance: 3 },
        { id: 'd2', text: 'he scored twice for his club', label: 'male', relevance: 2 },
        { id: 'd3', text: 'the match ended in a draw', label: 'neutral', relevance: 1 },
        { id: 'd4', text: 'her coach praised him and her', label: 'female', relevance: 2 },
        { id: 'd5', text: 'his brother and his father watched', label: 'male', relevance: 0 },
        { id: 'd6', text: 'fans sang all night', label: 'neutral', relevance: 1 },
        { id: 'd7', text: 'she and he shared the award', label: 'female', relevance: 3 },
        { id: 'd8', text: 'the man who led the league', label: 'male', relevance: 1 },
      ],
    },
  ],
};

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

describe('Engine.orderings', () => {
  // Its time is measured by `npm run bench`, not asserted here.
  test('one entry per metric of describe(), exhaustive up to 8 documents', () => {
    const o = engine.orderings(eight, 0);
    expect(o.method).toBe('exhaustive: 40320 orderings');
    expect(o.exhaustive).toBe(true);
    expect(o.n).toBe(8);
    expect(o.k).toBe(5);
    expect(o.metrics.map((m) => m.id)).toEqual(engine.describe().map((d) => d.id));
    const ndcg = o.metrics.find((m) => m.id === 'ndcg')!;
    expect(ndcg.best!.value).toBeCloseTo(1, 12);
    // The ranking's documents in the order reported, by id.
    for (const m of o.metrics)
      for (const e of [m.best, m.worst]) if (e) expect(e.ids).toEqual(e.order.map((i) => eight.rankings[0]!.docs[i]!.id));
  });

  test('beyond 8 documents, a local search that says it may miss the optimum', () => {
    const nine = structuredClone(eight);
    nine.rankings[0]!.docs.push({ id: 'd9', text: 'her sister won', label: 'female', relevance: 2 });
    const o = engine.orderings(nine, 0);
    expect(o.exhaustive).toBe(false);
    expect(o.method).toMatch(/^local search: \d+ starts, \d+ evaluations; may miss the optimum$/);
  });

  test('refuses a ranking that is not there, as a ScenarioError', () => {
    let caught: unknown;
    try {
      engine.orderings(eight, 1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ScenarioError);
    expect((caught as ScenarioError).field).toBe('ranking');
    expect(() => engine.orderings('{"rankings": [', 0)).toThrow(ScenarioError);
  });
});

describe.skipIf(!haveCli)('the WASM module and `fairness-eval --orderings`', () => {
  test('give the same orderings for every ranking of every example', () => {
    let compared = 0;
    for (const file of examples) {
      const scenario = JSON.parse(readFileSync(`${root}${file}`, 'utf8')) as Scenario;
      scenario.rankings.forEach((ranking, r) => {
        const native = runCli(['--orderings', String(r), file]);
        expect(native.status, `${file} ${r}: ${native.stderr}`).toBe(0);
        const wasm = engine.orderings(scenario, r);
        expect(differences(wasm, JSON.parse(native.stdout)), `${file} ranking ${r}`).toEqual([]);
        // The CLI takes the ranking's name too.
        if (ranking.name) expect(runCli(['--orderings', ranking.name, file]).stdout).toBe(native.stdout);
        compared++;
      });
    }
    expect(compared).toBeGreaterThanOrEqual(examples.length);
  });

  test('give the same orderings on random scenarios, exhaustive and searched', () => {
    let searched = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const scenario = randomScenario(seed) as Scenario;
      const text = JSON.stringify(scenario);
      const native = runCli(['--orderings', '0', '-'], text);
      let wasm: Orderings | undefined;
      let refusal: ScenarioError | undefined;
      try {
        wasm = engine.orderings(text, 0);
      } catch (error) {
        refusal = error as ScenarioError;
      }
      if (refusal) {
        // Too many documents to search, say: the same message.
        expect(native.status).toBe(2);
        expect(native.stderr).toBe(`fairness-eval: ${refusal.field}: ${refusal.message}\n`);
        continue;
      }
      expect(native.status, `seed ${seed}: ${native.stderr}`).toBe(0);
      expect(differences(wasm, JSON.parse(native.stdout)), `seed ${seed}`).toEqual([]);
      if (!wasm!.exhaustive) searched++;
    }
    expect(searched).toBeGreaterThan(0);
  }, 300_000); // 24 searches twice: about 20 s alone, more on a machine shared with other builds

  test('refuse a missing ranking with the same message', () => {
    const native = runCli(['--orderings', '3', 'examples/texfair-figure-1.json']);
    expect(native.status).toBe(2);
    let caught: ScenarioError | undefined;
    try {
      engine.orderings(readFileSync(`${root}examples/texfair-figure-1.json`, 'utf8'), 3);
    } catch (error) {
      caught = error as ScenarioError;
    }
    expect(native.stderr).toBe(`fairness-eval: ${caught!.field}: ${caught!.message}\n`);
  });
});

describe('orderings through the worker protocol', () => {
  test('respond answers an orderings request, and a refusal as an error', () => {
    const ok = respond(engine, { id: 1, kind: 'orderings', scenario: eight, ranking: 0 });
    expect(ok).toMatchObject({ id: 1, kind: 'orderings', ok: true, result: { ranking: 'A', n: 8 } });
    expect(respond(engine, { id: 2, kind: 'orderings', scenario: eight, ranking: 4 })).toMatchObject({
      id: 2,
      ok: false,
      error: { name: 'ScenarioError', field: 'ranking' },
    });
  });

  test('a newer orderings request supersedes a waiting one, but never an evaluation', () => {
    const sent: Response[] = [];
    const tasks: (() => void)[] = [];
    const server = new EngineServer(engine, (r) => sent.push(r), { schedule: (task) => tasks.push(task) });
    server.receive({ id: 1, kind: 'evaluate', scenario: eight });
    server.receive({ id: 2, kind: 'orderings', scenario: eight, ranking: 0 });
    server.receive({ id: 3, kind: 'orderings', scenario: eight, ranking: 0 });
    server.receive({ id: 4, kind: 'evaluate', scenario: eight });
    expect(sent).toEqual([
      { id: 2, kind: 'orderings', superseded: true },
      { id: 1, kind: 'evaluate', superseded: true },
    ]);
    while (tasks.length > 0) tasks.shift()!();
    expect(sent.slice(2).map((r) => [r.id, 'ok' in r && r.ok])).toEqual([
      [3, true],
      [4, true],
    ]);
  });

  test('EngineClient.orderings over a MessageChannel: the latest resolves, evaluations are untouched', async () => {
    const { port1, port2 } = new MessageChannel();
    serveEngine(port2 as unknown as PortLike, engine);
    const client = new EngineClient(port1 as unknown as PortLike);
    try {
      const evaluation = client.evaluate(eight);
      const older = client.orderings(eight, 0);
      const newer = client.orderings(JSON.stringify(eight), 0);
      await expect(older).rejects.toBeInstanceOf(SupersededError);
      const [results, o] = await Promise.all([evaluation, newer]);
      expect(results.rankings[0]!.name).toBe('A');
      expect(o.method).toBe('exhaustive: 40320 orderings');
      await expect(client.orderings(eight, 2)).rejects.toBeInstanceOf(ScenarioError);
    } finally {
      client.dispose();
      port1.close();
      port2.close();
    }
  });
});
