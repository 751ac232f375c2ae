// Group colours: a strong colour for marks and lines, a light tint behind highlighted terms.
// Text stays dark on every tint (contrast ≥ 7:1), and lines differ in dash as well as hue. Both
// are CSS variables (web/global.css), so dark mode swaps them: light marks and dark tints behind
// light text. A canvas cannot read a variable: cssColor resolves one for a chart.
// `line` is the dash as a text decoration's style: where the system's colours replace the page's
// (forced colours), a term's underline tells its group by that alone.
import { signal } from '@preact/signals';

const PALETTE = [
  { strong: 'var(--group-strong-0, #b0306f)', tint: 'var(--group-tint-0, #fbdcec)', dash: [] as number[], line: 'solid' },
  { strong: 'var(--group-strong-1, #1d62a8)', tint: 'var(--group-tint-1, #d7e8fa)', dash: [6, 3], line: 'dashed' },
  { strong: 'var(--group-strong-2, #217a3c)', tint: 'var(--group-tint-2, #d6f2de)', dash: [2, 2], line: 'dotted' },
  { strong: 'var(--group-strong-3, #9a5b00)', tint: 'var(--group-tint-3, #fbe8c8)', dash: [8, 3, 2, 3], line: 'wavy' },
];
export const NEUTRAL = {
  strong: 'var(--group-strong-neutral, #5b6270)',
  tint: 'var(--group-tint-neutral, #eceef1)',
  dash: [] as number[],
  line: 'solid',
};

export function groupColor(index: number) {
  return index < 0 ? NEUTRAL : PALETTE[index % PALETTE.length]!;
}

/**
 * Changes when the colours a chart resolved may have: the system's light or dark, forced colours
 * switched on or off. A chart drawn before keeps its pixels, so it is drawn again.
 */
export const systemColors = signal(0);

export function watchSystemColors(): void {
  if (typeof matchMedia !== 'function') return;
  for (const query of ['(prefers-color-scheme: dark)', '(forced-colors: active)'])
    matchMedia(query).addEventListener('change', () => systemColors.value++);
}

let probe: HTMLElement | null = null;

/** `var(--name, fallback)`'s fallback; any other colour itself. */
const fallbackOf = (value: string) => /^var\([\w-]+,\s*(.+)\)$/.exec(value)?.[1] ?? value;

/**
 * A colour as the page's theme (light, dark, presenting) makes it, for what a chart draws on its
 * canvas: `var(…)` and `light-dark(…, …)` resolve only in an element's computed colour. Without
 * the page's styles (a document of the component tests), a variable's fallback. `series`: the colour
 * of a data series, which keeps its hue in forced colours.
 */
export function cssColor(value: string, { series = false }: { series?: boolean } = {}): string {
  if (typeof document === 'undefined') return fallbackOf(value);
  if (!probe) {
    probe = document.createElement('span');
    probe.hidden = true;
    document.body.append(probe);
  }
  // Forced colours make every computed colour a system one: a series' hue (a group's, a run's) is
  // what tells it apart on a canvas, which the browser leaves as drawn, so it keeps its own.
  probe.style.forcedColorAdjust = series ? 'none' : '';
  probe.style.color = value;
  const color = getComputedStyle(probe).color;
  return color && !color.includes('var(') ? color : fallbackOf(value);
}

/** The theme's value of the page's colour variable `name`. */
export const themeColor = (name: string, fallback: string) => cssColor(`var(${name}, ${fallback})`);
