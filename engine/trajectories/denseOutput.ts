/**
 * Trajectory adapter (a): our numerical propagation's dense output (`propagate({ …, denseOutput: true })`).
 *
 * Each integration step of Dormand–Prince 8(5,3) carries Hairer's 7th-order continuous extension (engine/propagation
 * dop853.ts, `evaluateDenseStep`); evaluating the step that contains t gives the state the integrator itself would
 * have interpolated for an output point there, with an error of the order of the integration tolerance. Finite
 * burns and shadow boundaries end steps, so no step straddles a discontinuity of the force model.
 */
import { evaluateDenseStep } from '../propagation/dop853.ts';
import { DENSE_OUTPUT_STEP_SIZE, type DenseOutput } from '../propagation/propagator.ts';
import type { Epoch } from '../time/epoch.ts';
import { requireInSpan, type Trajectory } from './trajectory.ts';
import { lastAtOrBefore } from './locate.ts';

export class DenseOutputTrajectory implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  private readonly steps: Float64Array;
  private readonly stepCount: number;
  /** Step of the previous call: event searches move forward in small increments. */
  private current = 0;

  /** `epoch` is the propagation epoch (t = 0 of the propagation request). */
  constructor(dense: DenseOutput, epoch: Epoch) {
    if (dense.stepCount < 1) throw new RangeError('the dense output holds no integration step');
    this.epoch = epoch;
    this.steps = dense.steps;
    this.stepCount = dense.stepCount;
    this.startS = dense.steps[0]!;
    this.endS = dense.steps[(dense.stepCount - 1) * DENSE_OUTPUT_STEP_SIZE + 1]!;
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    const k = this.stepOf(tS);
    evaluateDenseStep(this.steps, k * DENSE_OUTPUT_STEP_SIZE + 2, 6, tS, out);
  }

  /** Index of the step whose [tFrom, tTo] holds t: the previous one or its successor, else by bisection. */
  private stepOf(t: number): number {
    const s = this.steps;
    const n = DENSE_OUTPUT_STEP_SIZE;
    const k = this.current;
    if (t >= s[k * n]! && t <= s[k * n + 1]!) return k;
    if (k + 1 < this.stepCount && t >= s[(k + 1) * n]! && t <= s[(k + 1) * n + 1]!) {
      this.current = k + 1;
      return k + 1;
    }
    this.current = lastAtOrBefore(s, n, this.stepCount, t);
    return this.current;
  }
}
