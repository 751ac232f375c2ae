// The scenario's JSON text, kept per object (wasm/scenario-text.ts): character for character what
// JSON.stringify writes, over random edits that share what they do not change (as immer's do),
// and over the values JSON treats specially; and the same edits sent as their changes, applied to
// a copy that crossed a worker boundary, giving the same text.
import { produce, setAutoFreeze } from 'immer';
import { describe, expect, test } from 'vitest';

import type { PageScenario } from '../../web/state/scenario';
import { applyChanges, changesBetween, fromJson, jsonText } from '../../wasm/scenario-text';
import { scenarioJson } from '../../web/state/serialise';

setAutoFreeze(false);

function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const odd = ['plain', 'quote " and \\ back', 'tab\tnew\nline', 'é ñ 日本 🙂', '\u2028', '\ud800 lone', ''];

/** 500 random edits that share what they do not change, as immer's do: each scenario in turn. */
function* randomEdits(seed: number): Generator<PageScenario> {
  const next = random(seed);
  let s: PageScenario = {
    params: { k: 10, tau: 1, targets: { female: 0.5, male: 0.5 } },
    rankings: [
      {
        name: 'A',
        docs: Array.from({ length: 30 }, (_, i) => ({ id: `d${i}`, text: odd[i % odd.length]!, label: 'female', relevance: i % 4 })),
      },
      { name: 'B', docs: [] },
    ],
  };
  yield s;
  for (let step = 0; step < 500; step++) {
    const r = next() < 0.8 ? 0 : 1;
    s = produce(s, (d) => {
      const docs = d.rankings[r]!.docs;
      const j = Math.floor(next() * Math.max(1, docs.length));
      const pick = next();
      if (pick < 0.3 && docs[j]) docs[j]!.text += odd[Math.floor(next() * odd.length)]!;
      else if (pick < 0.45 && docs.length > 1) docs.splice(Math.floor(next() * docs.length), 0, ...docs.splice(j, 1));
      else if (pick < 0.6)
        docs.push({ id: `n${step}`, text: odd[step % odd.length]!, label: 'male', relevance: null as unknown as number });
      else if (pick < 0.7 && docs[j]) docs.splice(j, 1);
      else if (pick < 0.8) d.params = { ...d.params, k: Math.floor(next() * 20) - 3, tau: next() < 0.5 ? -0 : 1e21 };
      else if (pick < 0.9 && docs[j]) docs[j]!.relevance = next() < 0.5 ? (undefined as unknown as number) : Number.NaN;
      else if (pick < 0.95) d.rankings[r]!.name = odd[Math.floor(next() * odd.length)]!;
      else d.title = next() < 0.5 ? undefined : odd[step % odd.length]!;
    });
    yield s;
  }
}

describe('scenarioJson', () => {
  test('equals JSON.stringify over 500 random edits that share what they do not change', () => {
    for (const s of randomEdits(3)) expect(scenarioJson(s)).toBe(JSON.stringify(s));
  });

  test('undefined members are left out, undefined items written null, toJSON honoured, as JSON.stringify does', () => {
    const s = {
      rankings: [{ name: 'A', docs: [] }],
      params: { k: undefined, f: () => 1, list: [undefined, () => 1, Infinity, -0, 1.5e-7], when: new Date(0) },
    } as unknown as PageScenario;
    expect(scenarioJson(s)).toBe(JSON.stringify(s));
  });
});

describe('a scenario sent as its changes (wasm/scenario-text.ts)', () => {
  test('the changes, applied to a copy that crossed a worker boundary, give JSON.stringify’s text of every edit', () => {
    let sent: PageScenario | null = null;
    let copy: unknown = null;
    let whole = 0;
    let edits = 0;
    let titleChanges = 0;
    for (const s of randomEdits(7)) {
      if (sent && 'title' in sent !== 'title' in s) titleChanges++;
      const changes = sent ? changesBetween(sent, s) : null;
      if (changes) {
        // As postMessage delivers them: a structured clone.
        try {
          copy = applyChanges(copy, structuredClone(changes));
          edits++;
        } catch {
          copy = null; // the worker answers StaleEditError, and the page sends it whole
        }
      }
      if (!changes || copy === null) {
        copy = fromJson(scenarioJson(s));
        whole++;
      }
      expect(jsonText(copy)).toBe(JSON.stringify(s));
      sent = s;
    }
    // Whole: the first, each edit that adds a member to the root (a title), and each that sets
    // again a member the text left out (a relevance made undefined; at least one here): a few in 500.
    expect(whole).toBeGreaterThan(1 + titleChanges);
    expect(whole).toBeLessThan(10);
    expect(edits).toBeGreaterThan(490);
  });

  test('a typed character is one change: the path to the text and its JSON', () => {
    const s: PageScenario = { rankings: [{ name: 'A', docs: [{ id: 'd1', text: 'he', label: 'male', relevance: 1 }] }] };
    const typed = produce(s, (d) => void (d.rankings[0]!.docs[0]!.text = 'her'));
    expect(changesBetween(s, typed)).toEqual([[['rankings', 0, 'docs', 0, 'text'], 'her']]);
    const added = produce(typed, (d) => void d.rankings[0]!.docs.push({ id: 'd2', text: 'x', label: 'neutral', relevance: 0 }));
    const [[path, value]] = changesBetween(typed, added)! as [[unknown, unknown]];
    expect(path).toEqual(['rankings', 0, 'docs']);
    expect(value).toBe(added.rankings[0]!.docs);
    expect(changesBetween(s, s)).toEqual([]);
    // A member added to the root: the root as a whole, which is sent whole.
    expect(changesBetween(s, { ...s, title: 'T' })).toBeNull();
  });

  test('a change that does not fit the copy is refused, and the copy is left as it was', () => {
    const copy = fromJson('{"rankings":[{"name":"A","docs":[]}]}');
    expect(() => applyChanges(copy, [[['rankings', 0, 'docs', 3, 'text'], 'x']])).toThrow(/no object or array/);
    expect(() => applyChanges(copy, [[['rankings', 0, 'title'], 'x']])).toThrow(/no member/);
    expect(() => applyChanges(null, [[['rankings'], []]])).toThrow(/no scenario/);
    const odd = fromJson('{"rankings":[],"params":{"__proto__":{"k":1}}}');
    expect(() => applyChanges(odd, [[['params', '__proto__', 'k'], 2]])).toThrow(/sent whole/);
    expect(jsonText(odd)).toBe('{"rankings":[],"params":{"__proto__":{"k":1}}}');
    expect(jsonText(copy)).toBe('{"rankings":[{"name":"A","docs":[]}]}');
  });
});
