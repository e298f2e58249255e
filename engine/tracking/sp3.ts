/**
 * SP3-a/c/d position (and velocity) records as PV measurements (engine/sp3). Values are in the
 * file's coordinate system (e.g. IGS20, an ITRF realisation), stored as `frame`. The position sigma
 * is the header's per-satellite accuracy, 2^exponent mm (SP3-c/d §"accuracy exponents"); 0 = unknown.
 */
import { Epoch, EpochParseError } from '../time/epoch.ts';
import { Sp3Reader, sp3TimeScale, type Sp3Header } from '../sp3/sp3.ts';
import {
  SummaryBuilder,
  TRACKING_ERROR_CODES,
  TrackingContentError,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingMeasurement,
} from './model.ts';

const PV_UNITS = ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'];

export function readSp3Measurements(text: string): { summary: TrackingFileSummary; measurements: TrackingMeasurement[] } {
  const measurements: TrackingMeasurement[] = [];
  const summary = new SummaryBuilder();
  const ignored: Record<string, number> = {};
  let header: Sp3Header | null = null;
  let timeScale: { scale: 'UTC' | 'TAI' | 'TT' | 'TDB' | 'TCG' | 'TCB' | 'GPS' | 'UT1'; offsetS: number } | null = null;
  const sigmaKmBySatellite = new Map<string, number | null>();
  const satellitesWithRecords = new Set<string>();

  const reader = new Sp3Reader({
    onHeader(h) {
      header = h;
      try {
        timeScale = sp3TimeScale(h.timeSystem);
      } catch {
        throw new TrackingContentError(TRACKING_ERROR_CODES.UNSUPPORTED_TIME_SYSTEM, `SP3 time system ${h.timeSystem} cannot be converted to UTC`);
      }
      h.satelliteIds.forEach((id, i) => {
        const exponent = h.accuracyExponents[i] ?? 0;
        sigmaKmBySatellite.set(id, exponent > 0 ? 2 ** exponent * 1e-6 : null);
      });
    },
    onRecord(record) {
      if (!record.positionKm) {
        ignored['absent position'] = (ignored['absent position'] ?? 0) + 1;
        return;
      }
      let epochUtc: string;
      try {
        epochUtc = `${Epoch.parse(record.epoch, timeScale!.scale).plusSeconds(timeScale!.offsetS).toString('UTC', 6)}Z`;
      } catch (error) {
        if (error instanceof EpochParseError) {
          throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `invalid epoch: ${error.message}`, record.line);
        }
        throw error;
      }
      const sigmaKm = sigmaKmBySatellite.get(record.satelliteId) ?? null;
      const measurement: TrackingMeasurement = {
        objectKey: record.satelliteId,
        type: 'PV',
        epochUtc,
        values: [...record.positionKm, ...(record.velocityKmS ?? [null, null, null])],
        units: PV_UNITS,
        sigma: sigmaKm === null ? null : [sigmaKm, sigmaKm, sigmaKm, null, null, null],
        participants: [record.satelliteId],
        frame: header!.coordinateSystem,
      };
      measurements.push(measurement);
      summary.add(measurement);
      satellitesWithRecords.add(record.satelliteId);
    },
  });
  reader.push(text);
  const result = reader.end();
  if (result.skippedRecordCount > 0) ignored['satellite not in header'] = result.skippedRecordCount;
  const h = result.header;
  const known = h.accuracyExponents.filter((e) => e > 0);
  const objects: TrackedObject[] = h.satelliteIds.map((id) => ({ key: id, candidates: [id] }));
  return {
    measurements,
    summary: {
      format: 'SP3',
      notation: 'SP3',
      measurementCount: summary.count,
      // Only satellites that actually have records need a spacecraft.
      objects: objects.filter((o) => satellitesWithRecords.has(o.key)),
      startUtc: summary.startUtc,
      endUtc: summary.endUtc,
      types: [...summary.types],
      uncertaintySummary:
        known.length > 0
          ? `position sigma from SP3 header accuracy (2^n mm) for ${known.length} of ${h.satelliteIds.length} satellites, ` +
            `${2 ** Math.min(...known)}–${2 ** Math.max(...known)} mm; velocity sigma not given`
          : 'no accuracy given in the SP3 header; sigma is null',
      ignoredRecords: ignored,
    },
  };
}
