// The parameters panel's RaB/ARaB controls and the ARaB word list, against the real engine: what a
// user picks reaches the scenario, and the values follow.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { ParamsPanel } from '../../web/components/ParamsPanel';
import { ARAB_WORDS } from '../../web/state/wordlists';
import { renameGroup, removeGroup } from '../../web/state/actions';
import { evaluation } from '../../web/state/evaluation';
import { replaceScenario, scenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const doc = (id: string, text: string) => ({ id, text, label: 'neutral', relevance: 0 });
const start = (): PageScenario => ({
  groups: ['female', 'male', 'nonbinary'],
  lexicon: { female: ['she'], male: ['he'], nonbinary: ['they'] },
  rankings: [{ name: 'A', docs: [doc('d1', 'he and he'), doc('d2', 'she and her women')] }],
});

const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));
const rab = () => evaluation.value.results!.rankings[0]!.rab;

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => cleanup());

describe('ParamsPanel: RaB and ARaB', () => {
  test('groups f and m and the magnitude reach the scenario; the summary names them', async () => {
    replaceScenario(start(), { undoable: false });
    render(<ParamsPanel />);
    await current();
    // Default tf: c_f, c_m = (0, 2), (1, 0): RaB@2 = (ln 3 - ln 2) / 2.
    expect(rab().value).toBeCloseTo((Math.log(3) - Math.log(2)) / 2, 12);
    screen.getByText(/RaB tf, f = female, m = male/);
    fireEvent.change(screen.getByLabelText(/^magnitude/), { target: { value: 'tc' } });
    expect(scenario.value.params?.rabMagnitude).toBe('tc');
    await current();
    expect(rab().value).toBeCloseTo((2 - 1) / 2, 12);
    fireEvent.change(screen.getByLabelText('group f'), { target: { value: 'nonbinary' } });
    expect(scenario.value.params?.rabGroups).toEqual(['nonbinary', 'male']);
    await current();
    // f = nonbinary (no "they" anywhere): tc RaB = (2 + 0) / 2.
    expect(rab().value).toBeCloseTo(1, 12);
    expect(rab().groups).toEqual(['nonbinary', 'male']);
  });

  test('renaming a group renames it in rabGroups; removing it drops rabGroups', async () => {
    replaceScenario({ ...start(), params: { rabGroups: ['nonbinary', 'male'] } }, { undoable: false });
    renameGroup(2, 'nb');
    expect(scenario.value.params?.rabGroups).toEqual(['nb', 'male']);
    removeGroup(2);
    expect(scenario.value.params?.rabGroups).toBeUndefined();
    await current();
    expect(evaluation.value.error).toBeNull();
  });

  test('the ARaB word list becomes the lexicon of f and m', async () => {
    replaceScenario(start(), { undoable: false });
    render(<ParamsPanel />);
    await current();
    expect(ARAB_WORDS.female).toHaveLength(32);
    expect(ARAB_WORDS.male).toHaveLength(32);
    fireEvent.click(screen.getByRole('button', { name: /Use the ARaB word list \(32 \+ 32/ }));
    expect(scenario.value.lexicon?.female).toEqual(ARAB_WORDS.female);
    expect(scenario.value.lexicon?.nonbinary).toEqual([]);
    await current();
    // "she and her women": she, her, women are all on the list (c_f = 3); "he and he": c_m = 2.
    expect(rab().tc.parts).toEqual({ female: 3 / 2, male: 2 / 2 });
  });
});
