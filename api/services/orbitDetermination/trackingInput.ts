/**
 * Stored tracking data → the measurement models' input, shared by the residuals endpoint and orbit determination:
 * reads the spacecraft's measurements of a span (in chunks, the event loop free between them), their stored context
 * and the ground stations they resolved to, and hands each to engine/measurements/fromTracking.ts, which decides what
 * it means for a model (or why it is left out: reported in the response, never a failure of the request).
 */
import { measurementFromTracking, TrackingAssumptions } from '../../../engine/measurements/fromTracking.ts';
import { isObservableKind, MEASUREMENT_TYPES, OBSERVABLES, type MeasurementType, type ObservableKind } from '../../../engine/measurements/observables.ts';
import type { MeasurementInput, StationInput } from '../../../engine/measurements/types.ts';
import type { Epoch } from '../../../engine/time/epoch.ts';
import { yieldToEventLoop, type SqlExecutor } from '../../../storage/sql/db.ts';
import { findGroundStations } from '../../../storage/groundStations.ts';
import type { GroundStation } from '../../../domain/stations/model.ts';
import { findMeasurementContexts } from '../../../storage/measurementContexts.ts';
import { scanModelRows, type ModelRow } from '../../../storage/measurements.ts';
import { unprocessable, validationError } from '../../http/errors.ts';
import { describeSpan, instantText } from '../../../domain/instants.ts';
import { TRACKING_TYPE_ENUM } from '../../schemas/residuals.ts';
import { groundStationNotFound } from '../measurements/groundStations.ts';

/** Rows read per statement: a few milliseconds of the event loop each. */
const SCAN_CHUNK_ROWS = 500;
/** Largest span a residual request or an orbit determination covers. */
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
  const assumptions = new TrackingAssumptions();
  const measurements: MeasurementInput[] = [];
  const selected = new Map<string, SelectedMeasurement>();
  const skipped: TrackingInput['skipped'] = [];
  const used = new Set<string>();
  for (const row of rows) {
    const context = row.contextId === null ? null : contexts.get(row.contextId) ?? null;
    const station = context?.groundStationId ? stations.get(context.groundStationId) ?? null : null;
    const mapped = measurementFromTracking(row, context, station, assumptions);
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
