// The summary of a run evaluation, in two tables that each scroll inside their own box (metric
// names sticky), so the page itself never scrolls sideways however many runs there are:
// - Summary: rows are metrics at cut-offs, one column per run; each cell is the mean over the
//   queries where the metric is defined (its n shown when fewer than all), its 95% interval (!
//   when it reaches past the metric's range), and ▲/▼ when the run is fairer/less fair than the
//   baseline by the metric's direction.
// - Comparisons: one row per run and metric against the baseline, paired over the queries where
//   both are defined (n), with the paired means whose difference is shown. For a metric fairer
//   closer to 0 the distance from 0 is tested (it decides), the signed difference follows it.
// Every number carries data-run/-metric/-stat/-value (full precision; comparisons also
// data-difference) for tests and course pages.
import type { RunsColumn, RunsComparison, RunsResults, RunsSummary as Summary } from '../../state/runs';
import { count } from '../../state/count';
import { comparisonCells, comparisonKey, decisive } from '../../state/runs-tables';
import styles from './style.module.css';

const fmt = (v: number | null | undefined, digits = 4) => (v === null || v === undefined ? '–' : v.toFixed(digits));
const fmtSigned = (v: number | null | undefined) => (v === null || v === undefined ? '–' : (v > 0 ? '+' : '') + v.toFixed(4));
// p = 0: every paired difference equal and not 0 (the t statistic is infinite), as the CLI says it.
const fmtP = (p: number | null) => (p === null ? '–' : p === 0 ? '0' : p < 0.0001 ? p.toExponential(1) : p.toFixed(4));

function Stat(props: { run: string; metric: string; stat: string; value: number | null | undefined; text: string; difference?: string }) {
  const { run, metric, stat, value, text, difference } = props;
  return (
    <span
      data-run={run}
      data-metric={metric}
      data-stat={stat}
      data-difference={difference}
      data-value={value === null || value === undefined ? '' : String(value)}
    >
      {text}
    </span>
  );
}

/** "higher is fairer", "closer to 0 is fairer", "higher is better" (nDCG). */
export function directionText(column: RunsColumn | undefined): string {
  if (!column) return '';
  return `${column.fairer} is ${column.utility ? 'better' : 'fairer'}`;
}

const rangeText = (column: RunsColumn | undefined) => (column ? `[${column.range[0] ?? '−∞'}, ${column.range[1] ?? '∞'}]` : 'its range');

function Interval({ low, high, past, run, metric, prefix, column, difference }: IntervalProps) {
  if (low === undefined || low === null)
    return (
      <span class={styles.ci}>
        <Stat run={run} metric={metric} stat={`${prefix}-low`} value={null} text="–" difference={difference} />
        <Stat run={run} metric={metric} stat={`${prefix}-high`} value={null} text="" difference={difference} />
      </span>
    );
  return (
    <span class={styles.ci} title={past ? `This interval reaches past the range the values can take, ${rangeText(column)}` : undefined}>
      [<Stat run={run} metric={metric} stat={`${prefix}-low`} value={low} text={fmt(low)} difference={difference} />,{' '}
      <Stat run={run} metric={metric} stat={`${prefix}-high`} value={high} text={fmt(high)} difference={difference} />]
      {past && (
        <span class={styles.past} data-past-range>
          !
        </span>
      )}
    </span>
  );
}
interface IntervalProps {
  low: number | null | undefined;
  high: number | null | undefined;
  past: boolean;
  run: string;
  metric: string;
  prefix: string;
  column: RunsColumn | undefined;
  difference?: string;
}

/** The t interval (! past the range) and, when asked, the bootstrap interval of a summary or a comparison. */
function Intervals(props: {
  of: { ci95: [number, number] | null; ci95PastRange: boolean; ci95Bootstrap?: [number, number] | null };
  run: string;
  metric: string;
  column: RunsColumn | undefined;
  difference?: string;
}) {
  const { of, ...where } = props;
  return (
    <>
      <Interval low={of.ci95?.[0]} high={of.ci95?.[1]} past={of.ci95PastRange} prefix="ci" {...where} />
      {of.ci95Bootstrap !== undefined && (
        <span class={styles.boot}>
          {' '}
          boot <Interval low={of.ci95Bootstrap?.[0]} high={of.ci95Bootstrap?.[1]} past={false} prefix="boot" {...where} />
        </span>
      )}
    </>
  );
}

function verdictMark(c: RunsComparison | undefined, run: string, column: RunsColumn | undefined) {
  // "no difference" and "not tested" name neither run.
  if (!c || (c.fairer !== c.run && c.fairer !== c.baseline)) return null;
  const better = column?.utility ? 'better' : 'fairer';
  const fairer = c.fairer === run;
  return (
    <span
      class={styles.mark}
      data-verdict={fairer ? 'fairer' : 'less-fair'}
      title={`${fairer ? better : `less ${better.replace('better', 'good')}`} than the baseline`}
    >
      {fairer ? '▲' : '▼'}
    </span>
  );
}

function SummaryCell({
  results,
  run,
  column,
  summary,
  cell,
}: {
  results: RunsResults;
  run: string;
  column: string;
  summary: Summary;
  cell?: RunsComparison;
}) {
  const info = results.data.columns.find((c) => c.name === column);
  const all = results.data.queries.length;
  return (
    <td class={styles.num}>
      <Stat run={run} metric={column} stat="mean" value={summary.mean} text={fmt(summary.mean)} />
      {verdictMark(cell, run, info)} <Intervals of={summary} run={run} metric={column} column={info} />
      {summary.n !== all && (
        <span class={styles.n} title={`the mean is over the ${count(summary.n, 'query', 'queries')} where ${column} is defined`}>
          {' '}
          n=
          <Stat run={run} metric={column} stat="n" value={summary.n} text={String(summary.n)} />
        </span>
      )}
    </td>
  );
}

function ComparisonRow({ results, cell, several }: { results: RunsResults; cell: RunsComparison; several: boolean }) {
  const column = cell.metric;
  const info = results.data.columns.find((c) => c.name === column);
  const run = cell.run;
  const difference = cell.difference;
  const byDistance = difference === 'signed' && info?.fairer === 'closer to 0';
  const stat = (name: string, value: number | null | undefined, text: string) => (
    <Stat run={run} metric={column} stat={name} value={value} text={text} difference={difference} />
  );
  const mark = (p: number | null, adjusted: number | null) =>
    (p !== null && p < 0.05 ? '*' : '') + (several && adjusted !== null && adjusted < 0.05 ? '†' : '');
  return (
    <tr
      data-run={run}
      data-metric={column}
      data-difference={difference}
      data-fairer={cell.fairer}
      class={byDistance ? styles.secondary : undefined}
    >
      <th scope="row">{column}</th>
      <td>
        <span class={styles.runName}>{run}</span>
      </td>
      <td
        title={
          difference === 'distance'
            ? 'the distance from fair, |value|, per query: it decides which run is fairer'
            : 'run − baseline per query'
        }
      >
        {difference === 'distance' ? '|value|' : 'signed'}
      </td>
      <td data-stat="fairer">{byDistance ? <span class={styles.muted}>by |value|</span> : cell.fairer}</td>
      <td class={styles.num}>{stat('n', cell.n, String(cell.n))}</td>
      <td class={styles.num}>{stat('run-mean', cell.runMean, fmt(cell.runMean))}</td>
      <td class={styles.num}>{stat('baseline-mean', cell.baselineMean, fmt(cell.baselineMean))}</td>
      <td class={styles.num}>{stat('mean-diff', cell.meanDiff, fmtSigned(cell.meanDiff))}</td>
      <td class={styles.num}>
        <Intervals of={cell} run={run} metric={column} column={info} difference={difference} />
      </td>
      <td class={styles.num} title={several ? `Holm-adjusted p: ${fmtP(cell.pTTestHolm)}` : undefined}>
        {stat('p-ttest', cell.pTTest, fmtP(cell.pTTest))}
        <span class={styles.star}>{mark(cell.pTTest, cell.pTTestHolm)}</span>
      </td>
      <td class={styles.num} title={several ? `Holm-adjusted p: ${fmtP(cell.pRandomizationHolm)}` : undefined}>
        {stat('p-randomization', cell.pRandomization, fmtP(cell.pRandomization))}
        <span class={styles.star}>{mark(cell.pRandomization, cell.pRandomizationHolm)}</span>
      </td>
    </tr>
  );
}

export function RunsSummary({ results }: { results: RunsResults }) {
  const cells = comparisonCells(results);
  const others = results.data.runs.filter((r) => r.name !== results.baseline);
  const several = others.length > 1;
  const bootstrap = results.data.bootstrap;
  // The comparisons in the summary's order: per run, per column, the deciding test first.
  const rows: RunsComparison[] = [];
  for (const run of others)
    for (const column of results.columns) {
      const first = decisive(results, column);
      for (const difference of first === 'distance' ? (['distance', 'signed'] as const) : (['signed'] as const)) {
        const cell = cells.get(comparisonKey(run.name, column, difference));
        if (cell) rows.push(cell);
      }
    }
  return (
    <>
      <section class={styles.summary} aria-label="Summary">
        <h2 id="runs-summary-title">Summary</h2>
        <div class={styles.scroll} tabIndex={0} aria-label="Summary table (scrolls sideways)">
          <table aria-labelledby="runs-summary-title">
            <thead>
              <tr>
                <th scope="col" class={styles.sticky}>
                  Metric
                </th>
                {results.data.runs.map((run) => (
                  <th key={run.name} scope="col">
                    <span class={styles.runName}>
                      {run.name}
                      {others.length > 0 && run.name === results.baseline ? ' (baseline)' : ''}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {results.columns.map((column) => (
                <tr key={column}>
                  <th scope="row" class={styles.sticky}>
                    {column}
                    <span class={styles.direction}>{directionText(results.data.columns.find((c) => c.name === column))}</span>
                  </th>
                  {results.data.runs.map((run) => (
                    <SummaryCell
                      key={run.name}
                      results={results}
                      run={run.name}
                      column={column}
                      summary={run.summary[column]!}
                      cell={cells.get(comparisonKey(run.name, column, decisive(results, column)))}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p class={styles.note}>
          Means over the queries where a metric is defined ({count(results.data.queries.length, 'query', 'queries')}; n= where fewer), with
          the 95% Student-t interval
          {bootstrap
            ? ` and the bootstrap percentile interval (${bootstrap.samples.toLocaleString('en')} resamples, seed ${bootstrap.seed})`
            : ''}
          ; ! marks an interval that reaches past the metric’s range (a t interval assumes a normally distributed mean, which few queries
          may not give).
          {others.length > 0 &&
            ` ▲/▼: fairer/less fair than the baseline “${results.baseline}” by the metric’s direction (for nDCG: better/worse), when the paired randomization test gives p < 0.05.`}
        </p>
      </section>
      {rows.length > 0 && (
        <section class={styles.summary} aria-label="Comparisons">
          <h2 id="runs-comparisons-title">Compared with “{results.baseline}”</h2>
          <div class={styles.scroll} tabIndex={0} aria-label="Comparisons table (scrolls sideways)">
            <table aria-labelledby="runs-comparisons-title">
              <thead>
                <tr>
                  <th scope="col" class={styles.sticky}>
                    Metric
                  </th>
                  <th scope="col">Run</th>
                  <th scope="col">Tested</th>
                  <th scope="col">Fairer</th>
                  <th scope="col">n</th>
                  <th scope="col">Run mean</th>
                  <th scope="col">Baseline mean</th>
                  <th scope="col">Difference</th>
                  <th scope="col">95% CI</th>
                  <th scope="col">p t-test</th>
                  <th scope="col">p rand.</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((cell) => (
                  <ComparisonRow key={`${cell.run}/${cell.metric}/${cell.difference}`} results={results} cell={cell} several={several} />
                ))}
              </tbody>
            </table>
          </div>
          <p class={styles.note}>
            Paired over the n queries where both runs are defined; Difference = Run mean − Baseline mean over those queries. For a metric
            fairer closer to 0 (DIPS, REE, IGI, RaB, ARaB…) the distance from fair, |value|, is tested and decides; the signed row after it
            says which way the runs lean (−0.3 and +0.3 are equally far from fair). p: two-sided paired t-test and paired randomization
            (sign-flip) test, R = 10,000; * p &lt; 0.05
            {several ? '; † still below 0.05 after Holm’s correction over the runs compared with the baseline (hover a p value)' : ''}.
            Fairer: the run the randomization test at 0.05 and the difference’s sign favour, or “no difference”; “not tested” below 6 paired
            queries, where the randomization test’s p cannot go below 0.05 (it is at least 2/2ⁿ over n queries: 0.0625 over 5).
          </p>
        </section>
      )}
    </>
  );
}
