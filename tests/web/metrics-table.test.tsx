// The metric panel against the real engine: one row per metric with its direction and meaning,
// the values carried in data attributes at full precision, the comparison of two rankings, and
// stale marking when the input is refused.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { MetricsTable } from '../../web/components/MetricsTable';
import { edit } from '../../web/state/scenario';
import { evaluation } from '../../web/state/evaluation';
import { descriptors } from '../../web/state/metrics';
import { replaceScenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const doc = (id: string, text: string, label: string, relevance = 1) => ({ id, text, label, relevance });
const two = (): PageScenario => ({
  rankings: [
    { name: 'A', docs: [doc('a', 'He won.', 'male'), doc('b', 'She won.', 'female'), doc('c', 'Rain.', 'neutral', 0)] },
    { name: 'B', docs: [doc('a', 'He won.', 'male'), doc('x', 'He and his son won.', 'male'), doc('c', 'Rain.', 'neutral', 0)] },
  ],
});

const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => cleanup());

describe('MetricsTable', () => {
  test('a row per metric, primary first, with direction and meaning; values at full precision in data-value', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const rows = [...document.querySelectorAll('tbody th[scope="row"] button')].map((b) => b.textContent!.replace(/^[▸▾]/, ''));
    expect(rows.slice(0, 4)).toEqual(['NFaiRR', 'TExFAIR', 'DIPS', 'CWEx']);
    expect(rows.length).toBe(descriptors.value.length);
    screen.getAllByText('↑ higher is fairer');
    screen.getAllByText('→0 closer to 0 is fairer');
    const results = evaluation.value.results!;
    for (const [r, ranking] of results.rankings.entries())
      for (const d of descriptors.value) {
        const cell = document.querySelector(`[data-metric="${d.id}"][data-ranking="${ranking.name}"]`) as HTMLElement;
        const value = (results.rankings[r] as unknown as Record<string, { value: number | null }>)[d.id]!.value;
        expect(cell.dataset.value, `${ranking.name}/${d.id}`).toBe(value === null ? '' : String(value));
      }
  });

  test('comparing: A − B, which ranking each metric calls fairer, and the disagreement sentence', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const results = evaluation.value.results!;
    const [a, b] = results.rankings;
    const diff = document.querySelector('[data-metric="texfair-diff"]') as HTMLElement;
    expect(Number(diff.dataset.value)).toBeCloseTo(a!.texfair.value - b!.texfair.value, 12);
    // B has only male terms, A one of each: TExFAIR (higher is fairer) calls A fairer.
    expect(a!.texfair.value).toBeGreaterThan(b!.texfair.value);
    expect(document.querySelector('[data-verdict="texfair"]')!.textContent).toBe('A fairer');
    expect(document.querySelector('[data-verdict="ndcg"]')!.textContent).toMatch(/better|tie/);
    const verdicts = document.querySelector('[data-disagree]') as HTMLElement;
    expect(verdicts.textContent).toContain('TExFAIR');
  });

  test('a refused input keeps the values, struck through and marked stale, with the core’s message', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const before = (document.querySelector('[data-metric="nfairr"][data-ranking="A"]') as HTMLElement).dataset.value;
    edit((s) => void (s.params = { k: 0 }));
    await waitFor(() => expect(document.querySelector('section[aria-label="Metrics"]')!.getAttribute('data-state')).toBe('stale'));
    expect((document.querySelector('[data-metric="nfairr"][data-ranking="A"]') as HTMLElement).dataset.value).toBe(before);
    screen.getByText(/These values are for the last valid input\. Parameters: cut-off k must be a whole number of at least 1, got 0/);
    screen.getByText('stale');
  });
});
