// npm run -s eval -- [--large] [--summary] SCENARIO.json|-
//                                      the native CLI's job (build/fairness-eval), done by the
//                                      WebAssembly module in Node: the same JSON on stdout, and on
//                                      bad input the same message on stderr and exit code 2.
//                                      --summary: the values without the detail, as
//                                      `fairness-eval --summary`.
// npm run -s eval -- --describe        every metric's descriptor, as `fairness-eval --describe`.
// (`-s` keeps npm's own banner off stdout.)
//
// The process is never ended with process.exit: stdout and stderr to a pipe are written
// asynchronously, and exiting would cut a long message or result (at 64-128 KiB). A failure sets
// process.exitCode and returns, so Node exits once everything is written.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';

import limits from '../core/limits.json' with { type: 'json' };
import { ScenarioError, type EvaluateOptions } from '../wasm/engine';
import { loadEngineNode } from '../wasm/node';

const badInput = 2;
/** Results that could not be written (a full disk), as the CLI's. */
const writeFailed = 1;

const usage =
  'usage: npm run -s eval -- [--large] [--summary] SCENARIO.json|-\n' +
  '       npm run -s eval -- --describe\n' +
  'Prints every metric of SPEC.md for each ranking of the scenario as JSON, computed by the WebAssembly module.\n' +
  '--large accepts larger inputs (the large tier of core/limits.json), as fairness-eval --large does.\n' +
  '--summary prints the values without the detail (no perRank, atCutoff or docs), as fairness-eval --summary does.\n';

/** A refusal: its message goes to stderr, and the exit code is 2. */
class Refusal extends Error {}

/** The scenario's bytes, or a refusal worded as the CLI's (core/limits.json's scenarioBytes first). */
function readScenario(path: string, tier: 'default' | 'large'): Uint8Array {
  if (path === '-') return readFileSync(0);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new Refusal(`fairness-eval: ${path}: cannot read the file: ${describeError(error)}\n`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new Refusal(`fairness-eval: ${path}: is a directory, not a scenario file\n`);
    const limit = limits.limits.scenarioBytes[tier];
    if (stat.size > limit)
      throw new Refusal(`fairness-eval: scenario: too large: ${stat.size} bytes is over the limit of ${limit} (scenarioBytes)\n`);
    return readFileSync(fd);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`fairness-eval: ${path}: cannot read the file: ${describeError(error)}\n`);
  } finally {
    closeSync(fd);
  }
}

/** strerror's words for a Node file error, as the CLI prints them. */
function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'No such file or directory',
    EACCES: 'Permission denied',
    EISDIR: 'Is a directory',
    ENOSPC: 'No space left on device',
  };
  return (code && words[code]) ?? (error instanceof Error ? error.message : String(error));
}

async function main(args: string[]): Promise<void> {
  let describe = false;
  let path: string | undefined;
  const options: EvaluateOptions = {};
  for (const arg of args) {
    if (arg === '--describe') describe = true;
    else if (arg === '--large') options.limits = 'large';
    else if (arg === '--summary') options.detail = false;
    else if (arg === '-h' || arg === '--help') {
      process.stdout.write(usage);
      return;
    } else if (arg === '--table') throw new Refusal('fairness-eval: --table is only in the native CLI (build/fairness-eval --table)\n');
    else if (arg.startsWith('-') && arg !== '-') throw new Refusal(`fairness-eval: unknown option ${arg}\n${usage}`);
    else if (path === undefined) path = arg;
    else throw new Refusal(`fairness-eval: one scenario at a time\n${usage}`);
  }
  const engine = await loadEngineNode();
  if (describe) {
    process.stdout.write(`${JSON.stringify(engine.describe(), null, 2)}\n`);
    return;
  }
  if (path === undefined) throw new Refusal(usage);
  // Bytes, as the CLI reads them: the core's JSON reader sees exactly what is in the file.
  const bytes = readScenario(path, options.limits ?? 'default');
  let results: string;
  try {
    results = engine.evaluateText(bytes, options);
  } catch (error) {
    if (error instanceof ScenarioError) throw new Refusal(`fairness-eval: ${error.field}: ${error.message}\n`);
    throw error;
  }
  process.stdout.write(results);
  process.stdout.write('\n');
}

// Results cut short (a full disk) are said as the CLI says them, never ended with exit 0.
process.stdout.on('error', (error) => {
  process.stderr.write(`fairness-eval: cannot write the results: ${describeError(error)}\n`);
  process.exitCode = writeFailed;
});

main(process.argv.slice(2)).catch((error: unknown) => {
  if (!(error instanceof Refusal)) throw error;
  process.stderr.write(error.message);
  process.exitCode = badInput;
});
