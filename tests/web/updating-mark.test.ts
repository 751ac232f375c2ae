// The "updating…" mark: shown only once the values have been pending for a moment, so an answer
// that comes at once shows no flash (and costs the panel no repaint).
import { afterEach, expect, test, vi } from 'vitest';

import type { ViewResults } from '../../wasm/types';
import { SLOW_MS, slow, startEvaluation, status } from '../../web/state/evaluation';
import { replaceScenario, type PageScenario } from '../../web/state/scenario';

const scenarioWith = (text: string): PageScenario => ({
  rankings: [{ name: 'A', docs: [{ id: 'd1', text, label: 'male', relevance: 1 }] }],
});
const results = { rankings: [{ texts: [] }] } as unknown as ViewResults;

/** Lets the evaluation's promise callbacks run (they are chained a few microtasks deep). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => vi.useRealTimers());

test('a quick answer shows no mark; values pending for SLOW_MS show it until their answer comes', async () => {
  vi.useFakeTimers();
  replaceScenario(scenarioWith('He won.'), { undoable: false });
  const answers: ((r: ViewResults) => void)[] = [];
  const stop = startEvaluation(() => new Promise((resolve) => answers.push(resolve)));
  try {
    answers.shift()!(results);
    await settle();
    expect(status.value).toBe('current');

    // An edit answered just before SLOW_MS: pending all along, never marked.
    replaceScenario(scenarioWith('He won it.'), { undoable: false });
    expect(status.value).toBe('pending');
    vi.advanceTimersByTime(SLOW_MS - 1);
    expect(slow.value).toBe(false);
    answers.shift()!(results);
    await settle();
    expect(status.value).toBe('current');
    vi.advanceTimersByTime(10 * SLOW_MS);
    expect(slow.value).toBe(false);

    // An edit whose answer takes longer: marked at SLOW_MS, unmarked when it comes.
    replaceScenario(scenarioWith('She won it.'), { undoable: false });
    vi.advanceTimersByTime(SLOW_MS - 1);
    expect(slow.value).toBe(false);
    vi.advanceTimersByTime(1);
    expect(slow.value).toBe(true);
    answers.shift()!(results);
    await settle();
    expect(status.value).toBe('current');
    expect(slow.value).toBe(false);

    // Each edit starts the moment anew: typing on, with each answer in time, is never marked.
    for (const text of ['a', 'ab', 'abc', 'abcd']) {
      replaceScenario(scenarioWith(text), { undoable: false });
      vi.advanceTimersByTime(SLOW_MS / 2);
      answers.shift()!(results);
      await settle();
      expect(slow.value).toBe(false);
    }
  } finally {
    stop();
  }
});
