// The parameters panel's groups against the real engine: renaming a group is a relabelling, so
// every value stays as it was, under the built-in word list as under a scenario's own.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { ParamsPanel } from '../../web/components/ParamsPanel';
import { evaluation, spansFor } from '../../web/state/evaluation';
import { replaceScenario, scenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const doc = (id: string, text: string, label: string, relevance: number) => ({ id, text, label, relevance });
const start = (): PageScenario => ({
  rankings: [
    {
      name: 'A',
      docs: [
        doc('d1', 'she said her sister won the match', 'female', 2),
        doc('d2', 'he and his brother spoke to the council', 'male', 1),
        doc('d3', 'the report found a new school', 'neutral', 0),
        doc('d4', 'the actress and the king met', 'female', 1),
      ],
    },
  ],
});

const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));

/** Every metric's value of every ranking, by metric. */
function values(): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const ranking of evaluation.value.results!.rankings)
    for (const [key, metric] of Object.entries(ranking))
      if (metric && typeof metric === 'object' && 'value' in metric) out[`${ranking.name}.${key}`] = metric.value as number | null;
  return out;
}

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => cleanup());

describe('ParamsPanel: groups', () => {
  test('renaming a group of the built-in list keeps its words: every value as before, no warning', async () => {
    replaceScenario(start(), { undoable: false });
    render(<ParamsPanel />);
    await current();
    const before = values();
    // The documents' terms are on the built-in list: the term-based metrics see both groups.
    const share = evaluation.value.results!.rankings[0]!.texfair.share;
    expect(share.female).toBeGreaterThan(0);
    expect(share.male).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Name of group 1'), { target: { value: 'women' } });
    await current();
    expect(scenario.value.groups).toEqual(['women', 'male']);
    expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['women', 'male', 'neutral', 'women']);
    expect(values()).toEqual(before);
    expect(evaluation.value.results!.warnings.filter((w) => /has no terms/.test(w))).toEqual([]);
    // The built-in list's female words (the data file's `,f` lines) now under "women".
    const female = readFileSync('data/gender-words/wordlist_gender_representative.txt', 'utf8')
      .split('\n')
      .filter((line) => line.trim().endsWith(',f'))
      .map((line) => line.split(',')[0]!.trim().toLowerCase());
    expect(female).toHaveLength(163);
    expect(scenario.value.lexicon?.women).toEqual(female);
    expect(Object.keys(scenario.value.lexicon!)).toEqual(['women', 'male']);

    expect(evaluation.value.results!.rankings[0]!.texfair.share).toEqual({ women: share.female, male: share.male });
    // The cards' group terms come from the engine's reading of each text, sent once per text: the
    // rename sends them again under the new name (the old ones named "female", and the cards
    // found no group term).
    expect(spansFor('she said her sister won the match')!.map((s) => s.group)).toEqual(['women', 'women', 'women']);
  });

  test("renaming a group of the scenario's own lexicon keeps its words, adds none, and relabels the background too", async () => {
    const background = [{ id: 'b1', text: 'he went home', label: 'male', relevance: 0 }];
    replaceScenario({ ...start(), background, lexicon: { female: ['she', 'her'], male: ['he'] } }, { undoable: false });
    render(<ParamsPanel />);
    await current();
    const before = values();
    fireEvent.change(screen.getByLabelText('Name of group 2'), { target: { value: 'men' } });
    await current();
    expect(scenario.value.lexicon).toEqual({ female: ['she', 'her'], men: ['he'] });
    expect(scenario.value.background?.[0]?.label).toBe('men');
    expect(values()).toEqual(before);
  });

  test('a name another group has, or "neutral", is refused by name and merges nothing: the old name back restores all', async () => {
    replaceScenario(
      { ...start(), lexicon: { female: ['she', 'her', 'sister', 'actress'], male: ['he', 'his', 'brother', 'king'] } },
      { undoable: false },
    );
    render(<ParamsPanel />);
    await current();
    const before = values();
    const labels = () => scenario.value.rankings[0]!.docs.map((d) => d.label);
    const stale = () => waitFor(() => expect(evaluation.value.status).toBe('stale'));
    const field = (n: number) => screen.getByLabelText(`Name of group ${n}`);

    fireEvent.change(field(1), { target: { value: 'male' } });
    await stale();
    expect(evaluation.value.error?.message).toMatch(/'male' is listed twice/);
    // Said of group 1, the field typed in, not of group 2, which the core finds second.
    expect(evaluation.value.error?.field).toBe('groups[0]');
    expect(labels()).toEqual(['female', 'male', 'neutral', 'female']);
    expect(scenario.value.lexicon).toEqual({ female: ['she', 'her', 'sister', 'actress'], male: ['he', 'his', 'brother', 'king'] });
    // Group 1's field now reads "male": naming it "female" again gives back the two groups.
    fireEvent.change(field(1), { target: { value: 'female' } });
    await current();
    expect(scenario.value.groups).toEqual(['female', 'male']);
    expect(labels()).toEqual(['female', 'male', 'neutral', 'female']);
    expect(values()).toEqual(before);

    fireEvent.change(field(2), { target: { value: 'neutral' } });
    await stale();
    expect(evaluation.value.error?.message).toMatch(/'neutral' is the label of documents of no group/);
    expect(labels()).toEqual(['female', 'male', 'neutral', 'female']);
    fireEvent.change(field(2), { target: { value: 'male' } });
    await current();
    expect(values()).toEqual(before);
  });

  test('after a refused name (another group\'s, or "neutral"), the name that corrects it relabels from the name before it', async () => {
    const lexicon = { female: ['she', 'her', 'sister', 'actress'], male: ['he', 'his', 'brother', 'king'] };
    const field = (n: number) => screen.getByLabelText(`Name of group ${n}`);
    const labels = () => scenario.value.rankings[0]!.docs.map((d) => d.label);
    const stale = () => waitFor(() => expect(evaluation.value.status).toBe('stale'));
    replaceScenario({ ...start(), lexicon }, { undoable: false });
    render(<ParamsPanel />);
    await current();
    const before = values();
    /** Group `n` named `refused` (refused by the core), then `corrected`. */
    const refuseThenCorrect = async (n: number, refused: string, corrected: string) => {
      fireEvent.change(field(n), { target: { value: refused } });
      await stale();
      fireEvent.change(field(n), { target: { value: corrected } });
      await current();
    };

    // An emptied name is refused by name, both fields of a name two groups share are marked.
    fireEvent.change(field(1), { target: { value: '' } });
    await stale();
    expect(evaluation.value.error).toEqual({ field: 'groups[0]', message: 'a group needs a name' });
    expect(field(1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(1), { target: { value: 'male' } });
    await stale();
    expect([field(1), field(2)].map((f) => f.getAttribute('aria-invalid'))).toEqual(['true', 'true']);
    fireEvent.change(field(1), { target: { value: 'males' } });
    await current();
    expect(field(1).getAttribute('aria-invalid')).toBeNull();
    // The documents kept "female" and the core refused them as no group's.
    expect(labels()).toEqual(['males', 'male', 'neutral', 'males']);
    expect(scenario.value.lexicon).toEqual({ males: lexicon.female, male: lexicon.male });
    expect(values()).toEqual(before);

    await refuseThenCorrect(2, 'neutral', 'neutrals');
    expect(labels()).toEqual(['males', 'neutrals', 'neutral', 'males']);
    expect(scenario.value.lexicon).toEqual({ males: lexicon.female, neutrals: lexicon.male });
    expect(values()).toEqual(before);
  });

  test("a group given another's name, then that other renamed: each keeps its own documents and words", async () => {
    // The built-in list: the words are keyed by the names the documents carry, not the list's.
    replaceScenario(start(), { undoable: false });
    render(<ParamsPanel />);
    await current();
    const before = values();
    fireEvent.change(screen.getByLabelText('Name of group 1'), { target: { value: 'male' } });
    await waitFor(() => expect(evaluation.value.status).toBe('stale'));
    fireEvent.change(screen.getByLabelText('Name of group 2'), { target: { value: 'men' } });
    await current();
    expect(scenario.value.groups).toEqual(['male', 'men']);
    expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['male', 'men', 'neutral', 'male']);
    expect(scenario.value.lexicon?.male).toContain('daughter');
    expect(scenario.value.lexicon?.men).toContain('son');
    expect(values()).toEqual(before);
  });

  test("adding a group named like another keeps that group's words; removing the second restores the list", async () => {
    replaceScenario({ ...start(), lexicon: { female: ['she', 'her'], male: ['he'] } }, { undoable: false });
    render(<ParamsPanel />);
    await current();
    const before = values();
    fireEvent.input(screen.getByLabelText('New group name'), { target: { value: 'male' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(evaluation.value.status).toBe('stale'));
    expect(scenario.value.groups).toEqual(['female', 'male', 'male']);
    expect(scenario.value.lexicon).toEqual({ female: ['she', 'her'], male: ['he'] });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove group male' })[1]!);
    await current();
    expect(scenario.value.groups).toEqual(['female', 'male']);
    expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['female', 'male', 'neutral', 'female']);
    expect(values()).toEqual(before);
  });

  test('groups named like an object\'s properties ("constructor", "toString") have no built-in words; a copy and a rename work', async () => {
    replaceScenario({ ...start(), groups: ['female', 'male', 'constructor'] }, { undoable: false });
    render(<ParamsPanel />);
    await current();
    screen.getByText(/163 female, 163 male, 0 constructor terms/);
    fireEvent.change(screen.getByLabelText('Name of group 3'), { target: { value: 'toString' } });
    await current();
    expect(scenario.value.groups).toEqual(['female', 'male', 'toString']);
    expect(scenario.value.lexicon).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Edit a copy' }));
    expect(Object.entries(scenario.value.lexicon!).map(([g, terms]) => [g, terms.length])).toEqual([
      ['female', 163],
      ['male', 163],
      ['toString', 0],
    ]);
    await current();
    // A scenario's own lexicon that does not name such a group: the group's field is empty.
    cleanup();
    replaceScenario(
      { ...start(), groups: ['female', 'male', 'toString'], lexicon: { female: ['she'], male: ['he'] } },
      { undoable: false },
    );
    render(<ParamsPanel />);
    await current();
    expect((screen.getByLabelText('Terms of group toString') as HTMLTextAreaElement).value).toBe('');
    // Each group's count of terms, in the singular for one.
    expect(screen.getByText(/^female \(/).textContent).toBe('female (1 term)');
    expect(screen.getByText(/^toString \(/).textContent).toBe('toString (0 terms)');
    fireEvent.input(screen.getByLabelText('Terms of group male'), { target: { value: 'he, him' } });
    expect(screen.getByText(/^male \(/).textContent).toBe('male (2 terms)');
  });
});
