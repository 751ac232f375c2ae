// What the Runs view derives from the results JSON: Holm's correction of the p values, the
// summary and per-query tables as rows (shown and exported as CSV alike).
import type { RunsComparison, RunsResults } from './runs';

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
  /** Holm-adjusted p values over the non-baseline runs of this metric column. */
  holmTTest: number | null;
  holmRandomization: number | null;
}

/** The comparisons keyed "run/column", with Holm's adjusted p values per column. */
export function comparisonCells(results: RunsResults): Map<string, ComparisonCell> {
  const out = new Map<string, ComparisonCell>();
  for (const column of results.columns) {
    const group = results.data.comparisons.filter((c) => c.metric === column);
    const t = holm(group.map((c) => c.pTTest));
    const r = holm(group.map((c) => c.pRandomization));
    group.forEach((c, i) => out.set(`${c.run}/${column}`, { ...c, holmTTest: t[i]!, holmRandomization: r[i]! }));
  }
  return out;
}

/** The summary as CSV rows: one per run and column, the mean, its CI, and the comparison. */
export function summaryRows(results: RunsResults): unknown[][] {
  const cells = comparisonCells(results);
  const rows: unknown[][] = [
    [
      'run',
      'metric',
      'mean',
      'ci95_low',
      'ci95_high',
      'sd',
      'n',
      'undefined',
      'mean_diff',
      'p_ttest',
      'p_randomization',
      'p_ttest_holm',
      'p_randomization_holm',
    ],
  ];
  for (const run of results.data.runs)
    for (const column of results.columns) {
      const s = run.summary[column]!;
      const c = cells.get(`${run.name}/${column}`);
      rows.push([
        run.name,
        column,
        s.mean,
        s.ci95?.[0] ?? null,
        s.ci95?.[1] ?? null,
        s.sd,
        s.n,
        s.undefined,
        c?.meanDiff ?? null,
        c?.pTTest ?? null,
        c?.pRandomization ?? null,
        c?.holmTTest ?? null,
        c?.holmRandomization ?? null,
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
