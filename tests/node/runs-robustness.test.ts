// `fairness-eval runs` on damaged and hostile input: a gzip file cut at any byte exits 2 naming
// it ("truncated"), several gzip members read as one file (as gzip does), bytes after the last
// member are refused; a cut-off given twice is one column; too many cut-offs are refused; the CSV
// neutralises formulas; ids and texts that are not UTF-8 still give valid JSON (U+FFFD); memory
// follows the input's meaning, not its bytes: a line past lineBytes and a JSON line nested past
// jsonLineDepth (core/limits.json) are refused as soon as they pass the limit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import limits from '../../core/limits.json';
import { describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const cli = `${root}build/fairness-eval`;
const ex = `${root}examples/runs/`;
const dir = mkdtempSync(join(tmpdir(), 'runs-robust-'));

function runs(args: string[]) {
  const out = spawnSync(cli, ['runs', ...args], { encoding: 'utf8' });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}
const common = ['--labels', `${ex}labels.csv`, '--qrels', `${ex}qrels.txt`, '--metrics', 'DIPS,nDCG', '--cutoffs', '3', '--format', 'json'];

describe('gzip', () => {
  const plain = readFileSync(`${ex}female-first.run`);
  const whole = gzipSync(plain);
  const reference = runs([...common, `${ex}female-first.run`]);

  test('the whole file reads as the plain one', () => {
    const path = join(dir, 'female-first.run.gz');
    writeFileSync(path, whole);
    expect(reference.status).toBe(0);
    expect(runs([...common, path]).stdout).toBe(reference.stdout);
  });

  test('cut at any byte: exit 2, the file named, "truncated"', () => {
    // Every cut of the last 64 bytes (the trailer and the last block), and every 97th before.
    const cuts = [
      ...Array.from({ length: Math.floor(whole.length / 97) }, (_, i) => i * 97 + 1),
      ...Array.from({ length: 64 }, (_, i) => whole.length - 64 + i),
    ];
    for (const cut of cuts) {
      const path = join(dir, `cut-${cut}.run.gz`);
      writeFileSync(path, whole.subarray(0, cut));
      const out = runs([...common, path]);
      expect(out.status, `cut at ${cut}`).toBe(2);
      expect(out.stderr, `cut at ${cut}`).toContain(`cut-${cut}.run.gz`);
      expect(out.stderr, `cut at ${cut}`).toMatch(/truncated/);
      expect(out.stdout).toBe('');
    }
  });

  test('several members are one file; bytes after the last member are refused', () => {
    const half = plain.indexOf('\n', plain.length / 2) + 1;
    const multi = join(dir, 'multi.run.gz');
    writeFileSync(multi, Buffer.concat([gzipSync(plain.subarray(0, half)), gzipSync(plain.subarray(half))]));
    expect(runs([...common, `female-first=${multi}`]).stdout).toBe(reference.stdout);
    const trailing = join(dir, 'trailing.run.gz');
    writeFileSync(trailing, Buffer.concat([whole, Buffer.from('garbage\n')]));
    const out = runs([...common, trailing]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('trailing.run.gz: bytes after the end of the gzip stream');
  });
});

describe('cut-offs', () => {
  test('a cut-off given twice is one column: no key twice in the JSON', () => {
    const out = runs([...common.slice(0, -4), '--cutoffs', '10,3,10', '--format', 'json', `${ex}female-first.run`]);
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout) as { cutoffs: number[]; runs: { summary: Record<string, unknown> }[] };
    expect(json.cutoffs).toEqual([10, 3]);
    expect(Object.keys(json.runs[0]!.summary)).toEqual(['DIPS@10', 'DIPS@3', 'nDCG@10', 'nDCG@3']);
    expect(out.stdout.match(/"DIPS@10":/g)).toHaveLength(1 + 117); // the summary, then once per query
  });

  test('spaces around the items of a list are not part of them: "10, 3" and "DIPS, nDCG" read as without', () => {
    const lists = (metrics: string, cutoffs: string) =>
      runs([...common.slice(0, -6), '--metrics', metrics, '--cutoffs', cutoffs, '--format', 'json', `${ex}female-first.run`]);
    const tight = lists('DIPS,nDCG', '10,3');
    const spaced = lists('DIPS, nDCG ', ' 10, 3');
    expect(tight.status).toBe(0);
    expect(spaced.stderr).toBe('');
    expect(spaced.stdout).toBe(tight.stdout);
  });

  test('an option with an empty value, or given twice, is refused by name: it would evaluate something else without a word', () => {
    const run = `${ex}female-first.run`;
    for (const option of ['--labels', '--qrels', '--queries', '--query-label', '--params', '--background', '--metrics', '--baseline']) {
      const out = runs([option, '', run]);
      expect(out.status, option).toBe(2);
      expect(out.stderr).toBe(`fairness-eval runs: ${option}: needs a value, got an empty one\n`);
      expect(runs([`${option}=`, run]).stderr).toBe(`fairness-eval runs: ${option}: needs a value, got an empty one\n`);
    }
    // A list with no item in it is empty too: "--metrics ," would have read as every metric.
    for (const list of [',', ' , '])
      expect(runs(['--metrics', list, run]).stderr).toBe(
        'fairness-eval runs: --metrics: needs at least one metric (leave --metrics out for every metric)\n',
      );
    // A value that is not UTF-8 (a Latin-1 name in a script; bash's $'\xe9' passes the raw byte) is
    // read with U+FFFD for the byte, as the outputs write such bytes: a message, not a crash.
    const latin1 = spawnSync('bash', ['-c', `"$0" runs --metrics nDCG --baseline $'caf\\xe9' "$1"`, cli, run], { encoding: 'utf8' });
    expect(latin1.status).toBe(2);
    expect(latin1.stderr).toBe(
      "fairness-eval runs: --baseline: no run is named 'caf\uFFFD'; the runs are 'female-first' (a run's name is its file's stem, or NAME=PATH)\n",
    );
    const twice = runs(['--labels', `${ex}labels.csv`, `--labels=${ex}labels.csv`, run]);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('--labels is given twice; give it once');
    expect(twice.stdout).toBe('');
  });

  test('more than 100 distinct cut-offs are refused, naming --cutoffs', () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const out = runs([...common.slice(0, -4), '--cutoffs', many, `${ex}female-first.run`]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('--cutoffs: 101 cut-offs is over the limit of 100');
  });
});

describe('hostile ids', () => {
  // Query and run names that a spreadsheet would run, and bytes that are not UTF-8.
  const run =
    ['=cmd|1 Q0 D1 1 3 x', '=cmd|1 Q0 D2 2 2 x', '@sum Q0 D1 1 3 x', 'q\xff\xfe Q0 D\xc3 1 1 x', '-5 Q0 D1 1 1 x'].join('\n') + '\n';
  const path = join(dir, '+evil.run');
  writeFileSync(path, Buffer.from(run, 'latin1'));
  const labels = join(dir, 'labels.csv');
  writeFileSync(labels, 'D1,F\nD2,M\n');

  test('the CSV neutralises formulas and keeps plain numbers', () => {
    const out = runs(['--labels', labels, '--metrics', 'DIPS', '--cutoffs', '3', '--format', 'csv', '--per-query', path]);
    expect(out.status, out.stderr).toBe(0);
    const firstFields = out.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, 2));
    expect(firstFields).toContainEqual(["'+evil", "'=cmd|1"]);
    expect(firstFields).toContainEqual(["'+evil", "'@sum"]);
    expect(firstFields).toContainEqual(["'+evil", '-5']); // a number stays a number
    for (const [runName, query] of firstFields) {
      expect(runName).not.toMatch(/^[=+\-@]/);
      if (query !== '-5') expect(query).not.toMatch(/^[=+@]/);
    }
  });

  test('ids that are not UTF-8 give valid JSON, with U+FFFD', () => {
    const out = spawnSync(cli, ['runs', '--labels', labels, '--metrics', 'DIPS', '--cutoffs', '3', '--format', 'json', path]);
    expect(out.status, out.stderr.toString()).toBe(0);
    const bytes = out.stdout as Buffer;
    // Decoding with fatal: true throws on any invalid sequence.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const json = JSON.parse(text) as { queries: string[] };
    expect(json.queries).toContain('q\ufffd\ufffd');
  });
});

describe('memory follows the meaning of the input', () => {
  const lineBytes = limits.limits.lineBytes.default;
  const depth = limits.limits.jsonLineDepth.default;
  const collectionLines = readFileSync(`${ex}collection.tsv`, 'utf8').trim().split('\n');
  const jsonl = (first: string) =>
    collectionLines
      .map((line, i) => {
        const [id, text] = line.split('\t');
        return i === 0 ? first.replace('ID', id!).replace('TEXT', JSON.stringify(text)) : JSON.stringify({ id, text });
      })
      .join('\n') + '\n';
  const withCollection = (path: string) =>
    runs([
      '--labels',
      `${ex}labels.csv`,
      '--metrics',
      'NFaiRR',
      '--cutoffs',
      '3',
      '--format',
      'json',
      '--collection',
      path,
      `${ex}female-first.run`,
    ]);

  test('a run line longer than lineBytes (a gzip of one endless line) is refused naming the file and line', () => {
    const path = join(dir, 'endless.run.gz');
    const first = readFileSync(`${ex}female-first.run`, 'utf8').split('\n')[0]!;
    writeFileSync(path, gzipSync(Buffer.concat([Buffer.from(`${first}\n`), Buffer.alloc(lineBytes + 1000, 'a')])));
    const out = runs([...common, path]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain(`endless.run.gz:2: ${lineBytes + 1000}`);
    expect(out.stderr).toContain(`bytes in one line is over the limit of ${lineBytes} (lineBytes)`);
  });

  test('a collection line just within lineBytes is read; one byte more is refused', () => {
    const [id] = collectionLines[0]!.split('\t');
    const head = `${id}\t`;
    const room = lineBytes - head.length;
    const text = `${'she '.repeat(Math.floor(room / 4))}${'a'.repeat(room % 4)}`; // exactly lineBytes with its id
    const rest = `${collectionLines.slice(1).join('\n')}\n`;
    const within = join(dir, 'within.tsv');
    writeFileSync(within, `${head}${text}\n${rest}`);
    expect(withCollection(within).status).toBe(0);
    const over = join(dir, 'over.tsv');
    writeFileSync(over, `${head}${text}x\n${rest}`);
    const out = withCollection(over);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain(`over.tsv:1: ${lineBytes + 1} bytes in one line is over the limit`);
  });

  test(`a JSON line nested ${depth} deep is read; ${depth + 1} deep, or 300 kB of brackets, is refused`, () => {
    const nested = (levels: number) => `{"id":"ID","text":TEXT,"extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const ok = join(dir, 'ok.jsonl');
    writeFileSync(ok, jsonl(nested(depth)));
    const tsv = withCollection(`${ex}collection.tsv`);
    expect(withCollection(ok).stdout).toBe(tsv.stdout.replaceAll('collection.tsv', 'ok.jsonl'));
    const deep = join(dir, 'deep.jsonl');
    writeFileSync(deep, jsonl(nested(depth + 1)));
    const out = withCollection(deep);
    expect(out.status).toBe(2);
    // The path names the innermost array: extra[0][0]… (depth − 1 indices).
    const path = `extra${'[0]'.repeat(depth - 1)}`;
    expect(out.stderr).toContain(
      `deep.jsonl:1: ${path}: nested too deep: ${depth + 1} levels of arrays and objects is over the limit of ${depth} (jsonLineDepth)`,
    );
    const brackets = join(dir, 'brackets.jsonl');
    writeFileSync(brackets, jsonl(`{"id":"ID","text":TEXT,"extra":${'['.repeat(300_000)}`));
    const attack = withCollection(brackets);
    expect(attack.status).toBe(2);
    expect(attack.stderr).toContain('levels of arrays and objects is over the limit');
  });
});

describe("a researcher's shell", () => {
  const run = join(dir, 'one.run');
  writeFileSync(run, '1 Q0 7 1 6.0 a\n1 Q0 8 2 5.0 a\n1 Q0 6 3 4.0 a\n1 Q0 10 4 3.0 a\n');
  const nDCG = ['--metrics', 'nDCG', '--cutoffs', '3', '--format', 'csv'];
  /** nDCG@3 of the run against qrels of these lines, with the exit status and the warnings. */
  function nDCGWith(name: string, lines: string) {
    const qrels = join(dir, name);
    writeFileSync(qrels, lines);
    const out = runs(['--qrels', qrels, ...nDCG, run]);
    return { ...out, value: Number(out.stdout.trim().split('\n')[1]!.split(',')[2]) };
  }

  test('a negative grade gains nothing, as in trec_eval (which reads it as unjudged), and a warning says so', () => {
    const out = nDCGWith('graded.qrels', '1 0 7 -2\n1 0 8 1\n1 0 6 2\n1 0 10 0\n');
    expect(out.status).toBe(0);
    // Gains 0, 1, 2 at ranks 1 to 3: DCG = 1/log2(3) + 2/log2(4); IDCG = 2 + 1/log2(3).
    expect(out.value).toBeCloseTo((1 / Math.log2(3) + 1) / (2 + 1 / Math.log2(3)), 12);
    expect(out.stderr).toBe(
      'fairness-eval runs: warning: 1 judgment of the qrels has a negative grade: read as 0, not relevant (trec_eval reads them as unjudged)\n',
    );
  });

  test('a grade between whole numbers is a real-valued gain, and a warning says trec_eval would read it otherwise', () => {
    const out = nDCGWith('half.qrels', '1 0 7 0.5\n1 0 8 1\n1 0 6 0\n1 0 10 0\n');
    expect(out.status).toBe(0);
    // Gains 0.5, 1, 0 at ranks 1 to 3: DCG = 0.5 + 1/log2(3); IDCG = 1 + 0.5/log2(3).
    expect(out.value).toBeCloseTo((0.5 + 1 / Math.log2(3)) / (1 + 0.5 / Math.log2(3)), 12);
    expect(out.stderr).toBe(
      'fairness-eval runs: warning: 1 judgment of the qrels has a grade between whole numbers: used as it is, a real-valued gain (trec_eval reads a grade as a whole number)\n',
    );
  });

  test('warnings go to stderr in every format: a CSV piped on still says that the qrels judge other queries', () => {
    const qrels = join(dir, 'other.qrels');
    writeFileSync(qrels, 'q1 0 7 1\n');
    for (const format of ['csv', 'comparisons-csv', 'table', 'json']) {
      const out = runs(['--qrels', qrels, '--metrics', 'nDCG', '--cutoffs', '3', '--format', format, run]);
      expect(out.status, format).toBe(0);
      expect(out.stderr, format).toContain(
        "fairness-eval runs: warning: the query has no judgment in the qrels: the runs name e.g. '1', the qrels e.g. 'q1'",
      );
      expect(out.stdout, format).not.toContain('warning:');
    }
  });

  test('a mistaken option is one line on stderr, pointing to --help, and exit 2, in both modes', () => {
    const cases: [string[], string][] = [
      [['runs', '--format', 'jsn', run], "fairness-eval runs: --format is json, csv, table or comparisons-csv, got 'jsn'"],
      [['runs', '--bogus', run], 'fairness-eval runs: unknown option --bogus'],
      [['runs'], 'fairness-eval runs: give at least one run file'],
      [['--bogus'], 'fairness-eval: unknown option --bogus'],
      [['a.json', 'b.json'], 'fairness-eval: one scenario at a time'],
    ];
    for (const [args, message] of cases) {
      const out = spawnSync(cli, args, { encoding: 'utf8' });
      expect(out.status, args.join(' ')).toBe(2);
      const help = args[0] === 'runs' ? 'fairness-eval runs --help' : 'fairness-eval --help';
      expect(out.stderr, args.join(' ')).toBe(`${message}; ${help} lists the options\n`);
    }
  });

  test('--per-query where it adds nothing (json, comparisons-csv) is said, and the output is as without it', () => {
    const base = ['--qrels', `${ex}qrels.txt`, '--metrics', 'nDCG', '--cutoffs', '3', run];
    for (const format of ['json', 'comparisons-csv']) {
      const plain = runs(['--format', format, ...base]);
      const asked = runs(['--format', format, '--per-query', ...base]);
      expect(asked.status, format).toBe(0);
      expect(asked.stdout, format).toBe(plain.stdout);
      expect(asked.stderr, format).toBe(
        `${plain.stderr}fairness-eval runs: warning: --per-query adds rows to csv and table only: ${
          format === 'json' ? 'the JSON holds every per-query value anyway' : 'the comparisons are per run and metric'
        }\n`,
      );
    }
    expect(runs(['--format', 'csv', '--per-query', ...base]).stderr).not.toContain('--per-query');
  });

  test("a query named 'all', as the CSV's mean rows are, is said where they would mix (csv --per-query)", () => {
    const named = join(dir, 'all.run');
    writeFileSync(named, 'all Q0 7 1 6.0 a\nall Q0 8 2 5.0 a\n');
    const base = ['--metrics', 'nDCG', '--cutoffs', '3', named];
    const warning = "fairness-eval runs: warning: a query is named 'all', as the CSV's mean rows are";
    expect(runs(['--format', 'csv', '--per-query', ...base]).stderr).toContain(warning);
    expect(runs(['--format', 'csv', ...base]).stderr).not.toContain(warning);
    expect(runs(['--format', 'json', ...base]).stderr).not.toContain(warning);
  });

  test('results that cannot be written (a full disk) exit 1 with the reason, in both modes and npm run eval', () => {
    const full = openSync('/dev/full', 'w');
    const modes = [['runs', '--qrels', `${ex}qrels.txt`, ...nDCG, run], [`${root}examples/dips-ties.json`], ['--describe']];
    for (const args of modes) {
      const out = spawnSync(cli, args, { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
      expect(out.status, args.join(' ')).toBe(1);
      expect(out.stderr, args.join(' ')).toMatch(/cannot write the results: No space left on device\n$/);
    }
    // npm run eval, the WebAssembly module's CLI, says it in the same words.
    const wasm = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/eval.ts', 'examples/dips-ties.json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', full, 'pipe'],
    });
    expect(wasm.status).toBe(1);
    expect(wasm.stderr).toBe('fairness-eval: cannot write the results: No space left on device\n');
  });

  test("a run file whose name holds '=' (a parameter sweep's) is a path; NAME=PATH where neither is a file is said so", () => {
    const swept = join(dir, 'bm25_k1=0.9,b=0.4.run');
    writeFileSync(swept, readFileSync(run));
    const out = runs(['--qrels', `${ex}qrels.txt`, ...nDCG, swept, `named=${run}`]);
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n').slice(1, 3)).toEqual([
      expect.stringMatching(/^"bm25_k1=0\.9,b=0\.4",all,/),
      expect.stringMatching(/^named,all,/),
    ]);
    const missing = runs(['--qrels', `${ex}qrels.txt`, ...nDCG, 'k1=0.9/b.run']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      "fairness-eval runs: k1=0.9/b.run: no such file, nor '0.9/b.run' (NAME=PATH: the run 'k1' in file '0.9/b.run')\n",
    );
  });

  test('a --query-label that no query has is refused, naming the labels the list has', () => {
    const out = runs(['--queries', `${ex}queries.csv`, '--query-label', 'apperance', ...nDCG, run]);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(
      /^fairness-eval runs: --query-label: no query of the query list has the label 'apperance'; its labels are 'appearance', /,
    );
    expect(out.stdout).toBe('');
  });
});
