// The page's counts: a noun in the singular for one, in the plural otherwise, thousands separated.
import { expect, test } from 'vitest';

import { count } from '../../web/state/count';

test('one term, zero and two terms, 1,765 queries', () => {
  expect(count(1, 'term')).toBe('1 term');
  expect(count(0, 'term')).toBe('0 terms');
  expect(count(2, 'document')).toBe('2 documents');
  expect(count(1, 'query', 'queries')).toBe('1 query');
  expect(count(1765, 'query', 'queries')).toBe('1,765 queries');
});
