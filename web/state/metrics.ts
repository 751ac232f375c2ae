// What the page knows about the metrics: their descriptors (from the core), how to read a value,
// and which of two rankings each metric calls fairer.
import { computed, signal } from '@preact/signals';

import type { MetricDescriptor, RankingResults, RankingView } from '../../wasm/types';

export const descriptors = signal<MetricDescriptor[]>([]);

/** The four metrics the playground is about; the rest are companions. */
export const PRIMARY = new Set(['nfairr', 'texfair', 'dips', 'cwex']);
/** Utility, not fairness: compared as "better", left out of fairness verdicts. */
export const UTILITY = new Set(['ndcg']);

/** What a document past the cut-off k is to the metrics, by their descriptors (`usesCutoff`). */
export const pastCutoffNote = computed(() => {
  const names = (cutoff: boolean) => descriptors.value.filter((d) => d.usesCutoff === cutoff).map((d) => d.name);
  return `Past the cut-off k: ${names(true).join(', ')} do not read this document; ${names(false).join(', ')} read the whole ranking.`;
});

export interface MetricValue {
  value: number | null;
  note?: string;
  /** In the page's results, only while the metric's row is open (see state/evaluation.ts). */
  perRank?: unknown[];
  atCutoff?: (number | null)[];
}

export function metricOf(ranking: RankingResults | RankingView, id: string): MetricValue {
  return (ranking as unknown as Record<string, MetricValue>)[id]!;
}

const EPSILON = 1e-12;

/** Which value is fairer under the metric's direction: -1 the first, 1 the second, 0 a tie. */
export function fairerOf(fairer: string, a: number, b: number): -1 | 0 | 1 {
  const score = (v: number) => (fairer === 'lower' ? -v : fairer === 'higher' ? v : -Math.abs(v));
  const d = score(a) - score(b);
  return Math.abs(d) <= EPSILON ? 0 : d > 0 ? -1 : 1;
}

/** Four decimals without trailing zeros; the full value is in data-value and the tooltip. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'undefined';
  const text = value
    .toFixed(4)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/**
 * Whether a value changed as shown: a change below the fourth decimal (0.00003 → 0.00002) is not
 * one, since "0, was 0" would mark a change no one can see (the tooltip has the full value).
 */
export function shownChange(before: number | null, after: number | null): boolean {
  return formatValue(before) !== formatValue(after);
}

export const DIRECTION_TEXT: Record<string, string> = {
  higher: '↑ higher is fairer',
  lower: '↓ lower is fairer',
  'closer to 0': '→0 closer to 0 is fairer',
};
