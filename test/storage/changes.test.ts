/**
 * The change log and the webhook outbox in storage (storage/changes.ts, storage/webhooks.ts, storage/sql/leasedJobs.ts):
 * a change fans out to the enabled subscriptions of its organization that asked for its type, in the same
 * transaction (rolled back with it); a leased job that fails for good records job.failed, a retried one does not;
 * the retention prune raises each feed's horizon. On the embedded file and, in the sqld pass, on a libSQL server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { conjunctionCreated, screeningFinished } from '../../domain/changes/model.ts';
import { feedHorizon, listFeedChanges, pruneChanges, recordChanges } from '../../storage/changes.ts';
import { inTransaction, openDatabase, type Db } from '../../storage/sql/db.ts';
import { migrate } from '../../storage/sql/migrations.ts';
import { claimNextBatch, failBatch, insertBatch } from '../../storage/ephemerisBatches.ts';
import { ensureOrganization } from '../../storage/organizations.ts';
import { insertSubscription, updateSubscription } from '../../storage/webhooks.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';

let dir: string;
let database: TestDatabase;
let db: Db;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apsis-changes-'));
  database = await testDatabase(dir);
  db = await openDatabase({ url: database.url });
  await migrate(db);
});
after(async () => {
  await db?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const created = (id: string) => conjunctionCreated({ id, primarySpacecraftId: 's', secondaryDesignator: '43013', tca: '2026-01-01T00:00:00.000000Z' });
const deliveriesOf = async (subscriptionId: string) =>
  (await db.execute({ sql: 'SELECT event_type, change_seq, body, status FROM webhook_deliveries WHERE subscription_id = ? ORDER BY change_seq', args: [subscriptionId] })).rows;

test('a change fans out to the enabled subscriptions that asked for its type, in its transaction; a rolled-back change leaves nothing', async () => {
  const org = await ensureOrganization(db, 'fan-out');
  const other = await ensureOrganization(db, 'fan-out-other');
  const now = new Date().toISOString();
  const both = await insertSubscription(db, { organizationId: org.id, url: 'https://a.example/', description: null, eventTypes: ['conjunction.created', 'screening.finished'], enabled: true, secret: 'whsec_x' }, now);
  const screeningsOnly = await insertSubscription(db, { organizationId: org.id, url: 'https://b.example/', description: null, eventTypes: ['screening.finished'], enabled: true, secret: 'whsec_y' }, now);
  const paused = await insertSubscription(db, { organizationId: org.id, url: 'https://c.example/', description: null, eventTypes: ['conjunction.created'], enabled: false, secret: 'whsec_z' }, now);
  const otherOrg = await insertSubscription(db, { organizationId: other.id, url: 'https://d.example/', description: null, eventTypes: ['conjunction.created'], enabled: true, secret: 'whsec_w' }, now);

  // 250 changes: more than one multi-row INSERT
  const many = Array.from({ length: 250 }, (_, k) => created(`e${k}`));
  const seqs = await inTransaction(db, (tx) => recordChanges(tx, org.id, [...many, screeningFinished({ id: 'x', status: 'SUCCEEDED', approachCount: 3, eventCount: 1, error: null })]));
  assert.equal(seqs.length, 251);
  assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b));
  const atBoth = await deliveriesOf(both.id);
  assert.equal(atBoth.length, 251);
  assert.deepEqual(atBoth.map((r) => Number(r.change_seq)), seqs, 'each delivery names its change');
  assert.deepEqual(JSON.parse(String(atBoth[0]!.body)).data.conjunctionId, 'e0');
  assert.deepEqual((await deliveriesOf(screeningsOnly.id)).map((r) => r.event_type), ['screening.finished']);
  assert.equal((await deliveriesOf(paused.id)).length, 0, 'a disabled subscription gets nothing');
  assert.equal((await deliveriesOf(otherOrg.id)).length, 0, 'another organization’s gets nothing');
  const feed = await listFeedChanges(db, org.id, 'conjunctions', 0, 1000);
  assert.deepEqual(feed.map((c) => c.resourceId), many.map((c) => c.resourceId));

  await assert.rejects(inTransaction(db, async (tx) => {
    await recordChanges(tx, org.id, [created('rolled-back')]);
    throw new Error('the change itself failed');
  }));
  assert.equal((await listFeedChanges(db, org.id, 'conjunctions', seqs[seqs.length - 1]!, 10)).length, 0);
  assert.equal((await deliveriesOf(both.id)).length, 251);

  await updateSubscription(db, org.id, paused.id, { enabled: true }, now);
  await inTransaction(db, (tx) => recordChanges(tx, org.id, [created('after-enabling')]));
  assert.equal((await deliveriesOf(paused.id)).length, 1);
});

test('a leased job failing for good records job.failed (its kind, attempts, error); one queued again does not', async () => {
  const org = await ensureOrganization(db, 'jobs');
  const id = 'batch-1';
  await insertBatch(db, { id, organizationId: org.id, itemCount: 1, itemsNdjson: '{}\n', retentionDays: 1, maxAttempts: 2, createdAt: new Date().toISOString() });
  const jobFailures = async () => (await db.execute({ sql: `SELECT payload FROM change_events WHERE organization_id = ? AND kind = 'job.failed'`, args: [org.id] })).rows.map((r) => JSON.parse(String(r.payload)));
  const noBackoff = { baseMs: 0, maxMs: 0 };
  assert.equal((await claimNextBatch(db, 'runner', 60_000, new Date()))?.id, id);
  assert.equal(await failBatch(db, id, 'runner', 'transient', true, noBackoff, Date.now()), true, 'the holder fails it (true even with RETURNING)');
  assert.deepEqual(await jobFailures(), [], 'queued again: not a failure yet');
  assert.equal((await claimNextBatch(db, 'runner', 60_000, new Date()))?.id, id);
  assert.equal(await failBatch(db, id, 'other-runner', 'not mine', false, noBackoff, Date.now()), false, 'only the lease holder');
  assert.equal(await failBatch(db, id, 'runner', 'disk full', true, noBackoff, Date.now()), true);
  assert.deepEqual(await jobFailures(), [{ jobKind: 'ephemeris_batch', jobId: id, attempts: 2, error: 'disk full' }], 'attempts exhausted: FAILED, told once');
});

test('the retention prune removes old changes and raises each feed’s horizon', async () => {
  const org = await ensureOrganization(db, 'prune');
  const [seq] = await inTransaction(db, (tx) => recordChanges(tx, org.id, [created('old')], '2020-01-01T00:00:00.000Z'));
  const removed = await pruneChanges(db, '2021-01-01T00:00:00.000Z');
  assert.ok(removed >= 1);
  assert.ok((await feedHorizon(db, 'conjunctions')) >= seq!);
  assert.equal((await listFeedChanges(db, org.id, 'conjunctions', 0, 10)).length, 0);
  // newer changes stay
  const fresh = await inTransaction(db, (tx) => recordChanges(tx, org.id, [created('new')]));
  await pruneChanges(db, '2021-01-01T00:00:00.000Z');
  assert.deepEqual((await listFeedChanges(db, org.id, 'conjunctions', 0, 10)).map((c) => c.seq), fresh);
});
