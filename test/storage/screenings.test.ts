/**
 * Screening chunks on the lease mechanism (storage/screenings.ts): the MERGE chunk is claimable only once every
 * SCREEN chunk has succeeded (so the merge runs once, after all of them), a chunk is never held by two owners, an
 * expired lease is taken over and the late owner writes nothing, a result larger than a libSQL server takes in one
 * value is stored in parts and read back whole, and a cancel stops the claims. On this run's backend (the file, or a
 * sqld of its own: test/helpers/database.ts).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../storage/sql/db.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { textParts } from '../../storage/sql/valueParts.ts';
import { NO_COVARIANCE_USED, type NewScreeningChunk } from '../../domain/screenings/model.ts';
import { APPROACH_ROWS_PER_STATEMENT, claimNextScreeningChunk, completeScreeningChunk, completeScreeningMerge, deleteScreeningApproaches, findScreening, findScreeningInputs, screeningChunkResults, insertScreening, insertScreeningApproaches, listScreeningApproaches, listScreeningChunks, requestScreeningCancel, type ScreeningApproachRow } from '../../storage/screenings.ts';

let db: Db;
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const ORG = 'org-screening';
before(async () => {
  opened = await openTestDatabase('apsis-screening-storage-');
  db = opened.db;
  await db.execute({ sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', args: [ORG, ORG, 'now'] });
});
after(() => opened.close());

const chunks = (screens: number): NewScreeningChunk[] => [
  ...Array.from({ length: screens }, (_, index) => ({
    index, kind: 'SCREEN' as const, planKey: `catalog:p0-0:s${index}`, primaryIndices: [0], secondarySource: 'CATALOG' as const,
    fromNoradId: 100 * index + 1, toNoradId: 100 * index + 100, noradCuts: [100 * index + 1], secondaryCount: 100, slice: null,
  })),
  { index: screens, kind: 'MERGE' as const, planKey: 'merge', primaryIndices: [0], secondarySource: null, fromNoradId: null, toNoradId: null, noradCuts: [], secondaryCount: 0, slice: null },
];

async function create(id: string, screens: number): Promise<void> {
  await insertScreening(db, {
    id, organizationId: ORG, request: '{}', inputs: '{}', catalogSnapshot: { asOfSetId: 7, unpublishedBatchIds: [] }, spanStart: '2023-02-15T00:00:00Z', spanEnd: '2023-02-22T00:00:00Z',
    pcThreshold: 1e-7, secondaryCount: 100 * screens, createdAt: new Date().toISOString(),
  }, chunks(screens), 3);
}

const result = { json: '{"approaches":[],"issues":[],"counts":{},"timings":null}', approachCount: 0, computeMs: 1 };

test('the merge chunk waits for every screen chunk; two owners never hold one chunk; the merge completes the screening', async () => {
  await create('s1', 3);
  const now = new Date();
  const a = await claimNextScreeningChunk(db, 'instance-a', 60_000, now);
  const b = await claimNextScreeningChunk(db, 'instance-b', 60_000, now);
  const c = await claimNextScreeningChunk(db, 'instance-a', 60_000, now);
  assert.deepEqual([a?.index, b?.index, c?.index], [0, 1, 2], 'each claim takes another chunk, in order');
  assert.equal(await claimNextScreeningChunk(db, 'instance-b', 60_000, now), null, 'the merge is not claimable while chunks run');
  assert.equal((await findScreening(db, ORG, 's1'))!.status, 'RUNNING');
  assert.equal(await completeScreeningChunk(db, a!.id, 'instance-b', result, Date.now()), false, 'only the lease holder completes');
  for (const chunk of [a, b]) assert.equal(await completeScreeningChunk(db, chunk!.id, chunk!.holder, result, Date.now()), true);
  assert.equal(await claimNextScreeningChunk(db, 'instance-b', 60_000, now), null, 'one screen chunk still running');
  assert.equal(await completeScreeningChunk(db, c!.id, c!.holder, result, Date.now()), true);
  const merge = await claimNextScreeningChunk(db, 'instance-b', 60_000, now);
  assert.equal(merge?.kind, 'MERGE');
  assert.equal(await claimNextScreeningChunk(db, 'instance-a', 60_000, now), null, 'the merge is claimed once');
  assert.equal(await completeScreeningMerge(db, { id: merge!.id, screeningId: 's1' }, merge!.holder, { approachCount: 0, eventCount: 0, issues: '[]', counts: '{}', timings: null }, Date.now()), true);
  const done = await findScreening(db, ORG, 's1');
  assert.equal(done!.status, 'SUCCEEDED');
  assert.equal(done!.mergedBy, 'instance-b');
  const rows = await listScreeningChunks(db, 's1');
  assert.deepEqual(rows.map((r) => r.ranBy), ['instance-a', 'instance-b', 'instance-a', 'instance-b']);
  assert.ok(rows.every((r) => r.attempts === 1 && r.attemptOwners.length === 1));
});

test('an expired lease is taken over (both owners recorded); the late owner writes nothing', async () => {
  await create('s2', 1);
  const dead = await claimNextScreeningChunk(db, 'instance-dead', 1, new Date());
  assert.equal(dead?.screeningId, 's2');
  const later = new Date(Date.now() + 10);
  const taken = await claimNextScreeningChunk(db, 'instance-live', 60_000, later);
  assert.equal(taken?.id, dead!.id);
  assert.equal(taken!.attempts, 2);
  assert.deepEqual(taken!.attemptOwners, ['instance-dead', 'instance-live']);
  assert.equal(await completeScreeningChunk(db, dead!.id, dead!.holder, result, Date.now()), false);
  assert.equal(await completeScreeningChunk(db, dead!.id, taken!.holder, result, Date.now()), true);
  assert.equal((await listScreeningChunks(db, 's2'))[0]!.ranBy, 'instance-live');
  const merge = await claimNextScreeningChunk(db, 'instance-live', 60_000, new Date());
  assert.equal(merge?.kind, 'MERGE');
  assert.equal(await completeScreeningMerge(db, { id: merge!.id, screeningId: 's2' }, merge!.holder, { approachCount: 0, eventCount: 0, issues: '[]', counts: '{}', timings: null }, Date.now()), true);
});

test('the lease is the claim\'s: a chunk taken over by another claim of the SAME owner (a late renewal) — the first claim completes nothing and its merge stores no approach', async () => {
  await create('s-same', 1);
  const first = await claimNextScreeningChunk(db, 'instance-a', 1, new Date());
  const second = await claimNextScreeningChunk(db, 'instance-a', 60_000, new Date(Date.now() + 10));
  assert.equal(second?.id, first!.id, 'taken over by the same instance');
  assert.notEqual(second!.holder, first!.holder);
  assert.deepEqual(second!.attemptOwners, ['instance-a', 'instance-a']);
  assert.equal(await completeScreeningChunk(db, first!.id, first!.holder, result, Date.now()), false, 'the first claim completes nothing');
  assert.equal(await completeScreeningChunk(db, second!.id, second!.holder, result, Date.now()), true);
  assert.equal((await listScreeningChunks(db, 's-same'))[0]!.ranBy, 'instance-a');
  const merge = await claimNextScreeningChunk(db, 'instance-a', 1, new Date());
  const mergeAgain = await claimNextScreeningChunk(db, 'instance-a', 60_000, new Date(Date.now() + 10));
  assert.equal(mergeAgain?.id, merge!.id);
  const row = (seq: number): ScreeningApproachRow => ({
    seq, primaryIndex: 0, primarySpacecraftId: 'craft', primaryNoradId: null, primaryName: null, secondaryNoradId: 40_000 + seq, secondaryName: null, secondarySpacecraftId: null,
    secondaryFitted: false, tca: '2023-02-15T00:00:00.000000', tcaS: 1_676_419_200, missDistanceM: 100, relativeSpeedMS: 10_000,
    relativeStateRtn: { positionM: [1, 0, 0], velocityMS: [0, 1, 0] }, pc: null, pcMethod: 'LAAS_2015', pcMaximumProbability: false, flags: [],
    covariances: { primary: NO_COVARIANCE_USED, secondary: NO_COVARIANCE_USED }, eventId: null, cdmId: null, eventProblem: null,
  });
  assert.equal(await insertScreeningApproaches(db, 's-same', ORG, [row(1), row(2)], { chunkId: merge!.id, holder: merge!.holder }), false, 'the first merge claim stores no approach');
  assert.equal(await insertScreeningApproaches(db, 's-same', ORG, [row(1), row(2)], { chunkId: merge!.id, holder: mergeAgain!.holder }), true);
  assert.equal((await listScreeningApproaches(db, ORG, 's-same', {}, { page: 0, size: 10, sort: [] })).totalElements, 2);
  assert.equal(await completeScreeningMerge(db, { id: merge!.id, screeningId: 's-same' }, merge!.holder, { approachCount: 2, eventCount: 0, issues: '[]', counts: '{}', timings: null }, Date.now()), false);
  assert.equal(await completeScreeningMerge(db, { id: merge!.id, screeningId: 's-same' }, mergeAgain!.holder, { approachCount: 2, eventCount: 0, issues: '[]', counts: '{}', timings: null }, Date.now()), true);
  assert.equal((await findScreening(db, ORG, 's-same'))!.mergedBy, 'instance-a');
  // the first merge claim's start-over delete, delayed until now (a cut link), removes nothing
  await deleteScreeningApproaches(db, 's-same', { chunkId: merge!.id, holder: merge!.holder });
  assert.equal((await listScreeningApproaches(db, ORG, 's-same', {}, { page: 0, size: 10, sort: [] })).totalElements, 2, 'a stale claim\'s delete removes nothing');
});

test('cancel: no chunk is claimed any more; the screening ends once its running chunk has', async () => {
  await create('s3', 2);
  const running = await claimNextScreeningChunk(db, 'instance-a', 60_000, new Date());
  assert.equal(running?.screeningId, 's3');
  assert.equal(await requestScreeningCancel(db, ORG, 's3', new Date().toISOString()), 'requested', 'a chunk is running');
  assert.equal(await claimNextScreeningChunk(db, 'instance-b', 60_000, new Date()), null);
  const rows = await listScreeningChunks(db, 's3');
  assert.deepEqual(rows.map((r) => r.status), ['RUNNING', 'CANCELLED', 'CANCELLED']);
  assert.equal(await requestScreeningCancel(db, 'another-org', 's3', new Date().toISOString()), null, 'another organization: not found');
});

test('a page of approaches larger than one statement reads: every row once, in the page\'s order, whatever the sort and the page', async () => {
  await create('s-approaches', 1);
  const count = 2 * APPROACH_ROWS_PER_STATEMENT + 37;
  const rows: ScreeningApproachRow[] = Array.from({ length: count }, (_, k) => ({
    seq: k, primaryIndex: 0, primarySpacecraftId: 'craft', primaryNoradId: null, primaryName: null, secondaryNoradId: 40_000 + k, secondaryName: `DEB ${k}`, secondarySpacecraftId: null,
    secondaryFitted: false, tca: `2023-02-15T00:00:${String(k % 60).padStart(2, '0')}.000000`, tcaS: 1_676_419_200 + k,
    // distinct, not in seq order; one tie (k = 3 and 4) broken by seq
    missDistanceM: k === 4 ? ((3 * 7919) % 1009) + 0.5 : ((k * 7919) % 1009) + 0.5, relativeSpeedMS: 10_000,
    relativeStateRtn: { positionM: [k, 0, 0], velocityMS: [0, 1, 0] }, pc: k % 5 === 0 ? null : 1e-6 * k, pcMethod: 'LAAS_2015',
    pcMaximumProbability: false, flags: [], covariances: { primary: NO_COVARIANCE_USED, secondary: NO_COVARIANCE_USED },
    eventId: null, cdmId: null, eventProblem: null,
  }));
  await insertScreeningApproaches(db, 's-approaches', ORG, rows);
  const bySeq = (a: ScreeningApproachRow, b: ScreeningApproachRow) => a.seq - b.seq;
  const byMiss = [...rows].sort((a, b) => b.missDistanceM - a.missDistanceM || bySeq(a, b));
  const whole = await listScreeningApproaches(db, ORG, 's-approaches', {}, { page: 0, size: 1000, sort: [] });
  assert.equal(whole.totalElements, count);
  assert.deepEqual(whole.items.map((r) => r.seq), rows.map((r) => r.seq));
  assert.deepEqual(whole.items[count - 1], rows[count - 1], 'a row reads back as written');
  const size = APPROACH_ROWS_PER_STATEMENT + 50;
  for (const pageIndex of [0, 1]) {
    const page = await listScreeningApproaches(db, ORG, 's-approaches', {}, { page: pageIndex, size, sort: [{ field: 'missDistanceM', direction: 'desc' }] });
    assert.deepEqual(page.items.map((r) => r.seq), byMiss.slice(pageIndex * size, (pageIndex + 1) * size).map((r) => r.seq), `page ${pageIndex} by miss distance`);
  }
  const filtered = await listScreeningApproaches(db, ORG, 's-approaches', { minPc: 1e-4 }, { page: 0, size: 1000, sort: [] });
  assert.deepEqual(filtered.items.map((r) => r.seq), rows.filter((r) => r.pc !== null && r.pc >= 1e-4).map((r) => r.seq));
  assert.equal(filtered.totalElements, filtered.items.length);
});

test('a chunk result larger than a libSQL server takes in one value (~5 MB) is stored in parts and read back whole; a claim that lost the chunk leaves no part', async () => {
  await create('s-large', 2);
  // ~12 MB of JSON with multi-byte characters (3 and 4 UTF-8 bytes) and a surrogate pair across a 1,000,000-unit cut
  const name = 'DÉBRIS ☄ 𝛼';
  const approaches = Array.from({ length: 40_000 }, (_, k) => ({ k, name, tcaUtc: '2023-02-15T00:00:00.000000', missDistanceM: k * 0.125, pad: 'x'.repeat(240) }));
  const json = JSON.stringify({ approaches, issues: [], counts: {}, timings: null });
  assert.ok(Buffer.byteLength(json) > 10_000_000, `the result is ${Buffer.byteLength(json)} bytes`);
  // claims of this screening's chunks (the earlier tests' screenings left some claimable: taken and left running)
  const claimOurs = async (owner: string, leaseMs: number, at: Date) => {
    for (;;) {
      const claimed = await claimNextScreeningChunk(db, owner, leaseMs, at);
      if (claimed === null || claimed.screeningId === 's-large') return claimed;
    }
  };
  const stale = await claimOurs('instance-a', 60_000, new Date());
  const first = await claimOurs('instance-b', 60_000, new Date());
  assert.notEqual(first!.id, stale!.id);
  assert.equal(await completeScreeningChunk(db, first!.id, first!.holder, { json: '{"approaches":[],"issues":[],"counts":{},"timings":null}', approachCount: 0, computeMs: 1 }, Date.now()), true);
  const taken = await claimOurs('instance-b', 60_000, new Date(Date.now() + 120_000));
  assert.equal(taken?.id, stale!.id, 'the expired lease is taken over');
  assert.equal(await completeScreeningChunk(db, stale!.id, stale!.holder, { json, approachCount: approaches.length, computeMs: 1 }, Date.now()), false, 'the stale claim stores nothing');
  assert.equal(await completeScreeningChunk(db, taken!.id, taken!.holder, { json, approachCount: approaches.length, computeMs: 1 }, Date.now()), true);
  const stored = await db.execute({ sql: 'SELECT holder, count(*) AS n, max(length(text)) AS longest FROM screening_chunk_results WHERE chunk_id = ? GROUP BY holder', args: [taken!.id] });
  assert.equal(stored.rows.length, 1, 'only the completing claim\'s parts remain');
  assert.equal(String(stored.rows[0]!.holder), taken!.holder);
  assert.equal(Number(stored.rows[0]!.n), textParts(json).length);
  assert.ok(Number(stored.rows[0]!.n) >= 12);
  const results = await screeningChunkResults(db, 's-large');
  assert.equal(results.length, 2);
  assert.equal(results[taken!.index], json, 'read back whole, character for character');
  assert.equal(results[first!.index], '{"approaches":[],"issues":[],"counts":{},"timings":null}');
  assert.deepEqual(JSON.parse(results[taken!.index]!).approaches[39_999], approaches[39_999]);
});

test('textParts never cuts a surrogate pair and joins back to its text', () => {
  const text = 'a𝛼b𝛼𝛼c'.repeat(7);
  for (const size of [2, 3, 4, 5, 7, 100]) {
    const parts = textParts(text, size);
    assert.equal(parts.join(''), text);
    for (const part of parts) {
      assert.ok(part.length <= size && part.length > 0);
      const last = part.charCodeAt(part.length - 1);
      assert.ok(!(last >= 0xd800 && last <= 0xdbff), `part ${JSON.stringify(part)} ends in a high surrogate`);
    }
  }
  assert.deepEqual(textParts(''), []);
  assert.throws(() => textParts('abc', 1), RangeError);
});

test('inputs larger than a libSQL server takes in one value (a fleet of thousands of element sets) are stored in parts and read back whole', async () => {
  const fleet = Array.from({ length: 20_000 }, (_, k) => ({ spacecraftId: `craft-${k}`, name: 'ÉCLAIR ☄ 𝛼', line1: '1 '.padEnd(69, String(k % 10)), line2: '2 '.padEnd(69, 'x') }));
  const inputs = JSON.stringify({ fleet, pad: 'y'.repeat(999_999) });
  assert.ok(Buffer.byteLength(inputs) > 5_000_000);
  await insertScreening(db, {
    id: 's-inputs', organizationId: ORG, request: '{}', inputs, catalogSnapshot: { asOfSetId: 7, unpublishedBatchIds: [] }, spanStart: '2023-02-15T00:00:00Z', spanEnd: '2023-02-22T00:00:00Z',
    pcThreshold: 1e-7, secondaryCount: 0, createdAt: new Date().toISOString(),
  }, chunks(1), 3);
  const parts = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM screening_input_parts WHERE screening_id = ?', args: ['s-inputs'] });
  assert.equal(Number(parts.rows[0]!.n) + 1, textParts(inputs).length);
  assert.equal(await findScreeningInputs(db, 's-inputs'), inputs);
  assert.equal(await findScreeningInputs(db, 's1'), '{}', 'a one-part inputs reads as written');
});
