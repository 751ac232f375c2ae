// Chart.js's own colours (axis text, grid lines) in the page's theme, for every chart drawn after:
// a canvas cannot read the page's variables. Imported by the lazy chart parts only, with Chart.js.
import { Chart } from 'chart.js';

import { themeColor } from './colors';

export function themeChartDefaults(): void {
  Chart.defaults.color = themeColor('--muted', '#5b6270');
  Chart.defaults.borderColor = themeColor('--border', '#d4d8de');
}
