// The frame every dialog of the page shares: a native modal <dialog> (focus kept inside, Escape
// closes, a backdrop), one stylesheet, a hook for each opening, and the actions row with Close.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

import styles from './style.module.css';

export { styles as dialogStyles };

/** Where a dialog's element is kept, so the toolbar can open it (see App's openableDialog). */
export interface DialogHandle {
  current: HTMLDialogElement | null;
}

interface FrameProps {
  dialog: DialogHandle;
  /** The id of the dialog's title element. */
  labelledBy: string;
  width?: 'normal' | 'wide' | 'widest' | 'full';
  /** Called each time the dialog opens (to load data, or compute a link for the current state). */
  onOpen?: () => void;
  onClose?: () => void;
  children: ComponentChildren;
}

export function DialogFrame({ dialog, labelledBy, width = 'normal', onOpen, onClose, children }: FrameProps) {
  const opened = useRef(onOpen);
  opened.current = onOpen;
  return (
    <dialog
      ref={(el) => {
        if (!el || dialog.current === el) return;
        new MutationObserver(() => {
          if (el.open) opened.current?.();
        }).observe(el, { attributes: true, attributeFilter: ['open'] });
        dialog.current = el; // may open it at once (a lazily loaded dialog asked for before it mounted)
        if (el.open) opened.current?.();
      }}
      class={`${styles.dialog} ${styles[width]}`}
      aria-labelledby={labelledBy}
      onClose={onClose}
    >
      <div class={styles.body}>{children}</div>
    </dialog>
  );
}

/** The row of buttons at the foot of a dialog: `children` first, then Close. */
export function DialogActions({ dialog, children }: { dialog: DialogHandle; children?: ComponentChildren }) {
  return (
    <div class={styles.buttons}>
      {children}
      <button type="button" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </div>
  );
}
