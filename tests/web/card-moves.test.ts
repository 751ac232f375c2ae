// A list whose own children move with moveBefore (their focus kept) where the browser has it, and
// with insertBefore otherwise; new nodes are inserted as always.
import { describe, expect, test, vi } from 'vitest';

import { keepStateWhenMoved } from '../../web/components/RankingEditor/moves';

function list(ids: string[]): HTMLOListElement {
  const ol = document.createElement('ol');
  for (const id of ids) ol.append(Object.assign(document.createElement('li'), { id }));
  document.body.append(ol);
  return ol;
}
const order = (ol: HTMLElement) => [...ol.children].map((li) => li.id);

/** A stand-in for the browser's moveBefore: the same reordering, counted. */
function withMoveBefore(
  ol: HTMLOListElement,
  move = (node: Node, child: Node | null) => void Node.prototype.insertBefore.call(ol, node, child),
) {
  const moveBefore = vi.fn(move);
  Object.defineProperty(ol, 'moveBefore', { value: moveBefore, configurable: true });
  return moveBefore;
}

describe('keepStateWhenMoved', () => {
  test('leaves the list as it is where the browser has no moveBefore', () => {
    const ol = list(['a', 'b']);
    if ('moveBefore' in ol) Object.defineProperty(ol, 'moveBefore', { value: undefined });
    keepStateWhenMoved(ol);
    expect(Object.hasOwn(ol, 'insertBefore')).toBe(false);
    keepStateWhenMoved(null);
  });

  test('moves its own children with moveBefore, in the order insertBefore would give', () => {
    const ol = list(['a', 'b', 'c']);
    const moveBefore = withMoveBefore(ol);
    keepStateWhenMoved(ol);
    const [a, , c] = [...ol.children];
    expect(ol.insertBefore(c!, a!)).toBe(c);
    expect(order(ol)).toEqual(['c', 'a', 'b']);
    ol.insertBefore(c!, null);
    expect(order(ol)).toEqual(['a', 'b', 'c']);
    expect(moveBefore).toHaveBeenCalledTimes(2);
  });

  test('inserts new nodes and other lists’ children with insertBefore', () => {
    const ol = list(['a']);
    const other = list(['x']);
    const moveBefore = withMoveBefore(ol);
    keepStateWhenMoved(ol);
    ol.insertBefore(Object.assign(document.createElement('li'), { id: 'new' }), ol.firstChild);
    ol.insertBefore(other.firstChild!, null);
    expect(order(ol)).toEqual(['new', 'a', 'x']);
    expect(order(other)).toEqual([]);
    expect(moveBefore).not.toHaveBeenCalled();
  });

  test('falls back to insertBefore when the browser refuses the move', () => {
    const ol = list(['a', 'b']);
    withMoveBefore(ol, () => {
      throw new DOMException('not movable', 'HierarchyRequestError');
    });
    keepStateWhenMoved(ol);
    ol.insertBefore(ol.lastChild!, ol.firstChild);
    expect(order(ol)).toEqual(['b', 'a']);
  });

  test('wraps a list once, however often it is called', () => {
    const ol = list(['a', 'b']);
    const moveBefore = withMoveBefore(ol);
    keepStateWhenMoved(ol);
    const wrapped = ol.insertBefore;
    keepStateWhenMoved(ol);
    expect(ol.insertBefore).toBe(wrapped);
    ol.insertBefore(ol.lastChild!, ol.firstChild);
    expect(moveBefore).toHaveBeenCalledTimes(1);
  });
});
