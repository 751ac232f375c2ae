// Whether the page is being printed: long lists then render every item (a virtualised list only
// has the items on screen). Chromium's print dialog fires beforeprint; emulated print media (and
// some browsers' print preview) only change the media query, so both are followed.
import { effect, signal } from '@preact/signals';
import type { Chart } from 'chart.js';

export const printing = signal(false);

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const query = window.matchMedia('print');
  printing.value = query.matches;
  query.addEventListener?.('change', (e) => (printing.value = e.matches));
  window.addEventListener('beforeprint', () => (printing.value = true));
  window.addEventListener('afterprint', () => (printing.value = query.matches));
}

/** About a printer's 300 dpi, in canvas pixels per CSS pixel (96 dpi). */
const PRINT_RATIO = 3;

/**
 * Draws `chart` at print resolution while the page is printed, as Chart.js asks of its users (it
 * does not follow print media itself): at the screen's resolution a canvas prints as a blurred
 * bitmap. Returns the function that stops following.
 */
export function sharpWhilePrinting(chart: Chart): () => void {
  return effect(() => {
    const ratio = printing.value ? PRINT_RATIO : undefined;
    if (chart.options.devicePixelRatio === ratio) return;
    chart.options.devicePixelRatio = ratio;
    chart.resize();
  });
}
