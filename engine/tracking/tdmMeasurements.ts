/**
 * TDM observations as measurements (CCSDS 503.0-B-2 via files/tdm/tdmReader.ts):
 *  - RANGE → RANGE in the segment's RANGE_UNITS (km, s or RU; 503.0-B-2 §3.3.4.4);
 *  - ANGLE_1 + ANGLE_2 at one epoch → RADEC (ANGLE_TYPE = RADEC, frame REFERENCE_FRAME) or AZEL, degrees. An angle
 *    without its partner at the same epoch (503.0-B-2 allows it, e.g. Orekit's TDMExampleAllKeywords samples) is
 *    not stored — half a direction is not a RADEC or AZEL measurement — and is reported as a warning with its line;
 *  - DOPPLER_INSTANTANEOUS / DOPPLER_INTEGRATED (km/s) and RECEIVE_FREQ[_n] (Hz) → DOPPLER.
 * Other data keywords (frequencies transmitted, clock, media, signal strength) are counted, not stored.
 *
 * Values must make physical sense (checkValue): a range is not negative, an azimuth or right ascension lies in
 * [0, 360) deg and an elevation or declination in [-90, 90] deg (503.0-B-2 §3.3.4.7: the angle conventions of
 * ANGLE_TYPE), checked where a measurement is stored (a lone angle, not stored, stays a warning). The same angle twice at one epoch of a segment cannot be paired with certainty: both lines are
 * named and neither is stored. Each is a record error naming its line (the file is refused with all of them).
 */
import { timeScaleOf } from '../files/common/definitions.ts';
import { TdmReader, type TdmObservation, type TdmSegmentMetadata } from '../files/tdm/tdmReader.ts';
import type { MeasurementType } from '../measurements/observables.ts';
import {
  MeasurementSink,
  TrackingErrorCollector,
  UtcConverter,
  type ContextParticipant,
  type ParticipantRole,
  type TrackingContext,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingReader,
} from './model.ts';

const RANGE_UNITS: Record<string, string> = { KM: 'km', S: 's', RU: 'RU' };

/** The stored measurement type of a TDM data keyword (RANGE, RADEC, AZEL, DOPPLER), or null for a kind not stored. */
export function tdmMeasurementType(keyword: string, angleType: string | null): Exclude<MeasurementType, 'PV'> | null {
  if (keyword === 'RANGE') return 'RANGE';
  if (keyword === 'ANGLE_1' || keyword === 'ANGLE_2') return angleType === 'RADEC' ? 'RADEC' : angleType === 'AZEL' ? 'AZEL' : null;
  if (keyword === 'DOPPLER_INSTANTANEOUS' || keyword === 'DOPPLER_INTEGRATED' || keyword === 'RECEIVE_FREQ' || /^RECEIVE_FREQ_[1-5]$/.test(keyword)) {
    return 'DOPPLER';
  }
  return null;
}

interface PendingAngles {
  epochUtc: string;
  angle1: number | null;
  angle2: number | null;
  /** Line of the angle(s) read so far (the first one). */
  line: number;
  epochText: string;
  segment: TdmSegmentMetadata;
}

/** Per segment: its object key, participants and context, computed once, and its group id per keyword and unit. */
interface SegmentInfo {
  index: number;
  objectKey: string;
  participants: string[];
  context: Omit<TrackingContext, 'dataKeyword'>;
  groups: Map<string, number>;
}

/** Roles of each participant from PATH (or PATH_1 and PATH_2): first sends, last receives, the others transpond. */
function contextParticipants(segment: TdmSegmentMetadata): ContextParticipant[] {
  const out: ContextParticipant[] = [];
  segment.participants.forEach((name, i) => {
    if (name === null) return;
    const roles = new Set<ParticipantRole>();
    for (const path of [segment.path, segment.path1, segment.path2]) {
      if (!path) continue;
      path.forEach((n, k) => {
        if (n !== i + 1) return;
        roles.add(k === 0 ? 'TRANSMITTER' : k === path.length - 1 ? 'RECEIVER' : 'TRANSPONDER');
      });
    }
    out.push({ number: i + 1, name, roles: (['TRANSMITTER', 'TRANSPONDER', 'RECEIVER'] as const).filter((r) => roles.has(r)) });
  });
  return out;
}

function segmentContext(segment: TdmSegmentMetadata): Omit<TrackingContext, 'dataKeyword'> {
  const text = (key: string): string | null => (typeof segment.values[key] === 'string' ? (segment.values[key] as string) : null);
  const integer = (key: string): number | null => (typeof segment.values[key] === 'number' ? (segment.values[key] as number) : null);
  return {
    segmentIndex: segment.index,
    participants: contextParticipants(segment),
    path: segment.path ?? segment.path1,
    path2: segment.path2,
    mode: segment.mode,
    timetagRef: text('TIMETAG_REF'),
    integrationIntervalS: segment.integrationIntervalS,
    integrationRef: segment.integrationRef,
    turnaroundNumerator: integer('TURNAROUND_NUMERATOR'),
    turnaroundDenominator: integer('TURNAROUND_DENOMINATOR'),
    rangeMode: segment.rangeMode,
    rangeModulus: segment.rangeModulus,
    rangeUnits: segment.rangeUnits,
    angleType: segment.angleType,
    transmitBand: text('TRANSMIT_BAND'),
    receiveBand: text('RECEIVE_BAND'),
    referenceFrame: segment.referenceFrame,
  };
}

function participantsOf(segment: TdmSegmentMetadata): string[] {
  const named = segment.participants.filter((p): p is string => p !== null);
  const path = segment.path ?? segment.path1;
  if (!path) return named;
  const onPath: string[] = [];
  for (const index of path) {
    const name = segment.participants[index - 1];
    if (name && !onPath.includes(name)) onPath.push(name);
  }
  return onPath;
}

function objectKeyOf(segment: TdmSegmentMetadata): string {
  return segment.participants.filter((p) => p !== null).join('|');
}

export function tdmMeasurementReader(sink: MeasurementSink, errors = new TrackingErrorCollector()): TrackingReader {
  const objects = new Map<string, TrackedObject>();
  const ignored: Record<string, number> = {};
  const qualities = new Set<string>();
  const summary = sink.summary;
  const utc = new UtcConverter();
  const segments = new Map<TdmSegmentMetadata, SegmentInfo>();
  let pending: PendingAngles | null = null;
  /** The pair formed last: a third angle at its epoch is a duplicate of one of its two. */
  let lastPaired: PendingAngles | null = null;
  const pair: [number | null, number | null] = [null, null];
  const single: [number | null] = [null];

  const infoOf = (segment: TdmSegmentMetadata): SegmentInfo => {
    let info = segments.get(segment);
    if (!info) {
      info = {
        index: segments.size,
        objectKey: objectKeyOf(segment),
        participants: participantsOf(segment),
        context: segmentContext(segment),
        groups: new Map(),
      };
      segments.set(segment, info);
    }
    return info;
  };
  const groupOf = (segment: TdmSegmentMetadata, type: MeasurementType, unit: string, frame: string | null, dataKeyword: string): number => {
    const info = infoOf(segment);
    const local = `${type}|${unit}|${dataKeyword}`;
    let id = info.groups.get(local);
    if (id === undefined) {
      id = sink.groupId(`${info.index}|${local}`, () => ({
        objectKey: info.objectKey,
        type,
        units: type === 'RADEC' || type === 'AZEL' ? [unit, unit] : [unit],
        participants: info.participants,
        frame,
        context: { ...info.context, dataKeyword },
      }));
      info.groups.set(local, id);
    }
    return id;
  };

  const flushAngles = () => {
    if (!pending) return;
    const { segment } = pending;
    const type = segment.angleType === 'RADEC' ? 'RADEC' : 'AZEL';
    if (pending.angle1 === null || pending.angle2 === null) {
      const [present, missing] = pending.angle1 === null ? ['ANGLE_2', 'ANGLE_1'] : ['ANGLE_1', 'ANGLE_2'];
      summary.warn(`line ${pending.line}: ${present} at ${pending.epochText} has no ${missing} at the same epoch; not stored (angles are stored as ${type} pairs)`);
      ignored[`${present} without ${missing}`] = (ignored[`${present} without ${missing}`] ?? 0) + 1;
      pending = null;
      return;
    }
    const problem = valueProblem(type, 'ANGLE_1', pending.angle1) ?? valueProblem(type, 'ANGLE_2', pending.angle2);
    if (problem !== null) {
      errors.onDataError({ line: pending.line, message: `line ${pending.line}: ${problem}` });
      lastPaired = pending;
      pending = null;
      return;
    }
    pair[0] = pending.angle1;
    pair[1] = pending.angle2;
    sink.add(groupOf(segment, type, 'deg', type === 'RADEC' ? segment.referenceFrame : null, 'ANGLE_1,ANGLE_2'), type, pending.epochUtc, pair, null, pending.line);
    lastPaired = pending;
    pending = null;
  };

  const onObservation = (observation: TdmObservation) => {
    const { segment } = observation;
    const type = tdmMeasurementType(observation.keyword, segment.angleType);
    if (!type) {
      flushAngles();
      ignored[observation.keyword] = (ignored[observation.keyword] ?? 0) + 1;
      return;
    }
    let epochUtc = '';
    if (!errors.record(() => (epochUtc = utc.convert(observation.epoch, timeScaleOf(segment.timeSystem), segment.timeSystem, observation.line)))) return;
    if (type === 'RADEC' || type === 'AZEL') {
      const isFirst = observation.keyword === 'ANGLE_1';
      const current = pending as PendingAngles | null;
      const sameEpoch = current !== null && current.segment === segment && current.epochUtc === epochUtc;
      const paired = lastPaired !== null && lastPaired.segment === segment && lastPaired.epochUtc === epochUtc ? lastPaired : null;
      const first = sameEpoch && (isFirst ? current.angle1 !== null : current.angle2 !== null) ? current : paired;
      if (first !== null) {
        errors.onDataError({
          line: observation.line,
          message:
            `line ${observation.line}: a second ${observation.keyword} at ${observation.epoch} (the first is on line ${first.line}); ` +
            'which value pairs with the other angle is ambiguous',
        });
        pending = null;
        return;
      }
      if (!sameEpoch) {
        flushAngles();
        pending = { epochUtc, angle1: null, angle2: null, line: observation.line, epochText: observation.epoch, segment };
      }
      if (isFirst) pending!.angle1 = observation.value;
      else pending!.angle2 = observation.value;
      if (pending!.angle1 !== null && pending!.angle2 !== null) flushAngles();
      return;
    }
    flushAngles();
    // The reader gives RANGE_UNITS as km, s or RU (km when absent, 503.0-B-2 §3.3.4.4).
    const unit = type === 'RANGE' ? RANGE_UNITS[(segment.rangeUnits ?? 'km').toUpperCase()] ?? 'km' : observation.keyword.startsWith('RECEIVE_FREQ') ? 'Hz' : 'km/s';
    const problem = valueProblem(type, observation.keyword, observation.value);
    if (problem !== null) {
      errors.onDataError({ line: observation.line, message: `line ${observation.line}: ${problem}` });
      return;
    }
    single[0] = observation.value;
    sink.add(groupOf(segment, type, unit, null, observation.keyword), type, epochUtc, single, null, observation.line);
  };

  const reader = new TdmReader({
    onSegment(segment) {
      flushAngles();
      const key = objectKeyOf(segment);
      const names = segment.participants.filter((p): p is string => p !== null);
      if (!objects.has(key)) objects.set(key, { key, candidates: names, participants: names });
      const quality = segment.values.DATA_QUALITY;
      if (quality !== undefined) qualities.add(String(quality));
    },
    onObservation,
    onDataError: errors.onDataError,
  });
  const push = (chunk: string) => reader.push(chunk);
  const end = (): TrackingFileSummary => {
  const result = reader.end();
  flushAngles();
  return {
      format: 'TDM',
      notation: result.notation,
      ...summary.fields(),
      objects: [...objects.values()],
      uncertaintySummary:
        `TDM carries no per-observation uncertainty; sigma is null` +
        (qualities.size > 0 ? `; DATA_QUALITY ${[...qualities].join(', ')}` : ''),
      ignoredRecords: ignored,
  };
  };
  return { push, end };
}

/** Why a value cannot be a measurement of its kind (see the header); null when it can. */
function valueProblem(type: MeasurementType, keyword: string, value: number): string | null {
  if (type === 'RANGE' && value < 0) return `RANGE must not be negative, got ${value}`;
  if (type === 'AZEL' || type === 'RADEC') {
    const [first, second] = type === 'AZEL' ? ['azimuth', 'elevation'] : ['right ascension', 'declination'];
    if (keyword === 'ANGLE_1' && !(value >= 0 && value < 360)) return `ANGLE_1 (${first}) must be in [0, 360) deg, got ${value}`;
    if (keyword === 'ANGLE_2' && !(value >= -90 && value <= 90)) return `ANGLE_2 (${second}) must be in [-90, 90] deg, got ${value}`;
  }
  return null;
}
