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
  // The print dialog's beforeprint comes before the print media apply: `data-printing` gives the
  // page its print colours at once (web/global.css), so what is redrawn for print (a chart's
  // canvas, whose pixels the media cannot change) is drawn in them.
  window.addEventListener('beforeprint', () => {
    document.documentElement.dataset.printing = '';
    printing.value = true;
  });
  window.addEventListener('afterprint', () => {
    delete document.documentElement.dataset.printing;
    printing.value = query.matches;
  });
}

/** About a printer's 300 dpi, in canvas pixels per CSS pixel (96 dpi). */
const PRINT_RATIO = 3;

/**
 * Draws `chart` again when printing starts or ends, as Chart.js asks of its users (it does not
 * follow print media itself): at print resolution (at the screen's a canvas prints as a blurred
 * bitmap), and in the colours of now (`recolour`: a dark theme's light lines would print pale on
 * white paper). Returns the function that stops following.
 */
export function redrawnForPrint(chart: Chart, recolour: () => void): () => void {
  return effect(() => {
    const ratio = printing.value ? PRINT_RATIO : undefined;
    if (chart.options.devicePixelRatio === ratio) return;
    recolour();
    chart.options.devicePixelRatio = ratio;
    chart.resize();
    chart.update('none');
  });
}
