// The "Best and worst orderings" panel against the real engine (the WASM module in Node, wrapped as
// the page's engine): Find fills a table per ranking, "Show as ranking B" puts an ordering into
// ranking B in one undoable step, and a change of the documents marks the table out of date.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { OrderingsPanel, inputKey, plan, summary } from '../../web/components/Orderings';
import { deleteDoc, moveDoc, setDocText } from '../../web/state/actions';
import { engine } from '../../web/state/engine';
import { descriptors } from '../../web/state/metrics';
import { replaceScenario, scenario, undo, type PageScenario } from '../../web/state/scenario';
import type { Orderings } from '../../wasm/types';
import { useNodeEngine } from './engine';

const doc = (id: string, text: string, label: string, relevance = 1) => ({ id, text, label, relevance });

/** One ranking of four documents: 4! = 24 orderings. k = 1: only the top document counts for CWEx. */
const one = (): PageScenario => ({
  params: { k: 1 },
  rankings: [
    {
      name: 'A',
      docs: [
        doc('m', 'He won.', 'male', 2),
        doc('f', 'She won.', 'female', 1),
        doc('n', 'Rain fell.', 'neutral', 0),
        doc('f2', 'Her team won.', 'female', 3),
      ],
    },
  ],
});

const tableOf = (ranking: string) => {
  const section = screen.getByRole('region', { name: `Ranking ${ranking}` });
  return within(section);
};
const rowOf = (ranking: string, metric: string) =>
  tableOf(ranking)
    .getAllByRole('row')
    .find((row) => row.dataset.metric === metric)!;
const idsIn = (cell: Element) => [...cell.querySelectorAll('li')].map((li) => li.textContent);

async function findFor(ranking: string) {
  fireEvent.click(tableOf(ranking).getByRole('button', { name: /^Find/ }));
  await waitFor(() => expect(tableOf(ranking).getAllByRole('row').length).toBeGreaterThan(1), { timeout: 10_000 });
}

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => cleanup());

describe('OrderingsPanel', () => {
  test('before Find: what it will do; Find fills a row per metric with fairest and least fair orderings', async () => {
    replaceScenario(one(), { undoable: false });
    render(<OrderingsPanel />);
    expect(screen.getByText('Best and worst orderings')).toBeTruthy();
    expect(tableOf('A').getByText('4 documents: exhaustive over 4! = 24 orderings')).toBeTruthy();
    expect(tableOf('A').queryByRole('table')).toBeNull();
    await findFor('A');
    const rows = tableOf('A').getAllByRole('row').slice(1);
    expect(rows.map((row) => row.dataset.metric)).toEqual(descriptors.value.map((d) => d.id));
    expect(tableOf('A').getByText(/^exhaustive: 24 orderings/)).toBeTruthy();

    // CWEx at k = 1: the neutral document on top is fairest, α · 1 = 0.5; a gendered one -0.5.
    const cwex = rowOf('A', 'cwex');
    const cells = within(cwex).getAllByRole('cell');
    expect(idsIn(cells[0]!)[0]).toBe('n');
    expect(cells[1]!.dataset.value).toBe('0.5');
    expect(idsIn(cells[2]!)[0]).not.toBe('n');
    expect(cells[3]!.dataset.value).toBe('-0.5');
    // nDCG (utility): best sorted by relevance.
    const ndcg = within(rowOf('A', 'ndcg')).getAllByRole('cell');
    expect(idsIn(ndcg[0]!)).toEqual(['f2', 'm', 'f', 'n']);
    expect(within(rowOf('A', 'ndcg')).getByText('utility: higher is better')).toBeTruthy();
    // The one-line summary of how many different fairest orderings the metrics pick.
    expect(
      tableOf('A').getByText(/^The \d+ fairness metrics (pick \d+ different fairest orderings|agree on one fairest ordering)\./),
    ).toBeTruthy();
  });

  test('"Show as ranking B" creates B holding that ordering, in one undoable step', async () => {
    replaceScenario(one(), { undoable: false });
    render(<OrderingsPanel />);
    await findFor('A');
    const before = scenario.value;
    fireEvent.click(within(rowOf('A', 'cwex')).getByRole('button', { name: 'Show as ranking B' }));
    const after = scenario.value;
    expect(after.rankings).toHaveLength(2);
    expect(after.rankings[0]).toEqual(before.rankings[0]); // A untouched
    expect(after.rankings[1]!.name).toBe('CWEx fairest');
    const shown = idsIn(within(rowOf('A', 'cwex')).getAllByRole('cell')[0]!);
    expect(after.rankings[1]!.docs.map((d) => d.id)).toEqual(shown);
    expect(after.rankings[1]!.docs.find((d) => d.id === 'f2')).toEqual(before.rankings[0]!.docs.find((d) => d.id === 'f2'));
    // A's table stays current: B is another ranking. B gets its own Find.
    expect(tableOf('A').queryByText(/^Out of date/)).toBeNull();
    expect(tableOf('CWEx fairest').getByRole('button', { name: 'Find' })).toBeTruthy();

    // The least fair ordering replaces B's documents (B exists now).
    fireEvent.click(within(rowOf('A', 'nfairr')).getByRole('button', { name: 'Show least fair as B' }));
    expect(scenario.value.rankings).toHaveLength(2);
    expect(scenario.value.rankings[1]!.name).toBe('NFaiRR least fair');
    expect(scenario.value.rankings[1]!.docs.map((d) => d.id)).toEqual(idsIn(within(rowOf('A', 'nfairr')).getAllByRole('cell')[2]!));
    undo();
    expect(scenario.value).toBe(after);
    undo();
    expect(scenario.value).toBe(before);
  });

  test('a change of the documents marks the table out of date; reordering them does not', async () => {
    replaceScenario(one(), { undoable: false });
    render(<OrderingsPanel />);
    await findFor('A');
    moveDoc(0, 0, 2); // the same documents: the orderings still hold
    await waitFor(() => expect(scenario.value.rankings[0]!.docs[2]!.id).toBe('m'));
    expect(tableOf('A').queryByText(/^Out of date/)).toBeNull();
    setDocText(0, 1, 'She and her sister won.');
    await screen.findByText(/^Out of date: the documents or parameters changed/);
    for (const button of tableOf('A').getAllByRole('button', { name: 'Show as ranking B' }))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tableOf('A').getByRole('button', { name: 'Find again' }));
    await waitFor(() => expect(tableOf('A').queryByText(/^Out of date/)).toBeNull());
    deleteDoc(0, 0);
    await screen.findByText(/^Out of date/);
  });

  test('two rankings: a Find each; beyond 8 documents the plan says it searches', async () => {
    const s = one();
    s.rankings.push({
      name: 'B',
      docs: Array.from({ length: 9 }, (_, i) =>
        doc(`b${i}`, i % 2 ? 'He ran.' : 'She ran.', i % 3 === 0 ? 'neutral' : i % 2 ? 'male' : 'female', i % 4),
      ),
    });
    replaceScenario(s, { undoable: false });
    render(<OrderingsPanel />);
    expect(tableOf('B').getByText(/^9 documents: local search over swaps and moves/)).toBeTruthy();
    await findFor('B');
    expect(tableOf('B').getByText(/^local search: \d+ starts, \d+ evaluations; may miss the optimum/)).toBeTruthy();
    expect(tableOf('A').queryByRole('table')).toBeNull();
  });

  test('a refusal of the core is shown, not thrown', async () => {
    const s = one();
    s.params = { k: 0 };
    replaceScenario(s, { undoable: false });
    render(<OrderingsPanel />);
    fireEvent.click(tableOf('A').getByRole('button', { name: 'Find' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Parameters: cut-off k .* \(params\.k\)$/);
  });
});

describe('helpers', () => {
  test('plan, inputKey and summary', async () => {
    expect(plan(8)).toBe('8 documents: exhaustive over 8! = 40,320 orderings');
    expect(plan(1)).toBe('1 document: exhaustive over 1! = 1 ordering');
    expect(plan(61)).toMatch(/more than the 60/);
    const s = one();
    const reordered = structuredClone(s);
    reordered.rankings[0]!.docs.reverse();
    expect(inputKey(reordered, 0)).toBe(inputKey(s, 0));
    reordered.params = { k: 2 };
    expect(inputKey(reordered, 0)).not.toBe(inputKey(s, 0));
    const o: Orderings = await engine().orderings(JSON.stringify(s), 0);
    expect(summary(o)).toMatch(/^The \d+ fairness metrics/);
    // One fairness metric defined, the others not: it is counted in the singular.
    const first = o.metrics.find((m) => m.best && m.id === 'nfairr')!;
    const lone = { ...o, metrics: o.metrics.map((m) => (m === first || m.id === 'ndcg' ? m : { ...m, best: null, worst: null })) };
    const others = lone.metrics.filter((m) => m.id !== 'ndcg').length - 1;
    expect(summary(lone)).toBe(`The 1 fairness metric finds one fairest ordering. ${others} are undefined for every ordering.`);
  });
});
