/**
 * The audit buffer against a database that goes away (api/auth/auditLog.ts): rows whose write was refused are held and
 * written once it answers again; rows whose write was cut off mid-answer — applied or not, the client cannot know —
 * are held too and written again, the ids of migration 0023 keeping every row exactly once. On this run's backend
 * (the embedded file, and sqld in the second pass), with the failures made by a wrapper of the real database.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InStatement } from '@libsql/client';
import { AuditLog } from '../../api/auth/auditLog.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { DatabaseUnavailableError } from '../../storage/sql/dbErrors.ts';
import { migrate } from '../../storage/sql/migrations.ts';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/database.ts';

const usage = (n: number) => ({
  apiKeyId: 'key-1', organizationId: 'org-1', method: 'GET', path: `/operations/spacecraft/${n}`, status: 200, durationMs: 1,
  correlationId: 'same-correlation-id', clientIp: null, createdAt: new Date(Date.UTC(2026, 11, 2, 0, 0, n)).toISOString(),
});

describe(`audit rows when the database goes away (${testBackend()})`, { timeout: 120_000 }, () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-audit-'));
    database = await testDatabase(dir);
    db = await openDatabase({ url: database.url });
    await migrate(db);
  });
  after(async () => {
    await db?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The database, whose next INSERTs into the audit table fail as `failures` say: refused before, or cut off after being applied. */
  function failing(failures: Array<'REFUSED' | 'APPLIED_THEN_CUT'>): Db {
    return new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (statement: InStatement) => {
          const sql = typeof statement === 'string' ? statement : statement.sql;
          const failure = /INSERT INTO api_key_audit/.test(sql) ? failures.shift() : undefined;
          if (failure === 'REFUSED') throw new DatabaseUnavailableError('connection refused', 0, false);
          const result = await target.execute(statement);
          if (failure === 'APPLIED_THEN_CUT') throw new DatabaseUnavailableError('connection reset after the statement was sent', 0, true);
          return result;
        };
      },
    });
  }

  const stored = async () => (await db.execute("SELECT path FROM api_key_audit WHERE organization_id = 'org-1' ORDER BY path")).rows.map((r) => String(r.path));

  test('a refused write and a write cut off after it was applied: every row stored exactly once', async () => {
    const audit = new AuditLog(failing(['REFUSED', 'APPLIED_THEN_CUT']), { flushMs: 10 });
    for (let n = 0; n < 3; n++) audit.recordUsage(usage(n));
    await audit.flush(); // refused: held
    assert.equal(audit.pending, 3);
    await audit.flush(); // applied, then the answer lost: held, not logged as lost
    assert.equal(audit.pending, 3);
    audit.recordUsage(usage(3));
    await audit.close(); // written again with the same ids: the three stored once, the fourth added
    assert.equal(audit.pending, 0);
    assert.deepEqual(await stored(), [0, 1, 2, 3].map((n) => `/operations/spacecraft/${n}`));
  });
});
