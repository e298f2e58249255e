/**
 * Payload use cases. slotIndex comes from the craft's high-water mark, claimed atomically with the
 * insert, so concurrent creates get distinct slots and deleted slots are never handed out again.
 * On the item routes any miss (wrong spacecraft, wrong payload, another organization) is the same 404.
 */
import { randomUUID } from 'node:crypto';
import { notFound, validationError, type ApiError } from '../../http/errors.ts';
import { pageEnvelope, parsePageable, type PageableInput, type PageEnvelope } from '../../http/paging.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import type { PayloadRequest } from '../../schemas/payloads.ts';
import { inTransaction, nowIso, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import { deletePayload, findPayload, insertPayloadInNextSlot, listPayloadsPage, PAYLOAD_SORT_COLUMNS, replacePayload } from '../../../storage/payloads.ts';
import type { Payload, PayloadFields } from '../../../domain/spacecraft/model.ts';
import { spacecraftExists } from '../../../storage/spacecraft.ts';
import { spacecraftNotFound } from './spacecraft.ts';
import { normalize } from '../../../domain/spacecraft/fields.ts';

function payloadNotFound(): ApiError {
  return notFound('Payload not found', 'PAYLOAD_NOT_FOUND', { code: 'payload.not-found' });
}

function toFields(request: PayloadRequest): PayloadFields {
  const boresight = request.boresight ?? { x: 0, y: 0, z: 1 };
  if (Math.hypot(boresight.x, boresight.y, boresight.z) === 0) {
    throw validationError({ boresight: 'must not be the zero vector' });
  }
  return {
    name: request.name,
    type: request.type,
    massKg: request.massKg ?? null,
    powerW: request.powerW ?? null,
    boresight: normalize(boresight),
    fieldOfViewDeg: request.fieldOfViewDeg ?? null,
  };
}

/** A page of a craft's payloads (default by slotIndex). */
export async function listPayloadsOf(db: SqlExecutor, organizationId: string, spacecraftId: string, query: PageableInput): Promise<PageEnvelope<Payload>> {
  const page = parsePageable(query, Object.keys(PAYLOAD_SORT_COLUMNS), [{ field: 'slotIndex', direction: 'asc' }]);
  if (!(await spacecraftExists(db, organizationId, spacecraftId))) throw spacecraftNotFound(spacecraftId);
  const { items, totalElements } = await listPayloadsPage(db, organizationId, spacecraftId, page);
  return pageEnvelope(items, totalElements, page);
}

export async function getPayload(db: SqlExecutor, organizationId: string, spacecraftId: string, payloadId: string): Promise<Payload> {
  const payload = await findPayload(db, organizationId, spacecraftId, payloadId);
  if (!payload) throw payloadNotFound();
  return payload;
}

export async function createPayload(db: Db, organizationId: string, spacecraftId: string, request: PayloadRequest): Promise<Payload> {
  const fields = toFields(request);
  const now = nowIso();
  const draft = { id: randomUUID(), spacecraftId, ...fields, createdAt: now, updatedAt: now };
  const slotIndex = await insertPayloadInNextSlot(db, organizationId, draft);
  if (slotIndex === null) throw spacecraftNotFound(spacecraftId);
  return { ...draft, slotIndex };
}

export async function replacePayloadOf(
  db: Db,
  organizationId: string,
  spacecraftId: string,
  payloadId: string,
  request: PayloadRequest,
  ifMatch: IfMatch = null,
): Promise<Payload> {
  const fields = toFields(request);
  return await inTransaction(db, async (tx) => {
    const current = await getPayload(tx, organizationId, spacecraftId, payloadId);
    assertIfMatch(ifMatch, entityTag(current));
    const updatedAt = nowIso();
    if (!(await replacePayload(tx, organizationId, spacecraftId, payloadId, fields, updatedAt))) throw payloadNotFound();
    return { ...current, ...fields, updatedAt };
  });
}

export async function removePayload(db: Db, organizationId: string, spacecraftId: string, payloadId: string, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    assertIfMatch(ifMatch, entityTag(await getPayload(tx, organizationId, spacecraftId, payloadId)));
    if (!(await deletePayload(tx, organizationId, spacecraftId, payloadId))) throw payloadNotFound();
  });
}
