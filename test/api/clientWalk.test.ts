/**
 * The generated client (clients/typescript) walked through EVERY operation of the OpenAPI document, over a socket,
 * as one realistic operator session: register a spacecraft with thrusters and payloads, set up the ground stations,
 * upload tracking data (TDM with a preview, SP3, an OEM), look at measurements and jobs, compute residuals, run an
 * orbit determination, accept it, generate OEMs and a TLE, plan maneuvers (capabilities, OCM export/import), schedule
 * a task and download its product, run a batch OEM and read its ZIP, then clean up and archive the craft.
 *
 * Every response goes through a client middleware that checks it against the served document (status documented,
 * media type, JSON body valid against its schema, required headers: test/helpers/openapiContract.ts) and records the
 * (method, path template) it answered. The last test lists every operation of the document that the walk did not
 * call and fails when there is one: a new route fails it until the walk calls it.
 *
 * It runs twice: against the Node server of a test service (whose job runners the walk may pause, to cancel a job that is
 * certainly still queued) and against `deno task start` in its own process (there a cancel may find the job already
 * finished: both documented answers, 200 CANCELLED and 409 JOB_NOT_CANCELLABLE, are accepted).
 *
 * The client is created with the generator's default settings (clients/typescript/schema.d.ts); `generate-oem` is
 * called with the two dates only, as a type-checked call (`npx tsc --noEmit` checks this file).
 */
import assert, { AssertionError } from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { unzipSync, strFromU8 } from 'fflate';
import { createApsisClient, inspectFile, uploadFiles, type ApsisClient } from '../../clients/typescript/index.ts';
import { OpenApiContract } from '../helpers/openapiContract.ts';
import { createTestService } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type Runtime } from '../helpers/serverProcess.ts';
import { cdmVariant } from './conjunctions.helpers.ts';
import { CROSSER_STATE, EPOCH as SCREENING_EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';
import { loadTruth, NOISE, readFixture, SCENARIO_FILES } from '../helpers/odScenario.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SP3_LAGEOS = fileURLToPath(new URL('../fixtures/ccsds/sp3/issue895-clock-record.sp3', import.meta.url));
/** The tracking span of the OD reference scenario (test/fixtures/od): one day. */
const SPAN = { startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z' };

/** The result of a client call: `data` for a 2xx, `error` otherwise, and the response. */
interface CallResult<D, E> {
  data?: D;
  error?: E;
  response: Response;
}

/** Awaits a call that must answer `status`; returns its data. */
async function expect<D, E>(call: Promise<CallResult<D, E>>, status: number): Promise<D> {
  const { data, error, response } = await call;
  assert.equal(response.status, status, `${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as D;
}

/** Awaits a call that must fail with `status` and the error token `token`; returns the error envelope. */
async function refused<D, E>(call: Promise<CallResult<D, E>>, status: number, token: string): Promise<E> {
  const { error, response } = await call;
  assert.equal(response.status, status, `${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  assert.equal((error as { error?: string }).error, token, JSON.stringify(error));
  return error as E;
}

const etagOf = (response: Response): string => {
  const etag = response.headers.get('etag');
  assert.ok(etag, `${response.url} carries an ETag`);
  return etag;
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    assert.ok(Date.now() < deadline, `${what}: still not done after ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the walk needs of a running service: its URL, a key, and (in-process only) a way to hold a job queue still. */
interface WalkTarget {
  baseUrl: string;
  secret: string;
  /** Runs `during` with the upload or batch runner stopped; null where the runners live in another process. */
  paused: null | ((runner: 'uploads' | 'batches' | 'screenings' | 'avoidance', during: () => Promise<void>) => Promise<void>);
  close(): Promise<void>;
}

async function walkTarget(runtime: Runtime): Promise<WalkTarget> {
  if (runtime === 'deno') {
    const wire = await startWireService('deno', { WORKERS: '2' });
    const { secret } = await wire.key({ organization: 'walk' });
    return { baseUrl: wire.baseUrl, secret, paused: null, close: () => wire.close() };
  }
  const svc = await createTestService({ workers: 2 });
  const { secret } = await svc.key({ organization: 'walk' });
  return {
    baseUrl: svc.baseUrl,
    secret,
    async paused(runner, during) {
      const which = runner === 'uploads' ? svc.jobRunner : runner === 'batches' ? svc.batchRunner : runner === 'avoidance' ? svc.avoidanceRunner : svc.screeningRunner;
      await which.stop();
      try {
        await during();
      } finally {
        which.start();
      }
    },
    close: () => svc.close(),
  };
}

for (const runtime of RUNTIMES) describe(`generated TypeScript client (${runtime}): one operator session through every operation of the OpenAPI document`, { timeout: 600_000 }, () => {
  let svc: WalkTarget;
  let apsis: ApsisClient;
  let contract: OpenApiContract;
  /** `METHOD /template` of every documented operation the walk called, with the statuses seen. */
  const called = new Map<string, Set<number>>();

  // What the session creates and later uses.
  const truth = loadTruth();
  let craftId = '';
  let craftEtag = '';
  let mainThrusterId = '';
  let stationIds: string[] = [];
  let aprioriId = '';
  let odId = '';
  let acceptedId = '';
  let currentStateId = '';
  let oemText = '';
  let rangeCount = 0;

  before(async () => {
    svc = await walkTarget(runtime);
    const secret = svc.secret;
    // The document the service serves, fetched like any client would.
    const served = await fetch(`${svc.baseUrl}/openapi.json`);
    assert.equal(served.status, 200);
    contract = new OpenApiContract((await served.json()) as Record<string, unknown>);

    apsis = createApsisClient({ baseUrl: svc.baseUrl, apiKey: secret, headers: { 'X-Correlation-Id': 'client-walk' } });
    apsis.use({
      async onResponse({ request, response, schemaPath }) {
        const path = new URL(request.url).pathname;
        const operation = contract.operationFor(request.method, path);
        if (!operation) throw new AssertionError({ message: `${request.method} ${path} is not an operation of the document` });
        assert.equal(operation.template, schemaPath, `${request.method} ${path} reached the operation the client named`);
        const key = `${request.method} ${operation.template}`;
        if (!called.has(key)) called.set(key, new Set());
        called.get(key)!.add(response.status);
        const problems = contract.check(request.method, path, response, await response.clone().text());
        if (problems.length > 0) throw new AssertionError({ message: `The response contradicts the OpenAPI document:\n${problems.join('\n')}` });
        return undefined;
      },
    });
  });
  after(async () => svc?.close());

  test('health, the documents and the interactive docs', async () => {
    const health = await expect(apsis.GET('/health'), 200);
    assert.equal(health.status, 'UP');
    assert.equal((await expect(apsis.GET('/livez'), 200)).status, 'UP');
    assert.equal((await expect(apsis.GET('/readyz'), 200)).status, 'READY');
    // the key holds every permission, read:metrics with them; the answer is text (parseAs), checked by its first family
    const scraped = await apsis.GET('/metrics', { parseAs: 'text' });
    assert.equal(scraped.response.status, 200);
    assert.match(scraped.data as string, /^# HELP /m);
    // Not operations of the document (no client call): what a person or a generator fetches first.
    for (const [path, type] of [['/openapi.json', 'application/json'], ['/openapi/maneuvers.json', 'application/json'], ['/docs', 'text/html']] as const) {
      const res = await fetch(`${svc.baseUrl}${path}`);
      assert.equal(res.status, 200, path);
      assert.ok(res.headers.get('content-type')?.startsWith(type), `${path}: ${res.headers.get('content-type')}`);
      await res.arrayBuffer();
    }
  });

  test('spacecraft: register, find, read, change (If-Match)', async () => {
    const p = truth.spacecraft_properties;
    const created = await apsis.POST('/operations/spacecraft', {
      body: {
        // The tracking files (test/fixtures/od) name the craft ODREF-V1: its external key here.
        name: 'WALK-SAT-1', noradId: 99001, cosparId: '2023-042A', externalKey: 'ODREF-V1',
        launchMass: p.mass_kg, dryMass: p.mass_kg - 50, dragArea: p.area_m2, srpArea: p.area_m2,
        dragCoefficient: p.cd, reflectivityCoefficient: p.cr,
        panels: [{ name: 'wing +Y', lengthM: 2, widthM: 1, mountAxisPreset: 'PLUS_Y', rotationDeg: 90 }],
      },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    craftId = created.data!.id;
    assert.equal(created.response.headers.get('location'), `/operations/spacecraft/${craftId}`);

    const page = await expect(apsis.GET('/operations/spacecraft', { params: { query: { name: 'walk-sat-1', includeArchived: true, page: 0, size: 10, sort: 'name,asc' } } }), 200);
    assert.deepEqual(page.content.map((c) => c.id), [craftId]);

    const read = await apsis.GET('/operations/spacecraft/{id}', { params: { path: { id: craftId } } });
    assert.equal(read.response.status, 200);
    assert.equal(read.data!.forceModel.atmosphere, 'HARRIS_PRIESTER');
    const patched = await apsis.PATCH('/operations/spacecraft/{id}', {
      params: { path: { id: craftId }, header: { 'If-Match': etagOf(read.response) } },
      body: { color: '#FF8800' },
    });
    assert.equal(patched.response.status, 200, JSON.stringify(patched.error));
    assert.equal(patched.data!.color, '#FF8800');
    craftEtag = etagOf(patched.response);
    // The old tag no longer matches: nothing written.
    await refused(apsis.PATCH('/operations/spacecraft/{id}', { params: { path: { id: craftId }, header: { 'If-Match': etagOf(read.response) } }, body: { color: '#000000' } }), 412, 'PRECONDITION_FAILED');
  });

  test('thrusters and payloads: create, list, read, replace, delete', async () => {
    const thrusters = '/operations/spacecraft/{spacecraftId}/thrusters' as const;
    const main = await expect(apsis.POST(thrusters, { params: { path: { spacecraftId: craftId } }, body: { name: 'Main', thrustN: 1, ispS: 220, direction: { x: 0, y: 1, z: 0 } } }), 201);
    mainThrusterId = main.id;
    const spare = await expect(apsis.POST(thrusters, { params: { path: { spacecraftId: craftId } }, body: { name: 'Spare', thrustN: 0.5, ispS: 210, direction: { x: 0, y: 0, z: 2 } } }), 201);
    assert.deepEqual(spare.direction, { x: 0, y: 0, z: 1 }, 'the direction is normalized');
    const list = await expect(apsis.GET(thrusters, { params: { path: { spacecraftId: craftId }, query: { sort: 'name,asc', size: 50 } } }), 200);
    assert.deepEqual(list.content.map((t) => t.name), ['Main', 'Spare']);
    const one = await apsis.GET(`${thrusters}/{thrusterId}`, { params: { path: { spacecraftId: craftId, thrusterId: spare.id } } });
    assert.equal(one.response.status, 200);
    const replaced = await expect(apsis.PUT(`${thrusters}/{thrusterId}`, {
      params: { path: { spacecraftId: craftId, thrusterId: spare.id }, header: { 'If-Match': etagOf(one.response) } },
      body: { name: 'Spare', thrustN: 0.5, ispS: 215, direction: { x: 0, y: 0, z: 1 }, enabled: false },
    }), 200);
    assert.equal(replaced.enabled, false);
    await expect(apsis.DELETE(`${thrusters}/{thrusterId}`, { params: { path: { spacecraftId: craftId, thrusterId: spare.id } } }), 204);

    const payloads = '/operations/spacecraft/{spacecraftId}/payloads' as const;
    const camera = await expect(apsis.POST(payloads, { params: { path: { spacecraftId: craftId } }, body: { name: 'Imager', type: 'CAMERA', massKg: 12, powerW: 40, boresight: { x: 0, y: 0, z: -1 }, fieldOfViewDeg: 5 } }), 201);
    const radar = await expect(apsis.POST(payloads, { params: { path: { spacecraftId: craftId } }, body: { name: 'Altimeter', type: 'RADAR' } }), 201);
    assert.equal(radar.slotIndex, camera.slotIndex + 1);
    const payloadPage = await expect(apsis.GET(payloads, { params: { path: { spacecraftId: craftId } } }), 200);
    assert.equal(payloadPage.totalElements, 2);
    const read = await apsis.GET(`${payloads}/{payloadId}`, { params: { path: { spacecraftId: craftId, payloadId: camera.id } } });
    assert.equal(read.response.status, 200);
    const updated = await expect(apsis.PUT(`${payloads}/{payloadId}`, {
      params: { path: { spacecraftId: craftId, payloadId: camera.id }, header: { 'If-Match': etagOf(read.response) } },
      body: { name: 'Imager', type: 'CAMERA', massKg: 12, powerW: 45 },
    }), 200);
    assert.equal(updated.powerW, 45);
    await expect(apsis.DELETE(`${payloads}/{payloadId}`, { params: { path: { spacecraftId: craftId, payloadId: radar.id } } }), 204);
  });

  test('ground stations: the three tracking stations, a spare one changed and removed', async () => {
    const file = JSON.parse(readFixture('stations.json')) as { min_elevation_deg: number; stations: Array<{ name: string; lat_deg: number; lon_deg: number; alt_m: number }> };
    stationIds = [];
    for (const s of file.stations) {
      const station = await expect(apsis.POST('/operations/ground-stations', {
        body: {
          name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: file.min_elevation_deg,
          sigma: { rangeM: NOISE.rangeKm * 1000, rangeRateMS: NOISE.rangeRateKmS * 1000, angleDeg: NOISE.angleDeg },
        },
      }), 201);
      stationIds.push(station.id);
    }
    const enabled = await expect(apsis.GET('/operations/ground-stations', { params: { query: { enabled: true, sort: 'name,asc' } } }), 200);
    assert.deepEqual(enabled.content.map((s) => s.id).sort(), [...stationIds].sort());

    const spare = await expect(apsis.POST('/operations/ground-stations', { body: { name: 'WALK-SPARE', aliases: ['SPARE'], itrfPositionM: [4_075_000, 931_000, 4_801_000] } }), 201);
    const byAlias = await expect(apsis.GET('/operations/ground-stations', { params: { query: { name: 'spare' } } }), 200);
    assert.deepEqual(byAlias.content.map((s) => s.id), [spare.id]);
    const read = await apsis.GET('/operations/ground-stations/{id}', { params: { path: { id: spare.id } } });
    assert.equal(read.response.status, 200);
    const patched = await expect(apsis.PATCH('/operations/ground-stations/{id}', {
      params: { path: { id: spare.id }, header: { 'If-Match': etagOf(read.response) } },
      body: { name: 'WALK-SPARE-2', aliases: ['SPARE-2'], elevationMaskDeg: 5, bias: { rangeM: -1.2 }, enabled: false },
    }), 200);
    assert.deepEqual([patched.name, patched.aliases], ['WALK-SPARE-2', ['SPARE-2']]);
    assert.equal(patched.elevationMaskDeg, 5);
    assert.equal(patched.enabled, false);
    await expect(apsis.DELETE('/operations/ground-stations/{id}', { params: { path: { id: spare.id }, query: { force: false } } }), 204);
    await refused(apsis.GET('/operations/ground-stations/{id}', { params: { path: { id: spare.id } } }), 404, 'STATION_NOT_FOUND');
  });

  test('tracking data: preview then upload a TDM, upload the second, an SP3 of a laser target; jobs; a queued job cancelled', async () => {
    const [rangeFile, rangeRateFile] = SCENARIO_FILES.V1.map((name) => ({ name, content: readFixture(name) })) as [{ name: string; content: string }, { name: string; content: string }];
    const preview = await expect(apsis.POST('/operations/measurements/inspect', { ...inspectFile(rangeFile) }), 200);
    assert.equal(preview.valid, true);
    assert.equal(preview.format, 'TDM');
    const first = await apsis.POST('/operations/measurements', {
      params: { header: { 'X-Content-Hash': preview.contentHash } },
      ...uploadFiles([rangeFile]),
    });
    assert.equal(first.response.status, 202, JSON.stringify(first.error));
    const second = await expect(apsis.POST('/operations/measurements', { params: { query: { allowDuplicate: false } }, ...uploadFiles([rangeRateFile]) }), 202);
    const jobIds = [first.data!.results[0]!.jobId!, second.results[0]!.jobId!];

    // LAGEOS-1's SLR orbit (one P/V record, SP3-c): a craft found by its external key L51.
    await expect(apsis.POST('/operations/spacecraft', { body: { name: 'LAGEOS-1', externalKey: 'L51', cosparId: '1976-039A' } }), 201);
    const sp3 = await expect(apsis.POST('/operations/measurements', { ...uploadFiles([{ name: 'lageos1.sp3', content: readFileSync(SP3_LAGEOS) }]) }), 202);
    jobIds.push(sp3.results[0]!.jobId!);

    for (const jobId of jobIds) {
      const job = await until(`job ${jobId}`, () => expect(apsis.GET('/operations/measurements/jobs/{jobId}', { params: { path: { jobId } } }), 200), (j) => j.status !== 'QUEUED' && j.status !== 'RUNNING');
      assert.equal(job.status, 'SUCCEEDED', job.error ?? '');
      if (jobId === jobIds[0]) rangeCount = job.measurementCount!;
    }
    assert.equal(rangeCount, preview.measurementCount);
    const jobs = await expect(apsis.GET('/operations/measurements/jobs', { params: { query: { batchId: first.data!.batchId, status: ['SUCCEEDED'] } } }), 200);
    assert.deepEqual(jobs.content.map((j) => j.jobId), [jobIds[0]]);

    // Cancelling: a queued job is CANCELLED, a finished one 409 JOB_NOT_CANCELLABLE. A client cannot win the race
    // against a running queue, so in-process the walk pauses this instance's upload runner (what a second, busy instance
    // would look like); against another process either documented answer is right.
    // The copy has a name of its own: when it could not be cancelled (another process ran it first), its rows go again.
    const copy = { name: 'walk-cancel-me.tdm', content: rangeFile.content };
    const outcome = await cancelQueued(svc, 'uploads', async () => {
      const queued = await expect(apsis.POST('/operations/measurements', { params: { query: { allowDuplicate: true } }, ...uploadFiles([copy]) }), 202);
      return apsis.DELETE('/operations/measurements/jobs/{jobId}', { params: { path: { jobId: queued.results[0]!.jobId! } } });
    });
    if (outcome === 'finished') await expect(apsis.DELETE('/operations/measurements/by-file', { params: { query: { spacecraftId: craftId, file: copy.name } } }), 200);
  });

  test('measurements: query, flag an outlier and back, by id and by file', async () => {
    const page = await expect(apsis.GET('/operations/measurements', {
      params: { query: { ...SPAN, spacecraftIds: [craftId], measurementTypes: 'RANGE', includeOutliers: false, size: 5, sort: 'epoch,asc' } },
    }), 200);
    assert.equal(page.totalElements, rangeCount, 'every range of the TDM');
    assert.ok(page.content.every((m) => m.type === 'RANGE'));
    const firstId = page.content[0]!.id;
    const flagged = await expect(apsis.PATCH('/operations/measurements/outliers', { body: { measurementIds: [firstId], outlier: true } }), 200);
    assert.equal(flagged.updatedCount, 1);
    const without = await expect(apsis.GET('/operations/measurements', { params: { query: { ...SPAN, spacecraftIds: [craftId], measurementTypes: 'RANGE', size: 1 } } }), 200);
    assert.equal(without.totalElements, page.totalElements - 1);
    // By file: every measurement of the file is set (the count is every match, not only those that changed).
    const unflagged = await expect(apsis.PATCH('/operations/measurements/outliers/by-file', { body: { fileName: SCENARIO_FILES.V1[0]!, outlier: false } }), 200);
    assert.equal(unflagged.updatedCount, rangeCount);
    const all = await expect(apsis.GET('/operations/measurements', { params: { query: { ...SPAN, spacecraftIds: [craftId], measurementTypes: 'RANGE', size: 1 } } }), 200);
    assert.equal(all.totalElements, rangeCount);
  });

  test('state vectors: store the a priori, list, read, latest, OPM export and import, delete', async () => {
    const apriori = truth.a_priori_state_gcrf;
    const created = await apsis.POST('/operations/state-vectors', {
      body: {
        spacecraftId: craftId, epoch: truth.od_epoch_utc, referenceFrame: 'GCRF', mass: truth.spacecraft_properties.mass_kg,
        position: apriori.pos_km, velocity: apriori.vel_km_s, originator: 'WALK',
        covariance: { frame: 'GCRF', matrix: [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], [0, 0, 0, 1e-6, 0, 0], [0, 0, 0, 0, 1e-6, 0], [0, 0, 0, 0, 0, 1e-6]] },
      },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    aprioriId = created.data!.id;
    const list = await expect(apsis.GET('/operations/state-vectors', { params: { query: { spacecraftId: craftId, sourceType: 'MANUAL', sort: 'epoch,desc' } } }), 200);
    assert.deepEqual(list.content.map((s) => s.id), [aprioriId]);
    const one = await expect(apsis.GET('/operations/state-vectors/{id}', { params: { path: { id: aprioriId } } }), 200);
    assert.equal(one.hasCovariance, true);
    const latest = await expect(apsis.GET('/operations/state-vectors/latest', { params: { query: { spacecraftId: craftId, includeNonConverged: false } } }), 200);
    assert.equal(latest.id, aprioriId);

    const opm = await expect(apsis.GET('/operations/state-vectors/{id}/opm', { params: { path: { id: aprioriId } }, parseAs: 'text' }), 200);
    assert.match(opm, /^CCSDS_OPM_VERS\s*=/m);
    // The export is the same state: a duplicate, nothing stored; allowDuplicate stores it again.
    const again = await expect(apsis.POST('/operations/state-vectors/import', { ...uploadFiles([{ name: 'apriori.opm', content: opm }]) }), 200);
    assert.equal(again.results[0]!.status, 'duplicate');
    assert.equal(again.results[0]!.stateVectorId, aprioriId);
    const copy = await expect(apsis.POST('/operations/state-vectors/import', { params: { query: { spacecraftId: craftId, allowDuplicate: true } }, ...uploadFiles([{ name: 'apriori.opm', content: opm }]) }), 200);
    const copyId = copy.results[0]!.stateVectorId!;
    assert.notEqual(copyId, aprioriId);
    await expect(apsis.DELETE('/operations/state-vectors/{id}', { params: { path: { id: copyId } } }), 204);
  });

  test('residuals of the day against the a priori, worst first', async () => {
    const residuals = await expect(apsis.POST('/operations/measurements/residuals', {
      params: { query: { size: 10, sort: 'normalized,desc' } },
      body: { spacecraftId: craftId, ...SPAN, stateVectorId: aprioriId },
    }), 200);
    assert.ok(residuals.modelledCount > 400, `modelled ${residuals.modelledCount}`);
    assert.equal(residuals.residuals.content.length, 10);
  });

  test('orbit determination: start, follow, list, residuals (page and plot), accept', async () => {
    const started = await apsis.POST('/operations/orbit-determinations', { body: { spacecraftId: craftId, ...SPAN, aprioriStateVectorId: aprioriId } });
    assert.equal(started.response.status, 202, JSON.stringify(started.error));
    odId = started.data!.id;
    const finished = await until('orbit determination', () => expect(apsis.GET('/operations/orbit-determinations/{id}', { params: { path: { id: odId } } }), 200), (od) => od.status === 'SUCCEEDED' || od.status === 'FAILED');
    assert.equal(finished.status, 'SUCCEEDED', finished.error ?? '');
    const list = await expect(apsis.GET('/operations/orbit-determinations', { params: { query: { spacecraftId: craftId, status: 'SUCCEEDED' } } }), 200);
    assert.deepEqual(list.content.map((od) => od.id), [odId]);
    const used = await expect(apsis.GET('/operations/orbit-determinations/{id}/residuals', { params: { path: { id: odId }, query: { rejected: false, size: 5, sort: 'normalized,desc' } } }), 200);
    assert.ok(used.totalElements > 400 && used.content.every((r) => r.rejected === false));
    const svg = await expect(apsis.GET('/operations/orbit-determinations/{id}/residuals.svg', { params: { path: { id: odId } }, parseAs: 'text' }), 200);
    assert.match(svg, /^<svg|<\?xml/);
    const accepted = await apsis.POST('/operations/orbit-determinations/{id}/accept', { params: { path: { id: odId } } });
    assert.equal(accepted.response.status, 201, JSON.stringify(accepted.error));
    acceptedId = accepted.data!.stateVector.id;
    assert.equal(accepted.data!.stateVector.sourceType, 'ORBIT_DETERMINATION');
    await refused(apsis.POST('/operations/orbit-determinations/{id}/accept', { params: { path: { id: odId } } }), 409, 'OD_ALREADY_ACCEPTED');
  });

  test('OEM with only the two dates (every other option defaulted), and a TLE', async () => {
    // The generated request type has every option optional: only the two dates are required.
    oemText = await expect(apsis.POST('/operations/state-vectors/{id}/generate-oem', {
      params: { path: { id: acceptedId } },
      body: { initialDate: '2023-02-10T12:00:00Z', finalDate: '2023-02-10T13:00:00Z' },
      parseAs: 'text',
    }), 200);
    assert.match(oemText, /^REF_FRAME\s*=\s*GCRF$/m, 'default frame');
    assert.match(oemText, /^TIME_SYSTEM\s*=\s*UTC$/m, 'default time system');
    assert.match(oemText, /^OBJECT_ID\s*=\s*2023-042A$/m);
    const epochs = [...oemText.matchAll(/^(2023-02-10T\d\d:\d\d:\d\d\.\d{6})\s/gm)].map((m) => m[1]);
    assert.equal(epochs.length, 61, 'one point every 60 s (the default step), both ends included');
    assert.equal(oemText.includes('COVARIANCE_START'), false, 'no covariance by default');

    const tle = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/tle', { params: { path: { spacecraftId: craftId }, query: { epoch: '2023-02-10T12:00:00Z' } }, parseAs: 'text' }), 200);
    const lines = tle.split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^1 99001U 23042A {3}23041\.50000000 /);
  });

  test('events: the passes of the tracking stations (JSON, CSV, iCalendar), a sky plot, eclipses, nodes and apsides', async () => {
    const path = { spacecraftId: craftId };
    const span = { from: '2023-02-10T12:00:00Z', to: '2023-02-11T00:00:00Z' };
    const passes = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/passes', { params: { path, query: { ...span, stationIds: stationIds.join(',') } } }), 200);
    assert.ok(typeof passes !== 'string', 'JSON by default');
    assert.ok(passes.passes.length > 0, 'the three tracking stations see the craft');
    assert.ok(passes.passes.every((p) => stationIds.includes(p.stationId)));
    const csv = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/passes', { params: { path, query: span }, headers: { Accept: 'text/csv' }, parseAs: 'text' }), 200);
    assert.equal(csv.split('\r\n').length - 2, passes.passes.length);
    const calendar = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/passes', { params: { path, query: span }, headers: { Accept: 'text/calendar' }, parseAs: 'text' }), 200);
    assert.equal((calendar.match(/BEGIN:VEVENT/g) ?? []).length, passes.passes.length);
    const sky = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/passes/{index}/sky.svg', { params: { path: { ...path, index: 0 }, query: span }, parseAs: 'text' }), 200);
    assert.match(sky, /class="track"/);
    const eclipses = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/eclipses', { params: { path, query: span } }), 200);
    assert.ok(eclipses.orbits.length > 0);
    const orbit = await expect(apsis.GET('/operations/spacecraft/{spacecraftId}/orbit-events', { params: { path, query: { ...span, types: 'NODE,APSIS' } } }), 200);
    assert.ok(orbit.nodes!.length > 10 && orbit.apsides!.length > 10, 'a LEO day: about 15 orbits');
  });

  test('the generated OEM uploaded back as tracking data (PV), flagged by file, deleted by file', async () => {
    const upload = await apsis.POST('/operations/measurements', { ...uploadFiles([{ name: 'walk-predicted.oem', content: oemText }]) });
    assert.equal(upload.response.status, 202, JSON.stringify(upload.data ?? upload.error));
    const jobId = upload.data!.results[0]!.jobId!;
    const job = await until('OEM upload', () => expect(apsis.GET('/operations/measurements/jobs/{jobId}', { params: { path: { jobId } } }), 200), (j) => j.status === 'SUCCEEDED' || j.status === 'FAILED');
    assert.equal(job.status, 'SUCCEEDED', job.error ?? '');
    assert.equal(job.measurementCount, 61);
    const flagged = await expect(apsis.PATCH('/operations/measurements/outliers/by-file', { body: { fileName: 'walk-predicted.oem', outlier: true } }), 200);
    assert.equal(flagged.updatedCount, 61);
    const deleted = await expect(apsis.DELETE('/operations/measurements/by-file', { params: { query: { spacecraftId: craftId, file: 'walk-predicted.oem' } } }), 200);
    assert.equal(deleted.deletedCount, 61);
  });

  test('maneuvers: capabilities, a refused burn, a planned burn with a warning, OCM export, delete, preview, import, replace', async () => {
    // A blackout window and a minimum separation for the main thruster.
    const capabilities = await apsis.PATCH('/operations/spacecraft/{id}', {
      params: { path: { id: craftId }, header: { 'If-Match': craftEtag } },
      body: {
        maneuverCapabilities: {
          blackoutWindows: [{ start: '2023-02-12T00:00:00Z', end: '2023-02-12T06:00:00Z' }],
          minimumManeuverSeparationSeconds: 3600,
          thrusters: [{ thrusterId: mainThrusterId, allowedDirections: ['PROGRADE', 'RETROGRADE'] }],
        },
      },
    });
    assert.equal(capabilities.response.status, 200, JSON.stringify(capabilities.error));
    craftEtag = etagOf(capabilities.response);

    const burn = (referenceEpoch: string, duration = 60) => [{ referenceEpoch, duration, thrX: 0, thrY: 1, thrZ: 0, thrISP: 220, attitudeMode: 'TNW' as const }];
    const refusedBurn = await refused(apsis.POST('/operations/maneuvers', {
      body: { maneuvers: [{ spacecraftId: craftId, name: 'IN-BLACKOUT', attitudeMode: 'TNW', composition: burn('2023-02-12T03:00:00Z') }] },
    }), 422, 'MANEUVER_CAPABILITY_VIOLATION');
    assert.ok(JSON.stringify(refusedBurn).includes('BLACKOUT_WINDOW'));

    const planned = await expect(apsis.POST('/operations/maneuvers', {
      body: {
        maneuvers: [
          { spacecraftId: craftId, name: 'RAISE-1', purpose: 'orbit raising', attitudeMode: 'TNW', composition: burn('2023-02-12T12:00:00Z') },
          { spacecraftId: craftId, name: 'RAISE-2', attitudeMode: 'TNW', composition: burn('2023-02-12T12:30:00Z') },
        ],
      },
    }), 201);
    assert.equal(planned.createdCount, 2);
    assert.ok(planned.warnings.some((w) => w.code === 'MINIMUM_SEPARATION'), JSON.stringify(planned.warnings));

    const listed = await expect(apsis.GET('/operations/maneuvers', { params: { query: { spacecraftIds: [craftId], startDate: '2023-02-12T00:00:00Z', endDate: '2023-02-13T00:00:00Z' } } }), 200);
    assert.deepEqual(listed.items.map((m) => m.maneuverId).sort(), ['RAISE-1', 'RAISE-2']);

    const ocm = await expect(apsis.GET('/operations/maneuvers/export', { params: { query: { spacecraftIds: [craftId], maneuverIds: ['RAISE-1'] } }, parseAs: 'text' }), 200);
    assert.match(ocm, /^CCSDS_OCM_VERS/m);
    await expect(apsis.DELETE('/operations/maneuvers/{maneuverId}', { params: { path: { maneuverId: 'RAISE-1' }, query: { spacecraftId: craftId } } }), 204);

    const file = { name: 'RAISE-1.ocm', content: ocm };
    const preview = await expect(apsis.POST('/operations/maneuvers/import/inspect', { ...uploadFiles([file]) }), 200);
    assert.deepEqual(preview.maneuverIds, ['RAISE-1']);
    const imported = await expect(apsis.POST('/operations/maneuvers/import', {
      params: { header: { 'X-Content-Hash': preview.contentHash, 'X-Resolution-Fingerprint': preview.resolutionFingerprint! } },
      ...uploadFiles([file]),
    }), 200);
    assert.equal(imported.results[0]!.status, 'success');

    const read = await apsis.GET('/operations/maneuvers/{maneuverId}', { params: { path: { maneuverId: 'RAISE-1' }, query: { spacecraftId: craftId } } });
    assert.equal(read.response.status, 200);
    assert.equal(read.data!.purpose, 'orbit raising', 'the export re-imports to the same record');
    const replaced = await expect(apsis.PUT('/operations/maneuvers/{maneuverId}', {
      params: { path: { maneuverId: 'RAISE-1' }, query: { spacecraftId: craftId }, header: { 'If-Match': etagOf(read.response) } },
      body: { name: 'Raise 1 (replanned)', attitudeMode: 'TNW', composition: burn('2023-02-12T12:00:00Z', 90) },
    }), 200);
    assert.equal(replaced.name, 'Raise 1 (replanned)');
    assert.equal(replaced.composition[0]!.duration, 90);
    await expect(apsis.DELETE('/operations/maneuvers/{maneuverId}', { params: { path: { maneuverId: 'RAISE-2' }, query: { spacecraftId: craftId } } }), 204);
  });

  test('a scheduled OEM task: create, list, read, run, its product downloaded (whole, a range, not modified), change, runs, delete', async () => {
    // Tasks run at the real time: give the craft a state of today (a 500 km circular orbit at 51.6°) so the task's
    // OEM (run time + 1 h) is within reach of the latest eligible state.
    const epochMs = Math.floor(Date.now() / 1000) * 1000;
    const speedKmS = Math.sqrt(398600.4418 / 6878.137);
    const inclination = (51.6 * Math.PI) / 180;
    const current = await expect(apsis.POST('/operations/state-vectors', {
      body: {
        spacecraftId: craftId, epoch: new Date(epochMs).toISOString(), referenceFrame: 'GCRF', mass: 490,
        position: [6878.137, 0, 0], velocity: [0, speedKmS * Math.cos(inclination), speedKmS * Math.sin(inclination)],
      },
    }), 201);
    currentStateId = current.id;

    const tasks = '/operations/spacecraft/{spacecraftId}/tasks' as const;
    const at = new Date(Date.now() + 1500).toISOString();
    const created = await apsis.POST(tasks, {
      params: { path: { spacecraftId: craftId } },
      body: { name: 'Next hour OEM', kind: 'GENERATE_OEM', schedule: { type: 'ONCE', at }, parameters: { durationSeconds: 3600, timeBetweenPoints: 600 }, retention: { maxCount: 3 } },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    const taskId = created.data!.id;
    assert.deepEqual(
      created.data!.parameters,
      { startOffsetSeconds: 0, durationSeconds: 3600, timeBetweenPoints: 600, referenceFrame: 'GCRF', timeSystem: 'UTC', includeCovariance: false, covarianceFrame: 'RTN' },
      'the parameters not sent take their documented defaults',
    );
    const list = await expect(apsis.GET(tasks, { params: { path: { spacecraftId: craftId }, query: { sort: 'nextRunAt,asc' } } }), 200);
    assert.deepEqual(list.content.map((t) => t.id), [taskId]);

    const path = { spacecraftId: craftId, taskId };
    const done = await until('task run', () => expect(apsis.GET(`${tasks}/{taskId}`, { params: { path } }), 200), (t) => t.lastRun?.status === 'SUCCEEDED' || t.lastRun?.status === 'FAILED');
    assert.equal(done.lastRun!.status, 'SUCCEEDED', done.lastRun!.error ?? '');
    const runs = await expect(apsis.GET(`${tasks}/{taskId}/runs`, { params: { path, query: { sort: 'scheduledFor,desc' } } }), 200);
    assert.equal(runs.content.length, 1);
    const productId = runs.content[0]!.productId!;

    const products = await expect(apsis.GET('/operations/products', { params: { query: { taskId, kind: 'OEM' } } }), 200);
    assert.deepEqual(products.content.map((p) => p.id), [productId]);
    const product = await expect(apsis.GET('/operations/products/{id}', { params: { path: { id: productId } } }), 200);
    const whole = await apsis.GET('/operations/products/{id}/content', { params: { path: { id: productId } }, parseAs: 'text' });
    assert.equal(whole.response.status, 200);
    assert.equal(whole.data!.length, product.sizeBytes);
    assert.match(whole.data!, /^CCSDS_OEM_VERS/);
    const etag = etagOf(whole.response);
    const range = await expect(apsis.GET('/operations/products/{id}/content', { params: { path: { id: productId } }, headers: { Range: 'bytes=0-14' }, parseAs: 'text' }), 206);
    assert.equal(range, whole.data!.slice(0, 15));
    const notModified = await apsis.GET('/operations/products/{id}/content', { params: { path: { id: productId } }, headers: { 'If-None-Match': etag }, parseAs: 'text' });
    assert.equal(notModified.response.status, 304);

    // The tag is read after the run: the run of a ONCE task's only slot disables the task, which is a change of it.
    const read = await apsis.GET(`${tasks}/{taskId}`, { params: { path } });
    const changed = await expect(apsis.PATCH(`${tasks}/{taskId}`, {
      params: { path, header: { 'If-Match': etagOf(read.response) } },
      body: { name: 'Daily OEM', schedule: { type: 'CRON', expression: '0 6 * * *' }, enabled: false },
    }), 200);
    assert.equal(changed.nextRunAt, null, 'disabled');
    await expect(apsis.DELETE(`${tasks}/{taskId}`, { params: { path } }), 204);
    await refused(apsis.GET(`${tasks}/{taskId}`, { params: { path } }), 404, 'TASK_NOT_FOUND');
  });

  test('batch OEM: two items into one ZIP (entry names as the README says), listed; a queued batch cancelled', async () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const created = await apsis.POST('/operations/ephemerides/batch', {
      body: {
        initialDate: '2023-02-10T12:00:00Z', finalDate: '2023-02-10T14:00:00Z', timeBetweenPoints: 600,
        items: [
          { stateVectorId: acceptedId },
          { spacecraftId: craftId, initialDate: now.toISOString(), finalDate: new Date(now.getTime() + 3600_000).toISOString(), referenceFrame: 'ITRF' },
        ],
      },
    });
    assert.equal(created.response.status, 202, JSON.stringify(created.error));
    const batchId = created.data!.id;
    const done = await until('batch', () => expect(apsis.GET('/operations/ephemerides/batch/{id}', { params: { path: { id: batchId } } }), 200), (b) => b.status === 'SUCCEEDED' || b.status === 'FAILED');
    assert.equal(done.status, 'SUCCEEDED', done.error ?? '');
    assert.equal(done.itemsFailed, 0, JSON.stringify(done.failures));
    const listed = await expect(apsis.GET('/operations/ephemerides/batch', { params: { query: { sort: 'createdAt,desc' } } }), 200);
    assert.ok(listed.content.some((b) => b.id === batchId));

    const zip = await expect(apsis.GET('/operations/products/{id}/content', { params: { path: { id: done.productId! } }, parseAs: 'arrayBuffer' }), 200);
    const entries = unzipSync(new Uint8Array(zip));
    // README ("Batch OEM"): `<index>_<OBJECT_ID>_<SV-n>.oem`, index zero-padded to five digits, and manifest.csv.
    assert.deepEqual(Object.keys(entries).sort(), ['00000_2023-042A_' + acceptedId + '.oem', '00001_2023-042A_' + currentStateId + '.oem', 'manifest.csv']);
    assert.match(strFromU8(entries['manifest.csv']!), /^index,stateVectorId,spacecraftId,status,file,error,message\n/);

    // A queued batch is cancelled (the batch runner paused in-process, as for the upload job above).
    await cancelQueued(svc, 'batches', async () => {
      const queued = await expect(apsis.POST('/operations/ephemerides/batch', {
        body: { initialDate: '2023-02-10T12:00:00Z', finalDate: '2023-02-10T13:00:00Z', items: [{ stateVectorId: acceptedId }] },
      }), 202);
      return apsis.DELETE('/operations/ephemerides/batch/{id}', { params: { path: { id: queued.id } } });
    });
  });

  test('conjunctions: settings, three CDMs of one approach uploaded, the event, its CDMs as received and parsed, the latest written, the what-if, both pictures', async () => {
    // OBJECT1 of the CCSDS example CDM (NORAD 12345), with its hard-body radius
    const primary = await expect(apsis.POST('/operations/spacecraft', { body: { name: 'SATELLITE A', noradId: 12345, hardBodyRadiusM: 1.5 } }), 201);
    assert.equal(primary.hardBodyRadiusM, 1.5);
    const settings = await apsis.GET('/operations/conjunctions/settings');
    assert.equal(settings.response.status, 200);
    const put = await expect(apsis.PUT('/operations/conjunctions/settings', {
      params: { header: { 'If-Match': etagOf(settings.response) } },
      body: { ...settings.data!, updatedAt: undefined, riskThresholds: { mediumPc: 1e-8, highPc: 1e-4 } } as never,
    }), 200);
    assert.equal(put.riskThresholds.mediumPc, 1e-8);
    const files = ['WALK-1', 'WALK-2', 'WALK-3'].map((messageId, k) => ({
      name: `${messageId}.cdm`,
      content: cdmVariant('CDMExample1.txt', { messageId, creationDate: `2010-03-1${k}T12:00:00.000`, missDistanceM: 900 - 100 * k, statedPc: 1e-8 * (k + 1) }),
    }));
    const uploaded = await expect(apsis.POST('/operations/conjunctions/cdms', { ...uploadFiles(files) }), 200);
    assert.deepEqual(uploaded.results.map((r) => r.status), ['success', 'success', 'success']);
    const eventId = uploaded.results[0]!.eventIds[0]!;
    assert.ok(uploaded.results.every((r) => r.eventIds[0] === eventId), 'one event');
    const page = await expect(apsis.GET('/operations/conjunctions', { params: { query: { spacecraftId: primary.id, riskLevel: 'MEDIUM', sort: 'tca,desc' } } }), 200);
    assert.deepEqual(page.content.map((e) => e.id), [eventId]);
    const event = await expect(apsis.GET('/operations/conjunctions/{id}', { params: { path: { id: eventId }, query: { method: 'PATERA_2005' } } }), 200);
    assert.equal(event.timeline.length, 3);
    assert.equal(event.recomputed!.method, 'PATERA_2005');
    assert.equal(event.recomputed!.hardBodyRadius.combinedM, 6.5, '1.5 m (spacecraft) + 5 m (default)');
    const first = event.timeline[0]!;
    const received = await expect(apsis.GET('/operations/conjunctions/{id}/cdms/{cdmId}', { params: { path: { id: eventId, cdmId: first.id } }, parseAs: 'text' }), 200);
    assert.equal(received, files[0]!.content);
    const parsed = await expect(apsis.GET('/operations/conjunctions/{id}/cdms/{cdmId}', { params: { path: { id: eventId, cdmId: first.id } }, headers: { Accept: 'application/json' } }), 200);
    assert.equal((parsed as { header: { messageId: string } }).header.messageId, 'WALK-1');
    const written = await expect(apsis.GET('/operations/conjunctions/{id}/cdm', { params: { path: { id: eventId } }, headers: { Accept: 'application/xml' }, parseAs: 'text' }), 200);
    assert.match(written, /<MESSAGE_ID>WALK-3<\/MESSAGE_ID>/);
    const whatIf = await expect(apsis.GET('/operations/conjunctions/{id}/probability', { params: { path: { id: eventId }, query: { hardBodyRadiusM: 20 } } }), 200);
    assert.equal(whatIf.probabilities.length, 6);
    assert.equal(whatIf.hardBodyRadius.source, 'REQUEST');
    for (const picture of ['/operations/conjunctions/{id}/encounter.svg', '/operations/conjunctions/{id}/timeline.svg'] as const) {
      const svg = await expect(apsis.GET(picture, { params: { path: { id: eventId } }, parseAs: 'text' }), 200);
      assert.match(svg, /^<svg /);
    }
  });

  test('avoidance: a plan for a HIGH event, the list, the plan with its candidates, its pictures, the recommended one accepted (maneuver and OEM), a queued plan cancelled', async () => {
    const craft = (await expect(apsis.GET('/operations/spacecraft', { params: { query: { name: 'SATELLITE A' } } }), 200)).content[0]!;
    const current = await apsis.GET('/operations/spacecraft/{id}', { params: { path: { id: craft.id } } });
    await expect(apsis.PATCH('/operations/spacecraft/{id}', {
      params: { path: { id: craft.id }, header: { 'If-Match': etagOf(current.response) } },
      body: { launchMass: 500, dryMass: 400, dragArea: 2, srpArea: 2 },
    }), 200);
    const cdm = cdmVariant('CDMExample1.txt', { messageId: 'WALK-AVOID', creationDate: '2010-03-15T12:00:00.000', tca: '2010-03-16T22:37:52.618', zeroMiss: true });
    const uploaded = await expect(apsis.POST('/operations/conjunctions/cdms', { ...uploadFiles([{ name: 'high.cdm', content: cdm }]) }), 200);
    const eventId = uploaded.results[0]!.eventIds[0]!;
    const body = {
      burnWindow: { earliestBurnTime: '2010-03-16T12:00:00Z' }, leadTimeCount: 2, directions: ['ALONG_TRACK_PLUS' as const, 'OPTIMAL' as const],
      deltaV: { minMetersPerSecond: 0.01, maxMetersPerSecond: 0.5, count: 8 }, maxRepropagated: 2, horizonS: 3600,
    };
    const path = { id: eventId };
    const created = await expect(apsis.POST('/operations/conjunctions/{id}/avoidance-plans', { params: { path }, body }), 202);
    const plan = await until('avoidance plan', () => expect(apsis.GET('/operations/conjunctions/{id}/avoidance-plans/{planId}', { params: { path: { ...path, planId: created.id } } }), 200), (p) => p.status === 'SUCCEEDED' || p.status === 'FAILED');
    assert.equal(plan.status, 'SUCCEEDED', plan.error ?? '');
    const n = plan.result!.recommendedCandidate!;
    assert.ok(plan.result!.candidates[n]!.numerical.pc! < plan.result!.target.maxPc!);
    const listed = await expect(apsis.GET('/operations/conjunctions/{id}/avoidance-plans', { params: { path, query: { sort: 'createdAt,desc' } } }), 200);
    assert.ok(listed.content.some((p) => p.id === created.id));
    for (const picture of ['/operations/conjunctions/{id}/avoidance-plans/{planId}/trade-space.svg', '/operations/conjunctions/{id}/avoidance-plans/{planId}/encounter.svg'] as const) {
      const svg = await expect(apsis.GET(picture, { params: { path: { ...path, planId: created.id } }, parseAs: 'text' }), 200);
      assert.match(svg, /^<svg /);
    }
    const accepted = await expect(apsis.POST('/operations/conjunctions/{id}/avoidance-plans/{planId}/candidates/{n}/accept', { params: { path: { ...path, planId: created.id, n } } }), 201);
    assert.equal(accepted.plan.accepted!.candidate, n);
    const oem = await expect(apsis.GET('/operations/conjunctions/{id}/avoidance-plans/{planId}/oem', { params: { path: { ...path, planId: created.id } }, parseAs: 'text' }), 200);
    assert.match(oem, /^CCSDS_OEM_VERS/);
    await refused(apsis.POST('/operations/conjunctions/{id}/avoidance-plans/{planId}/candidates/{n}/accept', { params: { path: { ...path, planId: created.id, n } } }), 409, 'AVOIDANCE_PLAN_ALREADY_ACCEPTED');
    await cancelQueued(svc, 'avoidance', async () => {
      const queued = await expect(apsis.POST('/operations/conjunctions/{id}/avoidance-plans', { params: { path }, body }), 202);
      return apsis.DELETE('/operations/conjunctions/{id}/avoidance-plans/{planId}', { params: { path: { ...path, planId: queued.id } } });
    });
  });

  test('conjunction screening: two crafts crossing, a fleet screening, its progress, approaches and event, the list; a queued one cancelled', async () => {
    const crafts: string[] = [];
    for (const [name, state] of [['WALK-SCREEN-A', PRIMARY_STATE], ['WALK-SCREEN-B', CROSSER_STATE]] as const) {
      const craft = await expect(apsis.POST('/operations/spacecraft', { body: { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }), 201);
      await expect(apsis.POST('/operations/state-vectors', {
        body: { spacecraftId: craft.id, epoch: SCREENING_EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity },
      }), 201);
      crafts.push(craft.id);
    }
    const request = {
      primaries: [{ spacecraftId: crafts[0]! }], secondaries: 'FLEET' as const, start: '2023-02-15T05:30:00Z', durationDays: 0.1,
      volume: { shape: 'SPHERE' as const, radiusKm: 10 }, pcThreshold: 1e-7, secondariesPerChunk: 3000,
    };
    const created = await expect(apsis.POST('/operations/conjunctions/screenings', { body: request }), 202);
    const done = await until('screening', () => expect(apsis.GET('/operations/conjunctions/screenings/{id}', { params: { path: { id: created.id } } }), 200), (s) => s.status === 'SUCCEEDED' || s.status === 'FAILED');
    assert.equal(done.status, 'SUCCEEDED', done.error ?? '');
    assert.equal(done.progress.chunksDone, done.progress.chunksTotal);
    const approaches = await expect(apsis.GET('/operations/conjunctions/screenings/{id}/approaches', { params: { path: { id: created.id }, query: { spacecraftId: crafts[0]!, sort: 'tca,asc' } } }), 200);
    const crossing = approaches.content.find((a) => a.secondary.spacecraftId === crafts[1]);
    assert.ok(crossing, JSON.stringify(approaches.content.map((a) => a.secondary)));
    assert.ok(Math.abs(crossing.missDistanceM - 2000) < 300, `the 2 km crossing: ${crossing.missDistanceM} m`);
    const event = await expect(apsis.GET('/operations/conjunctions/{id}', { params: { path: { id: crossing.conjunctionEventId! } } }), 200);
    assert.equal(event.primarySpacecraftId, crafts[0]);
    const listed = await expect(apsis.GET('/operations/conjunctions/screenings', { params: { query: { sort: 'createdAt,desc' } } }), 200);
    assert.ok(listed.content.some((s) => s.id === created.id));
    await cancelQueued(svc, 'screenings', async () => {
      const queued = await expect(apsis.POST('/operations/conjunctions/screenings', { body: request }), 202);
      return apsis.DELETE('/operations/conjunctions/screenings/{id}', { params: { path: { id: queued.id } } });
    });
  });

  test('catalog: a 3LE file uploaded, the objects listed with a filter and by NORAD ids, one object with its history', async () => {
    const threeLine = readFileSync(new URL('../fixtures/conjunction/catalog/sample.3le', import.meta.url), 'utf8');
    const uploaded = await expect(apsis.POST('/operations/catalog', { ...uploadFiles([{ name: 'sample.3le', content: threeLine }]) }), 200);
    assert.equal(uploaded.results[0]!.format, 'TLE');
    const page = await expect(apsis.GET('/operations/catalog/objects', { params: { query: { name: 'molniya', maxPerigeeKm: 2000, sort: 'noradId,asc' } } }), 200);
    assert.deepEqual(page.content.map((o) => o.noradId), [99005]);
    const several = await expect(apsis.GET('/operations/catalog/objects', { params: { query: { noradIds: '99001,99005,4' } } }), 200);
    assert.deepEqual(several.content.map((o) => o.noradId), [99001, 99005]);
    const bulk = await expect(apsis.POST('/operations/catalog/objects/query', { params: { query: { size: 10 } }, body: { noradIds: [99005, 99001, 4] } }), 200);
    assert.deepEqual([bulk.content.map((o) => o.noradId), bulk.missingNoradIds], [[99001, 99005], [4]]);
    const object = await expect(apsis.GET('/operations/catalog/objects/{noradId}', { params: { path: { noradId: 99005 } } }), 200);
    assert.equal(object.history.length, 1);
    assert.equal(object.current.tleLines!.length, 2);
  });

  test('webhooks and change feeds: a subscription (its secret once), a test event and its log, changed and deleted; what changed since a token', async () => {
    const created = await expect(apsis.POST('/operations/webhooks', { body: { url: 'https://hooks.example.invalid/walk', eventTypes: ['conjunction.created', 'screening.finished'], description: 'walk' } }), 201);
    assert.match(created.secret, /^whsec_/);
    const page = await expect(apsis.GET('/operations/webhooks', { params: { query: { sort: 'createdAt,asc' } } }), 200);
    assert.ok(page.content.some((s) => s.id === created.id));
    const one = await expect(apsis.GET('/operations/webhooks/{id}', { params: { path: { id: created.id } } }), 200);
    assert.deepEqual(one.eventTypes, ['conjunction.created', 'screening.finished']);
    const changed = await expect(apsis.PATCH('/operations/webhooks/{id}', { params: { path: { id: created.id } }, body: { enabled: false } }), 200);
    assert.equal(changed.enabled, false);
    const sent = await expect(apsis.POST('/operations/webhooks/{id}/test', { params: { path: { id: created.id } } }), 202);
    assert.equal(sent.delivery.eventType, 'webhook.test');
    const log = await expect(apsis.GET('/operations/webhooks/{id}/deliveries', { params: { path: { id: created.id }, query: { sort: 'createdAt,desc' } } }), 200);
    assert.ok(log.content.some((d) => d.id === sent.delivery.id));
    await expect(apsis.DELETE('/operations/webhooks/{id}', { params: { path: { id: created.id } } }), 204);
    // the conjunctions uploaded and screened above, as changes
    const conjunctions = await expect(apsis.GET('/operations/conjunctions/changes', { params: { query: { limit: 1000 } } }), 200);
    assert.ok(conjunctions.items.some((c) => c.type === 'conjunction.created'));
    const later = await expect(apsis.GET('/operations/conjunctions/changes', { params: { query: { after: conjunctions.nextToken } } }), 200);
    assert.deepEqual(later.items, []);
    const cdms = await expect(apsis.GET('/operations/conjunctions/cdms/changes', { params: { query: { limit: 2 } } }), 200);
    assert.ok(cdms.items.length > 0 && cdms.items.every((c) => c.type === 'conjunction.cdm_received'));
    const screenings = await expect(apsis.GET('/operations/conjunctions/screenings/changes'), 200);
    assert.ok(screenings.items.every((c) => c.type === 'screening.finished'));
  });

  test('decommissioning: a thruster in use cannot go, the craft archived with its tasks and restored', async () => {
    await refused(apsis.DELETE('/operations/spacecraft/{spacecraftId}/thrusters/{thrusterId}', { params: { path: { spacecraftId: craftId, thrusterId: mainThrusterId } } }), 409, 'THRUSTER_IN_USE');
    await expect(apsis.POST('/operations/spacecraft/{spacecraftId}/tasks', {
      params: { path: { spacecraftId: craftId } },
      body: { name: 'TLE every 90 min', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 5400 }, enabled: false },
    }), 201);
    await refused(apsis.PUT('/operations/spacecraft/{id}/lifecycle', { params: { path: { id: craftId } }, body: { lifecycleStatus: 'Archived' } }), 409, 'TASK_DELETION_NOT_CONFIRMED');
    const archived = await expect(apsis.PUT('/operations/spacecraft/{id}/lifecycle', { params: { path: { id: craftId } }, body: { lifecycleStatus: 'Archived', confirmTaskDeletion: true } }), 200);
    assert.equal(archived.lifecycleStatus, 'Archived');
    const restored = await expect(apsis.PUT('/operations/spacecraft/{id}/lifecycle', { params: { path: { id: craftId } }, body: { lifecycleStatus: 'Active' } }), 200);
    assert.equal(restored.lifecycleStatus, 'Active');
  });

  test('every operation of the OpenAPI document was called (the list of those that were not is empty)', () => {
    const notCalled = contract.operationKeys().filter((operation) => !called.has(operation));
    const summary = [...called].map(([operation, statuses]) => `${operation} → ${[...statuses].sort().join('/')}`).sort();
    console.log(`# client walk: ${called.size} of ${contract.operationKeys().length} operations called\n# ${summary.join('\n# ')}`);
    assert.deepEqual(notCalled, [], `operations the walk did not call:\n${notCalled.join('\n')}`);
  });
});

/**
 * Cancels a job right after queuing it: in-process with its runner paused (the answer must be 200 CANCELLED);
 * against another process the job may already have finished (409 JOB_NOT_CANCELLABLE is then the right answer).
 */
async function cancelQueued(
  target: WalkTarget,
  runner: 'uploads' | 'batches' | 'screenings' | 'avoidance',
  queueAndCancel: () => Promise<CallResult<{ status: string }, unknown>>,
): Promise<'cancelled' | 'stopping' | 'finished'> {
  let outcome: 'cancelled' | 'stopping' | 'finished' = 'cancelled';
  const check = async (strict: boolean) => {
    const { data, error, response } = await queueAndCancel();
    if (response.status === 200 && data!.status === 'CANCELLED') return;
    assert.ok(!strict, `a paused queue's job answered ${response.status} ${JSON.stringify(data ?? error)}`);
    if (response.status === 200) {
      // A running batch stops on request (it answers while still RUNNING).
      assert.equal(data!.status, 'RUNNING');
      outcome = 'stopping';
      return;
    }
    assert.equal(response.status, 409, JSON.stringify(error));
    assert.equal((error as { error: string }).error, 'JOB_NOT_CANCELLABLE');
    outcome = 'finished';
  };
  if (target.paused) await target.paused(runner, () => check(true));
  else await check(false);
  return outcome;
}
