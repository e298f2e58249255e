/**
 * Conjunction screenings: `POST /operations/conjunctions/screenings` validates the request, resolves
 * its primaries and secondaries once, and stores the screening with its chunks; the chunks are then run by any
 * instance sharing the database (api/jobs/screeningRunner.ts). Status (with progress), list, approaches and cancel.
 *
 * What is fixed at creation, so that every chunk — on any instance, in any order, retried or taken over — screens the
 * same thing and the merged result does not depend on the split:
 *  - the span (start defaults to now) and the volume;
 *  - each spacecraft primary's propagation set-up: its latest eligible stored state (or the named state vector), its
 *    force model and the stored maneuvers over the arc (the propagation itself runs on the workers, cached per worker);
 *    an OEM primary's text, read and checked to cover the span before the job is accepted;
 *  - the catalog snapshot (storage/catalog.ts `catalogSnapshot`): chunks read the newest set per object among the
 *    sets published by then, every one of them (a batch still being written, or left by a dead upload, hides only its
 *    own sets); a catalog screening of an empty catalog says so (issue CATALOG_EMPTY); the catalog is cut by NORAD id into partitions of `secondariesPerChunk` objects
 *    (engine planScreeningChunks), each chunk storing its NORAD range;
 *  - the fleet secondaries' element sets: our spacecraft other than the primaries, by their catalog set when the
 *    catalog holds their NORAD id, else a TLE fitted now to their latest state by our TLE fitter (flagged
 *    `fittedTle`); one that cannot be fitted is an issue (FLEET_NOT_SCREENED) naming why.
 */
import { randomUUID } from 'node:crypto';
import { planScreeningChunks, type ScreeningVolume } from '../../../engine/collision/screening/index.ts';
import type { GpElementSet } from '../../../engine/tle/gpElements.ts';
import { readTleCatalog } from '../../../engine/tle/catalog.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { catalogNoradIds, catalogSnapshot, latestCatalogElementSet } from '../../../storage/catalog.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import { inTransaction, yieldToEventLoop, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import { findScreening, insertScreening, insertScreeningPrimaryOem, listScreeningApproaches, listScreeningChunks, listScreenings, requestScreeningCancel, screeningProgress, type ScreeningApproachRow } from '../../../storage/screenings.ts';
import { type NewScreeningChunk, type Screening, type ScreeningChunk, SYNTHETIC_NORAD_BASE } from '../../../domain/screenings/model.ts';
import { findSpacecraftById, listActiveSpacecraft, resolveSpacecraft } from '../../../storage/spacecraft.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { resolveSpacecraftByDesignators } from '../../../domain/spacecraft/resolution.ts';
import { normalizedInternationalDesignator } from '../../../domain/conjunctions/grouping.ts';
import { numberParameter } from '../../http/queryNumbers.ts';
import type { PcMethod } from '../../../engine/collision/probability.ts';
import { findLatestEligibleStateVector, findStateVector } from '../../../storage/stateVectors.ts';
import type { StateVectorRecord } from '../../../domain/stateVectors/model.ts';
import { ownedBytes } from '../../../workers/handOver.ts';
import type { OemObjectIdentity, ScreeningPrimarySpec } from '../../../workers/contracts.ts';
import { PoolSaturatedError, TaskCancelledError } from '../../../workers/poolTypes.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, fieldErrorsFromZod, jobNotCancellable, notFound, unprocessable, validationError } from '../../http/errors.ts';
import type { UploadedPart } from '../../http/fileNames.ts';
import { parseInstantField } from '../../http/instants.ts';
import { pageEnvelope, parsePageable, type PageableInput } from '../../http/paging.ts';
import { APPROACH_SORTABLE, CreateScreeningSchema, SCREENING_DEFAULT_DURATION_DAYS, SCREENING_DEFAULT_PC_THRESHOLD, SCREENING_DEFAULT_SECONDARIES_PER_CHUNK, SCREENING_DEFAULT_SLICE_HOURS, SCREENING_SORTABLE, type CreateScreeningRequest } from '../../schemas/screenings.ts';
import { planTimeSlices } from '../../../domain/screenings/slices.ts';
import { buildStoredStatePropagation, requirePropagationGap } from '../states/storedState.ts';
import { displayId, parseDisplayId } from '../states/stateVectors.ts';
import { prepareTleGeneration, runTleTask } from '../products/tle.ts';

const DAY_S = 86_400;
/** Attempts per chunk before the screening fails (a chunk whose runner died counts as an attempt). */
export const CHUNK_MAX_ATTEMPTS = 3;
/** Catalog objects read per statement by a chunk (storage/screenings.ts `noradCuts`: ~3 ms each). */
const CATALOG_READ_OBJECTS = 250;

/** What a CDM says about one of our spacecraft (its identity for the ingest's resolution). */
export interface CdmIdentity {
  designator: string;
  name: string;
  internationalDesignator: string;
  objectType: 'PAYLOAD';
  maneuverable: 'YES' | 'NO' | 'N/A';
  ephemerisName: string;
}

/** The prepared inputs every chunk and the merge read (screenings.inputs, JSON). */
export interface ScreeningInputs {
  span: { startUtc: string; durationS: number };
  volume: ScreeningVolume;
  secondaryHardBodyRadiusM: number;
  primaries: ScreeningPrimarySpec[];
  /**
   * Per primary (same order): the spacecraft it is of, its CDM identity, and whether the radius its approaches used is
   * the spacecraft's own hardBodyRadiusM (else the default; absent in screenings created before it was recorded).
   */
  primarySpacecraft: Array<{ spacecraftId: string; identity: CdmIdentity; ownHardBodyRadius?: boolean }>;
  /** Fleet secondaries screened in FLEET chunks (sorted by engine NORAD id), and those covered by the catalog. */
  fleet: Array<{ spacecraftId: string; noradId: number; fitted: boolean; elements: GpElementSet; identity: CdmIdentity }>;
  /** Our spacecraft by catalog NORAD id (fleet members screened within the catalog partitions). */
  fleetInCatalog: Array<{ spacecraftId: string; noradId: number; identity: CdmIdentity }>;
  issues: Array<{ code: string; spacecraftId?: string; message: string }>;
  /**
   * The organization's Pc method and event grouping window (conjunction settings) when the screening was created: the
   * method when both covariances are known, and the TCA window within which a received CDM's covariance of a
   * secondary applies (domain/screenings/covariances.ts). Absent in screenings created before: LAAS_2015, 600 s.
   */
  pcMethod?: PcMethod;
  cdmCovarianceWindowS?: number;
  /**
   * Mode FLEET (absent otherwise): the primaries are the fleet's element sets, screened by time slices (each chunk's
   * `slice`) against the catalog and/or one another (workers/screeningTasks.ts sieveChunkTask).
   */
  fleetSieve?: { againstCatalog: boolean; againstEachOther: boolean; catalogPairs?: boolean };
}

export function screeningNotFound(id: string): ApiError {
  return notFound(`Screening ${id} not found`, 'SCREENING_NOT_FOUND', { code: 'conjunctions.screening.not-found' });
}

function identityOf(spacecraft: Spacecraft, ephemerisName: string): CdmIdentity {
  return {
    designator: spacecraft.noradId !== null ? String(spacecraft.noradId) : (spacecraft.externalKey ?? spacecraft.name),
    name: spacecraft.name,
    internationalDesignator: spacecraft.cosparId ?? 'UNKNOWN',
    objectType: 'PAYLOAD',
    maneuverable: 'YES',
    ephemerisName,
  };
}

/** The request from a JSON body or from a multipart body's `request` part (with its OEM `files`). */
export function parseScreeningRequest(json: unknown, field = 'body'): CreateScreeningRequest {
  const parsed = CreateScreeningSchema.safeParse(json);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error, field));
  return parsed.data;
}

export function requestFromMultipartText(text: string | undefined): CreateScreeningRequest {
  if (text === undefined) throw validationError({ request: 'the multipart part `request` (the request as JSON text) is required' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw validationError({ request: `is not JSON: ${(error as Error).message}` });
  }
  const parsed = CreateScreeningSchema.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(fieldErrorsFromZod(parsed.error, 'request'))) errors[path === 'request' ? path : `request.${path}`] = message;
    throw validationError(errors);
  }
  return parsed.data;
}

interface ResolvedPrimary {
  spec: ScreeningPrimarySpec;
  spacecraft: Spacecraft;
  identity: CdmIdentity;
  /** An OEM primary's text in the parts stored apart from the inputs (storage/screenings.ts insertScreeningPrimaryOem). */
  oemParts?: Uint8Array[];
}

/**
 * The primary's spacecraft. An archived craft is not operated: it is not screened (422 SPACECRAFT_ARCHIVED naming it,
 * as a CDM naming only an archived craft is refused — api/services/conjunctions/ingest.ts).
 */
async function spacecraftOf(deps: AppDeps, organizationId: string, id: string, field: string): Promise<Spacecraft> {
  const spacecraft = await findSpacecraftById(deps.db, organizationId, id);
  if (!spacecraft) throw validationError({ [field]: `no spacecraft ${id} in this organization` });
  if (spacecraft.lifecycleStatus !== 'Active') {
    throw unprocessable('SPACECRAFT_ARCHIVED', `${field}: spacecraft ${spacecraft.id} (${JSON.stringify(spacecraft.name)}) is archived: an archived craft is not operated and is not screened. Restore it (PUT /operations/spacecraft/{id}/lifecycle Active) to screen it`, {
      code: 'conjunctions.screening.spacecraft-archived',
      details: { field, spacecraftId: spacecraft.id },
    });
  }
  return spacecraft;
}

/**
 * The OEM parts a multipart screening sent: each file name once (two parts of one name: which is the trajectory?), and
 * each named by a primary's `oemFile` (one that none names would not be screened). A 400 naming the part.
 */
function checkOemParts(request: CreateScreeningRequest, files: readonly UploadedPart[]): void {
  const named = new Set((request.primaries ?? []).flatMap((p) => (p.oemFile !== undefined ? [p.oemFile] : [])));
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  for (const file of files) seen.set(file.name, (seen.get(file.name) ?? 0) + 1);
  for (const [name, count] of seen) {
    if (count > 1) problems[`files.${name}`] = `${count} parts \`files\` carry the file name ${JSON.stringify(name)}: send each OEM once, under a name of its own`;
    else if (!named.has(name)) problems[`files.${name}`] = `no primary names this file (primaries[].oemFile): it would not be screened`;
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/**
 * 400 naming the OEM part unless every segment of it is of the primary's spacecraft: its OBJECT_ID (COSPAR id, NORAD
 * id, externalKey or our id) or else its OBJECT_NAME (name, externalKey or our id) must name that craft by the rule that
 * resolves a CDM's objects (domain/spacecraft/resolution.ts). Another craft's OEM attached to a spacecraftId would be
 * screened, and its approaches stored, under the wrong craft.
 */
async function requireOemOfSpacecraft(db: Db, organizationId: string, spacecraft: Spacecraft, objects: readonly OemObjectIdentity[], oemFile: string, field: string): Promise<void> {
  for (const o of objects) {
    const objectId = o.objectId.trim();
    const objectName = o.objectName.trim();
    const steps = [];
    if (objectId !== '') {
      // a COSPAR id as the CDM's is compared (dashes of any kind, upper case); our id, externalKey and NORAD id as written
      const byKey = await resolveSpacecraft(db, organizationId, objectId, ['id', 'externalKey', 'noradId']);
      const byCospar = await resolveSpacecraft(db, organizationId, normalizedInternationalDesignator(objectId), ['cosparId']);
      const matches = new Map([...byKey, ...byCospar].map((m) => [m.spacecraft.id, m.spacecraft]));
      steps.push({ label: `OBJECT_ID = ${objectId}`, matches: [...matches.values()] });
    }
    if (objectName !== '') {
      steps.push({ label: `OBJECT_NAME = ${objectName}`, matches: (await resolveSpacecraft(db, organizationId, objectName, ['id', 'externalKey', 'name'])).map((m) => m.spacecraft) });
    }
    const resolution = resolveSpacecraftByDesignators(steps);
    const named = resolution.outcome === 'RESOLVED' ? [resolution.spacecraft] : resolution.outcome === 'AMBIGUOUS' ? resolution.candidates : [];
    if (named.some((s) => s.id === spacecraft.id)) continue;
    const describe = (list: readonly Spacecraft[]) => list.map((s) => `${s.id} (${JSON.stringify(s.name)})`).join(', ');
    const what =
      resolution.outcome === 'NONE' ? 'names none of this organization’s spacecraft'
        : resolution.outcome === 'ARCHIVED' ? `names archived spacecraft ${describe(resolution.archived)} (by ${resolution.label})`
          : `names spacecraft ${describe(named)} (by ${resolution.label})`;
    throw validationError(
      { [`files.${oemFile}`]: `OBJECT_NAME = ${o.objectName}, OBJECT_ID = ${o.objectId} ${what}, not ${spacecraft.id} (${JSON.stringify(spacecraft.name)}) of ${field}.spacecraftId` },
      `OEM ${oemFile} is not of spacecraft ${spacecraft.id}: its OBJECT_NAME = ${o.objectName}, OBJECT_ID = ${o.objectId} ${what}. Attach an OEM of that craft (OBJECT_ID its COSPAR id, NORAD id or externalKey, or OBJECT_NAME its name)`,
    );
  }
}

/** A stored state's propagation set-up over the arc from its epoch through the span. */
async function propagatedSpec(deps: AppDeps, organizationId: string, sv: StateVectorRecord, spacecraft: Spacecraft, start: Epoch, end: Epoch) {
  const stateEpoch = Epoch.parseInstant(sv.epoch);
  requirePropagationGap(stateEpoch, start, end, { spacecraftId: spacecraft.id, stateVectorId: displayId(sv.displayNumber) });
  const arcStart = stateEpoch.isBefore(start) ? stateEpoch : start;
  const arcEnd = end.isBefore(stateEpoch) ? stateEpoch : end;
  return await buildStoredStatePropagation(deps.db, organizationId, sv, spacecraft, arcStart, arcEnd);
}

async function resolvePrimaries(
  deps: AppDeps,
  organizationId: string,
  request: CreateScreeningRequest,
  files: readonly UploadedPart[],
  span: { start: Epoch; end: Epoch; startUtc: string; durationS: number },
  screeningId: string,
  defaultRadiusM: number,
): Promise<ResolvedPrimary[]> {
  const out: ResolvedPrimary[] = [];
  /** OEM files checked, by name (two primaries may screen the same file: it was handed to the pool once). */
  const checkedOems = new Map<string, { parts: Uint8Array[]; objects: OemObjectIdentity[] }>();
  for (const [index, p] of (request.primaries ?? []).entries()) {
    const field = `primaries.${index}`;
    const cacheKey = `${screeningId}:${index}`;
    if (p.oemFile !== undefined) {
      const spacecraft = await spacecraftOf(deps, organizationId, p.spacecraftId!, `${field}.spacecraftId`);
      const file = files.find((f) => f.name === p.oemFile);
      if (!file) throw validationError({ [`${field}.oemFile`]: `no multipart part \`files\` named ${JSON.stringify(p.oemFile)}` });
      let checkedOem = checkedOems.get(p.oemFile);
      if (!checkedOem) {
        // the file's bytes are moved to the pool, which decodes and checks them and hands them back in the parts the
        // screening stores: the event loop neither decodes nor copies a megabytes-long text
        const bytes = ownedBytes(file.bytes);
        const checked = await deps.pool.run('screening.checkOem', { bytes, span: { startUtc: span.startUtc, durationS: span.durationS } }, { transfer: [bytes.buffer] });
        if (!checked.ok) {
          const where = checked.line !== undefined ? ` (line ${checked.line})` : '';
          if (checked.kind === 'UNPROCESSABLE' && checked.code === 'OEM_DOES_NOT_COVER_SPAN') {
            throw unprocessable(checked.code, `${p.oemFile}: ${checked.message}`, { code: 'conjunctions.screening.oem-span', details: { field: `${field}.oemFile` } });
          }
          throw validationError({ [`files.${p.oemFile}`]: `${checked.message}${where}` }, `OEM ${p.oemFile}${where}: ${checked.message}`);
        }
        checkedOem = { parts: checked.parts, objects: checked.objects };
        checkedOems.set(p.oemFile, checkedOem);
      }
      // per primary: two primaries may attach one file, and it must be of each one's craft
      await requireOemOfSpacecraft(deps.db, organizationId, spacecraft, checkedOem.objects, p.oemFile, field);
      const oemParts = checkedOem.parts;
      out.push({
        spacecraft,
        identity: identityOf(spacecraft, `OEM ${p.oemFile}`),
        oemParts,
        spec: {
          kind: 'OEM', id: String(index), cacheKey, oemName: p.oemFile, hardBodyRadiusM: spacecraft.hardBodyRadiusM ?? defaultRadiusM,
          ...(spacecraft.noradId !== null ? { noradId: spacecraft.noradId } : {}),
          ...(p.nonGravitationalAccelerationKmS2 !== undefined ? { nonGravitationalAccelerationKmS2: p.nonGravitationalAccelerationKmS2 } : {}),
        },
      });
      continue;
    }
    let sv: StateVectorRecord | null;
    let spacecraft: Spacecraft;
    if (p.stateVectorId !== undefined) {
      let displayNumber: number;
      try {
        displayNumber = parseDisplayId(p.stateVectorId);
      } catch {
        throw validationError({ [`${field}.stateVectorId`]: `no state vector ${p.stateVectorId} (ids are SV-<n>)` });
      }
      sv = await findStateVector(deps.db, organizationId, displayNumber);
      if (!sv) throw validationError({ [`${field}.stateVectorId`]: `no state vector ${p.stateVectorId} in this organization` });
      spacecraft = await spacecraftOf(deps, organizationId, sv.spacecraftId, `${field}.stateVectorId`);
    } else {
      spacecraft = await spacecraftOf(deps, organizationId, p.spacecraftId!, `${field}.spacecraftId`);
      sv = await findLatestEligibleStateVector(deps.db, organizationId, spacecraft.id);
      if (!sv) {
        throw unprocessable('NO_ELIGIBLE_STATE', `Spacecraft ${spacecraft.id} has no eligible stored state (manual, imported or converged orbit determination) to screen from`, {
          code: 'conjunctions.screening.state.none',
          details: { field: `${field}.spacecraftId`, spacecraftId: spacecraft.id },
        });
      }
    }
    const propagation = await propagatedSpec(deps, organizationId, sv, spacecraft, span.start, span.end);
    out.push({
      spacecraft,
      identity: identityOf(spacecraft, `${displayId(sv.displayNumber)} propagated (${spacecraft.forceModel.gravityDegree}x${spacecraft.forceModel.gravityOrder}, ${spacecraft.forceModel.atmosphere})`),
      spec: {
        kind: 'PROPAGATED', id: String(index), cacheKey, propagation, hardBodyRadiusM: spacecraft.hardBodyRadiusM ?? defaultRadiusM,
        // propagated to each approach's TCA by the merge (domain/screenings/covariances.ts)
        ...(sv.covariance ? { covariance: { stateVectorId: displayId(sv.displayNumber), frame: sv.covariance.frame, values: sv.covariance.matrix.flat() } } : {}),
        ...(spacecraft.noradId !== null ? { noradId: spacecraft.noradId } : {}),
      },
    });
  }
  return out;
}

/** A TLE fitted to a fleet member's latest state at the span's middle (our TLE fitter), as an element set. */
async function fittedElements(deps: Pick<AppDeps, 'db' | 'earthData'>, organizationId: string, spacecraft: Spacecraft, epoch: Epoch): Promise<GpElementSet> {
  const prepared = await prepareTleGeneration(deps.db, organizationId, spacecraft, epoch);
  const { output } = await runTleTask(deps.earthData, 'tle.generate', prepared);
  if (!output.ok) throw new Error(`TLE fit failed: ${output.message}`);
  // the two lines read alone and the name attached here: a name is not a line of a file (one starting with "1 " would
  // read as line 1), and cutting it at 24 UTF-16 units could split a surrogate pair the catalog reader refuses
  const read = readTleCatalog(output.text);
  const elements = read.entries[0];
  if (!elements) throw new Error(`the fitted TLE could not be read: ${read.errors[0]?.message ?? 'no entry'}`);
  return { ...elements, name: Array.from(spacecraft.name).slice(0, 24).join('') };
}

/**
 * The active spacecraft that share their NORAD id with another active one, by id. The catalog's object of such an id
 * is one object and cannot be told to be one of them, so none of them is identified with it: each is screened from a
 * TLE fitted to its own state under an engine id of its own, and the screening lists an issue FLEET_SHARED_NORAD_ID
 * naming the id and the craft (the catalog object stays a catalog object: not silently taken for either).
 */
function sharedNoradIds(active: readonly Spacecraft[], fleetScreened: boolean): { shared: Set<string>; issues: ScreeningInputs['issues'] } {
  const byNorad = new Map<number, Spacecraft[]>();
  for (const s of active) if (s.noradId !== null) byNorad.set(s.noradId, [...(byNorad.get(s.noradId) ?? []), s]);
  const shared = new Set<string>();
  const issues: ScreeningInputs['issues'] = [];
  for (const [noradId, craft] of byNorad) {
    if (craft.length < 2) continue;
    const names = craft.map((c) => `${c.id} (${JSON.stringify(c.name)})`).join(', ');
    for (const c of craft) {
      shared.add(c.id);
      issues.push({
        code: 'FLEET_SHARED_NORAD_ID', spacecraftId: c.id,
        message: `NORAD id ${noradId} is carried by ${craft.length} active spacecraft (${names}): the catalog object ${noradId} is not identified as any of them` +
          (fleetScreened ? '; as a secondary, each is screened from a TLE fitted to its own latest state' : ''),
      });
    }
  }
  return { shared, issues };
}

/**
 * Our spacecraft as secondaries (of a screening, or of an avoidance plan's post-burn screening): the active ones but
 * `primaryIds`, each by its catalog set when the catalog (`catalogIds`) holds its NORAD id (`fleetInCatalog`: screened
 * within the catalog's sets), else its newest catalog set otherwise stored, else a TLE fitted to its latest state at
 * `midSpan` (flagged `fitted`; a craft without a NORAD id gets an engine id from SYNTHETIC_NORAD_BASE); one that cannot
 * be fitted is an issue FLEET_NOT_SCREENED naming why. `active`: the active craft when the caller has read them.
 */
export async function resolveFleetSecondaries(
  deps: Pick<AppDeps, 'db' | 'earthData'>,
  organizationId: string,
  primaryIds: ReadonlySet<string>,
  catalogIds: ReadonlySet<number>,
  midSpan: Epoch,
  active?: readonly Spacecraft[],
): Promise<Pick<ScreeningInputs, 'fleet' | 'fleetInCatalog' | 'issues'>> {
  const out: Pick<ScreeningInputs, 'fleet' | 'fleetInCatalog' | 'issues'> = { fleet: [], fleetInCatalog: [], issues: [] };
  active ??= await listActiveSpacecraft(deps.db, organizationId);
  const { shared, issues } = sharedNoradIds(active, true);
  out.issues.push(...issues);
  const fleet = active.filter((s) => !primaryIds.has(s.id));
  // a shared NORAD id identifies none of its craft (sharedNoradIds): screened like a craft without one
  const noradOf = (spacecraft: Spacecraft) => (shared.has(spacecraft.id) ? null : spacecraft.noradId);
  const outside: Spacecraft[] = [];
  for (const spacecraft of fleet) {
    const norad = noradOf(spacecraft);
    // screened within the catalog partitions (BOTH) — identified as ours when its approaches are stored
    if (norad !== null && catalogIds.has(norad)) out.fleetInCatalog.push({ spacecraftId: spacecraft.id, noradId: norad, identity: identityOf(spacecraft, 'NONE (catalog GP element set, SGP4)') });
    else outside.push(spacecraft);
  }
  // The others' element sets: a stored catalog set, else a TLE fitted on the pool — FLEET_RESOLVE_CONCURRENCY at a
  // time (one after the other, a fleet of thousands without catalog sets kept the POST for minutes), in fleet order.
  const found = await mapBounded(outside, FLEET_RESOLVE_CONCURRENCY, async (spacecraft): Promise<{ elements: GpElementSet; fitted: boolean } | { problem: string }> => {
    const norad = noradOf(spacecraft);
    try {
      const catalogSet = norad !== null ? await latestCatalogElementSet(deps.db, organizationId, norad) : null;
      if (catalogSet) return { elements: catalogSet, fitted: false };
      return { elements: await fittedElements(deps, organizationId, spacecraft, midSpan), fitted: true };
    } catch (error) {
      // the client gone, or the pool full: the request's failure, not this member's
      if (error instanceof TaskCancelledError || error instanceof PoolSaturatedError) throw error;
      return { problem: error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error) };
    }
  });
  let synthetic = 0;
  outside.forEach((spacecraft, k) => {
    const id = spacecraft.id;
    const norad = noradOf(spacecraft);
    const result = found[k]!;
    if ('problem' in result) {
      out.issues.push({ code: 'FLEET_NOT_SCREENED', spacecraftId: id, message: `not screened: ${result.problem}` });
    } else if (!result.fitted) {
      out.fleet.push({ spacecraftId: id, noradId: norad!, fitted: false, elements: result.elements, identity: identityOf(spacecraft, 'NONE (catalog GP element set, SGP4)') });
    } else {
      const noradId = norad ?? SYNTHETIC_NORAD_BASE + ++synthetic;
      out.fleet.push({
        spacecraftId: id, noradId, fitted: true, elements: { ...result.elements, noradId },
        identity: identityOf(spacecraft, `NONE (TLE fitted to its latest state, epoch ${result.elements.epochUtc})`),
      });
    }
  });
  out.fleet.sort((a, b) => a.noradId - b.noradId);
  return out;
}

/** Fleet members resolved at once (a catalog query, or a TLE fit on the pool, each). */
const FLEET_RESOLVE_CONCURRENCY = 4;

/** `fn` over `items`, at most `limit` at once, the results in the items' order (the first rejection rejects all). */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const k = next++;
      results[k] = await fn(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Mode FLEET's primaries: every active spacecraft, each by its element set as a fleet secondary is taken
 * (`resolveFleetSecondaries`: its catalog set — read by the chunks with the catalog —, else its newest stored set,
 * else a TLE fitted to its latest state, flagged); one that cannot be fitted is an issue FLEET_NOT_SCREENED. All of
 * them are also the fleet the approaches' secondaries are identified by (fleet against fleet).
 */
async function resolveFleetPrimaries(
  deps: AppDeps,
  organizationId: string,
  catalogIds: readonly number[],
  midSpan: Epoch,
  screeningId: string,
  defaultRadiusM: number,
): Promise<{ primaries: ResolvedPrimary[]; fleet: Pick<ScreeningInputs, 'fleet' | 'fleetInCatalog' | 'issues'> }> {
  const active = await listActiveSpacecraft(deps.db, organizationId);
  const resolved = await resolveFleetSecondaries(deps, organizationId, new Set(), new Set(catalogIds), midSpan, active);
  const craft = new Map(active.map((s) => [s.id, s]));
  const primaries: ResolvedPrimary[] = [];
  const add = (spacecraftId: string, identity: CdmIdentity, spec: Partial<Extract<ScreeningPrimarySpec, { kind: 'GP' }>> & { noradId: number }) => {
    const spacecraft = craft.get(spacecraftId)!;
    const index = primaries.length;
    primaries.push({
      spacecraft, identity,
      spec: { ...spec, kind: 'GP', id: String(index), cacheKey: `${screeningId}:${index}`, hardBodyRadiusM: spacecraft.hardBodyRadiusM ?? defaultRadiusM },
    });
  };
  for (const f of resolved.fleetInCatalog) add(f.spacecraftId, f.identity, { noradId: f.noradId, fromCatalog: true });
  for (const f of resolved.fleet) add(f.spacecraftId, f.identity, { noradId: f.noradId, elements: f.elements, fitted: f.fitted });
  return { primaries, fleet: resolved };
}

/** What every mode's inputs fix the same way: span, volume, the organization's radius, Pc method and window, the primaries. */
function fixedInputs(
  span: { startUtc: string; durationS: number },
  volume: CreateScreeningRequest['volume'],
  settings: Awaited<ReturnType<typeof findConjunctionSettings>>,
  primaries: readonly ResolvedPrimary[],
): Omit<ScreeningInputs, 'fleet' | 'fleetInCatalog' | 'issues'> {
  return {
    span: { startUtc: span.startUtc, durationS: span.durationS },
    volume: volume as ScreeningVolume,
    secondaryHardBodyRadiusM: settings.defaultHardBodyRadiusM,
    pcMethod: settings.defaultPcMethod,
    cdmCovarianceWindowS: settings.eventGroupingWindowS,
    primaries: primaries.map((p) => p.spec),
    primarySpacecraft: primaries.map((p) => ({ spacecraftId: p.spacecraft.id, identity: p.identity, ownHardBodyRadius: p.spacecraft.hardBodyRadiusM !== null })),
  };
}

/** Creates a screening (validated, resolved, chunked) and returns it; its chunks are then claimed by the runners. */
export async function createScreening(deps: AppDeps, organizationId: string, asked: CreateScreeningRequest, files: readonly UploadedPart[], nowMs = Date.now()): Promise<Screening> {
  // the documented defaults, applied here (request schemas carry none: the generated client leaves them optional)
  const request = {
    ...asked,
    durationDays: asked.durationDays ?? SCREENING_DEFAULT_DURATION_DAYS,
    pcThreshold: asked.pcThreshold ?? SCREENING_DEFAULT_PC_THRESHOLD,
    ...(asked.mode === 'FLEET' ? {} : { secondariesPerChunk: asked.secondariesPerChunk ?? SCREENING_DEFAULT_SECONDARIES_PER_CHUNK }),
  };
  const start = request.start === undefined ? Epoch.parseInstant(new Date(nowMs).toISOString()) : parseInstantField(request.start, 'start');
  const durationS = request.durationDays * DAY_S;
  const end = start.plusSeconds(durationS);
  const startUtc = start.toIsoString(6);
  const span = { start, end, startUtc, durationS };
  const id = randomUUID();
  const settings = await findConjunctionSettings(deps.db, organizationId);
  checkOemParts(request, files);
  if (request.mode === 'FLEET' || request.mode === 'ALL_VS_ALL') return await createFleetScreening(deps, organizationId, request, span, id, settings, nowMs);
  const primaries = await resolvePrimaries(deps, organizationId, request, files, span, id, settings.defaultHardBodyRadiusM);

  const useCatalog = request.secondaries !== 'FLEET';
  const useFleet = request.secondaries !== 'CATALOG';
  const snapshot = await catalogSnapshot(deps.db, organizationId);
  const catalogIds = useCatalog ? await catalogNoradIds(deps.db, organizationId, snapshot) : [];
  const fleet = useFleet ? await resolveFleetSecondaries(deps, organizationId, new Set(primaries.map((p) => p.spacecraft.id)), new Set(catalogIds), start.plusSeconds(durationS / 2)) : { fleet: [], fleetInCatalog: [], issues: [] };
  if (useCatalog && catalogIds.length === 0) {
    fleet.issues.push({
      code: 'CATALOG_EMPTY',
      message: 'the catalog held no published element set when the screening was created: no catalog object was screened (upload one: POST /operations/catalog)',
    });
  }
  if (!useFleet && useCatalog) {
    // our own spacecraft inside the catalog are still identified as ours in the approaches and CDMs
    const primaryIds = new Set(primaries.map((p) => p.spacecraft.id));
    const inCatalog = new Set(catalogIds);
    const active = await listActiveSpacecraft(deps.db, organizationId);
    const { shared, issues } = sharedNoradIds(active, false);
    fleet.issues.push(...issues);
    for (const spacecraft of active) {
      const sid = spacecraft.id;
      if (primaryIds.has(sid) || shared.has(sid)) continue;
      if (spacecraft.noradId !== null && inCatalog.has(spacecraft.noradId)) {
        fleet.fleetInCatalog.push({ spacecraftId: sid, noradId: spacecraft.noradId, identity: identityOf(spacecraft, 'NONE (catalog GP element set, SGP4)') });
      }
    }
  }

  const chunks: NewScreeningChunk[] = [];
  const allPrimaries = primaries.map((_, i) => i);
  // a turn of the event loop between the steps over the catalog's ids (tens of thousands each)
  await yieldToEventLoop();
  for (const plan of planScreeningChunks(primaries.length, catalogIds, { secondariesPerChunk: request.secondariesPerChunk })) {
    await yieldToEventLoop();
    const ids = plan.secondaryIndices.map((i) => catalogIds[i]!);
    chunks.push({
      index: chunks.length, kind: 'SCREEN', planKey: `catalog:${plan.key}`, primaryIndices: plan.primaryIndices, secondarySource: 'CATALOG',
      fromNoradId: ids[0]!, toNoradId: ids[ids.length - 1]!, secondaryCount: ids.length,
      noradCuts: ids.filter((_, k) => k % CATALOG_READ_OBJECTS === 0), slice: null,
    });
  }
  const fleetPerChunk = request.secondariesPerChunk ?? SCREENING_DEFAULT_SECONDARIES_PER_CHUNK;
  for (let s = 0; s < fleet.fleet.length; s += fleetPerChunk) {
    const part = fleet.fleet.slice(s, s + fleetPerChunk);
    chunks.push({
      index: chunks.length, kind: 'SCREEN', planKey: `fleet:s${s}-${s + part.length - 1}`, primaryIndices: allPrimaries, secondarySource: 'FLEET',
      fromNoradId: part[0]!.noradId, toNoradId: part[part.length - 1]!.noradId, secondaryCount: part.length, noradCuts: [], slice: null,
    });
  }
  chunks.push({ index: chunks.length, kind: 'MERGE', planKey: 'merge', primaryIndices: allPrimaries, secondarySource: null, fromNoradId: null, toNoradId: null, noradCuts: [], secondaryCount: 0, slice: null });

  const inputs: ScreeningInputs = { ...fixedInputs(span, request.volume, settings, primaries), ...fleet };
  const createdAt = new Date(nowMs).toISOString();
  await inTransaction(deps.db, async (tx) => {
    await insertScreening(tx, {
      id, organizationId, request: JSON.stringify({ ...request, start: startUtc }), inputs: JSON.stringify(inputs), catalogSnapshot: snapshot,
      spanStart: startUtc, spanEnd: end.toIsoString(6), pcThreshold: request.pcThreshold,
      secondaryCount: catalogIds.length + fleet.fleet.length, createdAt,
    }, chunks, CHUNK_MAX_ATTEMPTS);
    for (const [index, primary] of primaries.entries()) if (primary.oemParts) await insertScreeningPrimaryOem(tx, id, index, primary.oemParts);
  });
  return (await findScreening(deps.db, organizationId, id))!;
}

/**
 * Modes FLEET and ALL_VS_ALL: every active spacecraft against the catalog (less the fleet's own entries) and/or one
 * another — and in ALL_VS_ALL every pair of catalog objects too —, the span cut into time slices
 * (domain/screenings/slices.ts), one SCREEN chunk per slice and the merge. Every chunk reads the whole catalog
 * snapshot (the primaries' catalog sets among it).
 */
async function createFleetScreening(
  deps: AppDeps,
  organizationId: string,
  request: CreateScreeningRequest & { durationDays: number; pcThreshold: number },
  span: { start: Epoch; end: Epoch; startUtc: string; durationS: number },
  id: string,
  settings: Awaited<ReturnType<typeof findConjunctionSettings>>,
  nowMs: number,
): Promise<Screening> {
  const catalogPairs = request.mode === 'ALL_VS_ALL';
  const againstCatalog = catalogPairs || request.secondaries !== 'FLEET';
  const againstEachOther = catalogPairs || request.secondaries !== 'CATALOG';
  const snapshot = await catalogSnapshot(deps.db, organizationId);
  const catalogIds = await catalogNoradIds(deps.db, organizationId, snapshot);
  const { primaries, fleet } = await resolveFleetPrimaries(deps, organizationId, catalogIds, span.start.plusSeconds(span.durationS / 2), id, settings.defaultHardBodyRadiusM);
  if (primaries.length === 0 && !catalogPairs) {
    throw unprocessable('NO_FLEET', 'The organization has no active spacecraft that can be screened: mode FLEET screens every active spacecraft by its element set', {
      code: 'conjunctions.screening.fleet.none', details: { field: 'mode', issues: fleet.issues },
    });
  }
  if (againstCatalog && catalogIds.length === 0) {
    fleet.issues.push({ code: 'CATALOG_EMPTY', message: 'the catalog held no published element set when the screening was created: no catalog object was screened (upload one: POST /operations/catalog)' });
  }
  const fromCatalog = primaries.filter((p) => p.spec.kind === 'GP' && p.spec.fromCatalog).length;
  const readsCatalog = (againstCatalog || fromCatalog > 0) && catalogIds.length > 0;
  const noradCuts = readsCatalog ? catalogIds.filter((_, k) => k % CATALOG_READ_OBJECTS === 0) : [];
  const secondaryCount = (againstCatalog ? catalogIds.length - fromCatalog : 0) + (againstEachOther ? primaries.length : 0);
  if (catalogPairs && catalogIds.length === 0) {
    throw unprocessable('CATALOG_EMPTY', 'The catalog holds no published element set: mode ALL_VS_ALL screens the catalog against itself (upload one: POST /operations/catalog)', {
      code: 'conjunctions.screening.catalog.empty', details: { field: 'mode' },
    });
  }
  const allPrimaries = primaries.map((_, i) => i);
  const chunks: NewScreeningChunk[] = planTimeSlices(span.durationS, (request.sliceHours ?? SCREENING_DEFAULT_SLICE_HOURS) * 3600).map((slice, index) => ({
    index, kind: 'SCREEN', planKey: `slice:${index}`, primaryIndices: allPrimaries, secondarySource: againstCatalog ? 'CATALOG' : 'FLEET',
    fromNoradId: readsCatalog ? catalogIds[0]! : null, toNoradId: readsCatalog ? catalogIds[catalogIds.length - 1]! : null, noradCuts, secondaryCount, slice,
  }));
  chunks.push({ index: chunks.length, kind: 'MERGE', planKey: 'merge', primaryIndices: allPrimaries, secondarySource: null, fromNoradId: null, toNoradId: null, noradCuts: [], secondaryCount: 0, slice: null });
  const inputs: ScreeningInputs = {
    ...fixedInputs(span, request.volume, settings, primaries),
    // every primary is also a possible secondary (fleet against fleet): identified by its NORAD id
    fleet: fleet.fleet,
    fleetInCatalog: fleet.fleetInCatalog,
    issues: fleet.issues,
    fleetSieve: { againstCatalog, againstEachOther, ...(catalogPairs ? { catalogPairs } : {}) },
  };
  const createdAt = new Date(nowMs).toISOString();
  await inTransaction(deps.db, async (tx) => {
    await insertScreening(tx, {
      id, organizationId, request: JSON.stringify({ ...request, start: span.startUtc, sliceHours: request.sliceHours ?? SCREENING_DEFAULT_SLICE_HOURS }), inputs: JSON.stringify(inputs),
      catalogSnapshot: snapshot, spanStart: span.startUtc, spanEnd: span.end.toIsoString(6), pcThreshold: request.pcThreshold, secondaryCount, createdAt,
    }, chunks, CHUNK_MAX_ATTEMPTS);
  });
  return (await findScreening(deps.db, organizationId, id))!;
}

// ---------------------------------------------------------------------------------------------
// Views

function chunkView(c: ScreeningChunk) {
  return {
    index: c.index, kind: c.kind, planKey: c.planKey, secondarySource: c.secondarySource, fromNoradId: c.fromNoradId, toNoradId: c.toNoradId,
    secondaryCount: c.secondaryCount, slice: c.slice, status: c.status, attempts: c.attempts, attemptOwners: c.attemptOwners, ranBy: c.ranBy,
    approachCount: c.approachCount, computeMs: c.computeMs, error: c.error,
  };
}

export async function screeningView(db: SqlExecutor, screening: Screening, withChunks = true) {
  const progress = (await screeningProgress(db, [screening.id])).get(screening.id) ?? { chunksDone: 0, chunksRunning: 0, approachesSoFar: 0 };
  const chunks = withChunks ? await listScreeningChunks(db, screening.id) : [];
  return {
    id: screening.id,
    status: screening.status,
    request: JSON.parse(screening.request) as Record<string, unknown>,
    spanStart: screening.spanStart,
    spanEnd: screening.spanEnd,
    pcThreshold: screening.pcThreshold,
    catalogAsOfSetId: screening.catalogSnapshot.asOfSetId,
    secondaryCount: screening.secondaryCount,
    progress: { ...progress, chunksTotal: screening.chunkCount - 1 },
    approachCount: screening.approachCount,
    eventCount: screening.eventCount,
    issues: screening.issues === null ? [] : (JSON.parse(screening.issues) as Array<Record<string, unknown>>),
    counts: screening.counts === null ? null : (JSON.parse(screening.counts) as Record<string, number>),
    timings: screening.timings === null ? null : (JSON.parse(screening.timings) as Record<string, number>),
    chunks: chunks.map(chunkView),
    mergedBy: screening.mergedBy,
    error: screening.error,
    createdAt: screening.createdAt,
    startedAt: screening.startedAt,
    finishedAt: screening.finishedAt,
  };
}

export async function getScreening(db: Db, organizationId: string, id: string) {
  const screening = await findScreening(db, organizationId, id);
  if (!screening) throw screeningNotFound(id);
  return await screeningView(db, screening);
}

export async function listScreeningsPage(db: Db, organizationId: string, query: PageableInput) {
  const page = parsePageable(query, SCREENING_SORTABLE, [{ field: 'createdAt', direction: 'desc' }]);
  const { items, totalElements } = await listScreenings(db, organizationId, page);
  const views = [];
  for (const s of items) views.push(await screeningView(db, s, false));
  return pageEnvelope(views, totalElements, page);
}

function approachView(a: ScreeningApproachRow) {
  return {
    seq: a.seq,
    primary: { index: a.primaryIndex, spacecraftId: a.primarySpacecraftId, noradId: a.primaryNoradId, name: a.primaryName },
    secondary: { noradId: a.secondaryNoradId, name: a.secondaryName, spacecraftId: a.secondarySpacecraftId, fittedTle: a.secondaryFitted },
    tca: a.tca,
    missDistanceM: a.missDistanceM,
    relativeSpeedMS: a.relativeSpeedMS,
    relativePositionRtnM: a.relativeStateRtn.positionM,
    relativeVelocityRtnMS: a.relativeStateRtn.velocityMS,
    pc: a.pc,
    pcMethod: a.pcMethod,
    pcIsMaximumProbability: a.pcMaximumProbability,
    flags: a.flags,
    covariances: a.covariances,
    conjunctionEventId: a.eventId,
    cdmId: a.cdmId,
    eventProblem: a.eventProblem,
  };
}

export async function listApproachesPage(
  db: Db,
  organizationId: string,
  id: string,
  query: PageableInput & { spacecraftId?: string; ours?: 'true' | 'false'; minPc?: string; maxMissDistanceM?: string },
) {
  const page = parsePageable(query, APPROACH_SORTABLE, [{ field: 'seq', direction: 'asc' }]);
  const minPc = numberParameter(query.minPc, 'minPc', 0, 1);
  const maxMissDistanceM = numberParameter(query.maxMissDistanceM, 'maxMissDistanceM', 0, Number.MAX_VALUE);
  const screening = await findScreening(db, organizationId, id);
  if (!screening) throw screeningNotFound(id);
  const { items, totalElements } = await listScreeningApproaches(db, organizationId, id, {
    ...(query.spacecraftId !== undefined ? { spacecraftId: query.spacecraftId } : {}),
    ...(query.ours === 'true' ? { oursOnly: true } : {}),
    ...(minPc !== undefined ? { minPc } : {}),
    ...(maxMissDistanceM !== undefined ? { maxMissDistanceM } : {}),
  }, page);
  return pageEnvelope(items.map(approachView), totalElements, page);
}

/**
 * Cancels a screening by the rule every job follows (409 JOB_NOT_CANCELLABLE once finished): QUEUED or RUNNING →
 * no chunk is claimed any more and the queued ones are CANCELLED; the screening is CANCELLED at once when no chunk
 * runs, else as soon as its running chunks stop (their runners check between the chunk's steps and store nothing).
 */
export async function cancelScreening(db: Db, organizationId: string, id: string) {
  const outcome = await requestScreeningCancel(db, organizationId, id, new Date().toISOString());
  if (outcome === null) throw screeningNotFound(id);
  const view = await getScreening(db, organizationId, id);
  if (outcome === 'finished') throw jobNotCancellable('Screening', id, view.status, 'conjunctions.screening');
  return view;
}
