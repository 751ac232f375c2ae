// The frame every dialog of the page shares: a native modal <dialog> (focus kept inside, Escape
// or a click on the backdrop closes it), one stylesheet, a hook for each opening, and the actions
// row with Close.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

import { focusFallback, focusLost } from '../../state/focus';
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

/**
 * A closed modal dialog gives the focus back to the control that opened it; a command of the
 * folded menu is hidden by then (the popover closed), and the focus fell to the page. It goes to
 * the control that stands for such commands instead (`data-focus-fallback`: the ☰ Menu button).
 * A dialog opened while the menu was still open (Gallery, Share) has nothing to give it back to:
 * the focus stays in the closed dialog until the browser drops it to the page, so focus there
 * counts as lost too.
 */
function keepFocus(): void {
  // After the browser has given the focus back (it does so after the close event).
  setTimeout(() => {
    if (focusLost()) focusFallback()?.focus();
  });
}

/** Whether a pointer event is on the backdrop: on the dialog element itself, outside its box. */
function onBackdrop(event: MouseEvent, dialog: HTMLDialogElement): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  const { clientX: x, clientY: y } = event;
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

export function DialogFrame({ dialog, labelledBy, width = 'normal', onOpen, onClose, children }: FrameProps) {
  const opened = useRef(onOpen);
  opened.current = onOpen;
  // A press that began inside (selecting a dialog's text, then releasing outside) is not a click on
  // the backdrop, though the browser sends its click to the dialog.
  const pressedOnBackdrop = useRef(false);
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
      onPointerDown={(event) => {
        pressedOnBackdrop.current = onBackdrop(event, event.currentTarget);
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && onBackdrop(event, event.currentTarget)) event.currentTarget.close();
        pressedOnBackdrop.current = false;
      }}
      onClose={() => {
        onClose?.();
        keepFocus();
      }}
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
      <button type="button" data-dialog-close onClick={() => dialog.current?.close()}>
        Close
      </button>
    </div>
  );
}
