// The WebAssembly module in Node, against the native CLI: the same numbers on the same scenarios,
// the same refusals, `npm run eval` doing the CLI's job, a glue safe under a strict CSP, and no
// memory growth over 10,000 evaluations.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

import { ScenarioError, loadEngine, spansToUtf16, type Engine, type Scenario } from '../../wasm/engine';
import { loadRunsEngine } from '../../wasm/runs-engine';
import { gluePath, loadEngineNode, wasmPath } from '../../wasm/node';
import { randomScenario } from '../reference/random-scenario.mjs';
import { generatedMalformedScenarios, issueReproducers, malformedScenarios } from './malformed-scenarios.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const haveCli = existsSync(cli);

/** The scenario files shipped with the project: examples/ and the Node fixtures. */
const scenarioFiles = ['examples', 'tests/node/fixtures'].flatMap((dir) =>
  existsSync(`${root}${dir}`)
    ? readdirSync(`${root}${dir}`)
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${dir}/${f}`)
    : [],
);

function runCli(args: string[], input?: string | Uint8Array) {
  return spawnSync(cli, args, { input, encoding: 'utf8', cwd: root, maxBuffer: 1 << 30 });
}

/** `npm run -s eval -- ARGS`, without npm's start-up cost: the same command line. */
function runEval(args: string[], input?: string | Uint8Array) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/eval.ts', ...args], {
    input,
    encoding: 'utf8',
    cwd: root,
    maxBuffer: 1 << 30,
  });
}

/** The ScenarioError the WASM module throws for `text`, or a failure when it accepts it. */
function wasmRefusal(text: string | Uint8Array): ScenarioError {
  try {
    engine.evaluateText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return error as ScenarioError;
  }
  throw new Error('the WASM module accepted a malformed scenario');
}

/** Paths where two results differ: different shapes, or numbers more than `tolerance` apart. */
function differences(actual: unknown, expected: unknown, tolerance: number, path = '', out: string[] = []): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!(Math.abs(actual - expected) <= tolerance)) out.push(`${path}: ${actual} vs ${expected}`);
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) out.push(`${path}: length ${actual.length} vs ${expected.length}`);
    else expected.forEach((e, i) => differences(actual[i], e, tolerance, `${path}[${i}]`, out));
  } else if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const a = Object.keys(actual),
      e = Object.keys(expected);
    if (a.join() !== e.join()) out.push(`${path}: keys ${a.join()} vs ${e.join()}`);
    else
      for (const k of e)
        differences((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], tolerance, `${path}.${k}`, out);
  } else if (actual !== expected) out.push(`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
  return out;
}

let engine: Engine;
beforeAll(async () => {
  expect(existsSync(wasmPath), 'wasm/dist/ is missing: run `npm run build`').toBe(true);
  engine = await loadEngineNode();
});

describe.skipIf(!haveCli)('the WASM module and the native CLI', () => {
  test('give the same results on every scenario file (numbers within 1e-12)', () => {
    expect(scenarioFiles.length).toBeGreaterThan(0);
    for (const file of scenarioFiles) {
      const native = runCli([file]);
      expect(native.status, `${file}: ${native.stderr}`).toBe(0);
      const wasm = engine.evaluateText(readFileSync(`${root}${file}`));
      expect(differences(JSON.parse(wasm), JSON.parse(native.stdout), 1e-12), file).toEqual([]);
    }
  });

  test('give the same results on 200 random scenarios (numbers within 1e-12)', () => {
    let identical = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const text = JSON.stringify(randomScenario(seed));
      const native = runCli(['-'], text);
      expect(native.status, `seed ${seed}: ${native.stderr}`).toBe(0);
      const wasm = engine.evaluateText(text);
      if (`${wasm}\n` === native.stdout) identical++;
      expect(differences(JSON.parse(wasm), JSON.parse(native.stdout), 1e-12), `seed ${seed}`).toEqual([]);
    }
    // The text is the same too, but for the last bit of a libm result now and then (Emscripten's
    // musl and glibc may round pow() differently).
    expect(identical).toBeGreaterThan(190);
  });

  test.each(malformedScenarios)('refuse $why with the same message', ({ text, field }) => {
    const native = runCli(['-'], text);
    expect(native.status).toBe(2);
    let caught: unknown;
    try {
      engine.evaluate(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ScenarioError);
    const error = caught as ScenarioError;
    expect(error).toBeInstanceOf(Error);
    expect(error.field).toBe(field);
    expect(`fairness-eval: ${error.field}: ${error.message}\n`).toBe(native.stderr);
  });

  // The systematic list (tests/node/malformed-scenarios.mjs): hundreds of refusals, each the same
  // message from the WASM module as from the CLI.
  test.each([...issueReproducers, ...generatedMalformedScenarios])('refuse $why with the same message (systematic)', ({ text, field }) => {
    const native = runCli(['-'], text);
    expect(native.status).toBe(2);
    expect(native.stdout).toBe('');
    const error = wasmRefusal(text);
    expect(error.field).toBe(field);
    expect(`fairness-eval: ${error.field}: ${error.message}\n`).toBe(native.stderr);
  });

  // The page checks a scenario before taking it (a ?scenario= file, a link, an import) with
  // `check`, the core's reader alone: it must refuse what an evaluation refuses, with the same
  // field and message, and take what an evaluation takes.
  test('check refuses what an evaluation refuses, with its field and message, and takes every example', () => {
    for (const { why, text } of [...malformedScenarios, ...issueReproducers, ...generatedMalformedScenarios]) {
      const evaluated = wasmRefusal(text);
      let checked: unknown;
      try {
        engine.check(text);
      } catch (error) {
        checked = error;
      }
      expect(checked, why).toBeInstanceOf(ScenarioError);
      const refusal = checked as ScenarioError;
      expect({ field: refusal.field, message: refusal.message }, why).toEqual({ field: evaluated.field, message: evaluated.message });
    }
    const examples = readdirSync(`${root}examples`).filter((f) => f.endsWith('.json'));
    expect(examples.length).toBeGreaterThan(5);
    for (const file of examples) {
      const text = readFileSync(`${root}examples/${file}`, 'utf8');
      expect(() => engine.check(text), file).not.toThrow();
      expect(engine.evaluate(text, { detail: false }).rankings.length, file).toBeGreaterThan(0);
    }
  });

  test('regression: a key named "" is a refusal naming scenario[""], not an internal error', () => {
    const error = wasmRefusal('{"": 1, "rankings": [{"docs": [{}]}]}');
    expect(error.field).toBe('scenario[""]');
    expect(error.message).toMatch(/^unknown key; expected one of /);
  });

  test('the large tier takes what the default tier refuses', () => {
    const text = JSON.stringify({ rankings: [{ docs: Array(10001).fill({}) }] });
    expect(wasmRefusal(text).toString()).toBe('rankings[0].docs: 10001 documents is over the limit of 10000 (documentsPerRanking)');
    expect(engine.evaluate(text, { limits: 'large' }).rankings[0]!.n).toBe(10001);
    // Without detail too (evaluateSummary, the bench's call for a million documents).
    expect(() => engine.evaluate(text, { detail: false })).toThrow(ScenarioError);
    expect(engine.evaluate(text, { detail: false, limits: 'large' }).rankings[0]!.n).toBe(10001);
  });
});

describe.skipIf(!haveCli)('results without detail', () => {
  test('WASM evaluateText(…, {detail: false}) gives what fairness-eval --summary prints', () => {
    for (const file of scenarioFiles) {
      const native = runCli(['--summary', file]);
      expect(native.status, `${file}: ${native.stderr}`).toBe(0);
      const wasm = engine.evaluateText(readFileSync(`${root}${file}`), { detail: false });
      expect(differences(JSON.parse(wasm), JSON.parse(native.stdout), 1e-12), file).toEqual([]);
    }
  });

  test('the same values as with detail, without perRank, atCutoff and docs', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const scenario = randomScenario(seed) as Scenario;
      const full = engine.evaluate(scenario);
      const summary = engine.evaluate(scenario, { detail: false });
      for (const [r, ranking] of full.rankings.entries()) {
        const { docs, ...metrics } = ranking;
        expect(docs.length).toBe(ranking.n);
        const stripped = Object.fromEntries(
          Object.entries(metrics).map(([key, value]) => {
            if (!value || typeof value !== 'object') return [key, value];
            const { perRank, atCutoff, ...rest } = value as unknown as Record<string, unknown>;
            expect(perRank).toBeDefined();
            expect(atCutoff).toBeDefined();
            return [key, rest];
          }),
        );
        expect(summary.rankings[r], `seed ${seed}`).toEqual(stripped);
      }
    }
  });
});

describe("the page's view (evaluateView: only what the page shows)", () => {
  test("the values of the full results; perRank and atCutoff of the chosen metrics only; each distinct text once, with the full results' terms", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const scenario = randomScenario(seed) as Scenario;
      const full = engine.evaluate(scenario);
      const chosen = (['texfair', 'arab', 'ee'] as const).slice(0, seed % 4);
      const view = engine.evaluateView(scenario, { detail: chosen, texts: 'all' });
      const seen = new Set<string>(); // each distinct text once, in the first ranking that has it
      for (const [r, ranking] of full.rankings.entries()) {
        const { docs, ...metrics } = ranking;
        const { texts, ...shown } = view.rankings[r]!;
        const expected = Object.fromEntries(
          Object.entries(metrics).map(([key, value]) => {
            if (!value || typeof value !== 'object' || (chosen as readonly string[]).includes(key)) return [key, value];
            const { perRank: _p, atCutoff: _a, ...rest } = value as unknown as Record<string, unknown>;
            return [key, rest];
          }),
        );
        expect(shown, `seed ${seed}`).toEqual(expected);
        const first: number[] = [];
        scenario.rankings[r]!.docs.forEach((doc, j) => seen.has(doc.text ?? '') || (seen.add(doc.text ?? ''), first.push(j)));
        expect(texts.map((t) => t.at)).toEqual(first);
        for (const { at, ...terms } of texts)
          expect(terms).toEqual({ tokens: docs[at]!.tokens, magnitude: docs[at]!.magnitude, matches: docs[at]!.matches });
      }
    }
  });

  test('texts: "unreported" sends an edited text alone, a move nothing, another lexicon every text again', () => {
    const scenario = randomScenario(9) as Scenario;
    const docs = scenario.rankings[0]!.docs;
    const texts = (view: ReturnType<Engine['evaluateView']>) => view.rankings.flatMap((r) => r.texts.map((t) => t.at));
    engine.evaluateView(scenario, { texts: 'all' });
    expect(texts(engine.evaluateView(scenario, { texts: 'unreported' }))).toEqual([]);
    [docs[0], docs[1]] = [docs[1]!, docs[0]!];
    expect(texts(engine.evaluateView(scenario, { texts: 'unreported' }))).toEqual([]);
    expect(engine.viewTokenised()).toBe(0);
    docs[1] = { ...docs[1]!, text: `${docs[1]!.text ?? ''} she said, a new sentence` };
    const edited = engine.evaluateView(scenario, { texts: 'unreported' });
    expect(texts(edited)).toEqual([1]);
    expect(edited.rankings[0]!.texts[0]!.matches.at(-1)).toMatchObject({ group: 'female' });
    // The other evaluations keep their own record: an export in between changes nothing here.
    engine.evaluate(scenario);
    expect(texts(engine.evaluateView(scenario, { texts: 'unreported' }))).toEqual([]);
    const relexed = { ...scenario, lexicon: { female: ['she'], male: ['he'] } };
    expect(new Set(texts(engine.evaluateView(relexed, { texts: 'unreported' }))).size).toBe(new Set(docs.map((d) => d.text)).size);
    expect(() => engine.evaluateView(scenario, { texts: 'unreported', detail: ['nfair' as never] })).toThrow(/no metric/);
  });
});

describe("incremental evaluation (the module keeps the last scenario's analysed texts)", () => {
  test('a move or a label change tokenises nothing, an edited text only itself, and the results stay exact', () => {
    const scenario = randomScenario(5) as Scenario;
    const docs = scenario.rankings[0]!.docs;
    expect(docs.length).toBeGreaterThan(2);
    engine.evaluate({ ...scenario, params: { ...scenario.params, tokenizer: 'whitespace' } }); // another cache
    engine.evaluate(scenario);
    const distinct = new Set([...scenario.rankings.flatMap((r) => r.docs), ...(scenario.background ?? [])].map((d) => d.text ?? ''));
    expect(engine.tokenised()).toBe(distinct.size);

    [docs[0], docs[1]] = [docs[1]!, docs[0]!];
    docs[2] = { ...docs[2]!, label: 'neutral', relevance: 3 };
    const moved = engine.evaluateText(JSON.stringify(scenario));
    expect(engine.tokenised()).toBe(0);

    docs[1] = { ...docs[1]!, text: `${docs[1]!.text ?? ''} she said, a new sentence` };
    const edited = engine.evaluateText(JSON.stringify(scenario));
    expect(engine.tokenised()).toBe(1);
    if (haveCli) {
      expect(differences(JSON.parse(edited), JSON.parse(runCli(['-'], JSON.stringify(scenario)).stdout), 0)).toEqual([]);
      [docs[0], docs[1]] = [docs[1]!, docs[0]!];
      expect(
        differences(
          JSON.parse(engine.evaluateText(JSON.stringify(scenario))),
          JSON.parse(runCli(['-'], JSON.stringify(scenario)).stdout),
          0,
        ),
      ).toEqual([]);
    }
    expect(moved).not.toBe(edited);
  });
});

describe.skipIf(!haveCli)('npm run eval', () => {
  test('prints what the CLI prints, for a file and for stdin', () => {
    for (const file of scenarioFiles.slice(0, 3)) {
      const wasm = runEval([file]);
      const native = runCli([file]);
      expect(wasm.status, wasm.stderr).toBe(0);
      expect(wasm.stderr).toBe('');
      expect(differences(JSON.parse(wasm.stdout), JSON.parse(native.stdout), 1e-12), file).toEqual([]);
      expect(wasm.stdout.endsWith('\n') && !wasm.stdout.slice(0, -1).includes('\n')).toBe(true);
    }
    const text = JSON.stringify(randomScenario(3));
    const fromStdin = runEval(['-'], text);
    expect(fromStdin.status).toBe(0);
    expect(differences(JSON.parse(fromStdin.stdout), JSON.parse(runCli(['-'], text).stdout), 1e-12)).toEqual([]);
  });

  test('exits 2 with the CLI message on bad input and on a missing file', () => {
    // Every reproducer of issue 8, and every 25th case of the systematic list (each run starts a
    // Node process; the module's messages for all of them are checked in-process above).
    const sample = [...malformedScenarios.slice(0, 4), ...issueReproducers, ...generatedMalformedScenarios.filter((_, i) => i % 25 === 0)];
    for (const { text } of sample) {
      const wasm = runEval(['-'], text);
      const native = runCli(['-'], text);
      expect(wasm.status).toBe(2);
      expect(wasm.stdout).toBe('');
      expect(wasm.stderr).toBe(native.stderr);
    }
    const missing = runEval(['no-such-file.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(runCli(['no-such-file.json']).stderr);
    const directory = runEval(['examples']);
    expect(directory.status).toBe(2);
    expect(directory.stderr).toBe(runCli(['examples']).stderr);
  }, 120_000);

  test('regression: a message longer than a pipe buffer is written in full before the process exits', () => {
    // An unknown label lists the 16 groups, each named by 20,000 characters: a 320 kB message,
    // which process.exit cut at 64-128 KiB.
    const groups = Array.from({ length: 16 }, (_, i) => `g${i}`.padEnd(20000, 'x'));
    const text = JSON.stringify({ groups, rankings: [{ docs: [{ label: 'nobody' }] }] });
    const long = runEval(['-'], text);
    expect(long.status).toBe(2);
    expect(long.stderr.length).toBeGreaterThan(320_000);
    expect(long.stderr).toBe(runCli(['-'], text).stderr);
  });

  test('results are written in full too, and --large reaches the large tier', () => {
    const text = JSON.stringify({
      rankings: [{ docs: Array.from({ length: 10001 }, (_, i) => ({ id: `d${i}`, text: 'she said', relevance: 1 })) }],
    });
    expect(runEval(['-'], text).stderr).toBe(runCli(['-'], text).stderr);
    const large = runEval(['--large', '-'], text);
    expect(large.status, large.stderr).toBe(0);
    expect(large.stdout.length).toBeGreaterThan(1 << 20);
    expect(JSON.parse(large.stdout).rankings[0].n).toBe(10001);
  });

  test('--describe prints what the CLI prints', () => {
    const wasm = runEval(['--describe']);
    expect(wasm.status).toBe(0);
    expect(wasm.stdout).toBe(runCli(['--describe']).stdout);
  });
});

describe('the engine', () => {
  test("a .wasm that is not WebAssembly (a host's error page for a missing file) is said by its name, without Emscripten's advice", async () => {
    const notFound = new TextEncoder().encode('<!doctype html><title>404 Not Found</title>');
    const { error: printError, warn: printWarning } = console; // Emscripten prints its abort too
    console.error = console.warn = () => {};
    try {
      for (const [options, file] of [
        [{ modules: 'playground' as const, wasmBinary: new Uint8Array(0) }, 'fairness-core.wasm'],
        [{ modules: 'playground' as const, wasmBinary: notFound }, 'fairness-core.wasm'],
        [{ modules: 'jobs' as const, jobsWasmBinary: notFound }, 'fairness-jobs.wasm'],
      ] as const) {
        const error = (await loadEngine(options).then(
          () => null,
          (e: unknown) => e,
        )) as Error;
        expect(error).toBeInstanceOf(Error);
        expect(error.message).toMatch(
          new RegExp(`^${file.replace('.', '\\.')}: CompileError: .+\\. If you host this copy, upload the whole folder, assets/ included$`),
        );
        expect(error.message).not.toMatch(/ASSERTIONS|Aborted/);
      }
      const runs = (await loadRunsEngine({ wasmBinary: notFound }).then(
        () => null,
        (e: unknown) => e,
      )) as Error;
      expect(runs.message).toMatch(/^fairness-runs\.wasm: CompileError: .+\. If you host this copy/);
    } finally {
      console.error = printError;
      console.warn = printWarning;
    }
  });

  test('evaluates a scenario object and a string alike', () => {
    const scenario = randomScenario(5) as Scenario;
    expect(engine.evaluate(scenario)).toEqual(engine.evaluate(JSON.stringify(scenario)));
    expect(engine.evaluate(scenario).rankings).toHaveLength(scenario.rankings.length);
  });

  test('an internal refusal is a ScenarioError carrying the field, not a C++ exception', () => {
    expect(() => engine.evaluate('{"rankings": [')).toThrow(ScenarioError);
    try {
      engine.evaluate({ rankings: [{ docs: [{ label: 'femal' }] }] });
    } catch (error) {
      expect(error).toMatchObject({ name: 'ScenarioError', field: 'rankings[0].docs[0].label' });
      expect(String(error)).toBe(`rankings[0].docs[0].label: ${(error as Error).message}`);
    }
  });

  test('describe lists every metric with its descriptor', () => {
    const ids = engine.describe().map((d) => d.id);
    expect(ids).toEqual(['nfairr', 'texfair', 'dips', 'cwex', 'awrf', 'ree', 'igi', 'ee', 'ea', 'eadp', 'rab', 'arab', 'ndkl', 'ndcg']);
    for (const d of engine.describe()) {
      expect(d.name).toBeTruthy();
      expect(['higher', 'lower', 'closer to 0']).toContain(d.fairer);
    }
  });

  test('findTerms gives UTF-16 indices into the text', () => {
    const scenario = { lexicon: { female: ['she', 'mädchen', 'ärztin', 'İpek'], male: ['he', 'king'] }, rankings: [{ docs: [{}] }] };
    const text = '👩‍⚕️ Ärztin: she said "MÄDCHEN" — Mädchen, he’s 🧔 he \u212Aing İPEK';
    const matches = engine.findTerms(scenario, text);
    // Lowercased as Python's str.lower(): Ärztin and MÄDCHEN match, U+212A KELVIN SIGN is k and
    // İ is i + U+0307 (lowercase of another length: the spans still cut the original text). The
    // typographic apostrophe is UTF-8, so `he’s` is one token and no match.
    expect(matches.map((m) => [text.slice(m.begin, m.end), m.group, m.term])).toEqual([
      ['Ärztin', 'female', 'ärztin'],
      ['she', 'female', 'she'],
      ['MÄDCHEN', 'female', 'mädchen'],
      ['Mädchen', 'female', 'mädchen'],
      ['he', 'male', 'he'],
      ['\u212Aing', 'male', 'king'],
      ['İPEK', 'female', 'i\u0307pek'],
    ]);
    expect(() => engine.findTerms({ rankings: [] }, 'x')).toThrow(ScenarioError);
  });

  test('spansToUtf16 maps the results’ byte offsets onto the document text', () => {
    const text = 'Café: she 🙂 and he';
    const results = engine.evaluate({ lexicon: { female: ['she'], male: ['he'] }, rankings: [{ docs: [{ text }] }] });
    const spans = spansToUtf16(text, results.rankings[0]!.docs[0]!.matches);
    expect(spans.map((s) => text.slice(s.begin, s.end))).toEqual(['she', 'he']);
  });

  test('the glue has no eval and no new Function (strict CSP)', () => {
    const glue = readFileSync(gluePath, 'utf8');
    expect(glue).not.toMatch(/\bnew\s+Function\b/);
    expect(glue).not.toMatch(/(^|[^\w$.])Function\s*\(/);
    expect(glue).not.toMatch(/(^|[^\w$.])eval\s*\(/);
    expect(glue).toContain('WebAssembly.instantiate');
  });

  test('no memory growth over 10,000 evaluations (refusals included)', () => {
    const good = JSON.stringify(randomScenario(11));
    const bad = malformedScenarios.map((m) => m.text);
    const round = (i: number) => {
      if (i % 10 === 9) expect(() => engine.evaluate(bad[i % bad.length]!)).toThrow(ScenarioError);
      else engine.evaluateText(good);
    };
    // Measured at the end of whole cycles of the refusals, so that each measure follows the same
    // last refusal: the bytes in use after a refusal depend on which one it was (by 8 bytes). Even
    // so, after some histories of the allocator (the example files evaluated first) the bytes in
    // use at a cycle's end alternate by 8 between two values, steady over 20,000 rounds: so the
    // largest of four cycles' ends is compared, before and after. A leak of a byte a round would
    // add 10,000.
    const cycle = 10 * bad.length;
    const largestOfFourCycles = () => {
      let largest = 0;
      for (let i = 0; i < 4 * cycle; i++) {
        round(i);
        if (i % cycle === cycle - 1) largest = Math.max(largest, engine.heapInUse());
      }
      return largest;
    };
    for (let i = 0; i < 2 * cycle; i++) round(i); // warm-up: the allocator takes what it needs once
    const heapSize = engine.heapSize();
    const inUse = largestOfFourCycles();
    for (let i = 0; i < Math.ceil(10_000 / cycle) * cycle; i++) round(i);
    expect(largestOfFourCycles()).toBe(inUse);
    expect(engine.heapSize()).toBe(heapSize);
  });
});
