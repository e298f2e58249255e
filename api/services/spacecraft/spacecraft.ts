/**
 * Spacecraft use cases: create, read, partial update, list, lifecycle. The fields are the model's
 * (domain/spacecraft/fields.ts: defaults, rules that span fields, derivations) before anything is
 * stored; every violation becomes one 400 VALIDATION_ERROR whose `fieldErrors` keys are dotted
 * paths (`panels.2.mountAxisCustomX`).
 */
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../../domain/contentHash.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { ApiError, conflict, notFound, validationError } from '../../http/errors.ts';
import { instantProblem, instantText } from '../../../domain/instants.ts';
import { assertIfMatch, type IfMatch } from '../../http/preconditions.ts';
import { pageEnvelope, parsePageable, type PageEnvelope, type PageableInput } from '../../http/paging.ts';
import { SPACECRAFT_SORTABLE, type CreateSpacecraftInput, type UpdateSpacecraftInput } from '../../schemas/spacecraft.ts';
import { spacecraftFields, type SpacecraftInput } from '../../../domain/spacecraft/fields.ts';
import { inTransaction, isUniqueViolation, nowIso, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import { countScheduledTasks, deleteScheduledTasksOfSpacecraft } from '../../../storage/scheduledTasks.ts';
import { findSpacecraftById, findSpacecraftIdByExternalKey, insertSpacecraft, listSpacecraft, setLifecycleStatus, updateSpacecraftFields, storedRowVersion } from '../../../storage/spacecraft.ts';
import { type ForceModel, type LifecycleStatus, type ManeuverCapabilities, type MountAxisPreset, type Panel, type PrismDiameterMeasure, type Spacecraft, type SpacecraftFields, type SpacecraftSummary, type TimeWindow, type Vector3 } from '../../../domain/spacecraft/model.ts';
import { listThrusters } from '../../../storage/thrusters.ts';
import { deleteTaskProducts } from '../products/products.ts';

// ---------------------------------------------------------------------------------------------
// Use cases

/** The model's field set (domain/spacecraft/fields.ts), or one 400 VALIDATION_ERROR naming every violation. */
function validFields(input: SpacecraftInput, base: SpacecraftFields | null, thrusterIds: ReadonlySet<string>): SpacecraftFields {
  const outcome = spacecraftFields(input, base, thrusterIds);
  if (!outcome.ok) throw validationError(outcome.fieldErrors);
  return outcome.fields;
}

export function spacecraftNotFound(id: string): ApiError {
  return notFound(`Spacecraft ${id} not found`, 'SC-4040', { code: 'spacecraft.not-found' });
}

function externalKeyTaken(externalKey: string): ApiError {
  return conflict('EXTERNAL_KEY_CONFLICT', `externalKey "${externalKey}" is already used by another spacecraft of this organization`, {
    code: 'spacecraft.external-key.duplicate',
    fieldErrors: { externalKey: 'already used by another spacecraft' },
  });
}

/**
 * Bump when the JSON a stored spacecraft row is sent as changes (a field added, renamed or computed differently), so
 * that tags given out before the change no longer match (a cache would otherwise keep the old form on a 304).
 */
const SPACECRAFT_REPRESENTATION_REVISION = 1;

/**
 * The spacecraft's strong ETag (RFC 9110 §8.8.3): the representation revision and the row's version (migration 0015:
 * every UPDATE of the row moves it), with the id (tags of different records never coincide). Made this way
 * instead of hashing the record's canonical JSON: that hash was ~10 % of the event loop's work per GET (bench:api
 * with BENCH_CPU_PROF=1). A record not produced by storage has no version: a programming error, not a tag to invent.
 */
export function spacecraftEntityTag(spacecraft: Spacecraft): string {
  const version = storedRowVersion(spacecraft);
  if (version === undefined || !Number.isFinite(version)) throw new Error(`spacecraft ${spacecraft.id}: no stored row version to tag it with`);
  // Hashed only to keep the opaque 32-hex form of every other tag of the API (a short string: ~1 µs, not ~20).
  return `"${sha256Hex(`spacecraft:${spacecraft.id}:r${SPACECRAFT_REPRESENTATION_REVISION}:v${version}`).slice(0, 32)}"`;
}

export async function createSpacecraft(db: Db, organizationId: string, input: CreateSpacecraftInput): Promise<Spacecraft> {
  // A new craft has no thrusters yet, so maneuverCapabilities may not reference any.
  const fields = validFields(input, null, new Set());
  const now = nowIso();
  const spacecraft: Spacecraft = {
    id: randomUUID(),
    organizationId,
    lifecycleStatus: 'Active',
    ...fields,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertSpacecraft(db, spacecraft);
  } catch (error) {
    if (isUniqueViolation(error) && fields.externalKey !== null) throw externalKeyTaken(fields.externalKey);
    throw error;
  }
  return spacecraft;
}

export async function getSpacecraft(db: SqlExecutor, organizationId: string, id: string): Promise<Spacecraft> {
  const spacecraft = await findSpacecraftById(db, organizationId, id);
  if (!spacecraft) throw spacecraftNotFound(id);
  return spacecraft;
}

export async function updateSpacecraft(db: Db, organizationId: string, id: string, input: UpdateSpacecraftInput, ifMatch: IfMatch = null): Promise<Spacecraft> {
  try {
    return await inTransaction(db, async (tx) => {
      const current = await getSpacecraft(tx, organizationId, id);
      assertIfMatch(ifMatch, spacecraftEntityTag(current));
      if (input.externalKey !== undefined && current.externalKey !== null && input.externalKey !== current.externalKey) {
        throw conflict('EXTERNAL_KEY_IMMUTABLE', `externalKey is immutable once set (it is "${current.externalKey}")`, {
          code: 'spacecraft.external-key.immutable',
          fieldErrors: { externalKey: 'immutable once set' },
        });
      }
      const thrusterIds = new Set((await listThrusters(tx, organizationId, id)).map((t) => t.id));
      const fields = validFields(input, current, thrusterIds);
      if (fields.externalKey !== null && current.externalKey === null) {
        const holder = await findSpacecraftIdByExternalKey(tx, organizationId, fields.externalKey);
        if (holder !== null && holder !== id) throw externalKeyTaken(fields.externalKey);
      }
      const updatedAt = nowIso();
      await updateSpacecraftFields(tx, organizationId, id, fields, updatedAt);
      // Read back: the answer and its ETag are those of the stored row (its version moved, migration 0015).
      return await getSpacecraft(tx, organizationId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.externalKey) throw externalKeyTaken(input.externalKey);
    throw error;
  }
}

export interface SpacecraftListQuery extends PageableInput {
  status?: LifecycleStatus;
  includeArchived?: 'true' | 'false';
  noradId?: string;
  cosparId?: string;
  name?: string;
  externalKey?: string;
}

export async function listSpacecraftPage(
  db: SqlExecutor,
  organizationId: string,
  query: SpacecraftListQuery,
): Promise<PageEnvelope<SpacecraftSummary>> {
  const page = parsePageable(query, SPACECRAFT_SORTABLE, [{ field: 'createdAt', direction: 'asc' }]);
  const statuses: LifecycleStatus[] = query.status
    ? [query.status]
    : query.includeArchived === 'true'
      ? ['Active', 'Archived']
      : ['Active'];
  const { items, totalElements } = await listSpacecraft(
    db,
    organizationId,
    {
      statuses,
      noradIdText: query.noradId,
      cosparId: query.cosparId,
      name: query.name,
      externalKey: query.externalKey,
    },
    page,
  );
  return pageEnvelope(items, totalElements, page);
}

export type LifecycleOutcome =
  | { outcome: 'changed'; spacecraft: Spacecraft }
  | { outcome: 'confirmation-required'; taskCount: number };

/**
 * The spec's state table. Archiving deletes the craft's scheduled tasks in the same transaction,
 * but only with confirmTaskDeletion true when there are any; restoring ignores the flag. Asking for
 * the current status is a no-op that returns the record unchanged (after the same task rule for Archived).
 */
export async function changeLifecycle(
  db: Db,
  organizationId: string,
  id: string,
  request: { lifecycleStatus: LifecycleStatus; confirmTaskDeletion?: boolean },
  ifMatch: IfMatch = null,
): Promise<LifecycleOutcome> {
  return await inTransaction(db, async (tx) => {
    const current = await getSpacecraft(tx, organizationId, id);
    assertIfMatch(ifMatch, spacecraftEntityTag(current));
    if (request.lifecycleStatus === 'Archived') {
      const taskCount = await countScheduledTasks(tx, organizationId, id);
      if (taskCount > 0) {
        if (request.confirmTaskDeletion !== true) return { outcome: 'confirmation-required', taskCount };
        await deleteTaskProducts(tx, organizationId, id, null);
        await deleteScheduledTasksOfSpacecraft(tx, organizationId, id);
      }
    }
    if (current.lifecycleStatus === request.lifecycleStatus) return { outcome: 'changed', spacecraft: current };
    const updatedAt = nowIso();
    await setLifecycleStatus(tx, organizationId, id, request.lifecycleStatus, updatedAt);
    return { outcome: 'changed', spacecraft: await getSpacecraft(tx, organizationId, id) };
  });
}
