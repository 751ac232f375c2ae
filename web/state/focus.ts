// The keyboard's place. A control that hides, removes or disables itself when used (Back to the
// example, a toast's buttons, Presenting, a pager's last Next) drops the focus to the page, and a
// keyboard or screen reader user starts again from the top: the focus goes where the action led.

/** Whether the focus is lost: on the page itself, or on an element no longer there, shown or enabled. */
export function focusLost(): boolean {
  const at = document.activeElement as (HTMLElement & { disabled?: boolean }) | null;
  return (
    !at ||
    at === document.body ||
    !at.isConnected ||
    at.disabled === true ||
    !!at.closest('dialog:not([open])') ||
    at.checkVisibility?.() === false
  );
}

/** The control that stands for the folded menu's commands (☰ Menu), when shown. */
export function focusFallback(): HTMLElement | null {
  const fallback = document.querySelector<HTMLElement>('[data-focus-fallback]');
  return fallback?.checkVisibility?.() === false ? null : fallback;
}

/** How long to wait for a target still to be rendered (a lazily loaded part: a lesson, on a slow host). */
const WAIT_MS = 5000;

/**
 * Once the action's render is done (a microtask after Preact's, or a later frame while `target`
 * is not there yet), focuses `target` if the focus was lost; focus still on a control is left.
 */
export function keepPlace(target: () => HTMLElement | null | undefined): void {
  focusWhenThere(target, focusLost);
}

/**
 * Focuses `target` once the action's render has put it there (what was just added: a card's text
 * box), unless the focus has moved on from the control used in the meantime.
 */
export function focusAdded(target: () => HTMLElement | null | undefined): void {
  const from = document.activeElement;
  focusWhenThere(
    target,
    () => document.activeElement === from || focusLost(),
    (element) => element.scrollIntoView({ block: 'nearest' }),
  );
}

function focusWhenThere(target: () => HTMLElement | null | undefined, wanted: () => boolean, then?: (element: HTMLElement) => void) {
  const until = performance.now() + WAIT_MS;
  const attempt = () => {
    if (!wanted()) return;
    const element = target();
    if (element) {
      element.focus();
      then?.(element);
    } else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  queueMicrotask(attempt);
}

/**
 * From a metric's explainer to a parameter it reads: the Parameters panel opens and the
 * parameter's field takes the focus (scrolled into view). False where the page has no panel (an
 * embed of the metrics alone).
 */
export function editParam(key: string): boolean {
  const panel = document.querySelector<HTMLDetailsElement>('details[data-params]');
  const control = panel?.querySelector<HTMLElement>(`[data-param="${key}"] :is(input, select)`);
  if (!panel || !control) return false;
  panel.open = true;
  control.focus();
  control.scrollIntoView({ block: 'nearest' });
  return true;
}
