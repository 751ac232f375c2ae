// npm run bench: the size of what the page downloads for the engine, and the time of one
// evaluation in the WebAssembly module (Node) against the native core (build/fairness-bench),
// on a generated 10-document and 1,000-document scenario. A measurement, not a test: it prints a
// table (Markdown, for the README's "Speed and size") and never fails on a budget.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { gluePath, loadEngineNode, wasmPath } from '../wasm/node';
import { benchScenario } from './bench-scenario';

const root = fileURLToPath(new URL('../', import.meta.url));
const nativeBench = join(root, 'build/fairness-bench');

const budgets = { sizeKB: 150, ms10: 1, ms1000: 16 };
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
  const rows: { n: number; bytes: number; wasm: number; wasmParsed: number; native: number | null; outBytes: number }[] = [];
  try {
    for (const [n, runs] of [
      [10, 400],
      [1000, 20],
    ] as const) {
      const text = JSON.stringify(benchScenario(n));
      const bytes = new TextEncoder().encode(text);
      const file = join(dir, `scenario-${n}.json`);
      writeFileSync(file, text);
      const outBytes = engine.evaluateText(bytes).length;
      const row = { n, bytes: bytes.length, wasm: Infinity, wasmParsed: Infinity, native: existsSync(nativeBench) ? Infinity : null, outBytes };
      // Rounds interleave the three, so a busy moment of the machine does not favour one of them;
      // each figure is the best round's median.
      for (let round = 0; round < rounds; round++) {
        // Text in, text out: the same work as the native `fairness::evaluate_json`.
        row.wasm = Math.min(row.wasm, time(() => engine.evaluateText(bytes), runs));
        // What the page's worker does: encode the scenario and parse the results as well.
        row.wasmParsed = Math.min(row.wasmParsed, time(() => engine.evaluate(text), runs));
        if (row.native !== null) {
          const out = execFileSync(nativeBench, [file, String(runs)], { encoding: 'utf8' });
          row.native = Math.min(row.native, median(out.trim().split('\n').map(Number)));
        }
      }
      rows.push(row);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

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
  lines.push('| scenario | WASM (text in, text out) | WASM + JSON.parse | native CLI core | WASM / native | budget (WASM) |');
  lines.push('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const budget = r.n <= 10 ? budgets.ms10 : budgets.ms1000;
    const ratio = r.native ? `${(r.wasm / r.native).toFixed(2)}x` : 'n/a (no build/fairness-bench)';
    const native = r.native === null ? 'n/a' : `${fmt(r.native)} ms`;
    lines.push(
      `| ${r.n.toLocaleString('en')} documents (${kB(r.bytes).toFixed(0)} kB in, ${kB(r.outBytes).toFixed(0)} kB out) | ${fmt(r.wasm)} ms | ${fmt(r.wasmParsed)} ms | ${native} | ${ratio} | ${budget} ms: ${mark(r.wasm <= budget)} |`,
    );
  }
  console.log(lines.join('\n'));
}

await main();
