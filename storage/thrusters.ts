/** Thrusters mounted on a spacecraft. Every statement is scoped by organization and spacecraft. */
import type { SqlExecutor } from './sql/db.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import type { Vector3, Thruster, ThrusterFields } from '../domain/spacecraft/model.ts';

function fromRow(row: Record<string, unknown>): Thruster {
  return {
    id: String(row.id),
    spacecraftId: String(row.spacecraft_id),
    name: String(row.name),
    thrustN: Number(row.thrust_n),
    ispS: Number(row.isp_s),
    direction: { x: Number(row.direction_x), y: Number(row.direction_y), z: Number(row.direction_z) },
    positionM: { x: Number(row.position_x_m), y: Number(row.position_y_m), z: Number(row.position_z_m) },
    enabled: Number(row.enabled) === 1,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function fieldValues(t: ThrusterFields): Array<string | number> {
  return [
    t.name, t.thrustN, t.ispS, t.direction.x, t.direction.y, t.direction.z, t.positionM.x, t.positionM.y, t.positionM.z,
    t.enabled ? 1 : 0,
  ];
}

export async function insertThruster(db: SqlExecutor, organizationId: string, thruster: Thruster): Promise<void> {
  await db.execute({
    sql: `INSERT INTO thrusters (id, spacecraft_id, organization_id, name, thrust_n, isp_s, direction_x, direction_y,
            direction_z, position_x_m, position_y_m, position_z_m, enabled, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [thruster.id, thruster.spacecraftId, organizationId, ...fieldValues(thruster), thruster.createdAt, thruster.updatedAt],
  });
}

export async function replaceThruster(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  id: string,
  fields: ThrusterFields,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE thrusters SET name = ?, thrust_n = ?, isp_s = ?, direction_x = ?, direction_y = ?, direction_z = ?,
            position_x_m = ?, position_y_m = ?, position_z_m = ?, enabled = ?, updated_at = ?
          WHERE organization_id = ? AND spacecraft_id = ? AND id = ?`,
    args: [...fieldValues(fields), updatedAt, organizationId, spacecraftId, id],
  });
  return result.rowsAffected > 0;
}

export async function findThruster(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<Thruster | null> {
  const result = await db.execute({
    sql: 'SELECT * FROM thrusters WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** All thrusters of a craft, oldest first. */
export async function listThrusters(db: SqlExecutor, organizationId: string, spacecraftId: string): Promise<Thruster[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM thrusters WHERE organization_id = ? AND spacecraft_id = ? ORDER BY created_at, id',
    args: [organizationId, spacecraftId],
  });
  return result.rows.map(fromRow);
}

/** Sortable API fields of the thruster list → columns. */
export const THRUSTER_SORT_COLUMNS: Record<string, string> = { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at', thrustN: 'thrust_n' };

/** One page of a craft's thrusters and the total count. */
export async function listThrustersPage(
  db: SqlExecutor,
  organizationId: string,
  spacecraftId: string,
  page: PageRequest,
): Promise<{ items: Thruster[]; totalElements: number }> {
  const paging = pageClause(page, THRUSTER_SORT_COLUMNS, 'id ASC');
  const [rows, count] = await Promise.all([
    db.execute({ sql: `SELECT * FROM thrusters WHERE organization_id = ? AND spacecraft_id = ?${paging.sql}`, args: [organizationId, spacecraftId, ...paging.args] }),
    db.execute({ sql: 'SELECT COUNT(*) AS n FROM thrusters WHERE organization_id = ? AND spacecraft_id = ?', args: [organizationId, spacecraftId] }),
  ]);
  return { items: rows.rows.map(fromRow), totalElements: Number(count.rows[0]!.n) };
}

export async function deleteThruster(db: SqlExecutor, organizationId: string, spacecraftId: string, id: string): Promise<boolean> {
  const result = await db.execute({
    sql: 'DELETE FROM thrusters WHERE organization_id = ? AND spacecraft_id = ? AND id = ?',
    args: [organizationId, spacecraftId, id],
  });
  return result.rowsAffected > 0;
}
