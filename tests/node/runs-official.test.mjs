// `fairness-eval runs --official` against the official NFaiRR code's behaviour (an independent
// Python implementation from that behaviour, tests/runs/official_nfairr.py) on generated runs:
// NFaiRR per query equal to 1e-6 (the official code stores neutrality with six decimals).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mulberry32 as rng } from '../reference/random-scenario.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const wordlist = `${root}data/gender-words/wordlist_gender_representative.txt`;
const python = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!existsSync(cli) || !python)('fairness-eval runs --official', () => {
  test.each([1, 2])('NFaiRR equals the official code to 1e-6 (seed %i)', (seed) => {
    const r = rng(seed);
    const pick = (xs) => xs[Math.floor(r() * xs.length)];
    // Pre-cleaned passages as MS MARCO's: words, some capitalised, some double spaces (empty
    // pieces), punctuation glued to words (which the whitespace tokenizer keeps), and non-ASCII
    // uppercase that Python's lower() folds: FRAN + U+212A KELVIN SIGN is the lexicon's "frank".
    const vocabulary = [
      'she',
      'He',
      'her',
      'his',
      'mother',
      'Father',
      'the',
      'a',
      'of',
      'king',
      'queen,',
      'man',
      'woman',
      'car',
      'is',
      '',
      'FRAN\u212a',
      'ÉLÈVE',
      'ΟΔΟΣ',
      '\u0130',
    ];
    const dir = mkdtempSync(join(tmpdir(), 'official-'));
    const file = (name, text) => (writeFileSync(join(dir, name), text), join(dir, name));
    let collection = '';
    for (let d = 0; d < 400; d++) {
      if (d % 37 === 3) continue; // missing from the collection: ω = 1
      collection += `${d}\t${Array.from({ length: 3 + Math.floor(r() * 25) }, () => pick(vocabulary)).join(' ')}\n`;
    }
    const queries = Array.from({ length: 12 }, (_, i) => String(1000 + i));
    let run = '';
    let background = '';
    for (const q of queries) {
      // File order is the order: scores are deliberately not descending.
      for (let i = 0; i < 30; i++) run += `${q} Q0 ${Math.floor(r() * 400)} ${i + 1} ${r().toFixed(3)} neural\n`;
      if (q !== '1005')
        // one query without background: skipped by both
        for (let i = 0; i < 250; i++) background += `${q} Q0 ${Math.floor(r() * 400)} ${i + 1} ${(250 - i) / 10} bm25\n`;
    }
    // A document twice in one query is an error for us and a repeat for the official code: keep unique.
    const dedupe = (text) => {
      const seen = new Set();
      return (
        text
          .split('\n')
          .filter((l) => {
            if (!l) return false;
            const [q, , d] = l.split(' ');
            return !seen.has(`${q} ${d}`) && seen.add(`${q} ${d}`);
          })
          .join('\n') + '\n'
      );
    };
    const paths = {
      collection: file('collection.tsv', collection),
      run: file('neural.run', dedupe(run)),
      background: file('bm25.run', dedupe(background)),
    };
    const cutoffs = '5,10,20';
    const ours = spawnSync(
      cli,
      [
        'runs',
        '--official',
        '--format',
        'json',
        '--metrics',
        'NFaiRR',
        '--cutoffs',
        cutoffs,
        '--collection',
        paths.collection,
        '--background',
        paths.background,
        paths.run,
      ],
      { encoding: 'utf8' },
    );
    expect(ours.status, ours.stderr).toBe(0);
    const theirs = spawnSync(
      'python3',
      [`${root}tests/runs/official_nfairr.py`, wordlist, paths.collection, paths.background, paths.run, cutoffs],
      {
        encoding: 'utf8',
      },
    );
    expect(theirs.status, theirs.stderr).toBe(0);
    const result = JSON.parse(ours.stdout);
    const official = JSON.parse(theirs.stdout);
    let compared = 0;
    for (const k of cutoffs.split(',')) {
      for (const q of result.queries) {
        const got = result.runs[0].perQuery[q][`NFaiRR@${k}`];
        if (!(q in official[k])) {
          expect(got, `${q}@${k}`).toBeNull();
          continue;
        }
        expect(Math.abs(got - official[k][q]), `${q}@${k}: ${got} vs ${official[k][q]}`).toBeLessThan(1e-6);
        compared++;
      }
    }
    expect(compared).toBe(3 * 11);
  });
});
