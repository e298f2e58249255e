/** OEM ephemeris states as PV measurements (CCSDS 502.0-B-2/B-3 via engine/ccsds). */
import { timeScaleOf } from '../ccsds/definitions.ts';
import { OemReader, type OemSegmentMetadata } from '../ccsds/oem.ts';
import {
  SummaryBuilder,
  toUtcText,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingMeasurement,
} from './model.ts';

const PV_UNITS = ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'];

export function readOemMeasurements(text: string): { summary: TrackingFileSummary; measurements: TrackingMeasurement[] } {
  const measurements: TrackingMeasurement[] = [];
  const objects = new Map<string, TrackedObject>();
  const summary = new SummaryBuilder();
  const keyOf = (segment: OemSegmentMetadata) => `${segment.objectId}`;
  const reader = new OemReader({
    onSegment(segment) {
      const key = keyOf(segment);
      if (!objects.has(key)) objects.set(key, { key, candidates: [segment.objectId, segment.objectName] });
    },
    onState(state, segment) {
      const measurement: TrackingMeasurement = {
        objectKey: keyOf(segment),
        type: 'PV',
        epochUtc: toUtcText(state.epoch, timeScaleOf(segment.timeSystem), segment.timeSystem, state.line),
        values: [...state.positionKm, ...state.velocityKmS],
        units: PV_UNITS,
        sigma: null,
        participants: [segment.objectId],
        frame: segment.centerName.toUpperCase() === 'EARTH' ? segment.refFrame : `${segment.centerName} ${segment.refFrame}`,
      };
      measurements.push(measurement);
      summary.add(measurement);
    },
  });
  reader.push(text);
  const result = reader.end();
  return {
    measurements,
    summary: {
      format: 'OEM',
      notation: result.notation,
      measurementCount: summary.count,
      objects: [...objects.values()],
      startUtc: summary.startUtc,
      endUtc: summary.endUtc,
      types: [...summary.types],
      uncertaintySummary:
        result.covarianceCount > 0
          ? `${result.covarianceCount} covariance matrices (not attached to individual states)`
          : 'no uncertainty information in the file',
      ignoredRecords: {},
    },
  };
}
