/**
 * From the API's plain measurement rows to `PreparedMeasurement`s: time tags relative to the propagation epoch,
 * stations resolved, frames resolved to rotations, sigmas and known biases resolved. What cannot be modelled is
 * returned as skipped with the reason (never an error for the whole request).
 *
 * Sigma of a component: the measurement's own, else the station's per-type sigma, else the kind's default sigma
 * (observables.ts).
 * Known station biases are added to the computed value (observed − (model + bias)), as Orekit's bias modifiers do.
 */
import type { EopProvider } from '../frames/stateFrames.ts';
import { buildTransform, earthRotationRateRadPerS, type FrameId } from '../frames/index.ts';
import { Epoch } from '../time/epoch.ts';
import type { PreparedMeasurement } from './models.ts';
import { isObservableKind, OBSERVABLES, type ObservableKind } from './observables.ts';
import { earthRotationVectorItrf, groundStation, precessionNutationRateGcrf, type GroundStation } from './station.ts';
import { Iers2010Workspace } from '../frames/iers2010.ts';
import type { MeasurementInput, SkippedMeasurement, StationInput } from './types.ts';

export interface MeasurementRecord extends PreparedMeasurement {
  /** Index in the input list. */
  readonly index: number;
  readonly input: MeasurementInput;
  readonly epoch: Epoch;
  /** Resolved sigma per component (measurement units). */
  readonly sigma: Float64Array;
  /** Known bias per component (measurement units), added to the computed value. */
  readonly bias: Float64Array;
}

export interface PreparedSet {
  readonly epoch: Epoch;
  readonly stations: ReadonlyMap<string, GroundStation>;
  readonly records: MeasurementRecord[];
  readonly skipped: SkippedMeasurement[];
}

/**
 * Time buckets sharing one Earth rotation vector and one precession–nutation rate (s): polar motion moves the first
 * by < 1e-11 rad, nutation changes the second by < 1e-16 rad/s (1e-9 m/s at a station) in that time.
 */
const SPIN_BUCKET_S = 600;
const INERTIAL_FRAMES: Record<string, FrameId> = {
  GCRF: 'GCRF', GCRS: 'GCRF', ICRF: 'GCRF', EME2000: 'EME2000', J2000: 'EME2000', EME2K: 'EME2000', MOD: 'MOD', TOD: 'TOD', TEME: 'TEME',
};

/** An Earth-fixed frame name as SP3 and OEM files write it (ITRF realisations, IGS frames). */
export function isEarthFixedFrameName(name: string): boolean {
  const n = name.trim().toUpperCase();
  return n === 'ECEF' || n === 'ITRS' || n.startsWith('ITRF') || n.startsWith('IGS') || n.startsWith('IGB') || n === 'WGS84' || n.startsWith('WGS-84');
}

/** The station's sigma of the kind (every component), or null when it gives none. */
function stationSigma(kind: ObservableKind, station: StationInput | undefined): number[] | null {
  const s = station?.sigma;
  const f = OBSERVABLES[kind].station;
  if (!s || !f) return null;
  const x = s[f.field];
  if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return null;
  return new Array<number>(OBSERVABLES[kind].dimension).fill(x / f.divisor);
}

/** The station's known bias of the kind into every component of `out` (0 when not given). */
function stationBias(kind: ObservableKind, station: StationInput | undefined, out: Float64Array): void {
  const b = station?.bias;
  const f = OBSERVABLES[kind].station;
  if (!b || !f) return;
  const x = b[f.field];
  out.fill((typeof x === 'number' && Number.isFinite(x) ? x : 0) / f.divisor);
}

/**
 * Validates and prepares measurements against the propagation epoch. Stations with invalid data throw
 * `StationInputError` (the API validated them already; this is a programming error guard).
 */
export function prepareMeasurements(
  stateEpoch: Epoch,
  stations: readonly StationInput[],
  measurements: readonly MeasurementInput[],
  eop: EopProvider,
): PreparedSet {
  const byId = new Map<string, GroundStation>();
  stations.forEach((s, i) => byId.set(s.id, groundStation(s, i)));
  const records: MeasurementRecord[] = [];
  const skipped: SkippedMeasurement[] = [];
  const bias0 = buildTransform('GCRF', 'EME2000', stateEpoch).rotation;
  const spins = new Map<number, { spin: Float64Array; precession: Float64Array }>();
  const scratch9 = new Float64Array(9);
  const ws = new Iers2010Workspace();
  const eopAt = (e: Epoch) => eop.at(e);
  for (let index = 0; index < measurements.length; index++) {
    const m = measurements[index]!;
    const skip = (reason: string) => skipped.push({ id: m.id, reason });
    if (!isObservableKind(m.kind)) {
      skip(`unsupported measurement kind ${String(m.kind)}`);
      continue;
    }
    const kind = m.kind;
    const dim = OBSERVABLES[kind].dimension;
    if (!Array.isArray(m.observed) || m.observed.length !== dim || !m.observed.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      skip(`${kind} needs ${dim} finite observed value${dim > 1 ? 's' : ''}`);
      continue;
    }
    let epoch: Epoch;
    try {
      epoch = Epoch.parse(m.epochUtc, 'UTC');
    } catch (error) {
      skip(`invalid epoch ${JSON.stringify(m.epochUtc)}: ${(error as Error).message}`);
      continue;
    }
    let station: GroundStation | null = null;
    if (kind !== 'PV') {
      if (m.stationId === null || m.stationId === undefined) {
        skip(`${kind} needs a ground station (the participant was not resolved to a stored station)`);
        continue;
      }
      station = byId.get(m.stationId) ?? null;
      if (station === null) {
        skip(`station ${m.stationId} is not among the stations given`);
        continue;
      }
    }
    let frameRotation: Float64Array | null = null;
    let earthFixed = false;
    if (kind === 'RADEC' || kind === 'PV') {
      const name = (m.frame ?? '').trim().toUpperCase();
      const inertial = INERTIAL_FRAMES[name];
      if (inertial !== undefined) {
        if (inertial === 'EME2000') frameRotation = bias0;
        else if (inertial !== 'GCRF') frameRotation = buildTransform('GCRF', inertial, epoch, eop.at(epoch)).rotation;
      } else if (kind === 'PV' && isEarthFixedFrameName(name)) {
        earthFixed = true;
      } else {
        skip(m.frame ? `unsupported ${kind} reference frame ${m.frame}` : `${kind} without a reference frame`);
        continue;
      }
    }
    // the rotation vector moves with polar motion and LOD (mas and µs per day): one per 10-minute bucket
    const tagS = epoch.secondsSince(stateEpoch);
    const bucket = Math.floor(tagS / SPIN_BUCKET_S);
    let rotation = spins.get(bucket);
    if (rotation === undefined) {
      const e = eop.at(epoch);
      rotation = {
        spin: earthRotationVectorItrf(epoch, e, earthRotationRateRadPerS(e.lodSeconds), new Float64Array(3), scratch9),
        precession: precessionNutationRateGcrf(epoch, eopAt, new Float64Array(3), ws),
      };
      spins.set(bucket, rotation);
    }
    const given = m.sigma;
    const sigma = new Float64Array(dim);
    const fromInput = Array.isArray(given) && given.length === dim && given.every((x) => typeof x === 'number' && Number.isFinite(x) && x > 0);
    const resolved = fromInput ? given : (stationSigma(kind, station?.input) ?? OBSERVABLES[kind].defaultSigma);
    for (let i = 0; i < dim; i++) sigma[i] = resolved[i]!;
    const bias = new Float64Array(dim);
    stationBias(kind, station?.input, bias);
    records.push({
      index,
      input: m,
      epoch,
      kind,
      dimension: dim,
      twoWay: m.twoWay === true,
      receiveTag: m.timetag !== 'TRANSMIT',
      tagS,
      station,
      spinItrf: rotation.spin,
      precessionNutationRateGcrf: rotation.precession,
      frameRotation,
      earthFixed,
      sigma,
      bias,
    });
  }
  return { epoch: stateEpoch, stations: byId, records, skipped };
}
