// The reference's lowercasing (tests/reference/python-lower.mjs: ICU through toLowerCase, the
// final-sigma rule written out) against what Python's str.lower() answered for every code point
// (tests/cpp/fixtures/python-lower.txt, written by scripts/make-unicode-lower.py). The core against
// the reference on random non-ASCII scenarios is in cli-vs-reference.test.mjs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

import { pythonLower, sigmaContext } from '../reference/python-lower.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = readFileSync(`${root}tests/cpp/fixtures/python-lower.txt`, 'utf8').split('\n');
const hexString = (hex) => Buffer.from(hex, 'hex').toString('utf8');
const python = { lower: new Map(), context: new Map(), strings: [] };
for (const line of fixture) {
  const [kind, ...rest] = line.split(' ');
  if (kind === 'm') python.lower.set(parseInt(rest[0], 16), String.fromCodePoint(...rest.slice(1).map((h) => parseInt(h, 16))));
  else if (kind === 'c') for (let cp = parseInt(rest[0], 16); cp <= parseInt(rest[1], 16); cp++) python.context.set(cp, rest[2]);
  else if (kind === 's') python.strings.push([hexString(rest[0]), hexString(rest[1])]);
}

describe("the reference's lowercasing is Python's str.lower()", () => {
  test('every code point maps as in Python', () => {
    expect(python.lower.size).toBeGreaterThan(1400);
    const wrong = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (pythonLower(c) !== (python.lower.get(cp) ?? c)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  test('every code point plays the same part in the final-sigma rule', () => {
    const name = { C: 'cased', I: 'ignorable' };
    const wrong = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (sigmaContext(cp) !== (name[python.context.get(cp)] ?? 'other')) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  test("Python's random strings", () => {
    expect(python.strings).toHaveLength(400);
    for (const [text, lower] of python.strings) expect(pythonLower(text), JSON.stringify(text)).toBe(lower);
  });

  test('where toLowerCase alone differs from Python: Unicode added since 14.0', () => {
    // U+A7CB (Unicode 16.0) lowercases in Node's ICU; Python 3.11 does not know it.
    expect('\ua7cb'.toLowerCase()).not.toBe('\ua7cb');
    expect(pythonLower('\ua7cb')).toBe('\ua7cb');
    expect(pythonLower('\u0130STANBUL ΟΔΟΣ.ΑΒ ΟΔΟΣ')).toBe('i\u0307stanbul οδοσ.αβ οδος');
  });
});
