// The WebAssembly module against the independent JS reference of SPEC (tests/reference/), on
// random scenarios: every value field of every metric within 1e-9, nulls where the reference
// has nulls.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';

import type { Engine, Scenario } from '../../wasm/engine';
import { loadEngineNode } from '../../wasm/node';
import { compareWithReference } from '../reference/compare.mjs';
import { randomScenario } from '../reference/random-scenario.mjs';
import { evaluateReference, loadDefaultLexicon } from '../reference/spec-reference.mjs';

const lexicon = loadDefaultLexicon(fileURLToPath(new URL('../../data/gender-words/wordlist_gender_representative.txt', import.meta.url)));

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode();
});

// Seeds apart from the CLI's (1-500), so the two suites cover different scenarios.
const seeds = Array.from({ length: 300 }, (_, i) => 10_001 + i);

test('agrees with the reference to 1e-9 on 300 random scenarios', () => {
  const groupCounts = new Set<number>();
  for (const seed of seeds) {
    const scenario = randomScenario(seed) as Scenario;
    groupCounts.add((scenario.groups ?? ['female', 'male']).length);
    const results = engine.evaluate(scenario);
    expect(compareWithReference(results, evaluateReference(scenario, lexicon)), `seed ${seed}`).toEqual([]);
  }
  expect([...groupCounts].sort()).toEqual([2, 3]);
});

// The issue's own command line: `npm run eval -- -` (stdin), on scenarios apart from the above.
// Three: each starts npm and Node (about half a second); the module's values are checked above.
test('`npm run eval` agrees with the reference to 1e-9 on 3 random scenarios', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  for (let seed = 20_001; seed <= 20_003; seed++) {
    const scenario = randomScenario(seed) as Scenario;
    const out = spawnSync('npm', ['run', 'eval', '--', '-'], { cwd: root, input: JSON.stringify(scenario), encoding: 'utf8' });
    expect(out.status, `seed ${seed}: ${out.stderr}`).toBe(0);
    expect(compareWithReference(JSON.parse(out.stdout), evaluateReference(scenario, lexicon)), `seed ${seed}`).toEqual([]);
  }
}, 120_000);
