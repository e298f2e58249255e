/**
 * Stored tracking data → the measurement models' input (contract-od.md), shared by the residuals endpoint and orbit
 * determination: the spacecraft's measurements of a span (read in chunks, the event loop free between them), their
 * stored context (PATH, TIMETAG_REF, RANGE_UNITS, …) and the ground stations they resolved to. What cannot be modelled
 * is left out with a reason the response reports; it never fails the request.
 *
 * Mapping (stored type → model kind): RANGE → RANGE (km; RANGE_UNITS s = light time along the path: c·t/2 two-way,
 * c·t one-way; RU is mission-specific and skipped); DOPPLER from DOPPLER_INSTANTANEOUS (km/s) → RANGE_RATE; AZEL →
 * AZEL; RADEC → RADEC (REFERENCE_FRAME); PV → PV (the file's frame). Two-way when PATH returns to its first
 * participant (1,2,1), one-way downlink when it ends on the ground (2,1); TIMETAG_REF TRANSMIT or RECEIVE (default).
 */
import { SPEED_OF_LIGHT_KM_S } from '../../engine/constants.ts';
import { isObservableKind, MEASUREMENT_TYPES, OBSERVABLES, type MeasurementType, type ObservableKind } from '../../engine/measurements/observables.ts';
import type { MeasurementInput, StationInput } from '../../engine/measurements/types.ts';
import type { Epoch } from '../../engine/time/epoch.ts';
import { yieldToEventLoop, type SqlExecutor } from '../../storage/db.ts';
import { findGroundStations, type GroundStation } from '../../storage/groundStations.ts';
import { findMeasurementContexts, type MeasurementContextRecord } from '../../storage/measurementContexts.ts';
import { scanModelRows, type ModelRow } from '../../storage/measurements.ts';
import { unprocessable, validationError } from '../errors.ts';
import { describeSpan, instantText } from '../instants.ts';
import { TRACKING_TYPE_ENUM } from '../schemas/residuals.ts';
import { groundStationNotFound } from './groundStations.ts';

/** Rows read per statement: a few milliseconds of the event loop each. */
const SCAN_CHUNK_ROWS = 500;
/** Largest span a residual request or an orbit determination covers (issue 12 §4, issue 13 §4). */
export const TRACKING_MAX_SPAN_DAYS = 30;


export interface TrackingSelection {
  spacecraftId: string;
  start: Epoch;
  end: Epoch;
  types: MeasurementType[] | null;
  stationIds: string[] | null;
  includeOutliers: boolean;
  /** Refuse (422 TOO_MANY_MEASUREMENTS) above this many stored measurements. */
  maxMeasurements: number;
}

/** A stored measurement as the response shows it beside its residual. */
export interface SelectedMeasurement {
  id: string;
  type: MeasurementType;
  kind: ObservableKind;
  epoch: string;
  stationId: string | null;
  stationName: string | null;
}

export interface TrackingInput {
  measurements: MeasurementInput[];
  stations: StationInput[];
  /** Stored measurements of the span, by id (those modelled). */
  selected: Map<string, SelectedMeasurement>;
  /** Rows read from storage (modelled + skipped). */
  storedCount: number;
  skipped: Array<{ id: string; reason: string }>;
  /** Assumptions made for old or incomplete data. */
  warnings: string[];
  stationNames: Map<string, string>;
}

/** Checks the span of a tracking request: end after start, at most TRACKING_MAX_SPAN_DAYS. */
export function checkTrackingSpan(start: Epoch, end: Epoch): void {
  const spanS = end.secondsSince(start);
  if (spanS <= 0) throw validationError({ endDate: 'must be after startDate' });
  if (spanS > TRACKING_MAX_SPAN_DAYS * 86400) {
    throw validationError(
      { endDate: `the time span cannot exceed ${TRACKING_MAX_SPAN_DAYS} days` },
      `The time span cannot exceed ${TRACKING_MAX_SPAN_DAYS} days (requested ${describeSpan(spanS)})`,
    );
  }
}

/** `measurementTypes` of a request (TRACKING_TYPE_ENUM: stored names; RANGE_RATE is DOPPLER) → stored types, or null for all. */
export function parseTrackingTypes(values: readonly string[] | undefined): MeasurementType[] | null {
  if (values === undefined) return null;
  const unknown = values.filter((v) => !(TRACKING_TYPE_ENUM as readonly string[]).includes(v));
  if (unknown.length > 0 || values.length === 0) {
    throw validationError({ measurementTypes: `unknown types: ${unknown.join(', ') || '(empty)'}; allowed ${TRACKING_TYPE_ENUM.join(', ')}` });
  }
  return [...new Set(values.map((v) => (isObservableKind(v) ? OBSERVABLES[v].storedType : v)))].filter((t): t is MeasurementType =>
    (MEASUREMENT_TYPES as readonly string[]).includes(t));
}

/** The given station ids must all be stations of the organization (404 otherwise). */
export async function requireStations(db: SqlExecutor, organizationId: string, stationIds: readonly string[]): Promise<Map<string, GroundStation>> {
  const found = await findGroundStations(db, organizationId, stationIds);
  const missing = stationIds.find((id) => !found.has(id));
  if (missing !== undefined) throw groundStationNotFound(missing);
  return found;
}

function stationInput(station: GroundStation): StationInput {
  const pick = (v: { rangeM: number | null; rangeRateMS: number | null; angleDeg: number | null }) => ({
    ...(v.rangeM !== null ? { rangeM: v.rangeM } : {}),
    ...(v.rangeRateMS !== null ? { rangeRateMS: v.rangeRateMS } : {}),
    ...(v.angleDeg !== null ? { angleDeg: v.angleDeg } : {}),
  });
  return {
    id: station.id,
    name: station.name,
    itrfPositionM: station.itrfPositionM,
    elevationMaskDeg: station.elevationMaskDeg,
    sigma: pick(station.sigma),
    bias: pick(station.bias),
  };
}

type Mapped = { input: MeasurementInput; kind: ObservableKind } | { reason: string };

/** Notes collected while mapping (counted once per kind of assumption). */
class Assumptions {
  readonly counts = new Map<string, number>();
  note(text: string): void {
    this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
  }
  warnings(): string[] {
    return [...this.counts].map(([text, n]) => `${n} measurement${n === 1 ? '' : 's'}: ${text}`);
  }
}

/** Two-way (path returns to its first participant), one-way downlink (ends on the ground), or why not modelled. */
function pathKind(context: MeasurementContextRecord, assumptions: Assumptions): { twoWay: boolean } | { reason: string } {
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

function rangeKm(value: number, units: string, twoWay: boolean): number | null {
  if (units === 'km') return value;
  if (units === 's') return (twoWay ? 0.5 : 1) * SPEED_OF_LIGHT_KM_S * value;
  return null;
}

function mapRow(row: ModelRow, context: MeasurementContextRecord | null, station: GroundStation | null, assumptions: Assumptions): Mapped {
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

/**
 * Reads the selected measurements and builds the model input. 422 TOO_MANY_MEASUREMENTS above
 * `selection.maxMeasurements` stored rows.
 */
export async function loadTrackingInput(db: SqlExecutor, organizationId: string, selection: TrackingSelection): Promise<TrackingInput> {
  const query = {
    spacecraftId: selection.spacecraftId,
    startEpoch: instantText(selection.start),
    endEpoch: instantText(selection.end),
    types: selection.types,
    stationIds: selection.stationIds,
    includeOutliers: selection.includeOutliers,
  };
  const rows: ModelRow[] = [];
  let after: { epoch: string; id: number } | null = null;
  for (;;) {
    const chunk = await scanModelRows(db, organizationId, query, after, SCAN_CHUNK_ROWS);
    rows.push(...chunk);
    if (rows.length > selection.maxMeasurements) {
      throw unprocessable(
        'TOO_MANY_MEASUREMENTS',
        `More than ${selection.maxMeasurements} measurements in the span; narrow the span, the types or the stations`,
        { code: 'tracking.too-many-measurements', details: { maxMeasurements: selection.maxMeasurements } },
      );
    }
    if (chunk.length < SCAN_CHUNK_ROWS) break;
    const last = chunk[chunk.length - 1]!;
    after = { epoch: last.epoch, id: Number(last.id) };
    await yieldToEventLoop();
  }
  const contexts = await findMeasurementContexts(db, organizationId, rows.flatMap((r) => (r.contextId === null ? [] : [r.contextId])));
  const stationIds = [...new Set([...contexts.values()].flatMap((c) => (c.groundStationId ? [c.groundStationId] : [])))];
  const stations = await findGroundStations(db, organizationId, stationIds);
  const assumptions = new Assumptions();
  const measurements: MeasurementInput[] = [];
  const selected = new Map<string, SelectedMeasurement>();
  const skipped: TrackingInput['skipped'] = [];
  const used = new Set<string>();
  for (const row of rows) {
    const context = row.contextId === null ? null : contexts.get(row.contextId) ?? null;
    const station = context?.groundStationId ? stations.get(context.groundStationId) ?? null : null;
    const mapped = mapRow(row, context, station, assumptions);
    if ('reason' in mapped) {
      skipped.push({ id: row.id, reason: mapped.reason });
      continue;
    }
    measurements.push(mapped.input);
    if (station) used.add(station.id);
    selected.set(row.id, {
      id: row.id,
      type: row.type,
      kind: mapped.kind,
      epoch: row.epoch,
      stationId: station?.id ?? null,
      stationName: station?.name ?? null,
    });
  }
  const stationNames = new Map([...stations.values()].map((s) => [s.id, s.name]));
  return {
    measurements,
    stations: [...used].map((id) => stationInput(stations.get(id)!)),
    selected,
    storedCount: rows.length,
    skipped,
    warnings: assumptions.warnings(),
    stationNames,
  };
}

/** Skipped measurements grouped by reason (the response lists the reasons with counts and the first ids). */
export function skippedSummary(skipped: ReadonlyArray<{ id: string; reason: string }>, firstIds = 20) {
  const byReason = new Map<string, string[]>();
  for (const s of skipped) {
    const ids = byReason.get(s.reason);
    if (ids) ids.push(s.id);
    else byReason.set(s.reason, [s.id]);
  }
  return {
    count: skipped.length,
    reasons: [...byReason].map(([reason, ids]) => ({ reason, count: ids.length, measurementIds: ids.slice(0, firstIds) })),
  };
}
