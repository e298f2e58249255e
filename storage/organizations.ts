/** Organizations: the tenant boundary. Every other aggregate carries an organization id. */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import type { Organization } from '../domain/organizations/model.ts';

function fromRow(row: Record<string, unknown>): Organization {
  return { id: String(row.id), name: String(row.name), createdAt: String(row.created_at) };
}

export async function findOrganizationByName(db: SqlExecutor, name: string): Promise<Organization | null> {
  const result = await db.execute({ sql: 'SELECT * FROM organizations WHERE name = ?', args: [name] });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

export async function createOrganization(db: SqlExecutor, name: string): Promise<Organization> {
  const org: Organization = { id: randomUUID(), name, createdAt: nowIso() };
  await db.execute({
    sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)',
    args: [org.id, org.name, org.createdAt],
  });
  return org;
}

/** Returns the organization with this name, creating it when absent (idempotent). */
export async function ensureOrganization(db: SqlExecutor, name: string): Promise<Organization> {
  await db.execute({
    sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
    args: [randomUUID(), name, nowIso()],
  });
  return (await findOrganizationByName(db, name))!;
}
