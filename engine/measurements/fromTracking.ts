/**
 * Stored tracking data → the measurement models' input: what a stored measurement, its TDM context (PATH,
 * TIMETAG_REF, RANGE_UNITS, …) and the ground station it resolved to mean for a model. What cannot be modelled is
 * left out with a reason (reported, never a failure of the request); assumptions made for old or incomplete data
 * are counted.
 *
 * Mapping (stored type → model kind): RANGE → RANGE (km; RANGE_UNITS s = light time along the path: c·t/2 two-way,
 * c·t one-way; RU is mission-specific and skipped); DOPPLER from DOPPLER_INSTANTANEOUS (km/s) → RANGE_RATE; AZEL →
 * AZEL; RADEC → RADEC (REFERENCE_FRAME); PV → PV (the file's frame). Two-way when PATH returns to its first
 * participant (1,2,1), one-way downlink when it ends on the ground (2,1); TIMETAG_REF TRANSMIT or RECEIVE (default)
 * (the metadata keywords of CCSDS 503.0-B-2 table 3-3).
 *
 * The shapes below are what the mapping reads; the store's rows (storage/measurements.ts `ModelRow`,
 * storage/measurementContexts.ts `MeasurementContextRecord`, storage/groundStations.ts `GroundStation`) have them.
 */
import { SPEED_OF_LIGHT_KM_S } from '../constants.ts';
import type { ContextParticipant, TrackingContext } from '../tracking/model.ts';
import type { MeasurementType, ObservableKind } from './observables.ts';
import type { MeasurementInput } from './types.ts';

/** A stored measurement. */
export interface StoredMeasurement {
  id: string;
  type: MeasurementType;
  /** Stored UTC epoch text. */
  epoch: string;
  values: Array<number | null>;
  units: string[];
  sigma: Array<number | null> | null;
  frame: string | null;
  /** The ground participant as the file names it. */
  station: string | null;
  outlier: boolean;
}

/** The stored TDM context of a measurement. */
export interface StoredTrackingContext
  extends Pick<TrackingContext, 'path' | 'path2' | 'mode' | 'timetagRef' | 'rangeUnits' | 'rangeModulus' | 'referenceFrame'> {
  /** False for measurements stored before the context was kept: the TDM fields are then null. */
  recorded: boolean;
  dataKeyword: string | null;
  /** Numbered participants with their roles, or (not recorded) their names only. */
  participants: ContextParticipant[] | string[];
  /** The ground participant's name, and the station it resolved to (null: none of this organization). */
  stationName: string | null;
  groundStationId: string | null;
}

/** The ground station a measurement resolved to. */
export interface TrackingStation {
  id: string;
  name: string;
  enabled: boolean;
}

/** A measurement the models can use, or why not. */
export type TrackingMapping = { input: MeasurementInput; kind: ObservableKind } | { reason: string };

/** Notes collected while mapping (counted once per kind of assumption). */
export class TrackingAssumptions {
  readonly counts = new Map<string, number>();

  note(text: string): void {
    this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
  }

  warnings(): string[] {
    return [...this.counts].map(([text, n]) => `${n} measurement${n === 1 ? '' : 's'}: ${text}`);
  }
}

/** Two-way (path returns to its first participant), one-way downlink (ends on the ground), or why not modelled. */
function pathKind(context: StoredTrackingContext, assumptions: TrackingAssumptions): { twoWay: boolean } | { reason: string } {
  if (!context.recorded || context.path === null) {
    assumptions.note(context.recorded ? 'PATH not given in the TDM: assumed two-way (1,2,1)' : 'stored before the TDM context was kept: assumed two-way (PATH 1,2,1), TIMETAG_REF RECEIVE');
    return { twoWay: true };
  }
  if (context.mode === 'SINGLE_DIFF' || context.path2 !== null) return { reason: 'single-differenced (MODE = SINGLE_DIFF) data are not modelled' };
  const path = context.path;
  const name = (n: number) => context.participants.find((p) => typeof p !== 'string' && p.number === n);
  const receiver = name(path[path.length - 1]!);
  if (path.length === 3 && path[0] === path[2]) return { twoWay: true };
  if (path.length === 2 && receiver && typeof receiver !== 'string' && receiver.name === context.stationName) return { twoWay: false };
  return { reason: `PATH ${path.join(',')} is not modelled (two-way 1,2,1 and one-way downlink 2,1 are)` };
}

/** A range in km from the stored units: km as is, s as light time along the path (half of it two-way); RU: null. */
function rangeKm(value: number, units: string, twoWay: boolean): number | null {
  if (units === 'km') return value;
  if (units === 's') return (twoWay ? 0.5 : 1) * SPEED_OF_LIGHT_KM_S * value;
  return null;
}

/** The model input of one stored measurement with its context and resolved station, or why it is left out. */
export function measurementFromTracking(
  row: StoredMeasurement,
  context: StoredTrackingContext | null,
  station: TrackingStation | null,
  assumptions: TrackingAssumptions,
): TrackingMapping {
  const values = row.values;
  if (values.some((v) => v === null)) return { reason: `${row.type} with a missing component (e.g. SP3 without velocity)` };
  const observed = values as number[];
  const sigma = row.sigma && row.sigma.every((s) => s !== null && s > 0) ? (row.sigma as number[]) : null;
  const base = { id: row.id, epochUtc: row.epoch, outlier: row.outlier };
  if (row.type === 'PV') {
    if (!row.frame) return { reason: 'PV without a reference frame' };
    return { kind: 'PV', input: { ...base, kind: 'PV', observed, sigma, twoWay: false, timetag: 'RECEIVE', stationId: null, frame: row.frame } };
  }
  if (!context) return { reason: `${row.type} without a stored context` };
  if (!context.groundStationId || !station) {
    const name = context.stationName ?? row.station ?? '(none)';
    return { reason: `station ${name} is not a ground station of this organization (create one with this name or alias)` };
  }
  if (!station.enabled) return { reason: `station ${station.name} is disabled` };
  const timetag = context.timetagRef === 'TRANSMIT' ? 'TRANSMIT' : 'RECEIVE';
  const common = { ...base, timetag, stationId: station.id } as const;
  switch (row.type) {
    case 'AZEL':
      return { kind: 'AZEL', input: { ...common, kind: 'AZEL', observed, sigma, twoWay: false, frame: null } };
    case 'RADEC': {
      const frame = row.frame ?? context.referenceFrame;
      if (!frame) return { reason: 'RADEC angles without REFERENCE_FRAME' };
      return { kind: 'RADEC', input: { ...common, kind: 'RADEC', observed, sigma, twoWay: false, frame } };
    }
    case 'RANGE': {
      const path = pathKind(context, assumptions);
      if ('reason' in path) return path;
      const units = row.units[0] ?? context.rangeUnits ?? 'km';
      if (context.rangeModulus !== null && context.rangeModulus > 0) return { reason: `ambiguous range (RANGE_MODULUS ${context.rangeModulus}) is not resolved` };
      const km = rangeKm(observed[0]!, units, path.twoWay);
      if (km === null) return { reason: `RANGE in ${units} (mission-specific range units) cannot be converted to km` };
      const sigmaKm = sigma ? rangeKm(sigma[0]!, units, path.twoWay) : null;
      return { kind: 'RANGE', input: { ...common, kind: 'RANGE', observed: [km], sigma: sigmaKm === null ? null : [sigmaKm], twoWay: path.twoWay, frame: null } };
    }
    case 'DOPPLER': {
      if (row.units[0] !== 'km/s') return { reason: `Doppler in ${row.units[0]} (${context.dataKeyword ?? 'frequency'}) is not modelled; DOPPLER_INSTANTANEOUS (km/s) is` };
      if (context.dataKeyword === 'DOPPLER_INTEGRATED') return { reason: 'DOPPLER_INTEGRATED is not modelled; DOPPLER_INSTANTANEOUS is' };
      if (!context.recorded) assumptions.note('Doppler stored before the TDM context was kept: taken as DOPPLER_INSTANTANEOUS');
      const path = pathKind(context, assumptions);
      if ('reason' in path) return path;
      return { kind: 'RANGE_RATE', input: { ...common, kind: 'RANGE_RATE', observed, sigma, twoWay: path.twoWay, frame: null } };
    }
  }
}
