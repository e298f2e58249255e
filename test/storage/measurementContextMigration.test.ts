/** Migration 0006 gives measurements stored before it a context ("not recorded") and keeps PV rows without one. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../storage/sql/db.ts';
import { findMeasurementContexts } from '../../storage/measurementContexts.ts';
import { insertMeasurements } from '../../storage/measurements.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';

test('migration 0006: existing TDM rows get one unrecorded context per job, participants, station and type; PV rows none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-mig6-'));
  try {
    const db = await openDatabase({ url: `file:${join(dir, 'a.db')}` });
    await migrate(db, MIGRATIONS.filter((m) => m.version < 6));
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00.000Z')`);
    const row = (type: 'RANGE' | 'AZEL' | 'PV', epoch: string, station: string | null) => ({
      spacecraftId: 'sc', type, epoch, values: type === 'PV' ? [1, 2, 3, 4, 5, 6] : type === 'AZEL' ? [10, 20] : [1000],
      units: type === 'PV' ? ['km', 'km', 'km', 'km/s', 'km/s', 'km/s'] : type === 'AZEL' ? ['deg', 'deg'] : ['km'],
      sigma: null, participants: station ? [station, 'SAT'] : [], station, frame: type === 'PV' ? 'GCRF' : null,
    });
    // insertMeasurements of this version writes context_id; before 0006 the column does not exist, so write raw rows.
    const legacy = [
      row('RANGE', '2023-02-10T00:00:30.000000Z', 'STN-A'), row('RANGE', '2023-02-10T00:01:00.000000Z', 'STN-A'),
      row('AZEL', '2023-02-10T00:01:00.000000Z', 'STN-A'), row('RANGE', '2023-02-10T00:01:30.000000Z', 'STN-B'),
      row('PV', '2023-02-10T00:02:00.000000Z', null),
    ];
    for (const m of legacy) {
      await db.execute({
        sql: `INSERT INTO measurements (organization_id, spacecraft_id, type, epoch, value_1, value_2, value_3, value_4, value_5, value_6,
                units, sigma, participants, station, reference_frame, source_file, job_id, outlier, created_at)
              VALUES ('org', 'sc', ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, 'f.tdm', 'job-1', 0, '2026-01-01T00:00:00.000Z')`,
        args: [m.type, m.epoch, ...[0, 1, 2, 3, 4, 5].map((k) => m.values[k] ?? null), JSON.stringify(m.units), JSON.stringify(m.participants), m.station, m.frame],
      });
    }
    assert.deepEqual(await migrate(db), MIGRATIONS.filter((m) => m.version >= 6).map((m) => m.version));
    const rows = (await db.execute('SELECT type, station, context_id FROM measurements ORDER BY id')).rows;
    const ids = rows.map((r) => (r.context_id == null ? null : Number(r.context_id)));
    assert.equal(ids[4], null, 'PV keeps no context');
    assert.equal(ids[0], ids[1], 'same station and type share a context');
    assert.notEqual(ids[0], ids[2], 'another type has its own');
    assert.notEqual(ids[0], ids[3], 'another station has its own');
    const contexts = await findMeasurementContexts(db, 'org', ids.filter((id): id is number => id !== null));
    const first = contexts.get(ids[0]!)!;
    assert.equal(first.recorded, false);
    assert.equal(first.stationName, 'STN-A');
    assert.equal(first.measurementCount, 2);
    assert.equal(first.path, null);
    assert.equal(first.groundStationId, null);
    // Rows written after the migration carry their context id.
    await insertMeasurements(db, 'org', 'job-2', 'g.tdm', [row('RANGE', '2023-02-11T00:00:00.000000Z', 'STN-A')]);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
