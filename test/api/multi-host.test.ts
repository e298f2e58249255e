/**
 * One job over several hosts: a sqld primary, a sqld read replica, and three Apsis instances — A and B on the primary,
 * C on the replica (DATABASE_REPLICA=true) — each on a host of its own (a network namespace, where the test runs as
 * root; all on loopback otherwise, said in the test's name). Together they run one screening, one 300-item batch OEM
 * and one tracking upload of about 20 MB:
 *  - the screening first runs on A alone, then on all three: every instance ran chunks of it, no chunk ran twice,
 *    and the approaches are the one-instance approaches, number for number;
 *  - the batch's ZIP holds each of its 300 items once, each OEM as a single request makes it (but for its creation
 *    date); the upload's measurements are stored once each;
 *  - a client writing through C (the replica's instance) reads each of its writes at once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { startSqld, type SqldServer } from '../../scripts/sqld.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { sqldSkipReason } from '../helpers/database.ts';
import { makeNetHosts, netHostsSkipReason, type NetHosts } from '../helpers/netHosts.ts';
import { filesForm, mintKey } from '../helpers/service.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { circularState, EPOCH, PRIMARY_STATE, smallCatalog, threeLineFile } from './screenings.helpers.ts';
import { DEFAULT_PHYSICS, SSO_EPOCH, SSO_POSITION_KM, SSO_VELOCITY_KM_S } from './stateVectors.helpers.ts';

type Json = Record<string, any>;
const skip = sqldSkipReason();
const netSkip = netHostsSkipReason();
const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };

describe(`one job over three instances on a sqld primary and replica (${netSkip ? `all on loopback: ${netSkip}` : 'a network namespace per host'})`, { skip: skip ?? false, timeout: 900_000 }, () => {
  let dir: string;
  let net: NetHosts | null = null;
  let primary: SqldServer;
  let replica: SqldServer;
  const instances: Record<'A' | 'B' | 'C', ServerProcess | null> = { A: null, B: null, C: null };
  const addressOf: Record<'A' | 'B' | 'C', string> = { A: '127.0.0.1', B: '127.0.0.1', C: '127.0.0.1' };
  let db: Db;
  let key: string;
  let screeningBody: Json;

  const call = async (on: 'A' | 'B' | 'C', method: string, path: string, init: { json?: unknown; body?: BodyInit } = {}): Promise<{ status: number; body: Json; bytes: Uint8Array }> => {
    const response = await fetch(`http://${addressOf[on]}:${instances[on]!.port}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') && bytes.length > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : {}, bytes };
  };
  const waitForEnd = async (on: 'A' | 'B' | 'C', path: string): Promise<Json> => {
    let view: Json = {};
    for (let i = 0; i < 1200; i++) {
      view = (await call(on, 'GET', path)).body;
      if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status)) return view;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.fail(`${path} did not end: ${JSON.stringify(view).slice(0, 500)}`);
  };
  const approachesOf = async (on: 'A' | 'B' | 'C', id: string): Promise<Json[]> => {
    const all: Json[] = [];
    for (let page = 0; ; page++) {
      const got = (await call(on, 'GET', `/operations/conjunctions/screenings/${id}/approaches?size=1000&page=${page}&sort=seq,asc`)).body;
      all.push(...got.content);
      if (got.last) return all;
    }
  };

  async function startInstance(name: 'A' | 'B' | 'C', databaseUrl: string, extra: Record<string, string> = {}): Promise<void> {
    const host = net?.hosts[name];
    instances[name] = await startServerProcess('node', {
      DATABASE_URL: databaseUrl, APSIS_DATA_DIR: join(dir, `earth-data-${name}`), APSIS_DATA_CHECK_INTERVAL_S: '0', WORKERS: '1', SCREENING_POLL_MS: '200', ...extra,
    }, 120_000, host?.namespace);
    if (host) addressOf[name] = host.address;
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-multi-host-'));
    if (!netSkip) net = makeNetHosts(['db', 'A', 'B', 'C']);
    const dbHost = net?.hosts.db;
    primary = await startSqld({ dataDir: join(dir, 'primary'), host: dbHost?.address, namespace: dbHost?.namespace });
    // the replica next to C, on C's host
    replica = await startSqld({ dataDir: join(dir, 'replica'), replicaOf: primary.grpcUrl!, host: net?.hosts.C.address, namespace: net?.hosts.C.namespace });
    await startInstance('A', primary.wsUrl);
    db = await openDatabase({ url: primary.wsUrl });
    key = (await mintKey(db, { organization: 'multi-host' })).secret;
    // two screening primaries and a catalog of 3,000 objects (uploaded as a 3LE file)
    const primaries: string[] = [];
    for (const [name, state] of [['MH-53', PRIMARY_STATE], ['MH-SSO', circularState(7078.137, 98.2)]] as const) {
      const craft = await call('A', 'POST', '/operations/spacecraft', { json: { name, ...DEFAULT_PHYSICS, forceModel: J2_ONLY } });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      const sv = await call('A', 'POST', '/operations/state-vectors', { json: { spacecraftId: craft.body.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000, ...state } });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      primaries.push(craft.body.id);
    }
    const uploaded = await call('A', 'POST', '/operations/catalog', { body: filesForm([{ name: 'catalog.3le', content: threeLineFile(smallCatalog(3000, 11)) }]) });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body).slice(0, 400));
    screeningBody = {
      primaries: primaries.map((spacecraftId) => ({ spacecraftId })), secondaries: 'CATALOG', start: EPOCH, durationDays: 1,
      volume: { shape: 'SPHERE', radiusKm: 50 }, pcThreshold: 1, secondariesPerChunk: 200,
    };
  });

  after(async () => {
    if (process.env.APSIS_TEST_DUMP_LOGS) {
      for (const [name, server] of Object.entries(instances)) if (server) console.error(`--- instance ${name}\n${server.output().split('\n').filter((l) => /"level":"(error|warn)"/.test(l)).slice(-40).join('\n')}`);
      console.error(`--- sqld primary\n${primary?.output().slice(-4000)}\n--- sqld replica\n${replica?.output().slice(-4000)}`);
    }
    for (const server of Object.values(instances)) if (server) await stopServerProcess(server);
    await db?.close();
    await replica?.stop().catch(() => undefined);
    await primary?.stop().catch(() => undefined);
    net?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a screening, a 300-item batch OEM and a 20 MB upload shared by three instances: each did work, nothing twice, the one-instance results', async () => {
    const alone = await call('A', 'POST', '/operations/conjunctions/screenings', { json: screeningBody });
    assert.equal(alone.status, 202, JSON.stringify(alone.body));
    const aloneView = await waitForEnd('A', `/operations/conjunctions/screenings/${alone.body.id}`);
    assert.equal(aloneView.status, 'SUCCEEDED', JSON.stringify(aloneView).slice(0, 500));
    const aloneApproaches = await approachesOf('A', alone.body.id);
    assert.ok(aloneApproaches.length > 0, 'the catalog gives approaches to compare');

    await startInstance('B', primary.wsUrl);
    await startInstance('C', replica.wsUrl, { DATABASE_REPLICA: 'true' });

    // the batch: 20 spacecraft × 15 items (frames, time systems, steps)
    const items: Json[] = [];
    for (let c = 0; c < 20; c++) {
      const craft = await call('B', 'POST', '/operations/spacecraft', { json: { name: `MH-BATCH-${c}`, ...DEFAULT_PHYSICS, forceModel: J2_ONLY } });
      const sv = await call('B', 'POST', '/operations/state-vectors', { json: { spacecraftId: craft.body.id, epoch: SSO_EPOCH, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, referenceFrame: 'GCRF', mass: 1000 } });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      for (const referenceFrame of ['GCRF', 'EME2000', 'ITRF']) {
        for (const timeSystem of ['UTC', 'TT', 'TAI', 'GPS', 'TDB']) items.push({ stateVectorId: sv.body.id, referenceFrame, timeSystem });
      }
    }
    const tdm = makeTdm({ participants: ['DSS-65', 'MH-53'], start: '2026-10-01T00:00:00', count: 160_000 });
    assert.ok(tdm.length > 19_000_000, `${(tdm.length / 1e6).toFixed(1)} MB`);

    const [screening, batch, upload] = await Promise.all([
      call('C', 'POST', '/operations/conjunctions/screenings', { json: screeningBody }),
      call('B', 'POST', '/operations/ephemerides/batch', { json: { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-08T08:30:00Z', timeBetweenPoints: 120, items } }),
      call('A', 'POST', '/operations/measurements', { body: filesForm([{ name: 'multi-host.tdm', content: tdm }]) }),
    ]);
    assert.equal(screening.status, 202, JSON.stringify(screening.body));
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    assert.equal(upload.status, 202, JSON.stringify(upload.body).slice(0, 500));

    const shared = await waitForEnd('C', `/operations/conjunctions/screenings/${screening.body.id}`);
    assert.equal(shared.status, 'SUCCEEDED', JSON.stringify(shared).slice(0, 500));
    const owners = new Set<string>();
    for (const chunk of shared.chunks as Json[]) {
      assert.equal(chunk.attempts, 1, `chunk ${chunk.index} ran once: ${JSON.stringify(chunk)}`);
      assert.deepEqual(chunk.attemptOwners, [chunk.ranBy]);
      owners.add(chunk.ranBy);
    }
    assert.equal(owners.size, 3, `every instance ran chunks: ${[...owners].join(', ')}`);
    const sharedApproaches = await approachesOf('C', screening.body.id);
    const comparable = (a: Json) => ({ ...a, screeningId: undefined, conjunctionEventId: undefined, cdmId: undefined });
    assert.deepEqual(sharedApproaches.map(comparable), aloneApproaches.map(comparable), 'the one-instance approaches');

    const batchView = await waitForEnd('B', `/operations/ephemerides/batch/${batch.body.id}`);
    assert.equal(batchView.status, 'SUCCEEDED', JSON.stringify(batchView).slice(0, 500));
    assert.equal(batchView.itemsDone, 300);
    assert.equal(batchView.itemsFailed, 0);
    const zip = unzipSync((await call('A', 'GET', `/operations/products/${batchView.productId}/content`)).bytes);
    const oems = Object.keys(zip).filter((name) => name.endsWith('.oem'));
    assert.equal(oems.length, 300, 'each item once');
    // an item's OEM is what a single request makes (but for its creation date)
    const single = await call('C', 'POST', `/operations/state-vectors/${items[7]!.stateVectorId}/generate-oem`, { json: {
      initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-08T08:30:00Z', timeBetweenPoints: 120, referenceFrame: items[7]!.referenceFrame, timeSystem: items[7]!.timeSystem,
    } });
    assert.equal(single.status, 200, new TextDecoder().decode(single.bytes).slice(0, 300));
    const undated = (text: string) => text.replace(/^CREATION_DATE\s*=.*$/m, '');
    assert.ok(oems.some((name) => undated(strFromU8(zip[name]!)) === undated(new TextDecoder().decode(single.bytes))), 'item 7 in the ZIP as a single request makes it');

    const job = await waitForEnd('A', `/operations/measurements/jobs/${upload.body.results[0].jobId}`);
    assert.equal(job.status, 'SUCCEEDED', JSON.stringify(job).slice(0, 500));
    const stored = Number((await db.execute({ sql: "SELECT COUNT(*) AS n FROM measurements WHERE source_file = 'multi-host.tdm' AND batch_id NOT IN (SELECT id FROM staged_writes)", args: [] })).rows[0]!.n);
    assert.equal(stored, job.measurementCount, 'each measurement once');
  });

  test('a client writing through the replica’s instance reads each of its writes at once', async () => {
    if (!instances.C) await startInstance('C', replica.wsUrl, { DATABASE_REPLICA: 'true' });
    for (let i = 0; i < 20; i++) {
      const created = await call('C', 'POST', '/operations/spacecraft', { json: { name: `MH-REPLICA-${i}` } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const read = await call('C', 'GET', `/operations/spacecraft/${created.body.id}`);
      assert.equal(read.status, 200, `spacecraft ${i} read back at once`);
      const renamed = await call('C', 'PATCH', `/operations/spacecraft/${created.body.id}`, { json: { name: `MH-REPLICA-${i}-renamed` } });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const listed = await call('C', 'GET', `/operations/spacecraft?name=MH-REPLICA-${i}-renamed`);
      assert.equal(listed.body.totalElements, 1, `rename ${i} listed at once`);
    }
  });
});
