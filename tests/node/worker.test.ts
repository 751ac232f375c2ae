// The engine worker's protocol, driven in Node without a browser: the server (wasm/worker-core.ts)
// with a hand-cranked scheduler, then the page's client (wasm/client.ts) over a real MessageChannel.
import { beforeAll, describe, expect, test } from 'vitest';

import type { Engine } from '../../wasm/engine';
import { EngineClient, isSuperseded, SupersededError } from '../../wasm/client';
import { ScenarioError } from '../../wasm/errors';
import { loadEngineNode } from '../../wasm/node';
import type { PortLike, Request, RequestOf, Response } from '../../wasm/protocol';
import { changesBetween, type JsonChange } from '../../wasm/scenario-text';
import type { Scenario } from '../../wasm/types';
import { EngineServer, respond } from '../../wasm/worker-core';
import { connect } from './channel';

/** A scenario whose one ranking is called `name`, so a result says which request it answers. */
const named = (name: string): Scenario => ({ rankings: [{ name, docs: [{ text: 'she and he', label: 'female', relevance: 1 }] }] });
const refused: Scenario = { params: { k: 0 }, rankings: [{ docs: [{}] }] };

let engine: Engine;
/** The core's own message for `refused` (the tests check it travels intact, not its wording). */
let refusedMessage: string;
beforeAll(async () => {
  engine = await loadEngineNode();
  try {
    engine.evaluate(refused);
  } catch (error) {
    refusedMessage = (error as ScenarioError).message;
  }
  expect(refusedMessage).toMatch(/^must be/);
});

/** A server whose scheduled work runs only when the test says so. */
function crankedServer(engineOrLoading: Engine | Promise<Engine>) {
  const sent: Response[] = [];
  const tasks: (() => void)[] = [];
  const server = new EngineServer(engineOrLoading, (r) => sent.push(r), { schedule: (task) => tasks.push(task) });
  const runAll = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { server, sent, runAll };
}

const evaluate = (id: number, scenario: Scenario | string, lane?: string | null): Request =>
  lane === undefined ? { id, kind: 'evaluate', scenario } : { id, kind: 'evaluate', scenario, lane };

describe('respond', () => {
  test('answers each kind, and turns a refusal into an error response', () => {
    const ok = respond(engine, evaluate(1, named('X')));
    expect(ok).toMatchObject({ id: 1, kind: 'evaluate', ok: true });
    expect('ok' in ok && ok.ok && ok.kind === 'evaluate' && ok.result.rankings[0]!.name).toBe('X');
    expect(respond(engine, { id: 2, kind: 'describe' })).toMatchObject({ id: 2, ok: true });
    expect(respond(engine, { id: 3, kind: 'findTerms', scenario: named('X'), text: 'Ünder she' })).toEqual({
      id: 3,
      kind: 'findTerms',
      ok: true,
      result: [{ begin: 6, end: 9, group: 'female', term: 'she' }],
    });
    expect(respond(engine, evaluate(4, refused))).toEqual({
      id: 4,
      kind: 'evaluate',
      ok: false,
      error: { name: 'ScenarioError', field: 'params.k', message: refusedMessage },
    });
  });
});

describe('EngineServer', () => {
  test('a newer evaluation supersedes the older ones still waiting', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive(evaluate(1, named('one')));
    server.receive(evaluate(2, named('two')));
    server.receive(evaluate(3, named('three')));
    expect(sent).toEqual([
      { id: 1, kind: 'evaluate', superseded: true },
      { id: 2, kind: 'evaluate', superseded: true },
    ]);
    runAll();
    expect(sent).toHaveLength(3);
    expect(sent[2]).toMatchObject({ id: 3, ok: true, result: { rankings: [{ name: 'three' }] } });
    expect(server.pending).toBe(0);
  });

  test('only waiting requests are superseded; other lanes and lane-less requests never are', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive(evaluate(1, named('one')));
    runAll(); // answered before the next one arrives
    server.receive({ id: 2, kind: 'describe' });
    server.receive(evaluate(3, named('check'), null)); // no lane: e.g. validating an import
    server.receive(evaluate(4, named('preview'), 'preview'));
    server.receive({ id: 5, kind: 'findTerms', scenario: named('x'), text: 'he' });
    server.receive(evaluate(6, named('live')));
    runAll();
    expect(sent.map((r) => [r.id, 'superseded' in r ? 'superseded' : r.ok])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, true],
    ]);
  });

  test('an error in one request does not stop the next', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive(evaluate(1, refused));
    runAll();
    server.receive(evaluate(2, '{"rankings": ['));
    runAll();
    server.receive(evaluate(3, named('fine')));
    runAll();
    expect(sent[0]).toMatchObject({ id: 1, ok: false, error: { name: 'ScenarioError', field: 'params.k' } });
    expect(sent[1]).toMatchObject({ id: 2, ok: false, error: { name: 'ScenarioError', field: 'scenario' } });
    expect(sent[2]).toMatchObject({ id: 3, ok: true, result: { rankings: [{ name: 'fine' }] } });
  });

  test('an engine that throws something unexpected answers an error and keeps serving', () => {
    let calls = 0;
    const flaky = {
      ...engine,
      evaluate: (s: Scenario | string) => {
        if (++calls === 1) throw new RangeError('out of memory');
        return engine.evaluate(s);
      },
    };
    const { server, sent, runAll } = crankedServer(flaky);
    server.receive(evaluate(1, named('a')));
    runAll();
    server.receive(evaluate(2, named('b')));
    runAll();
    expect(sent[0]).toEqual({ id: 1, kind: 'evaluate', ok: false, error: { name: 'RangeError', message: 'out of memory' } });
    expect(sent[1]).toMatchObject({ id: 2, ok: true });
  });

  test('requests wait for the engine to load, and coalesce meanwhile', async () => {
    const loading = loadEngineNode();
    const { server, sent, runAll } = crankedServer(loading);
    server.receive(evaluate(1, named('early')));
    server.receive({ id: 2, kind: 'describe' });
    server.receive(evaluate(3, named('late')));
    runAll();
    expect(sent).toEqual([{ id: 1, kind: 'evaluate', superseded: true }]);
    await loading; // the server heard of it first
    runAll();
    expect(sent.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(sent[2]).toMatchObject({ ok: true, result: { rankings: [{ name: 'late' }] } });
  });

  test('an engine that fails to load answers every request with the failure', async () => {
    const loading = Promise.reject(new Error('no .wasm here'));
    const { server, sent, runAll } = crankedServer(loading);
    server.receive({ id: 1, kind: 'describe' });
    await loading.catch(() => {});
    runAll();
    expect(sent).toEqual([
      { id: 1, kind: 'describe', ok: false, error: { name: 'Error', message: 'the engine did not load: no .wasm here' } },
    ]);
  });

  test('ignores messages without an id to answer; answers an unknown kind, or a runs kind, with an error', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive('hello');
    server.receive({ id: 'x', kind: 'evaluate' });
    runAll();
    expect(sent).toEqual([]);
    server.receive({ id: 1, kind: 'reticulate' });
    server.receive({ id: 2, kind: 'runsScenario', query: 'q', runA: 'a', runB: '', cutoff: 10 });
    runAll();
    expect(sent).toMatchObject([
      { id: 1, ok: false, error: { message: 'unknown request kind "reticulate"' } },
      { id: 2, ok: false, error: { message: expect.stringContaining("the runs worker's") } },
    ]);
  });
});

describe('EngineClient over a MessageChannel', () => {
  test('resolves only the latest evaluation; the older ones reject as superseded', async () => {
    const { client, close } = connect(engine);
    const outcomes = await Promise.allSettled(['one', 'two', 'three'].map((name) => client.evaluate(named(name))));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    for (const o of outcomes.slice(0, 2)) {
      const reason = (o as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(SupersededError);
      expect(isSuperseded(reason)).toBe(true);
      expect(reason.superseded).toBe(true);
    }
    expect((outcomes[2] as PromiseFulfilledResult<{ rankings: { name: string }[] }>).value.rankings[0]!.name).toBe('three');
    expect(client.outstanding).toBe(0);
    close();
  });

  test('an answer that arrives after its request was overtaken is dropped', async () => {
    // A port whose "worker" answers only when the test says so.
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const requests: Request[] = [];
    const port: PortLike = {
      postMessage: (message) => requests.push(message as Request),
      addEventListener: (_type, listener) => listeners.push(listener),
    };
    const answer = (request: Request) => listeners.forEach((l) => l({ data: respond(engine, request) }));
    const client = new EngineClient(port);
    const first = client.evaluate(named('first'));
    answer(requests[0]!);
    expect((await first).rankings[0]!.name).toBe('first');

    const stale = client.evaluate(named('stale'));
    const fresh = client.evaluate(named('fresh'));
    await expect(stale).rejects.toBeInstanceOf(SupersededError);
    answer(requests[1]!); // the worker had computed `stale` already: its answer comes late
    answer(requests[2]!);
    expect((await fresh).rankings[0]!.name).toBe('fresh');
    expect(client.outstanding).toBe(0);
  });

  test('a refusal rejects with ScenarioError, and the next evaluation succeeds', async () => {
    const { client, close } = connect(engine);
    const error = await client.evaluate(refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    expect(error).toMatchObject({ field: 'params.k', message: refusedMessage });
    expect(isSuperseded(error)).toBe(false);
    expect((await client.evaluate(named('after'))).rankings[0]!.name).toBe('after');
    close();
  });

  test('validate, describe and findTerms are not superseded by evaluations', async () => {
    const { client, close } = connect(engine);
    const [check, refusal, descriptors, terms, live] = await Promise.all([
      client.validate(JSON.stringify(named('import'))),
      client.validate(JSON.stringify(refused)).catch((e: unknown) => e),
      client.describe(),
      client.findTerms(named('x'), 'Éa she'),
      client.evaluate(named('live')),
    ]);
    // A check computes nothing: it resolves, or rejects with the evaluation's refusal.
    expect(check).toBeNull();
    expect(refusal).toBeInstanceOf(ScenarioError);
    expect(refusal).toMatchObject({ field: 'params.k', message: refusedMessage });
    expect(descriptors).toHaveLength(engine.describe().length);
    expect(terms).toEqual([{ begin: 3, end: 6, group: 'female', term: 'she' }]);
    expect(live.rankings[0]!.name).toBe('live');
    close();
  });

  test('a Worker that fails outside any request rejects what it was asked, in words; one whose script did not load, all it is asked later', async () => {
    // A Worker's surface as the client sees it: messages, and `error` events (it has `onerror`).
    class FakeWorker extends EventTarget {
      onerror = null;
      readonly requests: Request[] = [];
      postMessage(message: unknown) {
        this.requests.push(message as Request);
      }
    }
    const broken = new FakeWorker();
    const client = new EngineClient(broken as unknown as PortLike, 'run evaluation');
    const asked = client.describe();
    broken.dispatchEvent(new Event('error')); // how a script that did not load is told: no message
    const missing =
      /^run evaluation's worker did not start: its script could not be loaded \(if you host this copy, upload the whole folder/;
    await expect(asked).rejects.toThrow(missing);
    await expect(client.evaluate(named('later'))).rejects.toThrow(missing);
    expect(broken.requests).toHaveLength(1); // nothing more sent to a worker that cannot answer

    const throwing = new FakeWorker();
    const serving = new EngineClient(throwing as unknown as PortLike);
    const pending = serving.describe();
    throwing.dispatchEvent(Object.assign(new Event('error'), { message: 'Uncaught RangeError: out of memory' }));
    await expect(pending).rejects.toThrow("the engine's worker stopped: Uncaught RangeError: out of memory");
    // Code that threw once may serve again: the next request is sent.
    void serving.describe().catch(() => {});
    expect(throwing.requests).toHaveLength(2);
  });

  test('dispose rejects what is outstanding', async () => {
    const { client, close } = connect(engine);
    const pending = client.evaluate(named('never'));
    close();
    await expect(pending).rejects.toThrow(/disposed/);
  });
});

describe('the live scenario, sent as its changes (LiveCopy, EngineClient.live)', () => {
  const docs = (texts: string[]) => texts.map((text, j) => ({ id: `d${j}`, text, label: j % 2 ? 'male' : 'female', relevance: j % 3 }));
  const first: Scenario = { rankings: [{ name: 'A', docs: docs(['she and he', 'his son', 'her aunt', 'rain']) }] };
  const typed: Scenario = {
    rankings: [{ name: 'A', docs: [{ ...first.rankings[0]!.docs![0]!, text: 'she and her' }, ...first.rankings[0]!.docs!.slice(1)] }],
  };
  const options = { texts: 'all' as const };
  /** What the engine answers for `s` sent whole: what every edit must give. */
  const whole = (s: Scenario) => engine.evaluateView(JSON.stringify(s), options);
  const view = (id: number, version: number, scenario: Scenario | null, edit?: { base: number; changes: JsonChange[] }): Request => ({
    id,
    kind: 'view',
    scenario,
    options,
    live: edit ? { version, edit } : { version },
  });
  const result = (r: Response | undefined) => (r && 'ok' in r && r.ok ? r.result : r);

  test('an edit gives what the edited scenario sent whole gives, also after edits superseded unseen', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive(view(1, 1, first));
    runAll();
    expect(result(sent[0])).toEqual(whole(first));
    const reversed: Scenario = { rankings: [{ name: 'A', docs: [...typed.rankings[0]!.docs!].reverse() }] };
    server.receive(view(2, 2, null, { base: 1, changes: changesBetween(first, typed)! }));
    server.receive(view(3, 3, null, { base: 2, changes: changesBetween(typed, reversed)! }));
    runAll();
    expect(sent[1]).toEqual({ id: 2, kind: 'view', superseded: true });
    expect(result(sent[2])).toEqual(whole(reversed));
  });

  test('an edit of a version the worker does not hold, or that does not fit it, is answered StaleEditError', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive(view(1, 5, null, { base: 4, changes: changesBetween(first, typed)! }));
    expect(sent[0]).toMatchObject({
      id: 1,
      ok: false,
      error: { name: 'StaleEditError', message: 'the engine holds no live scenario, not version 4' },
    });
    server.receive(view(2, 6, first));
    server.receive(view(3, 7, null, { base: 6, changes: [[['rankings', 0, 'docs', 9, 'text'], 'x']] }));
    expect(sent[1]).toMatchObject({ id: 2, superseded: true });
    expect(sent[2]).toMatchObject({ id: 3, ok: false, error: { name: 'StaleEditError' } });
    // The copy is not trusted after an edit that did not fit: the next edit goes whole too.
    server.receive(view(4, 8, null, { base: 6, changes: changesBetween(first, typed)! }));
    expect(sent[3]).toMatchObject({ id: 4, ok: false, error: { name: 'StaleEditError' } });
    runAll();
    expect(sent).toHaveLength(4);
  });

  test('a whole text that is not JSON is refused by the core as ever; an edit of it goes whole again', () => {
    const { server, sent, runAll } = crankedServer(engine);
    server.receive({ id: 1, kind: 'view', scenario: '{"rankings": [', options, live: { version: 1 } });
    runAll();
    expect(sent[0]).toMatchObject({ id: 1, ok: false, error: { name: 'ScenarioError' } });
    server.receive(view(2, 2, null, { base: 1, changes: changesBetween(first, typed)! }));
    expect(sent[1]).toMatchObject({ id: 2, ok: false, error: { name: 'StaleEditError' } });
  });

  test('the client sends the first scenario whole, then its changes, and whole again to a worker that lost it', async () => {
    // A port to a server that can be replaced, as a worker that restarted would be.
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const serve = () => new EngineServer(engine, (r) => setTimeout(() => listeners.forEach((l) => l({ data: structuredClone(r) }))));
    let server = serve();
    const posted: Request[] = [];
    const port: PortLike = {
      postMessage: (message) => {
        posted.push(structuredClone(message) as Request);
        server.receive(structuredClone(message));
      },
      addEventListener: (_type, listener) => listeners.push(listener),
    };
    const client = new EngineClient(port);
    expect(await client.live(first, options)).toEqual(whole(first));
    expect(await client.live(typed, options)).toEqual(whole(typed));
    const edit = posted[1] as RequestOf<'view'>;
    expect(edit.scenario).toBeNull();
    expect(edit.live).toEqual({ version: 2, edit: { base: 1, changes: [[['rankings', 0, 'docs', 0, 'text'], 'she and her']] } });
    server = serve();
    expect(await client.live(first, options)).toEqual(whole(first));
    expect(posted.slice(2).map((r) => (r as RequestOf<'view'>).live)).toEqual([
      { version: 3, edit: { base: 2, changes: [[['rankings', 0, 'docs', 0, 'text'], 'she and he']] } },
      { version: 3 },
    ]);
    expect(client.outstanding).toBe(0);
  });
});
