// The DIPS paper's synthetic experiments (Fabris et al., WSDM 2023, §6.1, Figure 1a and 1b),
// recomputed by the core in the engine's worker, point by point with a progress bar, and plotted
// with Chart.js (imported here only: this module is loaded when the view is first opened).
// Each panel exports its series as CSV and its three charts as one PNG.
import {
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Title,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import { useEffect, useRef, useState } from 'preact/hooks';

import limits from '../../../core/limits.json';

import { themeChartDefaults } from '../../state/chart-theme';
import { cssColor, systemColors, themeColor } from '../../state/colors';
import { count } from '../../state/count';
import { download } from '../../state/download';
import { formatValue } from '../../state/metrics';
import { presenting } from '../../state/view';
import { NumberField } from '../NumberField';
import { DialogActions, DialogFrame, dialogStyles } from '../Dialog';
import { FIGURES, charts, experimentCsv, summary, type ChartData, type Figure } from './model';
import { bothMs, changeSetting, runBoth, runWithSettings, runs, settings } from './runs';
import styles from './style.module.css';

Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip, Title);

// In reverse: Chart.js draws the first dataset on top, and a later line (EA's dashes) must stay
// visible over an earlier one it coincides with (EE's solid line, in Figure 1b). The legend and the
// tooltip are reversed back, so they list the lines in their order.
function datasets(data: ChartData, figure: Figure): ChartDataset<'line', { x: number; y: number }[]>[] {
  return data.lines.toReversed().map((line) => ({
    label: line.label,
    data: line.values.map((y, i) => ({ x: data.xs[i]!, y })),
    borderColor: cssColor(line.color, { series: true }),
    backgroundColor: cssColor(line.color, { series: true }),
    borderDash: line.dash,
    borderWidth: 2,
    pointRadius: figure === 'b' ? 3 : 0,
  }));
}

function LiveChart({ data, figure, charts: registry }: { data: ChartData; figure: Figure; charts: Map<string, Chart> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', { x: number; y: number }[]> | null>(null);
  const info = FIGURES[figure];
  // Drawn again in the colours of now: the system's scheme or forced colours, presenting mode.
  const colors = `${systemColors.value} ${presenting.value}`;
  useEffect(() => {
    themeChartDefaults();
    const config: ChartConfiguration<'line', { x: number; y: number }[]> = {
      type: 'line',
      data: { datasets: datasets(data, figure) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        plugins: {
          title: { display: true, text: data.title, color: themeColor('--text', '#1b1f24') },
          legend: { reverse: true, labels: { boxWidth: 18, boxHeight: 2 } },
          tooltip: { mode: 'index', intersect: false, itemSort: (a, b) => b.datasetIndex - a.datasetIndex },
        },
        scales: {
          x: { type: 'linear', min: info.domain[0], max: info.domain[1], title: { display: true, text: info.x } },
          y: { title: { display: true, text: data.yLabel } },
        },
      },
    };
    chart.current = new Chart(canvas.current!, config);
    registry.set(data.id, chart.current as unknown as Chart);
    return () => {
      chart.current?.destroy();
      chart.current = null;
      registry.delete(data.id);
    };
  }, [colors]);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.datasets = datasets(data, figure);
    c.update('none');
  }, [data]);
  return (
    <div class={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={`${info.title}: ${data.title} against ${info.x}`} />
    </div>
  );
}

/** The panel's three charts side by side on the theme's surface (the charts' text is drawn in the
 *  theme's colours), under the panel's title, as one PNG. */
function panelPng(title: string, list: Chart[]): Promise<Blob | null> {
  const canvases = list.map((c) => c.canvas);
  const scale = list[0]?.currentDevicePixelRatio ?? 1;
  const pad = Math.round(12 * scale);
  const head = Math.round(28 * scale);
  const width = canvases.reduce((w, c) => w + c.width, 0) + pad * (canvases.length + 1);
  const height = Math.max(...canvases.map((c) => c.height)) + head + pad * 2;
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = themeColor('--surface', '#ffffff');
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = themeColor('--text', '#1b1f24');
  ctx.font = `600 ${Math.round(15 * scale)}px system-ui, sans-serif`;
  ctx.fillText(title, pad, pad + Math.round(15 * scale));
  let x = pad;
  for (const c of canvases) {
    ctx.drawImage(c, x, pad + head);
    x += c.width + pad;
  }
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}

function Panel({ figure }: { figure: Figure }) {
  const info = FIGURES[figure];
  const state = runs[figure].value;
  const input = settings[figure].value;
  const refusalId = `experiment-${figure}-refusal`;
  const registry = useRef(new Map<string, Chart>()).current;
  const [tableOpen, setTableOpen] = useState(false);
  const data = charts(figure, state.points);
  const running = state.status === 'running';
  const xs = state.points.map((p) => p.x);
  const columns = data.flatMap((d) =>
    d.lines.map((line) => ({ label: d.id === 'pairwise' ? line.label : `${line.label} ${d.yLabel}`, values: line.values })),
  );
  return (
    <section class={styles.panel} aria-labelledby={`experiment-${figure}-title`} data-figure={figure} data-status={state.status}>
      <h3 id={`experiment-${figure}-title`}>{info.title}</h3>
      <p class={styles.setup}>{info.setup}</p>
      <div class={styles.controls}>
        <NumberField
          id={`experiment-${figure}-repetitions`}
          label="repetitions"
          min={1}
          max={limits.limits.experimentRepetitions.default}
          step={1}
          value={input.repetitions}
          refusedBy={state.refusal?.field === 'repetitions' ? refusalId : null}
          onChange={(v) => changeSetting(figure, 'repetitions', v)}
        />
        <NumberField
          id={`experiment-${figure}-seed`}
          label="seed"
          min={0}
          step={1}
          value={input.seed}
          refusedBy={state.refusal?.field === 'seed' ? refusalId : null}
          onChange={(v) => changeSetting(figure, 'seed', v)}
        />
        <button type="button" class={dialogStyles.primary} onClick={() => void runWithSettings(figure)}>
          {running ? 'Restart' : state.status === 'idle' ? 'Run' : 'Run again'}
        </button>
        <div class={styles.progress}>
          <progress
            max={state.total || 1}
            value={state.status === 'done' ? state.total : state.done}
            aria-label={`${info.title}: progress`}
          />
          <span class={styles.status} aria-live={running ? 'off' : 'polite'}>
            {state.status === 'idle' && 'Not run yet.'}
            {running &&
              (state.total
                ? `${state.done} of ${state.total} values of ${info.x} (${count(state.repetitions, 'repetition')} each)…`
                : 'Starting…')}
            {state.status === 'done' &&
              `${state.total} values of ${info.x} × ${count(state.repetitions, 'repetition')} (${state.repetitions === 1 ? `seed ${state.seed}` : `seeds ${state.seed}…${state.seed + state.repetitions - 1}`}) in ${((state.ms ?? 0) / 1000).toFixed(2)} s`}
            {state.status === 'error' && (
              <span class={styles.error} role="alert">
                {state.error}
              </span>
            )}
          </span>
          {state.refusal && (
            <span id={refusalId} class={styles.error} role="alert">
              {state.refusal.line}
            </span>
          )}
        </div>
      </div>
      <div class={styles.charts}>
        {data.map((d) => (
          <LiveChart key={d.id} data={d} figure={figure} charts={registry} />
        ))}
      </div>
      <p class={styles.caption}>{info.paper}</p>
      <p class={styles.caption}>{info.notice}</p>
      {state.status === 'done' && (
        <p class={styles.summary} data-summary={figure}>
          {summary(figure, state.points)}
        </p>
      )}
      <div class={styles.exports}>
        <button
          type="button"
          disabled={state.status !== 'done'}
          onClick={() => download(`dips-figure-1${figure}.csv`, experimentCsv(figure, state.points), 'text/csv')}
        >
          Download CSV
        </button>
        <button
          type="button"
          disabled={state.status !== 'done'}
          onClick={() => {
            const list = data.map((d) => registry.get(d.id)).filter((c): c is Chart => !!c);
            void panelPng(`DIPS paper, ${info.title} (recomputed, ${state.repetitions} repetitions, seed ${state.seed})`, list).then(
              (blob) => blob && download(`dips-figure-1${figure}.png`, blob),
            );
          }}
        >
          Download PNG
        </button>
      </div>
      {state.points.length > 0 && (
        <details class={styles.table} onToggle={(e) => setTableOpen(e.currentTarget.open)}>
          <summary>Values as a table</summary>
          {tableOpen && (
            <div class={styles.scroll}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{info.x}</th>
                    {columns.map((c) => (
                      <th scope="col" key={c.label}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {xs.map((x, i) => (
                    <tr key={x}>
                      <th scope="row">{formatValue(x)}</th>
                      {columns.map((c) => (
                        <td key={c.label}>{formatValue(c.values[i])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </details>
      )}
    </section>
  );
}

/** The view: a large dialog, open while mounted; closing it unmounts it (the runs go on). */
export function Experiments({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const both = bothMs.value;
  const anyRunning = runs.a.value.status === 'running' || runs.b.value.status === 'running';
  return (
    <DialogFrame dialog={dialog} labelledBy="experiments-title" width="full" onClose={onClose}>
      <div class={styles.header}>
        <h2 id="experiments-title">The DIPS paper’s synthetic experiments</h2>
        <button type="button" onClick={() => void runBoth()} disabled={anyRunning}>
          Run both
        </button>
        {both !== null && (
          <span class={styles.status} data-both-ms={String(Math.round(both))}>
            Both figures in {(both / 1000).toFixed(2)} s.
          </span>
        )}
      </div>
      <p class={dialogStyles.hint}>
        Fabris, Silvello, Susto, Biega. <i>Pairwise Fairness in Ranking as a Dissatisfaction Measure</i>. WSDM 2023, §6.1, Figure 1a and 1b:
        panels (2) to (4), recomputed in your browser by the playground’s C++ core (the same DIPS, REE, EE, EA and EA-dp as the metrics
        table), averaged over the repetitions; repetition r draws its data with seed + r.
      </p>
      <Panel figure="a" />
      <Panel figure="b" />
      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
