// Run evaluation in the WebAssembly module, driven by the runs worker's logic as the page drives
// it (Blobs read with stream(), gzip through DecompressionStream, chunks fed to the core): the
// results JSON must be byte for byte what `fairness-eval runs --format json` prints for the same
// files and options (up to the last digits a different libm rounds differently); refusals name the file and line as the CLI does; a query opened as a scenario
// evaluates in the CLI's scenario mode to the run evaluation's per-query values.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

import { runsWasmPath } from '../../wasm/node';
import { loadRunsEngine, type RunsEngine, type RunsOptions } from '../../wasm/runs-engine';
import { EngineClient } from '../../wasm/client';
import { RunsInputError } from '../../wasm/errors';
import type { PortLike } from '../../wasm/protocol';
import { evaluateRuns, fileChunks, runStem, serveRuns, type RunsFile, type RunsJob, type RunsProgress } from '../../wasm/runs-worker-core';
import { defaults, optionsOf, typedNumber } from '../../web/components/RunsView/form';
import { writeRunsFiles } from './runs-files.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const ready = existsSync(cli) && existsSync(runsWasmPath);

/**
 * The differences between two JSON texts of the same writer: every byte equal, except that a
 * number may differ in its last digits (1e-12 relative). The core is the same code, but its
 * WebAssembly build uses Emscripten's libm (musl) where the CLI uses glibc, and functions such as
 * log, exp and pow (nDCG's discount, the t distribution) may round their last bit differently.
 */
function sameJson(got: string, expected: string): string[] {
  const tokens = (text: string) => text.split(/(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/);
  const a = tokens(got);
  const b = tokens(expected);
  if (a.length !== b.length) return [`${a.length} tokens, the CLI ${b.length}`];
  const out: string[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const x = Number(a[i]);
    const y = Number(b[i]);
    if (i % 2 === 1 && Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y))) continue;
    out.push(`after ${JSON.stringify(a.slice(Math.max(0, i - 2), i).join(''))}: WASM ${a[i]}, CLI ${b[i]}`);
    if (out.length > 10) break;
  }
  return out;
}

const blob = (path: string) => new Blob([readFileSync(path)]);
const input = (kind: RunsFile['kind'], path: string): RunsFile => ({ kind, file: blob(path), name: basename(path) });

interface Case {
  options: RunsOptions;
  args: string[];
  gzip?: boolean;
  background?: boolean;
  params?: boolean;
}

function jobAndArgs(paths: ReturnType<typeof writeRunsFiles>['paths'], c: Case): { job: RunsJob; args: string[] } {
  const collection = c.gzip ? paths.collectionGz : paths.collection;
  const files: RunsFile[] = [
    input('run', paths.runs[0]!),
    input('run', paths.runs[1]!),
    input('qrels', paths.qrels),
    input('labels', paths.labels),
    input('queries', paths.queries),
    input('collection', collection),
  ];
  const args = [
    'runs',
    '--format',
    'json',
    '--collection',
    collection,
    '--qrels',
    paths.qrels,
    '--labels',
    paths.labels,
    '--queries',
    paths.queries,
  ];
  if (c.background) {
    files.push(input('background', paths.background));
    args.push('--background', paths.background);
  }
  const job: RunsJob = { options: c.options, files };
  if (c.params) {
    job.params = { name: basename(paths.params), file: blob(paths.params) };
    args.push('--params', paths.params);
  }
  return { job, args: [...args, ...c.args, ...paths.runs] };
}

describe.skipIf(!ready)('run evaluation in WebAssembly', () => {
  let engine: RunsEngine;
  beforeAll(async () => {
    engine = await loadRunsEngine({ wasmBinary: readFileSync(runsWasmPath) });
  });

  const cases: [string, Case][] = [
    ['defaults', { options: {}, args: [] }],
    [
      'a gzip collection, a background run, a params file',
      { options: { cutoffs: [5, 10, 30] }, args: ['--cutoffs', '5,10,30'], gzip: true, background: true, params: true },
    ],
    [
      'official parity, a baseline, a query label, some metrics',
      {
        options: { official: true, baseline: 'beta', queryLabel: 'g', metrics: ['NFaiRR', 'nDCG@10', 'DIPS'], backgroundDepth: 15 },
        args: ['--official', '--baseline', 'beta', '--query-label', 'g', '--metrics', 'NFaiRR,nDCG@10,DIPS', '--background-depth', '15'],
      },
    ],
    [
      'background from the collection, file order',
      {
        options: { backgroundFrom: 'collection', order: 'file' },
        args: ['--background-from', 'collection', '--order', 'file'],
        gzip: true,
      },
    ],
  ];

  test.each(cases)('the JSON equals the CLI’s (byte for byte but for libm’s last digits): %s', async (_, c) => {
    const { paths } = writeRunsFiles(7);
    const { job, args } = jobAndArgs(paths, c);
    const expected = spawnSync(cli, args, { encoding: 'utf8' });
    expect(expected.status).toBe(0);
    // stderr holds the JSON's warnings, one line each, and nothing else.
    const warnings = (JSON.parse(expected.stdout) as { warnings: string[] }).warnings;
    expect(expected.stderr).toBe(warnings.map((w) => `fairness-eval runs: warning: ${w}\n`).join(''));
    const progress: RunsProgress[] = [];
    const got = await evaluateRuns(engine, job, { onProgress: (p) => progress.push(p), progressEvery: 0 });
    expect(sameJson(got, expected.stdout)).toEqual([]);
    // Progress: monotone bytes, ending at the total of the files read.
    const last = progress.at(-1)!;
    expect(last.kind).toBe('computing');
    expect(last.bytesRead).toBe(last.totalBytes);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.bytesRead).toBeGreaterThanOrEqual(progress[i - 1]!.bytesRead);
    expect(last.documents).toBeGreaterThan(0);
  });

  test('a gzip file is read by its magic bytes, in chunks, whatever its name', async () => {
    const { paths } = writeRunsFiles(3);
    const plain = readFileSync(paths.collection);
    let raw = 0;
    const parts: Uint8Array[] = [];
    for await (const chunk of fileChunks(blob(paths.collectionGz), 'renamed.tsv', (n) => (raw += n))) parts.push(chunk);
    expect(Buffer.concat(parts).equals(plain)).toBe(true);
    expect(raw).toBe(readFileSync(paths.collectionGz).length);
  });

  test('a corrupt gzip file is refused naming it', async () => {
    const { paths } = writeRunsFiles(3);
    const bytes = readFileSync(paths.collectionGz);
    const broken = new Blob([bytes.subarray(0, 10), new Uint8Array(40).fill(7)]);
    const { job } = jobAndArgs(paths, { options: {}, args: [] });
    job.files = job.files.map((f) => (f.kind === 'collection' ? { ...f, file: broken, name: 'broken.tsv.gz' } : f));
    await expect(evaluateRuns(engine, job)).rejects.toMatchObject({ file: 'broken.tsv.gz' });
  });

  // Each kind of input, malformed: the same message as the CLI's stderr, with file and line.
  const malformed: [string, RunsFile['kind'] | 'params', string, number][] = [
    ['a run with five fields', 'run', '100 P1 1 2.0 x\n', 1],
    // strtod, which the WebAssembly build falls back on, would read hexadecimal; the CLI does not.
    ['a run with a hexadecimal score', 'run', '100 Q0 P1 1 0x10 x\n', 1],
    ['a run with a score of two signs', 'run', '100 Q0 P1 1 ++6 x\n', 1],
    ['qrels with a word for relevance', 'qrels', '100 0 P1 1\n100 0 P2 high\n', 2],
    ['labels with an unknown label', 'labels', 'docid,label\nP1,F\nP2,X\n', 3],
    ['a query list with a duplicate', 'queries', '100,a,n\n101,b,g\n100,c,n\n', 3],
    ['a collection line without a tab', 'collection', 'P1\tshe\nP2 no tab here\n', 2],
    ['params with a bad tau', 'params', '{"params":{"tau":-1}}', 0],
  ];
  test.each(malformed)('%s is refused with file and line, as the CLI', async (_, kind, text, line) => {
    const { paths, dir } = writeRunsFiles(5);
    const name = kind === 'params' ? 'bad-params.json' : `bad-${kind}.txt`;
    const path = join(dir, name);
    writeFileSync(path, text);
    const c: Case = { options: {}, args: [], params: false };
    const { job, args } = jobAndArgs(paths, c);
    if (kind === 'params') {
      job.params = { name, file: blob(path) };
      args.splice(1, 0, '--params', path);
    } else if (kind === 'run') {
      job.files.push({ kind, file: blob(path), name });
      args.push(path);
    } else {
      job.files = job.files.map((f) => (f.kind === kind ? { kind, file: blob(path), name } : f));
      const flag = `--${kind}`;
      args[args.indexOf(flag) + 1] = path;
    }
    const expected = spawnSync(cli, args, { encoding: 'utf8' });
    expect(expected.status).toBe(2);
    const message = expected.stderr
      .replace(/^fairness-eval runs: /, '')
      .trim()
      .replaceAll(path, name);
    const refusal = await evaluateRuns(engine, job).then(
      () => null,
      (e: { file: string; line: number; message: string }) => e,
    );
    expect(refusal).not.toBeNull();
    expect(refusal!.file).toBe(name);
    expect(refusal!.line).toBe(line);
    expect(refusal!.message).toBe(message);
  });

  // The Runs view's fields as typed: what is not a whole number is named as the CLI names the same
  // text (the form had made it NaN, sent as null, or an empty depth 0).
  test.each([
    ['--cutoffs', '5,abc'],
    ['--cutoffs', '10,1.5'],
    ['--cutoffs', '7,-2'],
    ['--cutoffs', ','],
    ['--background-depth', ''],
    ['--background-depth', '1.5'],
  ])('%s typed as %j is refused as the CLI refuses it', async (flag, typed) => {
    const { paths } = writeRunsFiles(3);
    const field = flag === '--cutoffs' ? { cutoffs: typed } : { backgroundDepth: typedNumber(typed) };
    const { job, args } = jobAndArgs(paths, { options: optionsOf({ ...defaults, ...field }), args: [] });
    const expected = spawnSync(cli, [...args, flag, typed], { encoding: 'utf8' });
    expect(expected.status).toBe(2);
    const refusal = await evaluateRuns(engine, job).then(
      () => null,
      (e: { file: string; message: string }) => e,
    );
    expect(refusal!.file).toBe(flag);
    expect(`fairness-eval runs: ${refusal!.message}\n`).toBe(expected.stderr);
  });

  test('a cut-off with a plus sign is a number to the form as to the CLI (+5 is 5)', () => {
    expect(optionsOf({ ...defaults, cutoffs: '+5, 10' }).cutoffs).toEqual([5, 10]);
    const { paths } = writeRunsFiles(3);
    const { args } = jobAndArgs(paths, { options: {}, args: [] });
    expect(spawnSync(cli, [...args, '--cutoffs', '+5'], { encoding: 'utf8' }).status).toBe(0);
  });

  test('an opened query evaluates in scenario mode to its per-query values', async () => {
    const { paths } = writeRunsFiles(11);
    const { job } = jobAndArgs(paths, { options: { cutoffs: [10] }, args: [], gzip: true, params: true });
    const results = JSON.parse(await evaluateRuns(engine, job)) as {
      queries: string[];
      runs: { name: string; perQuery: Record<string, Record<string, number | null>> }[];
    };
    const query = results.queries[2]!;
    const scenario = engine.queryScenario(query, 'alpha', 'beta', 10);
    const parsed = JSON.parse(scenario) as { params: { k: number; tau: number }; rankings: { name: string; docs: { text: string }[] }[] };
    expect(parsed.params.k).toBe(10);
    expect(parsed.params.tau).toBe(1); // the params file's
    expect(parsed.rankings.map((r) => r.name)).toEqual(['alpha', 'beta']);
    expect(parsed.rankings[0]!.docs.length).toBe(10);
    expect(parsed.rankings[0]!.docs.some((d) => d.text.length > 0)).toBe(true);
    const out = spawnSync(cli, ['-'], { input: scenario, encoding: 'utf8' });
    expect(out.status).toBe(0);
    const scenarioResults = JSON.parse(out.stdout) as { rankings: Record<string, { value: number | null }>[] };
    // Label- and relevance-based metrics do not depend on the background: equal to the run mode's.
    // (DIPS's relevance is the judged one; nDCG's ideal differs: scenario mode knows only the ranking.)
    for (const [r, run] of ['alpha', 'beta'].entries()) {
      const perQuery = results.runs.find((x) => x.name === run)!.perQuery[query]!;
      expect(scenarioResults.rankings[r]!.cwex!.value).toBeCloseTo(perQuery['CWEx@10']!, 12);
      expect(scenarioResults.rankings[r]!.dips!.value ?? null).toEqual(
        perQuery['DIPS@10'] === null ? null : expect.closeTo(perQuery['DIPS@10']!, 12),
      );
      expect(scenarioResults.rankings[r]!.texfair!.value ?? null).toEqual(
        perQuery['TExFAIR@10'] === null ? null : expect.closeTo(perQuery['TExFAIR@10']!, 12),
      );
    }
  });

  test("the runs worker's protocol: the page's one client, progress, refusals rebuilt with file and line", async () => {
    // serveRuns and EngineClient joined by a real MessageChannel, as the Runs view and its worker.
    const { port1, port2 } = new MessageChannel();
    serveRuns(port2 as unknown as PortLike, loadRunsEngine({ wasmBinary: readFileSync(runsWasmPath) }));
    const client = new EngineClient(port1 as unknown as PortLike);
    try {
      const { paths, dir } = writeRunsFiles(7);
      const { job } = jobAndArgs(paths, { options: { cutoffs: [10] }, args: [], params: true });
      const progress: RunsProgress[] = [];
      const done = await client.runs(job, { onProgress: (p) => progress.push(p) });
      // The same results as the engine's own evaluation of the same job, and the worker's extras.
      expect(done.json).toBe(await evaluateRuns(engine, job));
      expect(done.queryTexts).toEqual(engine.queryTexts());
      expect(done.comparisonsCsv).toBe(engine.comparisonsCsv());
      expect(done.heapBytes).toBeGreaterThan(0);
      expect(progress.at(-1)).toMatchObject({ kind: 'computing', bytesRead: progress.at(-1)!.totalBytes });
      const query = (JSON.parse(done.json) as { queries: string[] }).queries[0]!;
      expect(JSON.parse(await client.runsScenario(query, 'alpha', 'beta', 10))).toMatchObject({ params: { k: 10 } });
      // A refusal crosses as the error the worker threw: a RunsInputError naming file and line.
      const path = join(dir, 'bad-qrels.txt');
      writeFileSync(path, '100 0 P1 1\n100 0 P2 high\n');
      const bad = { ...job, files: job.files.map((f) => (f.kind === 'qrels' ? { ...f, file: blob(path), name: 'bad-qrels.txt' } : f)) };
      const refusal = await client.runs(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(RunsInputError);
      expect(refusal).toMatchObject({ file: 'bad-qrels.txt', line: 2 });
      // A kind of the engine's worker is answered with an error, not left waiting.
      await expect(client.describe()).rejects.toThrow(/not served by the runs worker/);
    } finally {
      client.dispose();
      port1.close();
      port2.close();
    }
  });

  test('run names are the CLI stems', () => {
    expect(runStem('bm25.run')).toBe('bm25');
    expect(runStem('dir/bm25.run.gz')).toBe('bm25');
    expect(runStem('trec.dl.2019.txt')).toBe('trec.dl.2019');
    expect(runStem('run')).toBe('run');
  });
});
