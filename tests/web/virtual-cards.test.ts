// The virtualised list keeps the focused and the dragged card rendered: the visible range plus
// those indexes, ascending, each once, and none past the list's end.
import { describe, expect, test } from 'vitest';

import { withPinned } from '../../web/components/RankingEditor/VirtualCards';

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
