/**
 * Batch OEM generation: a batch with failing items succeeds with per-item errors and a ZIP of the others (read back
 * with fflate and our OEM reader, each OEM identical to the single-request one); request validation; cancel; a
 * 1,000-item batch keeps its memory bounded (in-flight items, buffered ZIP bytes, process RSS).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { parseOem } from '../../engine/files/oem/oemReader.ts';
import { createBatch } from '../../api/services/products/ephemerisBatch.ts';
import { EphemerisBatchRunner } from '../../api/jobs/ephemerisBatchRunner.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, ssoState } from './stateVectors.helpers.ts';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const SPAN = { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600 };

let svc: TestService;
let key: string;
let organizationId: string;

before(async () => {
  svc = await createTestService({ workers: 2 });
  await svc.batchRunner.stop(); // each test drives a runner of its own
  const minted = await svc.key({ organization: 'batch-org' });
  key = minted.secret;
  organizationId = minted.organizationId;
});
after(async () => {
  await svc.close();
});

function runner(options: ConstructorParameters<typeof EphemerisBatchRunner>[1] = {}): EphemerisBatchRunner {
  return new EphemerisBatchRunner(svc, { owner: `batch-test-${Math.random()}`, ...options });
}

async function post(json: unknown): Promise<{ status: number; body: any; response: Response }> {
  const response = await svc.request('POST', '/operations/ephemerides/batch', { key, json });
  return { status: response.status, body: await response.json(), response };
}

describe('a batch with failing items', () => {
  test('per-item errors do not fail the batch; the ZIP holds the other OEMs and a manifest of every item', async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-042A' });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const noState = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
    // A state 97 days before the span: beyond the propagation gap limit (60 days).
    const farCraft = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-043A' });
    const farState = await createStateVector(svc, key, { ...ssoState(farCraft), epoch: '2022-12-01T00:00:00Z' });
    const items = [
      { stateVectorId: sv.id },
      { stateVectorId: 'SV-999999' },
      { spacecraftId: noState },
      { stateVectorId: sv.id, includeCovariance: true },
      { spacecraftId: sc, referenceFrame: 'ITRF', timeSystem: 'TT' },
      { stateVectorId: farState.id },
    ];
    const { status, body, response } = await post({ ...SPAN, items });
    assert.equal(status, 202, JSON.stringify(body));
    assert.equal(response.headers.get('location'), `/operations/ephemerides/batch/${body.id}`);
    assert.equal(body.status, 'QUEUED');
    assert.equal(body.itemCount, 6);

    assert.equal(await runner().drain(), 1);
    const done = (await (await svc.request('GET', `/operations/ephemerides/batch/${body.id}`, { key })).json()) as any;
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.itemsDone, 6);
    assert.equal(done.itemsFailed, 4);
    assert.deepEqual(done.failures.map((f: any) => [f.index, f.error]), [
      [1, 'NOT_FOUND'], [2, 'NO_ELIGIBLE_STATE'], [3, 'COVARIANCE_UNAVAILABLE'], [5, 'PROPAGATION_SPAN_TOO_LONG'],
    ]);
    assert.ok(done.productId);

    const meta = (await (await svc.request('GET', `/operations/products/${done.productId}`, { key })).json()) as any;
    assert.equal(meta.kind, 'OEM_BATCH');
    assert.equal(meta.batchId, body.id);
    assert.equal(meta.mediaType, 'application/zip');
    assert.deepEqual(meta.summary.spacecraftIds, [sc]);
    assert.ok(meta.expiresAt > meta.createdAt);
    const download = await svc.request('GET', `/operations/products/${done.productId}/content`, { key });
    assert.equal(download.status, 200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(zip).sort();
    assert.deepEqual(names, [`00000_2023-042A_${sv.id}.oem`, `00004_2023-042A_${sv.id}.oem`, 'manifest.csv']);
    const manifest = strFromU8(zip['manifest.csv']!).trim().split('\n');
    assert.equal(manifest.length, 7);
    assert.match(manifest[2]!, /^1,SV-999999,,FAILED,,NOT_FOUND,/);
    assert.match(manifest[5]!, new RegExp(`^4,${sv.id},${sc},OK,00004_`));

    // Each OEM is the one a single request gives (same state, span, options), apart from its creation date.
    const single = await svc.request('POST', `/operations/state-vectors/${sv.id}/generate-oem`, { key, json: SPAN });
    const singleText = await single.text();
    const strip = (text: string) => text.replace(/^CREATION_DATE.*$/m, '');
    assert.equal(strip(strFromU8(zip[`00000_2023-042A_${sv.id}.oem`]!)), strip(singleText));
    const itrf = parseOem(strFromU8(zip[`00004_2023-042A_${sv.id}.oem`]!)).segments[0]!;
    assert.equal(itrf.metadata.refFrame, 'ITRF');
    assert.equal(itrf.metadata.timeSystem, 'TT');
    assert.equal(itrf.states.length, 7);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['both ids', { ...SPAN, items: [{ stateVectorId: 'SV-1', spacecraftId: 'x' }] }, 'items.0.stateVectorId'],
    ['neither id', { ...SPAN, items: [{}] }, 'items.0.stateVectorId'],
    ['not a state vector id', { ...SPAN, items: [{ stateVectorId: '12' }] }, 'items.0.stateVectorId'],
    ['no dates anywhere', { items: [{ stateVectorId: 'SV-1' }] }, 'items.0.initialDate'],
    ['span over 30 days on one item', { ...SPAN, items: [{ stateVectorId: 'SV-1' }, { stateVectorId: 'SV-2', finalDate: '2023-05-01T00:00:00Z' }] }, 'items.1.finalDate'],
    ['bad frame', { ...SPAN, items: [{ stateVectorId: 'SV-1', referenceFrame: 'J2000' }] }, 'items.0.referenceFrame'],
    ['no items', { ...SPAN, items: [] }, 'items'],
    ['10,001 items', { ...SPAN, items: Array.from({ length: 10_001 }, () => ({ stateVectorId: 'SV-1' })) }, 'items'],
    ['over the point budget', { initialDate: '2023-03-01T00:00:00Z', finalDate: '2023-03-31T00:00:00Z', items: Array.from({ length: 500 }, () => ({ stateVectorId: 'SV-1' })) }, 'items'],
  ];
  for (const [label, body, field] of cases) {
    test(`${label} → 400 naming ${field}`, async () => {
      const { status, body: envelope } = await post(body);
      assert.equal(status, 400, JSON.stringify(envelope).slice(0, 300));
      assert.ok(field in envelope.fieldErrors, `${field} in ${JSON.stringify(envelope.fieldErrors).slice(0, 300)}`);
    });
  }
});

test('malformed JSON → 400 naming the body; another media type → 415', async () => {
  const malformed = await svc.request('POST', '/operations/ephemerides/batch', { key, body: '{"items": [', headers: { 'Content-Type': 'application/json' } });
  assert.equal(malformed.status, 400);
  assert.match(((await malformed.json()) as any).fieldErrors.body, /Malformed JSON/);
  const text = await svc.request('POST', '/operations/ephemerides/batch', { key, body: '{}', headers: { 'Content-Type': 'text/plain' } });
  assert.equal(text.status, 415);
});

test('cancel: a queued batch is CANCELLED at once and never runs; an unknown or foreign batch is 404', async () => {
  const { body } = await post({ ...SPAN, items: [{ stateVectorId: 'SV-1' }] });
  const cancelled = await svc.request('DELETE', `/operations/ephemerides/batch/${body.id}`, { key });
  assert.equal(cancelled.status, 200);
  assert.equal(((await cancelled.json()) as any).status, 'CANCELLED');
  assert.equal(await runner().drain(), 0);
  const other = (await svc.key({ organization: 'batch-other' })).secret;
  assert.equal((await svc.request('GET', `/operations/ephemerides/batch/${body.id}`, { key: other })).status, 404);
  assert.equal((await svc.request('DELETE', `/operations/ephemerides/batch/${body.id}`, { key: other })).status, 404);
});

test('1,000 items: at most `concurrency` OEMs in flight, the ZIP buffered below one piece plus those, RSS flat', async () => {
  const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-043B' });
  const sv = await createStateVector(svc, key, ssoState(sc));
  const itemCount = 1000;
  const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: Array.from({ length: itemCount }, () => ({ stateVectorId: sv.id })) }));
  const pieceBytes = 64 * 1024;
  const concurrency = 4;
  const r = runner({ pieceBytes, concurrency });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  try {
    assert.equal(await r.drain(), 1);
  } finally {
    clearInterval(sampler);
  }
  const stats = r.lastRunStats!;
  const finished = (await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json()) as any;
  assert.equal(finished.status, 'SUCCEEDED');
  assert.equal(finished.itemsFailed, 0);
  assert.equal(stats.items, itemCount);
  assert.ok(stats.maxInFlight <= concurrency, `in flight ≤ ${concurrency}: ${stats.maxInFlight}`);
  // One OEM entry here is ~1.5 kB deflated: the buffer never holds more than a piece plus the entries of one wake-up.
  assert.ok(stats.maxBufferedBytes < pieceBytes + concurrency * 8 * 1024, `buffered ${stats.maxBufferedBytes} B`);
  assert.ok(stats.zipBytes > 10 * pieceBytes, `the ZIP (${stats.zipBytes} B) is many pieces: it was streamed, not held`);
  const pieces = await svc.db.execute({ sql: 'SELECT COUNT(*) AS n, MAX(length(data)) AS largest FROM product_chunks WHERE product_id = ?', args: [finished.productId] });
  assert.equal(Number(pieces.rows[0]!.n), Math.ceil(stats.zipBytes / pieceBytes));
  assert.equal(Number(pieces.rows[0]!.largest), pieceBytes);
  const zip = unzipSync(new Uint8Array(await (await svc.request('GET', `/operations/products/${finished.productId}/content`, { key })).arrayBuffer()));
  assert.equal(Object.keys(zip).length, itemCount + 1);
  const growthMiB = (rssPeak - rssBefore) / 2 ** 20;
  assert.ok(growthMiB < 150, `RSS growth ${growthMiB.toFixed(1)} MiB`);
});

describe('restarts', () => {
  test('stop() puts a running batch back in the queue at once (no partial ZIP left); the next runner does it all', async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: Array.from({ length: 300 }, () => ({ stateVectorId: sv.id })) }));
    const first = runner({ progressEveryMs: 0 });
    first.start();
    const read = async () => (await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json()) as any;
    for (let i = 0; i < 400 && (await read()).itemsDone === 0; i++) await new Promise((r) => setTimeout(r, 25));
    await first.stop();
    const interrupted = await read();
    assert.equal(interrupted.status, 'QUEUED', JSON.stringify(interrupted));
    assert.match(interrupted.error, /interrupted/);
    const writing = await svc.db.execute({ sql: `SELECT COUNT(*) AS n FROM products WHERE batch_id = ?`, args: [batch.id] });
    assert.equal(Number(writing.rows[0]!.n), 0);
    assert.equal(await runner().drain(), 1);
    const finished = await read();
    assert.equal(finished.status, 'SUCCEEDED');
    assert.equal(finished.attempts, 2);
    assert.equal(finished.itemsDone, 300);
    assert.equal(finished.itemsFailed, 0);
  });

  test('stop() between two items (none in flight) also puts the batch back: never a partial ZIP published as SUCCEEDED', async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: Array.from({ length: 5 }, () => ({ stateVectorId: sv.id })) }));
    // One item at a time, and the stop requested once the first item has ended and the runner has looked for a stop:
    // while it records its progress (it reads its clock first). When it looks again, nothing is in flight and four
    // items are not started — the order of events a shutdown met at random before (it then published the partial ZIP).
    let firstItemDone = false;
    let internals: { item: (...args: unknown[]) => Promise<unknown>; interrupted: boolean } | undefined;
    const first = runner({
      progressEveryMs: 0,
      concurrency: 1,
      clock: () => {
        if (firstItemDone && internals) internals.interrupted = true;
        return Date.now();
      },
    });
    internals = first as unknown as { item: (...args: unknown[]) => Promise<unknown>; interrupted: boolean };
    const item = internals.item.bind(first);
    internals.item = async (...args: unknown[]) => {
      const outcome = await item(...args);
      firstItemDone = true;
      return outcome;
    };
    assert.equal(await first.drain(), 1);
    const interrupted = (await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json()) as any;
    assert.equal(interrupted.status, 'QUEUED', JSON.stringify(interrupted));
    assert.match(interrupted.error, /interrupted/);
    const products = await svc.db.execute({ sql: 'SELECT COUNT(*) AS n FROM products WHERE batch_id = ?', args: [batch.id] });
    assert.equal(Number(products.rows[0]!.n), 0, 'no product of the interrupted attempt');
    assert.equal(await runner().drain(), 1);
    const finished = (await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json()) as any;
    assert.equal(finished.status, 'SUCCEEDED');
    assert.equal(finished.itemsDone, 5);
  });

  test('a batch whose runner died is taken over when its lease expires; the dead attempt’s partial ZIP is removed', async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const batch = await createBatch(svc, organizationId, JSON.stringify({ ...SPAN, items: [{ stateVectorId: sv.id }, { stateVectorId: sv.id }] }));
    const { claimNextBatch, recordBatchProgress } = await import('../../storage/ephemerisBatches.ts');
    const { insertChunkStatement, insertProductStatement } = await import('../../storage/products.ts');
    const t0 = Date.now();
    assert.equal((await claimNextBatch(svc.db, 'dead', 1_000, new Date(t0)))?.id, batch.id);
    await recordBatchProgress(svc.db, batch.id, 'dead', 1, 1, [{ index: 1, error: 'X', message: 'from the dead attempt' }], new Date(t0).toISOString());
    await svc.db.execute(insertProductStatement({
      id: 'partial', organizationId, kind: 'OEM_BATCH', status: 'WRITING', spacecraftId: null, taskId: null, taskRunId: null, batchId: batch.id,
      fileName: 'x.zip', mediaType: 'application/zip', spanStart: null, spanEnd: null, contentSha256: null, sizeBytes: null, storedBytes: null,
      encoding: 'identity', chunkBytes: 4, chunkCount: null, summary: {}, createdAt: new Date(t0).toISOString(), expiresAt: null,
    }));
    await svc.db.execute(insertChunkStatement('partial', 0, new Uint8Array([1, 2, 3, 4])));
    assert.equal(await runner({ clock: () => t0 + 500 }).drain(), 0, 'lease still held');
    assert.equal(await runner({ clock: () => t0 + 1_001 }).drain(), 1);
    const finished = (await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json()) as any;
    assert.equal(finished.status, 'SUCCEEDED');
    assert.equal(finished.attempts, 2);
    assert.equal(finished.itemsFailed, 0, 'the dead attempt’s failures are cleared');
    assert.deepEqual(finished.failures, []);
    const left = await svc.db.execute({ sql: `SELECT COUNT(*) AS n FROM product_chunks WHERE product_id = 'partial'`, args: [] });
    assert.equal(Number(left.rows[0]!.n), 0);
    assert.equal((await svc.db.execute({ sql: `SELECT COUNT(*) AS n FROM products WHERE id = 'partial'`, args: [] })).rows[0]!.n, 0);
  });
});
