/**
 * Versioned, forward-only schema migrations. Each entry runs once, in order, inside one
 * transaction together with its row in `schema_migrations`; re-running is a no-op.
 * Never edit a released migration: add a new one.
 */
import type { Db, SqlExecutor } from './db.ts';
import { inTransaction, nowIso } from './db.ts';
import { ALL_MIGRATIONS } from './migrations/index.ts';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
  /** Steps that need values read inside the transaction (run after `statements`, in the same transaction). */
  run?: (tx: SqlExecutor) => Promise<void>;
}

export const MIGRATIONS: Migration[] = ALL_MIGRATIONS;

export async function migrate(db: Db, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  await db.execute(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (await db.execute('SELECT version FROM schema_migrations')).rows.map((row) => Number(row.version)),
  );
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await inTransaction(db, async (tx) => {
      // Re-check inside the write lock: another instance may have migrated meanwhile.
      const again = await tx.execute({ sql: 'SELECT 1 FROM schema_migrations WHERE version = ?', args: [migration.version] });
      if (again.rows.length > 0) return;
      for (const sql of migration.statements) await tx.execute(sql);
      await migration.run?.(tx);
      await tx.execute({
        sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        args: [migration.version, migration.name, nowIso()],
      });
      ran.push(migration.version);
    });
  }
  return ran;
}
