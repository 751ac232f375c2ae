// Where focus goes after a card's edit moved or removed it: the same control of the moved card, or
// of the card that took the place of one that left.
/**
 * Runs `focus` once the edit has rendered: in a microtask queued after Preact's render (which the
 * edit queued first), so focus is back before the next key press is handled (a node moved in
 * the DOM loses focus, and a second Enter pressed in a frame's gap went to the page); if the
 * element is not there yet (a virtualised list still placing cards), in the next frame.
 */
export function afterRender(focus: () => boolean): void {
  queueMicrotask(() => {
    if (!focus()) requestAnimationFrame(() => void focus());
  });
}

/**
 * The card at rank `j` of ranking `r`: the focused one when it is (a card moved keeping its focus),
 * which spares a search of the whole page by attribute (0.6 ms a move at 1,000 documents).
 */
function cardAt(r: number, j: number): HTMLElement | null {
  const id = `${r}:${j}`;
  const focused = document.activeElement?.closest<HTMLElement>('[data-card]');
  return focused?.dataset.card === id ? focused : document.querySelector<HTMLElement>(`[data-card="${id}"]`);
}

/**
 * After a move, focus the same control of the moved card, or, when that control is now disabled
 * (↑ at the top), its neighbour (↓), so focus never falls to the page. Where the list keeps a moved
 * card's focus (../RankingEditor/moves.ts) this finds it there. In a virtualised list the focused
 * card is always rendered, so it is there to be found.
 */
export function refocus(r: number, to: number, field: string | undefined, caret?: [number, number]) {
  afterRender(() => {
    const card = cardAt(r, to);
    if (!card) return false;
    const pick = (f: string | undefined) => (f ? card.querySelector<HTMLElement>(`[data-field="${f}"]:not(:disabled)`) : null);
    const element =
      pick(field) ??
      pick(field === 'up' ? 'down' : field === 'down' ? 'up' : undefined) ??
      card.querySelector<HTMLElement>('[data-field="text"]');
    element?.focus();
    if (caret && element instanceof HTMLTextAreaElement) element.setSelectionRange(caret[0], caret[1]);
    // Focus that stayed put does not scroll: bring a card moved past the window's edge into view.
    card.scrollIntoView({ block: 'nearest' });
    return true;
  });
}
