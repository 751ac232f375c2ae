// The Background panel: closed, it asks the engine for nothing; open, it lists the background
// documents with their ω from the core, up to LISTED of them, and says how many more S holds.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { BackgroundPanel, LISTED } from '../../web/components/Background';
import { backgroundShown, evaluation } from '../../web/state/evaluation';
import { replaceScenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const scenarioWith = (background: number): PageScenario => ({
  rankings: [{ name: 'A', docs: [{ id: 'a', text: 'She won.', label: 'female', relevance: 1 }] }],
  background: Array.from({ length: background }, (_, i) => ({ id: `b${i}`, text: i === 0 ? 'he and he and she' : 'rain' })),
});

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => {
  cleanup();
  backgroundShown.value = false;
});

describe('BackgroundPanel', () => {
  test('closed, no background is asked for; open, each listed document has its ω from the core', async () => {
    replaceScenario(scenarioWith(3), { undoable: false });
    const { container } = render(<BackgroundPanel />);
    await waitFor(() => expect(evaluation.value.status).toBe('current'));
    expect(evaluation.value.results!.background).toBeUndefined();
    fireEvent.click(container.querySelector('summary')!);
    // he, he, she: M = (1, 2), Σ 3 > τ: ω = 1 − (|1/3 − 1/2| + |2/3 − 1/2|) = 2/3.
    await waitFor(() => expect(container.querySelectorAll('[data-omega]').length).toBe(3));
    expect(Number(container.querySelector('[data-omega]')!.getAttribute('data-omega'))).toBeCloseTo(2 / 3, 12);
    expect(container.querySelector('[data-unlisted]')).toBeNull();
  });

  test(`a background of ${LISTED + 50} documents: ${LISTED} listed, the rest counted`, async () => {
    replaceScenario(scenarioWith(LISTED + 50), { undoable: false });
    backgroundShown.value = true;
    const { container } = render(<BackgroundPanel />);
    await waitFor(() => expect(container.querySelectorAll('[data-omega]').length).toBe(LISTED));
    expect(container.querySelectorAll('textarea').length).toBe(LISTED);
    expect(container.querySelector('[data-unlisted]')!.getAttribute('data-unlisted')).toBe('50');
    expect(container.querySelector('summary')!.textContent).toContain(`${LISTED + 50} documents`);
  });
});
