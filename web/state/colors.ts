// Group colours: a strong colour for marks and lines, a light tint behind highlighted terms.
// Text stays dark on every tint (contrast ≥ 7:1), and lines differ in dash as well as hue.
const PALETTE = [
  { strong: '#b0306f', tint: '#fbdcec', dash: [] as number[] },
  { strong: '#1d62a8', tint: '#d7e8fa', dash: [6, 3] },
  { strong: '#217a3c', tint: '#d6f2de', dash: [2, 2] },
  { strong: '#9a5b00', tint: '#fbe8c8', dash: [8, 3, 2, 3] },
];
export const NEUTRAL = { strong: '#5b6270', tint: '#eceef1', dash: [] as number[] };

export function groupColor(index: number) {
  return index < 0 ? NEUTRAL : PALETTE[index % PALETTE.length]!;
}
