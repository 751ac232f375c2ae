// What the Runs view derives from the results JSON: the summary and per-query tables as rows
// (shown and exported as CSV alike).
import type { RunsComparison, RunsDifference, RunsResults } from './runs';

/** The key of a comparison: run, column and what it tested. */
export const comparisonKey = (run: string, column: string, difference: RunsDifference) => `${run}/${column}/${difference}`;

/** The comparisons keyed by comparisonKey. */
export function comparisonCells(results: RunsResults): Map<string, RunsComparison> {
  return new Map(results.data.comparisons.map((c) => [comparisonKey(c.run, c.metric, c.difference), c]));
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
        c?.pTTestHolm ?? null,
        c?.pRandomizationHolm ?? null,
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
