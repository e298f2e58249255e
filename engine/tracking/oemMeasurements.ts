/** OEM ephemeris states as PV measurements (CCSDS 502.0-B-2/B-3 via files/oem/oemReader.ts). */
import { timeScaleOf } from '../files/common/definitions.ts';
import { OemReader, type OemSegmentMetadata } from '../files/oem/oemReader.ts';
import {
  MeasurementSink,
  PV_UNITS,
  TrackingErrorCollector,
  UtcConverter,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingReader,
} from './model.ts';

export function oemMeasurementReader(sink: MeasurementSink, errors = new TrackingErrorCollector()): TrackingReader {
  const objects = new Map<string, TrackedObject>();
  const summary = sink.summary;
  const utc = new UtcConverter();
  const groups = new Map<OemSegmentMetadata, number>();
  const pv: number[] = [0, 0, 0, 0, 0, 0];
  const keyOf = (segment: OemSegmentMetadata) => `${segment.objectId}`;
  const reader = new OemReader({
    onSegment(segment) {
      const key = keyOf(segment);
      if (!objects.has(key)) objects.set(key, { key, candidates: [segment.objectId, segment.objectName] });
    },
    onState(state, segment) {
      if (state.repeatOfLine !== undefined) {
        summary.warn(`line ${state.line}: repeats line ${state.repeatOfLine} (same epoch ${state.epoch} and state); stored once`);
        return;
      }
      let groupId = groups.get(segment);
      if (groupId === undefined) {
        const frame = segment.centerName.toUpperCase() === 'EARTH' ? segment.refFrame : `${segment.centerName} ${segment.refFrame}`;
        groupId = sink.groupId(`${keyOf(segment)}|${frame}`, () => ({
          objectKey: keyOf(segment), type: 'PV', units: PV_UNITS, participants: [segment.objectId], frame,
        }));
        groups.set(segment, groupId);
      }
      let epochUtc = '';
      if (!errors.record(() => (epochUtc = utc.convert(state.epoch, timeScaleOf(segment.timeSystem), segment.timeSystem, state.line)))) return;
      pv[0] = state.positionKm[0]; pv[1] = state.positionKm[1]; pv[2] = state.positionKm[2];
      pv[3] = state.velocityKmS[0]; pv[4] = state.velocityKmS[1]; pv[5] = state.velocityKmS[2];
      sink.add(groupId, 'PV', epochUtc, pv, null, state.line);
    },
    onDataError: errors.onDataError,
  });
  const push = (chunk: string) => reader.push(chunk);
  const end = (): TrackingFileSummary => {
  const result = reader.end();
  return {
      format: 'OEM',
      notation: result.notation,
      ...summary.fields(),
      objects: [...objects.values()],
      uncertaintySummary:
        result.covarianceCount > 0
          ? `${result.covarianceCount} covariance matrices (not attached to individual states)`
          : 'no uncertainty information in the file',
      ignoredRecords: {},
  };
  };
  return { push, end };
}
