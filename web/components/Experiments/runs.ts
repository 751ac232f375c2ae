// The state of each figure's run, kept outside the dialog so that closing and reopening it keeps
// the curves (and a run under way goes on). The work is done in the engine's worker, point by
// point; each point arrives as progress and is drawn at once.
import { signal } from '@preact/signals';

import type { ExperimentPoint } from '../../../wasm/types';
import { engine } from '../../state/engine';
import { refusalLine } from '../../state/messages';
import type { Figure } from './model';

export interface RunState {
  status: 'idle' | 'running' | 'done' | 'error';
  points: ExperimentPoint[];
  /** Points computed, and how many the run has. */
  done: number;
  total: number;
  repetitions: number;
  seed: number;
  /** Wall time of the finished run, in milliseconds (from the click to the last point). */
  ms?: number;
  /** Why the run failed part way (status "error"). */
  error?: string;
  /** A run the core refused before its first point: its message, by the setting it names; the
   *  state is otherwise the last finished run's, which stays on screen. */
  refusal?: { field: string; line: string };
}

const idle = (): RunState => ({ status: 'idle', points: [], done: 0, total: 0, repetitions: 100, seed: 1 });

export const runs = { a: signal<RunState>(idle()), b: signal<RunState>(idle()) };

/** What the inputs of each panel hold (a whole number, or null while the field is empty). */
export const settings = {
  a: signal<{ repetitions: number | null; seed: number | null }>({ repetitions: 100, seed: 1 }),
  b: signal<{ repetitions: number | null; seed: number | null }>({ repetitions: 100, seed: 1 }),
};

/** Wall time of the last "Run both", from the click to the last point of either figure. */
export const bothMs = signal<number | null>(null);

let generation = 0;
const current: Record<Figure, number> = { a: 0, b: 0 };
/** Each figure's last finished run: what a refused run leaves on screen. */
const finished: Record<Figure, RunState> = { a: idle(), b: idle() };

/** Runs one figure with the paper's x values; a newer run of the same figure replaces it. */
export async function runFigure(figure: Figure, repetitions: number, seed: number): Promise<void> {
  const state = runs[figure];
  const mine = ++generation;
  current[figure] = mine;
  const started = performance.now();
  state.value = { ...idle(), status: 'running', repetitions, seed };
  try {
    const experiment = engine().experiment;
    if (!experiment) throw new Error('this engine cannot run experiments');
    const result = await experiment({ figure, repetitions, seed }, (progress) => {
      if (current[figure] !== mine) return;
      state.value = { ...state.value, points: [...state.value.points, progress.point], done: progress.done, total: progress.total };
    });
    if (current[figure] !== mine) return;
    state.value = finished[figure] = {
      ...state.value,
      status: 'done',
      points: result.points,
      done: result.points.length,
      total: result.points.length,
      ms: performance.now() - started,
    };
  } catch (error) {
    if (current[figure] !== mine || (error as { superseded?: boolean }).superseded) return;
    const e = error as { field?: string; message?: string };
    if (e.field && state.value.points.length === 0) {
      state.value = {
        ...finished[figure],
        refusal: { field: e.field, line: refusalLine({ field: e.field, message: String(e.message) }, null) },
      };
      return;
    }
    state.value = { ...state.value, status: 'error', error: String(e.message ?? error) };
  }
}

/** Sets one of a panel's settings; a refusal that named it no longer applies. */
export function changeSetting(figure: Figure, field: 'repetitions' | 'seed', value: number | null): void {
  settings[figure].value = { ...settings[figure].value, [field]: value };
  if (runs[figure].value.refusal?.field === field) runs[figure].value = { ...runs[figure].value, refusal: undefined };
}

/** Runs a figure with the panel's settings (an empty field sends null: the core names it). */
export function runWithSettings(figure: Figure): Promise<void> {
  const { repetitions, seed } = settings[figure].value;
  return runFigure(figure, repetitions as number, seed as number);
}

/** Runs both figures side by side (the worker alternates their points) and times the whole. */
export async function runBoth(): Promise<void> {
  bothMs.value = null;
  const started = performance.now();
  await Promise.all([runWithSettings('a'), runWithSettings('b')]);
  if (runs.a.value.status === 'done' && runs.b.value.status === 'done') bothMs.value = performance.now() - started;
}
