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

/** Writes the files; returns their paths by input (runs: two) and the folder. */
export function writeRunsFiles(seed = 1, { queries = 12, docs = 150 } = {}) {
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
  const files = {
    alpha: run('alpha'),
    beta: run('beta'),
    background: run('bg'),
    collection: collection + '\n',
    qrels,
    labels,
    queries: queryList,
    params,
  };
  const paths = {
    runs: [join(dir, 'alpha.run'), join(dir, 'beta.run')],
    background: join(dir, 'background.run'),
    collection: join(dir, 'collection.tsv'),
    collectionGz: join(dir, 'collection.tsv.gz'),
    qrels: join(dir, 'qrels.txt'),
    labels: join(dir, 'labels.csv'),
    queries: join(dir, 'queries.csv'),
    params: join(dir, 'params.json'),
  };
  writeFileSync(paths.runs[0], files.alpha);
  writeFileSync(paths.runs[1], files.beta);
  writeFileSync(paths.background, files.background);
  writeFileSync(paths.collection, files.collection);
  writeFileSync(paths.collectionGz, gzipSync(files.collection));
  writeFileSync(paths.qrels, files.qrels);
  writeFileSync(paths.labels, files.labels);
  writeFileSync(paths.queries, files.queries);
  writeFileSync(paths.params, files.params);
  return { dir, paths };
}
