/** Per-organization display sequences (`SV-<n>`, `MAN-<n>`): gap-free counters bumped in the caller's transaction. */
import type { SqlExecutor } from './db.ts';

export async function nextDisplayNumber(db: SqlExecutor, organizationId: string, kind: string): Promise<number> {
  const result = await db.execute({
    sql: `INSERT INTO display_sequences (organization_id, kind, last_value) VALUES (?, ?, 1)
          ON CONFLICT (organization_id, kind) DO UPDATE SET last_value = last_value + 1
          RETURNING last_value`,
    args: [organizationId, kind],
  });
  return Number(result.rows[0]!.last_value);
}
