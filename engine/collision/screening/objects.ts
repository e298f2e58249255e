/**
 * The screened objects as trajectories on the span's time axis (t = 0 at the span start) with the per-object
 * quantities the filters and the search's bounds need: radius range over the span, acceleration bounds and the
 * velocity-mismatch bound (relativeMotion.ts).
 *
 * Primary: an ephemeris (Hermite, engine/events HermiteTrajectory), our propagator's dense output or an SGP4 set.
 * Its radius range comes from its orbit model's samples (orbitModels.ts, every 30 s with the two-ended Taylor bound
 * of the events search between samples: r̈ = (v² − ṙ²)/r + r̂·a lies in [−|a|, v²/r + |a|]).
 *
 * Secondaries: SGP4 through satellite.js from their element sets (engine/tle `satrecOf`), TEME → GCRF through one
 * table shared by the whole chunk (engine/events `TemeToGcrfTable`, the IAU-76/FK5 chain without EOP corrections:
 * Orekit's TEME, the conjunction reference's convention); their envelopes come from SGP4's structure
 * (sgp4Envelope.ts).
 */
import { GEOPOTENTIAL_MARGIN, accelerationBound, DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2 } from '../../events/motionBounds.ts';
import { DenseOutputTrajectory } from '../../trajectories/denseOutput.ts';
import { HermiteTrajectory, DEFAULT_HERMITE_POINTS } from '../../trajectories/hermite.ts';
import { SatrecTrajectory, TemeToGcrfTable } from '../../trajectories/sgp4.ts';
import { ConsecutiveTrajectories, oemTrajectory } from '../../trajectories/oem.ts';
import { requireInSpan, type Trajectory } from '../../trajectories/trajectory.ts';
import type { OemMessage } from '../../files/oem/oemReader.ts';
import { MU_EARTH_KM3_S2 } from '../../constants.ts';
import { ZERO_EOP } from '../../frames/index.ts';
import type { EopValues } from '../../frames/eop.ts';
import { Epoch, EpochParseError } from '../../time/epoch.ts';
import { gpElementProblem, satrecOf, type GpElementSet } from '../../tle/gpElements.ts';
import { CollisionInputError } from '../errors.ts';
import { SGP4_DRAG_ACCELERATION_KM_S2, SGP4_GRAVITY_MARGIN, sgp4Envelope, type Sgp4Envelope } from './sgp4Envelope.ts';
import { TrajectoryOrbitModel } from './orbitModels.ts';
import type { EphemerisSegmentInput, PrimaryInput, PrimaryTrajectoryInput } from './types.ts';

/**
 * Velocity-mismatch bound of a numerical trajectory (km/s): an ephemeris's Hermite velocity is the derivative of its
 * position polynomial; the dense output's velocity and position come from one integrator step to its tolerance.
 */
export const NUMERICAL_VELOCITY_MISMATCH_KM_S = 1e-6;

/** Per-object quantities of the bounds (relativeMotion.ts `PairBounds` sums two of them). */
export interface ObjectBounds {
  readonly radiusMinKm: number;
  readonly radiusMaxKm: number;
  /** Bound on |r̈|, km/s². */
  readonly accelerationKmS2: number;
  /** Bound on |r̈ + μr/r³| (everything beyond the central body), km/s². */
  readonly perturbationKmS2: number;
  readonly velocityMismatchKmS: number;
}

/** A trajectory moved in time: t on the span axis is t − offsetS on the inner trajectory's axis. */
class ShiftedTrajectory implements Trajectory {
  readonly startS: number;
  readonly endS: number;
  constructor(
    private readonly inner: Trajectory,
    private readonly offsetS: number,
    readonly epoch: Epoch,
  ) {
    this.startS = inner.startS + offsetS;
    this.endS = inner.endS + offsetS;
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    this.inner.stateAt(Math.min(Math.max(tS - this.offsetS, this.inner.startS), this.inner.endS), out);
  }
}

/** Parses an ISO-8601 UTC instant (a trailing Z allowed); CollisionInputError naming the field otherwise. */
export function parseUtc(text: unknown, field: string): Epoch {
  if (typeof text !== 'string') throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', field, 'must be an ISO-8601 UTC string');
  try {
    return Epoch.parse(text.endsWith('Z') ? text.slice(0, -1) : text, 'UTC');
  } catch (error) {
    if (error instanceof EpochParseError || error instanceof RangeError) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', field, error.message);
    throw error;
  }
}

/** A span-axis SGP4 trajectory of an element set, or the reason it cannot be one. */
export function gpTrajectory(elements: GpElementSet, table: TemeToGcrfTable): { trajectory: SatrecTrajectory; epochS: number } | { problem: string } {
  const problem = gpElementProblem(elements);
  if (problem !== null) return { problem };
  let epoch: Epoch;
  try {
    epoch = Epoch.parse(elements.epochUtc, 'UTC');
  } catch (error) {
    return { problem: `epochUtc ${JSON.stringify(elements.epochUtc)}: ${(error as Error).message}` };
  }
  const satrec = satrecOf(elements);
  if (satrec.error !== 0) return { problem: `SGP4 refuses the elements (satellite.js error ${satrec.error})` };
  const trajectory = new SatrecTrajectory(satrec, epoch, table);
  return { trajectory, epochS: trajectory.tleEpochS };
}

/** SGP4 bounds of an element set from its envelope. */
export function gpBounds(envelope: Sgp4Envelope): ObjectBounds {
  return {
    radiusMinKm: envelope.radiusMinKm,
    radiusMaxKm: envelope.radiusMaxKm,
    accelerationKmS2: envelope.accelerationBoundKmS2,
    perturbationKmS2: ((SGP4_GRAVITY_MARGIN - 1) * MU_EARTH_KM3_S2) / (envelope.radiusMinKm * envelope.radiusMinKm) + SGP4_DRAG_ACCELERATION_KM_S2,
    velocityMismatchKmS: envelope.velocityMismatchKmS,
  };
}

export interface ScreeningPrimary {
  readonly input: PrimaryInput;
  readonly trajectory: Trajectory;
  readonly bounds: ObjectBounds;
  /** Its orbit model for the path and phasing filter (its samples also give the radius range). */
  readonly model: TrajectoryOrbitModel;
}

/** Builds a primary on the span axis [0, spanS] (CollisionInputError naming the field when it cannot). */
export function buildPrimary(input: PrimaryInput, index: number, spanStart: Epoch, spanS: number, table: TemeToGcrfTable): ScreeningPrimary {
  const field = `primaries[${index}]`;
  if (typeof input.id !== 'string' || input.id === '') throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.id`, 'must be a non-empty string');
  if (!(typeof input.hardBodyRadiusM === 'number' && Number.isFinite(input.hardBodyRadiusM) && input.hardBodyRadiusM >= 0)) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.hardBodyRadiusM`, `must be a finite number ≥ 0 m (got ${String(input.hardBodyRadiusM)})`);
  }
  const aNg = input.nonGravitationalAccelerationKmS2 ?? DEFAULT_NON_GRAVITATIONAL_ACCELERATION_KM_S2;
  if (!(aNg >= 0 && Number.isFinite(aNg))) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.nonGravitationalAccelerationKmS2`, 'must be a finite number ≥ 0');
  const t = input.trajectory;
  let trajectory: Trajectory;
  let sgp4: Sgp4Envelope | null = null;
  if (t.kind === 'EPHEMERIS') {
    const epoch = parseUtc(t.epochUtc, `${field}.trajectory.epochUtc`);
    const offset = epoch.secondsSince(spanStart);
    if (!Array.isArray(t.segments) || t.segments.length === 0) throw new CollisionInputError('INVALID_SIZE', 'INVALID_INPUT', `${field}.trajectory.segments`, 'needs at least one segment');
    const parts = t.segments.map((segment, j) => ephemerisSegment(segment, `${field}.trajectory.segments[${j}]`, offset, spanStart));
    for (let j = 1; j < parts.length; j++) {
      const gap = parts[j]!.startS - parts[j - 1]!.endS;
      if (Math.abs(gap) > 1e-6) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.trajectory.segments[${j}]`, `starts ${gap.toFixed(6)} s after segment ${j - 1} ends; segments must be consecutive`);
    }
    trajectory = parts.length === 1 ? parts[0]! : new ConsecutiveTrajectories(parts);
  } else if (t.kind === 'DENSE_OUTPUT') {
    const epoch = parseUtc(t.epochUtc, `${field}.trajectory.epochUtc`);
    trajectory = new ShiftedTrajectory(new DenseOutputTrajectory(t.denseOutput, epoch), epoch.secondsSince(spanStart), spanStart);
  } else if (t.kind === 'GP') {
    const built = gpTrajectory(t.elements, table);
    if ('problem' in built) throw new CollisionInputError('INVALID_VALUE', 'UNPROCESSABLE', `${field}.trajectory.elements`, built.problem);
    trajectory = built.trajectory;
    sgp4 = sgp4Envelope(built.trajectory.satrec, built.epochS, 0, spanS);
    if (!sgp4.complete) {
      throw new CollisionInputError('SGP4_FAILED', 'UNPROCESSABLE', `${field}.trajectory.elements`, `SGP4 fails during the span (satellite.js error ${sgp4.sgp4Error}${sgp4.sgp4Error === 6 ? ': the orbit decays' : ''})`);
    }
  } else {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.trajectory.kind`, `must be EPHEMERIS, DENSE_OUTPUT or GP (got ${String((t as { kind?: unknown }).kind)})`);
  }
  if (!(trajectory.startS <= 1e-6 && trajectory.endS >= spanS - 1e-6)) {
    throw new CollisionInputError('SPAN_NOT_COVERED', 'UNPROCESSABLE', `${field}.trajectory`, `covers ${trajectory.startS.toFixed(3)} s to ${trajectory.endS.toFixed(3)} s from the span start, not the whole span (0 to ${spanS} s)`);
  }
  if (sgp4 !== null) {
    const gp = gpBounds(sgp4);
    const bounds: ObjectBounds = { ...gp, perturbationKmS2: gp.perturbationKmS2 + aNg, accelerationKmS2: sgp4.accelerationBoundKmS2 + aNg };
    // the orbit model (samples every PRIMARY_SAMPLE_STEP_S over the span) only when a screening asks for it: the
    // pair-by-pair filters do, the grid sieve does not (a fleet of 2,000 element-set primaries sampled for a model
    // never read cost seconds per chunk)
    let model: TrajectoryOrbitModel | null = null;
    return { input, trajectory, bounds, get model() { return (model ??= new TrajectoryOrbitModel(trajectory, spanS, aNg)); } };
  }
  const model = new TrajectoryOrbitModel(trajectory, spanS, aNg);
  const rMin = model.radiusMinKm;
  const bounds: ObjectBounds = {
    radiusMinKm: rMin,
    radiusMaxKm: model.radiusMaxKm,
    accelerationKmS2: accelerationBound(rMin, aNg),
    perturbationKmS2: ((GEOPOTENTIAL_MARGIN - 1) * MU_EARTH_KM3_S2) / (rMin * rMin) + aNg,
    velocityMismatchKmS: NUMERICAL_VELOCITY_MISMATCH_KM_S,
  };
  return { input, trajectory, bounds, model };
}

function ephemerisSegment(segment: EphemerisSegmentInput, field: string, offset: number, spanStart: Epoch): HermiteTrajectory {
  const n = segment?.timesS?.length ?? 0;
  if (!(segment.statesKm instanceof Float64Array) || !(segment.timesS instanceof Float64Array) || segment.statesKm.length !== 6 * n || n < 2) {
    throw new CollisionInputError('INVALID_SIZE', 'INVALID_INPUT', field, `needs ≥ 2 sample times and 6 state values per sample (got ${n} times, ${segment?.statesKm?.length ?? 0} values)`);
  }
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = segment.timesS[i]! + offset;
    if (!Number.isFinite(times[i]!) || (i > 0 && !(times[i]! > times[i - 1]!))) {
      throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.timesS[${i}]`, 'sample times must be finite and strictly increasing');
    }
  }
  for (let i = 0; i < 6 * n; i++) {
    if (!Number.isFinite(segment.statesKm[i]!)) throw new CollisionInputError('NON_FINITE_INPUT', 'INVALID_INPUT', `${field}.statesKm[${i}]`, 'must be finite');
  }
  const points = segment.interpolationPoints ?? DEFAULT_HERMITE_POINTS;
  if (!Number.isInteger(points) || points < 2) throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.interpolationPoints`, 'must be an integer ≥ 2');
  return new HermiteTrajectory(spanStart, times, segment.statesKm, points);
}

/**
 * The EPHEMERIS input of an OEM (GCRF/ICRF or EME2000, consecutive segments, any CCSDS time system tied to UTC),
 * through engine/events' OEM adapter (which checks and converts it; OemTrajectoryError names the keyword and line).
 */
export function ephemerisFromOem(message: OemMessage): PrimaryTrajectoryInput {
  const trajectory = oemTrajectory(message);
  const parts = trajectory instanceof ConsecutiveTrajectories ? trajectory.parts : [trajectory];
  return {
    kind: 'EPHEMERIS',
    epochUtc: trajectory.epoch.toString('UTC', 9),
    segments: parts.map((part) => {
      const h = part as HermiteTrajectory;
      return { timesS: h.sampleTimesS, statesKm: h.sampleStatesKm, interpolationPoints: h.pointsPerWindow };
    }),
  };
}

/**
 * The EPHEMERIS input of any trajectory sampled every `stepS` over [0, spanS] (one segment, times from `epochUtc`):
 * e.g. a primary given as an OEM-like table of SGP4 or numerical states, in tests and benchmarks.
 */
export function sampledEphemeris(trajectory: { stateAt(tS: number, out: Float64Array): unknown }, epochUtc: string, spanS: number, stepS: number): PrimaryTrajectoryInput {
  const samples = Math.floor(spanS / stepS + 1e-9) + 1;
  const timesS = new Float64Array(samples);
  const statesKm = new Float64Array(6 * samples);
  const state = new Float64Array(6);
  for (let k = 0; k < samples; k++) {
    timesS[k] = stepS * k;
    trajectory.stateAt(stepS * k, state);
    statesKm.set(state, 6 * k);
  }
  return { kind: 'EPHEMERIS', epochUtc, segments: [{ timesS, statesKm }] };
}

/**
 * The EOP the TEME → GCRF chain is evaluated with: none. TEME → TOD → MOD → EME2000 → GCRF only reads the IAU-1980
 * nutation corrections dΔψ, dΔε (UT1 and polar motion do not enter inertial frames); without them the chain is
 * Orekit's TEME, the convention of the Orekit 13.1 conjunction reference set (docs/conjunction-assessment.md) and of
 * the usual SGP4 practice (Vallado et al. 2006 use TEME → J2000 without them). The corrections (tens of mas for
 * IAU 1980) would move LEO positions by metres.
 */
const NO_EOP_CORRECTIONS: EopValues = Object.freeze({ ...ZERO_EOP, lodSeconds: 0, covered: true });

/** The chunk's TEME → GCRF table over the span. */
export function temeTable(spanStart: Epoch, spanS: number): TemeToGcrfTable {
  return new TemeToGcrfTable(spanStart, 0, spanS, { at: () => NO_EOP_CORRECTIONS });
}
