// One short message at a time at the foot of the page, with at most one action ("Restore ranking
// B"): for edits that remove something the user may want back in one click.
import { signal } from '@preact/signals';

export interface Toast {
  message: string;
  action?: { label: string; run: () => void };
  /** Where the focus was when the toast came (the control whose edit it speaks of): it goes back there. */
  from?: HTMLElement | null;
}

export const toast = signal<Toast | null>(null);

export function showToast(next: Toast): void {
  const at = typeof document === 'undefined' ? null : document.activeElement;
  toast.value = { from: at instanceof HTMLElement ? at : null, ...next };
}

export function dismissToast(): void {
  toast.value = null;
}
