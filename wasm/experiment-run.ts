// A DIPS-paper experiment run one point at a time, so the worker can report progress after each
// point and answer other requests between points (./worker-core.ts). Each step is one x of the
// resolved spec with all its repetitions; the points are exactly those of a one-shot
// `Engine.experiment` of the same spec (each point is computed on its own either way).
import type { Engine } from './engine';
import type { ExperimentPoint, ExperimentProgress, ExperimentResult, ExperimentSpec, ResolvedExperimentSpec } from './types';

export class ExperimentRun {
  readonly plan: ResolvedExperimentSpec;
  private readonly points: ExperimentPoint[] = [];

  /** Checks the spec and fills in its defaults. @throws ScenarioError naming the field. */
  constructor(
    private readonly engine: Engine,
    spec: ExperimentSpec,
  ) {
    this.plan = engine.experimentPlan(spec);
  }

  get done(): boolean {
    return this.points.length === this.plan.xs.length;
  }

  /** Computes the next point. @throws what the engine throws. */
  step(): ExperimentProgress {
    const x = this.plan.xs[this.points.length];
    if (x === undefined) throw new Error('the experiment is complete');
    const point = this.engine.experiment({ ...this.plan, xs: [x] }).points[0]!;
    this.points.push(point);
    return { done: this.points.length, total: this.plan.xs.length, point };
  }

  /** The whole result, once `done`. */
  result(): ExperimentResult {
    return { ...this.plan, points: [...this.points] };
  }
}

/** Runs every step at once, reporting each point (for scripts and tests; the worker interleaves). */
export function runExperiment(engine: Engine, spec: ExperimentSpec, onProgress?: (progress: ExperimentProgress) => void): ExperimentResult {
  const run = new ExperimentRun(engine, spec);
  while (!run.done) {
    const progress = run.step();
    onProgress?.(progress);
  }
  return run.result();
}
