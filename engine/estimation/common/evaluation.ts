/**
 * One evaluation of the measurements at given parameter values (what the batch least squares iterates on): the state
 * propagated once with dense output at every time tag (the craft's force model and maneuvers), the measurement models
 * with light time, the editing decision of each measurement, and for the used ones the weighted residuals r_i/σ_i and
 * their Jacobian ∂C/∂x₀ = (∂C/∂x_T)·(∂x_T/∂x_tag)·Φ(t_tag, t₀),   ∂C/∂Cd = (∂C/∂x_T)·(∂x_T/∂x_tag)·Ψ_drag/Cd,   ∂C/∂b
 * = 1, the measurement partials at the transit time chained with the light-time Taylor step and the propagator's state
 * transition matrix Φ and force-scale sensitivities Ψ (variational equations, semi-analytic partials).
 *
 * Where Φ comes from (`JacobianSource`): a fresh one with central + J2 partials only (about the cost of the orbit
 * alone; Φ good to ~3e-3 over a day, ample while the step is dominated by the nonlinearity), a fresh full
 * semi-analytic one, or the last one again with fresh measurement partials and residuals (a chord, or modified
 * Newton, step: Φ changes by about |Δr|/|r| ≤ 1.5e-4). The loop (leastSquares/batchLeastSquares.ts) decides which.
 */
import { propagateStoredState, type EarthData, type StoredStatePropagation, type StoredStatePropagationInput } from '../../propagation/storedState.ts';
import { MeasurementModels, ModelEvaluation } from '../../measurements/models.ts';
import type { MeasurementRecord } from '../../measurements/prepare.ts';
import { binarySearch, evaluateAtTag, residualRow, tagTimes } from '../../measurements/residuals.ts';
import { LocalTrajectory } from '../../measurements/trajectory.ts';
import type { ResidualRow } from '../../measurements/types.ts';
import { PropagationError } from '../../forces/errors.ts';
import type { Epoch } from '../../time/epoch.ts';
import { editorThreshold, rejectionOf } from './editing.ts';
import { biasKey, type EstimatedParameters } from './parameters.ts';
import type { RejectionReason } from './types.ts';

/** Where an evaluation's Φ comes from: a fresh central + J2 one, a fresh full one, or the last one. */
export type JacobianSource = 'CENTRAL_J2' | 'FULL' | 'REUSE';

export interface Evaluation {
  propagation: StoredStatePropagation;
  /** The parameter values it was evaluated at (a copy). */
  values: Float64Array;
  /** Which Φ the Jacobian used. */
  jacobianSource: JacobianSource;
  rows: (ResidualRow | null)[];
  rejection: (RejectionReason | null)[];
  weightedRms: number;
  usedComponents: number;
  rejected: number;
  /** Σ(r/σ)² over the used components. */
  cost: number;
  /** Jacobian at this evaluation (column-major, `capacity` rows, scaled and weighted) and weighted residuals, used rows first. */
  jacobian: Float64Array;
  rhs: Float64Array;
}

/** What stays fixed from one evaluation to the next. */
export interface EvaluationSetup {
  apriori: StoredStatePropagationInput;
  earth: EarthData;
  /** Epoch of the state the fit iterates on (t = 0 of the records' time tags). */
  fitEpoch: Epoch;
  /** The fit epoch as the propagation's state epoch (UTC ISO). */
  fitEpochText: string;
  /** Mass at the fit epoch, kg. */
  massKg: number;
  /** Further output times (s from the fit epoch) every propagation reaches, with Φ there: the solution epoch. */
  extraTimesS: readonly number[];
  /** Integrator position tolerance dP, m. */
  positionToleranceM: number;
  editingSigma: number;
  records: readonly MeasurementRecord[];
  params: EstimatedParameters;
}

/** Evaluates the fit at parameter values; owns the Φ/Ψ of the last fresh propagation and its scratch. */
export class Evaluator {
  /** Residual components of the measurements not flagged as outliers: the Jacobian's row capacity. */
  readonly capacity: number;
  private readonly times: Float64Array;
  private readonly stm: Float64Array;
  private readonly sens: Float64Array;
  private readonly traj: LocalTrajectory;
  private readonly ev = new ModelEvaluation();
  private readonly rot = new Float64Array(9);
  private readonly shift = new Float64Array(36);
  private readonly ps = new Float64Array(36);
  private readonly hRow: Float64Array;
  private readonly biasOf = new Float64Array(6);

  constructor(private readonly setup: EvaluationSetup) {
    this.capacity = setup.records.filter((r) => !r.input.outlier).reduce((s, r) => s + r.dimension, 0);
    this.times = mergeTimes(tagTimes(setup.records), setup.extraTimesS);
    const nTimes = this.times.length;
    const nSens = setup.params.sensitivities.length;
    this.stm = new Float64Array(36 * nTimes);
    this.sens = new Float64Array(6 * Math.max(1, nSens) * nTimes);
    this.traj = new LocalTrajectory(setup.apriori.forceModel.muM3S2);
    this.hRow = new Float64Array(setup.params.names.length);
  }

  /** Output times of every propagation (s from the fit epoch, ascending): the time tags and the extra times. */
  get outputTimesS(): Float64Array {
    return this.times;
  }

  /**
   * Φ(t, t_fit) (36, row-major) and the force-scale sensitivities (6 × k, row-major, per unit scale) at output time
   * `tS` of the last propagation that integrated them.
   */
  variationalAt(tS: number): { stm: Float64Array; sensitivities: Float64Array } {
    const k = binarySearch(this.times, tS);
    if (k < 0) throw new RangeError(`${tS} s is not an output time of the fit`);
    const nSens = this.setup.params.sensitivities.length;
    return { stm: this.stm.slice(36 * k, 36 * k + 36), sensitivities: this.sens.slice(6 * nSens * k, 6 * nSens * (k + 1)) };
  }

  /** The a priori with the state and coefficients of `values` at the fit epoch. */
  propagationInput(values: Float64Array): StoredStatePropagationInput {
    const { apriori, params } = this.setup;
    return {
      ...apriori,
      state: {
        epoch: this.setup.fitEpochText,
        positionKm: [values[0]!, values[1]!, values[2]!],
        velocityKmS: [values[3]!, values[4]!, values[5]!],
        frame: 'GCRF',
        massKg: this.setup.massKg,
      },
      spacecraft: {
        ...apriori.spacecraft,
        ...(params.dragIndex >= 0 ? { dragCoefficient: values[params.dragIndex]! } : {}),
        ...(params.srpIndex >= 0 ? { reflectivityCoefficient: values[params.srpIndex]! } : {}),
      },
      integrator: { ...apriori.integrator, positionToleranceM: this.setup.positionToleranceM },
    };
  }

  /**
   * Evaluation `iteration` at `values`; `previousRms` widens the editor's threshold. With `frozen`, the editing
   * decisions are those given (one per record, e.g. the last accepted evaluation's) instead of new ones.
   */
  evaluate(values: Float64Array, jacobianSource: JacobianSource, previousRms: number, iteration: number, frozen?: readonly (RejectionReason | null)[]): Evaluation {
    const { records, params, fitEpoch } = this.setup;
    const { times, stm, sens, traj, ev, rot, shift, ps, hRow, biasOf, capacity } = this;
    const n = params.names.length;
    const nSens = params.sensitivities.length;
    const freshStm = jacobianSource !== 'REUSE';
    const propagation = propagateStoredState(
      this.propagationInput(values),
      times,
      this.setup.earth,
      undefined,
      freshStm ? { stm: true, sensitivities: params.sensitivities, partials: jacobianSource === 'FULL' ? 'SEMI_ANALYTIC' : 'CENTRAL_J2' } : undefined,
    );
    const result = propagation.result;
    if (result.truncated) {
      throw new PropagationError('ORBIT_DECAYED', 'UNPROCESSABLE', `the orbit decays below ${result.truncated.altitudeKm.toFixed(1)} km at ${fitEpoch.plusSeconds(result.truncated.tS).toIsoString(3)}`, {});
    }
    if (freshStm) {
      stm.set(result.stm!);
      if (nSens > 0) sens.set(result.sensitivity!);
    }
    const models = new MeasurementModels(propagation.environment);
    const rows: (ResidualRow | null)[] = new Array(records.length).fill(null);
    const rejection: (RejectionReason | null)[] = new Array(records.length).fill(null);
    const threshold = editorThreshold(this.setup.editingSigma, iteration, previousRms);
    const jacobian = new Float64Array(capacity * n);
    const rhs = new Float64Array(capacity);
    let sum2 = 0;
    let used = 0;
    let rejected = 0;
    for (let i = 0; i < records.length; i++) {
      const rec = records[i]!;
      const slot = binarySearch(result.timesS, rec.tagS);
      evaluateAtTag(models, traj, propagation, rec, result.statesKm, 6 * slot, rot, ev);
      biasOf.fill(0);
      const bKey = rec.station ? params.biasIndex.get(biasKey(rec.station.id, rec.kind)) : undefined;
      if (bKey !== undefined) for (let c = 0; c < rec.dimension; c++) biasOf[c] = values[bKey + c]!;
      const row = residualRow(rec, ev, biasOf);
      rows[i] = row;
      const reason = frozen ? (frozen[i] ?? null) : rejectionOf(rec, row, iteration, threshold);
      if (reason !== null) {
        rejection[i] = reason;
        rejected++;
        continue;
      }
      // Jacobian rows (column-major, scaled by the parameter scales, weighted by 1/σ):
      // (∂C/∂x_T)·(∂x_T/∂x_tag) chained with Φ(t_tag) and Ψ(t_tag), plus 1 for the component's bias
      traj.shiftJacobian(ev.transitS, shift);
      const phi = 36 * binarySearch(times, rec.tagS);
      const sensOffset = (6 * nSens * phi) / 36;
      for (let a = 0; a < rec.dimension; a++) {
        for (let c = 0; c < 6; c++) {
          let s2 = 0;
          for (let l = 0; l < 6; l++) s2 += ev.partials[6 * a + l]! * shift[6 * l + c]!;
          ps[c] = s2;
        }
        hRow.fill(0);
        for (let j = 0; j < 6; j++) {
          let s2 = 0;
          for (let l = 0; l < 6; l++) s2 += ps[l]! * stm[phi + 6 * l + j]!;
          hRow[j] = s2;
        }
        for (let q = 0; q < nSens; q++) {
          const col = q === 0 && params.dragIndex >= 0 ? params.dragIndex : params.srpIndex;
          let s2 = 0;
          for (let l = 0; l < 6; l++) s2 += ps[l]! * sens[sensOffset + l * nSens + q]!;
          hRow[col] = s2 / values[col]!;
        }
        if (bKey !== undefined) hRow[bKey + a] = 1;
        const w = 1 / row.sigma[a]!;
        for (let j = 0; j < n; j++) jacobian[j * capacity + used] = hRow[j]! * params.scales[j]! * w;
        rhs[used] = row.residual[a]! * w;
        sum2 += row.normalized[a]! * row.normalized[a]!;
        used++;
      }
    }
    const weightedRms = used > 0 ? Math.sqrt(sum2 / used) : Number.NaN;
    return { propagation, values: values.slice(), jacobianSource, rows, rejection, weightedRms, usedComponents: used, rejected, cost: sum2, jacobian, rhs };
  }
}

/** `times` (ascending, distinct) with `extra` merged in, still ascending and distinct. */
function mergeTimes(times: Float64Array, extra: readonly number[]): Float64Array {
  if (extra.length === 0) return times;
  const all = [...times, ...extra].sort((a, b) => a - b);
  const distinct: number[] = [];
  for (const t of all) if (distinct.length === 0 || t !== distinct[distinct.length - 1]) distinct.push(t);
  return Float64Array.from(distinct);
}
