// The Runs view's charts: a run's name in the scatter's legend (a canvas, which does not wrap).
import { expect, test } from 'vitest';

import { legendName } from '../../web/components/RunsCharts';

test('a short name is shown whole; a long one keeps its start and its end around an ellipsis, 32 characters in all', () => {
  expect(legendName('bm25')).toBe('bm25');
  const long = 'bm25-monot5-rerank-top100-msmarco-passage-dev-small-2023-final-run';
  const shown = legendName(long);
  expect([...shown]).toHaveLength(32);
  expect(shown).toBe('bm25-monot5-rera…-2023-final-run');
  expect(legendName('x'.repeat(32))).toBe('x'.repeat(32));
  // Characters, not UTF-16 units: an emoji is not cut in half.
  expect(legendName('🙂'.repeat(40))).toBe(`${'🙂'.repeat(16)}…${'🙂'.repeat(15)}`);
});
