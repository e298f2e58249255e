/**
 * Payloads (sensors) mounted on a spacecraft. `slotIndex` comes from the spacecraft's high-water
 * mark (storage/spacecraft.ts claimNextPayloadSlot) and is never changed or reused afterwards.
 */
import type { Db, SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { Vector3, PayloadType, Payload, PayloadFields } from '../domain/spacecraft/model.ts';

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function fromRow(row: Record<string, unknown>): Payload {
  return {
    id: String(row.id),
    spacecraftId: String(row.spacecraft_id),
    name: String(row.name),
    type: String(row.type) as PayloadType,
    slotIndex: Number(row.slot_index),
    massKg: numberOrNull(row.mass_kg),
    powerW: numberOrNull(row.power_w),
    boresight: { x: Number(row.boresight_x), y: Number(row.boresight_y), z: Number(row.boresight_z) },
    fieldOfViewDeg: numberOrNull(row.field_of_view_deg),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function fieldValues(p: PayloadFields): Array<string | number | null> {
  return [p.name, p.type, p.massKg, p.powerW, p.boresight.x, p.boresight.y, p.boresight.z, p.fieldOfViewDeg];
}

/**
 * Inserts the payload in the craft's next slot (the high-water mark `spacecraft.next_payload_slot`,
 * then bumped), as one atomic batch: concurrent creates get distinct slots, a deleted slot is never
 * handed out again. Returns the slot, or null (nothing written) when the craft is not in the organization.
 */
export async function insertPayloadInNextSlot(
  db: Db,
  organizationId: string,
  payload: Omit<Payload, 'slotIndex'>,
): Promise<number | null> {
  const [inserted] = await db.batch(
    [
      {
        sql: `INSERT INTO payloads (id, spacecraft_id, organization_id, slot_index, name, type, mass_kg, power_w,
                boresight_x, boresight_y, boresight_z, field_of_view_deg, created_at, updated_at)
              SELECT ?, s.id, s.organization_id, s.next_payload_slot, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
              FROM spacecraft s WHERE s.organization_id = ? AND s.id = ?
              RETURNING slot_index`,
        args: [
          payload.id, ...fieldValues(payload), payload.createdAt, payload.updatedAt, organizationId, payload.spacecraftId,
        ],
      },
      {
        sql: 'UPDATE spacecraft SET next_payload_slot = next_payload_slot + 1 WHERE organization_id = ? AND id = ?',
        args: [organizationId, payload.spacecraftId],
      },
    ],
    'write',
  );
  const row = inserted?.rows[0];
  return row ? Number(row.slot_index) : null;
}

export async function replacePayload(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  id: string,
  fields: PayloadFields,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE payloads SET name = ?, type = ?, mass_kg = ?, power_w = ?, boresight_x = ?, boresight_y = ?,
            boresight_z = ?, field_of_view_deg = ?, updated_at = ?
          WHERE organization_id = ? AND spacecraft_id = ? AND id = ?`,
    args: [...fieldValues(fields), updatedAt, organizationId, spacecraftId, id],
  });
  return result.rowsAffected > 0;
}

export async function findPayload(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<Payload | null> {
  const result = await db.execute({
    sql: 'SELECT * FROM payloads WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** Sortable API fields of the payload list → columns. */
export const PAYLOAD_SORT_COLUMNS: Record<string, string> = { slotIndex: 'slot_index', name: 'name', type: 'type', createdAt: 'created_at', updatedAt: 'updated_at' };

/** One page of a craft's payloads and the total count. */
export async function listPayloadsPage(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  page: PageRequest,
): Promise<{ items: Payload[]; totalElements: number }> {
  const paging = pageClause(page, PAYLOAD_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT * FROM payloads WHERE organization_id = ? AND spacecraft_id = ?${paging.sql}`, args: [organizationId, spacecraftId, ...paging.args] }),
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM payloads WHERE organization_id = ? AND spacecraft_id = ?', args: [organizationId, spacecraftId] }),
  ]);
  return { items: rows.rows.map(fromRow), totalElements: Number(count.rows[0]!.n) };
}

export async function deletePayload(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<boolean> {
  const result = await db.execute({
    sql: 'DELETE FROM payloads WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rowsAffected > 0;
}
