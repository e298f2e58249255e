/**
 * The stored maneuver's model, shared by the JSON API and the OCM import/export: what a record holds, canonical
 * epochs and interval keys, the enclosing interval of a composition, and the derived values (acceleration, delta-V,
 * delta mass) from the rocket equation.
 */
import { G0_M_S2 } from '../../engine/constants.ts';
import { unsafeTextProblem } from '../../engine/text.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { isSupportedEpoch, supportedEpochProblem, SUPPORTED_EPOCH_RANGE_TEXT } from '../../engine/time/supportedRange.ts';
import { MAX_BURN_DURATION_S, MAX_THRUST_N } from '../limits.ts';
import { instantText } from '../instants.ts';

export const ATTITUDE_MODES = ['TNW', 'RTN', 'QSW', 'RSW_ROTATING'] as const;
export type AttitudeMode = (typeof ATTITUDE_MODES)[number];

/** One burn segment as stored (referenceEpoch in canonical ISO-8601 UTC with `Z`). */
export interface StoredBurnSegment {
  referenceEpoch: string;
  duration: number;
  thrX: number;
  thrY: number;
  thrZ: number;
  thrISP: number;
  attitudeMode: AttitudeMode;
}

/** The caller-editable part of a record plus the values derived from it that queries need. */
export interface ManeuverContent {
  name: string;
  purpose: string | null;
  attitudeMode: AttitudeMode;
  composition: StoredBurnSegment[];
  /** OCM PHYS WET_MASS of an imported record, kg; null → the spacecraft's launch mass is used. */
  wetMassKg: number | null;
  start: string;
  end: string;
  startKey: string;
  endKey: string;
}

/** A record as the OCM export writes it: its content under its maneuver id. */
export interface ManeuverRecord extends ManeuverContent {
  maneuverId: string;
}
export const MANEUVER_ID_MAX_LENGTH = 63;
export const NAME_ON_UPDATE_MAX_LENGTH = 255;
export const PURPOSE_MAX_LENGTH = 1000;
export const ISP_MIN_S = 50;
export const ISP_MAX_S = 10000;
export const MAX_SEGMENTS = 1000;
/** Path segments of the maneuver collection that cannot be maneuver ids (GET /operations/maneuvers/export …). */
export const RESERVED_MANEUVER_IDS = ['export', 'import'] as const;

const NANOS_PER_DAY = 86_400_000_000_000n;
/** Shifts MJD days so that every representable year gives a positive key. */
const DAY_OFFSET = 1_000_000n;

/** Integer TAI nanoseconds of an epoch (rounded to the nearest ns) relative to MJD −1,000,000. */
function taiNanos(epoch: Epoch): bigint {
  const nanosOfDay = Math.round(epoch.taiSeconds * 1e9);
  return (BigInt(epoch.taiDay) + DAY_OFFSET) * NANOS_PER_DAY + BigInt(nanosOfDay);
}

/** Fixed-width, lexicographically sortable key of an instant at nanosecond resolution (TAI, leap-second safe). */
export function epochKey(epoch: Epoch): string {
  return taiNanos(epoch).toString().padStart(24, '0');
}

/**
 * Stored ISO-8601 UTC text at nanosecond resolution (trailing zeros trimmed to at least milliseconds), `Z`: the
 * storage form of state-vector epochs. What the API prints is domain/instants.ts `instantText` (microseconds).
 */
export function canonicalInstant(epoch: Epoch): string {
  return `${trimFraction(epoch.toString('UTC', 9), 3)}Z`;
}

/** CCSDS epoch text in UTC without zone (OCM TIME_ABSOLUTE), nanosecond resolution, trailing zeros trimmed. */
export function ccsdsUtc(epoch: Epoch): string {
  return trimFraction(epoch.toString('UTC', 9), 0);
}

function trimFraction(text: string, minDigits: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  let end = text.length;
  while (end > dot + 1 + minDigits && text[end - 1] === '0') end--;
  if (end === dot + 1) end = dot;
  return text.slice(0, end);
}

/** A burn segment with its epoch already parsed. */
export type SegmentInput = Omit<StoredBurnSegment, 'referenceEpoch'> & { referenceEpoch: Epoch };

export interface ContentInput {
  name: string;
  purpose: string | null;
  attitudeMode: AttitudeMode;
  composition: SegmentInput[];
  wetMassKg: number | null;
}

/**
 * Canonical stored content: epochs at µs resolution (exactly what the API prints, so a GET sent back by a PUT
 * stores the same instants and keeps touching intervals touching), interval = earliest segment start to latest
 * segment end (gaps included). The segment epochs are re-read from their canonical text, so that the stored text
 * and the interval keys always agree.
 */
export function buildContent(input: ContentInput): ManeuverContent {
  let start: Epoch | null = null;
  let end: Epoch | null = null;
  const composition: StoredBurnSegment[] = input.composition.map((segment) => {
    const referenceEpoch = instantText(segment.referenceEpoch);
    const segmentStart = Epoch.parse(referenceEpoch, 'UTC');
    const segmentEnd = segmentStart.plusSeconds(segment.duration);
    if (start === null || segmentStart.isBefore(start)) start = segmentStart;
    if (end === null || segmentEnd.isAfter(end)) end = segmentEnd;
    return {
      referenceEpoch,
      duration: segment.duration,
      thrX: segment.thrX,
      thrY: segment.thrY,
      thrZ: segment.thrZ,
      thrISP: segment.thrISP,
      attitudeMode: segment.attitudeMode,
    };
  });
  if (start === null || end === null) throw new RangeError('a maneuver needs at least one burn segment');
  return {
    name: input.name,
    purpose: input.purpose,
    attitudeMode: input.attitudeMode,
    composition,
    wetMassKg: input.wetMassKg,
    start: instantText(start),
    end: instantText(end),
    startKey: epochKey(start),
    endKey: epochKey(end),
  };
}

/** Half-open interval overlap on keys: touching intervals do not overlap. */
export function keysOverlap(a: { startKey: string; endKey: string }, b: { startKey: string; endKey: string }): boolean {
  return a.startKey < b.endKey && b.startKey < a.endKey;
}

/** Problems of one segment's physical values, by field (empty when valid). JSON and OCM share these rules. */
export function segmentProblems(segment: {
  /** When given, the burn's start and end must lie in the supported epoch range. */
  referenceEpoch?: Epoch;
  duration: number | null | undefined;
  thrX: number | null | undefined;
  thrY: number | null | undefined;
  thrZ: number | null | undefined;
  thrISP: number | null | undefined;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const { duration, thrX, thrY, thrZ, thrISP } = segment;
  if (duration === null || duration === undefined) problems.duration = 'is required';
  else if (!Number.isFinite(duration) || duration <= 0) problems.duration = 'must be a positive, finite number of seconds';
  else if (duration > MAX_BURN_DURATION_S) problems.duration = `must be at most ${MAX_BURN_DURATION_S} seconds (30 days)`;
  for (const [field, value] of [['thrX', thrX], ['thrY', thrY], ['thrZ', thrZ]] as const) {
    if (value === null || value === undefined) problems[field] = 'is required (missing components are not treated as zero)';
    else if (!Number.isFinite(value) || Math.abs(value) > MAX_THRUST_N) problems[field] = `must be a finite number of newtons within ±${MAX_THRUST_N}`;
  }
  if (segment.referenceEpoch && !('duration' in problems)) {
    const startProblem = supportedEpochProblem(segment.referenceEpoch);
    const endProblem = startProblem ? null : segmentEndProblem(segment.referenceEpoch, duration!);
    if (startProblem) problems.referenceEpoch = `burn start ${startProblem}`;
    else if (endProblem) problems.duration = endProblem;
  }
  if (!('thrX' in problems) && !('thrY' in problems) && !('thrZ' in problems) && Math.hypot(thrX!, thrY!, thrZ!) === 0) {
    problems.thrust = 'the resulting thrust (thrX, thrY, thrZ) must be nonzero';
  }
  if (thrISP === null || thrISP === undefined) problems.thrISP = 'is required';
  else if (!Number.isFinite(thrISP) || thrISP < ISP_MIN_S || thrISP > ISP_MAX_S) {
    problems.thrISP = `must be between ${ISP_MIN_S} and ${ISP_MAX_S} seconds`;
  }
  return problems;
}

/** Why a burn starting at `start` and lasting `durationS` ends outside the supported epoch range; null when it does not. */
export function segmentEndProblem(start: Epoch, durationS: number): string | null {
  if (!Number.isFinite(durationS) || durationS <= 0) return null;
  const end = start.plusSeconds(durationS);
  return isSupportedEpoch(end) ? null : `the burn would end at ${end.toIsoString(3)}, outside the supported range ${SUPPORTED_EPOCH_RANGE_TEXT}`;
}

/** Problems of a name used as identity (creation) or as an edit; null when valid. */
export function nameProblem(name: string, maxLength: number, asIdentity: boolean): string | null {
  if (name.length > maxLength) return `must be at most ${maxLength} characters`;
  // the text rule first: String.trim counts U+2028 and U+FEFF as white space, and the answer should name them
  const unsafe = unsafeTextProblem(name);
  if (unsafe !== null) return unsafe;
  if (name.trim() === '') return 'must not be blank';
  if (name !== name.trim()) return 'must not start or end with white space';
  if (asIdentity && (RESERVED_MANEUVER_IDS as readonly string[]).includes(name)) {
    return `"${name}" is reserved (it is a route of /operations/maneuvers)`;
  }
  return null;
}

export function purposeProblem(purpose: string): string | null {
  if (purpose.length > PURPOSE_MAX_LENGTH) return `must be at most ${PURPOSE_MAX_LENGTH} characters`;
  const unsafe = unsafeTextProblem(purpose);
  if (unsafe !== null) return unsafe;
  return purpose !== purpose.trim() ? 'must not start or end with white space' : null;
}

export interface DerivedValues {
  /** |F| / m at the start of the first burn, m/s². */
  acceleration: number | null;
  /** Rocket equation summed over the segments in time order, m/s. */
  deltaV: number | null;
  /** Mass change over all segments, kg (negative: propellant consumed, as OCM DELTA_MASS). */
  deltaMass: number | null;
  /** Mass at the start, kg (record wet mass, else spacecraft launch mass). */
  initialMass: number | null;
  /** Mass change of each segment in composition order, kg (null when unavailable). */
  segmentDeltaMasses: Array<number | null>;
}

/**
 * Δv = Isp·g0·ln(m0/m1) per segment with ṁ = |F|/(Isp·g0), segments taken in time order (ties: composition
 * order) and the mass carried from one to the next. Unavailable (null) without a positive mass, or when the
 * burns would consume the whole mass.
 */
export function deriveValues(composition: readonly StoredBurnSegment[], massKg: number | null): DerivedValues {
  const none: DerivedValues = {
    acceleration: null,
    deltaV: null,
    deltaMass: null,
    initialMass: massKg,
    segmentDeltaMasses: composition.map(() => null),
  };
  if (massKg === null || !Number.isFinite(massKg) || massKg <= 0) return { ...none, initialMass: null };
  const order = composition
    .map((segment, index) => ({ segment, index, key: epochKey(Epoch.parse(segment.referenceEpoch, 'UTC')) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  let mass = massKg;
  let deltaV = 0;
  const segmentDeltaMasses: Array<number | null> = composition.map(() => null);
  for (const { segment, index } of order) {
    const thrustN = Math.hypot(segment.thrX, segment.thrY, segment.thrZ);
    const exhaustVelocity = segment.thrISP * G0_M_S2;
    const consumed = (thrustN / exhaustVelocity) * segment.duration;
    const after = mass - consumed;
    if (!(after > 0)) return { ...none, acceleration: firstAcceleration(order[0]!.segment, massKg) };
    deltaV += exhaustVelocity * Math.log(mass / after);
    segmentDeltaMasses[index] = -consumed;
    mass = after;
  }
  return {
    acceleration: firstAcceleration(order[0]!.segment, massKg),
    deltaV,
    deltaMass: mass - massKg,
    initialMass: massKg,
    segmentDeltaMasses,
  };
}

function firstAcceleration(segment: StoredBurnSegment, massKg: number): number {
  return Math.hypot(segment.thrX, segment.thrY, segment.thrZ) / massKg;
}

export interface StoredManeuver extends ManeuverRecord {
  organizationId: string;
  spacecraftId: string;
  displayId: string;
  createdAt: string;
  updatedAt: string;
}

/** Identity of a record within an organization. */
export interface ManeuverRef {
  spacecraftId: string;
  maneuverId: string;
}
