/** Owners: the users that API keys belong to. A disabled owner's keys stop authenticating. */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import type { Owner } from '../domain/organizations/model.ts';

function fromRow(row: Record<string, unknown>): Owner {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    email: String(row.email),
    disabled: Number(row.disabled) === 1,
    createdAt: String(row.created_at),
  };
}

/** Returns the owner with this email in the organization, creating it when absent (idempotent). */
export async function ensureOwner(db: SqlExecutor, organizationId: string, email: string): Promise<Owner> {
  await db.execute({
    sql: `INSERT INTO owners (id, organization_id, email, disabled, created_at) VALUES (?, ?, ?, 0, ?)
          ON CONFLICT (organization_id, email) DO NOTHING`,
    args: [randomUUID(), organizationId, email, nowIso()],
  });
  const result = await db.execute({
    sql: 'SELECT * FROM owners WHERE organization_id = ? AND email = ?',
    args: [organizationId, email],
  });
  return fromRow(result.rows[0]!);
}

/** Disables every owner with this email (across organizations); returns how many were changed. */
export async function setOwnerDisabled(db: SqlExecutor, email: string, disabled: boolean): Promise<number> {
  const result = await db.execute({
    sql: 'UPDATE owners SET disabled = ? WHERE email = ?',
    args: [disabled ? 1 : 0, email],
  });
  return result.rowsAffected;
}
