import { useEffect } from 'preact/hooks';

import { view } from '../../state/runs';
import { redo, scenario, undo } from '../../state/scenario';

const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

/** A field that keeps its own undo of what is typed in it; a select, checkbox or radio button has none. */
function textField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && TEXT_INPUTS.has((el as HTMLInputElement).type);
}

/**
 * Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) as the page's Undo and Redo: outside text fields (on a
 * label's select or a toggle just changed too), and in a text field when the last change was not
 * typed in it. In the playground only: the Runs view has nothing to undo, and a dialog's fields
 * are not the playground's.
 */
export function useUndoKeys(): void {
  useEffect(() => {
    // Ctrl+Z in a field is the field's own undo only while the last change of the example was
    // typed there. After anything else changed it (a card moved with Alt+↓, the toolbar's Undo,
    // a label chosen) the field's value was set anew, which empties the browser's undo of it: the
    // key did nothing, and the page's Undo is what the user means. Changes are counted, not
    // compared: an Undo brings back the very example the typing left.
    let changes = 0;
    const unsubscribe = scenario.subscribe(() => void changes++);
    // The field typed in last and the count its typing left (read after the field's own handler,
    // which edits the example at once).
    let typed: { field: EventTarget; at: number } | null = null;
    const onInput = (e: Event) => {
      if (textField(e.target) && e.target) typed = { field: e.target, at: changes };
    };
    const fieldOwnsUndo = (field: EventTarget | null) => typed !== null && typed.field === field && typed.at === changes;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || view.peek() === 'runs') return;
      if ((e.target as Element | null)?.closest?.('dialog')) return;
      if (textField(e.target) && fieldOwnsUndo(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('input', onInput);
    document.addEventListener('keydown', onKey);
    return () => {
      unsubscribe();
      document.removeEventListener('input', onInput);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
}
