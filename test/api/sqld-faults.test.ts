/**
 * Faults on a libSQL server: three Apsis instances A, B and C on one sqld primary, each on a host of
 * its own (a network namespace per host where the test runs as root; all on loopback otherwise, said in the name),
 * run a 20 MB TDM upload, a 300-item batch OEM and a screening together while one thing fails:
 *  1. sqld is killed (SIGKILL) while all three jobs are under way, and started again 3 s later;
 *  2. instance A, which holds all three jobs, is killed (B and C are held with SIGSTOP until A has claimed them and
 *     the jobs are under way, then let go with SIGCONT: a gate, not a race with the jobs' speed);
 *  3. the link between A, holding all three jobs, and the database host is cut (packets dropped, no reset) for
 *     longer than a lease, then restored.
 * After each: every job finished exactly once (SUCCEEDED, its attempts counted), the tracking measurements stored
 * exactly once (the file's count), no staged batch or staged row left, the batch's ZIP holds its 300 OEMs once each
 * and is the one product of the batch (no WRITING product, every chunk of it present), the screening's chunks all
 * done and its approaches exactly the fault-free run's; after a kill or a cut, the jobs A held were taken over by B
 * or C within the lease (JOB_LEASE_MS 5 s) plus one poll.
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
type Instance = 'A' | 'B' | 'C';
const skip = sqldSkipReason();
const netSkip = netHostsSkipReason();
const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const LEASE_MS = 5_000;
/** The leased runners' idle poll (api/jobs/leasedJobRunner.ts) and the screening poll set below. */
const POLL_MS = 2_000;
/** Records of the TDM: one RANGE and one AZEL pair each, about 20 MB. */
const TDM_RECORDS = 160_000;
const BATCH_ITEMS = 300;

describe(`faults on a sqld primary under three instances (${netSkip ? `all on loopback: ${netSkip}` : 'a network namespace per host'})`, { skip: skip ?? false, timeout: 1_500_000 }, () => {
  let dir: string;
  let net: NetHosts | null = null;
  let sqld: SqldServer;
  const instances: Record<Instance, ServerProcess | null> = { A: null, B: null, C: null };
  const addressOf: Record<Instance, string> = { A: '127.0.0.1', B: '127.0.0.1', C: '127.0.0.1' };
  /** Every process started, for the logs (APSIS_TEST_DUMP_LOGS). */
  const started: Array<{ name: Instance; server: ServerProcess }> = [];
  let db: Db;
  let key: string;
  let tdmParticipant: string;
  let screeningBody: Json;
  let batchItems: Json[];
  let referenceApproaches: Json[];
  let tdmStart = Date.parse('2026-10-01T00:00:00Z');

  const call = async (on: Instance, method: string, path: string, init: { json?: unknown; body?: BodyInit } = {}): Promise<{ status: number; body: Json; bytes: Uint8Array }> => {
    const response = await fetch(`http://${addressOf[on]}:${instances[on]!.port}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      signal: AbortSignal.timeout(120_000),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') && bytes.length > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : {}, bytes };
  };
  const count = async (sql: string, args: Array<string | number> = []) => Number((await db.execute({ sql, args })).rows[0]!.n);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function startInstance(name: Instance): Promise<void> {
    const host = net?.hosts[name];
    instances[name] = await startServerProcess('node', {
      DATABASE_URL: sqld.wsUrl, APSIS_DATA_DIR: join(dir, `earth-data-${name}`), APSIS_DATA_CHECK_INTERVAL_S: '0', WORKERS: '1',
      INSTANCE_NAME: name, JOB_LEASE_MS: String(LEASE_MS), SCREENING_POLL_MS: String(POLL_MS),
    }, 120_000, host?.namespace);
    started.push({ name, server: instances[name]! });
    if (host) addressOf[name] = host.address;
  }
  /** Holds (SIGSTOP) or lets go (SIGCONT) an instance's whole process group: it claims nothing while held. */
  function hold(names: Instance[], held: boolean): void {
    for (const name of names) instances[name]!.signal(held ? 'SIGSTOP' : 'SIGCONT');
  }
  async function killInstance(name: Instance): Promise<void> {
    const exited = instances[name]!.exited();
    instances[name]!.signal('SIGKILL');
    await exited;
    instances[name] = null;
  }

  async function waitForEnd(on: Instance, path: string): Promise<Json> {
    let view: Json = {};
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      const got = await call(on, 'GET', path).catch(() => null);
      if (got?.status === 200) {
        view = got.body;
        if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status)) return view;
      }
      await sleep(250);
    }
    assert.fail(`${path} did not end: ${JSON.stringify(view).slice(0, 500)}`);
  }
  async function approachesOf(on: Instance, id: string): Promise<Json[]> {
    const all: Json[] = [];
    for (let page = 0; ; page++) {
      const got = await call(on, 'GET', `/operations/conjunctions/screenings/${id}/approaches?size=1000&page=${page}&sort=seq,asc`);
      assert.equal(got.status, 200, JSON.stringify(got.body));
      all.push(...got.body.content);
      if (got.body.last) return all;
    }
  }
  const comparable = (a: Json) => ({ ...a, screeningId: undefined, conjunctionEventId: undefined, cdmId: undefined });

  interface Jobs {
    tdmFile: string;
    tdmJobId: string;
    batchId: string;
    screeningId: string;
  }

  /** Submits the three jobs through `via`: a TDM of its own span (so it is no duplicate), the batch, the screening. */
  async function submitJobs(via: Instance, scenario: string): Promise<Jobs> {
    const start = new Date(tdmStart).toISOString().slice(0, 19);
    tdmStart += (TDM_RECORDS + 10) * 1000;
    const tdmFile = `faults-${scenario}.tdm`;
    const tdm = makeTdm({ participants: ['DSS-65', tdmParticipant], start, count: TDM_RECORDS });
    assert.ok(tdm.length > 19_000_000, `${(tdm.length / 1e6).toFixed(1)} MB`);
    const upload = await call(via, 'POST', '/operations/measurements', { body: filesForm([{ name: tdmFile, content: tdm }]) });
    assert.equal(upload.status, 202, JSON.stringify(upload.body).slice(0, 500));
    const batch = await call(via, 'POST', '/operations/ephemerides/batch', { json: { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-03-09T06:30:00Z', timeBetweenPoints: 60, items: batchItems } });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const screening = await call(via, 'POST', '/operations/conjunctions/screenings', { json: screeningBody });
    assert.equal(screening.status, 202, JSON.stringify(screening.body));
    return { tdmFile, tdmJobId: upload.body.results[0].jobId, batchId: batch.body.id, screeningId: screening.body.id };
  }

  /** Waits until each job is under way: the upload staging rows, the batch past its first items, a chunk done. */
  async function waitUnderWay(jobs: Jobs): Promise<void> {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const staging = await count('SELECT COUNT(*) AS n FROM staged_writes WHERE owner_key = ?', [jobs.tdmJobId]);
      const itemsDone = await count('SELECT items_done AS n FROM ephemeris_batches WHERE id = ?', [jobs.batchId]);
      const chunksDone = await count("SELECT COUNT(*) AS n FROM screening_chunks WHERE screening_id = ? AND status = 'SUCCEEDED'", [jobs.screeningId]);
      const chunksLeft = await count("SELECT COUNT(*) AS n FROM screening_chunks WHERE screening_id = ? AND status <> 'SUCCEEDED'", [jobs.screeningId]);
      if (staging > 0 && itemsDone > 0 && chunksDone > 0) {
        assert.ok(itemsDone < BATCH_ITEMS && chunksLeft > 0, `still under way when the fault comes: ${itemsDone} items, ${chunksLeft} chunks left`);
        return;
      }
      assert.ok(Date.now() < deadline, `the jobs never got under way: staging ${staging}, items ${itemsDone}, chunks ${chunksDone}`);
      await sleep(50);
    }
  }

  /** The leases `owner` holds now: the upload, the batch, the screening chunks (by the owner's instance name). */
  async function leasesHeldBy(name: Instance, jobs: Jobs): Promise<{ upload: boolean; batch: boolean; chunks: number }> {
    return {
      upload: (await count("SELECT COUNT(*) AS n FROM measurement_jobs WHERE id = ? AND status = 'RUNNING' AND lease_owner = ?", [jobs.tdmJobId, `uploads@${name}`])) === 1,
      batch: (await count("SELECT COUNT(*) AS n FROM ephemeris_batches WHERE id = ? AND status = 'RUNNING' AND lease_owner = ?", [jobs.batchId, `batches@${name}`])) === 1,
      // a chunk's lease is its claim's: the instance's name and a suffix (storage/sql/leasedJobs.ts claimHolder)
      chunks: await count("SELECT COUNT(*) AS n FROM screening_chunks WHERE screening_id = ? AND status = 'RUNNING' AND lease_owner LIKE ? || '#%'", [jobs.screeningId, name]),
    };
  }

  /**
   * From the moment A lost its jobs (killed, or cut off): the upload and the batch are claimed again by B or C
   * (claimed_from RUNNING: a takeover) within the lease and one poll, with a margin for the claim itself. Returns the
   * takeover times (ms).
   */
  async function waitTakeover(jobs: Jobs, lostAt: number): Promise<{ uploadMs: number; batchMs: number }> {
    const bound = LEASE_MS + POLL_MS + 3_000;
    const taken: { uploadMs?: number; batchMs?: number } = {};
    while (taken.uploadMs === undefined || taken.batchMs === undefined) {
      const elapsed = Date.now() - lostAt;
      if (taken.uploadMs === undefined) {
        const row = (await db.execute({ sql: 'SELECT status, lease_owner, claimed_from FROM measurement_jobs WHERE id = ?', args: [jobs.tdmJobId] })).rows[0]!;
        if (row.status !== 'RUNNING' || (row.claimed_from === 'RUNNING' && row.lease_owner !== 'uploads@A')) taken.uploadMs = elapsed;
      }
      if (taken.batchMs === undefined) {
        const row = (await db.execute({ sql: 'SELECT status, lease_owner, claimed_from FROM ephemeris_batches WHERE id = ?', args: [jobs.batchId] })).rows[0]!;
        if (row.status !== 'RUNNING' || (row.claimed_from === 'RUNNING' && row.lease_owner !== 'batches@A')) taken.batchMs = elapsed;
      }
      assert.ok(elapsed < bound, `taken over within ${bound} ms: ${JSON.stringify(taken)}`);
      await sleep(100);
    }
    return taken as { uploadMs: number; batchMs: number };
  }

  /** Every check of "nothing lost, nothing twice" after a fault, read through `via` and the database. */
  async function checkJobs(via: Instance, jobs: Jobs, options: { takenOver: boolean }): Promise<void> {
    const job = await waitForEnd(via, `/operations/measurements/jobs/${jobs.tdmJobId}`);
    assert.equal(job.status, 'SUCCEEDED', JSON.stringify(job).slice(0, 500));
    assert.equal(job.measurementCount, 2 * TDM_RECORDS, 'a RANGE and an AZEL pair per record');
    const stored = await count("SELECT COUNT(*) AS n FROM measurements WHERE source_file = ? AND batch_id NOT IN (SELECT id FROM staged_writes)", [jobs.tdmFile]);
    assert.equal(stored, job.measurementCount, 'each measurement once');
    // a dead attempt's staged rows are invisible at once and removed by the sweeper (every 15 s)
    for (const sweptBy = Date.now() + 45_000; ; await sleep(500)) {
      const left = await count('SELECT COUNT(*) AS n FROM staged_writes WHERE owner_key = ?', [jobs.tdmJobId]);
      const rows = await count('SELECT COUNT(*) AS n FROM measurements WHERE source_file = ?', [jobs.tdmFile]);
      if (left === 0 && rows === stored) break;
      assert.ok(Date.now() < sweptBy, `a dead attempt's staging was never removed: ${left} staged batches, ${rows - stored} rows`);
    }
    const uploadRow = (await db.execute({ sql: 'SELECT attempts, claimed_from FROM measurement_jobs WHERE id = ?', args: [jobs.tdmJobId] })).rows[0]!;
    if (options.takenOver) assert.equal(uploadRow.claimed_from, 'RUNNING', 'the upload was taken over');

    const batch = await waitForEnd(via, `/operations/ephemerides/batch/${jobs.batchId}`);
    assert.equal(batch.status, 'SUCCEEDED', JSON.stringify(batch).slice(0, 500));
    assert.equal(batch.itemsDone, BATCH_ITEMS);
    assert.equal(batch.itemsFailed, 0);
    const products = (await db.execute({ sql: 'SELECT id, status, chunk_count, size_bytes FROM products WHERE batch_id = ?', args: [jobs.batchId] })).rows;
    assert.deepEqual(products.map((p) => [p.id, p.status]), [[batch.productId, 'READY']], 'one product, complete: no partial file of a dead attempt');
    assert.equal(await count('SELECT COUNT(*) AS n FROM product_chunks WHERE product_id = ?', [batch.productId]), Number(products[0]!.chunk_count), 'every chunk of the file');
    const download = await call(via, 'GET', `/operations/products/${batch.productId}/content`);
    assert.equal(download.status, 200);
    assert.equal(download.bytes.length, Number(products[0]!.size_bytes));
    const zip = unzipSync(download.bytes);
    const oems = Object.keys(zip).filter((name) => name.endsWith('.oem'));
    assert.equal(oems.length, BATCH_ITEMS, 'each item once');
    for (const name of oems) {
      const text = strFromU8(zip[name]!);
      assert.match(text, /^CCSDS_OEM_VERS/, name);
      assert.equal(text.split('\n').filter((line) => /^\d{4}-\d\d-\d\dT/.test(line)).length, 1441, `${name}: one day at 60 s, whole`);
    }
    if (options.takenOver) {
      const row = (await db.execute({ sql: 'SELECT claimed_from FROM ephemeris_batches WHERE id = ?', args: [jobs.batchId] })).rows[0]!;
      assert.equal(row.claimed_from, 'RUNNING', 'the batch was taken over');
    }

    const screening = await waitForEnd(via, `/operations/conjunctions/screenings/${jobs.screeningId}`);
    assert.equal(screening.status, 'SUCCEEDED', JSON.stringify(screening).slice(0, 500));
    for (const chunk of screening.chunks as Json[]) {
      assert.equal(chunk.status, 'SUCCEEDED', JSON.stringify(chunk));
      assert.equal(chunk.attemptOwners.at(-1), chunk.ranBy, `chunk ${chunk.index}: its last attempt is the one that ran it`);
    }
    const approaches = await approachesOf(via, jobs.screeningId);
    assert.equal(new Set(approaches.map((a) => a.seq)).size, approaches.length, 'no approach twice');
    assert.equal(await count('SELECT COUNT(*) AS n FROM screening_approaches WHERE screening_id = ?', [jobs.screeningId]), approaches.length, 'no orphan approach rows');
    assert.deepEqual(approaches.map(comparable), referenceApproaches.map(comparable), 'the fault-free approaches');
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-sqld-faults-'));
    if (!netSkip) net = makeNetHosts(['db', 'A', 'B', 'C']);
    const dbHost = net?.hosts.db;
    sqld = await startSqld({ dataDir: join(dir, 'sqld'), host: dbHost?.address, namespace: dbHost?.namespace });
    await Promise.all((['A', 'B', 'C'] as const).map(startInstance));
    db = await openDatabase({ url: sqld.wsUrl });
    key = (await mintKey(db, { organization: 'sqld-faults' })).secret;
    const primaries: string[] = [];
    for (const [name, state] of [['SF-53', PRIMARY_STATE], ['SF-SSO', circularState(7078.137, 98.2)]] as const) {
      const craft = await call('A', 'POST', '/operations/spacecraft', { json: { name, ...DEFAULT_PHYSICS, forceModel: J2_ONLY } });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      const sv = await call('A', 'POST', '/operations/state-vectors', { json: { spacecraftId: craft.body.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 1000, ...state } });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      primaries.push(craft.body.id);
    }
    tdmParticipant = 'SF-53';
    const uploaded = await call('A', 'POST', '/operations/catalog', { body: filesForm([{ name: 'catalog.3le', content: threeLineFile(smallCatalog(3000, 17)) }]) });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body).slice(0, 400));
    screeningBody = {
      primaries: primaries.map((spacecraftId) => ({ spacecraftId })), secondaries: 'CATALOG', start: EPOCH, durationDays: 1,
      volume: { shape: 'SPHERE', radiusKm: 50 }, pcThreshold: 1, secondariesPerChunk: 100,
    };
    // the batch: 20 spacecraft × 15 items (frames × time systems), one day at 60 s each
    batchItems = [];
    for (let c = 0; c < 20; c++) {
      const craft = await call('B', 'POST', '/operations/spacecraft', { json: { name: `SF-BATCH-${c}`, ...DEFAULT_PHYSICS, forceModel: J2_ONLY } });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      const sv = await call('B', 'POST', '/operations/state-vectors', { json: { spacecraftId: craft.body.id, epoch: SSO_EPOCH, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, referenceFrame: 'GCRF', mass: 1000 } });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      for (const referenceFrame of ['GCRF', 'EME2000', 'ITRF']) {
        for (const timeSystem of ['UTC', 'TT', 'TAI', 'GPS', 'TDB']) batchItems.push({ stateVectorId: sv.body.id, referenceFrame, timeSystem });
      }
    }
    assert.equal(batchItems.length, BATCH_ITEMS);
    // the fault-free screening the others must equal
    const reference = await call('C', 'POST', '/operations/conjunctions/screenings', { json: screeningBody });
    assert.equal(reference.status, 202, JSON.stringify(reference.body));
    const referenceView = await waitForEnd('C', `/operations/conjunctions/screenings/${reference.body.id}`);
    assert.equal(referenceView.status, 'SUCCEEDED', JSON.stringify(referenceView).slice(0, 500));
    referenceApproaches = await approachesOf('C', reference.body.id);
    assert.ok(referenceApproaches.length > 0, 'the catalog gives approaches to compare');
  });

  after(async () => {
    if (process.env.APSIS_TEST_DUMP_LOGS) {
      for (const { name, server } of started) console.error(`--- instance ${name} (pid ${server.child.pid})\n${server.output().split('\n').filter((l) => /"level":"(error|warn)"/.test(l) && !/Earth data older/.test(l)).slice(-30).join('\n')}`);
      console.error(`--- sqld\n${sqld?.output().slice(-4000)}`);
    }
    for (const server of Object.values(instances)) {
      if (!server) continue;
      server.signal('SIGCONT'); // one a failed test left held
      await stopServerProcess(server);
    }
    await db?.close();
    await sqld?.stop().catch(() => undefined);
    net?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('sqld killed (SIGKILL) under a 20 MB upload, a 300-item batch and a screening, started again after 3 s: each finished once, nothing lost or twice', async () => {
    const jobs = await submitJobs('A', 'sqld-kill');
    await waitUnderWay(jobs);
    await sqld.kill();
    await sleep(3_000);
    await sqld.restart();
    await checkJobs('B', jobs, { takenOver: false });
    for (const name of ['A', 'B', 'C'] as const) assert.equal((await call(name, 'GET', '/health')).status, 200, `${name} is back`);
  });

  test('the instance holding all three jobs killed (SIGKILL): B or C took each over within the lease, each finished once, nothing lost or twice', async () => {
    hold(['B', 'C'], true);
    const jobs = await submitJobs('A', 'instance-kill');
    await waitUnderWay(jobs);
    hold(['B', 'C'], false);
    const held = await leasesHeldBy('A', jobs);
    assert.ok(held.upload && held.batch, `A holds the upload and the batch when it is killed: ${JSON.stringify(held)}`);
    const killedAt = Date.now();
    await killInstance('A');
    const taken = await waitTakeover(jobs, killedAt);
    await checkJobs('B', jobs, { takenOver: true });
    await startInstance('A');
    console.log(`# takeover after a kill: upload ${taken.uploadMs} ms, batch ${taken.batchMs} ms (lease ${LEASE_MS} ms)`);
  });

  test('the link between the instance holding all three jobs and the database cut for longer than a lease: B or C took each over, A committed nothing stale, each finished once', { skip: netSkip ?? false }, async () => {
    hold(['B', 'C'], true);
    const jobs = await submitJobs('A', 'link-cut');
    await waitUnderWay(jobs);
    hold(['B', 'C'], false);
    const held = await leasesHeldBy('A', jobs);
    assert.ok(held.upload && held.batch, `A holds the upload and the batch when its link is cut: ${JSON.stringify(held)}`);
    const cutAt = Date.now();
    net!.cut(net!.hosts.A!);
    try {
      const taken = await waitTakeover(jobs, cutAt);
      console.log(`# takeover after a cut: upload ${taken.uploadMs} ms, batch ${taken.batchMs} ms (lease ${LEASE_MS} ms)`);
      // A stays cut off a while longer: whatever it was doing cannot commit once its lease is gone
      await sleep(LEASE_MS);
    } finally {
      net!.restore(net!.hosts.A!);
    }
    await checkJobs('B', jobs, { takenOver: true });
    // A serves again once its link is back (its dead connection replaced)
    const deadline = Date.now() + 30_000;
    for (;;) {
      const health = await call('A', 'GET', '/health').catch(() => null);
      if (health?.status === 200) break;
      assert.ok(Date.now() < deadline, 'A serves again after the link is restored');
      await sleep(250);
    }
  });
});
