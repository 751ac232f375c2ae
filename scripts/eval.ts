// npm run -s eval -- SCENARIO.json|-   the native CLI's job (build/fairness-eval), done by the
//                                      WebAssembly module in Node: the same JSON on stdout, and on
//                                      bad input the same message on stderr and exit code 2.
// npm run -s eval -- --summary FILE    the values without the detail, as `fairness-eval --summary`.
// npm run -s eval -- --describe        every metric's descriptor, as `fairness-eval --describe`.
// (`-s` keeps npm's own banner off stdout.)
import { readFileSync } from 'node:fs';

import { ScenarioError } from '../wasm/engine';
import { loadEngineNode } from '../wasm/node';

const badInput = 2;

const usage =
  'usage: npm run -s eval -- [--summary] SCENARIO.json|-\n' +
  '       npm run -s eval -- --describe\n' +
  'Prints every metric of SPEC.md for each ranking of the scenario as JSON, computed by the WebAssembly module.\n';

function fail(message: string): never {
  process.stderr.write(message);
  process.exit(badInput);
}

function main(args: string[]): void {
  let describe = false;
  let detail = true;
  let path: string | undefined;
  for (const arg of args) {
    if (arg === '--describe') describe = true;
    else if (arg === '--summary') detail = false;
    else if (arg === '-h' || arg === '--help') {
      process.stdout.write(usage);
      return;
    } else if (arg === '--table') fail('fairness-eval: --table is only in the native CLI (build/fairness-eval --table)\n');
    else if (arg.startsWith('-') && arg !== '-') fail(`fairness-eval: unknown option ${arg}\n${usage}`);
    else if (path === undefined) path = arg;
    else fail(`fairness-eval: one scenario at a time\n${usage}`);
  }
  const engine = loadEngineNode();
  void engine.then((engine) => {
    if (describe) {
      process.stdout.write(`${JSON.stringify(engine.describe(), null, 2)}\n`);
      return;
    }
    if (path === undefined) fail(usage);
    let bytes: Uint8Array;
    try {
      // Bytes, as the CLI reads them: the core's JSON reader sees exactly what is in the file.
      bytes = readFileSync(path === '-' ? 0 : path);
    } catch {
      fail(`fairness-eval: ${path}: cannot read the file\n`);
    }
    try {
      process.stdout.write(`${engine.evaluateText(bytes, { detail })}\n`);
    } catch (error) {
      if (error instanceof ScenarioError) fail(`fairness-eval: ${error.field}: ${error.message}\n`);
      throw error;
    }
  });
}

main(process.argv.slice(2));
