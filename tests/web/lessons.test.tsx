// Lessons against the real engine. Every gallery example carries one (examples/*.json); for each:
// exactly one answer matches the numbers, the texts' {metric@ranking} are the values the engine
// computed, and the change's watched metrics include every metric the change turns around (a
// verdict between the rankings that changes, or a value that changes sign), so nothing flips
// unmentioned.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';

import { evaluation } from '../../web/state/evaluation';
import { applyChange, fairerRanking, fillText, holds, liveValues, movements, rightOptions, type Values } from '../../web/state/lessons';
import { descriptors } from '../../web/state/metrics';
import { TEACHING_ORDER, findPreset, firstSentence, presets } from '../../web/state/presets';
import { replaceScenario, toPageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

async function current() {
  for (let i = 0; i < 400 && evaluation.value.status !== 'current'; i++) await new Promise((r) => setTimeout(r, 10));
  expect(evaluation.value.status).toBe('current');
}

beforeAll(async () => {
  await useNodeEngine();
});

test('the gallery is in teaching order, and every example has a lesson', () => {
  const files = readdirSync(resolve('examples'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  expect([...TEACHING_ORDER].sort()).toEqual([...files].sort());
  expect(presets.map((p) => p.id)).toEqual(TEACHING_ORDER);
  for (const p of presets) expect(p.lesson, p.id).not.toBeNull();
  // The gallery loads an example without its lesson: editing it can never break what the lesson names.
  for (const p of presets) expect('lesson' in p.scenario, p.id).toBe(false);
});

test('a caption’s one line is its first sentence', () => {
  expect(firstSentence('One. Two (three). Four')).toBe('One.');
  expect(firstSentence('Figure 1 (p. 3) shows it. Then more.')).toBe('Figure 1 (p. 3) shows it.');
  expect(firstSentence('No full stop')).toBe('No full stop');
});

// Values made by hand, to test the conditions' logic apart from any lesson.
const values = (table: Record<string, Record<string, number | null>>): Values => ({
  names: Object.keys(table),
  value: (r, m) => table[r]?.[m] ?? null,
  show: (r, m) => String(table[r]?.[m] ?? '—'),
});

test('conditions: a verdict by the metric’s direction, equally far from 0 is neither; zero, above, below', () => {
  const real = descriptors.value;
  onTestFinished(() => void (descriptors.value = real));
  descriptors.value = [
    { id: 'up', fairer: 'higher' },
    { id: 'zero', fairer: 'closer to 0' },
  ] as unknown as typeof descriptors.value;
  const v = values({ A: { up: 0.4, zero: 0.5 }, B: { up: 0.6, zero: -0.5 } });
  expect(fairerRanking('up', v)).toBe('B');
  expect(fairerRanking('zero', v)).toBe('neither');
  expect(holds({ metric: 'up', fairer: 'B' }, v)).toBe(true);
  expect(holds({ metric: 'up', fairer: 'A' }, v)).toBe(false);
  expect(holds({ metric: 'zero', zero: false }, v)).toBe(true);
  expect(holds({ metric: 'up', ranking: 'B', above: 0.5 }, v)).toBe(true);
  expect(holds({ metric: 'up', below: 0.4 }, v)).toBe(false); // A: 0.4 is not below 0.4
  expect(holds({ metric: 'missing', above: 0 }, v)).toBe(false); // undefined: no condition holds
  expect(fillText('{up@A} and {zero@B:before}', v, values({ B: { zero: 1 } }))).toEqual([
    { metric: 'up', ranking: 'A', before: false, value: 0.4, shown: '0.4' },
    ' and ',
    { metric: 'zero', ranking: 'B', before: true, value: 1, shown: '1' },
  ]);
});

describe.each(TEACHING_ORDER)('lesson %s', (id) => {
  test('one answer holds, the texts quote the live numbers, and every metric the change turns around is watched', async () => {
    await useNodeEngine();
    const preset = findPreset(id)!;
    const lesson = preset.lesson!;
    replaceScenario(toPageScenario(preset.scenario), { undoable: false });
    await current();
    const before = liveValues()!;
    expect(rightOptions(lesson, before).filter(Boolean), `${id}: options right`).toHaveLength(1);
    for (const part of fillText(lesson.reveal, before))
      if (typeof part !== 'string') expect(part.value, `${part.metric}@${part.ranking}`).toBe(before.value(part.ranking, part.metric));

    expect(applyChange(lesson.change)).toBe(true);
    await current();
    const after = liveValues()!;
    for (const m of movements(lesson.change, before, after)) expect(m.moved).toBe(m.before !== m.after);
    for (const part of fillText(lesson.change.why ?? '', after, before))
      if (typeof part !== 'string') {
        const from = part.before ? before : after;
        expect(part.value, `${part.metric}@${part.ranking}`).toBe(from.value(part.ranking, part.metric));
      }
    const turned = descriptors.value
      .map((d) => d.id)
      .filter((metric) => {
        const verdict = after.names.length === 2 && fairerRanking(metric, before) !== fairerRanking(metric, after);
        const flipped = after.names.some((r) => {
          const [b, a] = [before.value(r, metric), after.value(r, metric)];
          return b !== null && a !== null && Math.abs(b) > 1e-12 && Math.abs(a) > 1e-12 && Math.sign(b) !== Math.sign(a);
        });
        return verdict || flipped;
      });
    expect(
      turned.filter((m) => !lesson.change.watch.includes(m)),
      `${id}: turned around but not watched`,
    ).toEqual([]);
  });
});
