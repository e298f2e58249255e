/**
 * SP3-a/c/d position (and velocity) records as PV measurements (files/sp3/sp3Reader.ts). Values are in the
 * file's coordinate system (e.g. IGS20, an ITRF realisation), stored as `frame`. The position sigma
 * is the header's per-satellite accuracy, 2^exponent mm (SP3-c/d §"accuracy exponents"); 0 = unknown.
 */
import { Epoch, EpochParseError } from '../time/epoch.ts';
import { Sp3Reader, sp3TimeScale, type Sp3Header } from '../files/sp3/sp3Reader.ts';
import {
  MeasurementSink,
  PV_UNITS,
  TRACKING_ERROR_CODES,
  TrackingContentError,
  TrackingErrorCollector,
  type TrackedObject,
  type TrackingFileSummary,
  type TrackingReader,
} from './model.ts';

export function sp3MeasurementReader(sink: MeasurementSink, errors = new TrackingErrorCollector()): TrackingReader {
  const summary = sink.summary;
  const groupBySatellite = new Map<string, number>();
  const pv: Array<number | null> = [0, 0, 0, null, null, null];
  const sigmaBySatellite = new Map<string, Array<number | null> | null>();
  let lastEpochText: string | null = null;
  let lastEpochUtc = '';
  let badEpochText: string | null = null;
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
        const sigmaKm = exponent > 0 ? 2 ** exponent * 1e-6 : null;
        sigmaKmBySatellite.set(id, sigmaKm);
        sigmaBySatellite.set(id, sigmaKm === null ? null : [sigmaKm, sigmaKm, sigmaKm, null, null, null]);
      });
    },
    onRecord(record) {
      if (!record.positionKm) {
        ignored['absent position'] = (ignored['absent position'] ?? 0) + 1;
        return;
      }
      // Every record of an epoch block carries the same epoch text: convert it once per block.
      if (record.epoch === badEpochText) return;
      if (record.epoch !== lastEpochText) {
        const converted = errors.record(() => {
          try {
            lastEpochUtc = `${Epoch.parse(record.epoch, timeScale!.scale).plusSeconds(timeScale!.offsetS).toString('UTC', 6)}Z`;
          } catch (error) {
            if (error instanceof EpochParseError) {
              throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `invalid epoch: ${error.message}`, record.line);
            }
            throw error;
          }
        });
        if (!converted) {
          badEpochText = record.epoch; // reported once for the block, its other records skipped silently
          return;
        }
        lastEpochText = record.epoch;
      }
      const satelliteId = record.satelliteId;
      let groupId = groupBySatellite.get(satelliteId);
      if (groupId === undefined) {
        groupId = sink.groupId(satelliteId, () => ({
          objectKey: satelliteId, type: 'PV', units: PV_UNITS, participants: [satelliteId], frame: header!.coordinateSystem,
        }));
        groupBySatellite.set(satelliteId, groupId);
      }
      const [x, y, z] = record.positionKm;
      pv[0] = x; pv[1] = y; pv[2] = z;
      if (record.velocityKmS) {
        pv[3] = record.velocityKmS[0]; pv[4] = record.velocityKmS[1]; pv[5] = record.velocityKmS[2];
      } else {
        pv[3] = null; pv[4] = null; pv[5] = null;
      }
      sink.add(groupId, 'PV', lastEpochUtc, pv, sigmaBySatellite.get(satelliteId) ?? null, record.line);
      satellitesWithRecords.add(record.satelliteId);
    },
    onDataError: errors.onDataError,
  });
  const push = (chunk: string) => reader.push(chunk);
  const end = (): TrackingFileSummary => {
  const result = reader.end();
  if (result.skippedRecordCount > 0) ignored['satellite not in header'] = result.skippedRecordCount;
  const h = result.header;
  const known = h.accuracyExponents.filter((e) => e > 0);
  const objects: TrackedObject[] = h.satelliteIds.map((id) => ({ key: id, candidates: [id] }));
  return {
      format: 'SP3',
      notation: 'SP3',
      ...summary.fields(),
      // Only satellites that actually have records need a spacecraft.
      objects: objects.filter((o) => satellitesWithRecords.has(o.key)),
      uncertaintySummary:
        known.length > 0
          ? `position sigma from SP3 header accuracy (2^n mm) for ${known.length} of ${h.satelliteIds.length} satellites, ` +
            `${2 ** Math.min(...known)}–${2 ** Math.max(...known)} mm; velocity sigma not given`
          : 'no accuracy given in the SP3 header; sigma is null',
      ignoredRecords: ignored,
  };
  };
  return { push, end };
}
