/**
 * Versioned, forward-only schema migrations. Each entry runs once, in order, inside one transaction together with its
 * row in `schema_migrations`; re-running is a no-op. Every statement runs on both backends (an embedded file and a
 * libSQL server, whose parser refuses some: PRAGMA writes other than foreign_keys, ANALYZE, temporary tables, an
 * aggregate's ORDER BY): test/storage/migrations.test.ts applies them all on both and compares the schemas.
 * Never edit a released migration: add a new one (0011 and 0017 were rewritten once, to the same result, because a
 * libSQL server refused their first text).
 */
import type { InStatement } from '@libsql/client';
import type { Db, SqlExecutor } from './db.ts';
import { inTransaction, nowIso } from './db.ts';
import { ALL_MIGRATIONS } from './migrations/index.ts';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
  /** Steps that need values read inside the transaction (run after `statements`, in the same transaction). */
  run?: (tx: SqlExecutor) => Promise<void>;
  /**
   * A table rebuild (migrations/tableRebuild.ts): statements computed from the schema as it is, then run with foreign
   * keys off in one transaction (Db.migrate). A migration with a rebuild has no `statements` or `run`.
   */
  rebuild?: (db: SqlExecutor) => Promise<InStatement[]>;
}

export const MIGRATIONS: Migration[] = ALL_MIGRATIONS;

async function isApplied(db: SqlExecutor, version: number): Promise<boolean> {
  return (await db.execute({ sql: 'SELECT 1 FROM schema_migrations WHERE version = ?', args: [version] })).rows.length > 0;
}

export async function migrate(db: Db, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  await db.execute(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  // read in a write transaction: on a read replica that one is answered by the primary, which has the table just made
  const applied = new Set(
    (await inTransaction(db, (tx) => tx.execute('SELECT version FROM schema_migrations'))).rows.map((row) => Number(row.version)),
  );
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    const record = { sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [migration.version, migration.name, nowIso()] };
    if (migration.rebuild) {
      if (migration.statements.length > 0 || migration.run) throw new Error(`migration ${migration.version}: a rebuild has no other statements`);
      // The schema read in a write transaction too (a read replica may not have the last migration yet), and only
      // while the migration is not applied: an instance started beside this one may have rebuilt the table meanwhile,
      // and the rebuild's statements, computed from the definition it changed, would not apply to its result.
      const statements = await inTransaction(db, async (tx) => ((await isApplied(tx, migration.version)) ? null : await migration.rebuild!(tx)));
      if (statements === null) continue;
      try {
        await db.migrate([...statements, record]);
      } catch (error) {
        // another instance applied it meanwhile: its row collided with ours and the whole batch rolled back (read in a
        // write transaction: on a read replica, that one is answered by the primary)
        if (await inTransaction(db, (tx) => isApplied(tx, migration.version))) continue;
        throw error;
      }
      ran.push(migration.version);
      continue;
    }
    const done = await inTransaction(db, async (tx) => {
      // Re-check inside the write lock: another instance may have migrated meanwhile.
      if (await isApplied(tx, migration.version)) return false;
      for (const sql of migration.statements) await tx.execute(sql);
      await migration.run?.(tx);
      await tx.execute(record);
      return true;
    });
    if (done) ran.push(migration.version);
  }
  return ran;
}

/** The highest migration version this database has, and whether it has every migration this build knows. */
export async function schemaState(db: SqlExecutor, migrations: Migration[] = MIGRATIONS): Promise<{ version: number; upToDate: boolean }> {
  const row = (await db.execute('SELECT MAX(version) AS v FROM schema_migrations')).rows[0];
  const version = Number(row?.v ?? 0);
  return { version, upToDate: version >= Math.max(...migrations.map((m) => m.version)) };
}
