/**
 * Thruster use cases. A spacecraft miss on the collection routes is the spacecraft 404; on the item
 * routes any miss (spacecraft, thruster, another organization) is the same THRUSTER_NOT_FOUND.
 * A thruster referenced by the craft's maneuverCapabilities cannot be deleted (409 naming the references).
 */
import { randomUUID } from 'node:crypto';
import { conflict, notFound, validationError, type ApiError } from '../../http/errors.ts';
import { pageEnvelope, parsePageable, type PageableInput, type PageEnvelope } from '../../http/paging.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import type { ThrusterRequest } from '../../schemas/thrusters.ts';
import { inTransaction, nowIso, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import { findSpacecraftById, spacecraftExists } from '../../../storage/spacecraft.ts';
import { type ManeuverCapabilities, type Thruster, type ThrusterFields } from '../../../domain/spacecraft/model.ts';
import { deleteThruster, findThruster, insertThruster, listThrustersPage, THRUSTER_SORT_COLUMNS, replaceThruster } from '../../../storage/thrusters.ts';
import { spacecraftNotFound } from './spacecraft.ts';
import { normalize } from '../../../domain/spacecraft/fields.ts';

function thrusterNotFound(thrusterId: string): ApiError {
  return notFound(`Thruster ${thrusterId} not found`, 'THRUSTER_NOT_FOUND', { code: 'thruster.not-found' });
}

function toFields(request: ThrusterRequest): ThrusterFields {
  const { direction } = request;
  if (Math.hypot(direction.x, direction.y, direction.z) === 0) {
    throw validationError({ direction: 'must not be the zero vector' });
  }
  return {
    name: request.name,
    thrustN: request.thrustN,
    ispS: request.ispS,
    direction: normalize(direction),
    positionM: request.positionM ?? { x: 0, y: 0, z: 0 },
    enabled: request.enabled ?? true,
  };
}

async function requireSpacecraft(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<void> {
  if (!(await spacecraftExists(db, organizationId, spacecraftId))) throw spacecraftNotFound(spacecraftId);
}

/** A page of a craft's thrusters (default oldest first). */
export async function listThrustersOf(db: SqlExecutor, organizationId: string, spacecraftId: string, query: PageableInput): Promise<PageEnvelope<Thruster>> {
  const page = parsePageable(query, Object.keys(THRUSTER_SORT_COLUMNS), [{ field: 'createdAt', direction: 'asc' }]);
  await requireSpacecraft(db, organizationId, spacecraftId);
  const { items, totalElements } = await listThrustersPage(db, organizationId, spacecraftId, page);
  return pageEnvelope(items, totalElements, page);
}

export async function getThruster(db: SqlExecutor, organizationId: string, spacecraftId: string, thrusterId: string): Promise<Thruster> {
  const thruster = await findThruster(db, organizationId, spacecraftId, thrusterId);
  if (!thruster) throw thrusterNotFound(thrusterId);
  return thruster;
}

export async function createThruster(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  request: ThrusterRequest,
): Promise<Thruster> {
  const fields = toFields(request);
  await requireSpacecraft(db, organizationId, spacecraftId);
  const now = nowIso();
  const thruster: Thruster = { id: randomUUID(), spacecraftId, ...fields, createdAt: now, updatedAt: now };
  await insertThruster(db, organizationId, thruster);
  return thruster;
}

export async function replaceThrusterOf(
  db: Db,
  organizationId: string,
  spacecraftId: string,
  thrusterId: string,
  request: ThrusterRequest,
  ifMatch: IfMatch = null,
): Promise<Thruster> {
  const fields = toFields(request);
  return await inTransaction(db, async (tx) => {
    const current = await getThruster(tx, organizationId, spacecraftId, thrusterId);
    assertIfMatch(ifMatch, entityTag(current));
    const updatedAt = nowIso();
    if (!(await replaceThruster(tx, organizationId, spacecraftId, thrusterId, fields, updatedAt))) throw thrusterNotFound(thrusterId);
    return { ...current, ...fields, updatedAt };
  });
}

/** Dotted paths in maneuverCapabilities that name the thruster. */
export function thrusterReferences(capabilities: ManeuverCapabilities | null, thrusterId: string): string[] {
  const references: string[] = [];
  capabilities?.thrusters.forEach((capability, i) => {
    if (capability.thrusterId === thrusterId) references.push(`maneuverCapabilities.thrusters.${i}.thrusterId`);
    capability.overheadBurns.forEach((burn, j) => {
      if (burn.thrusterId === thrusterId) references.push(`maneuverCapabilities.thrusters.${i}.overheadBurns.${j}.thrusterId`);
    });
  });
  return references;
}

export async function removeThruster(db: Db, organizationId: string, spacecraftId: string, thrusterId: string, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    const spacecraft = await findSpacecraftById(tx, organizationId, spacecraftId);
    if (!spacecraft) throw thrusterNotFound(thrusterId);
    const references = thrusterReferences(spacecraft.maneuverCapabilities, thrusterId);
    const current = await findThruster(tx, organizationId, spacecraftId, thrusterId);
    if (!current) throw thrusterNotFound(thrusterId);
    assertIfMatch(ifMatch, entityTag(current));
    if (references.length > 0) {
      throw conflict(
        'THRUSTER_IN_USE',
        `Thruster ${thrusterId} is referenced by the spacecraft's maneuverCapabilities (${references.join(', ')}); ` +
          'remove those references first',
        { code: 'thruster.referenced', details: { references } },
      );
    }
    await deleteThruster(tx, organizationId, spacecraftId, thrusterId);
  });
}
