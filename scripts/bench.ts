// npm run bench: the size of what the page downloads for the engine, and the time of one
// evaluation in the WebAssembly module (Node) against the native core (build/fairness-bench),
// on a generated 10-document and 1,000-document scenario; the best and worst orderings; then long
// rankings (10^4 to 10^6 documents): the growth of the full result and of each metric, and a
// million documents without detail natively and in WASM, against the goals of issue 12; then run
// evaluation at MS MARCO scale (scripts/bench-runs.ts); edits in the page in Chromium (scripts/bench-page-edit.ts). A measurement, not a test: it prints
// tables (Markdown, for the README's "Speed and size") and never fails on a budget.
// Long rankings are read under the large tier of core/limits.json (fairness-eval --large): the
// default tier allows 1,000 documents per ranking.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { benchRuns } from './bench-runs';
import { gluePath, loadEngineNode, wasmPath } from '../wasm/node';
import { benchRunsPage } from './bench-runs-page';
import { benchPageEdit } from './bench-page-edit';
import { wasmSizeTable } from './wasm-sizes';
import { benchScenario, writeBenchScenario } from './bench-scenario';

const root = fileURLToPath(new URL('../', import.meta.url));
const nativeBench = join(root, 'build/fairness-bench');
// The bench's own native tools are not part of the build `npm test` and `npm start` make.
execFileSync('cmake', ['--build', join(root, 'build'), '--target', 'fairness-bench', 'fairness-bench-tokenize', `-j${cpus().length}`], {
  stdio: 'inherit',
});

const budgets = { sizeKB: 130, ms10: 1, ms1000: 16, orderingsMs: 2000 };
/** Issue 12: 10^6 documents (k = 10, no detail) natively under 5 s and 1 GB, WASM under 2x native; growth exponents. */
const goals = { millionMs: 5000, millionMB: 1000, wasmOverNative: 2, metricExponent: 1.15, fullExponent: 1.15 };
const rounds = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of `run` in milliseconds, after a warm-up. */
function time(run: () => void, runs: number): number {
  for (let i = 0; i < Math.min(runs, 20); i++) run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    ms.push(performance.now() - start);
  }
  return median(ms);
}

const kB = (bytes: number) => bytes / 1000;
const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));
const mark = (ok: boolean) => (ok ? 'within' : 'over');

async function main() {
  if (!existsSync(wasmPath)) throw new Error('wasm/dist/ is missing: run `npm run build` first');
  const wasm = readFileSync(wasmPath);
  const glue = readFileSync(gluePath);
  const wasmGz = gzipSync(wasm, { level: 9 }).length;
  const glueGz = gzipSync(glue, { level: 9 }).length;
  const totalGz = wasmGz + glueGz;

  const engine = await loadEngineNode();
  const dir = mkdtempSync(join(tmpdir(), 'fairness-bench-'));
  const rows: { n: number; bytes: number; wasm: number; wasmParsed: number; wasmEdit: number; native: number | null; outBytes: number }[] =
    [];
  try {
    for (const [n, runs] of [
      [10, 400],
      [1000, 20],
    ] as const) {
      const text = JSON.stringify(benchScenario(n));
      const bytes = new TextEncoder().encode(text);
      const file = join(dir, `scenario-${n}.json`);
      writeFileSync(file, text);
      // The module keeps the last call's analysed texts: alternating with a scenario whose every
      // text differs makes each call analyse every text, as the native core does.
      const other = benchScenario(n);
      for (const doc of other.rankings[0]!.docs) doc.text = `x ${doc.text}`;
      const otherText = JSON.stringify(other);
      const otherBytes = new TextEncoder().encode(otherText);
      // An edit of one text, as in the page: alternating with the scenario with its first text changed.
      const edited = benchScenario(n);
      edited.rankings[0]!.docs[0]!.text = `She said: ${edited.rankings[0]!.docs[0]!.text}`;
      const editedBytes = new TextEncoder().encode(JSON.stringify(edited));
      let flip = false;
      const alternate = (a: Uint8Array, b: Uint8Array) => () => engine.evaluateText((flip = !flip) ? a : b);
      const outBytes = engine.evaluateText(bytes).length;
      const row = {
        n,
        bytes: bytes.length,
        wasm: Infinity,
        wasmParsed: Infinity,
        wasmEdit: Infinity,
        native: existsSync(nativeBench) ? Infinity : null,
        outBytes,
      };
      // Rounds interleave the three, so a busy moment of the machine does not favour one of them;
      // each figure is the best round's median.
      for (let round = 0; round < rounds; round++) {
        // Text in, text out: the same work as the native `fairness::evaluate_json`.
        row.wasm = Math.min(row.wasm, time(alternate(bytes, otherBytes), runs));
        // What the page's worker does: encode the scenario and parse the results as well.
        row.wasmParsed = Math.min(
          row.wasmParsed,
          time(() => engine.evaluate((flip = !flip) ? text : otherText), runs),
        );
        // One text edited since the last call: only that text is analysed again.
        row.wasmEdit = Math.min(row.wasmEdit, time(alternate(bytes, editedBytes), runs));
        if (row.native !== null) row.native = Math.min(row.native, median(nativeTimes(file, runs)));
      }
      rows.push(row);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Best and worst orderings (moved here from the unit tests, which assert no times): every metric
  // over the 40,320 orderings of 8 documents, and a local search over 20 documents at k = 10^6
  // (NFaiRR's baseline sums p(r) up to k once per ranking, not once per ordering).
  const orderingRows = (
    [
      ['8 documents, exhaustive (40,320 orderings)', benchScenario(8)],
      ['20 documents, local search, k = 1,000,000', { ...benchScenario(20), params: { k: 1000000 } }],
    ] as const
  ).map(([what, scenario]) => ({ what, ms: time(() => engine.orderings(scenario, 0), 3) }));

  const lines: string[] = [];
  lines.push(
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}. Times: the best of ${rounds} interleaved rounds, each the median of its runs after a warm-up.`,
  );
  lines.push('');
  lines.push('| what | measured | budget |');
  lines.push('| --- | --- | --- |');
  lines.push(`| fairness-core.wasm, gzipped (-9) | ${kB(wasmGz).toFixed(1)} kB (raw ${kB(wasm.length).toFixed(1)} kB) | |`);
  lines.push(`| fairness-core.mjs (glue), gzipped (-9) | ${kB(glueGz).toFixed(1)} kB (raw ${kB(glue.length).toFixed(1)} kB) | |`);
  lines.push(`| .wasm + glue, gzipped | ${kB(totalGz).toFixed(1)} kB | ${budgets.sizeKB} kB: ${mark(kB(totalGz) <= budgets.sizeKB)} |`);
  lines.push('');
  lines.push(...moduleParts());
  lines.push('');
  lines.push(
    '| scenario | WASM (text in, text out) | WASM + JSON.parse | WASM, one text edited | native CLI core | WASM / native | budget (WASM) |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const budget = r.n <= 10 ? budgets.ms10 : budgets.ms1000;
    const ratio = r.native ? `${(r.wasm / r.native).toFixed(2)}x` : 'n/a (no build/fairness-bench)';
    const native = r.native === null ? 'n/a' : `${fmt(r.native)} ms`;
    lines.push(
      `| ${r.n.toLocaleString('en')} documents (${kB(r.bytes).toFixed(0)} kB in, ${kB(r.outBytes).toFixed(0)} kB out) | ${fmt(r.wasm)} ms | ${fmt(r.wasmParsed)} ms | ${fmt(r.wasmEdit)} ms | ${native} | ${ratio} | ${budget} ms: ${mark(r.wasm <= budget)} |`,
    );
  }
  lines.push('');
  lines.push('| best and worst orderings (WASM) | measured | budget |');
  lines.push('| --- | --- | --- |');
  for (const r of orderingRows)
    lines.push(`| ${r.what} | ${fmt(r.ms)} ms | ${budgets.orderingsMs} ms: ${mark(r.ms <= budgets.orderingsMs)} |`);
  console.log(lines.join('\n'));
  if (existsSync(nativeBench)) console.log(`\n${(await longRankings(engine)).join('\n')}`);
}

/** build/fairness-bench's run times (ms), without its peak-rss-kB line. */
function nativeTimes(file: string, runs: number, summary = false): number[] {
  const out = execFileSync(nativeBench, [file, String(runs), ...(summary ? ['--summary'] : [])], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('peak-rss-kB'))
    .map(Number);
}

/** One evaluation as `fairness-eval [--summary]` makes it, in a fresh process: its time (from reading the file) and peak memory. */
function nativeOnce(file: string, summary: boolean): { ms: number; mb: number } {
  const out = execFileSync(nativeBench, ['--once', file, ...(summary ? ['--summary'] : [])], { encoding: 'utf8' });
  const lines = out.trim().split('\n');
  const rss = Number(lines.find((line) => line.startsWith('peak-rss-kB'))!.split(' ')[1]);
  return { ms: Number(lines[0]), mb: rss / 1024 };
}

/** Each metric's compute with its detail on both scenarios, in interleaved rounds, best of `runs`: id -> [small ms, large ms]. */
function metricTimes(small: string, large: string, runs: number): Map<string, [number, number]> {
  const out = execFileSync(nativeBench, ['--metrics', small, large, String(runs)], { encoding: 'utf8' });
  const times = new Map<string, [number, number]>();
  for (const line of out.trim().split('\n')) {
    const [id, a, b] = line.split(' ');
    if (id !== 'peak-rss-kB') times.set(id!, [Number(a), Number(b)]);
  }
  return times;
}

const exponent = (small: number, large: number, ratio: number) => Math.log(large / small) / Math.log(ratio);

/** 10^4 to 10^6 documents: growth of the full result and of every metric, a million without detail. */
async function longRankings(engine: Awaited<ReturnType<typeof loadEngineNode>>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fairness-bench-long-'));
  const lines: string[] = [];
  try {
    const file = (n: number) => join(dir, `scenario-${n}.json`);
    for (const n of [1e4, 1e5, 1e6]) writeBenchScenario(file(n), n);

    // The full result (every detail), natively: 10^4 -> 10^5.
    const full4 = Math.min(...Array.from({ length: 3 }, () => median(nativeTimes(file(1e4), 5))));
    const full5 = Math.min(...Array.from({ length: 3 }, () => median(nativeTimes(file(1e5), 1))));
    const fullExp = exponent(full4, full5, 10);

    // A million documents, k = 10, without detail: a fresh process each (its peak memory), best of 3.
    const native = Array.from({ length: 3 }, () => nativeOnce(file(1e6), true));
    const nativeMs = Math.min(...native.map((r) => r.ms));
    const nativeMB = Math.max(...native.map((r) => r.mb));
    const bytes = readFileSync(file(1e6));
    let outBytes = 0;
    const wasmMs = Math.min(
      ...Array.from({ length: 3 }, () => {
        const start = performance.now();
        outBytes = engine.evaluateText(bytes, { detail: false, limits: 'large' }).length;
        return performance.now() - start;
      }),
    );

    lines.push('Long rankings (generated news-like documents, 4 relevance levels; the large tier of core/limits.json):');
    lines.push('');
    lines.push('| what | measured | goal |');
    lines.push('| --- | --- | --- |');
    lines.push(
      `| full result (all detail), native, 10,000 → 100,000 documents | ${fmt(full4)} ms → ${fmt(full5)} ms: exponent ${fullExp.toFixed(2)} | near-linear (≤ ${goals.fullExponent}): ${mark(fullExp <= goals.fullExponent)} |`,
    );
    lines.push(
      `| 1,000,000 documents (${(bytes.length / 1e6).toFixed(0)} MB in), k = 10, without detail (${kB(outBytes).toFixed(1)} kB out), native | ${(nativeMs / 1000).toFixed(2)} s, peak ${nativeMB.toFixed(0)} MB | < ${goals.millionMs / 1000} s: ${mark(nativeMs < goals.millionMs)}; < ${goals.millionMB} MB: ${mark(nativeMB < goals.millionMB)} |`,
    );
    lines.push(
      `| the same in WASM (Node) | ${(wasmMs / 1000).toFixed(2)} s (${(wasmMs / nativeMs).toFixed(2)}x native), memory ${(engine.heapSize() / 1e6).toFixed(0)} MB | < ${goals.wasmOverNative}x native: ${mark(wasmMs < goals.wasmOverNative * nativeMs)} |`,
    );
    lines.push('');

    // Each metric's compute with its per-rank detail and value at every cut-off, 10^5 -> 10^6.
    const times = metricTimes(file(1e5), file(1e6), 7);
    lines.push(
      `| metric (processor time of the compute with per-rank detail and every cut-off, native, sizes interleaved, best of 7) | 100,000 documents | 1,000,000 documents | exponent | goal ≤ ${goals.metricExponent} |`,
    );
    lines.push('| --- | --- | --- | --- | --- |');
    for (const [id, [small, large]] of times) {
      const e = exponent(small, large, 10);
      lines.push(`| ${id} | ${fmt(small)} ms | ${fmt(large)} ms | ${e.toFixed(2)} | ${mark(e <= goals.metricExponent)} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

await main();
// Edits in the page at 1,000 and 10,000 documents (Chromium): main-thread work and edit to value.
console.log(`\n${await benchPageEdit()}`);
// Run evaluation at MS MARCO scale (scripts/bench-runs.ts; a few minutes the first time).
console.log(`\n${await benchRuns()}`);
// The same run evaluation in the page (Chromium) against the native CLI, on the same files.
console.log(`\n${await benchRunsPage()}`);

/**
 * What each part of the playground's module costs: the same build with its functions' names kept
 * (--profiling-funcs, in build-wasm-sizes/), its code grouped by source (scripts/wasm-sizes.ts).
 * Raw bytes: gzip does not split by part, but the shares are those of the download.
 */
function moduleParts(): string[] {
  const dir = join(root, 'build-wasm-sizes');
  const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
  execFileSync(
    'emcmake',
    [
      'cmake',
      '-S',
      root,
      '-B',
      dir,
      '-DCMAKE_BUILD_TYPE=Release',
      '-DCMAKE_EXE_LINKER_FLAGS=--profiling-funcs',
      `-DFAIRNESS_WASM_DIST=${dir}/dist`,
    ],
    { env, stdio: 'ignore' },
  );
  execFileSync('cmake', ['--build', dir, '--target', 'fairness_wasm', `-j${cpus().length}`], { env, stdio: 'ignore' });
  const { rows, total } = wasmSizeTable(join(dir, 'dist', 'fairness-core.wasm'));
  const out = ['| part of fairness-core.wasm | functions | bytes (raw) | share |', '| --- | --- | --- | --- |'];
  for (const row of rows)
    out.push(`| ${row.group} | ${row.functions || ''} | ${row.bytes.toLocaleString('en')} | ${((100 * row.bytes) / total).toFixed(1)}% |`);
  return out;
}
