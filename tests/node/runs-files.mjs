// Generated run-evaluation inputs for the page's tests (Node and Chromium): two runs with ties and
// interleaved queries, a background run, a collection (plain and gzip; some documents missing,
// some with group terms), qrels, labels, an annotated query list and a params file. Seeded, so
// each seed is the same files every time; written to a fresh temporary folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { mulberry32 as rng } from '../reference/random-scenario.mjs';

const words = ['she', 'He', 'her', 'him', 'woman', 'MAN', 'the', 'a', 'car', 'road', 'mother', 'father', 'über', 'data', 'king', 'queen'];

const RUN_NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** Writes the files; returns their paths by input (runs: two unless asked for up to five) and the folder. */
export function writeRunsFiles(seed = 1, { queries = 12, docs = 150, runs = 2 } = {}) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const dir = mkdtempSync(join(tmpdir(), `runs-page-${seed}-`));
  const ids = Array.from({ length: docs }, (_, d) => `P${d}`);
  const collection = ids
    .filter((_, i) => i % 13 !== 5)
    .map((id) => `${id}\t${Array.from({ length: 3 + Math.floor(r() * 14) }, () => pick(words)).join(' ')}`)
    .join('\n');
  const qids = Array.from({ length: queries }, (_, q) => `${100 + q}`);
  const run = (tag) => {
    const lines = [];
    for (const q of qids) {
      const chosen = [...ids].sort(() => r() - 0.5).slice(0, 8 + Math.floor(r() * 20));
      chosen.forEach((d, i) => lines.push(`${q} Q0 ${d} ${i + 1} ${(Math.round(r() * 6) / 2).toFixed(1)} ${tag}`));
    }
    return lines.sort(() => r() - 0.5).join('\n') + '\n';
  };
  const qrels = qids.flatMap((q) => ids.filter(() => r() < 0.15).map((d) => `${q} 0 ${d} ${Math.floor(r() * 3)}`)).join('\n') + '\n';
  const labels =
    'docid,label\n' +
    ids
      .filter(() => r() < 0.8)
      .map((d) => `${d},${pick(['F', 'M', 'N', 'female', 'male'])}`)
      .join('\n') +
    '\n';
  const queryList = qids.map((q, i) => `${q},what about ${pick(words)} ${i},${i % 3 === 0 ? 'n' : 'g'}`).join('\n') + '\n';
  const params = JSON.stringify({ params: { tau: 1, alpha: 0.4, browsing: { model: 'exponential', gamma: 0.8 } } });
  const names = RUN_NAMES.slice(0, runs);
  const runTexts = names.map((name) => run(name));
  const files = {
    background: run('bg'),
    collection: collection + '\n',
    qrels,
    labels,
    queries: queryList,
    params,
  };
  const paths = {
    runs: names.map((name) => join(dir, `${name}.run`)),
    background: join(dir, 'background.run'),
    collection: join(dir, 'collection.tsv'),
    collectionGz: join(dir, 'collection.tsv.gz'),
    qrels: join(dir, 'qrels.txt'),
    labels: join(dir, 'labels.csv'),
    queries: join(dir, 'queries.csv'),
    params: join(dir, 'params.json'),
  };
  paths.runs.forEach((path, i) => writeFileSync(path, runTexts[i]));
  writeFileSync(paths.background, files.background);
  writeFileSync(paths.collection, files.collection);
  writeFileSync(paths.collectionGz, gzipSync(files.collection));
  writeFileSync(paths.qrels, files.qrels);
  writeFileSync(paths.labels, files.labels);
  writeFileSync(paths.queries, files.queries);
  writeFileSync(paths.params, files.params);
  return { dir, paths };
}

const FEMALE = ['she', 'her', 'woman', 'mother', 'queen', 'girl'];
const MALE = ['he', 'him', 'man', 'father', 'king', 'boy'];
const NEUTRAL = ['the', 'a', 'car', 'road', 'data', 'city'];

/**
 * Two runs that mirror each other: documents come in pairs (F<i>, M<i>) of equal relevance for
 * every query, labelled F and M, whose texts are each other's with female and male words
 * exchanged; run `mirror` is run `lean` with every pair exchanged. So each query's DIPS, REE, RaB
 * and ARaB of one run are the other's with the sign flipped: equally far from fair.
 */
export function writeMirroredRuns(seed = 1, { queries = 40, pairs = 60 } = {}) {
  const r = rng(seed);
  const pick = (xs) => Math.floor(r() * xs.length);
  const dir = mkdtempSync(join(tmpdir(), `runs-mirror-${seed}-`));
  const female = [];
  const male = [];
  for (let i = 0; i < pairs; i++) {
    const f = [];
    const m = [];
    for (let w = 0; w < 4 + Math.floor(r() * 8); w++) {
      if (r() < 0.5) {
        const n = NEUTRAL[pick(NEUTRAL)];
        (f.push(n), m.push(n));
      } else {
        const g = pick(FEMALE);
        // a female word in F<i> is the male one in M<i>, and the other way round
        if (r() < 0.7) (f.push(FEMALE[g]), m.push(MALE[g]));
        else (f.push(MALE[g]), m.push(FEMALE[g]));
      }
    }
    female.push(`F${i}\t${f.join(' ')}`);
    male.push(`M${i}\t${m.join(' ')}`);
  }
  const qids = Array.from({ length: queries }, (_, q) => `${500 + q}`);
  const lean = [];
  const mirror = [];
  const qrels = [];
  for (const q of qids) {
    const order = Array.from({ length: pairs }, (_, i) => i).sort(() => r() - 0.5);
    for (const i of order) {
      if (r() >= 0.3) continue;
      const rel = 1 + pick([0, 1]);
      qrels.push(`${q} 0 F${i} ${rel}`, `${q} 0 M${i} ${rel}`);
    }
    // The leaning run ranks mostly F documents first; the mirror ranks their M partners there.
    const ranked = order
      .slice(0, 20)
      .map((i) => (r() < 0.75 ? ['F', 'M'] : ['M', 'F']).map((g) => `${g}${i}`))
      .flat();
    ranked.forEach((d, rank) => {
      const other = d[0] === 'F' ? `M${d.slice(1)}` : `F${d.slice(1)}`;
      lean.push(`${q} Q0 ${d} ${rank + 1} ${ranked.length - rank} lean`);
      mirror.push(`${q} Q0 ${other} ${rank + 1} ${ranked.length - rank} mirror`);
    });
  }
  const labels = 'docid,label\n' + Array.from({ length: pairs }, (_, i) => `F${i},F\nM${i},M`).join('\n') + '\n';
  const paths = {
    runs: [join(dir, 'lean.run'), join(dir, 'mirror.run')],
    collection: join(dir, 'collection.tsv'),
    qrels: join(dir, 'qrels.txt'),
    labels: join(dir, 'labels.csv'),
  };
  writeFileSync(paths.runs[0], lean.join('\n') + '\n');
  writeFileSync(paths.runs[1], mirror.join('\n') + '\n');
  writeFileSync(paths.collection, [...female, ...male].join('\n') + '\n');
  writeFileSync(paths.qrels, qrels.join('\n') + '\n');
  writeFileSync(paths.labels, labels);
  return { dir, paths };
}
