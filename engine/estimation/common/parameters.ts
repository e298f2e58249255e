/**
 * The unknowns of an orbit determination (estimated by the batch least squares today): the GCRF position and velocity
 * at the solution epoch, optionally the drag coefficient Cd, the SRP coefficient Cr and one constant bias per station
 * and measurement component, each with the scale its corrections are normalized by (Orekit's parameter scales):
 * position 1 m, velocity 1 m × |v|/|r| (≈ 1 mm/s in LEO), Cd and Cr 1, a bias the median sigma of its measurements.
 */
import { OBSERVABLES, type ObservableKind } from '../../measurements/observables.ts';
import type { MeasurementRecord } from '../../measurements/prepare.ts';
import type { StoredStatePropagationInput } from '../../propagation/storedState.ts';
import type { SensitivityForce } from '../../propagation/propagator.ts';
import { EstimationFailure } from './failure.ts';
import type { SolveFor } from './types.ts';

/** Scale of a position correction, km (1 m). */
const POSITION_SCALE_KM = 1e-3;

export interface EstimatedParameters {
  names: string[];
  units: string[];
  scales: Float64Array;
  /** Current values (km, km/s, dimensionless, measurement units), updated by each step. */
  values: Float64Array;
  /** Index of DRAG_COEFFICIENT and SRP_COEFFICIENT, −1 when not estimated. */
  dragIndex: number;
  srpIndex: number;
  /** {@link biasKey} → index of the bias of its first component. */
  biasIndex: Map<string, number>;
  /** The force-scale sensitivities the propagation integrates (DRAG, then SOLAR_RADIATION_PRESSURE), one per coefficient. */
  sensitivities: SensitivityForce[];
}

/** Key of a station's bias of one kind. */
export function biasKey(stationId: string, kind: ObservableKind): string {
  return `${stationId}|${kind}`;
}

/**
 * The sensitivities the solve-for coefficients need; throws PARAMETER_NOT_IN_MODEL when a coefficient is asked for
 * whose force is absent from the model (no atmosphere or area, no SRP or area, a coefficient ≤ 0).
 */
export function coefficientSensitivities(apriori: StoredStatePropagationInput, solveFor: SolveFor): SensitivityForce[] {
  const sensitivities: SensitivityForce[] = [];
  const fm = apriori.forceModel;
  const cd0 = apriori.spacecraft.dragCoefficient ?? 0;
  const cr0 = apriori.spacecraft.reflectivityCoefficient ?? 0;
  if (solveFor.dragCoefficient) {
    if ((fm.atmosphere ?? 'HARRIS_PRIESTER') === 'NONE' || !((apriori.spacecraft.dragAreaM2 ?? 0) > 0) || !(cd0 > 0)) {
      throw new EstimationFailure('PARAMETER_NOT_IN_MODEL', 'solveFor.dragCoefficient needs drag in the force model (an atmosphere, and a drag area and coefficient > 0)');
    }
    sensitivities.push('DRAG');
  }
  if (solveFor.srpCoefficient) {
    if (fm.solarRadiationPressure === false || !((apriori.spacecraft.srpAreaM2 ?? 0) > 0) || !(cr0 > 0)) {
      throw new EstimationFailure('PARAMETER_NOT_IN_MODEL', 'solveFor.srpCoefficient needs solar radiation pressure in the force model (an SRP area and coefficient > 0)');
    }
    sensitivities.push('SOLAR_RADIATION_PRESSURE');
  }
  return sensitivities;
}

/**
 * The parameters at their a priori values: the state `stateKm` (GCRF at the solution epoch), Cd and Cr of the a
 * priori, zero biases for each station and kind among `candidates` (sorted by station and kind).
 */
export function estimatedParameters(
  apriori: StoredStatePropagationInput,
  solveFor: SolveFor,
  sensitivities: SensitivityForce[],
  stateKm: Float64Array,
  candidates: readonly MeasurementRecord[],
): EstimatedParameters {
  const r0 = Math.hypot(stateKm[0]!, stateKm[1]!, stateKm[2]!);
  const v0 = Math.hypot(stateKm[3]!, stateKm[4]!, stateKm[5]!);
  const names = ['X', 'Y', 'Z', 'VX', 'VY', 'VZ'];
  const units = ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'];
  const scaleList = [POSITION_SCALE_KM, POSITION_SCALE_KM, POSITION_SCALE_KM];
  const velocityScale = (POSITION_SCALE_KM * v0) / r0;
  scaleList.push(velocityScale, velocityScale, velocityScale);
  const valueList = Array.from(stateKm.subarray(0, 6));
  let dragIndex = -1;
  let srpIndex = -1;
  if (solveFor.dragCoefficient) {
    dragIndex = names.length;
    names.push('DRAG_COEFFICIENT');
    units.push('');
    scaleList.push(1);
    valueList.push(apriori.spacecraft.dragCoefficient ?? 0);
  }
  if (solveFor.srpCoefficient) {
    srpIndex = names.length;
    names.push('SRP_COEFFICIENT');
    units.push('');
    scaleList.push(1);
    valueList.push(apriori.spacecraft.reflectivityCoefficient ?? 0);
  }
  const biasIndex = new Map<string, number>();
  if (solveFor.stationBiases) {
    const sigmas = new Map<string, number[][]>();
    for (const r of candidates) {
      if (r.station === null || OBSERVABLES[r.kind].biasComponents.length === 0) continue;
      const key = biasKey(r.station.id, r.kind);
      const list = sigmas.get(key) ?? [];
      list.push(Array.from(r.sigma));
      sigmas.set(key, list);
    }
    for (const [key, list] of [...sigmas.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const [stationId, kind] = key.split('|') as [string, ObservableKind];
      biasIndex.set(key, names.length);
      OBSERVABLES[kind].biasComponents.forEach((component, i) => {
        names.push(`BIAS:${stationId}:${component}`);
        units.push(OBSERVABLES[kind].units[i]!);
        const s = list.map((x) => x[i]!).sort((a, b) => a - b);
        scaleList.push(s[s.length >> 1]!);
        valueList.push(0);
      });
    }
  }
  return {
    names, units, scales: Float64Array.from(scaleList), values: Float64Array.from(valueList), dragIndex, srpIndex, biasIndex, sensitivities,
  };
}

/** How large a step was: the largest normalized correction (all parameters, the state alone) and the physical ones. */
export interface StepSize {
  maxNormalized: number;
  maxStateNormalized: number;
  /** |Δr| (km), |Δv| (km/s). */
  positionKm: number;
  velocityKmS: number;
  /** Largest relative change of Cd or Cr. */
  relativeCoefficient: number;
}

/** Adds the normalized `step` (× the scales) to the values; returns its size. */
export function applyStep(params: EstimatedParameters, step: Float64Array): StepSize {
  const values = params.values;
  let maxNorm = 0;
  let maxStateNorm = 0;
  let dr = 0;
  let dv = 0;
  let dc = 0;
  for (let j = 0; j < params.names.length; j++) {
    const stepNormalized = step[j]!;
    maxNorm = Math.max(maxNorm, Math.abs(stepNormalized));
    if (j < 6) maxStateNorm = Math.max(maxStateNorm, Math.abs(stepNormalized));
    const delta = stepNormalized * params.scales[j]!;
    if (j < 3) dr += delta * delta;
    else if (j < 6) dv += delta * delta;
    else if (j === params.dragIndex || j === params.srpIndex) dc = Math.max(dc, Math.abs(delta / values[j]!));
    values[j] = values[j]! + delta;
  }
  return { maxNormalized: maxNorm, maxStateNormalized: maxStateNorm, positionKm: Math.sqrt(dr), velocityKmS: Math.sqrt(dv), relativeCoefficient: dc };
}
