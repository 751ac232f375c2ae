// Run evaluation at MS MARCO scale, for `npm run bench` (a measurement, never a test): a generated
// collection of BENCH_PASSAGES (default 1,000,000) passages of 30-80 words (about 350 MB of TSV),
// a background run and a run of 1,765 queries × 1,000 passages naming about 20% of it, cached
// under build/bench-runs/. Measured side by side in one go:
// - the whole `fairness-eval runs` (read runs, scan the collection, every metric at 10 and 20,
//   statistics) against `wc -w` reading the same collection;
// - the term counter's throughput over the named passages' text (build/fairness-bench-tokenize),
//   and the scenario mode's TermIndex over the same text;
// Times are the best of 3 interleaved rounds; processor time beside wall time (a shared machine).
// - the official NFaiRR code's neutrality step (tests/runs/official_nfairr.py --neutrality: read
//   the collection, lower().split(' '), count the words of each passage) in passages per second;
// - peak memory of `fairness-eval runs` (/usr/bin/time), against the collection's size.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 as random } from '../tests/reference/random-scenario.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'build/fairness-eval');
const tokenizeBench = join(root, 'build/fairness-bench-tokenize');
const wordlist = join(root, 'data/gender-words/wordlist_gender_representative.txt');
const passages = Number(process.env.BENCH_PASSAGES ?? 1_000_000);
const queries = 1765;
const depth = 1000;
export const dir = join(root, `build/bench-runs/${passages}`);

/** The collection and the runs, generated once (deterministic) and cached. */
export function generate() {
  const done = join(dir, 'complete');
  if (existsSync(done)) return;
  mkdirSync(dir, { recursive: true });
  const r = random(42);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  // A vocabulary of 5,000 lowercase words (pre-cleaned MS MARCO text is mostly lowercase ASCII),
  // drawn Zipf-like, and the lexicon's words in about 3% of the positions.
  const vocabulary = Array.from({ length: 5000 }, () =>
    Array.from({ length: 2 + Math.floor(r() * 9) }, () => letters[Math.floor(r() * 26)]).join(''),
  );
  const gendered = readFileSync(wordlist, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(',')[0]!);
  const word = () => (r() < 0.03 ? gendered[Math.floor(r() * gendered.length)]! : vocabulary[Math.floor(vocabulary.length * r() * r())]!);
  const fd = openSync(join(dir, 'collection.tsv'), 'w');
  let buffer = '';
  for (let d = 0; d < passages; d++) {
    const n = 30 + Math.floor(r() * 51);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(word());
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    buffer += `${d}\t${words.join(' ')} .\n`;
    if (buffer.length > 1 << 22) (writeSync(fd, buffer), (buffer = ''));
  }
  writeSync(fd, buffer);
  closeSync(fd);
  // Runs over a pool of 20% of the passages: the background (a BM25 stand-in) and a reranking of
  // it (a neural stand-in), 1,765 queries × 1,000 passages each.
  const pool = Math.floor(passages / 5);
  for (const [name, seed] of [
    ['bm25', 1],
    ['neural', 2],
  ] as const) {
    const rr = random(seed);
    const qr = random(7);
    const fd = openSync(join(dir, `${name}.run`), 'w');
    let text = '';
    for (let q = 0; q < queries; q++) {
      const seen = new Set<number>();
      while (seen.size < depth) seen.add(Math.floor(qr() * pool) * 5);
      const docs = [...seen];
      if (name === 'neural') docs.sort(() => rr() - 0.5);
      docs.forEach((d, i) => (text += `${100000 + q} Q0 ${d} ${i + 1} ${(depth - i + rr() * 0.5).toFixed(4)} ${name}\n`));
      if (text.length > 1 << 22) (writeSync(fd, text), (text = ''));
    }
    writeSync(fd, text);
    closeSync(fd);
  }
  writeFileSync(done, '');
}

/**
 * Wall seconds, processor seconds (user + system) and peak resident kB of a command, through GNU
 * time. On a shared machine the processor time is the fairer comparison: wall time includes
 * waiting for a core.
 */
function timed(command: string, args: string[]): { seconds: number; cpu: number; peakKB: number; stdout: string; stderr: string } {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr}`);
  const [seconds, user, system, peak] = out.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds: seconds!, cpu: user! + system!, peakKB: peak!, stdout: out.stdout, stderr: out.stderr };
}

export async function benchRuns(): Promise<string> {
  if (!existsSync(cli) || !existsSync(tokenizeBench)) throw new Error('build/ is missing: run cmake --build build first');
  const t0 = performance.now();
  generate();
  const generated = (performance.now() - t0) / 1000;
  const collection = join(dir, 'collection.tsv');
  const size = statSync(collection).size;
  const args = [
    'runs',
    '--progress',
    '--collection',
    collection,
    '--background',
    join(dir, 'bm25.run'),
    '--format',
    'json',
    join(dir, 'neural.run'),
    join(dir, 'bm25.run'),
  ];
  // Two interleaved rounds, the best of each: a busy moment of the shared machine favours neither.
  let wc = { seconds: Infinity, cpu: Infinity };
  const scans: number[] = [];
  let ours = { seconds: Infinity, cpu: Infinity, peakKB: 0, stdout: '', stderr: '' };
  for (let round = 0; round < 3; round++) {
    const w = timed('wc', ['-w', collection]);
    wc = { seconds: Math.min(wc.seconds, w.seconds), cpu: Math.min(wc.cpu, w.cpu) };
    const run = timed(cli, args);
    ours = { ...run, seconds: Math.min(ours.seconds, run.seconds), cpu: Math.min(ours.cpu, run.cpu) };
    const progress = /in ([0-9.]+) s \(([0-9.]+) s processor\)/.exec(run.stderr);
    if (progress) scans.push(Number(progress[2]));
  }
  const result = JSON.parse(ours.stdout);
  // The collection scan alone (--progress's last line): its processor time in the best round.
  const scan = Math.min(...scans);
  const tokenize = JSON.parse(execFileSync(tokenizeBench, [collection, '5'], { encoding: 'utf8' }));
  const official = JSON.parse(
    execFileSync('python3', [join(root, 'tests/runs/official_nfairr.py'), '--neutrality', wordlist, collection], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  );
  const mb = (bytes: number) => bytes / 1e6;
  const officialRate = official.passages / official.seconds;
  const oursRate = passages / ours.cpu;
  const lines = [
    `Run evaluation: ${passages.toLocaleString('en')} generated passages (${mb(size).toFixed(0)} MB TSV), a run and a background run of ${queries.toLocaleString('en')} queries × ${depth.toLocaleString('en')} naming 20% of them; ${result.runs.length} runs × ${result.queries.length} queries × ${Object.keys(result.runs[0].summary).length} columns (generated in ${generated.toFixed(0)} s, cached in build/bench-runs/).`,
    '',
    '| what | measured | goal |',
    '| --- | --- | --- |',
    `| \`fairness-eval runs\` (whole: runs, scan, metrics, statistics), processor / wall | ${ours.cpu.toFixed(2)} s / ${ours.seconds.toFixed(2)} s | less than \`wc -w\` |`,
    `| \`wc -w\` on the same collection, processor / wall | ${wc.cpu.toFixed(2)} s / ${wc.seconds.toFixed(2)} s | |`,
    `| term counter over the named passages (${mb(tokenize.bytes).toFixed(0)} MB of text), whitespace / words | ${(mb(tokenize.bytes) / tokenize.whitespace).toFixed(0)} / ${(mb(tokenize.bytes) / tokenize.words).toFixed(0)} MB/s | ≥ 300 MB/s |`,
    `| scenario mode's TermIndex over the same text | ${(mb(tokenize.bytes) / tokenize.termIndex).toFixed(0)} MB/s | |`,
    `| official neutrality step (Python: lower().split(' '), count) | ${Math.round(officialRate).toLocaleString('en')} passages/s (${official.seconds.toFixed(1)} s) | |`,
    `| \`fairness-eval runs\`, whole, in passages/s (processor time) | ${Math.round(oursRate).toLocaleString('en')} passages/s: ${(oursRate / officialRate).toFixed(1)}× the official step | |`,
    `| its collection scan alone (skip, tokenize the named, count), processor | ${scan.toFixed(2)} s: ${Math.round(passages / scan).toLocaleString('en')} passages/s, ${(passages / scan / officialRate).toFixed(1)}× the official step | about 30× (≈ 0.6 s) |`,
    `| peak memory of \`fairness-eval runs\` | ${(ours.peakKB / 1024).toFixed(0)} MB (collection ${mb(size).toFixed(0)} MB) | bounded by the named passages |`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchRuns());
