/** Per-organization display sequences (`SV-<n>`, `MAN-<n>`): gap-free counters bumped in the caller's transaction. */
import type { SqlExecutor } from './sql/db.ts';

export async function nextDisplayNumber(db: SqlExecutor, organizationId: string, kind: string): Promise<number> {
  return await reserveDisplayNumbers(db, organizationId, kind, 1);
}

/** Reserves `count` consecutive numbers in one statement; returns the first of them. */
export async function reserveDisplayNumbers(db: SqlExecutor, organizationId: string, kind: string, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const result = await db.execute({
    sql: `INSERT INTO display_sequences (organization_id, kind, last_value) VALUES (?, ?, ?)
          ON CONFLICT (organization_id, kind) DO UPDATE SET last_value = last_value + excluded.last_value
          RETURNING last_value`,
    args: [organizationId, kind, count],
  });
  return Number(result.rows[0]!.last_value) - count + 1;
}
