// The summary of a run evaluation: rows are metrics at cut-offs, columns are runs. Each cell is
// the mean with its 95% CI; beside each run but the baseline, the mean difference to it and the two
// p values (paired t-test, randomization test), marked * when below 0.05 and, with several runs,
// † when still below 0.05 after Holm's correction over the runs. Every number carries
// data-run/-metric/-stat/-value (full precision) for tests and course pages.
import type { RunsResults } from '../../state/runs';
import { comparisonCells } from '../../state/runs-tables';
import styles from './style.module.css';

const fmt = (v: number | null | undefined, digits = 4) => (v === null || v === undefined ? '–' : v.toFixed(digits));
const fmtP = (p: number | null) => (p === null ? '–' : p < 0.0001 ? p.toExponential(1) : p.toFixed(4));

function Stat({
  run,
  metric,
  stat,
  value,
  text,
}: {
  run: string;
  metric: string;
  stat: string;
  value: number | null | undefined;
  text: string;
}) {
  return (
    <span data-run={run} data-metric={metric} data-stat={stat} data-value={value === null || value === undefined ? '' : String(value)}>
      {text}
    </span>
  );
}

export function RunsSummary({ results }: { results: RunsResults }) {
  const cells = comparisonCells(results);
  const others = results.data.runs.filter((r) => r.name !== results.baseline);
  const several = others.length > 1;
  return (
    <section class={styles.summary} aria-label="Summary">
      <h2>Summary</h2>
      <div class={styles.scroll}>
        <table>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                Metric
              </th>
              {results.data.runs.map((run) => (
                <th key={run.name} scope="colgroup" colSpan={run.name === results.baseline ? 1 : 4}>
                  {run.name}
                  {run.name === results.baseline ? ' (baseline)' : ''}
                </th>
              ))}
            </tr>
            <tr>
              {results.data.runs.map((run) =>
                run.name === results.baseline ? (
                  <th key={run.name} scope="col">
                    mean [95% CI]
                  </th>
                ) : (
                  [
                    <th key={`${run.name}-m`} scope="col">
                      mean [95% CI]
                    </th>,
                    <th key={`${run.name}-d`} scope="col">
                      Δ mean
                    </th>,
                    <th key={`${run.name}-t`} scope="col">
                      p t-test
                    </th>,
                    <th key={`${run.name}-r`} scope="col">
                      p rand.
                    </th>,
                  ]
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {results.columns.map((column) => (
              <tr key={column}>
                <th scope="row">{column}</th>
                {results.data.runs.map((run) => {
                  const s = run.summary[column]!;
                  const mean = (
                    <td key={`${run.name}-m`} class={styles.num}>
                      <Stat run={run.name} metric={column} stat="mean" value={s.mean} text={fmt(s.mean)} />{' '}
                      <span class={styles.ci}>
                        [<Stat run={run.name} metric={column} stat="ci-low" value={s.ci95?.[0]} text={fmt(s.ci95?.[0])} />,{' '}
                        <Stat run={run.name} metric={column} stat="ci-high" value={s.ci95?.[1]} text={fmt(s.ci95?.[1])} />]
                      </span>
                    </td>
                  );
                  if (run.name === results.baseline) return mean;
                  const c = cells.get(`${run.name}/${column}`);
                  const mark = (p: number | null, adjusted: number | null) =>
                    (p !== null && p < 0.05 ? '*' : '') + (several && adjusted !== null && adjusted < 0.05 ? '†' : '');
                  return [
                    mean,
                    <td key={`${run.name}-d`} class={styles.num}>
                      <Stat
                        run={run.name}
                        metric={column}
                        stat="mean-diff"
                        value={c?.meanDiff}
                        text={c?.meanDiff === null || c?.meanDiff === undefined ? '–' : (c.meanDiff > 0 ? '+' : '') + c.meanDiff.toFixed(4)}
                      />
                    </td>,
                    <td key={`${run.name}-t`} class={styles.num} title={several && c ? `Holm-adjusted p: ${fmtP(c.holmTTest)}` : undefined}>
                      <Stat run={run.name} metric={column} stat="p-ttest" value={c?.pTTest} text={fmtP(c?.pTTest ?? null)} />
                      <span class={styles.mark}>{c ? mark(c.pTTest, c.holmTTest) : ''}</span>
                    </td>,
                    <td
                      key={`${run.name}-r`}
                      class={styles.num}
                      title={several && c ? `Holm-adjusted p: ${fmtP(c.holmRandomization)}` : undefined}
                    >
                      <Stat
                        run={run.name}
                        metric={column}
                        stat="p-randomization"
                        value={c?.pRandomization}
                        text={fmtP(c?.pRandomization ?? null)}
                      />
                      <span class={styles.mark}>{c ? mark(c.pRandomization, c.holmRandomization) : ''}</span>
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class={styles.note}>
        Means over the queries where a metric is defined; 95% CI from Student's t. Δ: the run's mean difference to the baseline “
        {results.baseline}” on the queries where both are defined; p: two-sided paired t-test and paired randomization (sign-flip) test, R =
        10,000. * p &lt; 0.05
        {several
          ? '; † still below 0.05 after Holm’s correction over the runs compared with the baseline (hover a p value for its adjusted value)'
          : ''}
        .
      </p>
    </section>
  );
}
