/**
 * From the API's plain measurement rows to `PreparedMeasurement`s: time tags relative to the propagation epoch,
 * stations resolved, frames resolved to rotations, sigmas and known biases resolved. What cannot be modelled is
 * returned as skipped with the reason (never an error for the whole request).
 *
 * Sigma of a component: the measurement's own, else the station's per-type sigma, else DEFAULT_SIGMA.
 * Known station biases are added to the computed value (observed − (model + bias)), as Orekit's bias modifiers do.
 */
import type { EopProvider } from '../ephemeris/frames.ts';
import { buildTransform, earthRotationRateRadPerS, type FrameId } from '../frames/index.ts';
import { Epoch } from '../time/epoch.ts';
import { DIMENSION, type PreparedMeasurement } from './models.ts';
import { earthRotationVectorItrf, groundStation, precessionNutationRateGcrf, type GroundStation } from './station.ts';
import { Iers2010Workspace } from '../frames/iers2010.ts';
import type { MeasurementInput, ObservableKind, SkippedMeasurement, StationInput } from './types.ts';

/**
 * Sigmas used when neither the measurement nor its station gives one (measurement units): range 10 m, range rate
 * 1 mm/s, angles 0.01°, PV 10 m and 1 cm/s — typical S-band ranging/Doppler, small-antenna angles, GNSS PV.
 */
export const DEFAULT_SIGMA: Readonly<Record<ObservableKind, readonly number[]>> = {
  RANGE: [0.01],
  RANGE_RATE: [1e-6],
  AZEL: [0.01, 0.01],
  RADEC: [0.01, 0.01],
  PV: [0.01, 0.01, 0.01, 1e-5, 1e-5, 1e-5],
};

export const COMPONENTS: Readonly<Record<ObservableKind, readonly string[]>> = {
  RANGE: ['range'],
  RANGE_RATE: ['rangeRate'],
  AZEL: ['azimuth', 'elevation'],
  RADEC: ['rightAscension', 'declination'],
  PV: ['x', 'y', 'z', 'vx', 'vy', 'vz'],
};

export const UNITS: Readonly<Record<ObservableKind, readonly string[]>> = {
  RANGE: ['km'],
  RANGE_RATE: ['km/s'],
  AZEL: ['deg', 'deg'],
  RADEC: ['deg', 'deg'],
  PV: ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'],
};

/** Whether component i of a kind is an angle on a circle (residual wrapped to ±180°). */
export function isWrappedComponent(kind: ObservableKind, i: number): boolean {
  return i === 0 && (kind === 'AZEL' || kind === 'RADEC');
}

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

const KINDS = new Set<string>(Object.keys(DIMENSION));
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

function stationSigma(kind: ObservableKind, station: StationInput | undefined): number[] | null {
  const s = station?.sigma;
  if (!s) return null;
  const ok = (x: number | undefined): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
  if (kind === 'RANGE' && ok(s.rangeM)) return [s.rangeM / 1000];
  if (kind === 'RANGE_RATE' && ok(s.rangeRateMS)) return [s.rangeRateMS / 1000];
  if ((kind === 'AZEL' || kind === 'RADEC') && ok(s.angleDeg)) return [s.angleDeg, s.angleDeg];
  return null;
}

function stationBias(kind: ObservableKind, station: StationInput | undefined, out: Float64Array): void {
  const b = station?.bias;
  if (!b) return;
  const val = (x: number | undefined): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  if (kind === 'RANGE') out[0] = val(b.rangeM) / 1000;
  else if (kind === 'RANGE_RATE') out[0] = val(b.rangeRateMS) / 1000;
  else if (kind === 'AZEL' || kind === 'RADEC') {
    out[0] = val(b.angleDeg);
    out[1] = val(b.angleDeg);
  }
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
    if (!KINDS.has(m.kind)) {
      skip(`unsupported measurement kind ${String(m.kind)}`);
      continue;
    }
    const kind = m.kind;
    const dim = DIMENSION[kind];
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
    const resolved = fromInput ? given : (stationSigma(kind, station?.input) ?? DEFAULT_SIGMA[kind]);
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
