/**
 * Weighted batch least-squares orbit determination (after Orekit's `BatchLSEstimator` with QR decomposition, the
 * set-up of the reference scenarios): the iteration loop over the modules of ../common/ — the unknowns and their
 * scales (parameters.ts), one evaluation with its Jacobian (evaluation.ts), which measurements it uses (editing.ts),
 * where the fit iterates and how the result reaches the solution epoch (solutionEpoch.ts) — and of this folder — when
 * the iterations stop (convergence.ts), the Levenberg–Marquardt damping (damping.ts) and the arc extension from a poor
 * a priori (arcExtension.ts).
 *
 * Step: min |W^½(H·Δ − r)| by Householder QR on the column-scaled weighted Jacobian (no normal equations), undamped
 * (`GAUSS_NEWTON`, Orekit's optimizer) or with Marquardt damping after a step that raised the cost
 * (`LEVENBERG_MARQUARDT`, the default: the same steps and counts as Gauss–Newton while those lower the cost). Φ
 * schedule: the first evaluation, and any after a large correction (> 1 km, > 1 m/s, > 10 % in Cd or Cr), integrate Φ
 * with central + J2 partials only; the first evaluation after a small correction integrates the full semi-analytic Φ,
 * and later ones reuse it (../common/evaluation.ts). On the references this keeps Orekit's evaluation counts and its formal
 * sigmas to 4 digits with one full variational propagation instead of six — an evaluation with the full variational
 * equations costs about four without.
 *
 * With Cd, Cr or biases to estimate, the first evaluations correct the state alone, until a state correction is at
 * most 100 m (normalized 100): from a km-level a priori, a first full step throws Cd far off (below zero on the
 * reference scenario with Cd, Cr and range/range-rate biases free), a step the state-only fit never needs.
 *
 * Weights: 1/σ² per component, σ from the measurement, else the station's per-type σ, else the kind's default
 * (measurements/observables.ts). Covariance: the formal (HᵀWH)⁻¹ of an undamped solve at the final point, not
 * scaled by the post-fit variance (as Orekit's), mapped to the solution epoch. */
import { MU_EARTH_M3S2 } from '../../constants.ts';
import { propagateStoredState, type EarthData, type StoredStatePropagationInput } from '../../propagation/storedState.ts';
import { RankDeficientError, solveLeastSquares } from '../../math/leastSquares.ts';
import { prepareMeasurements, type MeasurementRecord } from '../../measurements/prepare.ts';
import { residualStatistics } from '../../measurements/residuals.ts';
import type { ResidualRow } from '../../measurements/types.ts';
import { PropagationError } from '../../forces/errors.ts';
import { Epoch } from '../../time/epoch.ts';
import { ConvergenceMonitor, evaluationLimit } from './convergence.ts';
import { DEFAULT_EDITING_SIGMA } from '../common/editing.ts';
import { Evaluator, type Evaluation, type EvaluationSetup, type JacobianSource } from '../common/evaluation.ts';
import { binarySearch } from '../../measurements/residuals.ts';
import { transformCovariance } from '../../math/covariance.ts';
import { arcLengths, ARC_CONVERGENCE_THRESHOLD, ARC_PROBE_EVALUATIONS, ARC_PROBE_RMS, ARC_RMS_CONVERGENCE_THRESHOLD } from './arcExtension.ts';
import {
  COST_INCREASE_TOLERANCE,
  costOn,
  DAMPING_FACTOR,
  dampingAfterKeptStep,
  DEFAULT_OPTIMIZER,
  INITIAL_DAMPING,
  linearReduction,
  MAX_DAMPING,
} from './damping.ts';
import { fitEpochOffset, orbitalPeriodS, solutionMapping } from '../common/solutionEpoch.ts';
import { EstimationFailure } from '../common/failure.ts';
import { applyStep, coefficientSensitivities, estimatedParameters, type EstimatedParameters, type StepSize } from '../common/parameters.ts';
import type {
  EstimationInput,
  EstimationProgress,
  EstimationResult,
  ForceModelDescription,
  IterationRecord,
  MeasurementCount,
  Optimizer,
  PostFitRow,
} from '../common/types.ts';

/**
 * Integrator position tolerance dP (m) of the fit unless the input sets one. Measured on the reference scenarios: the
 * estimate is within 1.2 cm of Orekit's (dP 1e-6 m) at 1e-4 as at 1e-5, 5.6 cm at 1e-3; 1-day propagations at 1e-4
 * stay within 1 cm of converged ones in LEO and GTO (test/fixtures/propagation), with 20 % fewer steps than 1e-5.
 */
export const OD_POSITION_TOLERANCE_M = 1e-4;

/** Corrections above these recompute Φ at the next evaluation. */
const STM_REFRESH_POSITION_KM = 1;
const STM_REFRESH_VELOCITY_KM_S = 1e-3;
const STM_REFRESH_RELATIVE_COEFFICIENT = 0.1;
/**
 * With Cd, Cr or biases to estimate, evaluations fit the state alone until a state correction is at most this
 * (normalized: 100 m, ~0.1 m/s); then every parameter is estimated (the switch itself computes the full Φ).
 */
const STATE_ONLY_CORRECTION = 100;

export interface EstimationHooks {
  onIteration?(progress: EstimationProgress): void;
  /** Polled between evaluations; true stops the fit with a CANCELLED failure. */
  isCancelled?(): boolean;
}

function describeForceModel(input: StoredStatePropagationInput, massKg: number, cd: number, cr: number, dP: number): ForceModelDescription {
  const fm = input.forceModel;
  const degree = fm.gravityDegree ?? 20;
  return {
    gravityDegree: degree,
    gravityOrder: fm.gravityOrder ?? Math.min(20, degree),
    atmosphere: fm.atmosphere ?? 'HARRIS_PRIESTER',
    solarRadiationPressure: fm.solarRadiationPressure ?? true,
    thirdBodies: [...(fm.thirdBodies ?? ['SUN', 'MOON'])],
    massKg,
    dragAreaM2: input.spacecraft.dragAreaM2 ?? 0,
    dragCoefficient: cd,
    srpAreaM2: input.spacecraft.srpAreaM2 ?? 0,
    reflectivityCoefficient: cr,
    maneuvers: input.burns.length,
    positionToleranceM: dP,
  };
}

/**
 * QR solve on the used rows of evaluation `e` over the first `k` parameters: normalized step (n values) and
 * covariance (n×n). A column without any information (a bias whose station has no used measurement left) is held:
 * zero step, zero covariance row and column, and its name added to `held` (cleared first).
 */
function solveStep(
  e: Evaluation,
  k: number,
  params: EstimatedParameters,
  capacity: number,
  held: Set<string>,
  damping = 0,
): { step: Float64Array; covariance: Float64Array } {
  const n = params.names.length;
  const m = e.usedComponents;
  held.clear();
  const active: number[] = [];
  for (let j = 0; j < k; j++) {
    let any = false;
    for (let i = 0; i < m && !any; i++) any = e.jacobian[j * capacity + i] !== 0;
    if (any) active.push(j);
    else if (j >= 6) held.add(params.names[j]!);
    else throw new RankDeficientError(j);
  }
  // compact the column-major storage from `capacity` rows to m rows, active columns only; with damping λ, one more
  // row per column, √λ·|column| (Marquardt's scaling: the step minimizes |J·δ − r|² + λ·Σ_j (JᵀJ)_jj·δ_j²)
  const ka = active.length;
  const rows = damping > 0 ? m + ka : m;
  const a = new Float64Array(rows * ka);
  active.forEach((j, c) => {
    const column = e.jacobian.subarray(j * capacity, j * capacity + m);
    a.set(column, c * rows);
    if (damping > 0) {
      let norm2 = 0;
      for (let i = 0; i < m; i++) norm2 += column[i]! * column[i]!;
      a[c * rows + m + c] = Math.sqrt(damping * norm2);
    }
  });
  const b = new Float64Array(rows);
  b.set(e.rhs.subarray(0, m));
  let sol;
  try {
    sol = solveLeastSquares(a, b, rows, ka);
  } catch (error) {
    if (error instanceof RankDeficientError) throw new RankDeficientError(active[error.column]!);
    throw error;
  }
  const step = new Float64Array(n);
  const covariance = new Float64Array(n * n);
  active.forEach((j, c) => {
    step[j] = sol.x[c]!;
    active.forEach((l, d) => (covariance[j * n + l] = sol.covariance[c * ka + d]!));
  });
  return { step, covariance };
}

/** Batch least-squares fit (see the header). Throws `EstimationFailure` for requests that cannot be fitted at all. */
export function estimateOrbit(
  input: Omit<EstimationInput, 'progressPort' | 'cancel'>,
  earth: EarthData,
  hooks: EstimationHooks = {},
): EstimationResult {
  const fit = prepareFit(input, earth);
  const progress: FitProgress = {
    iterations: [],
    held: new Set<string>(),
    evaluations: 0,
    // Cd, Cr and biases join once the state is close (see STATE_ONLY_CORRECTION); a first step from a km-level a
    // priori would otherwise throw them far off (Cd absorbing the along-track error, even below zero)
    allParameters: fit.params.names.length === 6,
  };
  const initialValues = fit.params.values.slice();
  let outcome = new IterationRun(fit, progress, hooks, fit.evaluator, null, fit.lm).run();
  if (outcome.restart) outcome = extendArcs(fit, progress, hooks, initialValues, outcome);
  return fitResult(fit, progress, outcome);
}

/** What stays fixed through a fit: the request's settings, the epochs, the measurements and the unknowns. */
interface FitSetup {
  apriori: StoredStatePropagationInput;
  optimizer: Optimizer;
  /** Levenberg–Marquardt (else Gauss–Newton). */
  lm: boolean;
  maxIterations: number;
  /** Integrator position tolerance dP, m. */
  positionToleranceM: number;
  solutionEpoch: Epoch;
  fitEpoch: Epoch;
  /** The solution epoch, s from the fit epoch. */
  solutionS: number;
  muKm3S2: number;
  records: readonly MeasurementRecord[];
  skipped: EstimationResult['skipped'];
  params: EstimatedParameters;
  /** The a priori Cd and Cr (echoed when not estimated). */
  cd0: number;
  cr0: number;
  /** The evaluation set-up but for its measurements and extra output times (shared by the whole span and the arcs). */
  evaluation: Omit<EvaluationSetup, 'records' | 'extraTimesS'>;
  /** The evaluator over every measurement, with the solution epoch as an extra output time. */
  evaluator: Evaluator;
}

/** What the runs of iterations share: the record of every evaluation, the held parameters, whether all are free. */
interface FitProgress {
  iterations: IterationRecord[];
  held: Set<string>;
  evaluations: number;
  allParameters: boolean;
}

/**
 * The fit's set-up: the fit epoch and the measurements prepared there, the a priori at the fit epoch (GCRF) with its
 * mass, the unknowns at their a priori values, the evaluator; TOO_FEW_MEASUREMENTS when the unknowns outnumber the
 * residual components.
 */
function prepareFit(input: Omit<EstimationInput, 'progressPort' | 'cancel'>, earth: EarthData): FitSetup {
  const apriori = input.apriori;
  const optimizer: Optimizer = input.optimizer ?? DEFAULT_OPTIMIZER;
  const positionToleranceM = apriori.integrator?.positionToleranceM ?? OD_POSITION_TOLERANCE_M;
  const aprioriEpoch = Epoch.parse(apriori.state.epoch, 'UTC');
  const solutionEpoch = Epoch.parse(input.solutionEpochUtc ?? apriori.state.epoch, 'UTC');
  const muKm3S2 = (apriori.forceModel.muM3S2 ?? MU_EARTH_M3S2) / 1e9;
  const { set, fitEpoch, fitEpochText } = fitEpochAndMeasurements(input, earth, aprioriEpoch, muKm3S2);

  // ---- a priori at the fit epoch (GCRF), and its mass there ----
  const start = propagateStoredState(apriori, Float64Array.of(fitEpoch.secondsSince(aprioriEpoch)), earth);
  if (start.result.timesS.length === 0) {
    throw new EstimationFailure('ORBIT_DECAYED', 'the a priori orbit decays below the propagation floor before the measurements begin');
  }
  const sensitivities = coefficientSensitivities(apriori, input.solveFor);

  // ---- measurements and parameters ----
  const records = set.records;
  const candidates = records.filter((r) => !r.input.outlier);
  const params = estimatedParameters(apriori, input.solveFor, sensitivities, start.result.statesKm, candidates);
  const n = params.names.length;
  const solutionS = solutionEpoch.secondsSince(fitEpoch);
  const evaluation = {
    apriori, earth, fitEpoch, fitEpochText, massKg: start.result.massKg[0]!, positionToleranceM,
    editingSigma: input.editingSigma ?? DEFAULT_EDITING_SIGMA, params,
  };
  const evaluator = new Evaluator({ ...evaluation, extraTimesS: [solutionS], records });
  const availableComponents = evaluator.capacity;
  if (availableComponents < n) {
    throw new EstimationFailure(
      'TOO_FEW_MEASUREMENTS',
      `${availableComponents} measurement component${availableComponents === 1 ? '' : 's'} for ${n} solve-for parameters`,
      { measurementComponents: availableComponents, parameters: n, measurements: candidates.length, skipped: set.skipped.length },
    );
  }
  return {
    apriori, optimizer, lm: optimizer === 'LEVENBERG_MARQUARDT', maxIterations: evaluationLimit(input.maxIterations), positionToleranceM,
    solutionEpoch, fitEpoch, solutionS, muKm3S2, records, skipped: set.skipped, params,
    cd0: apriori.spacecraft.dragCoefficient ?? 0, cr0: apriori.spacecraft.reflectivityCoefficient ?? 0, evaluation, evaluator,
  };
}

/** The fit epoch: the a priori's, or the nearer end of the measurement span when it lies outside; the measurements there. */
function fitEpochAndMeasurements(
  input: Omit<EstimationInput, 'progressPort' | 'cancel'>,
  earth: EarthData,
  aprioriEpoch: Epoch,
  muKm3S2: number,
): { set: ReturnType<typeof prepareMeasurements>; fitEpoch: Epoch; fitEpochText: string } {
  const apriori = input.apriori;
  let set = prepareMeasurements(aprioriEpoch, input.stations, input.measurements, earth.eop);
  const fitOffsetS = fitEpochOffset(set.records, orbitalPeriodS(apriori.state.positionKm, apriori.state.velocityKmS, muKm3S2));
  const fitEpochText = fitOffsetS === 0 ? apriori.state.epoch : aprioriEpoch.plusSeconds(fitOffsetS).toIsoString(9);
  const fitEpoch = Epoch.parse(fitEpochText, 'UTC');
  if (fitOffsetS !== 0) set = prepareMeasurements(fitEpoch, input.stations, input.measurements, earth.eop);
  return { set, fitEpoch, fitEpochText };
}

/**
 * Iterates on the measurements of one evaluator (a short arc, or the whole span) from the current values, with
 * `fit.maxIterations` evaluations; `arcSeconds` is recorded with each evaluation (null: the whole span). With `probe`,
 * gives up early (restart) when after ARC_PROBE_EVALUATIONS evaluations the weighted RMS is still above ARC_PROBE_RMS.
 * One iteration: evaluate; with Levenberg–Marquardt keep the point or step again from the kept one with more damping;
 * test convergence; solve the step and apply it.
 */
class IterationRun {
  private readonly monitor: ConvergenceMonitor;
  /** Residual components of the evaluator's measurements: the Jacobian's row capacity. */
  private readonly components: number;
  // the first evaluation and those after large corrections take the cheap STM; then one full one, reused after
  private jacobianSource: JacobianSource = 'CENTRAL_J2';
  private haveFullStm = false;
  /** The last kept evaluation (Gauss–Newton: the last one): the point steps are solved from and the result. */
  private current: Evaluation | null = null;
  private lastStepAll: boolean;
  /** Damping of the last step applied (0: undamped). */
  private stepDamping = 0;
  /** Nielsen's ν: the factor of the next increase of λ. */
  private increase = DAMPING_FACTOR;
  /** Σr² − |r − J·δ|² of the last step: the cost reduction the linear model predicts. */
  private predictedReduction = 0;
  private bestRms = Number.POSITIVE_INFINITY;

  constructor(
    private readonly fit: FitSetup,
    private readonly progress: FitProgress,
    private readonly hooks: EstimationHooks,
    private readonly evaluator: Evaluator,
    private readonly arcSeconds: number | null,
    private readonly probe: boolean,
  ) {
    this.components = evaluator.capacity;
    // a short arc only seeds the next one: metre-level steps and a settled RMS are enough there
    this.monitor = arcSeconds === null
      ? new ConvergenceMonitor(fit.maxIterations)
      : new ConvergenceMonitor(fit.maxIterations, ARC_CONVERGENCE_THRESHOLD, ARC_RMS_CONVERGENCE_THRESHOLD);
    this.lastStepAll = progress.allParameters;
  }

  run(): ArcOutcome {
    for (let iteration = 1; ; iteration++) {
      const { e, entry, unevaluable } = this.evaluateNext(iteration);
      if (unevaluable !== null && !this.fit.lm) return this.outcome(false, unevaluable);
      const current = this.current;
      const ended = this.fit.lm && current !== null && !this.lowersCost(current, e)
        ? this.stepAgainDamped(current, entry, iteration)
        : this.keep(e!, entry, iteration);
      if (ended !== null) return ended;
    }
  }

  /**
   * Evaluation `iteration` at the current values, recorded and reported; `unevaluable` when the trial cannot be
   * propagated (e.g. it decays) after a kept point (the first evaluation's PropagationError is thrown).
   */
  private evaluateNext(iteration: number): { e: Evaluation | null; entry: IterationRecord; unevaluable: string | null } {
    const { fit, progress, current } = this;
    if (this.hooks.isCancelled?.()) throw new EstimationFailure('CANCELLED', `cancelled after ${progress.evaluations} evaluations`);
    const number = ++progress.evaluations;
    // while damped, the measurement set stays that of the kept point: costs compare on one set
    const frozen = fit.lm && current !== null && this.stepDamping > 0 ? current.rejection : undefined;
    const entry: IterationRecord = { iteration: number, weightedRms: Number.NaN, rejected: 0, stateCorrectionNorm: null, damping: null, accepted: true, arcSeconds: this.arcSeconds };
    let e: Evaluation | null = null;
    let unevaluable: string | null = null;
    try {
      // (`step` below sets the source for the next evaluation)
      const source = this.jacobianSource;
      e = this.evaluator.evaluate(fit.params.values, source, this.monitor.previousRms, iteration, frozen);
      if (source !== 'REUSE') this.haveFullStm = source === 'FULL';
    } catch (error) {
      if (!(error instanceof PropagationError) || current === null) throw error;
      unevaluable = `evaluation ${number}: ${error.message}`;
    }
    if (e !== null) {
      entry.weightedRms = e.weightedRms;
      entry.rejected = e.rejected;
    }
    progress.iterations.push(entry);
    this.hooks.onIteration?.({ iteration: number, weightedRms: entry.weightedRms, rejected: entry.rejected });
    return { e, entry, unevaluable };
  }

  /**
   * Levenberg–Marquardt: keep the point only if it lowers the cost over the measurements both points use (while
   * damped the editing is frozen, so that is the kept point's set; after an undamped step the editor may have dropped
   * some at the new point — gross errors a better orbit reveals must not veto it); a trial that cannot be propagated
   * (e.g. one that decays) is rejected too; tiny increases near the minimum are numerical noise.
   */
  private lowersCost(current: Evaluation, e: Evaluation | null): boolean {
    const before = e === null ? current.cost : costOn(current, current.rejection, e.rejection);
    const after = e === null ? Number.NaN : costOn(e, current.rejection, e.rejection);
    return after <= before * (1 + COST_INCREASE_TOLERANCE);
  }

  /** The trial raised the cost: step again from the kept point with more damping; the outcome if the run ends. */
  private stepAgainDamped(current: Evaluation, entry: IterationRecord, iteration: number): ArcOutcome | null {
    entry.accepted = false;
    const budget = this.fit.maxIterations;
    if (iteration >= budget) {
      return this.outcome(false, `no convergence in ${budget} evaluations (Levenberg–Marquardt, damping ${this.stepDamping.toPrecision(3)}, weighted RMS ${current.weightedRms.toPrecision(4)})`);
    }
    if (this.probe && iteration >= ARC_PROBE_EVALUATIONS && this.bestRms > ARC_PROBE_RMS) return this.outcome(false, null, true);
    const damping = this.stepDamping === 0 ? INITIAL_DAMPING : this.stepDamping * this.increase;
    this.increase *= 2;
    if (damping > MAX_DAMPING) {
      return this.outcome(false, `Levenberg–Marquardt stalled: no step lowers the weighted RMS ${current.weightedRms.toPrecision(4)} even with damping ${MAX_DAMPING.toExponential(0)}`, this.probe);
    }
    const failure = this.step(current, damping, entry);
    return failure !== null ? this.outcome(false, failure) : null;
  }

  /** The kept point `e`: the convergence test, then the next step from it; the outcome if the run ends. */
  private keep(e: Evaluation, entry: IterationRecord, iteration: number): ArcOutcome | null {
    const current = this.current;
    // the kept point: the damping falls towards Gauss–Newton by the gain ratio ρ (Nielsen's update)
    let damping = 0;
    if (current !== null && this.stepDamping > 0) {
      const gain = this.predictedReduction > 0 ? (current.cost - costOn(e, current.rejection)) / this.predictedReduction : 0;
      damping = dampingAfterKeptStep(this.stepDamping, gain);
    }
    this.increase = DAMPING_FACTOR;
    this.current = e;
    this.bestRms = Math.min(this.bestRms, e.weightedRms);
    const unusable = this.monitor.unusable(iteration, e.usedComponents, this.fit.params.names.length, e.weightedRms);
    if (unusable !== null) return this.outcome(false, unusable);
    const verdict = this.monitor.assess(iteration, e.weightedRms, this.lastStepAll && this.stepDamping === 0, this.progress.iterations);
    if (verdict !== null) {
      if ('converged' in verdict) return this.outcome(true, null);
      // a diverging fit is retried on arcs; one out of evaluations is not (the budget is the caller's)
      return this.outcome(false, verdict.failure, this.probe && iteration < this.fit.maxIterations);
    }
    if (this.probe && iteration >= ARC_PROBE_EVALUATIONS && this.bestRms > ARC_PROBE_RMS) return this.outcome(false, null, true);
    const failure = this.step(e, damping, entry);
    return failure !== null ? this.outcome(false, failure) : null;
  }

  /**
   * Solves the step from evaluation `base` with damping `damping` (raised while the step lands on an escape orbit
   * or a non-positive coefficient, Levenberg–Marquardt only) and applies it to the values; the failure otherwise.
   */
  private step(base: Evaluation, damping: number, entry: IterationRecord): string | null {
    const { params, lm, muKm3S2 } = this.fit;
    const values = params.values;
    for (;;) {
      values.set(base.values);
      let solved: { step: Float64Array; covariance: Float64Array };
      try {
        solved = solveStep(base, this.progress.allParameters ? params.names.length : 6, params, this.components, this.progress.held, damping);
      } catch (error) {
        if (error instanceof RankDeficientError) {
          return `the data cannot separate ${params.names[error.column]} from the other parameters (rank-deficient Jacobian at evaluation ${entry.iteration})`;
        }
        throw error;
      }
      const size = applyStep(params, solved.step);
      const invalid = this.monitor.invalidStep(entry.iteration, params, muKm3S2);
      if (invalid === null) {
        this.stepped(base, solved.step, size, damping, entry);
        return null;
      }
      if (!lm) {
        values.set(base.values);
        return invalid;
      }
      // Levenberg–Marquardt: a step onto an escape orbit (or Cd ≤ 0) is a rejected step — damp it more
      damping = damping === 0 ? INITIAL_DAMPING : damping * this.increase;
      this.increase *= 2;
      if (damping > MAX_DAMPING) {
        values.set(base.values);
        return `Levenberg–Marquardt stalled: ${invalid} even with damping ${MAX_DAMPING.toExponential(0)}`;
      }
    }
  }

  /** Records the applied step (normalized `step`, its `size`) and chooses the Φ of the next evaluation. */
  private stepped(base: Evaluation, step: Float64Array, size: StepSize, damping: number, entry: IterationRecord): void {
    this.predictedReduction = linearReduction(base, step, this.components);
    entry.stateCorrectionNorm = size.maxNormalized;
    entry.damping = damping;
    this.stepDamping = damping;
    this.lastStepAll = this.progress.allParameters;
    this.monitor.stepped(size.maxNormalized, base.weightedRms);
    if (!this.progress.allParameters && size.maxStateNormalized <= STATE_ONLY_CORRECTION) {
      this.progress.allParameters = true;
      this.jacobianSource = 'FULL';
      return;
    }
    const large = size.positionKm > STM_REFRESH_POSITION_KM || size.velocityKmS > STM_REFRESH_VELOCITY_KM_S || size.relativeCoefficient > STM_REFRESH_RELATIVE_COEFFICIENT;
    this.jacobianSource = large ? 'CENTRAL_J2' : this.haveFullStm ? 'REUSE' : 'FULL';
  }

  private outcome(converged: boolean, failureReason: string | null, restart = false): ArcOutcome {
    return { current: this.current!, converged, failureReason, restart };
  }
}

/**
 * Levenberg–Marquardt makes no headway over the whole span (a poor a priori: a km/m·s⁻¹ energy error has drifted by a
 * good part of an orbit at the far end, where the problem is far from linear): start again from the a priori
 * `initialValues` on a short arc around the fit epoch and lengthen it, each fit seeding the next, then fit the whole
 * span. `probe`: how the first whole-span run ended.
 */
function extendArcs(fit: FitSetup, progress: FitProgress, hooks: EstimationHooks, initialValues: Float64Array, probe: ArcOutcome): ArcOutcome {
  const { params, records } = fit;
  const values = params.values;
  const n = params.names.length;
  values.set(initialValues);
  progress.allParameters = n === 6;
  // an arc that does not converge is skipped: the next, longer one starts from where that one started
  let arcFailure: string | null = null;
  for (const arcSeconds of arcLengths(records, values, fit.muKm3S2, n)) {
    const arcRecords = records.filter((r) => Math.abs(r.tagS) <= arcSeconds);
    const arcEvaluator = new Evaluator({ ...fit.evaluation, extraTimesS: [], records: arcRecords });
    const arcStart = values.slice();
    const arcAllParameters = progress.allParameters;
    const arc = unlessUnpropagable(() => new IterationRun(fit, progress, hooks, arcEvaluator, arcSeconds, false).run());
    if (typeof arc !== 'string' && arc.converged) {
      values.set(arc.current.values);
      arcFailure = null;
    } else {
      values.set(arcStart);
      progress.allParameters = arcAllParameters;
      arcFailure = `the fit over ±${(arcSeconds / 3600).toFixed(1)} h around ${fit.fitEpoch.toIsoString(0)} did not converge either (${typeof arc === 'string' ? arc : arc.failureReason})`;
    }
  }
  const full = unlessUnpropagable(() => new IterationRun(fit, progress, hooks, fit.evaluator, null, false).run());
  // (a whole-span fit that cannot even start after the arcs reports the probe's last point)
  let outcome = typeof full === 'string' ? { ...probe, failureReason: `after arc extension: ${full}` } : full;
  if (!outcome.converged && arcFailure !== null) outcome = { ...outcome, failureReason: `${outcome.failureReason}; ${arcFailure}` };
  return outcome;
}

/** The result: the kept point of `outcome`, mapped to the solution epoch. */
function fitResult(fit: FitSetup, progress: FitProgress, outcome: ArcOutcome): EstimationResult {
  const { params, solutionS } = fit;
  const { names, values, dragIndex, srpIndex } = params;
  const e = outcome.current;
  values.set(e.values);
  const { postFit, counts } = postFitResiduals(fit.records, e);
  const covariance = solutionCovariance(fit, e, progress.held);
  const result = e.propagation.result;
  const slot = binarySearch(result.timesS, solutionS);
  const stateKm = result.statesKm.subarray(6 * slot, 6 * slot + 6);
  const massKg = result.massKg[slot]!;
  const estimatedParameterValues: Record<string, number> = {};
  names.forEach((name, j) => (estimatedParameterValues[name] = j < 6 ? stateKm[j]! : values[j]!));
  const usedRows = new Set<ResidualRow>(postFit.filter((r) => !r.rejected));
  return {
    converged: outcome.converged,
    failureReason: outcome.failureReason,
    optimizer: fit.optimizer,
    iterations: progress.iterations,
    epochUtc: fit.solutionEpoch.toIsoString(6),
    fitEpochUtc: fit.fitEpoch.toIsoString(6),
    positionKm: [stateKm[0]!, stateKm[1]!, stateKm[2]!],
    velocityKmS: [stateKm[3]!, stateKm[4]!, stateKm[5]!],
    massKg,
    parameterNames: names,
    parameterUnits: params.units,
    estimatedParameters: estimatedParameterValues,
    covariance,
    heldParameters: [...progress.held],
    residuals: postFit,
    statistics: residualStatistics(postFit, (r) => usedRows.has(r)),
    counts: [...counts.values()].sort((a, b) => a.kind.localeCompare(b.kind) || (a.stationId ?? '').localeCompare(b.stationId ?? '')),
    skipped: fit.skipped,
    forceModel: describeForceModel(fit.apriori, massKg, dragIndex >= 0 ? values[dragIndex]! : fit.cd0, srpIndex >= 0 ? values[srpIndex]! : fit.cr0, fit.positionToleranceM),
  };
}

/** The post-fit residual rows of evaluation `e` with their editing decisions, and the counts per kind and station. */
function postFitResiduals(records: readonly MeasurementRecord[], e: Evaluation): { postFit: PostFitRow[]; counts: Map<string, MeasurementCount> } {
  const postFit: PostFitRow[] = [];
  const counts = new Map<string, MeasurementCount>();
  for (let i = 0; i < records.length; i++) {
    const row = e.rows[i]!;
    const reason = e.rejection[i];
    postFit.push(reason ? { ...row, rejected: true, rejectionReason: reason } : { ...row, rejected: false });
    const key = `${row.kind}|${row.stationId ?? ''}`;
    const c = counts.get(key) ?? { kind: row.kind, stationId: row.stationId, used: 0, rejected: 0 };
    if (reason) c.rejected++;
    else c.used++;
    counts.set(key, c);
  }
  return { postFit, counts };
}

/**
 * The covariance at the solution epoch (physical units, row-major; empty when the kept point `e` cannot give one):
 * an undamped solve at the kept point, every parameter free (it refills `held`), unscaled by the parameter scales,
 * mapped as M·P·Mᵀ (solutionEpoch.ts).
 */
function solutionCovariance(fit: FitSetup, e: Evaluation, held: Set<string>): number[] {
  const { params, solutionS, evaluator } = fit;
  const n = params.names.length;
  let covarianceNormalized: Float64Array | null = null;
  if (e.usedComponents >= n) {
    try {
      covarianceNormalized = solveStep(e, n, params, evaluator.capacity, held, 0).covariance;
    } catch (error) {
      if (!(error instanceof RankDeficientError)) throw error;
    }
  }
  const mapping = solutionS === 0 ? null : solutionMapping(evaluator.variationalAt(solutionS), params);
  const covariance: number[] = [];
  if (covarianceNormalized !== null) {
    const physical = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) physical[i * n + j] = covarianceNormalized[i * n + j]! * params.scales[i]! * params.scales[j]!;
    const mapped = mapping === null ? physical : transformCovariance(physical, mapping);
    for (let i = 0; i < n * n; i++) covariance.push(mapped[i]!);
  }
  return covariance;
}

/** `run()`, or the message of the PropagationError it threw (a first evaluation that cannot be propagated). */
function unlessUnpropagable<T>(run: () => T): T | string {
  try {
    return run();
  } catch (error) {
    if (error instanceof PropagationError) return error.message;
    throw error;
  }
}

/** How a run of iterations ended; `restart`: the probe gave up (a poor a priori), go on with arc extension. */
interface ArcOutcome {
  current: Evaluation;
  converged: boolean;
  failureReason: string | null;
  restart: boolean;
}
