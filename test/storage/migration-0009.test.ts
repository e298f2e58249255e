/** Migration 0009 keeps every existing upload job (its own batch, its spacecraft from the summary) and allows CANCELLED. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../storage/sql/db.ts';
import { findJob } from '../../storage/measurementJobs.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';

test('0009 rebuilds measurement_jobs without losing a row: batch = the job itself, spacecraft from measurementContext', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-0009-'));
  try {
    const db = await openDatabase({ url: `file:${join(dir, 'old.db')}` });
    await migrate(db, MIGRATIONS.filter((m) => m.version < 9));
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00.000Z')`);
    const summary = JSON.stringify({ measurementContext: { spacecraftIds: ['sc-b', 'sc-a'] }, measurementCount: 4 });
    await db.execute({
      sql: `INSERT INTO measurement_jobs (id, organization_id, filename, format, content_sha256, content, status, attempts, max_attempts,
              measurement_count, summary, created_at, updated_at, finished_at)
            VALUES ('job-1', 'org', 'old.tdm', 'TDM', 'abc', X'00', 'SUCCEEDED', 1, 3, 4, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:01.000Z')`,
      args: [summary],
    });
    await db.execute(`INSERT INTO measurement_jobs (id, organization_id, filename, format, content_sha256, content, status, attempts, max_attempts,
              summary, created_at, updated_at) VALUES ('job-2', 'org', 'queued.tdm', 'TDM', 'def', X'00', 'QUEUED', 0, 3, '{}', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`);
    assert.deepEqual(await migrate(db), MIGRATIONS.filter((m) => m.version >= 9).map((m) => m.version));
    const old = (await findJob(db, 'org', 'job-1'))!;
    assert.equal(old.status, 'SUCCEEDED');
    assert.equal(old.batchId, 'job-1');
    assert.deepEqual(old.spacecraftIds, ['sc-a', 'sc-b']);
    assert.equal(old.rowsStored, 4);
    assert.equal(old.measurementCount, 4);
    const queued = (await findJob(db, 'org', 'job-2'))!;
    assert.deepEqual(queued.spacecraftIds, []);
    await db.execute(`UPDATE measurement_jobs SET status = 'CANCELLED' WHERE id = 'job-2'`);
    await assert.rejects(db.execute(`UPDATE measurement_jobs SET status = 'DONE' WHERE id = 'job-2'`), /CHECK constraint/);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
