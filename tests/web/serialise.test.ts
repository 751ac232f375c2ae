// The scenario's JSON text, kept per object (web/state/serialise.ts): character for character what
// JSON.stringify writes, over random edits that share what they do not change (as immer's do),
// and over the values JSON treats specially.
import { produce, setAutoFreeze } from 'immer';
import { describe, expect, test } from 'vitest';

import type { PageScenario } from '../../web/state/scenario';
import { scenarioJson } from '../../web/state/serialise';

setAutoFreeze(false);

function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const odd = ['plain', 'quote " and \\ back', 'tab\tnew\nline', 'é ñ 日本 🙂', '\u2028', '\ud800 lone', ''];

describe('scenarioJson', () => {
  test('equals JSON.stringify over 500 random edits that share what they do not change', () => {
    const next = random(3);
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
        else d.rankings[r]!.name = odd[Math.floor(next() * odd.length)]!;
      });
      expect(scenarioJson(s)).toBe(JSON.stringify(s));
    }
  });

  test('undefined members are left out, undefined items written null, toJSON honoured, as JSON.stringify does', () => {
    const s = {
      rankings: [{ name: 'A', docs: [] }],
      params: { k: undefined, f: () => 1, list: [undefined, () => 1, Infinity, -0, 1.5e-7], when: new Date(0) },
    } as unknown as PageScenario;
    expect(scenarioJson(s)).toBe(JSON.stringify(s));
  });
});
