// The page's toast: one message and at most one action, dismissed by the user or after a while,
// a while that waits as long as the pointer or the focus is on the toast.
import { useEffect, useRef, useState } from 'preact/hooks';

import { focusFallback, keepPlace } from '../../state/focus';
import { dismissToast, toast, type Toast as ToastData } from '../../state/toast';
import styles from './style.module.css';

/** Long enough to read the message (its action is also Undo's, which has no time limit). */
const TOAST_MS = 12000;

/** Back to where the focus was when the toast came, when that is still on the page; else ☰ Menu's. */
function returnFocus(shown: ToastData): void {
  keepPlace(() => (shown.from?.isConnected && shown.from.checkVisibility?.() !== false ? shown.from : focusFallback()));
}

export function Toast() {
  const current = toast.value;
  const [held, setHeld] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!current || held) return;
    const timer = setTimeout(() => {
      if (toast.peek() === current) dismissToast();
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [current, held]);
  // A new toast starts unheld (the one the pointer or focus was on has gone).
  useEffect(() => setHeld(box.current?.matches(':hover, :focus-within') ?? false), [current]);
  const hold = (on: boolean) => () => setHeld(on || !!box.current?.matches(':hover, :focus-within'));
  return (
    <div class={styles.region} role="status" aria-live="polite">
      {current && (
        <div
          class={styles.toast}
          ref={box}
          onMouseEnter={hold(true)}
          onMouseLeave={hold(false)}
          onFocusIn={hold(true)}
          onFocusOut={(e) => setHeld(box.current?.contains(e.relatedTarget as Node | null) ?? false)}
        >
          <span>{current.message}</span>
          {current.action && (
            <button
              type="button"
              class={styles.action}
              onClick={() => {
                current.action!.run();
                returnFocus(current);
              }}
            >
              {current.action.label}
            </button>
          )}
          <button
            type="button"
            class={styles.close}
            aria-label="Dismiss"
            onClick={() => {
              dismissToast();
              returnFocus(current);
            }}
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
