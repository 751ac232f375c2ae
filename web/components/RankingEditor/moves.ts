// Cards reordered without leaving the page. Preact reorders a keyed list with `insertBefore`,
// which takes the moved node out of the document first: a moved card that held the focus lost it
// (a blur, the page focused, then the card's control focused again). `moveBefore`, where the
// browser has it, moves a node keeping its state, focus and caret included.

/** Makes `list` move its own children with `moveBefore` where the browser has it. */
export function keepStateWhenMoved(list: HTMLElement | null): void {
  if (!list || typeof list.moveBefore !== 'function' || Object.hasOwn(list, 'insertBefore')) return;
  list.insertBefore = function <T extends Node>(this: HTMLElement, node: T, child: Node | null): T {
    if (node.parentNode === this)
      try {
        this.moveBefore(node, child);
        return node;
      } catch {
        // Not movable in place (the browser refused): inserted as before.
      }
    return Node.prototype.insertBefore.call(this, node, child) as T;
  };
}
