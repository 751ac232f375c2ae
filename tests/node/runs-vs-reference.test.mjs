// `fairness-eval runs` against the independent JS reference of SPEC: on generated runs (ties in
// scores, interleaved queries, documents missing from the collection, unlabeled and unjudged
// documents, several cut-offs, three groups via --params), every per-query value (RaB and ARaB
// in every magnitude included) must equal the
// reference's value of the scenario SPEC defines for it: ranking = the run's top c documents in
// trec_eval's order, background = the query's background documents, k = c. nDCG, whose ideal
// comes from the qrels, is recomputed here from its definition.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import { evaluateReference, loadDefaultLexicon } from '../reference/spec-reference.mjs';
import { mulberry32 as rng } from '../reference/random-scenario.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const defaultLexicon = loadDefaultLexicon(`${root}data/gender-words/wordlist_gender_representative.txt`);

const groups = ['female', 'male', 'nonbinary'];
const lexicon = { female: ['she', 'her', 'woman'], male: ['he', 'him', 'man'], nonbinary: ['they', 'them', 'enby'] };
const baseParams = { groups, lexicon, params: { tau: 1, ct: 0.5, alpha: 0.4, browsing: { model: 'exponential', gamma: 0.8 } } };
const words = ['she', 'He', 'her', 'him', 'They', 'them', 'enby', 'woman', 'MAN', 'the', 'a', 'car', 'road', "he's", 'über'];

function generate(seed) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const docs = [];
  for (let d = 0; d < 70; d++) {
    const n = Math.floor(r() * 12);
    docs.push({ id: `D${d}`, text: Array.from({ length: n }, () => pick(words)).join(' '), label: pick([...groups, 'neutral', null]) });
  }
  const inCollection = docs.filter((_, i) => i % 11 !== 4); // some documents missing
  const queries = ['q1', 'q2', 'q3', 'q10', 'q7'];
  const runs = { bm25: [], neural: [] };
  const qrels = [];
  for (const q of queries) {
    for (const d of docs) if (r() < 0.2) qrels.push(`${q} 0 ${d.id} ${Math.floor(r() * 3)}`); // judged, retrieved or not
    for (const name of Object.keys(runs)) {
      const depth = 6 + Math.floor(r() * 12);
      const chosen = [...docs].sort(() => r() - 0.5).slice(0, depth);
      chosen.forEach((d, i) => runs[name].push({ q, doc: d.id, score: Math.round(r() * 4) / 2, rank: i + 1 })); // ties
    }
  }
  for (const name of Object.keys(runs)) runs[name].sort(() => r() - 0.5); // interleaved queries
  // q7 has no judgement at all; some of the rest are unjudged.
  return { docs, inCollection, queries, runs, qrels: qrels.filter((l) => !l.startsWith('q7 ')) };
}

function sortTrec(entries) {
  // Score descending, ties by docid descending (trec_eval; byte order = JS order for ASCII ids).
  return [...entries].sort((a, b) => (a.score !== b.score ? b.score - a.score : a.doc < b.doc ? 1 : a.doc > b.doc ? -1 : 0));
}

function ndcg(ranked, qrelsOf, c) {
  const rel = (doc) => qrelsOf.get(doc) ?? 0;
  let dcg = 0;
  ranked.slice(0, c).forEach((doc, i) => (dcg += rel(doc) / Math.log2(i + 2)));
  const ideal = [...qrelsOf.values()].sort((a, b) => b - a).slice(0, c);
  let idcg = 0;
  ideal.forEach((g, i) => (idcg += g / Math.log2(i + 2)));
  return idcg > 0 ? dcg / idcg : null;
}

const names = {
  NFaiRR: 'nfairr',
  TExFAIR: 'texfair',
  DIPS: 'dips',
  CWEx: 'cwex',
  AWRF: 'awrf',
  REE: 'ree',
  IGI: 'igi',
  EE: 'ee',
  EA: 'ea',
  'EA-dp': 'eadp',
  NDKL: 'ndkl',
};

// NDKL's conventions (and a target of 0, which leaves NDKL undefined unless ε smooths it), by seed.
const third = { female: 0.5, male: 0.5, nonbinary: 0 };
const variants = {
  1: {},
  2: { ndklTarget: 'ranking' },
  3: { ndklEpsilon: 1e-7, targets: third },
  4: { ndklTarget: 'ranking', ndklEpsilon: 1e-7 },
  5: { targets: third },
};

describe.skipIf(!existsSync(cli))('fairness-eval runs', () => {
  test.each([1, 2, 3, 4, 5])('per-query values equal the reference (seed %i)', (seed) => {
    const g = generate(seed);
    const params = { ...baseParams, params: { ...baseParams.params, ...variants[seed] } };
    const dir = mkdtempSync(join(tmpdir(), 'runs-'));
    const file = (name, text) => (writeFileSync(join(dir, name), text), join(dir, name));
    const collection = file('collection.tsv', g.inCollection.map((d) => `${d.id}\t${d.text}\n`).join(''));
    const labels = file(
      'labels.tsv',
      'docid\tlabel\n' +
        g.docs
          .filter((d) => d.label)
          .map((d) => `${d.id}\t${d.label}\n`)
          .join(''),
    );
    const qrels = file('qrels.txt', g.qrels.join('\n') + '\n');
    const paramsFile = file('params.json', JSON.stringify(params));
    const runFiles = Object.entries(g.runs).map(([name, lines]) =>
      file(`${name}.run`, lines.map((e) => `${e.q} Q0 ${e.doc} ${e.rank} ${e.score} ${name}\n`).join('')),
    );
    const depth = 5;
    const cutoffs = [3, 5, 8];
    const out = spawnSync(
      cli,
      [
        'runs',
        '--format',
        'json',
        '--collection',
        collection,
        '--labels',
        labels,
        '--qrels',
        qrels,
        '--params',
        paramsFile,
        '--cutoffs',
        cutoffs.join(','),
        '--background-depth',
        String(depth),
        ...runFiles,
      ],
      { encoding: 'utf8' },
    );
    expect(out.status, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout);
    expect(result.cutoffs).toEqual(cutoffs);

    const text = new Map(g.inCollection.map((d) => [d.id, d.text]));
    const label = new Map(g.docs.map((d) => [d.id, d.label ?? 'neutral']));
    let compared = 0;
    for (const run of result.runs) {
      for (const q of result.queries) {
        const qrelsOf = new Map(g.qrels.filter((l) => l.split(' ')[0] === q).map((l) => [l.split(' ')[2], Number(l.split(' ')[3])]));
        const ranked = sortTrec(g.runs[run.name].filter((e) => e.q === q)).map((e) => e.doc);
        for (const c of cutoffs) {
          const doc = (id) => ({ id, text: text.get(id) ?? '', label: label.get(id), relevance: qrelsOf.get(id) ?? 0 });
          const scenario = {
            ...params,
            params: { ...params.params, k: c },
            rankings: [{ name: run.name, docs: ranked.slice(0, c).map(doc) }],
            background: ranked.slice(0, depth).map((id) => ({ id, text: text.get(id) ?? '' })),
          };
          const reference = evaluateReference(scenario, defaultLexicon).rankings[0];
          for (const [metric, key] of Object.entries(names)) {
            const got = run.perQuery[q][`${metric}@${c}`];
            const want = reference[key].value;
            const where = `${run.name} ${q} ${metric}@${c}`;
            if (want === null || want === undefined) expect(got, where).toBeNull();
            else expect(got, where).toBeCloseTo(want, 9);
            compared++;
          }
          for (const measure of ['rab', 'arab'])
            for (const magnitude of ['tc', 'tf', 'bool']) {
              const column = `${measure === 'rab' ? 'RaB' : 'ARaB'}-${magnitude}@${c}`;
              const want = reference[measure][magnitude].value;
              if (want === null) expect(run.perQuery[q][column], column).toBeNull();
              else expect(run.perQuery[q][column], `${run.name} ${q} ${column}`).toBeCloseTo(want, 9);
              compared++;
            }
          const wantNdcg = ndcg(ranked, qrelsOf, c);
          const gotNdcg = run.perQuery[q][`nDCG@${c}`];
          if (wantNdcg === null) expect(gotNdcg).toBeNull();
          else expect(gotNdcg).toBeCloseTo(wantNdcg, 12);
        }
      }
      // The summary's mean and n are those of the per-query values.
      for (const column of Object.keys(run.summary)) {
        const defined = result.queries.map((q) => run.perQuery[q][column]).filter((v) => v !== null);
        expect(run.summary[column].n).toBe(defined.length);
        if (defined.length) expect(run.summary[column].mean).toBeCloseTo(defined.reduce((a, b) => a + b, 0) / defined.length, 12);
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(result.warnings.some((w) => /not in the collection/.test(w))).toBe(true);
    expect(result.warnings.some((w) => /no label/.test(w))).toBe(true);
    expect(result.warnings.some((w) => /unjudged/.test(w))).toBe(true);
  });

  test('options and their values in one argument (--format=csv), as getopt_long reads them, print the same', () => {
    const runs = `${root}examples/runs/`;
    const files = [`${runs}female-first.run`, `${runs}male-first.run`];
    const spaced = ['--collection', `${runs}collection.tsv`, '--labels', `${runs}labels.csv`, '--cutoffs', '3,6', '--format', 'csv'];
    const joined = [`--collection=${runs}collection.tsv`, `--labels=${runs}labels.csv`, '--cutoffs=3,6', '--format=csv'];
    const two = spawnSync(cli, ['runs', ...spaced, '--metrics', 'NFaiRR,nDCG', ...files], { encoding: 'utf8' });
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout.split('\n')[0]).toBe('run,query,NFaiRR@3,NFaiRR@6,nDCG@3,nDCG@6');
    // A metric's name in any case, too.
    const one = spawnSync(cli, ['runs', ...joined, '--metrics=nfairr,NDCG', ...files], { encoding: 'utf8' });
    expect(one.stdout).toBe(two.stdout);
    const flag = spawnSync(cli, ['runs', '--official=yes', ...files], { encoding: 'utf8' });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toBe("fairness-eval runs: --official takes no value, got 'yes'; fairness-eval runs --help lists the options\n");
  });

  test('a scenario exported from the playground (an example, with its rankings and lesson) is a params file', () => {
    const runs = `${root}examples/runs/`;
    const args = [
      'runs',
      '--collection',
      `${runs}collection.tsv`,
      '--labels',
      `${runs}labels.csv`,
      '--format',
      'json',
      '--metrics',
      'NFaiRR',
    ];
    const out = spawnSync(cli, [...args, '--params', `${root}examples/texfair-figure-1.json`, `${runs}female-first.run`], {
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout).warnings).toContain(
      'params: rankings, background, lesson and params.k not read: the runs are the rankings, and --background and --cutoffs give the rest',
    );
  });

  test('- reads an input from stdin (a run from a pipe, a gzip collection), named stdin; one input at most', () => {
    const runs = `${root}examples/runs/`;
    const args = ['runs', '--labels', `${runs}labels.csv`, '--format', 'csv', '--metrics', 'NFaiRR,CWEx'];
    const file = spawnSync(cli, [...args, '--collection', `${runs}collection.tsv`, `${runs}female-first.run`], { encoding: 'utf8' });
    expect(file.status, file.stderr).toBe(0);
    const run = readFileSync(`${runs}female-first.run`);
    const piped = spawnSync(cli, [...args, '--collection', `${runs}collection.tsv`, 'female-first=-'], { input: run, encoding: 'utf8' });
    expect(piped.stdout).toBe(file.stdout);
    const collection = gzipSync(readFileSync(`${runs}collection.tsv`));
    const gz = spawnSync(cli, [...args, '--collection', '-', `${runs}female-first.run`], { input: collection, encoding: 'utf8' });
    expect(gz.stdout).toBe(file.stdout);
    const named = spawnSync(cli, ['runs', '--collection', `${runs}collection.tsv`, '-'], { input: 'q1 Q0 d1 1\n', encoding: 'utf8' });
    expect(named.stderr.trim()).toBe(
      'fairness-eval runs: stdin:1: 4 fields; a TREC run line has 6: qid Q0 docid rank score tag (is this a qrels file?)',
    );
    const twice = spawnSync(cli, [...args, '--collection', '-', '-'], { input: run, encoding: 'utf8' });
    expect(twice.status).toBe(2);
    expect(twice.stderr).toBe('fairness-eval runs: - (stdin) can be one input only, not 2; fairness-eval runs --help lists the options\n');
  });

  test('malformed inputs: exit 2, one message naming file and line, nothing on stdout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'runs-bad-'));
    const file = (name, text) => (writeFileSync(join(dir, name), text), join(dir, name));
    const good = file('good.run', 'q1 Q0 d1 1 2 t\n');
    const cases = [
      [[file('five.run', 'q1 Q0 d1 1 2 t\nq1 d2 2 1 t\n')], /five\.run:2: 5 fields.*is the Q0 column missing/],
      [['--qrels', file('q.txt', 'q1 0 d1\n'), good], /q\.txt:1: 3 fields/],
      [['--labels', file('l.csv', 'd1,F\nd2,X\n'), good], /l\.csv:2: label: unknown label 'X'/],
      [['--collection', file('c.tsv', 'd1 she\n'), good], /c\.tsv:1: no tab/],
      [['--metrics', 'Nope', good], /--metrics: Nope: unknown metric/],
      [
        ['--collection', file('c2.tsv', 'd1\tx\n'), '--params', file('p.json', '{"params": {"tau": -1}}'), good],
        /p\.json: params\.tau: must be at least 0/,
      ],
      [
        [good],
        /--collection: required: NFaiRR, TExFAIR, AWRF, RaB-tc, RaB-tf, RaB-bool, ARaB-tc, ARaB-tf, ARaB-bool read the documents' text/,
      ],
    ];
    for (const [args, message] of cases) {
      const out = spawnSync(cli, ['runs', '--format', 'json', ...args], { encoding: 'utf8' });
      expect(out.status, String(message)).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(message);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
