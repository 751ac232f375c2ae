// Group colours: a strong colour for marks and lines, a light tint behind highlighted terms.
// Text stays dark on every tint (contrast ≥ 7:1), and lines differ in dash as well as hue. Tints
// are CSS variables (web/global.css), so dark mode swaps them for dark ones behind light text.
// `line` is the dash as a text decoration's style: where the system's colours replace the page's
// (forced colours), a term's underline tells its group by that alone.
const PALETTE = [
  { strong: '#b0306f', tint: 'var(--group-tint-0, #fbdcec)', dash: [] as number[], line: 'solid' },
  { strong: '#1d62a8', tint: 'var(--group-tint-1, #d7e8fa)', dash: [6, 3], line: 'dashed' },
  { strong: '#217a3c', tint: 'var(--group-tint-2, #d6f2de)', dash: [2, 2], line: 'dotted' },
  { strong: '#9a5b00', tint: 'var(--group-tint-3, #fbe8c8)', dash: [8, 3, 2, 3], line: 'wavy' },
];
export const NEUTRAL = { strong: '#5b6270', tint: 'var(--group-tint-neutral, #eceef1)', dash: [] as number[], line: 'solid' };

export function groupColor(index: number) {
  return index < 0 ? NEUTRAL : PALETTE[index % PALETTE.length]!;
}

let probe: HTMLElement | null = null;

/**
 * A colour of the page's theme (light, dark, presenting), for what a chart draws on its canvas:
 * the variable holds `light-dark(…, …)`, which only an element's computed colour resolves.
 */
export function themeColor(name: string, fallback: string): string {
  if (!probe) {
    probe = document.createElement('span');
    probe.hidden = true;
    document.body.append(probe);
  }
  probe.style.color = `var(${name}, ${fallback})`;
  return getComputedStyle(probe).color || fallback;
}
