// The Grep-BiasIR dialog: loads the real files on first opening, browses the queries, and turns a
// query's documents into a ranking (or two) in one undoable step.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { DatasetBrowser } from '../../web/components/DatasetBrowser';
import { replaceScenario, scenario, undo, type PageScenario } from '../../web/state/scenario';

const empty = (): PageScenario => ({ rankings: [{ name: 'A', docs: [] }] });

async function openBrowser() {
  const dialog: { current: HTMLDialogElement | null } = { current: null };
  render(<DatasetBrowser dialog={dialog} />);
  expect(dialog.current).toBeInstanceOf(HTMLDialogElement);
  // happy-dom implements showModal (it sets `open`), so no polyfill is needed.
  dialog.current!.showModal();
  expect(dialog.current!.open).toBe(true);
  await screen.findByText(/content_gender both \(4\) and botrh \(1, a typo\) are read as neutral: they favour neither group/);
  return dialog;
}

function pickQuery(q: number) {
  fireEvent.change(screen.getByLabelText('Queries'), { target: { value: String(q) } });
}

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

beforeEach(() => replaceScenario(empty(), { undoable: false }));
afterEach(cleanup);

describe('DatasetBrowser', () => {
  it('says Loading… until opened, then loads the data', async () => {
    const dialog: { current: HTMLDialogElement | null } = { current: null };
    render(<DatasetBrowser dialog={dialog} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByLabelText('Queries')).toBeNull();
    dialog.current!.showModal();
    await screen.findByLabelText('Queries');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('states the label mapping, the stereotype normalisation, the exceptions and the credit', async () => {
    await openBrowser();
    const notes = screen.getByRole('region', { name: 'About the data' });
    expect(notes.textContent).toContain('content_gender both (4) and botrh (1, a typo) are read as neutral: they favour neither group');
    expect(notes.textContent).toContain('"Towards Female" (108) and "Towards female" (12) are one value');
    expect(notes.textContent).toContain('query 107 has F1 M1 N1 both0 both0 botrh0');
    expect(notes.textContent).toContain('Grep-BiasIR (Krieg et al., CHIIR 2023), CC0');
  });

  it('browses 117 queries by category and by text', async () => {
    await openBrowser();
    const queries = screen.getByLabelText('Queries') as HTMLSelectElement;
    expect(queries.options).toHaveLength(117);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Career' } });
    expect(queries.options).toHaveLength(20);
    fireEvent.input(screen.getByLabelText('Filter'), { target: { value: 'TEAM work' } });
    expect([...queries.options].map((o) => o.textContent)).toEqual(['28: communication strategies for team work']);
    expect(screen.getByText('1 of 117 queries')).toBeTruthy();
  });

  it('makes a ranking of the selected query: relevant first (M, F, N), labels and relevance from the data', async () => {
    await openBrowser();
    pickQuery(28);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('communication strategies for team work');
    expect(rowsOf().map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual(['M', 'F', 'N', 'M', 'F', 'N']);
    fireEvent.click(screen.getByRole('button', { name: 'Use as ranking' }));
    const docs = scenario.value.rankings[0]!.docs;
    expect(docs.map((d) => [d.id, d.label, d.relevance])).toEqual([
      ['g168', 'male', 1],
      ['g169', 'female', 1],
      ['g170', 'neutral', 1],
      ['g171', 'male', 0],
      ['g172', 'female', 0],
      ['g173', 'neutral', 0],
    ]);
    expect(docs[0]!.text).toMatch(/^Only ambitious Man on the Team\? 4 Communication Tips You Need\. When talking to women at work/);
    expect(screen.getByText(/Ranking A now holds 6 documents of query 28/)).toBeTruthy();
    expect(scenario.value.groups).toBeUndefined(); // the default groups already hold female and male
    undo();
    expect(scenario.value.rankings[0]!.docs).toEqual([]);
  });

  it('shows both / botrh as neutral in the table and in the ranking', async () => {
    await openBrowser();
    pickQuery(107);
    const wording = rowsOf().map((row) => within(row).getAllByRole('cell')[4]!.textContent);
    expect(wording).toEqual(['M', 'F', 'N', 'both → neutral', 'botrh → neutral', 'both → neutral']);
    fireEvent.click(screen.getByRole('button', { name: 'Use as ranking' }));
    expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['male', 'female', 'neutral', 'neutral', 'neutral', 'neutral']);
  });

  it('uses only the checked documents, in the order set with the arrows, with or without titles', async () => {
    await openBrowser();
    pickQuery(28);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use document 173 (N, not relevant)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use document 172 (F, not relevant)' }));
    const up = screen.getByRole('button', { name: 'Move document 170 (N, relevant) up' });
    fireEvent.click(up);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move document 170 (N, relevant) up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move document 170 (N, relevant) up' }));
    expect((screen.getByRole('button', { name: 'Move document 170 (N, relevant) up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'include titles in the text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use as ranking' }));
    const docs = scenario.value.rankings[0]!.docs;
    expect(docs.map((d) => d.id)).toEqual(['g170', 'g168', 'g169', 'g171']);
    expect(docs[0]!.text).toBe(
      'When talking to colleagues at work, make sure not to “lose” the conversation. Get used to showing up to a conversation and asserting your position.',
    );
  });

  it('compares male wording first with female wording first in two rankings, one undo step', async () => {
    await openBrowser();
    pickQuery(28);
    fireEvent.click(screen.getByRole('button', { name: 'Compare: male wording first vs female wording first' }));
    const [a, b] = scenario.value.rankings;
    expect(a!.name).toBe('male first');
    expect(b!.name).toBe('female first');
    expect(a!.docs.map((d) => d.id)).toEqual(['g168', 'g169', 'g170', 'g171', 'g172', 'g173']);
    expect(b!.docs.map((d) => d.id)).toEqual(['g169', 'g168', 'g170', 'g171', 'g172', 'g173']);
    // Ranking B is now a target.
    const target = screen.getByLabelText('Target') as HTMLSelectElement;
    expect([...target.options].map((o) => o.textContent)).toEqual(['ranking A (male first)', 'ranking B (female first)']);
    fireEvent.change(target, { target: { value: '1' } });
    pickQuery(0);
    fireEvent.click(screen.getByRole('button', { name: 'Use as ranking' }));
    const b2 = scenario.value.rankings[1]!.docs;
    expect(b2.map((d) => d.id).sort()).toEqual(['g0', 'g1', 'g2', 'g3', 'g4', 'g5']);
    expect(b2.map((d) => [d.label, d.relevance])).toEqual([
      ['male', 1],
      ['female', 1],
      ['neutral', 1],
      ['male', 0],
      ['female', 0],
      ['neutral', 0],
    ]);
    expect(scenario.value.rankings[0]!.name).toBe('male first'); // ranking A untouched
    undo();
    undo();
    expect(scenario.value.rankings).toEqual(empty().rankings);
  });

  it('cannot compare without both relevant wordings checked, and says why', async () => {
    await openBrowser();
    pickQuery(28);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use document 169 (F, relevant)' }));
    const button = screen.getByRole('button', { name: 'Compare: male wording first vs female wording first' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/Check both the male- and the female-worded relevant document/)).toBeTruthy();
  });

  it('sets the groups to female, male when the scenario has others, and says so', async () => {
    replaceScenario(
      { groups: ['women', 'men'], rankings: [{ name: 'A', docs: [{ id: 'x', text: 'she', label: 'women', relevance: 0 }] }] },
      { undoable: false },
    );
    await openBrowser();
    pickQuery(28);
    fireEvent.click(screen.getByRole('button', { name: 'Use as ranking' }));
    expect(scenario.value.groups).toEqual(['female', 'male']);
    expect(scenario.value.rankings[0]!.docs).toHaveLength(6);
    expect(screen.getByText(/groups were women, men: set to female, male/)).toBeTruthy();
    undo();
    expect(scenario.value.groups).toEqual(['women', 'men']);
  });
});
