/**
 * Migration 0017 moves the OEM text of a screening's OEM primaries out of `screenings.inputs` into
 * `screening_primary_oems` (one part per OEM for screenings stored before it): the text is kept byte for byte (UTF-8,
 * non-ASCII included), the rest of the inputs reads back identical (every number the same double, key order kept),
 * a screening without an OEM primary is left as it was, and the parts go with their screening (ON DELETE CASCADE).
 * The new path reads them back as the runner does (storage/screenings.ts screeningPrimaryOemParts), part by part.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inTransaction, openDatabase } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { insertScreeningPrimaryOem, screeningPrimaryOemParts } from '../../storage/screenings.ts';
import { insertRow } from '../helpers/oldSchema.ts';

test('0017 moves OEM primaries’ text out of the screening inputs, byte for byte; the rest of the inputs is unchanged', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-0017-'));
  try {
    const db = await openDatabase({ url: `file:${join(dir, 'old.db')}` });
    await migrate(db, MIGRATIONS.filter((m) => m.version < 17));
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00.000Z')`);
    const oemText = 'CCSDS_OEM_VERS = 2.0\nCOMMENT Überflug — ±0.1 km\n'.repeat(300);
    const propagated = {
      kind: 'PROPAGATED', id: '0', cacheKey: 's1:0', hardBodyRadiusM: 5,
      propagation: { state: { epoch: '2023-02-15T00:00:00', positionKm: [6778.137000000001, -0.1, 1e-17], velocityKmPerS: [0, 7.668558802, -0] } },
    };
    const oem = { kind: 'OEM', id: '1', cacheKey: 's1:1', oemText, oemName: 'plan.oem', hardBodyRadiusM: 2.5, nonGravitationalAccelerationKmS2: 1.5e-7 };
    const withOem = { span: { startUtc: '2023-02-15T00:00:00.000000', durationS: 86400 }, primaries: [propagated, oem], fleet: [], issues: [] };
    const withoutOem = { span: withOem.span, primaries: [propagated], fleet: [], issues: [] };
    await insertRow(db, 'screenings', { id: 's1', organization_id: 'org', status: 'SUCCEEDED', inputs: JSON.stringify(withOem) });
    await insertRow(db, 'screenings', { id: 's2', organization_id: 'org', status: 'SUCCEEDED', inputs: JSON.stringify(withoutOem) });

    assert.deepEqual(await migrate(db, MIGRATIONS.filter((m) => m.version <= 17)), [17]);
    const inputsOf = async (id: string) => String((await db.execute({ sql: 'SELECT inputs FROM screenings WHERE id = ?', args: [id] })).rows[0]!.inputs);
    const { oemText: _moved, ...oemWithoutText } = oem;
    // JSON.stringify of the parse: the same text as the original's with the OEM text left out (key order, every number)
    assert.equal(JSON.stringify(JSON.parse(await inputsOf('s1'))), JSON.stringify({ ...withOem, primaries: [propagated, oemWithoutText] }));
    assert.equal(await inputsOf('s2'), JSON.stringify(withoutOem));
    const parts = await screeningPrimaryOemParts(db, 's1', 1);
    assert.equal(parts.length, 1);
    assert.equal(new TextDecoder().decode(parts[0]), oemText);
    assert.deepEqual(await screeningPrimaryOemParts(db, 's1', 0), []);
    assert.deepEqual(await screeningPrimaryOemParts(db, 's2', 0), []);

    // written in several parts (the new path) and read back whole, each part its own buffer (handed over to a worker)
    const bytes = new TextEncoder().encode(oemText.repeat(10));
    const written = [bytes.slice(0, 100_000), bytes.slice(100_000, 200_000), bytes.slice(200_000)];
    await inTransaction(db, (tx) => insertScreeningPrimaryOem(tx, 's2', 3, written));
    const read = await screeningPrimaryOemParts(db, 's2', 3);
    assert.deepEqual(read.map((p) => p.byteLength), written.map((p) => p.byteLength));
    assert.ok(read.every((p) => p.byteOffset === 0 && p.byteLength === p.buffer.byteLength));
    assert.equal(read.map((p) => new TextDecoder().decode(p)).join(''), new TextDecoder().decode(bytes));

    await db.execute(`DELETE FROM screenings WHERE id = 's1'`);
    assert.deepEqual(await screeningPrimaryOemParts(db, 's1', 1), []);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
