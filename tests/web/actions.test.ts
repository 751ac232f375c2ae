// The list edits (move, duplicate, delete, move to the other ranking) give a ranking a new list,
// frozen; every edit after them, on that list or its documents, still works and can be undone.
import { beforeEach, expect, test } from 'vitest';

import {
  addDoc,
  deleteDoc,
  duplicateDoc,
  moveDoc,
  moveDocToRanking,
  renameGroup,
  setBrowsing,
  setDocLabel,
  setDocRelevance,
  setDocText,
  setParam,
} from '../../web/state/actions';
import { canUndo, redo, replaceScenario, scenario, undo, type PageScenario } from '../../web/state/scenario';

const doc = (id: string, text: string) => ({ id, text, label: 'neutral', relevance: 1 });
const start = (): PageScenario => ({
  rankings: [
    { name: 'A', docs: [doc('a', 'one'), doc('b', 'two'), doc('c', 'three')] },
    { name: 'B', docs: [doc('x', 'four')] },
  ],
});
const ids = (r: number) => scenario.value.rankings[r]!.docs.map((d) => d.id).join(' ');

beforeEach(() => replaceScenario(start(), { undoable: false }));

test('a move gives the ranking a new list, and leaves the scenario before it as it was', () => {
  const before = scenario.value;
  moveDoc(0, 0, 2);
  expect(ids(0)).toBe('b c a');
  expect(before.rankings[0]!.docs.map((d) => d.id).join(' ')).toBe('a b c');
  expect(scenario.value.rankings[0]!.docs[0]).toBe(before.rankings[0]!.docs[1]); // the documents are shared
  expect(scenario.value.rankings[1]).toBe(before.rankings[1]); // and the other ranking
});

test('after a move, the moved list takes every other edit, each one undoable', () => {
  moveDoc(0, 0, 1);
  addDoc(0, { id: 'd', text: 'five' });
  setDocText(0, 0, 'two, edited');
  setDocLabel(0, 3, 'female');
  duplicateDoc(0, 1);
  deleteDoc(0, 2);
  moveDocToRanking(0, 0, 1);
  expect(ids(0)).toBe('a c d');
  expect(ids(1)).toBe('x b');
  expect(scenario.value.rankings[1]!.docs[1]!.text).toBe('two, edited');
  expect(scenario.value.rankings[0]!.docs[2]!.label).toBe('female');
  for (let i = 0; i < 7; i++) undo();
  expect(scenario.value.rankings[0]!.docs.map((d) => `${d.id}:${d.text}`).join(' ')).toBe('a:one b:two c:three');
  for (let i = 0; i < 7; i++) redo();
  expect(ids(0)).toBe('a c d');
  expect(ids(1)).toBe('x b');
});

test('a parameter set to the value it has is no change and no undo step: Undo undoes the edit before it', () => {
  setParam('k', 4);
  setBrowsing({ model: 'geometric', gamma: 0.5 });
  setDocRelevance(0, 0, 5);
  const before = scenario.value;
  // Another field than the last edit's, so nothing merges into its step.
  setParam('k', 4);
  setBrowsing({ model: 'geometric' });
  setBrowsing({ gamma: 0.5 });
  setParam('alpha', undefined);
  expect(scenario.value).toBe(before);
  undo();
  expect(scenario.value.rankings[0]!.docs[0]!.relevance).toBe(1);
  expect(scenario.value.params?.k).toBe(4);
  expect(canUndo.value).toBe(true);
});

test("a refused rename's memory of the group's name holds for its list of groups only: not after Undo and an import, again after Redo", () => {
  const labelled = (groups: string[] | undefined, a: string, b: string): PageScenario => ({
    ...(groups ? { groups } : {}),
    rankings: [{ name: 'A', docs: [doc('a', 'She won.'), doc('b', 'He won.')].map((d, i) => ({ ...d, label: i ? b : a })) }],
  });
  replaceScenario(labelled(undefined, 'female', 'male'), { undoable: false });
  renameGroup(0, 'male'); // another group's name: refused, the documents keep "female"
  expect(scenario.value.groups).toEqual(['male', 'male']);
  undo();
  replaceScenario(labelled(['women', 'men'], 'women', 'men'), { source: 'an imported scenario' });
  renameGroup(1, 'guys');
  // Only the name moves: no word list made from the built-in one for a "female" no group has.
  expect(scenario.value.groups).toEqual(['women', 'guys']);
  expect(scenario.value.lexicon).toBeUndefined();
  expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['women', 'guys']);

  // Redo gives the refused list back, and with it the memory: the name chosen next takes the documents.
  replaceScenario(labelled(undefined, 'female', 'male'), { undoable: false });
  renameGroup(0, 'male');
  undo();
  redo();
  renameGroup(0, 'females');
  expect(scenario.value.groups).toEqual(['females', 'male']);
  expect(scenario.value.rankings[0]!.docs.map((d) => d.label)).toEqual(['females', 'male']);
});

test('a field emptied and its value typed again, within one merged step, is no step: Undo undoes the edit before', () => {
  setParam('k', 4);
  setDocRelevance(0, 0, 5);
  const before = scenario.value;
  setParam('k', null); // Backspace: the field is empty (refused by the core)
  setParam('k', 4); // the same value typed again, merged into the step Backspace began
  expect(scenario.value).toBe(before);
  undo();
  expect(scenario.value.rankings[0]!.docs[0]!.relevance).toBe(1);
  expect(scenario.value.params?.k).toBe(4);
});
