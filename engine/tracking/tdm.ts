/**
 * TDM observations as measurements (CCSDS 503.0-B-2 via engine/ccsds/tdm.ts):
 *  - RANGE → RANGE in the segment's RANGE_UNITS (km, s or RU; 503.0-B-2 §3.3.4.4);
 *  - ANGLE_1 + ANGLE_2 at one epoch → RADEC (ANGLE_TYPE = RADEC, frame REFERENCE_FRAME) or AZEL, degrees;
 *  - DOPPLER_INSTANTANEOUS / DOPPLER_INTEGRATED (km/s) and RECEIVE_FREQ[_n] (Hz) → DOPPLER.
 * Other data keywords (frequencies transmitted, clock, media, signal strength) are counted, not stored.
 */
import { timeScaleOf } from '../ccsds/definitions.ts';
import { TdmReader, tdmMeasurementType, type TdmObservation, type TdmSegmentMetadata } from '../ccsds/tdm.ts';
import {
  MeasurementSink,
  TrackingErrorCollector,
  UtcConverter,
  type MeasurementType,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingReader,
} from './model.ts';

const RANGE_UNITS: Record<string, string> = { KM: 'km', S: 's', RU: 'RU' };

interface PendingAngles {
  epochUtc: string;
  angle1: number | null;
  angle2: number | null;
  segment: TdmSegmentMetadata;
}

/** Per segment: its object key and participants, computed once, and its group id per type and unit. */
interface SegmentInfo {
  index: number;
  objectKey: string;
  participants: string[];
  groups: Map<string, number>;
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
  const pair: [number | null, number | null] = [null, null];
  const single: [number | null] = [null];

  const infoOf = (segment: TdmSegmentMetadata): SegmentInfo => {
    let info = segments.get(segment);
    if (!info) {
      info = { index: segments.size, objectKey: objectKeyOf(segment), participants: participantsOf(segment), groups: new Map() };
      segments.set(segment, info);
    }
    return info;
  };
  const groupOf = (segment: TdmSegmentMetadata, type: MeasurementType, unit: string, frame: string | null): number => {
    const info = infoOf(segment);
    const local = `${type}|${unit}`;
    let id = info.groups.get(local);
    if (id === undefined) {
      id = sink.groupId(`${info.index}|${local}`, () => ({
        objectKey: info.objectKey,
        type,
        units: type === 'RADEC' || type === 'AZEL' ? [unit, unit] : [unit],
        participants: info.participants,
        frame,
      }));
      info.groups.set(local, id);
    }
    return id;
  };

  const flushAngles = () => {
    if (!pending) return;
    const { segment } = pending;
    const type = segment.angleType === 'RADEC' ? 'RADEC' : 'AZEL';
    pair[0] = pending.angle1;
    pair[1] = pending.angle2;
    sink.add(groupOf(segment, type, 'deg', type === 'RADEC' ? segment.referenceFrame : null), type, pending.epochUtc, pair, null);
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
      const slotTaken = current !== null && (isFirst ? current.angle1 !== null : current.angle2 !== null);
      if (current === null || current.segment !== segment || current.epochUtc !== epochUtc || slotTaken) {
        flushAngles();
        pending = { epochUtc, angle1: null, angle2: null, segment };
      }
      if (isFirst) pending!.angle1 = observation.value;
      else pending!.angle2 = observation.value;
      if (pending!.angle1 !== null && pending!.angle2 !== null) flushAngles();
      return;
    }
    flushAngles();
    const unit = type === 'RANGE' ? RANGE_UNITS[segment.rangeUnits ?? 'KM'] ?? 'km' : observation.keyword.startsWith('RECEIVE_FREQ') ? 'Hz' : 'km/s';
    single[0] = observation.value;
    sink.add(groupOf(segment, type, unit, null), type, epochUtc, single, null);
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
