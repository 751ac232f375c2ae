// The charts of one metric, for each ranking: what each rank contributes, and the value at every
// cut-off 1..n (the cut-off in force marked). Chart.js, loaded only when a row is opened.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

import type { MetricDescriptor, ViewResults } from '../../../wasm/types';
import { formatValue, metricOf } from '../../state/metrics';
import { themeChartDefaults } from '../../state/chart-theme';
import { cssColor, systemColors } from '../../state/colors';
import { redrawnForPrint } from '../../state/print';
import { presenting } from '../../state/view';
import { perRankChart } from './series';
import styles from './style.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

/** The page's own colours: in forced colours they become the system's, where a series keeps its hue. */
const PAGE_COLOUR = /^var\(--(text|muted|border)\b/;

/** The config with its datasets' colours (`var(…)`, `light-dark(…)`) as the theme resolves them: a canvas cannot. */
function themed(config: ChartConfiguration): ChartConfiguration {
  const seen = new Map<string, string>(); // a run's bars repeat two colours thousands of times
  const one = (c: string) => seen.get(c) ?? seen.set(c, cssColor(c, { series: !PAGE_COLOUR.test(c) })).get(c)!;
  const resolve = (c: unknown): unknown => (typeof c === 'string' ? one(c) : Array.isArray(c) ? c.map(resolve) : c);
  const datasets = config.data.datasets.map((d) => {
    const out = { ...d };
    for (const key of ['borderColor', 'backgroundColor'] as const) if (key in d) Object.assign(out, { [key]: resolve(d[key]) });
    return out;
  });
  return { ...config, data: { ...config.data, datasets } };
}

/** A Chart.js chart on a canvas, in a box of the given class (its height). Also used by RunsCharts. */
export function CanvasChart({
  config,
  label,
  class: box = styles.chart,
}: {
  config: ChartConfiguration;
  label: string;
  class?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn again in the colours of now: the system's scheme or forced colours, presenting mode.
  const colors = `${systemColors.value} ${presenting.value}`;
  useEffect(() => {
    // Axis text and grid lines in the theme's colours, so dark mode and presenting can read them.
    themeChartDefaults();
    const chart = new Chart(canvas.current!, themed(config));
    const unfollow = redrawnForPrint(chart, () => {
      themeChartDefaults();
      const now = themed(config).data.datasets;
      chart.data.datasets.forEach((d, i) =>
        Object.assign(d, { borderColor: now[i]!.borderColor, backgroundColor: now[i]!.backgroundColor }),
      );
    });
    return () => {
      unfollow();
      chart.destroy();
    };
  }, [config, colors]);
  return (
    <div class={box}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

const common = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  plugins: {
    tooltip: {
      callbacks: {
        label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) => `${item.dataset.label}: ${item.parsed.y}`,
      },
    },
  },
};

/** Whether the results hold what the charts of `id` read (the engine sends it once the row is open). */
export function hasDetail(results: ViewResults, id: string): boolean {
  return results.rankings.every((ranking) => metricOf(ranking, id).atCutoff !== undefined);
}

/** What the table shows of each rank besides the chart's bars: its other numbers (ω(d), the weight…). */
const FACT_LABELS: Record<string, string> = {
  omega: 'ω(d)',
  weight: 'weight',
  dissatisfaction: 'M_i',
  kl: 'KL(D_i ‖ D*)',
  gain: 'gain',
  target: 'target',
  targetShare: 'target share',
};

function rowFacts(rows: unknown[] | undefined, charted: string | undefined): [string, string][] {
  const first = rows?.[0] as Record<string, unknown> | undefined;
  if (!first) return [];
  return Object.keys(FACT_LABELS)
    .filter((key) => key !== charted && key in first)
    .map((key) => [key, FACT_LABELS[key]!]);
}

const fact = (row: unknown, key: string) => ((row as Record<string, number | null> | undefined)?.[key] ?? null) as number | null;

/** In place of a chart with nothing to draw (empty axes would read as 0 everywhere): why. */
function Uncharted({ note, children }: { note: string | undefined; children: string }) {
  return (
    <p class={styles.uncharted}>
      {children}
      {note ? `: ${note}` : '.'}
    </p>
  );
}

export function MetricCharts({ descriptor: d, results }: { descriptor: MetricDescriptor; results: ViewResults }) {
  if (!hasDetail(results, d.id)) return <p class={styles.loading}>Computing the charts…</p>;
  return (
    <div class={styles.grid}>
      {results.rankings.map((ranking) => {
        const perRank = perRankChart(d.id, ranking, results.groups, results.params.dipsGroups);
        const rows = metricOf(ranking, d.id).perRank;
        const facts = rowFacts(rows, d.chart?.kind === 'value' ? d.chart.key : undefined);
        const curve = metricOf(ranking, d.id).atCutoff!;
        const note = metricOf(ranking, d.id).note;
        const ranks = curve.map((_, i) => String(i + 1));
        const k = results.params.k;
        const bars: ChartConfiguration = {
          type: 'bar',
          data: {
            labels: ranks,
            datasets: perRank.series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })),
          },
          options: {
            ...common,
            plugins: { ...common.plugins, legend: { display: perRank.series.length > 1 } },
            scales: { x: { title: { display: true, text: 'rank' } } },
          },
        };
        const line: ChartConfiguration = {
          type: 'line',
          data: {
            labels: ranks,
            datasets: [
              {
                label: `${d.name} at cut-off c`,
                data: curve,
                borderColor: 'var(--text, #1b1f24)',
                backgroundColor: 'var(--text, #1b1f24)',
                pointRadius: curve.map((_, i) => (d.usesCutoff && i + 1 === Math.min(k, curve.length) ? 5 : 2)),
                spanGaps: false,
              },
            ],
          },
          options: {
            ...common,
            plugins: { ...common.plugins, legend: { display: false } },
            scales: { x: { title: { display: true, text: d.usesCutoff ? 'cut-off c (big dot: k)' : 'top c documents' } } },
          },
        };
        return (
          <figure key={ranking.name} class={styles.figure}>
            <figcaption>
              <strong>{ranking.name}</strong> · {perRank.title}
            </figcaption>
            {perRank.series.every((s) => s.values.every((v) => v === null)) ? (
              <Uncharted note={note}>No rank has a number to chart</Uncharted>
            ) : (
              <CanvasChart config={bars} label={`${d.name}, ${ranking.name}: ${perRank.title}`} />
            )}
            <figcaption>value at every cut-off</figcaption>
            {curve.every((v) => v === null) ? (
              <Uncharted note={note}>Undefined at every cut-off</Uncharted>
            ) : (
              <CanvasChart config={line} label={`${d.name}, ${ranking.name}: value at every cut-off`} />
            )}
            <details class={styles.table}>
              <summary>Values as a table</summary>
              <table>
                <thead>
                  <tr>
                    <th scope="col">rank</th>
                    {facts.map(([key, label]) => (
                      <th scope="col" key={key}>
                        {label}
                      </th>
                    ))}
                    {perRank.series.map((s) => (
                      <th scope="col" key={s.label}>
                        {s.label}
                      </th>
                    ))}
                    <th scope="col">value at c</th>
                  </tr>
                </thead>
                <tbody>
                  {ranks.map((rank, i) => (
                    <tr key={rank}>
                      <td>{rank}</td>
                      {facts.map(([key]) => (
                        <td key={key}>{formatValue(fact(rows?.[i], key))}</td>
                      ))}
                      {perRank.series.map((s) => (
                        <td key={s.label}>{formatValue(s.values[i])}</td>
                      ))}
                      <td>{formatValue(curve[i])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {d.usesCutoff && (
                <p class={styles.tableNote}>
                  The value at c is the metric at cut-off c, its normalisation too (IFaiRR@c, IDCG@c…): not the sum of the bars above c.
                </p>
              )}
            </details>
          </figure>
        );
      })}
    </div>
  );
}
