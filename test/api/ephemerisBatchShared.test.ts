/**
 * One batch OEM shared over two instances (issue 37 item 4): two batch runners on one database, each with its own
 * owner, compute pool and Earth-data store (as two service instances have), run the slices of one batch — both run
 * some (the slices' `ranBy`), none twice — and the ZIP one of them assembles holds every item once, in request order,
 * its OEMs the same as a one-runner run's (to the creation date, the wall clock) and its manifest byte for byte; the
 * failing item is an item failure. A slice whose runner lost its lease (taken over once it expired) is completed once,
 * by the runner that took it over; the late runner stores nothing. A cancel stops both instances' slices and leaves no
 * stored entry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { createBatch } from '../../api/services/products/ephemerisBatch.ts';
import { EphemerisBatchRunner, type BatchRunnerOptions } from '../../api/jobs/ephemerisBatchRunner.ts';
import { EarthDataStore } from '../../api/services/earthData.ts';
import { claimNextBatchSlice, type ClaimedSlice, completeBatchSlice, ensureBatchSlices, listBatchSlices, storeSliceEntries } from '../../storage/ephemerisBatchSlices.ts';
import { claimNextBatch, failBatch } from '../../storage/ephemerisBatches.ts';
import { createPool } from '../../workers/pool.ts';
import type { ComputePool } from '../../workers/poolTypes.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, ssoState } from './stateVectors.helpers.ts';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const SPAN = { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600 };

let svc: TestService;
let key: string;
let organizationId: string;
let otherDir: string;
let otherPool: ComputePool;
let otherEarthData: EarthDataStore;
/** The second instance's dependencies: the same database, a pool and an Earth-data store of its own. */
let other: { db: TestService['db']; pool: ComputePool; earthData: EarthDataStore };

before(async () => {
  svc = await createTestService({ workers: 1 });
  await svc.batchRunner.stop(); // each test drives runners of its own
  const minted = await svc.key({ organization: 'batch-shared-org' });
  key = minted.secret;
  organizationId = minted.organizationId;
  otherDir = mkdtempSync(join(tmpdir(), 'apsis-batch-other-'));
  otherPool = await createPool({ size: 1 });
  otherEarthData = new EarthDataStore(otherPool, { dataDir: join(otherDir, 'earth-data'), checkIntervalS: 0, maxAgeDays: 36500 });
  await otherEarthData.start();
  other = { db: svc.db, pool: otherPool, earthData: otherEarthData };
});
after(async () => {
  otherEarthData?.stop();
  await otherPool?.close();
  await svc.close();
  rmSync(otherDir, { recursive: true, force: true });
});

type Deps = ConstructorParameters<typeof EphemerisBatchRunner>[0];

/** A runner whose items each wait `before(index)` first (to hold an instance in a slice while the other claims). */
function runner(deps: Deps, owner: string, options: BatchRunnerOptions = {}, before?: (index: number) => Promise<void>): EphemerisBatchRunner {
  const r = new EphemerisBatchRunner(deps, { owner, sliceItems: 3, concurrency: 1, pollMs: 20, slicePollMs: 20, progressEveryMs: 0, ...options });
  if (before) {
    const internals = r as unknown as { item: (organizationId: string, index: number, ...rest: unknown[]) => Promise<unknown> };
    const item = internals.item.bind(r);
    internals.item = async (organizationId: string, index: number, ...rest: unknown[]) => {
      await before(index);
      return await item(organizationId, index, ...rest);
    };
  }
  return r;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function view(id: string): Promise<any> {
  return await (await svc.request('GET', `/operations/ephemerides/batch/${id}`, { key })).json();
}

async function waitFor(id: string, statuses: string[], timeoutMs = 120_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await view(id);
    if (statuses.includes(v.status)) return v;
    assert.ok(Date.now() < until, `batch ${id} still ${v.status}: ${JSON.stringify(v)}`);
    await sleep(25);
  }
}

async function zipOf(productId: string): Promise<Record<string, Uint8Array>> {
  const download = await svc.request('GET', `/operations/products/${productId}/content`, { key });
  assert.equal(download.status, 200);
  return unzipSync(new Uint8Array(await download.arrayBuffer()));
}

async function count(sql: string, args: Array<string | number>): Promise<number> {
  return Number((await svc.db.execute({ sql, args })).rows[0]!.n);
}

const strip = (bytes: Uint8Array) => strFromU8(bytes).replace(/^CREATION_DATE.*$/m, '');

describe('one batch on two instances', () => {
  let items: Array<Record<string, unknown>>;

  before(async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-050A' });
    const sv = await createStateVector(svc, key, ssoState(sc));
    items = Array.from({ length: 12 }, (_, i) => (i === 5
      ? { stateVectorId: 'SV-999999' }
      : i % 3 === 1 ? { spacecraftId: sc, referenceFrame: 'ITRF' } : { stateVectorId: sv.id, timeBetweenPoints: 300 + 60 * i }));
  });

  test('both instances run slices, none twice; the ZIP is complete and its entries are those of a one-runner run', async () => {
    // the one-runner run of the same items
    const solo = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items }));
    assert.equal(await runner(svc, 'instance-solo').drain(), 1);
    const soloDone = await waitFor(solo.id, ['SUCCEEDED']);
    const soloZip = await zipOf(soloDone.productId);

    const shared = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items }));
    // 40 ms per item: a slice lasts long enough for the other instance to claim the next one
    const slow = () => sleep(40);
    const a = runner(svc, 'instance-A', {}, slow);
    const b = runner(other, 'instance-B', {}, slow);
    a.start();
    b.start();
    let done: any;
    try {
      done = await waitFor(shared.id, ['SUCCEEDED', 'FAILED', 'CANCELLED']);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.itemsDone, 12);
    assert.equal(done.itemsFailed, 1);
    assert.deepEqual(done.failures.map((f: any) => [f.index, f.error]), [[5, 'NOT_FOUND']]);

    const slices = await listBatchSlices(svc.db, shared.id);
    assert.equal(slices.length, 4);
    for (const slice of slices) {
      assert.equal(slice.status, 'SUCCEEDED');
      assert.equal(slice.attemptOwners.length, 1, `slice ${slice.index} ran once: ${JSON.stringify(slice.attemptOwners)}`);
      assert.equal(slice.ranBy, slice.attemptOwners[0]);
    }
    assert.deepEqual(new Set(slices.map((s) => s.ranBy)), new Set(['instance-A', 'instance-B']), 'both instances ran slices');
    assert.equal(await count('SELECT COUNT(*) AS n FROM ephemeris_batch_entries WHERE batch_id = ?', [shared.id]), 0, 'the stored entries are deleted');
    assert.equal(await count("SELECT COUNT(*) AS n FROM products WHERE batch_id = ?", [shared.id]), 1);

    const zip = await zipOf(done.productId);
    assert.deepEqual(Object.keys(zip), Object.keys(soloZip), 'the same entries in the same (request) order');
    assert.equal(Object.keys(zip).length, 12);
    for (const name of Object.keys(zip)) {
      if (name === 'manifest.csv') assert.deepEqual(zip[name], soloZip[name], 'the manifest, byte for byte');
      else assert.equal(strip(zip[name]!), strip(soloZip[name]!), name);
    }
    const manifest = strFromU8(zip['manifest.csv']!).trim().split('\n');
    assert.equal(manifest.length, 13);
    assert.match(manifest[6]!, /^5,SV-999999,,FAILED,,NOT_FOUND,/);
  });

  test('a slice whose runner lost its lease is taken over and completed once; the late runner stores nothing', async () => {
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: items.slice(0, 6) }));
    let lateStarted!: () => void;
    const lateInSlice = new Promise<void>((resolve) => (lateStarted = resolve));
    let aWaited = false;
    // A (the coordinator) holds its first item until the late runner is inside the other slice
    // (no slice lane on A: the other slice is the late runner's to claim)
    const a = runner(svc, 'instance-A2', { sliceLanes: 0 }, async () => {
      if (aWaited) return;
      aWaited = true;
      await Promise.race([lateInSlice, sleep(30_000)]);
    });
    a.start();
    for (let i = 0; i < 400 && (await listBatchSlices(svc.db, batch.id)).length === 0; i++) await sleep(10);
    // The late runner's clock is 10 minutes behind: the lease it takes has run out for every other runner at once (as
    // a runner stalled past its lease). Its first item waits until its slice has been taken over, then it goes on.
    let lateWaited = false;
    const late = runner(other, 'instance-late', { clock: () => Date.now() - 600_000 }, async () => {
      if (lateWaited) return;
      lateWaited = true;
      lateStarted();
      for (let i = 0; i < 3000; i++) {
        const held = await svc.db.execute({ sql: `SELECT lease_owner FROM ephemeris_batch_slices WHERE batch_id = ? AND slice_index = 1`, args: [batch.id] });
        if (!String(held.rows[0]?.lease_owner ?? '').startsWith('instance-late#')) return;
        await sleep(10);
      }
    });
    const lateOutcomes: unknown[] = [];
    let lateHolder = '';
    const lateInternals = late as unknown as { runSlice: (...args: unknown[]) => Promise<unknown> };
    const runSlice = lateInternals.runSlice.bind(late);
    lateInternals.runSlice = async (...args: unknown[]) => {
      lateHolder = (args[0] as ClaimedSlice).holder;
      const outcome = await runSlice(...args);
      lateOutcomes.push(outcome);
      return outcome;
    };
    late.start();
    let done: any;
    try {
      done = await waitFor(batch.id, ['SUCCEEDED', 'FAILED', 'CANCELLED']);
      // the late runner reaches the end of its slice and finds its lease gone
      for (let i = 0; i < 1000 && lateOutcomes.length === 0; i++) await sleep(10);
    } finally {
      await Promise.all([a.stop(), late.stop()]);
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.deepEqual(lateOutcomes, ['lease-lost'], 'the late runner found its lease gone and stopped');
    assert.equal(done.itemsDone, 6);
    assert.equal(done.itemsFailed, 1);
    const slices = await listBatchSlices(svc.db, batch.id);
    assert.deepEqual(slices.map((s) => [s.index, s.status, s.ranBy]), [[0, 'SUCCEEDED', 'instance-A2'], [1, 'SUCCEEDED', 'instance-A2']]);
    assert.deepEqual(slices[1]!.attemptOwners, ['instance-late', 'instance-A2'], 'taken over from the late runner');
    assert.equal(slices[1]!.attempts, 2);
    // a completion by the late runner now stores nothing
    assert.ok(lateHolder.startsWith('instance-late#'), lateHolder);
    assert.equal(await completeBatchSlice(svc.db, { id: slices[1]!.id, batchId: batch.id }, lateHolder, [
      { index: 3, ok: false, stateVectorId: '', spacecraftId: '', error: 'LATE', message: 'from the late runner' },
    ], { done: 3, failed: 3 }, Date.now()), false);
    assert.equal(await count('SELECT COUNT(*) AS n FROM ephemeris_batch_entries WHERE batch_id = ?', [batch.id]), 0);
    assert.deepEqual((await view(batch.id)).failures.map((f: any) => [f.index, f.error]), [[5, 'NOT_FOUND']]);
    const zip = await zipOf(done.productId);
    assert.deepEqual(Object.keys(zip).filter((n) => n.endsWith('.oem')).map((n) => n.slice(0, 5)), ['00000', '00001', '00002', '00003', '00004'], 'each item once');
  });

  test('two loops of ONE instance: a claim whose lease ran out and the claim that took it over; only the second stores, the ZIP is complete', async () => {
    // The race a cut link showed: a loop's renewal came late, the other loop of the same instance (same owner) took the
    // slice over — its claim removed what the first had stored — and the first loop, its writes checked against the
    // instance's owner, completed the slice without those entries ("item 0 has no stored outcome" at assembly). The
    // runner's clock jumps two minutes while the first claim's third item runs: its lease (60 s, not yet renewed) has
    // run out for the other loop (idle, polling every 20 ms), which takes the slice over (and holds it for 60 s of the
    // new clock); its first two items wait 100 ms each, so that the first claim goes on (and, were its writes checked
    // against the owner, completes) meanwhile.
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: items.slice(0, 3) }));
    let calls = 0;
    let clockOffsetMs = 0;
    const hold = async () => {
      calls++;
      if (calls === 4 || calls === 5) return await sleep(100);
      if (calls !== 3) return;
      clockOffsetMs = 120_000;
      for (let i = 0; i < 1000; i++) {
        if ((await count('SELECT MAX(attempts) AS n FROM ephemeris_batch_slices WHERE batch_id = ?', [batch.id])) >= 2) return;
        await sleep(10);
      }
    };
    const outcomes: unknown[] = [];
    const r = runner(svc, 'instance-S', { sliceLanes: 1, concurrency: 2, leaseMs: 60_000, clock: () => Date.now() + clockOffsetMs }, hold);
    const internals = r as unknown as { runSlice: (...args: unknown[]) => Promise<unknown> };
    const runSlice = internals.runSlice.bind(r);
    internals.runSlice = async (...args: unknown[]) => {
      const outcome = await runSlice(...args);
      outcomes.push(outcome);
      return outcome;
    };
    r.start();
    let done: any;
    try {
      done = await waitFor(batch.id, ['SUCCEEDED', 'FAILED', 'CANCELLED'], 30_000);
      for (let i = 0; i < 1000 && outcomes.length < 2; i++) await sleep(10);
    } finally {
      await r.stop();
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.deepEqual([...outcomes].sort(), ['done', 'lease-lost'], 'the first claim found its lease taken and stored nothing more');
    const [slice] = await listBatchSlices(svc.db, batch.id);
    assert.equal(slice!.attempts, 2);
    assert.deepEqual(slice!.attemptOwners, ['instance-S', 'instance-S']);
    assert.equal(slice!.ranBy, 'instance-S');
    assert.equal(done.itemsDone, 3);
    const zip = await zipOf(done.productId);
    assert.deepEqual(Object.keys(zip).filter((n) => n.endsWith('.oem')).map((n) => n.slice(0, 5)), ['00000', '00001', '00002'], 'each item once');
  });

  test('a cancel stops the slices of both instances; nothing stored is left', async () => {
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: [...items, ...items, ...items] }));
    const slow = () => sleep(60);
    const a = runner(svc, 'instance-A3', {}, slow);
    const b = runner(other, 'instance-B3', {}, slow);
    a.start();
    b.start();
    let cancelled: any;
    try {
      for (let i = 0; i < 2000 && (await view(batch.id)).itemsDone < 3; i++) await sleep(10);
      const response = await svc.request('DELETE', `/operations/ephemerides/batch/${batch.id}`, { key });
      assert.equal(response.status, 200);
      cancelled = await waitFor(batch.id, ['CANCELLED', 'SUCCEEDED', 'FAILED'], 10_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    assert.equal(cancelled.status, 'CANCELLED', JSON.stringify(cancelled));
    assert.equal(cancelled.productId, null);
    assert.equal(await count('SELECT COUNT(*) AS n FROM ephemeris_batch_entries WHERE batch_id = ?', [batch.id]), 0);
    assert.equal(await count('SELECT COUNT(*) AS n FROM products WHERE batch_id = ?', [batch.id]), 0);
    assert.equal(await count(`SELECT COUNT(*) AS n FROM ephemeris_batch_slices WHERE batch_id = ? AND status IN ('QUEUED', 'RUNNING')`, [batch.id]), 0);
  });

  test('a batch that ended while its runner was gone: the next runner sweeps its stored entries and unfinished slices', async () => {
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: items.slice(0, 4) }));
    const claimed = (await claimNextBatch(svc.db, 'instance-gone', 60_000, new Date()))!;
    assert.equal(claimed.id, batch.id);
    await ensureBatchSlices(svc.db, claimed, claimed.itemsNdjson.split('\n'), [{ firstItem: 0, itemCount: 2 }, { firstItem: 2, itemCount: 2 }], 3);
    const slice = (await claimNextBatchSlice(svc.db, 'instance-gone', 60_000, new Date(), batch.id))!;
    assert.equal(await storeSliceEntries(svc.db, slice, slice.holder, [
      { index: 0, ok: true, name: 'x.oem', stateVectorId: 'SV-1', spacecraftId: 'x', crc: 0, sizeBytes: 3, data: new Uint8Array([1, 2, 3]), spanStart: SPAN.initialDate, spanEnd: SPAN.finalDate },
    ], { done: 1, failed: 0 }, new Date().toISOString()), true);
    assert.equal(await storeSliceEntries(svc.db, slice, 'someone-else', [], { done: 1, failed: 0 }, new Date().toISOString()), false, 'only the lease holder writes');
    assert.equal(await failBatch(svc.db, batch.id, 'instance-gone', 'gave up', false, { baseMs: 0, maxMs: 0 }, Date.now()), true);
    assert.equal(await count('SELECT COUNT(*) AS n FROM ephemeris_batch_entries WHERE batch_id = ?', [batch.id]), 1);
    assert.equal(await runner(svc, 'instance-sweeper').drain(), 0);
    assert.equal(await count('SELECT COUNT(*) AS n FROM ephemeris_batch_entries WHERE batch_id = ?', [batch.id]), 0);
    assert.deepEqual((await listBatchSlices(svc.db, batch.id)).map((s) => s.status), ['CANCELLED', 'CANCELLED']);
  });
});
