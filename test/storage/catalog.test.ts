/**
 * Catalog storage: sets read back as the same doubles, stored once, the newest epoch is the
 * current set, an upload still being written is invisible, and a screening's "as of" mark never moves under it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { readTleCatalog } from '../../engine/tle/catalog.ts';
import { catalogSetRow } from '../../domain/catalog/catalogRow.ts';
import { gpElementsFromJson, gpElementsFromJsonBytes, gpElementsToJson, type GpElementSet } from '../../engine/tle/gpElements.ts';
import {
  CATALOG_ROWS_PER_INSERT,
  CATALOG_SETS_TABLE,
  catalogElementSets,
  catalogElementSetsJson,
  catalogSnapshot,
  catalogNoradIds,
  findCatalogObject,
  insertCatalogElementSets,
  latestCatalogElementSet,
  listCatalogObjects,
  queueCatalogRefreshes,
  REFRESH_BOUNDARY_PAGE,
  REFRESH_OBJECTS_PER_STATEMENT,
  refreshCatalogObjects,
  runCatalogRefresh,
  pendingCatalogRefreshes,
} from '../../storage/catalog.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { migrate } from '../../storage/sql/migrations.ts';
import { StagedBatch } from '../../storage/sql/stagedWrites.ts';

const FIXTURE = new URL('../fixtures/conjunction/catalog/sample.3le', import.meta.url);
const sets = readTleCatalog(readFileSync(FIXTURE, 'utf8')).entries;
/** The same object one day later (a newer epoch) with another mean anomaly. */
const newer = (e: GpElementSet, days: number): GpElementSet => ({
  ...e,
  epoch: { year: e.epoch.year, dayOfYear: e.epoch.dayOfYear + days },
  epochUtc: `${e.epochUtc}+${days}d`,
  meanAnomalyDeg: (e.meanAnomalyDeg + 10 * days) % 360,
});

let db: Db;
const ORG_A = 'org-a';
const ORG_B = 'org-b';
before(async () => {
  db = await openDatabase({ url: ':memory:' });
  await migrate(db);
  for (const id of [ORG_A, ORG_B]) {
    await db.execute({ sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', args: [id, id, 'now'] });
  }
});
after(() => db.close());

async function upload(organizationId: string, items: GpElementSet[]) {
  const batch = await StagedBatch.open(db, { kind: 'catalog_test', key: organizationId, owner: 'test' }, [CATALOG_SETS_TABLE]);
  let outcome = { stored: 0, alreadyKnown: 0, updatedObjects: 0, newObjects: 0 };
  await batch.chunk(async (tx) => {
    outcome = await insertCatalogElementSets(tx, organizationId, { uploadId: 'upload-1', batchId: batch.id, fileName: 'sample.3le', storedAt: 'now' }, items.map((e) => catalogSetRow(e)));
  });
  assert.equal(await batch.publish(), true);
  await refreshCatalogObjects(db, organizationId, 0, 999_999_999);
  return outcome;
}

test('the JSON of a set reads back as the same doubles, −0 included', () => {
  assert.ok(sets.length >= 8);
  for (const s of sets) assert.deepStrictEqual(gpElementsFromJson(gpElementsToJson(s)), s);
  assert.deepStrictEqual(gpElementsFromJson(gpElementsToJson(sets)), sets);
  const negative: GpElementSet = { ...sets[0]!, bstarPerEarthRadius: -0, ndotOver2RevPerDay2: -0 };
  const back = gpElementsFromJson<GpElementSet>(gpElementsToJson(negative));
  assert.ok(Object.is(back.bstarPerEarthRadius, -0) && Object.is(back.ndotOver2RevPerDay2, -0));
  assert.deepStrictEqual(back, negative);
});

test('an upload stores each set once, reads back identical, and counts new and known sets', async () => {
  const first = await upload(ORG_A, sets);
  assert.deepEqual(first, { stored: sets.length, alreadyKnown: 0, updatedObjects: sets.length, newObjects: sets.length });
  const again = await upload(ORG_A, [...sets, sets[0]!]);
  assert.deepEqual(again, { stored: 0, alreadyKnown: sets.length + 1, updatedObjects: 0, newObjects: 0 });
  for (const s of sets) assert.deepStrictEqual(await latestCatalogElementSet(db, ORG_A, s.noradId), s);
  const snapshot = await catalogSnapshot(db, ORG_A);
  const ids = sets.map((s) => s.noradId).sort((a, b) => a - b);
  assert.deepEqual(await catalogNoradIds(db, ORG_A, snapshot), ids);
  const read = await catalogElementSets(db, ORG_A, { fromNoradId: ids[0]!, toNoradId: ids.at(-1)!, snapshot });
  assert.deepStrictEqual(read, [...sets].sort((a, b) => a.noradId - b.noradId));
  // another organization holds nothing of it
  assert.equal(await latestCatalogElementSet(db, ORG_B, sets[0]!.noradId), null);
  assert.deepEqual(await catalogSnapshot(db, ORG_B), { asOfSetId: 0, unpublishedBatchIds: [] });
  assert.deepEqual(await catalogNoradIds(db, ORG_B, snapshot), []);
  assert.equal(await findCatalogObject(db, ORG_B, sets[0]!.noradId), null);
});

test('the newest epoch is the current set whatever the upload order; older sets are kept', async () => {
  const base = sets[1]!;
  const later = newer(base, 1);
  const earlier = newer(base, -1);
  const outcome = await upload(ORG_A, [later]);
  assert.deepEqual(outcome, { stored: 1, alreadyKnown: 0, updatedObjects: 1, newObjects: 0 });
  const older = await upload(ORG_A, [earlier]);
  assert.deepEqual(older, { stored: 1, alreadyKnown: 0, updatedObjects: 0, newObjects: 0 });
  assert.deepStrictEqual(await latestCatalogElementSet(db, ORG_A, base.noradId), later);
  const object = await findCatalogObject(db, ORG_A, base.noradId);
  assert.deepStrictEqual(object?.history.map((h) => h.elements), [later, base, earlier]);
  const listed = await listCatalogObjects(db, ORG_A, { noradId: base.noradId }, { page: 0, size: 10, sort: [] });
  assert.equal(listed.total, 1);
  assert.equal(listed.items[0]!.setCount, 3);
  assert.deepStrictEqual(listed.items[0]!.current.elements, later);
});

test('catalogElementSetsJson: per range one UTF-8 JSON array of the newest sets in NORAD order, decoding to catalogElementSets; empty ranges left out', async () => {
  const snapshot = await catalogSnapshot(db, ORG_A);
  const ids = await catalogNoradIds(db, ORG_A, snapshot);
  const half = Math.floor(ids.length / 2);
  const ranges = [
    { fromNoradId: ids[0]!, toNoradId: ids[half - 1]! },
    { fromNoradId: 0, toNoradId: ids[0]! - 1 }, // no set: left out
    { fromNoradId: ids[half]!, toNoradId: ids.at(-1)! },
  ];
  const parts = await catalogElementSetsJson(db, ORG_A, snapshot, ranges);
  assert.equal(parts.length, 2);
  for (const part of parts) assert.ok(part instanceof Uint8Array && part.buffer.byteLength === part.byteLength, 'each its own buffer (transferable)');
  const expected = [
    ...(await catalogElementSets(db, ORG_A, { ...ranges[0]!, snapshot })),
    ...(await catalogElementSets(db, ORG_A, { ...ranges[2]!, snapshot })),
  ];
  assert.equal(expected.length, ids.length);
  assert.deepStrictEqual(gpElementsFromJsonBytes(parts), expected, 'the newest set of each object (the updated one included), ascending');
  assert.deepEqual(await catalogElementSetsJson(db, ORG_B, snapshot, ranges), []);
  const aborted = new AbortController();
  aborted.abort();
  await assert.rejects(catalogElementSetsJson(db, ORG_A, snapshot, ranges, aborted.signal));
});

test('a snapshot holds every published set and no staged one: a batch still being written stays out of it even after it publishes, and hides nothing else', async () => {
  const before = await catalogSnapshot(db, ORG_A);
  const everything = { fromNoradId: 0, toNoradId: 999999999 };
  const seen = await catalogElementSets(db, ORG_A, { ...everything, snapshot: before });
  const slow = await StagedBatch.open(db, { kind: 'catalog_test', key: 'slow', owner: 'test' }, [CATALOG_SETS_TABLE]);
  const slowSet = newer(sets[2]!, 2);
  await slow.chunk(async (tx) => {
    await insertCatalogElementSets(tx, ORG_A, { uploadId: 'upload-slow', batchId: slow.id, fileName: null, storedAt: 'now' }, [catalogSetRow(slowSet)]);
  });
  assert.deepStrictEqual(await latestCatalogElementSet(db, ORG_A, slowSet.noradId), sets[2]);
  // a later, faster upload publishes while the slow one is still staged: its rows have higher ids
  const fastSet = newer(sets[3]!, 2);
  await upload(ORG_A, [fastSet]);
  const during = await catalogSnapshot(db, ORG_A);
  assert.deepEqual(during.unpublishedBatchIds, [slow.id]);
  const readDuring = await catalogElementSets(db, ORG_A, { ...everything, snapshot: during });
  assert.deepStrictEqual(readDuring.find((s) => s.noradId === fastSet.noradId), fastSet, 'a set published after the slow batch opened is in the snapshot');
  assert.deepStrictEqual(readDuring.find((s) => s.noradId === slowSet.noradId), sets[2], 'the staged set is not');
  assert.equal(await slow.publish(), true);
  await refreshCatalogObjects(db, ORG_A, 0, 999_999_999);
  // what was read with each snapshot is what is read with it now
  assert.deepStrictEqual(await catalogElementSets(db, ORG_A, { ...everything, snapshot: before }), seen);
  assert.deepStrictEqual(await catalogElementSets(db, ORG_A, { ...everything, snapshot: during }), readDuring);
  const after = await catalogSnapshot(db, ORG_A);
  assert.ok(after.asOfSetId > before.asOfSetId);
  assert.deepEqual(after.unpublishedBatchIds, []);
  const now = await catalogElementSets(db, ORG_A, { fromNoradId: slowSet.noradId, toNoradId: fastSet.noradId, snapshot: after });
  assert.deepStrictEqual(now.find((s) => s.noradId === slowSet.noradId), slowSet);
  assert.deepStrictEqual(now.find((s) => s.noradId === fastSet.noradId), fastSet);
});

test('list filters: name (case-insensitive contains, literal % and _), perigee/apogee, epoch, paging', async () => {
  const all = await listCatalogObjects(db, ORG_A, {}, { page: 0, size: 100, sort: [] });
  assert.equal(all.total, sets.length);
  assert.deepEqual(all.items.map((o) => o.noradId), [...new Set(sets.map((s) => s.noradId))].sort((a, b) => a - b));
  const named = await listCatalogObjects(db, ORG_A, { name: 'molniya' }, { page: 0, size: 100, sort: [] });
  assert.deepEqual(named.items.map((o) => o.current.elements.name), ['APSIS-TEST MOLNIYA']);
  assert.equal((await listCatalogObjects(db, ORG_A, { name: '%' }, { page: 0, size: 100, sort: [] })).total, 0);
  const geoLike = await listCatalogObjects(db, ORG_A, { minPerigeeKm: 30000 }, { page: 0, size: 100, sort: [] });
  for (const o of geoLike.items) assert.ok(o.current.perigeeAltitudeKm >= 30000);
  assert.ok(geoLike.total >= 1);
  const highApogee = await listCatalogObjects(db, ORG_A, { minApogeeKm: 30000, maxPerigeeKm: 2000 }, { page: 0, size: 100, sort: [] });
  assert.ok(highApogee.total >= 2, 'the Molniya and the GTO');
  for (const o of highApogee.items) assert.ok(o.current.apogeeAltitudeKm >= 30000 && o.current.perigeeAltitudeKm <= 2000);
  const page1 = await listCatalogObjects(db, ORG_A, {}, { page: 1, size: 3, sort: [{ field: 'noradId', direction: 'desc' }] });
  assert.deepEqual(page1.items.map((o) => o.noradId), all.items.map((o) => o.noradId).reverse().slice(3, 6));
  const newest = Math.max(...all.items.map((o) => o.current.epochS));
  const recent = await listCatalogObjects(db, ORG_A, { minEpochS: newest }, { page: 0, size: 100, sort: [] });
  assert.ok(recent.items.every((o) => o.current.epochS >= newest) && recent.total >= 1);
});

test('a published upload whose process died before refreshing the object list leaves its ranges queued; running them brings the list up to date', async () => {
  const base = sets[4]!;
  const newest = newer(base, 5);
  const batch = await StagedBatch.open(db, { kind: 'catalog_test', key: 'dying', owner: 'test' }, [CATALOG_SETS_TABLE]);
  await batch.chunk(async (tx) => {
    await insertCatalogElementSets(tx, ORG_A, { uploadId: 'upload-dying', batchId: batch.id, fileName: null, storedAt: 'now' }, [catalogSetRow(newest)]);
  });
  await batch.publish(async (tx) => {
    await queueCatalogRefreshes(tx, ORG_A, [{ fromNoradId: newest.noradId, toNoradId: newest.noradId }], '2000-01-01T00:00:00Z');
    return true;
  });
  // the sets see it at once; the list does not until the queued range runs
  assert.deepStrictEqual(await latestCatalogElementSet(db, ORG_A, newest.noradId), newest);
  const before = await listCatalogObjects(db, ORG_A, { noradId: newest.noradId }, { page: 0, size: 1, sort: [] });
  assert.notDeepEqual(before.items[0]!.current.elements, newest);
  assert.deepEqual(await pendingCatalogRefreshes(db, { queuedBefore: '1999-01-01T00:00:00Z' }), []);
  assert.deepEqual(await pendingCatalogRefreshes(db, { organizationId: ORG_B }), []);
  const stale = await pendingCatalogRefreshes(db, { organizationId: ORG_A, queuedBefore: '2001-01-01T00:00:00Z' });
  assert.deepEqual(stale.map((r) => [r.organizationId, r.fromNoradId, r.toNoradId]), [[ORG_A, newest.noradId, newest.noradId]]);
  assert.deepEqual(await pendingCatalogRefreshes(db), stale);
  for (const range of stale) await runCatalogRefresh(db, range);
  const after = await listCatalogObjects(db, ORG_A, { noradId: newest.noradId }, { page: 0, size: 1, sort: [] });
  assert.deepStrictEqual(after.items[0]!.current.elements, newest);
  assert.deepEqual(await pendingCatalogRefreshes(db), []);
});

test('the NORAD ids of a large catalog come back whole and in order across the pages they are read in', async () => {
  const org = 'org-large';
  await db.execute({ sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', args: [org, org, 'now'] });
  const count = 7_001; // more than two pages of 3,000
  const many = Array.from({ length: count }, (_, k) => ({ ...sets[0]!, noradId: 20_000 + 3 * k }));
  await upload(org, many);
  const ids = await catalogNoradIds(db, org, await catalogSnapshot(db, org));
  assert.equal(ids.length, count);
  assert.deepEqual(ids, many.map((e) => e.noradId));
});

test('writing and refreshing cut into statements lose no object at a boundary: more sets than one INSERT takes, more objects than one refresh statement covers', async () => {
  const org = 'org-boundaries';
  await db.execute({ sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', args: [org, org, 'now'] });
  // k × CATALOG_ROWS_PER_INSERT + 3 objects, each one set: the chunk is k full INSERT statements and a remainder, and
  // the refresh several statements of REFRESH_OBJECTS_PER_STATEMENT objects and a remainder, over more than one page
  // of REFRESH_BOUNDARY_PAGE ids (the statement that cuts the range)
  const count = Math.ceil((REFRESH_BOUNDARY_PAGE + 2 * REFRESH_OBJECTS_PER_STATEMENT) / CATALOG_ROWS_PER_INSERT) * CATALOG_ROWS_PER_INSERT + 3;
  assert.ok(count > REFRESH_BOUNDARY_PAGE + REFRESH_OBJECTS_PER_STATEMENT && count % REFRESH_OBJECTS_PER_STATEMENT !== 0 && count % REFRESH_BOUNDARY_PAGE !== 0);
  const first = Array.from({ length: count }, (_, k) => ({ ...sets[0]!, noradId: 50_000 + 7 * k, name: `BOUNDARY ${k}` }));
  const outcome = await upload(org, first);
  assert.deepEqual(outcome, { stored: count, alreadyKnown: 0, updatedObjects: count, newObjects: count });
  // a newer set of every odd object (the last of the first statement's objects, the first of the second's, …) and
  // of the very last: the current set follows it everywhere, whichever statement refreshed it
  const changed = new Set(first.map((_, k) => k).filter((k) => k % 2 === 1 || k === count - 1));
  const second = first.filter((_, k) => changed.has(k)).map((e) => newer(e, 1));
  const again = await upload(org, [...first, ...second]);
  assert.deepEqual(again, { stored: second.length, alreadyKnown: count, updatedObjects: second.length, newObjects: 0 });
  const listed = await listCatalogObjects(db, org, {}, { page: 0, size: 1000, sort: [] });
  assert.equal(listed.total, count);
  assert.deepEqual(listed.items.map((o) => o.noradId), first.map((e) => e.noradId));
  for (const [k, object] of listed.items.entries()) {
    assert.equal(object.setCount, changed.has(k) ? 2 : 1, `object ${object.noradId} (index ${k})`);
    assert.deepStrictEqual(object.current.elements, changed.has(k) ? newer(first[k]!, 1) : first[k], `object ${object.noradId} (index ${k})`);
  }
});
