// The page's toast: one message and at most one action, dismissed by the user or after a while.
import { useEffect } from 'preact/hooks';

import { dismissToast, toast } from '../../state/toast';
import styles from './style.module.css';

/** Long enough to read the message and reach its button with the keyboard. */
const TOAST_MS = 12000;

export function Toast() {
  const current = toast.value;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      if (toast.peek() === current) dismissToast();
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div class={styles.region} role="status" aria-live="polite">
      {current && (
        <div class={styles.toast}>
          <span>{current.message}</span>
          {current.action && (
            <button
              type="button"
              class={styles.action}
              onClick={() => {
                current.action!.run();
              }}
            >
              {current.action.label}
            </button>
          )}
          <button type="button" class={styles.close} aria-label="Dismiss" onClick={dismissToast}>
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
