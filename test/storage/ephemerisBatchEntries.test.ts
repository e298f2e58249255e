/**
 * A batch's stored item entries (storage/ephemerisBatchSlices.ts) on this run's backend (the file, or a sqld of its
 * own: test/helpers/database.ts): an entry larger than a libSQL server takes in one value (~5 MB: a 30-day OEM with
 * covariance deflates to ~10 MB) and pages of entries larger than its 16 MiB message are stored and read back byte for
 * byte, in item order; a claim that lost its slice stores nothing more and its successor's claim removes every part.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Db } from '../../storage/sql/db.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { claimNextBatch, insertBatch } from '../../storage/ephemerisBatches.ts';
import { claimNextBatchSlice, completeBatchSlice, ensureBatchSlices, listBatchSlices, readBatchEntries, reconcileBatchProgress, removeEarlierOutcomes, storeSliceEntries } from '../../storage/ephemerisBatchSlices.ts';
import type { BatchItemEntry } from '../../domain/ephemerisBatch/model.ts';

let db: Db;
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const ORG = 'org-batch-entries';
before(async () => {
  opened = await openTestDatabase('apsis-batch-entries-');
  db = opened.db;
  await db.execute({ sql: 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', args: [ORG, ORG, 'now'] });
});
after(() => opened.close());

const okEntry = (index: number, bytes: number): Extract<BatchItemEntry, { ok: true }> => ({
  index, ok: true, name: `item-${index}.oem`, stateVectorId: `sv-${index}`, spacecraftId: 'craft-1', crc: 1000 + index, sizeBytes: 3 * bytes,
  data: randomBytes(bytes), spanStart: '2026-12-01T00:00:00.000Z', spanEnd: '2026-12-31T00:00:00.000Z',
});

test('entries above a server\'s value and message limits are stored in parts and read back byte for byte; a lost claim\'s parts are removed', { timeout: 120_000 }, async () => {
  const createdAt = new Date().toISOString();
  const items = 40;
  await insertBatch(db, { id: 'b-large', organizationId: ORG, itemCount: items, itemsNdjson: Array.from({ length: items }, (_, k) => `{"k":${k}}`).join('\n'), retentionDays: 1, maxAttempts: 3, createdAt });
  const batch = await claimNextBatch(db, 'instance-a', 60_000, new Date());
  assert.equal(batch?.id, 'b-large');
  await ensureBatchSlices(db, { id: 'b-large', organizationId: ORG, createdAt }, Array.from({ length: items }, (_, k) => `{"k":${k}}`), [{ firstItem: 0, itemCount: items }], 3);

  // a claim that loses the slice after storing a multi-part entry
  const stale = await claimNextBatchSlice(db, 'instance-a', 60_000, new Date(), 'b-large');
  assert.ok(stale);
  assert.equal(await storeSliceEntries(db, stale, stale.holder, [okEntry(0, 6_500_000)], { done: 1, failed: 0 }, createdAt), true);
  const partRows = async () => Number((await db.execute({ sql: 'SELECT COUNT(*) AS n FROM ephemeris_batch_entry_parts WHERE batch_id = ?', args: ['b-large'] })).rows[0]!.n);
  assert.ok(await partRows() >= 6, 'the 6.5 MB entry went in parts');
  const slice = await claimNextBatchSlice(db, 'instance-b', 60_000, new Date(Date.now() + 120_000), 'b-large');
  assert.equal(slice?.id, stale.id, 'taken over once the lease ran out');
  assert.equal(await partRows(), 0, 'the new claim removed the stale claim\'s parts');
  assert.equal(await storeSliceEntries(db, stale, stale.holder, [okEntry(1, 10)], { done: 2, failed: 0 }, createdAt), false, 'the stale claim stores nothing');

  // 10.5 MB (one value over 5 MB), then 36 entries of ~0.9 MiB (16 of them ≈ 15 MiB, a page near the 16 MiB message),
  // a failure, and small ones
  const entries: BatchItemEntry[] = [okEntry(0, 10_500_000)];
  for (let k = 1; k <= 36; k++) entries.push(okEntry(k, 950_000 + k));
  entries.push({ index: 37, ok: false, stateVectorId: 'sv-37', spacecraftId: 'craft-1', error: 'PROPAGATION_FAILED', message: 'decayed' });
  entries.push(okEntry(38, 0), okEntry(39, 17));
  assert.equal(await storeSliceEntries(db, slice!, slice!.holder, entries, { done: 39, failed: 1 }, createdAt), true);

  const read: BatchItemEntry[] = [];
  for (let from = 0; from < items;) {
    const page = await readBatchEntries(db, 'b-large', from, 16);
    assert.ok(page.length > 0);
    read.push(...page);
    from = page[page.length - 1]!.index + 1;
  }
  assert.equal(read.length, items);
  for (const [k, entry] of entries.entries()) {
    const got = read[k]!;
    assert.equal(got.index, entry.index);
    assert.equal(got.ok, entry.ok);
    if (entry.ok && got.ok) {
      assert.equal(got.crc, entry.crc);
      assert.equal(got.name, entry.name);
      assert.ok(Buffer.from(got.data).equals(Buffer.from(entry.data)), `item ${k}'s ${entry.data.length} bytes read back as written`);
    } else if (!entry.ok && !got.ok) assert.equal(got.error, entry.error);
  }
});

test('a claim\'s clean-up of earlier outcomes that arrives late (a statement delayed by a cut link) removes nothing of the claim that took the slice over and completed it', async () => {
  const createdAt = new Date().toISOString();
  const lines = Array.from({ length: 3 }, (_, k) => `{"k":${k}}`);
  await insertBatch(db, { id: 'b-late', organizationId: ORG, itemCount: 3, itemsNdjson: lines.join('\n'), retentionDays: 1, maxAttempts: 3, createdAt });
  for (;;) {
    const claimed = await claimNextBatch(db, 'instance-a', 60_000, new Date());
    assert.ok(claimed);
    if (claimed.id === 'b-late') break;
  }
  await ensureBatchSlices(db, { id: 'b-late', organizationId: ORG, createdAt }, lines, [{ firstItem: 0, itemCount: 3 }], 3);
  const first = await claimNextBatchSlice(db, 'instance-a', 60_000, new Date(), 'b-late');
  const second = await claimNextBatchSlice(db, 'instance-b', 60_000, new Date(Date.now() + 120_000), 'b-late');
  assert.equal(second?.id, first!.id, 'taken over');
  const entries: BatchItemEntry[] = [okEntry(0, 2_000_000), okEntry(1, 10), { index: 2, ok: false, stateVectorId: 'sv-2', spacecraftId: 'craft-1', error: 'PROPAGATION_FAILED', message: 'decayed' }];
  assert.equal(await completeBatchSlice(db, second!, second!.holder, entries, { done: 3, failed: 1 }, Date.now()), true);
  // the first claim's clean-up, delayed until now
  await removeEarlierOutcomes(db, first!, first!.holder);
  const read = await readBatchEntries(db, 'b-late', 0, 16);
  assert.deepEqual(read.map((e) => e.index), [0, 1, 2], 'every outcome of the completing claim is still stored');
  assert.ok(read[0]!.ok && Buffer.from(read[0]!.data).equals(Buffer.from((entries[0] as { data: Uint8Array }).data)));
  const failures = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM ephemeris_batch_failures WHERE batch_id = ?', args: ['b-late'] });
  assert.equal(Number(failures.rows[0]!.n), 1, 'its failure too');
  assert.equal((await listBatchSlices(db, 'b-late'))[0]!.status, 'SUCCEEDED');
});

test('a batch runner\'s reconciliation that arrives late (after the batch was taken over) removes no failure and rewrites no counter', async () => {
  const createdAt = new Date().toISOString();
  await insertBatch(db, { id: 'b-reconcile', organizationId: ORG, itemCount: 2, itemsNdjson: '{"k":0}\n{"k":1}', retentionDays: 1, maxAttempts: 3, createdAt });
  const claimFor = async (owner: string, at: Date) => {
    for (;;) {
      const claimed = await claimNextBatch(db, owner, 60_000, at);
      assert.ok(claimed);
      if (claimed.id === 'b-reconcile') return claimed;
    }
  };
  await claimFor('instance-a', new Date());
  await claimFor('instance-b', new Date(Date.now() + 120_000));
  // a failure whose item has no stored FAILED entry: a reconciliation by the holder removes it
  await db.execute({ sql: 'INSERT INTO ephemeris_batch_failures (batch_id, item_index, error, message) VALUES (?, ?, ?, ?)', args: ['b-reconcile', 1, 'ZIP_SIZE_LIMIT', 'x'] });
  await db.execute({ sql: 'UPDATE ephemeris_batches SET items_done = 2, items_failed = 1 WHERE id = ?', args: ['b-reconcile'] });
  const failures = async () => Number((await db.execute({ sql: 'SELECT COUNT(*) AS n FROM ephemeris_batch_failures WHERE batch_id = ?', args: ['b-reconcile'] })).rows[0]!.n);
  const done = async () => Number((await db.execute({ sql: 'SELECT items_done AS n FROM ephemeris_batches WHERE id = ?', args: ['b-reconcile'] })).rows[0]!.n);
  await reconcileBatchProgress(db, 'b-reconcile', 'instance-a', createdAt);
  assert.equal(await failures(), 1, 'the stale runner removes nothing');
  assert.equal(await done(), 2, 'nor rewrites the counters');
  await reconcileBatchProgress(db, 'b-reconcile', 'instance-b', createdAt);
  assert.equal(await failures(), 0, 'the holder reconciles');
  assert.equal(await done(), 0, 'from its slices (none here)');
});
