/**
 * An OEM as an event trajectory: each segment's states interpolated with Hermite polynomials (./hermite.ts), with
 * INTERPOLATION_DEGREE + 1 points per window (8 when the segment does not say), in the segment's time system.
 *
 * Frames: GCRF (also written ICRF in some files) as is; EME2000 rotated by the constant frame bias. Earth-fixed or
 * of-date frames would need the Earth's orientation at every sample: convert such files first.
 * Several segments must follow each other without gaps (a maneuver usually starts a new segment); an instant on a
 * shared boundary belongs to the later segment.
 */
import type { OemMessage, OemSegment } from '../files/oem/oemReader.ts';
import { timeScaleOf } from '../files/common/definitions.ts';
import { buildTransform } from '../frames/index.ts';
import { Epoch } from '../time/epoch.ts';
import { requireInSpan, type Trajectory } from './trajectory.ts';
import { DEFAULT_HERMITE_POINTS, HermiteTrajectory } from './hermite.ts';

/** The OEM cannot serve as an event trajectory; `field` names the keyword (and `line` its line). */
export class OemTrajectoryError extends Error {
  constructor(
    readonly field: string,
    readonly line: number | null,
    message: string,
  ) {
    super(line === null ? `${field}: ${message}` : `${field} (line ${line}): ${message}`);
    this.name = 'OemTrajectoryError';
  }
}

const INERTIAL_FRAMES = new Set(['GCRF', 'ICRF', 'EME2000']);

/** One segment as a Hermite trajectory; t = 0 at `epoch` (default: the segment's first state). */
export function oemSegmentTrajectory(segment: OemSegment, epoch?: Epoch): HermiteTrajectory {
  const meta = segment.metadata;
  if (meta.centerName.toUpperCase() !== 'EARTH') {
    throw new OemTrajectoryError('CENTER_NAME', meta.line, `is ${meta.centerName}; events are computed for Earth-centred ephemerides`);
  }
  const frame = meta.refFrame.toUpperCase();
  if (!INERTIAL_FRAMES.has(frame)) {
    throw new OemTrajectoryError('REF_FRAME', meta.line, `is ${meta.refFrame}; events need GCRF (ICRF) or EME2000 states — convert the ephemeris first`);
  }
  const scale = timeScaleOf(meta.timeSystem);
  if (scale === null) throw new OemTrajectoryError('TIME_SYSTEM', meta.line, `${meta.timeSystem} has no fixed relation to UTC`);
  const n = segment.states.length;
  if (n < 2) throw new OemTrajectoryError('DATA', meta.line, `segment ${meta.index} has ${n} state(s); interpolation needs at least 2`);
  const first = Epoch.parse(segment.states[0]!.epoch, scale);
  const origin = epoch ?? first;
  const times = new Float64Array(n);
  const states = new Float64Array(6 * n);
  segment.states.forEach((s, i) => {
    times[i] = Epoch.parse(s.epoch, scale).secondsSince(origin);
    if (i > 0 && !(times[i]! > times[i - 1]!)) {
      throw new OemTrajectoryError('EPOCH', s.line, `${s.epoch} does not follow the previous state's epoch; an interpolated ephemeris needs increasing epochs`);
    }
    states.set(s.positionKm, 6 * i);
    states.set(s.velocityKmS, 6 * i + 3);
  });
  if (frame === 'EME2000') buildTransform('EME2000', 'GCRF', first).applyPositionVelocityMany(states, states, n);
  const degree = meta.interpolationDegree;
  const points = degree !== null && degree >= 1 ? degree + 1 : DEFAULT_HERMITE_POINTS;
  return new HermiteTrajectory(origin, times, states, points);
}

/** Contiguous trajectories one after the other (an instant on a shared boundary belongs to the later one). */
export class ConsecutiveTrajectories implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  readonly parts: readonly Trajectory[];

  constructor(parts: readonly Trajectory[]) {
    if (parts.length === 0) throw new RangeError('no trajectory');
    this.epoch = parts[0]!.epoch;
    for (let i = 1; i < parts.length; i++) {
      const p = parts[i]!;
      if (p.epoch.secondsSince(this.epoch) !== 0) throw new RangeError(`part ${i} has another time origin`);
      const gap = p.startS - parts[i - 1]!.endS;
      if (gap > 1e-6 || gap < -1e-6) throw new RangeError(`part ${i} starts ${gap} s after the previous one ends; the parts must be contiguous`);
    }
    this.parts = parts;
    this.startS = parts[0]!.startS;
    this.endS = parts[parts.length - 1]!.endS;
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    for (let i = this.parts.length - 1; i >= 0; i--) {
      const p = this.parts[i]!;
      if (tS >= p.startS || i === 0) {
        p.stateAt(Math.min(Math.max(tS, p.startS), p.endS), out);
        return;
      }
    }
  }
}

/** Every segment of an OEM as one trajectory (t = 0 at `epoch`, default the first state). */
export function oemTrajectory(message: OemMessage, epoch?: Epoch): Trajectory {
  if (message.segments.length === 0) throw new OemTrajectoryError('DATA', null, 'the OEM has no segment');
  const first = oemSegmentTrajectory(message.segments[0]!, epoch);
  const parts = [first, ...message.segments.slice(1).map((s) => oemSegmentTrajectory(s, first.epoch))];
  for (let i = 1; i < parts.length; i++) {
    const gap = parts[i]!.startS - parts[i - 1]!.endS;
    if (gap > 1e-6 || gap < -1e-6) {
      const what = gap > 0 ? `starts ${gap.toFixed(3)} s after` : `overlaps by ${(-gap).toFixed(3)} s`;
      throw new OemTrajectoryError('START_TIME', message.segments[i]!.metadata.line, `segment ${i} ${what} segment ${i - 1}; events need consecutive segments without gaps`);
    }
  }
  return parts.length === 1 ? first : new ConsecutiveTrajectories(parts);
}
