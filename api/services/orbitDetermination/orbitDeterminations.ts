/**
 * Orbit determination use cases: start a job (validated synchronously, run by the
 * OrbitDeterminationRunner on the worker pool), read jobs and solutions, page post-fit residuals, accept a converged
 * solution as a state vector.
 *
 * `startOrbitDetermination(deps, organizationId, request)` is a plain function: the route calls it, and so can a
 * scheduled task runner.
 */
import { OBSERVABLE_KINDS, OBSERVABLES } from '../../../engine/measurements/observables.ts';
import type { EstimationInput, EstimationResult, Optimizer, PostFitRow } from '../../../engine/estimation/common/types.ts';
import { flattenCovariance, standardDeviations, toNested, validateCovariance } from '../../../engine/math/covariance.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { yieldToEventLoop, type SqlExecutor } from '../../../storage/sql/db.ts';
import { findOrbitDetermination, insertOrbitDetermination, listOrbitDeterminations, markOrbitDeterminationAccepted, pageResidualRows, scanResidualRows, type OrbitDeterminationFilter, type StoredResidualRow } from '../../../storage/orbitDeterminations.ts';
import type { OrbitDetermination, OrbitDeterminationOutcome, OrbitDeterminationProgress } from '../../../domain/orbitDetermination/model.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import { findSpacecraftById } from '../../../storage/spacecraft.ts';
import { findStateVector } from '../../../storage/stateVectors.ts';
import type { StateVectorRecord } from '../../../domain/stateVectors/model.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { instantText, instantTextOf } from '../../../domain/instants.ts';
import { pageEnvelope } from '../../http/paging.ts';
import { residualsSvg, type PlotPanel, type PlotRow } from '../../../domain/plots/residualsSvg.ts';
import { OD_DEFAULTS, type OrbitDeterminationRequest } from '../../schemas/orbitDeterminations.ts';
import { buildStoredStatePropagation } from '../states/storedState.ts';
import { canonicalInstant } from '../../../domain/maneuvers/model.ts';
import { inEpochOrder, parseSpan, residualView, statisticsView } from './residuals.ts';
import { checkStateDistance, selectState } from '../states/storedState.ts';
import { spacecraftNotFound } from '../spacecraft/spacecraft.ts';
import { displayId, insertOrbitSolutionStateVector, stateVectorView } from '../states/stateVectors.ts';
import { loadTrackingInput, parseTrackingTypes, requireStations, skippedSummary, type TrackingInput } from './trackingInput.ts';

/** Most stored measurements one orbit determination reads. */
export const OD_MAX_MEASUREMENTS = 50_000;

export function orbitDeterminationNotFound(id: string): ApiError {
  return notFound(`Orbit determination ${id} not found`, 'ORBIT_DETERMINATION_NOT_FOUND', { code: 'orbitdetermination.not-found' });
}

/** The request as stored with the job: defaults applied, the a priori state resolved. */
export interface NormalizedOdRequest {
  spacecraftId: string;
  startDate: string;
  endDate: string;
  aprioriStateVectorId: string;
  solutionEpoch: string | null;
  solveFor: { dragCoefficient: boolean; srpCoefficient: boolean; stationBiases: boolean };
  measurementTypes: string[] | null;
  stationIds: string[] | null;
  editingSigma: number;
  maxIterations: number;
  /** Absent in jobs stored before the option existed: the engine's default then. */
  optimizer?: Optimizer;
}

/** Everything a fit needs besides its ports (built at submission to validate, and again by the runner). */
export interface EstimationSetup {
  input: Omit<EstimationInput, 'progressPort' | 'cancel'>;
  /** The span the propagation covers (a priori epoch, solution epoch and measurements): what Earth-data warnings check. */
  span: { start: Epoch; end: Epoch };
  tracking: TrackingInput;
  apriori: StateVectorRecord;
}

/** Residual components the selection offers, and the parameters the request estimates. */
export function parameterBudget(tracking: TrackingInput, solveFor: NormalizedOdRequest['solveFor']): { measurementComponents: number; parameters: number } {
  let measurementComponents = 0;
  const biasComponents = new Map<string, number>();
  for (const m of tracking.measurements) {
    const width = OBSERVABLES[m.kind].dimension;
    measurementComponents += width;
    if (m.stationId !== null) biasComponents.set(`${m.stationId}|${m.kind}`, width);
  }
  let parameters = 6 + (solveFor.dragCoefficient ? 1 : 0) + (solveFor.srpCoefficient ? 1 : 0);
  if (solveFor.stationBiases) for (const width of biasComponents.values()) parameters += width;
  return { measurementComponents, parameters };
}

/**
 * Builds the fit's input from storage (the stored state, its force model and maneuvers, the selected measurements and
 * their stations). Throws the API errors a request gets (404, 422) — the runner turns them into a failed job.
 */
export async function buildEstimationSetup(deps: Pick<AppDeps, 'db'>, organizationId: string, request: NormalizedOdRequest): Promise<EstimationSetup> {
  const { db } = deps;
  const { start, end } = parseSpan(request.startDate, request.endDate);
  const spacecraft = await findSpacecraftById(db, organizationId, request.spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(request.spacecraftId);
  if (request.stationIds) await requireStations(db, organizationId, request.stationIds);
  const apriori = await selectState(db, organizationId, spacecraft, request.aprioriStateVectorId);
  const aprioriEpoch = checkStateDistance(apriori, start, end);
  const solutionEpoch = request.solutionEpoch ? Epoch.parseInstant(request.solutionEpoch) : aprioriEpoch;
  const spanStart = Epoch.min(Epoch.min(aprioriEpoch, solutionEpoch), start);
  const spanEnd = Epoch.max(Epoch.max(aprioriEpoch, solutionEpoch), end);
  const propagation = await buildStoredStatePropagation(db, organizationId, apriori, spacecraft, spanStart, spanEnd);
  const notModelled = [
    ...(request.solveFor.dragCoefficient && spacecraft.forceModel.atmosphere === 'NONE' ? ['dragCoefficient (the force model has no atmosphere)'] : []),
    ...(request.solveFor.srpCoefficient && !spacecraft.forceModel.solarRadiationPressure ? ['srpCoefficient (the force model has no solar radiation pressure)'] : []),
  ];
  if (notModelled.length > 0) {
    throw unprocessable('PARAMETER_NOT_IN_MODEL', `Cannot estimate ${notModelled.join(', ')}`, {
      code: 'orbitdetermination.parameter-not-in-model',
      details: { spacecraftId: spacecraft.id, parameters: notModelled },
    });
  }
  const tracking = await loadTrackingInput(db, organizationId, {
    spacecraftId: spacecraft.id,
    start,
    end,
    types: parseTrackingTypes(request.measurementTypes ?? undefined),
    stationIds: request.stationIds,
    includeOutliers: false,
    maxMeasurements: OD_MAX_MEASUREMENTS,
  });
  const budget = parameterBudget(tracking, request.solveFor);
  if (budget.measurementComponents < budget.parameters) {
    throw unprocessable(
      'TOO_FEW_MEASUREMENTS',
      `${budget.measurementComponents} measurement components (an az/el pair counts 2) for ${budget.parameters} solve-for parameters`,
      { code: 'orbitdetermination.too-few-measurements', details: { ...budget, storedCount: tracking.storedCount, skipped: skippedSummary(tracking.skipped) } },
    );
  }
  return {
    apriori,
    tracking,
    span: { start: spanStart, end: spanEnd },
    input: {
      apriori: propagation,
      ...(request.solutionEpoch ? { solutionEpochUtc: solutionEpoch.toIsoString(9) } : {}),
      solveFor: request.solveFor,
      stations: tracking.stations,
      measurements: tracking.measurements,
      editingSigma: request.editingSigma,
      maxIterations: request.maxIterations,
      ...(request.optimizer ? { optimizer: request.optimizer } : {}),
    },
  };
}

function normalizeRequest(request: OrbitDeterminationRequest): Omit<NormalizedOdRequest, 'aprioriStateVectorId'> & { aprioriStateVectorId?: string } {
  let solutionEpoch: string | null = null;
  if (request.solutionEpoch !== undefined) solutionEpoch = instantText(parseInstantField(request.solutionEpoch, 'solutionEpoch'));
  if (request.measurementTypes !== undefined) parseTrackingTypes(request.measurementTypes);
  return {
    spacecraftId: request.spacecraftId,
    startDate: request.startDate,
    endDate: request.endDate,
    ...(request.aprioriStateVectorId !== undefined ? { aprioriStateVectorId: request.aprioriStateVectorId } : {}),
    solutionEpoch,
    solveFor: {
      dragCoefficient: request.solveFor?.dragCoefficient ?? false,
      srpCoefficient: request.solveFor?.srpCoefficient ?? false,
      stationBiases: request.solveFor?.stationBiases ?? false,
    },
    measurementTypes: request.measurementTypes ?? null,
    stationIds: request.stationIds ?? null,
    editingSigma: request.editingSigma ?? OD_DEFAULTS.editingSigma,
    maxIterations: request.maxIterations ?? OD_DEFAULTS.maxIterations,
    optimizer: request.optimizer ?? OD_DEFAULTS.optimizer,
  };
}

/**
 * Validates an orbit-determination request against storage and queues its job (202). 400 bad fields or span, 404
 * unknown spacecraft / state / station, 422 no eligible a priori state, incomplete force model, or fewer measurement
 * components than solve-for parameters (details give both counts).
 */
export async function startOrbitDetermination(deps: AppDeps, organizationId: string, request: OrbitDeterminationRequest) {
  const normalized = normalizeRequest(request);
  const { start, end } = parseSpan(normalized.startDate, normalized.endDate);
  // Kept and echoed in the one printed instant form (domain/instants.ts).
  normalized.startDate = instantText(start);
  normalized.endDate = instantText(end);
  const spacecraft = await findSpacecraftById(deps.db, organizationId, normalized.spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(normalized.spacecraftId);
  // The a priori default is resolved now (the latest eligible state before the span ends) and kept with the job.
  const apriori = await selectState(deps.db, organizationId, spacecraft, normalized.aprioriStateVectorId, end);
  const full: NormalizedOdRequest = { ...normalized, aprioriStateVectorId: displayId(apriori.displayNumber) };
  await buildEstimationSetup(deps, organizationId, full);
  const id = await insertOrbitDetermination(deps.db, {
    organizationId,
    spacecraftId: spacecraft.id,
    request: full as unknown as Record<string, unknown>,
    aprioriStateVectorNumber: apriori.displayNumber,
    startEpoch: canonicalInstant(start),
    endEpoch: canonicalInstant(end),
  });
  deps.odRunner?.wake();
  return orbitDeterminationView((await findOrbitDetermination(deps.db, organizationId, id))!, false);
}

export function orbitDeterminationView(od: OrbitDetermination, includeSolution: boolean) {
  return {
    id: od.id,
    spacecraftId: od.spacecraftId,
    status: od.status,
    attempts: od.attempts,
    maxAttempts: od.maxAttempts,
    error: od.error,
    request: od.request,
    aprioriStateVectorId: displayId(od.aprioriStateVectorNumber),
    startDate: instantTextOf(od.startEpoch),
    endDate: instantTextOf(od.endEpoch),
    progress: od.progress,
    converged: od.converged,
    residualCount: od.residualCount,
    acceptedStateVectorId: od.acceptedStateVectorNumber === null ? null : displayId(od.acceptedStateVectorNumber),
    acceptedAt: od.acceptedAt,
    ...(includeSolution ? { solution: od.solution } : {}),
    createdAt: od.createdAt,
    updatedAt: od.updatedAt,
    startedAt: od.startedAt,
    finishedAt: od.finishedAt,
  };
}

async function requireOrbitDetermination(db: SqlExecutor, organizationId: string, id: string): Promise<OrbitDetermination> {
  const od = await findOrbitDetermination(db, organizationId, id);
  if (!od) throw orbitDeterminationNotFound(id);
  return od;
}

export async function getOrbitDetermination(db: SqlExecutor, organizationId: string, id: string) {
  return orbitDeterminationView(await requireOrbitDetermination(db, organizationId, id), true);
}

export async function listOrbitDeterminationPage(db: SqlExecutor, organizationId: string, filter: OrbitDeterminationFilter, page: PageRequest) {
  const { items, totalElements } = await listOrbitDeterminations(db, organizationId, filter, page);
  return pageEnvelope(items.map((od) => orbitDeterminationView(od, false)), totalElements, page);
}

export async function orbitDeterminationResidualPage(db: SqlExecutor, organizationId: string, id: string, page: PageRequest, rejected?: boolean) {
  await requireOrbitDetermination(db, organizationId, id);
  const { items, totalElements } = await pageResidualRows(db, id, page, rejected === undefined ? {} : { rejected });
  return pageEnvelope(items, totalElements, page);
}

// ---------------------------------------------------------------------------------------------
// Results of a fit (the runner stores them)

function square(values: readonly number[], n: number): number[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => values[i * n + j]!));
}

/** The solution as stored and shown (GET …/{id} `solution`). */
export function solutionView(
  result: EstimationResult,
  setup: Pick<EstimationSetup, 'apriori' | 'tracking'>,
  elapsedMs: number,
  earthWarnings: readonly string[] = [],
): Record<string, unknown> {
  const n = result.parameterNames.length;
  const matrix = square(result.covariance, n);
  const sigma = (i: number) => Math.sqrt(Math.max(0, matrix[i]![i]!));
  const state6: number[] = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) state6.push((matrix[i]![j]! + matrix[j]![i]!) / 2);
  const names = setup.tracking.stationNames;
  const parameters = result.parameterNames.map((name, i) => ({
    name,
    unit: result.parameterUnits[i] ?? '',
    value: result.estimatedParameters[name] ?? Number.NaN,
    sigma: sigma(i),
    // No information left for it (e.g. a bias whose station lost every measurement): kept at its a priori value.
    held: (result.heldParameters ?? []).includes(name),
  }));
  const single = (name: string) => {
    const p = parameters.find((q) => q.name === name);
    return p ? { value: p.value, sigma: p.sigma } : null;
  };
  const stationBiases = parameters.flatMap((p) => {
    const match = /^BIAS:(.+):([^:]+)$/.exec(p.name);
    if (!match) return [];
    return [{ stationId: match[1]!, stationName: names.get(match[1]!) ?? null, component: match[2]!, unit: p.unit, value: p.value, sigma: p.sigma }];
  });
  return {
    converged: result.converged,
    failureReason: result.failureReason,
    optimizer: result.optimizer,
    iterations: result.iterations,
    epoch: instantTextOf(result.epochUtc),
    fitEpoch: instantTextOf(result.fitEpochUtc),
    state: { frame: 'GCRF', positionKm: result.positionKm, velocityKmS: result.velocityKmS, massKg: result.massKg },
    stateCovariance: { frame: 'GCRF', matrix: toNested(state6), standardDeviations: standardDeviations(state6) },
    parameters,
    covariance: { parameters: result.parameterNames, matrix },
    dragCoefficient: single('DRAG_COEFFICIENT'),
    srpCoefficient: single('SRP_COEFFICIENT'),
    stationBiases,
    counts: result.counts.map((c) => ({ ...c, stationName: c.stationId === null ? null : names.get(c.stationId) ?? null })),
    statistics: {
      byType: result.statistics.filter((s) => s.stationId === null).map((s) => statisticsView(s, names)),
      byStation: result.statistics.filter((s) => s.stationId !== null).map((s) => statisticsView(s, names)),
    },
    forceModel: result.forceModel,
    apriori: {
      stateVectorId: displayId(setup.apriori.displayNumber),
      epoch: instantTextOf(setup.apriori.epoch),
      positionKm: setup.apriori.positionKm,
      velocityKmS: setup.apriori.velocityKmS,
      frame: setup.apriori.referenceFrame,
    },
    measurements: {
      storedCount: setup.tracking.storedCount,
      modelledCount: setup.tracking.measurements.length,
      skipped: skippedSummary([...setup.tracking.skipped, ...result.skipped]),
      warnings: [...setup.tracking.warnings, ...earthWarnings],
    },
    elapsedMs,
  };
}

/** Post-fit rows in epoch order (then id) as stored: view + sort keys (built in slices, the event loop free between). */
export async function storedResidualRows(rows: readonly PostFitRow[], tracking: TrackingInput): Promise<StoredResidualRow[]> {
  const sorted = inEpochOrder(rows);
  const out: StoredResidualRow[] = [];
  for (let seq = 0; seq < sorted.length; seq++) {
    const row = sorted[seq]!;
    out.push({
      seq,
      epoch: row.epochUtc,
      rejected: row.rejected,
      maxAbsNormalized: row.normalized.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, Math.abs(v)) : m), 0),
      row: residualView(row, tracking.selected.get(row.id)) as unknown as Record<string, unknown>,
    });
    if (seq % 2000 === 1999) await yieldToEventLoop();
  }
  return out;
}

/** The outcome of a finished fit (converged or not) as the job row keeps it. */
export function fitOutcome(
  result: EstimationResult,
  setup: EstimationSetup,
  progress: OrbitDeterminationProgress,
  elapsedMs: number,
  earthWarnings: readonly string[],
): OrbitDeterminationOutcome {
  return { converged: result.converged, solution: solutionView(result, setup, elapsedMs, earthWarnings), residualCount: result.residuals.length, progress };
}

// ---------------------------------------------------------------------------------------------
// Acceptance

/**
 * Stores a converged solution as a state vector (sourceType ORBIT_DETERMINATION, orbitSolutionId = the job id,
 * converged, GCRF state and 6×6 covariance at the solution epoch) — `latest`, OEM and TLE generation then use it as
 * any eligible state. 409 OD_NOT_FINISHED before the job ended, OD_NOT_CONVERGED for a fit that did not converge,
 * OD_ALREADY_ACCEPTED the second time.
 */
export async function acceptOrbitDetermination(deps: AppDeps, organizationId: string, id: string) {
  const od = await requireOrbitDetermination(deps.db, organizationId, id);
  if (od.acceptedStateVectorNumber !== null) {
    throw conflict('OD_ALREADY_ACCEPTED', `Orbit determination ${id} was already accepted as ${displayId(od.acceptedStateVectorNumber)}`, {
      code: 'orbitdetermination.accept.already',
      details: { stateVectorId: displayId(od.acceptedStateVectorNumber) },
    });
  }
  if (od.status === 'QUEUED' || od.status === 'RUNNING' || !od.solution) {
    throw conflict('OD_NOT_FINISHED', `Orbit determination ${id} is ${od.status}; only a converged solution can be accepted`, {
      code: 'orbitdetermination.accept.not-finished',
      details: { status: od.status },
    });
  }
  const solution = od.solution as {
    converged: boolean;
    failureReason: string | null;
    epoch: string;
    state: { positionKm: number[]; velocityKmS: number[]; massKg?: number };
    stateCovariance: { matrix: number[][] };
  };
  if (od.status !== 'SUCCEEDED' || !od.converged || !solution.converged) {
    throw conflict('OD_NOT_CONVERGED', `Orbit determination ${id} did not converge (${solution.failureReason ?? od.error ?? 'unknown reason'}); it cannot be accepted`, {
      code: 'orbitdetermination.accept.not-converged',
      details: { status: od.status, failureReason: solution.failureReason ?? od.error },
    });
  }
  const apriori = await findStateVector(deps.db, organizationId, od.aprioriStateVectorNumber);
  const spacecraft = await findSpacecraftById(deps.db, organizationId, od.spacecraftId);
  if (!spacecraft) throw spacecraftNotFound(od.spacecraftId);
  let covariance: number[][] | null = null;
  try {
    covariance = toNested(validateCovariance(flattenCovariance(solution.stateCovariance.matrix)));
  } catch {
    covariance = null; // a formal covariance that is not PSD (ill-conditioned fit) is not stored; the solution keeps it
  }
  const sv = await insertOrbitSolutionStateVector(
    deps,
    organizationId,
    {
      spacecraftId: od.spacecraftId,
      epoch: Epoch.parseInstant(solution.epoch),
      positionKm: solution.state.positionKm as [number, number, number],
      velocityKmS: solution.state.velocityKmS as [number, number, number],
      massKg: solution.state.massKg ?? apriori?.massKg ?? spacecraft.launchMass,
      covariance,
      orbitSolutionId: od.id,
      warnings: covariance ? [] : ['the formal covariance of the solution is not positive semi-definite and was not stored'],
    },
    async (tx, displayNumber) => {
      if (!(await markOrbitDeterminationAccepted(tx, organizationId, id, displayNumber))) {
        throw conflict('OD_ALREADY_ACCEPTED', `Orbit determination ${id} was already accepted`, { code: 'orbitdetermination.accept.already' });
      }
    },
  );
  return { orbitDeterminationId: od.id, stateVector: stateVectorView(sv) };
}

// ---------------------------------------------------------------------------------------------
// The residual plot

/** Display unit of each model unit (the plot's axes): m, mm/s, deg. */
const DISPLAY: Record<string, { unit: string; scale: number }> = {
  km: { unit: 'm', scale: 1000 },
  'km/s': { unit: 'mm/s', scale: 1e6 },
  deg: { unit: 'deg', scale: 1 },
};

const COMPONENT_TITLES: Record<string, string> = {
  range: 'Range', rangeRate: 'Range rate', azimuth: 'Azimuth', elevation: 'Elevation', rightAscension: 'Right ascension', declination: 'Declination',
};
const PLOT_CHUNK_ROWS = 2000;

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

/** `GET …/{id}/residuals.svg`: post-fit residuals versus time per type and station, rejected points marked. */
export async function orbitDeterminationResidualsSvg(db: SqlExecutor, organizationId: string, id: string): Promise<string> {
  const od = await requireOrbitDetermination(db, organizationId, id);
  const spacecraft = await findSpacecraftById(db, organizationId, od.spacecraftId);
  const rows: PlotRow[] = [];
  const sigmas = new Map<string, number[]>();
  const panels = new Map<string, PlotPanel & { order: number }>();
  const start = Epoch.parseInstant(od.startEpoch);
  let used = 0;
  let rejected = 0;
  for (let after = -1; ; ) {
    const chunk = await scanResidualRows(db, id, after, PLOT_CHUNK_ROWS);
    for (const { row } of chunk) {
      const r = row as unknown as { kind: string; epoch: string; stationName: string | null; stationId: string | null; components: string[]; units: string[]; residual: number[]; sigma: number[]; rejected?: boolean };
      const tS = Epoch.parseInstant(r.epoch).secondsSince(start);
      if (r.rejected) rejected++;
      else used++;
      r.components.forEach((component, i) => {
        const display = DISPLAY[r.units[i]!] ?? { unit: r.units[i]!, scale: 1 };
        const key = `${r.kind}:${component}`;
        if (!panels.has(key)) {
          const title = COMPONENT_TITLES[component] ?? `${r.kind} ${component}`;
          panels.set(key, { key, title, unit: display.unit, band: null, order: (OBSERVABLE_KINDS as readonly string[]).indexOf(r.kind) * 10 + i });
        }
        rows.push({ tS, panel: key, series: r.stationName ?? r.stationId ?? 'no station', value: r.residual[i]! * display.scale, rejected: r.rejected === true });
        const list = sigmas.get(key) ?? [];
        list.push(r.sigma[i]! * display.scale);
        sigmas.set(key, list);
      });
    }
    if (chunk.length < PLOT_CHUNK_ROWS) break;
    after = chunk[chunk.length - 1]!.seq;
    await yieldToEventLoop();
  }
  for (const panel of panels.values()) {
    const sigma = median(sigmas.get(panel.key) ?? []);
    if (Number.isFinite(sigma)) {
      panel.band = 3 * sigma;
      panel.bandLabel = '±3σ';
    }
  }
  const solution = od.solution as { converged?: boolean; iterations?: Array<{ weightedRms: number }> } | null;
  const iterations = solution?.iterations ?? [];
  const last = iterations[iterations.length - 1];
  const status = !solution
    ? `${od.status.toLowerCase()}: no solution yet`
    : `${solution.converged ? 'converged' : 'not converged'} after ${Math.max(0, iterations.length - 1)} iterations, weighted RMS ${last ? last.weightedRms.toFixed(3) : 'n/a'}`;
  return residualsSvg({
    title: `Post-fit residuals — ${spacecraft?.name ?? od.spacecraftId} (orbit determination ${od.id.slice(0, 8)})`,
    subtitle: `${start.toString('UTC', 0)}Z … ${Epoch.parseInstant(od.endEpoch).toString('UTC', 0)}Z · ${status} · ${used} used, ${rejected} rejected`,
    startLabel: `${start.toString('UTC', 0)}Z`,
    panels: [...panels.values()].sort((a, b) => a.order - b.order),
    rows,
  });
}
