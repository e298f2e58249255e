/**
 * Passes, eclipses and orbit events of a spacecraft: validate the span and options, take the trajectory's
 * source — STATE: the latest eligible stored state with the craft's force model and stored maneuvers (as OEM
 * generation does); CATALOG: SGP4 of the current set (newest epoch) of the craft's NORAD id in the organization's
 * catalog (storage/catalog.ts) — choose the stations, then run the propagation and the event search on the pool
 * (workers/eventTasks.ts), which also shapes the answer (JSON views, CSV, iCalendar, SVG). Nothing is stored.
 */
import type { EventStationInput } from '../../engine/events/stations.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { findGroundStations, listEnabledGroundStations } from '../../storage/groundStations.ts';
import type { GroundStation } from '../../domain/stations/model.ts';
import { latestCatalogElementSet } from '../../storage/catalog.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { type Spacecraft } from '../../domain/spacecraft/model.ts';
import { findLatestEligibleStateVector } from '../../storage/stateVectors.ts';
import type { EventAnswerForm, PredictEventsTaskOutput } from '../../workers/contracts.ts';
import type { AppDeps } from '../context.ts';
import { ApiError, notFound, unprocessable, validationError } from '../http/errors.ts';
import { describeSpan } from '../../domain/instants.ts';
import { parseInstantField } from '../http/instants.ts';
import { CATALOG_MAX_EPOCH_DISTANCE_DAYS, EVENT_MAX_SPAN_DAYS, EVENT_MAX_STATIONS } from '../schemas/events.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { earthDataWarningsFor } from './earthData.ts';
import type { EarthDataWarning } from '../../engine/products/earthDataWarnings.ts';
import type { GpElementSet } from '../../engine/tle/gpElements.ts';
import { buildStoredStatePropagation, requirePropagationGap } from './states/storedState.ts';
import { spacecraftNotFound } from './spacecraft/spacecraft.ts';
import { displayId } from './states/stateVectors.ts';
import { queryListValues } from '../http/queryLists.ts';

export interface EventQuery {
  from: string;
  to: string;
  /** Pass forms: station ids (absent: every enabled station) and the optional minimum elevation text. */
  stationIds?: string | string[];
  minElevationDeg?: string;
  /** Orbit events: NODE and/or APSIS. */
  types?: string | string[];
  /** The sky plot: the pass index. */
  trackPass?: number;
  /** EVENT_PLAN: include the eclipses (default true). */
  eclipses?: boolean;
  /** The trajectory: STATE (default) or CATALOG. */
  source?: EventSource;
}

export const EVENT_SOURCES = ['STATE', 'CATALOG'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** What the events were computed from: the stored state (STATE) or the catalog element set (CATALOG). */
export interface EventBasis {
  spacecraftId: string;
  source: EventSource;
  stateVectorId: string | null;
  stateEpoch: string | null;
  elementSet: { noradId: number; epoch: string; name: string | null } | null;
}

export interface EventRunOptions {
  /** Scheduled work: background priority on the pool, and the answer packed as a product on the worker. */
  background?: boolean;
  pack?: boolean;
}

export interface EventAnswer {
  output: Exclude<PredictEventsTaskOutput, { ok: false }>;
  basis: EventBasis;
  warnings: EarthDataWarning[];
}

/** Repeated and/or comma-separated values of one query parameter, trimmed; empty entries are a 400 naming it. */
function listParameter(value: string | string[] | undefined, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  const values = queryListValues(value);
  if (values.some((v) => v === '')) throw validationError({ [field]: 'must not contain empty values' });
  return values;
}

function parseSpan(query: EventQuery): { from: Epoch; to: Epoch } {
  const errors: Record<string, string> = {};
  let from: Epoch | null = null;
  let to: Epoch | null = null;
  for (const [field, set] of [['from', (e: Epoch) => (from = e)], ['to', (e: Epoch) => (to = e)]] as const) {
    try {
      set(parseInstantField(query[field], field));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      Object.assign(errors, error.options.fieldErrors);
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const spanS = to!.secondsSince(from!);
  if (!(spanS > 0)) throw validationError({ to: 'must be after from' });
  if (spanS > EVENT_MAX_SPAN_DAYS * 86_400) {
    throw validationError({ to: `must be at most ${EVENT_MAX_SPAN_DAYS} days after from` }, `The span cannot exceed ${EVENT_MAX_SPAN_DAYS} days (requested ${describeSpan(spanS)})`);
  }
  return { from: from!, to: to! };
}

function minElevation(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < -90 || value > 90) {
    throw validationError({ minElevationDeg: 'must be a number of degrees in [-90, 90]' });
  }
  return value;
}

function orbitEventTypes(value: string | string[] | undefined): { nodes: boolean; apsides: boolean } {
  const types = listParameter(value, 'types') ?? ['NODE', 'APSIS'];
  const unknown = types.filter((t) => t !== 'NODE' && t !== 'APSIS');
  if (unknown.length > 0 || types.length === 0) throw validationError({ types: `must be NODE and/or APSIS (got ${unknown.join(', ')})` });
  return { nodes: types.includes('NODE'), apsides: types.includes('APSIS') };
}

async function stationsFor(deps: AppDeps, organizationId: string, value: string | string[] | undefined): Promise<GroundStation[]> {
  const ids = listParameter(value, 'stationIds');
  if (ids === undefined) {
    const stations = await listEnabledGroundStations(deps.db, organizationId, EVENT_MAX_STATIONS + 1);
    if (stations.length > EVENT_MAX_STATIONS) {
      throw validationError({ stationIds: `the organization has more than ${EVENT_MAX_STATIONS} enabled stations: name at most ${EVENT_MAX_STATIONS}` });
    }
    if (stations.length === 0) {
      throw unprocessable('NO_GROUND_STATIONS', 'The organization has no enabled ground station: create one (POST /operations/ground-stations) or name some with stationIds', {
        code: 'events.stations.none',
      });
    }
    return stations;
  }
  const unique = [...new Set(ids)];
  if (unique.length > EVENT_MAX_STATIONS) throw validationError({ stationIds: `at most ${EVENT_MAX_STATIONS} stations` });
  if (unique.some((id) => id.length > MAX_ID_LENGTH)) throw validationError({ stationIds: `each id must be at most ${MAX_ID_LENGTH} characters` });
  const found = await findGroundStations(deps.db, organizationId, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw notFound(`Ground station not found: ${missing.join(', ')}`, 'STATION_NOT_FOUND', { code: 'station.not-found', details: { stationIds: missing } });
  }
  return unique.map((id) => found.get(id)!);
}

function stationInput(station: GroundStation): EventStationInput {
  return {
    id: station.id,
    name: station.name,
    latitudeDeg: station.latitudeDeg,
    longitudeDeg: station.longitudeDeg,
    heightM: station.heightM,
    elevationMaskDeg: station.elevationMaskDeg,
  };
}

/** One event answer of `form` for the spacecraft over [from, to]. */
export async function predictSpacecraftEvents(
  deps: AppDeps,
  organizationId: string,
  spacecraftId: string,
  form: EventAnswerForm,
  query: EventQuery,
  options: EventRunOptions = {},
): Promise<EventAnswer> {
  const { from, to } = parseSpan(query);
  const passForm = form !== 'ECLIPSES' && form !== 'ORBIT_EVENTS';
  const minElevationDeg = passForm ? minElevation(query.minElevationDeg) : undefined;
  const types = form === 'ORBIT_EVENTS' ? orbitEventTypes(query.types) : { nodes: false, apsides: false };
  const spacecraft = await findSpacecraftById(deps.db, organizationId, spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(spacecraftId);
  const stations = passForm ? await stationsFor(deps, organizationId, query.stationIds) : [];
  const request = {
    form,
    from: from.toIsoString(9),
    to: to.toIsoString(9),
    ...(passForm ? { passes: { stations: stations.map(stationInput), ...(minElevationDeg !== undefined ? { minElevationDeg } : {}) } } : {}),
    eclipses: form === 'ECLIPSES' || (form === 'EVENT_PLAN' && query.eclipses !== false),
    ...types,
    ...(query.trackPass !== undefined ? { trackPass: query.trackPass } : {}),
    spacecraft: { id: spacecraft.id, name: spacecraft.name },
    generatedAt: new Date().toISOString(),
    ...(options.pack ? { pack: true } : {}),
  };
  const source = query.source ?? 'STATE';
  let warnings: EarthDataWarning[] = [];
  let basis: EventBasis;
  let output: PredictEventsTaskOutput;
  if (source === 'CATALOG') {
    const elementSet = await catalogElementSetOf(deps, organizationId, spacecraft);
    requireCatalogSetNearSpan(elementSet, from, to, spacecraft.id);
    basis = { spacecraftId: spacecraft.id, source, stateVectorId: null, stateEpoch: null, elementSet: { noradId: elementSet.noradId, epoch: `${elementSet.epochUtc}Z`, name: elementSet.name } };
    ({ output } = await deps.earthData.run('events.predict', (snapshot) => {
      warnings = earthDataWarningsFor(snapshot, { start: from, end: to, spaceWeather: false });
      return { ...request, elementSet };
    }, options.background ? { background: true } : undefined));
  } else {
    const sv = await findLatestEligibleStateVector(deps.db, organizationId, spacecraft.id);
    if (!sv) {
      throw unprocessable('NO_ELIGIBLE_STATE', `Spacecraft ${spacecraft.id} has no eligible stored state (manual, imported or converged orbit determination) to predict from`, {
        code: 'events.state.none',
        details: { spacecraftId: spacecraft.id },
      });
    }
    const stateEpoch = Epoch.parseInstant(sv.epoch);
    const stateVectorId = displayId(sv.displayNumber);
    requirePropagationGap(stateEpoch, from, to, { spacecraftId: spacecraft.id, stateVectorId });
    // The burns of the whole propagated arc: from the state epoch through the span.
    const arcStart = stateEpoch.isBefore(from) ? stateEpoch : from;
    const arcEnd = to.isBefore(stateEpoch) ? stateEpoch : to;
    const propagation = await buildStoredStatePropagation(deps.db, organizationId, sv, spacecraft, arcStart, arcEnd);
    basis = { spacecraftId: spacecraft.id, source, stateVectorId, stateEpoch: sv.epoch, elementSet: null };
    ({ output } = await deps.earthData.run('events.predict', (snapshot) => {
      warnings = earthDataWarningsFor(snapshot, { start: arcStart, end: arcEnd, spaceWeather: spacecraft.forceModel.atmosphere === 'NRLMSISE00' });
      return { ...request, propagation };
    }, options.background ? { background: true } : undefined));
  }
  if (!output.ok) {
    if (output.kind === 'INVALID_INPUT') {
      const field = String(output.details?.field ?? 'query');
      throw validationError({ [field]: output.message });
    }
    throw unprocessable(output.code, `Event prediction failed: ${output.message}`, { code: 'events.propagation.failed', details: { kind: output.kind, ...(output.details ?? {}) } });
  }
  return { output, basis, warnings };
}

/** The current catalog set of the craft's NORAD id, or a 422 saying what is missing. */
async function catalogElementSetOf(deps: AppDeps, organizationId: string, spacecraft: Spacecraft) {
  if (spacecraft.noradId === null) {
    throw unprocessable('NO_NORAD_ID', `Spacecraft ${spacecraft.id} has no NORAD id: set noradId to predict from the catalog (source=CATALOG)`, {
      code: 'events.catalog.no-norad-id',
      details: { spacecraftId: spacecraft.id },
    });
  }
  const elementSet = await latestCatalogElementSet(deps.db, organizationId, spacecraft.noradId);
  if (!elementSet) {
    throw unprocessable('NO_CATALOG_ELEMENT_SET', `The catalog holds no element set of NORAD id ${spacecraft.noradId} (spacecraft ${spacecraft.id}): upload one (POST /operations/catalog)`, {
      code: 'events.catalog.no-element-set',
      details: { spacecraftId: spacecraft.id, noradId: spacecraft.noradId },
    });
  }
  return elementSet;
}

/**
 * 422 CATALOG_SET_TOO_FAR_FROM_SPAN when an instant of [from, to] lies more than CATALOG_MAX_EPOCH_DISTANCE_DAYS from
 * the set's epoch, on either side: SGP4 of a set far from its epoch answers with passes that never happen (1960 from
 * a 2023 set gave 427 of them). Checked before anything is computed.
 */
function requireCatalogSetNearSpan(elementSet: GpElementSet, from: Epoch, to: Epoch, spacecraftId: string): void {
  const setEpoch = Epoch.parseInstant(`${elementSet.epochUtc}Z`);
  const beforeEpochDays = setEpoch.secondsSince(from) / 86_400;
  const afterEpochDays = to.secondsSince(setEpoch) / 86_400;
  const farthestDays = Math.max(beforeEpochDays, afterEpochDays);
  if (farthestDays <= CATALOG_MAX_EPOCH_DISTANCE_DAYS) return;
  const side = beforeEpochDays >= afterEpochDays ? 'before' : 'after';
  const epochText = setEpoch.toIsoString(6);
  const spanStart = from.toIsoString(3);
  const spanEnd = to.toIsoString(3);
  throw unprocessable(
    'CATALOG_SET_TOO_FAR_FROM_SPAN',
    `The catalog's current element set of NORAD id ${elementSet.noradId} has epoch ${epochText}; the span ${spanStart} – ${spanEnd} reaches ` +
      `${farthestDays.toFixed(3)} days ${side} it, and SGP4 of a catalog set is used at most ${CATALOG_MAX_EPOCH_DISTANCE_DAYS} days before or after its epoch. ` +
      'Upload a set with an epoch nearer the span (POST /operations/catalog), or use source=STATE.',
    {
      code: 'events.catalog.set-too-far',
      details: {
        spacecraftId,
        noradId: elementSet.noradId,
        elementSetEpoch: epochText,
        spanStart,
        spanEnd,
        farthestDays: Math.round(farthestDays * 1e6) / 1e6,
        side: side === 'before' ? 'BEFORE_EPOCH' : 'AFTER_EPOCH',
        maxDistanceDays: CATALOG_MAX_EPOCH_DISTANCE_DAYS,
      },
    },
  );
}
