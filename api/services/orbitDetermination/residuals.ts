/**
 * Residuals of stored measurements against an orbit: `POST /operations/measurements/residuals`.
 *
 * The stored state (given, or the latest eligible one — the state-vector service's rule) is propagated with the
 * spacecraft's force model and stored maneuvers, exactly as OEM and TLE generation do (buildStoredStatePropagation),
 * and every selected measurement is modelled with light time on the worker pool (`measurements.residuals`).
 *
 * Paging of a computed result: every request computes the whole selection (bounded: ≤ 30 days, ≤ 100,000
 * measurements) and returns the statistics of all of it plus one page of per-measurement residuals (`page`, `size`,
 * `sort` in the query string). Nothing is cached or stored: asking for the next page computes again, and gives the
 * same numbers as long as the stored data and the state do not change (the computation is deterministic).
 */
import { OBSERVABLES } from '../../../engine/measurements/observables.ts';
import type { ResidualRow, ResidualStatistics } from '../../../engine/measurements/types.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { findSpacecraftById } from '../../../storage/spacecraft.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, unprocessable, validationError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { instantText, instantTextOf } from '../../../domain/instants.ts';
import { logInfo } from '../../log.ts';
import { pageEnvelope } from '../../http/paging.ts';
import type { ResidualsRequest } from '../../schemas/residuals.ts';
import { earthDataWarningsFor } from '../earthData.ts';
import { buildStoredStatePropagation } from '../states/storedState.ts';
import { spacecraftNotFound } from '../spacecraft/spacecraft.ts';
import { displayId } from '../states/stateVectors.ts';
import {
  checkTrackingSpan,
  loadTrackingInput,
  parseTrackingTypes,
  requireStations,
  skippedSummary,
  type SelectedMeasurement,
  type TrackingInput,
} from './trackingInput.ts';
import { checkStateDistance, selectState } from '../states/storedState.ts';

/** Most stored measurements one residual request reads. */
export const RESIDUALS_MAX_MEASUREMENTS = 100_000;
export const RESIDUAL_SORT_FIELDS = ['epoch', 'normalized'] as const;

/** Dates of a tracking request (400 naming the field). */
export function parseSpan(startDate: string, endDate: string): { start: Epoch; end: Epoch } {
  const errors: Record<string, string> = {};
  let start: Epoch | null = null;
  let end: Epoch | null = null;
  try {
    start = parseInstantField(startDate, 'startDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(errors, error.options.fieldErrors);
  }
  try {
    end = parseInstantField(endDate, 'endDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(errors, error.options.fieldErrors);
  }
  if (!start || !end) throw validationError(errors);
  checkTrackingSpan(start, end);
  return { start, end };
}

export function residualView(row: ResidualRow & { rejected?: boolean; rejectionReason?: string }, selected: SelectedMeasurement | undefined) {
  return {
    measurementId: row.id,
    type: selected?.type ?? null,
    kind: row.kind,
    epoch: row.epochUtc,
    stationId: row.stationId,
    stationName: selected?.stationName ?? null,
    components: OBSERVABLES[row.kind].components,
    units: OBSERVABLES[row.kind].units,
    observed: row.observed,
    computed: row.computed,
    residual: row.residual,
    normalized: row.normalized,
    sigma: row.sigma,
    elevationDeg: row.elevationDeg,
    belowMask: row.belowMask,
    outlier: row.outlier,
    ...(row.rejected !== undefined ? { rejected: row.rejected, rejectionReason: row.rejectionReason ?? null } : {}),
  };
}

export function statisticsView(stat: ResidualStatistics, stationNames: ReadonlyMap<string, string>) {
  return { ...stat, stationName: stat.stationId === null ? null : stationNames.get(stat.stationId) ?? null };
}

/** Largest |normalized| component of a row (the `normalized` sort key: worst first). */
function worst(row: ResidualRow): number {
  let max = 0;
  for (const v of row.normalized) if (Math.abs(v) > max) max = Math.abs(v);
  return max;
}

function byEpochThenId(a: ResidualRow, b: ResidualRow): number {
  return a.epochUtc < b.epochUtc ? -1 : a.epochUtc > b.epochUtc ? 1 : Number(a.id) - Number(b.id);
}

/** Rows in (epoch, id) order; the engine keeps the input order, which is already that, so usually no sort happens. */
export function inEpochOrder<R extends ResidualRow>(rows: readonly R[]): readonly R[] {
  for (let i = 1; i < rows.length; i++) if (byEpochThenId(rows[i - 1]!, rows[i]!) > 0) return [...rows].sort(byEpochThenId);
  return rows;
}

/** One page of residual rows in the requested order (epoch asc by default; `normalized` = worst first). */
export function pageResiduals<R extends ResidualRow>(rows: readonly R[], page: PageRequest): R[] {
  const order = page.sort[0] ?? { field: 'epoch', direction: 'asc' };
  const from = page.page * page.size;
  if (order.field === 'epoch') {
    const sorted = inEpochOrder(rows);
    if (order.direction === 'asc') return sorted.slice(from, from + page.size);
    const out: R[] = [];
    for (let i = sorted.length - 1 - from; i >= 0 && out.length < page.size; i--) out.push(sorted[i]!);
    return out;
  }
  const sign = order.direction === 'desc' ? -1 : 1;
  const sorted = [...rows].sort((a, b) => sign * (worst(a) - worst(b)) || byEpochThenId(a, b));
  return sorted.slice(from, from + page.size);
}

/** What the tracking selection of a request says about itself (echoed in responses). */
function selectionView(input: TrackingInput) {
  return {
    storedCount: input.storedCount,
    modelledCount: input.measurements.length,
    skipped: skippedSummary(input.skipped),
    warnings: input.warnings,
  };
}

export async function computeResiduals(deps: AppDeps, organizationId: string, request: ResidualsRequest, page: PageRequest) {
  const { db } = deps;
  const { start, end } = parseSpan(request.startDate, request.endDate);
  const types = parseTrackingTypes(request.measurementTypes);
  const spacecraft = await findSpacecraftById(db, organizationId, request.spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(request.spacecraftId);
  if (request.stationIds) await requireStations(db, organizationId, request.stationIds);
  const sv = await selectState(db, organizationId, spacecraft, request.stateVectorId);
  const stateEpoch = checkStateDistance(sv, start, end);
  const started = performance.now();
  const input = await loadTrackingInput(db, organizationId, {
    spacecraftId: spacecraft.id,
    start,
    end,
    types,
    stationIds: request.stationIds ?? null,
    includeOutliers: request.includeOutliers ?? false,
    maxMeasurements: RESIDUALS_MAX_MEASUREMENTS,
  });
  const base = {
    spacecraftId: spacecraft.id,
    stateVectorId: displayId(sv.displayNumber),
    stateEpoch: instantTextOf(sv.epoch),
    startDate: instantText(start),
    endDate: instantText(end),
    ...selectionView(input),
  };
  if (input.measurements.length === 0) {
    return { body: { ...base, residualCount: 0, statistics: { byType: [], byStation: [] }, residuals: pageEnvelope([], 0, page) }, earthWarnings: [] };
  }
  const spanStart = Epoch.min(stateEpoch, start);
  const spanEnd = Epoch.max(stateEpoch, end);
  const propagation = await buildStoredStatePropagation(db, organizationId, sv, spacecraft, spanStart, spanEnd);
  const read = performance.now();
  const { output: result, snapshot } = await deps.earthData.run('measurements.residuals', () => ({
    propagation,
    stations: input.stations,
    measurements: input.measurements,
  }));
  // Earth data beyond its observations (predicted EOP, …) said out loud, as for OEM and TLE generation.
  const earthWarnings = earthDataWarningsFor(snapshot, { start: spanStart, end: spanEnd, spaceWeather: propagation.forceModel.atmosphere === 'NRLMSISE00' });
  input.warnings.push(...earthWarnings.map((w) => w.message));
  if (!result.ok) {
    throw unprocessable(result.code, `Residual computation failed: ${result.message}`, {
      code: 'tracking.residuals.failed',
      details: { kind: result.kind, ...(result.details ?? {}) },
    });
  }
  // What the engine could not model either (e.g. a frame it does not know) joins the reported skips.
  input.skipped.push(...result.skipped);
  const computed = performance.now();
  const body = {
    ...base,
    ...selectionView(input),
    residualCount: result.residuals.length,
    statistics: {
      byType: result.statistics.filter((s) => s.stationId === null).map((s) => statisticsView(s, input.stationNames)),
      byStation: result.statistics.filter((s) => s.stationId !== null).map((s) => statisticsView(s, input.stationNames)),
    },
    residuals: pageEnvelope(
      pageResiduals(result.residuals, page).map((row) => residualView(row, input.selected.get(row.id))),
      result.residuals.length,
      page,
    ),
  };
  logInfo('residuals computed', {
    spacecraftId: spacecraft.id,
    measurements: input.measurements.length,
    readMs: Math.round(read - started),
    computeMs: Math.round(computed - read),
    totalMs: Math.round(performance.now() - started),
  });
  return { body, earthWarnings };
}
