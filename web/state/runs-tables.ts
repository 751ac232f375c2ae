// What the Runs view derives from the results JSON: Holm's correction of the p values, the
// summary and per-query tables as rows (shown and exported as CSV alike).
import type { RunsComparison, RunsDifference, RunsResults } from './runs';

/**
 * Holm's step-down adjusted p values (Holm 1979), in the order given: sort ascending, multiply the
 * i-th smallest (from 0) by (m - i), keep the running maximum, cap at 1. A null stays null and
 * does not count in m. A comparison is significant after the correction when its adjusted p < α,
 * which controls the chance of any false positive among the m tests at α.
 */
export function holm(ps: (number | null)[]): (number | null)[] {
  const order = ps.map((p, i) => [p, i] as const).filter((e): e is readonly [number, number] => e[0] !== null);
  order.sort((a, b) => a[0] - b[0]);
  const m = order.length;
  const out: (number | null)[] = ps.map(() => null);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}

export interface ComparisonCell extends RunsComparison {
  /** Holm-adjusted p values over the non-baseline runs of this metric column (and kind of difference). */
  holmTTest: number | null;
  holmRandomization: number | null;
}

/** The key of a comparison: run, column and what it tested. */
export const comparisonKey = (run: string, column: string, difference: RunsDifference) => `${run}/${column}/${difference}`;

/** The comparisons keyed by comparisonKey, with Holm's adjusted p values per column and kind of difference. */
export function comparisonCells(results: RunsResults): Map<string, ComparisonCell> {
  const out = new Map<string, ComparisonCell>();
  for (const column of results.columns)
    for (const difference of ['signed', 'distance'] as const) {
      const group = results.data.comparisons.filter((c) => c.metric === column && c.difference === difference);
      const t = holm(group.map((c) => c.pTTest));
      const r = holm(group.map((c) => c.pRandomization));
      group.forEach((c, i) => out.set(comparisonKey(c.run, column, difference), { ...c, holmTTest: t[i]!, holmRandomization: r[i]! }));
    }
  return out;
}

/** What decides a column's comparisons: the distance from 0 for a metric fairer closer to 0, else the signed values. */
export function decisive(results: RunsResults, column: string): RunsDifference {
  return results.data.columns.find((c) => c.name === column)?.fairer === 'closer to 0' ? 'distance' : 'signed';
}

/**
 * The summary as CSV rows: one per run and column, the mean over its own n queries, its
 * intervals, and the comparison that decides which run is fairer (paired n and means).
 */
export function summaryRows(results: RunsResults): unknown[][] {
  const cells = comparisonCells(results);
  const bootstrap = results.data.bootstrap !== null;
  const rows: unknown[][] = [
    [
      'run',
      'metric',
      'mean',
      'ci95_low',
      'ci95_high',
      'ci95_past_range',
      ...(bootstrap ? ['ci95_bootstrap_low', 'ci95_bootstrap_high'] : []),
      'sd',
      'n',
      'undefined',
      'tested',
      'n_paired',
      'run_mean_paired',
      'baseline_mean_paired',
      'mean_diff',
      'p_ttest',
      'p_randomization',
      'p_ttest_holm',
      'p_randomization_holm',
      'fairer',
    ],
  ];
  for (const run of results.data.runs)
    for (const column of results.columns) {
      const s = run.summary[column]!;
      const c = cells.get(comparisonKey(run.name, column, decisive(results, column)));
      rows.push([
        run.name,
        column,
        s.mean,
        s.ci95?.[0] ?? null,
        s.ci95?.[1] ?? null,
        s.ci95PastRange,
        ...(bootstrap ? [s.ci95Bootstrap?.[0] ?? null, s.ci95Bootstrap?.[1] ?? null] : []),
        s.sd,
        s.n,
        s.undefined,
        c ? c.difference : null,
        c?.n ?? null,
        c?.runMean ?? null,
        c?.baselineMean ?? null,
        c?.meanDiff ?? null,
        c?.pTTest ?? null,
        c?.pRandomization ?? null,
        c?.holmTTest ?? null,
        c?.holmRandomization ?? null,
        c?.fairer ?? null,
      ]);
    }
  return rows;
}

/** The per-query table as CSV rows: query, its text, then each run's value per column. */
export function perQueryRows(results: RunsResults): unknown[][] {
  const header: unknown[] = ['query', 'text'];
  for (const run of results.data.runs) for (const column of results.columns) header.push(`${run.name}:${column}`);
  const rows: unknown[][] = [header];
  results.data.queries.forEach((q, i) => {
    const row: unknown[] = [q, results.queryTexts[i] ?? ''];
    for (const run of results.data.runs) for (const column of results.columns) row.push(run.perQuery[q]?.[column] ?? null);
    rows.push(row);
  });
  return rows;
}
