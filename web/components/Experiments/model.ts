// What the experiments view shows, as plain data: the two figures of the DIPS paper's §6.1, the
// series of each chart, the CSV, and a summary of a run in numbers. No canvas here, so the
// component tests read it directly.
import type { ExperimentPoint } from '../../../wasm/types';
import { toCsv } from '../../state/import';

export type Figure = 'a' | 'b';

export interface FigureInfo {
  title: string;
  /** The x axis: "k" or "p_A". */
  x: string;
  xLabel: string;
  /** The x axis's range, fixed so the curves grow from the left as points arrive. */
  domain: [number, number];
  setup: string;
  /** What the paper reports. */
  paper: string;
  /** What to look at in the charts. */
  notice: string;
}

export const FIGURES: Record<Figure, FigureInfo> = {
  a: {
    title: 'Figure 1a: systematic group advantage',
    x: 'k',
    xLabel: 'k: the 20 most relevant B items promoted to ranks k … k+19',
    domain: [0, 99],
    setup:
      '1,000 items, 500 per group; relevance of A from U(0.5, 1), of B from U(0.2, 0.7); the ideal ranking (relevance descending) with the 20 most relevant items of B moved to ranks k … k+19, every other item keeping its relative order; browsing model F(k) = 0.9^k (§6.1.1).',
    paper:
      'The paper reports: DIPS is very sensitive to the promotion rank and decays exponentially with k, with M_AB > 0.5 at k = 0, while REE stays nearly flat and far below 0.1; M_BA = 0 throughout, since nothing is promoted in favour of A. The δ_A of EE, EA and EA-dp decay like DIPS and differ only by a constant (their targets do not depend on k); ‖δ‖₁ = 2 |δ_A|.',
    notice:
      'Notice how DIPS, weighting each unfair swap by how visible the promoted item is, falls by an order of magnitude within 20 ranks, while REE counts the same swaps wherever they happen; and that the exposure measures share the decay of the browsing model.',
  },
  b: {
    title: 'Figure 1b: relevance ties',
    x: 'p_A',
    xLabel: 'p_A: probability that a tie is broken in favour of A',
    domain: [0, 1],
    setup:
      'The same data with relevance rounded to 0 or 1 (all of A is 1, about 40% of B is 1); the ranking places relevant items first and, when both groups still have one, takes it from A with probability p_A (§6.1.2). DIPS and REE read the rounded relevance with c_t = 0 (tie-indifferent) and c_t = 1 (tie-aware).',
    paper:
      'The paper reports: with c_t = 0 both DIPS and REE are flat at zero, the ranking being meritocratic (no proper unfair swap); with c_t = 1 both span a wide range, capturing the dissatisfaction of the group that loses the ties. EE and EA are practically indistinguishable here and have the same profile as tie-aware DIPS.',
    notice:
      'Notice that tie-aware DIPS goes from about 1 (every tie lost by A, at the top) to about −0.4 (every tie lost by the 40% of B that is relevant), while tie-aware REE is symmetric (±0.4): DIPS weights the visible ties; and that the EE and EA lines lie on top of each other.',
  },
};

export interface Line {
  label: string;
  values: number[];
  color: string;
  dash: number[];
}

export interface ChartData {
  id: 'pairwise' | 'l1' | 'deltaA';
  title: string;
  yLabel: string;
  xs: number[];
  lines: Line[];
}

// Each a light and a dark form (3:1 or more on the page's surfaces), resolved where the chart is drawn.
const COLORS = {
  dips: 'light-dark(#5b3cc4, #b9a8ff)',
  ree: 'light-dark(#9a5b00, #e0a040)',
  ee: 'light-dark(#b0306f, #f07ab5)',
  ea: 'light-dark(#1d62a8, #6fa8ee)',
  eadp: 'light-dark(#217a3c, #5cc27a)',
};
const EXPOSURE = [
  { key: 'ee', label: 'EE', dash: [] as number[] },
  { key: 'ea', label: 'EA', dash: [6, 3] },
  { key: 'eadp', label: 'EA-dp', dash: [2, 2] },
] as const;

/** The paper's panels (2)-(4) for the points computed so far. */
export function charts(figure: Figure, points: ExperimentPoint[]): ChartData[] {
  const xs = points.map((p) => p.x);
  const cts = points[0]?.pairwise.map((p) => p.ct) ?? (figure === 'a' ? [0.5] : [0, 1]);
  const tieLabel = (ct: number) => (figure === 'a' ? '' : ` (c_t = ${ct})`);
  const pairwise: Line[] = [];
  for (const measure of ['dips', 'ree'] as const)
    cts.forEach((ct, i) =>
      pairwise.push({
        label: `${measure === 'dips' ? 'DIPS' : 'REE'}${tieLabel(ct)}`,
        values: points.map((p) => p.pairwise[i]![measure].value),
        color: COLORS[measure],
        dash: figure === 'b' && ct < 1 ? [6, 3] : [],
      }),
    );
  const exposure = (field: 'l1' | 'deltaA'): Line[] =>
    EXPOSURE.map(({ key, label, dash }) => ({ label, values: points.map((p) => p[key][field]), color: COLORS[key], dash: [...dash] }));
  return [
    { id: 'pairwise', title: 'REE and DIPS: M_AB − M_BA', yLabel: 'M_AB − M_BA', xs, lines: pairwise },
    { id: 'l1', title: 'EE, EA, EA-dp: ‖δ‖₁', yLabel: '‖δ‖₁', xs, lines: exposure('l1') },
    { id: 'deltaA', title: 'EE, EA, EA-dp: δ_A (positive: A under-exposed)', yLabel: 'δ_A', xs, lines: exposure('deltaA') },
  ];
}

/** Every series at full precision, one row per x. */
export function experimentCsv(figure: Figure, points: ExperimentPoint[]): string {
  const cts = points[0]?.pairwise.map((p) => p.ct) ?? [];
  const header: string[] = [FIGURES[figure].x];
  for (const ct of cts)
    for (const measure of ['dips', 'ree'])
      for (const field of ['value', 'mAB', 'mBA']) header.push(`${measure}_${field}${figure === 'b' ? `_ct${ct}` : ''}`);
  for (const { key } of EXPOSURE) header.push(`${key}_l1`, `${key}_deltaA`);
  const rows: unknown[][] = [header];
  for (const p of points) {
    const row: unknown[] = [p.x];
    for (const pair of p.pairwise) for (const m of [pair.dips, pair.ree]) row.push(m.value, m.mAB, m.mBA);
    for (const { key } of EXPOSURE) row.push(p[key].l1, p[key].deltaA);
    rows.push(row);
  }
  return toCsv(rows);
}

const fmt = (v: number | undefined) => (v === undefined ? '–' : Math.abs(v) < 1e-4 && v !== 0 ? v.toExponential(1) : v.toFixed(3));

/** A run in a few numbers, beside what the paper reports. */
export function summary(figure: Figure, points: ExperimentPoint[]): string {
  if (points.length === 0) return '';
  const at = (x: number) => points.find((p) => Math.abs(p.x - x) < 1e-9);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (figure === 'a') {
    const ree = points.map((p) => p.pairwise[0]!.ree.value);
    const mba = Math.max(...points.map((p) => Math.max(p.pairwise[0]!.dips.mBA, p.pairwise[0]!.ree.mBA)));
    const dipsAt = (k: number) => fmt(at(k)?.pairwise[0]!.dips.value);
    return (
      `This run: DIPS ${dipsAt(0)} at k = 0, ${dipsAt(20)} at k = 20, ${dipsAt(60)} at k = 60, ${fmt(last.pairwise[0]!.dips.value)} at k = ${last.x}; ` +
      `REE between ${fmt(Math.min(...ree))} and ${fmt(Math.max(...ree))}; largest M_BA ${fmt(mba)}; ` +
      `δ_A of EE from ${fmt(first.ee.deltaA)} to ${fmt(last.ee.deltaA)}.`
    );
  }
  const tieAware = first.pairwise.findIndex((p) => p.ct === 1);
  const indifferent = first.pairwise.findIndex((p) => p.ct === 0);
  const parts: string[] = [];
  if (tieAware >= 0)
    parts.push(
      `tie-aware DIPS from ${fmt(first.pairwise[tieAware]!.dips.value)} at p_A = ${first.x} to ${fmt(last.pairwise[tieAware]!.dips.value)} at p_A = ${last.x}, ` +
        `REE from ${fmt(first.pairwise[tieAware]!.ree.value)} to ${fmt(last.pairwise[tieAware]!.ree.value)}`,
    );
  if (indifferent >= 0) {
    const largest = Math.max(
      ...points.flatMap((p) => [Math.abs(p.pairwise[indifferent]!.dips.value), Math.abs(p.pairwise[indifferent]!.ree.value)]),
    );
    parts.push(`tie-indifferent DIPS and REE at most ${fmt(largest)} in absolute value`);
  }
  const gap = Math.max(...points.map((p) => Math.abs(p.ee.deltaA - p.ea.deltaA)));
  parts.push(`EE and EA at most ${fmt(gap)} apart`);
  return `This run: ${parts.join('; ')}.`;
}
