// The virtualised list keeps the focused and the dragged card rendered: the visible range plus
// those indexes, ascending, each once, and none past the list's end.
import { describe, expect, test } from 'vitest';

import { keysFor, withPinned } from '../../web/components/RankingEditor/VirtualCards';
import type { PageDocument } from '../../web/state/scenario';

describe('withPinned', () => {
  test('adds a pinned index outside the range in order, once', () => {
    expect(withPinned([10, 11, 12], [3], 100)).toEqual([3, 10, 11, 12]);
    expect(withPinned([10, 11, 12], [40, 3], 100)).toEqual([3, 10, 11, 12, 40]);
    expect(withPinned([10, 11, 12], [11], 100)).toEqual([10, 11, 12]);
  });
  test('ignores indexes that no longer exist', () => {
    expect(withPinned([0, 1], [5, -1], 3)).toEqual([0, 1]);
  });
});

describe('keysFor', () => {
  const doc = (id: string, text = id): PageDocument => ({ id, text, label: 'neutral', relevance: 0 });
  const docs = [doc('a'), doc('b'), doc('c')];

  test('keeps its key function while the ids stay in order, reading the new documents', () => {
    const keys = keysFor(null, docs);
    const edited = [doc('a', 'a typed'), docs[1]!, docs[2]!];
    const kept = keysFor(keys, edited);
    expect(kept.keyOf).toBe(keys.keyOf);
    expect(kept.docs).toBe(edited);
    expect([0, 1, 2].map(kept.keyOf)).toEqual(['a', 'b', 'c']);
  });

  test('a move, an insertion or a deletion gives a new key function in the new order', () => {
    const keys = keysFor(null, docs);
    const moved = keysFor(keys, [docs[1]!, docs[0]!, docs[2]!]);
    expect(moved.keyOf).not.toBe(keys.keyOf);
    expect([0, 1, 2].map(moved.keyOf)).toEqual(['b', 'a', 'c']);
    const added = keysFor(moved, [...moved.docs, doc('d')]);
    expect(added.keyOf).not.toBe(moved.keyOf);
    expect([0, 1, 2, 3].map(added.keyOf)).toEqual(['b', 'a', 'c', 'd']);
    const removed = keysFor(added, added.docs.slice(1));
    expect(removed.keyOf).not.toBe(added.keyOf);
    expect([0, 1, 2].map(removed.keyOf)).toEqual(['a', 'c', 'd']);
  });
});
