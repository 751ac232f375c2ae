// Lessons against the real engine: every gallery example has one, in teaching order; for each,
// exactly one answer matches the numbers, and the sentences after the change state the values the
// engine computed after it (read from the results, never copied).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

import { evaluation } from '../../web/state/evaluation';
import { LESSONS, findLesson, liveValues } from '../../web/state/lessons';
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
  expect(LESSONS.map((l) => l.id).sort()).toEqual([...TEACHING_ORDER].sort());
});

test('a caption’s one line is its first sentence', () => {
  expect(firstSentence('One. Two (three). Four')).toBe('One.');
  expect(firstSentence('Figure 1 (p. 3) shows it. Then more.')).toBe('Figure 1 (p. 3) shows it.');
  expect(firstSentence('No full stop')).toBe('No full stop');
});

describe.each(TEACHING_ORDER)('lesson %s', (id) => {
  test('one answer holds; the reveal and the explanation quote the live numbers', async () => {
    const lesson = findLesson(id)!;
    replaceScenario(toPageScenario(findPreset(id)!.scenario), { undoable: false });
    await current();
    const before = liveValues()!;
    const options = lesson.options(before);
    expect(options.filter((o) => o.holds(before)).map((o) => o.label)).toHaveLength(1);
    const reveal = lesson.reveal(before);
    for (const metric of lesson.change.metrics.slice(0, 1)) expect(reveal + ' ').toContain(before.show(0, metric));
    lesson.change.apply();
    await current();
    const after = liveValues()!;
    const why = lesson.change.why(before, after);
    // Each watched metric of the first ranking is quoted with its value after the change.
    for (const metric of lesson.change.metrics) {
      const mentions = why.includes(`${after.show(0, metric)}`) || why.includes(`${after.show(1, metric)}`);
      expect(mentions, `${id}: ${metric} in “${why}”`).toBe(true);
    }
    // "goes from a to b" only when the value moved, "stays" only when it did not.
    for (const match of why.matchAll(/(\S+) for (.+?) goes from (\S+) to (\S+?)[:.;,]?(?:\s|$)/g)) expect(match[3], why).not.toBe(match[4]);
  });
});
