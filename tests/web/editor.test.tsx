// The ranking editor against the real engine: edits change the scenario as a user expects, group
// terms are highlighted from the core's spans, and a refusal is shown on the card it concerns.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { ScenarioError } from '../../wasm/errors';
import { RankingEditor } from '../../web/components/RankingEditor';
import type { TextInfo, ViewResults } from '../../wasm/types';
import { renameGroup } from '../../web/state/actions';
import { evaluation, keepTexts, refusal, textsArrivedIn } from '../../web/state/evaluation';
import { canUndo, replaceScenario, scenario, undo, type PageScenario } from '../../web/state/scenario';
import { carrySpans, swapTerms, type TermSpan } from '../../web/state/terms';
import { useNodeEngine } from './engine';

const start = (): PageScenario => ({
  rankings: [
    {
      name: 'A',
      docs: [
        { id: 'd1', text: 'He said his son won.', label: 'male', relevance: 2 },
        { id: 'd2', text: 'She agreed.', label: 'female', relevance: 1 },
        { id: 'd3', text: 'Rain fell.', label: 'neutral', relevance: 0 },
      ],
    },
  ],
});

const ids = () => scenario.value.rankings[0]!.docs.map((d) => d.id);
const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));

beforeAll(async () => {
  await useNodeEngine();
});

afterEach(() => cleanup());

describe('RankingEditor', () => {
  test('typing edits the text; the core’s group terms are highlighted and counted', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    expect(document.querySelectorAll('[data-card="0:0"] mark')).toHaveLength(3); // he, his, son
    screen.getByText('male ×3');
    fireEvent.input(screen.getByLabelText('Text of A, rank 3'), { target: { value: 'Rain fell on her.' } });
    expect(scenario.value.rankings[0]!.docs[2]!.text).toBe('Rain fell on her.');
    await current();
    await waitFor(() => expect(document.querySelectorAll('[data-card="0:2"] mark')).toHaveLength(1));
    expect(document.querySelector('[data-card="0:2"] mark')!.textContent).toBe('her');
  });

  test('between an edit and the core’s answer, the marks and counts the edit left in place stay as they were', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const card = document.querySelector('[data-card="0:0"]')!;
    const marks = [...card.querySelectorAll('mark')];
    const chip = screen.getByText('male ×3');
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => removed.push(...r.removedNodes)));
    observer.observe(card, { childList: true, subtree: true });
    // Typed before the first term: every mark moves with the text, none is taken away and drawn again.
    fireEvent.input(screen.getByLabelText('Text of A, rank 1'), { target: { value: 'So He said his son won.' } });
    // Rendered, the core not yet asked: the marks carried, and no swap on spans the core did not give.
    expect(evaluation.value.status).toBe('pending');
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['He', 'his', 'son']);
    const swap = screen.getByLabelText('Swap group terms of A, rank 1') as HTMLButtonElement;
    expect(swap.disabled).toBe(true);
    await current();
    await waitFor(() => expect(card.querySelector('mark')!.textContent).toBe('He'));
    observer.disconnect();
    expect(removed.filter((n) => n.nodeName === 'MARK' || n.contains?.(chip))).toEqual([]);
    expect([...card.querySelectorAll('mark')]).toEqual(marks);
    expect(marks.map((m) => m.textContent)).toEqual(['He', 'his', 'son']);
    expect(screen.getByText('male ×3')).toBe(chip);
    await waitFor(() => expect(swap.disabled).toBe(false));
  });

  test('the documents past the cut-off k say so, and follow k', async () => {
    replaceScenario({ ...start(), params: { k: 2 } }, { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const past = () => [...document.querySelectorAll('li')].map((li) => li.querySelector('[data-past-cutoff]') !== null);
    expect(past()).toEqual([false, false, true]);
    expect(document.querySelector('[data-past-cutoff]')!.textContent).toBe('past k = 2');
    // Its title names the metrics by their descriptors: those with a cut-off, then the others.
    const [skip, read] = document.querySelector('[data-past-cutoff]')!.getAttribute('title')!.split(' do not read this document; ');
    expect(skip).toContain('NFaiRR');
    expect(skip).not.toContain('DIPS');
    expect(read).toMatch(/^DIPS, REE, IGI, .* read the whole ranking\.$/);
    replaceScenario({ ...start(), params: { k: 1 } }, { undoable: false });
    await current();
    await waitFor(() => expect(past()).toEqual([false, true, true]));
    // The default k (10): every document is read.
    replaceScenario(start(), { undoable: false });
    await current();
    await waitFor(() => expect(past()).toEqual([false, false, false]));
  });

  test('while a group name is refused (another group’s), each card keeps its chips as last read, each group once', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const chips = () => [...document.querySelectorAll('li')].map((li) => li.querySelector('[data-terms]')!.textContent);
    const before = chips();
    expect(before[1]).toBe('female ×1');
    renameGroup(0, 'male');
    await waitFor(() => expect(evaluation.value.status).toBe('stale'));
    expect(chips()).toEqual(before);
  });

  test('move up and down by button and with Alt+arrow keys; delete; duplicate with a fresh id', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    fireEvent.click(screen.getByLabelText('Move A, rank 1 down'));
    expect(ids()).toEqual(['d2', 'd1', 'd3']);
    fireEvent.keyDown(screen.getByLabelText('Relevance of A, rank 3'), { key: 'ArrowUp', altKey: true });
    expect(ids()).toEqual(['d2', 'd3', 'd1']);
    expect((screen.getByLabelText('Move A, rank 1 up') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Duplicate A, rank 1'));
    expect(ids()).toHaveLength(4);
    expect(new Set(ids()).size).toBe(4);
    expect(scenario.value.rankings[0]!.docs[1]!.text).toBe('She agreed.');
    fireEvent.click(screen.getByLabelText('Delete A, rank 2'));
    expect(ids()).toEqual(['d2', 'd3', 'd1']);
    expect(canUndo.value).toBe(true);
    undo();
    expect(ids()).toHaveLength(4);
  });

  test('moving a document to the other ranking: an id already there gets a fresh one; the scenario before is untouched', async () => {
    const two: PageScenario = {
      rankings: [start().rankings[0]!, { name: 'B', docs: [{ id: 'd1', text: 'Sun shone.', label: 'neutral', relevance: 0 }] }],
    };
    replaceScenario(two, { undoable: false });
    const was = scenario.value;
    render(<RankingEditor r={0} />);
    fireEvent.click(screen.getByLabelText('Move A, rank 1 to ranking B'));
    const [a, b] = scenario.value.rankings;
    expect(a!.docs.map((d) => d.id)).toEqual(['d2', 'd3']);
    expect(b!.docs.map((d) => d.text)).toEqual(['Sun shone.', 'He said his son won.']);
    const fresh = b!.docs[1]!.id;
    expect(['d1', 'd2', 'd3']).not.toContain(fresh);
    // The same document objects, where nothing of them changed; the scenario before as it was.
    expect(a!.docs[0]).toBe(was.rankings[0]!.docs[1]);
    expect(was.rankings[0]!.docs.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
    expect(was.rankings[1]!.docs).toHaveLength(1);
    // Moving it back: no clash in A now, so it keeps its fresh id.
    cleanup();
    render(<RankingEditor r={1} />);
    fireEvent.click(screen.getByLabelText('Move B, rank 2 to ranking A'));
    expect(ids()).toEqual(['d2', 'd3', fresh]);
  });

  test('labels and relevance; an empty relevance is refused by the core on its card, and the results go stale', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    fireEvent.change(screen.getByLabelText('Label of A, rank 3'), { target: { value: 'female' } });
    expect(scenario.value.rankings[0]!.docs[2]!.label).toBe('female');
    fireEvent.input(screen.getByLabelText('Relevance of A, rank 2'), { target: { value: '' } });
    expect(scenario.value.rankings[0]!.docs[1]!.relevance).toBeNull();
    await waitFor(() => expect(evaluation.value.status).toBe('stale'));
    expect(evaluation.value.results).not.toBeNull();
    const alert = await screen.findByRole('alert');
    // In words, the JSON path as the detail.
    expect(alert.textContent).toBe(
      'A, document 2: relevance is empty or not a number; it must be a finite number (rankings[0].docs[1].relevance)',
    );
    expect(alert.closest('[data-card]')!.getAttribute('data-card')).toBe('0:1');
    fireEvent.input(screen.getByLabelText('Relevance of A, rank 2'), { target: { value: '3' } });
    await current();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('the counterfactual swap replaces every group term with a counterpart, keeping case', async () => {
    replaceScenario(start(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    fireEvent.click(screen.getByText('⇄ Swap all terms'));
    expect(scenario.value.rankings[0]!.docs.map((d) => d.text)).toEqual(['She said her daughter won.', 'He agreed.', 'Rain fell.']);
    screen.getByText('4 terms swapped');
  });

  test('a card’s swap says what it swapped and the names it kept, as the swap of all terms does', async () => {
    const s = start();
    s.rankings[0]!.docs[0]!.text = 'Mary said his son won.';
    replaceScenario(s, { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const swap = screen.getByLabelText('Swap group terms of A, rank 1') as HTMLButtonElement;
    await waitFor(() => expect(swap.disabled).toBe(false));
    fireEvent.click(swap);
    expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('Mary said her daughter won.');
    expect(screen.getByRole('status').textContent).toBe('A, rank 1: 2 terms swapped; kept (no counterpart): Mary');
  });
});

describe('swapTerms: "her" becomes "him" as an object, "his" as a possessive', () => {
  /** The swap of `text` with every "her", "she" and "hers" a female term, as the core would find them. */
  const swapped = (text: string) =>
    swapTerms(
      text,
      [...text.matchAll(/\b(her|she|hers)\b/gi)].map((m) => ({ start: m.index, end: m.index + m[0].length, group: 'female' })),
    ).text;

  test.each([
    ['He told her she won.', 'He told him he won.'],
    ['She gave her a book.', 'He gave him a book.'],
    ['They asked her, then left.', 'They asked him, then left.'],
    ['We saw her', 'We saw him'],
    ['It reminded her of home.', 'It reminded him of home.'],
    ['Her book and her new car.', 'His book and his new car.'],
    ['She lost HER own keys.', 'He lost HIS own keys.'],
    ['The prize is hers.', 'The prize is his.'],
  ])('%s → %s', (text, expected) => {
    expect(swapped(text)).toBe(expected);
  });
});

describe('carrySpans: the spans an edit left in place, moved with the text', () => {
  const before = 'He said his son won.'; // He [0, 2), his [8, 11), son [12, 15)
  const spans: TermSpan[] = [
    { start: 0, end: 2, group: 'male' },
    { start: 8, end: 11, group: 'male' },
    { start: 12, end: 15, group: 'male' },
  ];
  const words = (text: string, carried: TermSpan[]) => carried.map((s) => `${text.slice(s.start, s.end)}@${s.start}`);

  test('typed after the last term: every span as it was', () => {
    const after = before + ' Yes.';
    expect(carrySpans(before, spans, after)).toEqual(spans);
  });

  test('"really " inserted at 3: the first span stays, the others move by 7', () => {
    const after = 'He really said his son won.';
    expect(words(after, carrySpans(before, spans, after))).toEqual(['He@0', 'his@15', 'son@19']);
  });

  test('a term edited (his → hers, before[9, 10) replaced by "er") goes; the one after moves by 1', () => {
    const after = 'He said hers son won.';
    expect(words(after, carrySpans(before, spans, after))).toEqual(['He@0', 'son@13']);
  });

  test('a word made longer around a term keeps it until the core answers (this: "t" inserted at 8)', () => {
    const after = 'He said this son won.';
    expect(words(after, carrySpans(before, spans, after))).toEqual(['He@0', 'his@9', 'son@13']);
  });

  test('the text deleted: no span; the same text: the same spans', () => {
    expect(carrySpans(before, spans, '')).toEqual([]);
    expect(carrySpans(before, spans, before)).toEqual(spans);
  });
});

describe('a card renders again only when its document changed', () => {
  const many = (): PageScenario => ({
    rankings: [
      {
        name: 'A',
        docs: Array.from({ length: 40 }, (_, j) => ({
          id: `d${j + 1}`,
          text: j % 2 ? `She is doctor ${j}.` : `He plays ${j}.`,
          label: j % 3 ? 'female' : 'male',
          relevance: j % 3,
        })),
      },
    ],
  });

  /** The ranks (0-based) of the cards rendered while `during` runs, each once. */
  async function renderedCards(during: () => Promise<void>): Promise<number[]> {
    const seen = new Set<number>();
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      // The card's own function (inside DocCard's memo): it runs only when the memo lets it.
      if (typeof vnode.type === 'function' && vnode.type.name === 'Card') seen.add((vnode.props as unknown as { j: number }).j);
      previous?.(vnode);
    };
    try {
      await during();
    } finally {
      options.diffed = previous;
    }
    return [...seen].sort((a, b) => a - b);
  }

  test('typing into one card of 40 renders that card alone, through the new values and spans', async () => {
    replaceScenario(many(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const rendered = await renderedCards(async () => {
      fireEvent.input(screen.getByLabelText('Text of A, rank 6'), { target: { value: 'Her son and his mother.' } });
      await current();
      await waitFor(() => expect(document.querySelectorAll('[data-card="0:5"] mark')).toHaveLength(4));
    });
    expect(rendered).toEqual([5]);
  });

  test('Alt+↓ renders the two cards that swapped ranks alone', async () => {
    replaceScenario(many(), { undoable: false });
    render(<RankingEditor r={0} />);
    await current();
    const rendered = await renderedCards(async () => {
      fireEvent.keyDown(screen.getByLabelText('Relevance of A, rank 3'), { key: 'ArrowDown', altKey: true });
      expect(ids().slice(0, 4)).toEqual(['d1', 'd2', 'd4', 'd3']);
      await current();
    });
    expect(rendered).toEqual([2, 3]);
  });
});

describe('two rankings', () => {
  const two = (bText = 'Sun shone.'): PageScenario => ({
    rankings: [start().rankings[0]!, { name: 'B', docs: [{ id: 'b1', text: bText, label: 'neutral', relevance: 0 }] }],
  });

  test('an edit of ranking A renders nothing of ranking B, through its values and spans', async () => {
    replaceScenario(two(), { undoable: false });
    render(
      <>
        <RankingEditor r={0} />
        <RankingEditor r={1} />
      </>,
    );
    await current();
    const rendered: number[] = [];
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      if (typeof vnode.type === 'function' && vnode.type.name === 'RankingEditor')
        rendered.push((vnode.props as unknown as { r: number }).r);
      previous?.(vnode);
    };
    try {
      fireEvent.input(screen.getByLabelText('Text of A, rank 3'), { target: { value: 'Rain fell on her.' } });
      await current();
      await waitFor(() => expect(document.querySelectorAll('[data-card="0:2"] mark')).toHaveLength(1));
    } finally {
      options.diffed = previous;
    }
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.every((r) => r === 0)).toBe(true);
  });

  test('a new text both rankings hold comes once, for the first: each ranking holding it is told', () => {
    const shared = 'Her son smiled.';
    const s = two(shared);
    s.rankings[0]!.docs[2] = { ...s.rankings[0]!.docs[2]!, text: shared };
    const terms = { tokens: 3, magnitudes: [], matches: [] } as unknown as Omit<TextInfo, 'at'>;
    const view = (texts: TextInfo[][]) => ({ rankings: texts.map((t) => ({ texts: t })) }) as unknown as ViewResults;
    const counts = () => [textsArrivedIn(0).peek(), textsArrivedIn(1).peek()];
    const was = counts();
    keepTexts(s, view([[{ at: 2, ...terms }], []]));
    expect(counts()).toEqual([was[0]! + 1, was[1]! + 1]);
    keepTexts(s, view([[], []])); // a move, a relevance: no texts, no render
    expect(counts()).toEqual([was[0]! + 1, was[1]! + 1]);
    keepTexts(s, view([[{ at: 0, ...terms }], []])); // a text of A alone
    expect(counts()).toEqual([was[0]! + 2, was[1]! + 1]);
  });
});

describe('refusal', () => {
  test('reads the field and message of the engine’s ScenarioError (regression: the field was lost)', () => {
    expect(refusal(new ScenarioError('params.k', 'must be a whole number from 1 to 1000000, got 0'))).toEqual({
      field: 'params.k',
      message: 'must be a whole number from 1 to 1000000, got 0',
    });
    expect(refusal(new Error('worker crashed'))).toEqual({ field: '', message: 'worker crashed' });
  });
});
