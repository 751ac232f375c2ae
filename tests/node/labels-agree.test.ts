// The page's table import and the core's labels files map a label alike (SPEC: labels map "as in
// the page's import"): each label the import reads, written in a labels file, gives the CLI the
// values of the label the import maps it to, and one the import keeps as written is refused.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

import { NEUTRAL_WORDS, resolveLabel } from '../../web/state/table';

const cli = fileURLToPath(new URL('../../build/fairness-eval', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'labels-agree-'));
const run = join(dir, 'r.run');
const collection = join(dir, 'c.tsv');
writeFileSync(run, 'q Q0 d1 1 3 r\nq Q0 d2 2 2 r\nq Q0 d3 3 1 r\n');
writeFileSync(collection, 'd1\tone\nd2\ttwo\nd3\tthree\n');

/** The CLI's label-based values with d1 labelled `label` (d2 female, d3 male), or its refusal. */
function values(label: string): string {
  const labels = join(dir, 'l.csv');
  // Not on the first line, which may be a header.
  writeFileSync(labels, `d2,F\nd1,${label}\nd3,M\n`);
  const out = spawnSync(
    cli,
    ['runs', '--collection', collection, '--labels', labels, '--metrics', 'CWEx,NDKL', '--cutoffs', '3', '--format', 'csv', run],
    {
      encoding: 'utf8',
    },
  );
  return out.status === 0 ? out.stdout : `refused: ${out.stderr}`;
}

test.each([...NEUTRAL_WORDS, 'Both', 'N', 'neutral', 'F', 'female', 'MALE', 'm'])('%s reads as the import maps it', (label) => {
  const mapped = resolveLabel(label, ['female', 'male']);
  expect(['neutral', 'female', 'male']).toContain(mapped);
  expect(values(label)).toBe(values(mapped));
  expect(values(label)).not.toMatch(/^refused/);
});

test('a label the import keeps as written (no group) is refused by the labels file', () => {
  expect(resolveLabel('boy', ['female', 'male'])).toBe('boy');
  expect(values('boy')).toMatch(/^refused: .*l\.csv:2: label: unknown label 'boy'/);
});
