// The pictures of a run evaluation (Chart.js, loaded with this component): per query, a run's
// difference to the baseline on one metric, sorted (how many queries gain, how many lose, by how
// much); and a fairness metric against nDCG at the same cut-off, one point per query and run.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useMemo, useState } from 'preact/hooks';

import type { RunsResults } from '../../state/runs';
import { CanvasChart } from '../MetricCharts';
import choices from '../RunsView/choices.module.css';
import styles from './style.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, ScatterController, PointElement, Tooltip, Legend);

// A run's colour in the light and the dark theme (3:1 or more on the page's surfaces); CanvasChart resolves them.
const COLORS = [
  'light-dark(#5b3cc4, #b9a8ff)',
  'light-dark(#d97706, #f59e0b)',
  'light-dark(#0f766e, #2dd4bf)',
  'light-dark(#be185d, #f472b6)',
  'light-dark(#1d4ed8, #60a5fa)',
  'light-dark(#4d7c0f, #a3e635)',
];

/**
 * A run's name as the legend shows it: a canvas does not wrap, so a long one keeps its start and
 * its end (where runs' tags tend to differ) around an ellipsis; the tooltip gives it whole.
 */
export function legendName(name: string, most = 32): string {
  const chars = [...name];
  if (chars.length <= most) return name;
  const head = Math.ceil((most - 1) / 2);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (most - 1 - head)).join('')}`;
}

/** Per query, run − baseline on `column` where both are defined, sorted from most negative. */
export function sortedDifferences(results: RunsResults, run: string, column: string): { query: string; diff: number }[] {
  const a = results.data.runs.find((r) => r.name === run)?.perQuery;
  const b = results.data.runs.find((r) => r.name === results.baseline)?.perQuery;
  const out: { query: string; diff: number }[] = [];
  for (const q of results.data.queries) {
    const va = a?.[q]?.[column];
    const vb = b?.[q]?.[column];
    if (va !== null && va !== undefined && vb !== null && vb !== undefined) out.push({ query: q, diff: va - vb });
  }
  return out.sort((x, y) => x.diff - y.diff);
}

export function RunsCharts({ results }: { results: RunsResults }) {
  const others = results.data.runs.map((r) => r.name).filter((n) => n !== results.baseline);
  const fairness = results.columns.filter((c) => !c.startsWith('nDCG@'));
  const [column, setColumn] = useState(fairness[0] ?? results.columns[0] ?? '');
  const [run, setRun] = useState(others[0] ?? '');
  const cutoff = column.slice(column.lastIndexOf('@') + 1);
  const ndcg = `nDCG@${cutoff}`;
  const hasNdcg = results.columns.includes(ndcg);

  const bars = useMemo<ChartConfiguration | null>(() => {
    if (!run) return null;
    const diffs = sortedDifferences(results, run, column);
    return {
      type: 'bar',
      data: {
        labels: diffs.map((d) => d.query),
        datasets: [
          {
            label: `${column}: ${run} − ${results.baseline}`,
            data: diffs.map((d) => d.diff),
            backgroundColor: diffs.map((d) => (d.diff >= 0 ? COLORS[2]! : 'var(--error, #b42318)')),
            barPercentage: 1,
            categoryPercentage: 1,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { ticks: { display: diffs.length <= 60 }, title: { display: true, text: `queries, sorted (${diffs.length})` } },
          y: { title: { display: true, text: `Δ ${column}` } },
        },
      },
    };
  }, [results, run, column]);

  const scatter = useMemo<ChartConfiguration | null>(() => {
    if (!hasNdcg || column === ndcg) return null;
    return {
      type: 'scatter',
      data: {
        datasets: results.data.runs.map((r, i) => ({
          label: r.name,
          backgroundColor: COLORS[i % COLORS.length],
          data: results.data.queries.flatMap((q) => {
            const x = r.perQuery[q]?.[ndcg];
            const y = r.perQuery[q]?.[column];
            return x === null || x === undefined || y === null || y === undefined ? [] : [{ x, y }];
          }),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { title: { display: true, text: ndcg } }, y: { title: { display: true, text: column } } },
        plugins: {
          legend: {
            labels: {
              generateLabels: (chart) =>
                Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => ({ ...item, text: legendName(item.text) })),
            },
          },
        },
      },
    };
  }, [results, column]);

  return (
    <section class={styles.charts} aria-label="Charts">
      <h2>Charts</h2>
      <div class={choices.choices}>
        <label>
          Metric{' '}
          <select value={column} onChange={(e) => setColumn(e.currentTarget.value)} data-option="chart-metric">
            {results.columns.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        {others.length > 0 && (
          <label>
            Run{' '}
            <select value={run} onChange={(e) => setRun(e.currentTarget.value)} data-option="chart-run">
              {others.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div class={styles.grid}>
        {bars ? (
          <CanvasChart class={styles.chart} config={bars} label={`Per query, ${run} minus ${results.baseline} on ${column}, sorted`} />
        ) : (
          <p>One run only: no difference to a baseline to draw.</p>
        )}
        {scatter ? (
          <CanvasChart class={styles.chart} config={scatter} label={`${column} against ${ndcg}, one point per query and run`} />
        ) : (
          <p>{hasNdcg ? 'Choose a fairness metric to plot it against nDCG.' : `No ${ndcg} column to plot against.`}</p>
        )}
      </div>
    </section>
  );
}
