/**
 * When the Gauss–Newton iterations stop. Converged (Orekit's rule plus the weighted RMS): between two consecutive
 * evaluations every parameter changed by at most 1e-3 of its scale and the weighted RMS by at most 1e-3 relative.
 * Unconverged, with the reason: at `maxIterations` evaluations, when the weighted RMS grows for 3 evaluations in a row,
 * is not finite or rises 10× above its best, when editing leaves fewer residual components than unknowns, when a
 * correction would put the spacecraft on an escape orbit or turn Cd or Cr non-positive.
 */
import type { EstimatedParameters } from '../common/parameters.ts';
import type { IterationRecord } from '../common/types.ts';

export const DEFAULT_MAX_ITERATIONS = 25;
/** Hard bound on evaluations whatever the input says. */
export const MAX_ITERATIONS_LIMIT = 100;
/** Largest normalized parameter change at convergence (Orekit's reference set-up). */
export const CONVERGENCE_THRESHOLD = 1e-3;
/** Largest relative change of the weighted RMS at convergence. */
export const RMS_CONVERGENCE_THRESHOLD = 1e-3;
/** A weighted RMS this many times above the best one so far ends the fit as diverging. */
const DIVERGENCE_RMS_FACTOR = 10;
/** Evaluations in a row with a growing weighted RMS that end the fit as diverging. */
const RMS_GROWTH_LIMIT = 3;

/** The evaluation bound of a request: its `maxIterations` (default 25) within 1…100. */
export function evaluationLimit(maxIterations: number | undefined): number {
  return Math.min(MAX_ITERATIONS_LIMIT, Math.max(1, Math.floor(maxIterations ?? DEFAULT_MAX_ITERATIONS)));
}

/** The verdict on an evaluation: converged, failed (why), or go on. */
export type Verdict = { converged: true } | { failure: string } | null;

/** Follows the weighted RMS and the corrections from evaluation to evaluation. */
export class ConvergenceMonitor {
  /** Weighted RMS of the evaluation the last step was solved from (+∞ before the first step). */
  previousRms = Number.POSITIVE_INFINITY;
  /** Largest normalized correction of the last step (+∞ before the first). */
  lastCorrection = Number.POSITIVE_INFINITY;
  private bestRms = Number.POSITIVE_INFINITY;
  private rmsGrowth = 0;

  /**
   * `parameterThreshold` and `rmsThreshold`: the convergence rule's bounds (default CONVERGENCE_THRESHOLD and
   * RMS_CONVERGENCE_THRESHOLD; looser for the short arcs that only seed the next fit).
   */
  constructor(
    private readonly maxIterations: number,
    private readonly parameterThreshold = CONVERGENCE_THRESHOLD,
    private readonly rmsThreshold = RMS_CONVERGENCE_THRESHOLD,
  ) {}

  /** An evaluation that cannot give a step: too few residual components left by editing, or a non-finite RMS. */
  unusable(iteration: number, usedComponents: number, parameters: number, weightedRms: number): string | null {
    if (usedComponents < parameters) return `editing left ${usedComponents} residual components for ${parameters} parameters (evaluation ${iteration})`;
    if (!Number.isFinite(weightedRms)) return `the weighted RMS is not finite at evaluation ${iteration}`;
    return null;
  }

  /**
   * After evaluation `iteration` and the step solved from it: converged (the previous step, with every parameter
   * free, was small and the RMS did not move), diverging, out of evaluations, or null to apply the step.
   */
  assess(iteration: number, weightedRms: number, lastStepAllParameters: boolean, iterations: readonly IterationRecord[]): Verdict {
    const rmsChange = Math.abs(weightedRms - this.previousRms) / weightedRms;
    if (iteration > 1 && lastStepAllParameters && this.lastCorrection <= this.parameterThreshold && rmsChange <= this.rmsThreshold) {
      return { converged: true };
    }
    this.bestRms = Math.min(this.bestRms, weightedRms);
    if (weightedRms > DIVERGENCE_RMS_FACTOR * this.bestRms) {
      return { failure: `diverging: the weighted RMS rose to ${weightedRms.toPrecision(4)}, ${DIVERGENCE_RMS_FACTOR}× above its best ${this.bestRms.toPrecision(4)} (evaluation ${iteration})` };
    }
    this.rmsGrowth = weightedRms > this.previousRms ? this.rmsGrowth + 1 : 0;
    if (this.rmsGrowth >= RMS_GROWTH_LIMIT) {
      return { failure: `diverging: the weighted RMS grew for ${RMS_GROWTH_LIMIT} evaluations in a row (${iterations.slice(-4).map((x) => x.weightedRms.toPrecision(4)).join(' → ')})` };
    }
    if (iteration >= this.maxIterations) {
      return { failure: `no convergence in ${this.maxIterations} evaluations (last normalized correction ${this.lastCorrection.toPrecision(3)}, weighted RMS ${weightedRms.toPrecision(4)})` };
    }
    return null;
  }

  /** A step of largest normalized correction `correction` was applied after an evaluation of RMS `weightedRms`. */
  stepped(correction: number, weightedRms: number): void {
    this.lastCorrection = correction;
    this.previousRms = weightedRms;
  }

  /**
   * Why the values after the step of evaluation `iteration` cannot be evaluated: an escape orbit (specific energy
   * v²/2 − μ/r not negative, μ in km³/s²) or a non-positive Cd or Cr (not observable with these data); null if fine.
   */
  invalidStep(iteration: number, params: EstimatedParameters, muKm3S2: number): string | null {
    const values = params.values;
    const rNew = Math.hypot(values[0]!, values[1]!, values[2]!);
    const energy = 0.5 * (values[3]! ** 2 + values[4]! ** 2 + values[5]! ** 2) - muKm3S2 / rNew;
    if (!(energy < 0)) return `diverging: the correction of evaluation ${iteration} puts the spacecraft on an escape orbit (|r| ${rNew.toFixed(0)} km)`;
    const { dragIndex, srpIndex } = params;
    if ((dragIndex >= 0 && !(values[dragIndex]! > 0)) || (srpIndex >= 0 && !(values[srpIndex]! > 0))) {
      return `the ${dragIndex >= 0 && !(values[dragIndex]! > 0) ? 'drag' : 'SRP'} coefficient estimate turned non-positive at evaluation ${iteration} (not observable with these data)`;
    }
    return null;
  }
}
