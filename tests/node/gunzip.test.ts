// The Runs view's gzip reading (wasm/gunzip.ts) against the CLI's (cli/runs.cpp, zlib) on the same
// bytes: one member, several members, bytes after the last member (one and many), a file cut at
// every few bytes, a header alone, a member whose trailer does not match. Where the CLI reads the
// file, the page gives zlib's bytes exactly; where the CLI refuses it (exit 2), the page refuses it
// with the same words ("truncated", "bytes after the end of the gzip stream").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import { gunzipChunks, membersGunzip } from '../../wasm/gunzip';

const root = new URL('../../', import.meta.url).pathname;
const cli = `${root}build/fairness-eval`;
const ex = `${root}examples/runs/`;
const dir = mkdtempSync(join(tmpdir(), 'gunzip-'));
const plain = readFileSync(`${ex}female-first.run`);
const half = plain.indexOf('\n', plain.length / 2) + 1;
const one = gzipSync(plain);
const two = Buffer.concat([gzipSync(plain.subarray(0, half)), gzipSync(plain.subarray(half))]);

/** What the CLI makes of `bytes` as a run: 'read', or its message (after the file's name). */
function cliReads(bytes: Buffer, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const out = spawnSync(cli, ['runs', '--labels', `${ex}labels.csv`, '--metrics', 'DIPS', '--cutoffs', '3', '--format', 'json', path], {
    encoding: 'utf8',
  });
  return out.status === 0 ? 'read' : out.stderr.trim().replace(`fairness-eval runs: ${path}: `, '');
}

/** What the page makes of `bytes`: 'read' (with zlib's bytes exactly), or its message. */
async function pageReads(bytes: Buffer, name: string, read = membersGunzip): Promise<string> {
  const parts: Uint8Array[] = [];
  try {
    // Chunks of 1,000 bytes, so that members, headers and trailers cross chunks.
    const blob = new Blob(
      Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) => new Uint8Array(bytes.subarray(i * 1000, (i + 1) * 1000))),
    );
    for await (const chunk of read(blob, name, () => {})) parts.push(chunk);
  } catch (error) {
    return (error as Error).message.replace(`${name}: `, '');
  }
  expect(Buffer.concat(parts).equals(gunzipSync(bytes))).toBe(true);
  return 'read';
}

const cases: [string, Buffer][] = [
  ['one member', one],
  ['two members', two],
  [
    'three members, one of them empty',
    Buffer.concat([gzipSync(plain.subarray(0, half)), gzipSync(Buffer.alloc(0)), gzipSync(plain.subarray(half))]),
  ],
  ['nine bytes of garbage after the stream', Buffer.concat([one, Buffer.from('garbage!\n')])],
  [
    'a member whose checksum in the trailer is wrong',
    Buffer.concat([one.subarray(0, -8), Buffer.from([one.at(-8)! ^ 1]), one.subarray(-7)]),
  ],
  ['eight bytes of garbage after the stream', Buffer.concat([one, Buffer.from('garbage\n')])],
  ['one byte after the stream', Buffer.concat([one, Buffer.from('x')])],
  ['a header alone', one.subarray(0, 10)],
  ['a member whose size in the trailer is wrong', Buffer.concat([one.subarray(0, one.length - 1), Buffer.from([one.at(-1)! ^ 1])])],
];

describe.runIf(existsSync(cli))('the page reads gzip as the CLI does', () => {
  test.each(cases)('%s', async (name, bytes) => {
    const file = `${name.replace(/\W+/g, '-')}.run.gz`;
    const expected = cliReads(bytes, file);
    expect(await pageReads(bytes, file)).toBe(expected);
    // The reader the page uses first (the browser's DecompressionStream, then this one on a refusal) agrees too.
    expect(await pageReads(bytes, file, gunzipChunks)).toBe(expected);
  });

  test('a file cut at any of 200 places: truncated, as the CLI says', async () => {
    for (let i = 1; i <= 200; i++) {
      const cut = Math.floor((two.length * i) / 201);
      const bytes = two.subarray(0, cut);
      const expected = cliReads(bytes, 'cut.run.gz');
      expect(expected, `cut at ${cut}`).toMatch(/^truncated/);
      expect(await pageReads(bytes, 'cut.run.gz'), `cut at ${cut}`).toMatch(/^truncated/);
    }
  });
});
