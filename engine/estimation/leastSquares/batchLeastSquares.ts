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
import { prepareMeasurements } from '../../measurements/prepare.ts';
import { residualStatistics } from '../../measurements/residuals.ts';
import type { ResidualRow } from '../../measurements/types.ts';
import { PropagationError } from '../../forces/errors.ts';
import { Epoch } from '../../time/epoch.ts';
import { ConvergenceMonitor, evaluationLimit } from './convergence.ts';
import { DEFAULT_EDITING_SIGMA } from '../common/editing.ts';
import { Evaluator, type Evaluation, type JacobianSource } from '../common/evaluation.ts';
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
import { applyStep, coefficientSensitivities, estimatedParameters, type EstimatedParameters } from '../common/parameters.ts';
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
  const apriori = input.apriori;
  const optimizer: Optimizer = input.optimizer ?? DEFAULT_OPTIMIZER;
  const lm = optimizer === 'LEVENBERG_MARQUARDT';
  const maxIterations = evaluationLimit(input.maxIterations);
  const dP = apriori.integrator?.positionToleranceM ?? OD_POSITION_TOLERANCE_M;
  const aprioriEpoch = Epoch.parse(apriori.state.epoch, 'UTC');
  const solutionEpoch = Epoch.parse(input.solutionEpochUtc ?? apriori.state.epoch, 'UTC');

  // ---- the fit epoch: the a priori's, or the nearer end of the measurement span when it lies outside ----
  let set = prepareMeasurements(aprioriEpoch, input.stations, input.measurements, earth.eop);
  const muKm3S2 = (apriori.forceModel.muM3S2 ?? MU_EARTH_M3S2) / 1e9;
  const fitOffsetS = fitEpochOffset(set.records, orbitalPeriodS(apriori.state.positionKm, apriori.state.velocityKmS, muKm3S2));
  const fitEpochText = fitOffsetS === 0 ? apriori.state.epoch : aprioriEpoch.plusSeconds(fitOffsetS).toIsoString(9);
  const fitEpoch = Epoch.parse(fitEpochText, 'UTC');
  if (fitOffsetS !== 0) set = prepareMeasurements(fitEpoch, input.stations, input.measurements, earth.eop);
  const solutionS = solutionEpoch.secondsSince(fitEpoch);

  // ---- a priori at the fit epoch (GCRF), and its mass there ----
  const start = propagateStoredState(apriori, Float64Array.of(fitEpoch.secondsSince(aprioriEpoch)), earth);
  if (start.result.timesS.length === 0) {
    throw new EstimationFailure('ORBIT_DECAYED', 'the a priori orbit decays below the propagation floor before the measurements begin');
  }
  const fitMassKg = start.result.massKg[0]!;
  const cd0 = apriori.spacecraft.dragCoefficient ?? 0;
  const cr0 = apriori.spacecraft.reflectivityCoefficient ?? 0;
  const sensitivities = coefficientSensitivities(apriori, input.solveFor);

  // ---- measurements and parameters ----
  const records = set.records;
  const candidates = records.filter((r) => !r.input.outlier);
  const params = estimatedParameters(apriori, input.solveFor, sensitivities, start.result.statesKm, candidates);
  const { names, values, dragIndex, srpIndex } = params;
  const n = names.length;

  const evaluator = new Evaluator({
    apriori, earth, fitEpoch, fitEpochText, massKg: fitMassKg, positionToleranceM: dP, extraTimesS: [solutionS],
    editingSigma: input.editingSigma ?? DEFAULT_EDITING_SIGMA, records, params,
  });
  const availableComponents = evaluator.capacity;
  if (availableComponents < n) {
    throw new EstimationFailure(
      'TOO_FEW_MEASUREMENTS',
      `${availableComponents} measurement component${availableComponents === 1 ? '' : 's'} for ${n} solve-for parameters`,
      { measurementComponents: availableComponents, parameters: n, measurements: candidates.length, skipped: set.skipped.length },
    );
  }

  // ---- iterations ----
  const iterations: IterationRecord[] = [];
  const held = new Set<string>();
  let evaluations = 0;
  // Cd, Cr and biases join once the state is close (see STATE_ONLY_CORRECTION); a first step from a km-level a priori
  // would otherwise throw them far off (Cd absorbing the along-track error, even below zero)
  let allParameters = n === 6;

  /**
   * Iterates on the measurements of `arcEvaluator` from the current values, with `budget` evaluations; `arcSeconds`
   * is recorded with each evaluation (null: the whole span). With `probe`, gives up early (restart) when after
   * ARC_PROBE_EVALUATIONS evaluations the weighted RMS is still above ARC_PROBE_RMS.
   */
  const iterate = (arcEvaluator: Evaluator, budget: number, arcSeconds: number | null, probe: boolean): ArcOutcome => {
    const components = arcEvaluator.capacity;
    // a short arc only seeds the next one: metre-level steps and a settled RMS are enough there
    const monitor = arcSeconds === null ? new ConvergenceMonitor(budget) : new ConvergenceMonitor(budget, ARC_CONVERGENCE_THRESHOLD, ARC_RMS_CONVERGENCE_THRESHOLD);
    // the first evaluation and those after large corrections take the cheap STM; then one full one, reused after
    let jacobianSource: JacobianSource = 'CENTRAL_J2';
    let haveFullStm = false;
    /** The last kept evaluation (Gauss–Newton: the last one): the point steps are solved from and the result. */
    let current: Evaluation | null = null;
    let lastStepAll = allParameters;
    /** Damping of the last step applied (0: undamped). */
    let stepDamping = 0;
    /** Nielsen's ν: the factor of the next increase of λ. */
    let increase = DAMPING_FACTOR;
    /** Σr² − |r − J·δ|² of the last step: the cost reduction the linear model predicts. */
    let predictedReduction = 0;
    let bestRms = Number.POSITIVE_INFINITY;
    const outcome = (converged: boolean, failureReason: string | null, restart = false): ArcOutcome => ({
      current: current!, converged, failureReason, restart,
    });

    /**
     * Solves the step from evaluation `base` with damping `damping` (raised while the step lands on an escape orbit
     * or a non-positive coefficient, Levenberg–Marquardt only) and applies it to the values; the failure otherwise.
     */
    const step = (base: Evaluation, damping: number, entry: IterationRecord): string | null => {
      for (;;) {
        values.set(base.values);
        let solved: { step: Float64Array; covariance: Float64Array };
        try {
          solved = solveStep(base, allParameters ? n : 6, params, components, held, damping);
        } catch (error) {
          if (error instanceof RankDeficientError) {
            return `the data cannot separate ${names[error.column]} from the other parameters (rank-deficient Jacobian at evaluation ${entry.iteration})`;
          }
          throw error;
        }
        const size = applyStep(params, solved.step);
        const invalid = monitor.invalidStep(entry.iteration, params, muKm3S2);
        if (invalid !== null) {
          if (!lm) {
            values.set(base.values);
            return invalid;
          }
          // Levenberg–Marquardt: a step onto an escape orbit (or Cd ≤ 0) is a rejected step — damp it more
          damping = damping === 0 ? INITIAL_DAMPING : damping * increase;
          increase *= 2;
          if (damping > MAX_DAMPING) {
            values.set(base.values);
            return `Levenberg–Marquardt stalled: ${invalid} even with damping ${MAX_DAMPING.toExponential(0)}`;
          }
          continue;
        }
        predictedReduction = linearReduction(base, solved.step, components);
        entry.stateCorrectionNorm = size.maxNormalized;
        entry.damping = damping;
        stepDamping = damping;
        lastStepAll = allParameters;
        monitor.stepped(size.maxNormalized, base.weightedRms);
        if (!allParameters && size.maxStateNormalized <= STATE_ONLY_CORRECTION) {
          allParameters = true;
          jacobianSource = 'FULL';
          return null;
        }
        const large = size.positionKm > STM_REFRESH_POSITION_KM || size.velocityKmS > STM_REFRESH_VELOCITY_KM_S || size.relativeCoefficient > STM_REFRESH_RELATIVE_COEFFICIENT;
        jacobianSource = large ? 'CENTRAL_J2' : haveFullStm ? 'REUSE' : 'FULL';
        return null;
      }
    };

    for (let iteration = 1; ; iteration++) {
      if (hooks.isCancelled?.()) throw new EstimationFailure('CANCELLED', `cancelled after ${evaluations} evaluations`);
      const number = ++evaluations;
      // while damped, the measurement set stays that of the kept point: costs compare on one set
      const frozen = lm && current !== null && stepDamping > 0 ? current.rejection : undefined;
      const entry: IterationRecord = { iteration: number, weightedRms: Number.NaN, rejected: 0, stateCorrectionNorm: null, damping: null, accepted: true, arcSeconds };
      let e: Evaluation | null = null;
      let unevaluable: string | null = null;
      try {
        // (`step` below sets the source for the next evaluation)
        const source = jacobianSource as JacobianSource;
        e = arcEvaluator.evaluate(values, source, monitor.previousRms, iteration, frozen);
        if (source !== 'REUSE') haveFullStm = source === 'FULL';
      } catch (error) {
        if (!(error instanceof PropagationError) || current === null) throw error;
        unevaluable = `evaluation ${number}: ${error.message}`;
      }
      if (e !== null) {
        entry.weightedRms = e.weightedRms;
        entry.rejected = e.rejected;
      }
      iterations.push(entry);
      hooks.onIteration?.({ iteration: number, weightedRms: entry.weightedRms, rejected: entry.rejected });
      if (unevaluable !== null && !lm) return outcome(false, unevaluable);
      if (lm && current !== null) {
        // keep the point only if it lowers the cost over the measurements both points use (while damped the editing is
        // frozen, so that is the kept point's set; after an undamped step the editor may have dropped some at the new
        // point — gross errors a better orbit reveals must not veto it); a trial that cannot be propagated (e.g. one
        // that decays) is rejected too; tiny increases near the minimum are numerical noise
        const before = e === null ? current.cost : costOn(current, current.rejection, e.rejection);
        const after = e === null ? Number.NaN : costOn(e, current.rejection, e.rejection);
        if (!(after <= before * (1 + COST_INCREASE_TOLERANCE))) {
          entry.accepted = false;
          if (iteration >= budget) {
            return outcome(false, `no convergence in ${budget} evaluations (Levenberg–Marquardt, damping ${stepDamping.toPrecision(3)}, weighted RMS ${current.weightedRms.toPrecision(4)})`);
          }
          if (probe && iteration >= ARC_PROBE_EVALUATIONS && bestRms > ARC_PROBE_RMS) return outcome(false, null, true);
          const damping = stepDamping === 0 ? INITIAL_DAMPING : stepDamping * increase;
          increase *= 2;
          if (damping > MAX_DAMPING) {
            return outcome(false, `Levenberg–Marquardt stalled: no step lowers the weighted RMS ${current.weightedRms.toPrecision(4)} even with damping ${MAX_DAMPING.toExponential(0)}`, probe);
          }
          const failure = step(current, damping, entry);
          if (failure !== null) return outcome(false, failure);
          continue;
        }
      }
      e = e!;
      // the kept point: the damping falls towards Gauss–Newton by the gain ratio ρ (Nielsen's update)
      let damping = 0;
      if (current !== null && stepDamping > 0) {
        const gain = predictedReduction > 0 ? (current.cost - costOn(e, current.rejection)) / predictedReduction : 0;
        damping = dampingAfterKeptStep(stepDamping, gain);
      }
      increase = DAMPING_FACTOR;
      current = e;
      bestRms = Math.min(bestRms, e.weightedRms);
      const unusable = monitor.unusable(iteration, e.usedComponents, n, e.weightedRms);
      if (unusable !== null) return outcome(false, unusable);
      const verdict = monitor.assess(iteration, e.weightedRms, lastStepAll && stepDamping === 0, iterations);
      if (verdict !== null) {
        if ('converged' in verdict) return outcome(true, null);
        // a diverging fit is retried on arcs; one out of evaluations is not (the budget is the caller's)
        return outcome(false, verdict.failure, probe && iteration < budget);
      }
      if (probe && iteration >= ARC_PROBE_EVALUATIONS && bestRms > ARC_PROBE_RMS) return outcome(false, null, true);
      const failure = step(e, damping, entry);
      if (failure !== null) return outcome(false, failure);
    }
  };

  const initialValues = values.slice();
  let fit = iterate(evaluator, maxIterations, null, lm);
  if (fit.restart) {
    // Levenberg–Marquardt makes no headway over the whole span (a poor a priori: a km/m·s⁻¹ energy error has drifted
    // by a good part of an orbit at the far end, where the problem is far from linear): start again from the a priori
    // on a short arc around the fit epoch and lengthen it, each fit seeding the next
    values.set(initialValues);
    allParameters = n === 6;
    // an arc that does not converge is skipped: the next, longer one starts from where that one started
    let arcFailure: string | null = null;
    for (const arcSeconds of arcLengths(records, values, muKm3S2, n)) {
      const arcRecords = records.filter((r) => Math.abs(r.tagS) <= arcSeconds);
      const arcEvaluator = new Evaluator({
        apriori, earth, fitEpoch, fitEpochText, massKg: fitMassKg, positionToleranceM: dP, extraTimesS: [],
        editingSigma: input.editingSigma ?? DEFAULT_EDITING_SIGMA, records: arcRecords, params,
      });
      const arcStart = values.slice();
      const arcAllParameters = allParameters;
      const arc = unlessUnpropagable(() => iterate(arcEvaluator, maxIterations, arcSeconds, false));
      if (typeof arc !== 'string' && arc.converged) {
        values.set(arc.current.values);
        arcFailure = null;
      } else {
        values.set(arcStart);
        allParameters = arcAllParameters;
        arcFailure = `the fit over ±${(arcSeconds / 3600).toFixed(1)} h around ${fitEpoch.toIsoString(0)} did not converge either (${typeof arc === 'string' ? arc : arc.failureReason})`;
      }
    }
    const full = unlessUnpropagable(() => iterate(evaluator, maxIterations, null, false));
    // (a whole-span fit that cannot even start after the arcs reports the probe's last point)
    fit = typeof full === 'string' ? { ...fit, failureReason: `after arc extension: ${full}` } : full;
    if (!fit.converged && arcFailure !== null) fit = { ...fit, failureReason: `${fit.failureReason}; ${arcFailure}` };
  }
  const converged = fit.converged;
  const failureReason = fit.failureReason;
  const current = fit.current;

  // ---- result: the kept point, mapped to the solution epoch ----
  const e = current!;
  values.set(e.values);
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
  // the covariance: an undamped solve at the kept point, every parameter free
  let covarianceNormalized: Float64Array | null = null;
  if (e.usedComponents >= n) {
    try {
      covarianceNormalized = solveStep(e, n, params, availableComponents, held, 0).covariance;
    } catch (error) {
      if (!(error instanceof RankDeficientError)) throw error;
    }
  }
  const result = e.propagation.result;
  const slot = binarySearch(result.timesS, solutionS);
  const stateKm = result.statesKm.subarray(6 * slot, 6 * slot + 6);
  const massKg = result.massKg[slot]!;
  const mapping = solutionS === 0 ? null : solutionMapping(evaluator.variationalAt(solutionS), params);
  const covariance: number[] = [];
  if (covarianceNormalized !== null) {
    const physical = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) physical[i * n + j] = covarianceNormalized[i * n + j]! * params.scales[i]! * params.scales[j]!;
    const mapped = mapping === null ? physical : transformCovariance(physical, mapping);
    for (let i = 0; i < n * n; i++) covariance.push(mapped[i]!);
  }
  const estimatedParameterValues: Record<string, number> = {};
  names.forEach((name, j) => (estimatedParameterValues[name] = j < 6 ? stateKm[j]! : values[j]!));
  const usedRows = new Set<ResidualRow>(postFit.filter((r) => !r.rejected));
  return {
    converged,
    failureReason,
    optimizer,
    iterations,
    epochUtc: solutionEpoch.toIsoString(6),
    fitEpochUtc: fitEpoch.toIsoString(6),
    positionKm: [stateKm[0]!, stateKm[1]!, stateKm[2]!],
    velocityKmS: [stateKm[3]!, stateKm[4]!, stateKm[5]!],
    massKg,
    parameterNames: names,
    parameterUnits: params.units,
    estimatedParameters: estimatedParameterValues,
    covariance,
    heldParameters: [...held],
    residuals: postFit,
    statistics: residualStatistics(postFit, (r) => usedRows.has(r)),
    counts: [...counts.values()].sort((a, b) => a.kind.localeCompare(b.kind) || (a.stationId ?? '').localeCompare(b.stationId ?? '')),
    skipped: set.skipped,
    forceModel: describeForceModel(apriori, massKg, dragIndex >= 0 ? values[dragIndex]! : cd0, srpIndex >= 0 ? values[srpIndex]! : cr0, dP),
  };
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
