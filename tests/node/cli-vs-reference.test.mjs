// The native CLI against the independent JS reference of SPEC, on random scenarios (two and three
// groups, every parameter), and its refusals of malformed scenarios.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

import { compareWithReference } from '../reference/compare.mjs';
import { randomScenario, randomUnicodeScenario } from '../reference/random-scenario.mjs';
import { evaluateReference, loadDefaultLexicon } from '../reference/spec-reference.mjs';
import { generatedMalformedScenarios, issueReproducers, malformedScenarios } from './malformed-scenarios.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// FAIRNESS_EVAL lets a developer point at another build of the CLI.
const cli = process.env.FAIRNESS_EVAL ?? `${root}build/fairness-eval`;
const lexicon = loadDefaultLexicon(`${root}data/gender-words/wordlist_gender_representative.txt`);

function run(input) {
  return spawnSync(cli, ['-'], { input, encoding: 'utf8' });
}

describe.skipIf(!existsSync(cli))('build/fairness-eval', () => {
  test('agrees with the reference to 1e-9 on 500 random scenarios', () => {
    let groupsSeen = new Set();
    for (let seed = 1; seed <= 500; seed++) {
      const scenario = randomScenario(seed);
      groupsSeen.add((scenario.groups ?? ['female', 'male']).length);
      const out = run(JSON.stringify(scenario));
      expect(out.status, `seed ${seed}: ${out.stderr}`).toBe(0);
      const differences = compareWithReference(JSON.parse(out.stdout), evaluateReference(scenario, lexicon));
      expect(differences, `seed ${seed}`).toEqual([]);
    }
    expect([...groupsSeen].sort()).toEqual([2, 3]);
  });

  test('agrees with the reference on 300 random scenarios of non-ASCII terms and texts in any case', () => {
    // Both lowercase as Python's str.lower(): the core by its generated tables, the reference by
    // ICU (tests/reference/python-lower.mjs). İ, the Kelvin sign and final sigma included.
    let matched = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const scenario = randomUnicodeScenario(seed);
      const out = run(JSON.stringify(scenario));
      expect(out.status, `seed ${seed}: ${out.stderr}`).toBe(0);
      const results = JSON.parse(out.stdout);
      const differences = compareWithReference(results, evaluateReference(scenario, lexicon));
      expect(differences, `seed ${seed}`).toEqual([]);
      if (JSON.stringify(results).includes('"representative":true')) matched++;
    }
    expect(matched).toBeGreaterThan(100);
  });

  test('the systematic list of malformed scenarios holds hundreds', () => {
    expect(generatedMalformedScenarios.length).toBeGreaterThan(300);
  });

  test.each([...malformedScenarios, ...issueReproducers, ...generatedMalformedScenarios])(
    'refuses $why with exit 2 naming $field',
    ({ text, field }) => {
      const out = run(text);
      expect(out.status).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(new RegExp(`^fairness-eval: ${field.replace(/[[\].]/g, '\\$&')}: \\S`));
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
    },
  );

  test('reads a file, prints a table with --table, and fails cleanly on a missing file', () => {
    const table = execFileSync(cli, ['--table', `${root}tests/node/fixtures/basic.json`], { encoding: 'utf8' });
    expect(table).toMatch(/^metric\s+fairer\s+A\s+B/);
    expect(table).not.toMatch(/ $/m); // no trailing blanks: a saved table diffs cleanly
    for (const name of ['NFaiRR', 'TExFAIR', 'DIPS', 'CWEx', 'AWRF', 'REE', 'IGI', 'EE', 'EA', 'EA-dp', 'RaB', 'ARaB', 'nDCG'])
      expect(table).toContain(name);
    const missing = spawnSync(cli, ['no-such-file.json'], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no-such-file.json: cannot read the file');
  });

  test('regression: a directory is refused with exit 2, in one line', () => {
    const out = spawnSync(cli, [`${root}examples`], { encoding: 'utf8' });
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`fairness-eval: ${root}examples: is a directory, not a scenario file\n`);
  });

  test('a gzip-compressed scenario is said to be one, not "a NUL byte"', () => {
    const packed = gzipSync(readFileSync(`${root}examples/nfairr-figure-1.json`));
    const said = 'scenario: the text is gzip-compressed (it starts with the bytes 1f 8b): decompress it first';
    const piped = spawnSync(cli, ['-'], { input: packed, encoding: 'utf8' });
    expect(piped.status).toBe(2);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toBe(`fairness-eval: ${said}\n`);
  });

  test('an option and its value in one argument (--orderings=B) as in two; a flag given a value is refused', () => {
    const scenario = `${root}examples/nfairr-figure-1.json`;
    const two = execFileSync(cli, ['--orderings', 'BERT', scenario], { encoding: 'utf8' });
    expect(JSON.parse(two).ranking).toBe('BERT');
    expect(execFileSync(cli, ['--orderings=BERT', scenario], { encoding: 'utf8' })).toBe(two);
    const flag = spawnSync(cli, ['--table=yes', scenario], { encoding: 'utf8' });
    expect(flag.status).toBe(2);
    expect(flag.stdout).toBe('');
    expect(flag.stderr).toBe("fairness-eval: --table takes no value, got 'yes'; fairness-eval --help lists the options\n");
    // Given twice, the second would silently win: refused, as in runs mode.
    const twice = spawnSync(cli, ['--orderings', '0', '--orderings=1', scenario], { encoding: 'utf8' });
    expect(twice.status).toBe(2);
    expect(twice.stderr).toBe('fairness-eval: --orderings is given twice; give it once; fairness-eval --help lists the options\n');
  });

  test('options that cannot go together are refused, naming them, rather than one silently dropped', () => {
    const scenario = `${root}examples/nfairr-figure-1.json`;
    const refused = (args) => {
      const out = spawnSync(cli, args, { encoding: 'utf8' });
      expect(out.status).toBe(2);
      expect(out.stdout).toBe('');
      return out.stderr.replace('; fairness-eval --help lists the options\n', '');
    };
    expect(refused(['--orderings', 'BERT', '--experiment', 'a', scenario])).toBe(
      'fairness-eval: --experiment and --orderings cannot go together: each is a mode of its own',
    );
    expect(refused(['--describe', scenario])).toBe(`fairness-eval: --describe reads no scenario, got '${scenario}'`);
    expect(refused(['--orderings=BERT', '--table', scenario])).toBe(
      "fairness-eval: --table and --summary shape a scenario's evaluation; --orderings prints its own JSON",
    );
    expect(refused(['--experiment', 'a', '--summary'])).toBe(
      "fairness-eval: --table and --summary shape a scenario's evaluation; --experiment prints its own JSON",
    );
    // --large goes with every mode.
    expect(spawnSync(cli, ['--describe', '--large'], { encoding: 'utf8' }).status).toBe(0);
  });

  test('--large takes what the default tier refuses, and says so in --help', () => {
    const text = JSON.stringify({ rankings: [{ docs: Array(10001).fill({}) }] });
    expect(run(text).stderr).toBe('fairness-eval: rankings[0].docs: 10001 documents is over the limit of 10000 (documentsPerRanking)\n');
    const large = spawnSync(cli, ['--large', '-'], { input: text, encoding: 'utf8', maxBuffer: 1 << 30 });
    expect(large.status, large.stderr).toBe(0);
    expect(JSON.parse(large.stdout).rankings[0].n).toBe(10001);
    expect(execFileSync(cli, ['--help'], { encoding: 'utf8' })).toContain('--large');
  });
});
