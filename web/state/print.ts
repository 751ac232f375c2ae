// Whether the page is being printed: long lists then render every item (a virtualised list only
// has the items on screen). Chromium's print dialog fires beforeprint; emulated print media (and
// some browsers' print preview) only change the media query, so both are followed.
import { signal } from '@preact/signals';

export const printing = signal(false);

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const query = window.matchMedia('print');
  printing.value = query.matches;
  query.addEventListener?.('change', (e) => (printing.value = e.matches));
  window.addEventListener('beforeprint', () => (printing.value = true));
  window.addEventListener('afterprint', () => (printing.value = query.matches));
}
