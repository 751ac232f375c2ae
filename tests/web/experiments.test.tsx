// The DIPS experiments view against the real engine (loaded in Node): what its charts and CSV
// hold, a run's progress and result, and the dialog's controls. Chart.js needs a real canvas, so
// it is replaced here by a stand-in that records what it is given (the browser test draws it).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

import { loadEngine } from '../../wasm/engine';
import type { ExperimentPoint } from '../../wasm/types';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIGURES, charts, experimentCsv, summary } from '../../web/components/Experiments/model';
import { runFigure, runs, settings } from '../../web/components/Experiments/runs';
import { useNodeEngine } from './engine';

const drawn: { title: string; datasets: { label: string; data: { x: number; y: number }[] }[] }[] = [];
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    static defaults: Record<string, unknown> = {};
    data: { datasets: unknown[] };
    options: { plugins: { title: { text: string } } };
    canvas: HTMLCanvasElement;
    currentDevicePixelRatio = 1;
    constructor(canvas: HTMLCanvasElement, config: { data: { datasets: unknown[] }; options: { plugins: { title: { text: string } } } }) {
      this.canvas = canvas;
      this.data = config.data;
      this.options = config.options;
    }
    update() {
      drawn.push({ title: this.options.plugins.title.text, datasets: this.data.datasets as (typeof drawn)[number]['datasets'] });
    }
    destroy() {}
  }
  const plugin = {};
  return {
    Chart,
    Legend: plugin,
    LineController: plugin,
    LineElement: plugin,
    LinearScale: plugin,
    PointElement: plugin,
    Title: plugin,
    Tooltip: plugin,
  };
});

let pointsA: ExperimentPoint[];
let pointsB: ExperimentPoint[];
beforeAll(async () => {
  await useNodeEngine();
  const engine = await loadEngine({
    wasmBinary: readFileSync(resolve('wasm/dist/fairness-core.wasm')),
    jobsWasmBinary: readFileSync(resolve('wasm/dist/fairness-jobs.wasm')),
  });
  pointsA = engine.experiment({ figure: 'a', xs: [0, 20, 60], repetitions: 4 }).points;
  pointsB = engine.experiment({ figure: 'b', xs: [0, 0.5, 1], repetitions: 4 }).points;
});
afterEach(() => cleanup());

describe('the experiments model', () => {
  test('Figure 1a: the paper’s panels (2)-(4), one line per measure', () => {
    const [pairwise, l1, delta] = charts('a', pointsA);
    expect(pairwise!.lines.map((l) => l.label)).toEqual(['DIPS', 'REE']);
    expect(pairwise!.xs).toEqual([0, 20, 60]);
    expect(pairwise!.lines[0]!.values).toEqual(pointsA.map((p) => p.pairwise[0]!.dips.value));
    expect(l1!.lines.map((l) => l.label)).toEqual(['EE', 'EA', 'EA-dp']);
    expect(l1!.lines[2]!.values).toEqual(pointsA.map((p) => p.eadp.l1));
    expect(delta!.lines[0]!.values).toEqual(pointsA.map((p) => p.ee.deltaA));
  });

  test('Figure 1b: DIPS and REE for each c_t, tie-indifferent lines dashed', () => {
    const [pairwise] = charts('b', pointsB);
    expect(pairwise!.lines.map((l) => l.label)).toEqual(['DIPS (c_t = 0)', 'DIPS (c_t = 1)', 'REE (c_t = 0)', 'REE (c_t = 1)']);
    expect(pairwise!.lines[0]!.dash.length).toBeGreaterThan(0);
    expect(pairwise!.lines[1]!.dash).toEqual([]);
    expect(pairwise!.lines[0]!.values).toEqual([0, 0, 0]);
  });

  test('the CSV holds every series at full precision, one row per x', () => {
    const lines = experimentCsv('b', pointsB).trim().split('\r\n');
    expect(lines[0]).toBe(
      'p_A,dips_value_ct0,dips_mAB_ct0,dips_mBA_ct0,ree_value_ct0,ree_mAB_ct0,ree_mBA_ct0,' +
        'dips_value_ct1,dips_mAB_ct1,dips_mBA_ct1,ree_value_ct1,ree_mAB_ct1,ree_mBA_ct1,ee_l1,ee_deltaA,ea_l1,ea_deltaA,eadp_l1,eadp_deltaA',
    );
    expect(lines).toHaveLength(4);
    const last = lines[3]!.split(',').map(Number);
    expect(last[0]).toBe(1);
    expect(last[7]).toBe(pointsB[2]!.pairwise[1]!.dips.value);
    expect(last[18]).toBe(pointsB[2]!.eadp.deltaA);
    expect(experimentCsv('a', pointsA).split('\r\n')[0]).toBe(
      'k,dips_value,dips_mAB,dips_mBA,ree_value,ree_mAB,ree_mBA,ee_l1,ee_deltaA,ea_l1,ea_deltaA,eadp_l1,eadp_deltaA',
    );
  });

  test('the summary puts the run’s numbers beside the paper’s claims', () => {
    expect(summary('a', pointsA)).toMatch(/^This run: DIPS 0\.\d{3} at k = 0, 0\.\d{3} at k = 20, .* largest M_BA 0\.000/);
    expect(summary('b', pointsB)).toMatch(/tie-aware DIPS from 1\.000 at p_A = 0 to -0\.\d{3} at p_A = 1/);
    expect(summary('b', pointsB)).toMatch(/tie-indifferent DIPS and REE at most 0\.000/);
  });
});

describe('running a figure', () => {
  test('the state follows the progress point by point, then holds the result and its time', async () => {
    const seen: number[] = [];
    const stop = runs.b.subscribe((s) => seen.push(s.points.length));
    await runFigure('b', 3, 5);
    stop();
    expect(seen).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]);
    expect(runs.b.value).toMatchObject({ status: 'done', done: 11, total: 11, repetitions: 3, seed: 5 });
    expect(runs.b.value.ms).toBeGreaterThan(0);
  });

  test('a refused spec gives the core’s message with its field, and keeps the last finished run', async () => {
    await runFigure('a', 0, 1);
    expect(runs.a.value).toMatchObject({ status: 'idle', points: [] });
    expect(runs.a.value.refusal).toEqual({
      field: 'repetitions',
      line: expect.stringMatching(/^repetitions: must be a whole number of at least 1, got 0/),
    });
    await runFigure('a', 2, 3);
    const done = runs.a.value;
    expect(done).toMatchObject({ status: 'done', total: 100, repetitions: 2, seed: 3 });
    await runFigure('a', 2, -1);
    expect(runs.a.value.refusal).toEqual({ field: 'seed', line: expect.stringMatching(/^seed: must be a whole number from 0 to/) });
    expect(runs.a.value).toMatchObject({ status: 'done', total: 100, repetitions: 2, seed: 3 });
    expect(runs.a.value.points).toBe(done.points);
  });
});

describe('the Experiments dialog', () => {
  test('two panels; Run computes Figure 1a with the panel’s settings, fills the progress bar, the charts, the table', async () => {
    const { Experiments } = await import('../../web/components/Experiments');
    const onClose = vi.fn();
    render(<Experiments onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'The DIPS paper’s synthetic experiments' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const a = within(dialog).getByRole('region', { name: FIGURES.a.title });
    within(dialog).getByRole('region', { name: FIGURES.b.title });
    fireEvent.input(within(a).getByLabelText('repetitions'), { target: { value: '2' } });
    expect(settings.a.value.repetitions).toBe(2);
    drawn.length = 0;
    fireEvent.click(within(a).getByRole('button', { name: /^Run/ }));
    await waitFor(() => expect(a.getAttribute('data-status')).toBe('done'));
    const progress = a.querySelector('progress')!;
    expect(progress.max).toBe(100);
    expect(progress.value).toBe(100);
    within(a).getByText(/^100 values of k × 2 repetitions \(seeds 1…2\) in \d+\.\d\d s$/);
    expect((within(a).getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(false);
    // The charts were updated as the points arrived, ending with all 100.
    const last = drawn.filter((d) => d.title.startsWith('REE and DIPS')).at(-1)!;
    expect(last.datasets.map((d) => d.label).sort()).toEqual(['DIPS', 'REE']);
    const dips = last.datasets.find((d) => d.label === 'DIPS')!;
    expect(dips.data).toHaveLength(100);
    expect(dips.data[0]!.y).toBeGreaterThan(0.5);
    // The table is drawn once it is opened (not at every point of a run).
    expect(a.querySelectorAll('details tbody tr')).toHaveLength(0);
    const details = a.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(a.querySelectorAll('details tbody tr')).toHaveLength(100));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('a refused setting is marked and named under the progress, the last run staying on screen until the field changes', async () => {
    const { Experiments } = await import('../../web/components/Experiments');
    await runFigure('b', 2, 1);
    render(<Experiments onClose={() => {}} />);
    const b = screen.getByRole('region', { name: FIGURES.b.title });
    const repetitions = within(b).getByLabelText('repetitions');
    fireEvent.input(repetitions, { target: { value: '0' } });
    fireEvent.click(within(b).getByRole('button', { name: /^Run/ }));
    const alert = await within(b).findByRole('alert');
    expect(alert.textContent).toMatch(/^repetitions: must be a whole number of at least 1, got 0/);
    expect(repetitions.getAttribute('aria-invalid')).toBe('true');
    expect(repetitions.getAttribute('aria-describedby')).toBe(alert.id);
    // The run before it: its status line, downloads, summary and table.
    expect(b.getAttribute('data-status')).toBe('done');
    within(b).getByText(/^11 values of p_A × 2 repetitions \(seeds 1…2\) in \d+\.\d\d s$/);
    expect((within(b).getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(false);
    expect(b.querySelector('[data-summary="b"]')).not.toBeNull();
    // Another field's change leaves it; this field's change clears it.
    fireEvent.input(within(b).getByLabelText('seed'), { target: { value: '4' } });
    expect(within(b).queryByRole('alert')).not.toBeNull();
    fireEvent.input(repetitions, { target: { value: '3' } });
    expect(within(b).queryByRole('alert')).toBeNull();
    expect(repetitions.getAttribute('aria-invalid')).toBeNull();
    // An empty field is said to be empty.
    fireEvent.input(repetitions, { target: { value: '' } });
    fireEvent.click(within(b).getByRole('button', { name: /^Run/ }));
    expect((await within(b).findByRole('alert')).textContent).toBe('repetitions is empty or not a number; it must be a number');
    // One repetition: its one seed, in the singular.
    fireEvent.input(repetitions, { target: { value: '1' } });
    fireEvent.click(within(b).getByRole('button', { name: /^Run/ }));
    await waitFor(() => within(b).getByText(/^11 values of p_A × 1 repetition \(seed 4\) in \d+\.\d\d s$/));
  });
});
