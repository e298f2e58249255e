/**
 * A catalog upload killed (SIGKILL of the whole server process) at each point of its write — while staging its
 * chunks, with every chunk staged (publishing), and after publishing but before the object list was refreshed — on
 * `npm start` and on `deno task start`, each restarted on the same database (the file, or the libSQL server of a
 * sqld run) and driven over the socket. After
 * each restart, at once: the whole file or none of it is visible (object list, object GETs), a screening's catalog
 * snapshot holds every published set (an upload published after the dead one included), and a re-upload stores what
 * the dead one did not (nothing counted as "already known" that nobody can see).
 *
 * The killer watches the database from the test process (a second connection), so each kill lands at the state it
 * names, not at a guessed time.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gpOrbitSize, type GpElementSet } from '../../engine/tle/gpElements.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { syntheticCatalog } from '../../bench/lib/syntheticCatalog.ts';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { mintKey } from '../helpers/service.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';
import { RUNTIMES, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { EPOCH, PRIMARY_STATE, threeLineFile } from './screenings.helpers.ts';

type Json = Record<string, any>;

const catalog = (count: number, firstNoradId: number, seed: number, reference = EPOCH) =>
  syntheticCatalog({ count, seed, firstNoradId, reference: Epoch.parseInstant(reference) });

/** Published before any kill: always visible. */
const BASE = catalog(2_000, 10_001, 1);
/**
 * The file killed while staging, then uploaded again: 120 staged chunks of CHUNK_SETS (api/services/catalog.ts), so
 * each kill point lasts long enough to be landed on, however fast the backend.
 */
const BIG_SETS = 12_000;
const BIG = catalog(BIG_SETS, 20_001, 2);
/** Uploaded after the kill, before the re-upload: published after the dead batch was opened. */
const LATER = catalog(500, 60_001, 3);
/** Newer sets of BIG's objects (epochs ten days on): killed while publishing, and again while refreshing. */
const NEWER = catalog(BIG_SETS, 20_001, 4, '2023-02-25T06:00:00.000Z');
/** Newer sets of BIG's objects again, and 2,000 objects the catalog did not hold: killed while refreshing the list. */
const NEW_OBJECTS = 2_000;
const NEWER_AGAIN = [...catalog(BIG_SETS, 20_001, 5, '2023-03-07T06:00:00.000Z'), ...catalog(NEW_OBJECTS, 70_001, 6, '2023-03-07T06:00:00.000Z')];

for (const runtime of RUNTIMES) {
  describe(`a catalog upload killed at any point of its write (${runtime})`, { timeout: 900_000 }, () => {
    let dir: string;
    let env: Record<string, string>;
    let database: TestDatabase;
    let server: ServerProcess;
    let db: Db;
    let key: string;
    let organizationId: string;
    let primaryId: string;

    const call = async (method: string, path: string, json?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const upload = async (name: string, sets: readonly GpElementSet[]): Promise<{ status: number; body: Json }> => {
      const form = new FormData();
      form.append('files', new Blob([threeLineFile(sets)]), name);
      const response = await fetch(`http://127.0.0.1:${server.port}/operations/catalog`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const count = async (sql: string, args: Array<string | number> = []) => Number((await db.execute({ sql, args })).rows[0]!.n);
    const listedTotal = async () => (await call('GET', '/operations/catalog/objects?size=1')).body.totalElements as number;

    /** Starts `sets` uploading, SIGKILLs the server once `reached` holds (looked at every few ms), then restarts it. */
    async function killDuring(name: string, sets: readonly GpElementSet[], reached: () => Promise<boolean>): Promise<void> {
      const uploading = upload(name, sets).then(
        (answer) => ({ answer }),
        () => ({ answer: null }),
      );
      let settled: { answer: unknown } | null = null;
      void uploading.then((value) => (settled = value));
      while (!(await reached())) {
        assert.equal(settled, null, `the upload ended before the kill point: ${JSON.stringify(settled)}`);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      server.signal('SIGKILL');
      await server.exited();
      assert.deepEqual(await uploading, { answer: null }, 'the client saw the connection die');
      server = await startServerProcess(runtime, env);
    }

    /** Every object of the list (paged by NORAD id): its current epoch. */
    async function listedEpochs(): Promise<Map<number, string>> {
      const epochs = new Map<number, string>();
      for (let page = 0; ; page++) {
        const { body } = await call('GET', `/operations/catalog/objects?size=1000&page=${page}&sort=noradId,asc`);
        for (const object of body.content) epochs.set(object.noradId, object.epoch);
        if (body.last) return epochs;
      }
    }
    const epochOf = (s: GpElementSet) => `${s.epochUtc}Z`;

    /** A catalog screening of our primary over an hour: SUCCEEDED, and how many catalog objects it screened. */
    async function screenedObjects(): Promise<number> {
      const created = await call('POST', '/operations/conjunctions/screenings', {
        primaries: [{ spacecraftId: primaryId }], secondaries: 'CATALOG', start: EPOCH, durationDays: 1 / 24,
        volume: { shape: 'SPHERE', radiusKm: 10 }, pcThreshold: 1, secondariesPerChunk: 5000,
      });
      assert.equal(created.status, 202, JSON.stringify(created.body));
      let view = created.body;
      for (let i = 0; i < 1200 && !['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        view = (await call('GET', `/operations/conjunctions/screenings/${created.body.id}`)).body;
      }
      assert.equal(view.status, 'SUCCEEDED', JSON.stringify(view));
      assert.ok(!view.issues.some((i: Json) => i.code === 'CATALOG_EMPTY'), JSON.stringify(view.issues));
      return view.secondaryCount as number;
    }

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `apsis-catalog-crash-${runtime}-`));
      database = await testDatabase(dir);
      env = { DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0', WORKERS: '1', SCREENING_POLL_MS: '200' };
      server = await startServerProcess(runtime, env);
      db = await openDatabase({ url: env.DATABASE_URL! });
      ({ secret: key, organizationId } = await mintKey(db, { organization: 'crash' }));
      const craft = await call('POST', '/operations/spacecraft', { name: 'CRASH-PRIMARY', launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      primaryId = craft.body.id;
      const sv = await call('POST', '/operations/state-vectors', { spacecraftId: primaryId, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, ...PRIMARY_STATE });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      const base = await upload('base.3le', BASE);
      assert.equal(base.status, 200, JSON.stringify(base.body).slice(0, 500));
      assert.equal(base.body.results[0].storedCount, BASE.length);
    });

    after(async () => {
      if (server) await stopServerProcess(server);
      await db?.close();
      await database?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('killed while staging: none of the file visible after the restart; a later upload is in every screening; a re-upload stores the file whole', async () => {
      // about a third of the file's sets staged (hidden), the rest still to come
      await killDuring('big.3le', BIG, async () => (await count(`SELECT COUNT(*) AS n FROM catalog_element_sets WHERE organization_id = ? AND batch_id <> 0`, [organizationId])) >= BIG_SETS / 3);
      assert.equal(await count(`SELECT COUNT(*) AS n FROM staged_writes WHERE owner_kind = 'catalog_upload'`), 1, 'the dead batch is still there, hidden');
      assert.equal(await listedTotal(), BASE.length, 'nothing of the killed file is listed');
      assert.equal((await call('GET', `/operations/catalog/objects/${BIG[0]!.noradId}`)).status, 404);
      assert.equal((await call('GET', `/operations/catalog/objects/${BASE[0]!.noradId}`)).status, 200);

      // an upload published after the dead batch was opened (its ids are above the dead rows): in the snapshot
      const later = await upload('later.3le', LATER);
      assert.equal(later.status, 200, JSON.stringify(later.body).slice(0, 500));
      assert.equal(later.body.results[0].storedCount, LATER.length);
      assert.equal(await screenedObjects(), BASE.length + LATER.length, 'every published set, none of the dead batch');

      // the re-upload waits for the dead batch's lease, deletes its rows and stores every set: none "already known"
      const again = await upload('big.3le', BIG);
      assert.equal(again.status, 200, JSON.stringify(again.body).slice(0, 500));
      assert.equal(again.body.results[0].storedCount, BIG.length);
      assert.equal(again.body.results[0].alreadyKnownCount, 0);
      assert.equal(await listedTotal(), BASE.length + LATER.length + BIG.length);
      assert.equal((await call('GET', `/operations/catalog/objects/${BIG[0]!.noradId}`)).status, 200);
      assert.equal(await count(`SELECT COUNT(*) AS n FROM staged_writes`), 0, 'no batch left behind');
      assert.equal(await screenedObjects(), BASE.length + LATER.length + BIG.length);
    });

    test('killed with every chunk staged (publishing): the whole file or none of it, the list, the objects and a screening agree', async () => {
      const total = BASE.length + LATER.length + BIG.length;
      await killDuring('newer.3le', NEWER, async () => (await count(`SELECT COUNT(*) AS n FROM catalog_element_sets WHERE organization_id = ? AND batch_id <> 0 AND batch_id IN (SELECT id FROM staged_writes)`, [organizationId])) >= NEWER.length
        || (await count(`SELECT COUNT(*) AS n FROM catalog_object_refreshes`)) > 0);
      const epochs = await listedEpochs();
      assert.equal(epochs.size, total, 'the same objects are listed');
      const newerShown = NEWER.filter((s) => epochs.get(s.noradId) === epochOf(s)).length;
      const object = (await call('GET', `/operations/catalog/objects/${NEWER[0]!.noradId}`)).body;
      if (newerShown === 0) {
        // not published: none of it anywhere, and the next upload of the file stores it whole
        assert.equal(object.epoch, epochOf(BIG[0]!));
        assert.equal(object.setCount, 1);
        const again = await upload('newer.3le', NEWER);
        assert.equal(again.body.results[0].storedCount, NEWER.length, JSON.stringify(again.body).slice(0, 500));
      } else {
        assert.equal(newerShown, NEWER.length, 'published: every set of it, at once');
        assert.equal(object.epoch, epochOf(NEWER[0]!));
        assert.equal(object.setCount, 2);
      }
      const listedAfter = await listedEpochs();
      assert.equal(NEWER.filter((s) => listedAfter.get(s.noradId) === epochOf(s)).length, NEWER.length);
      assert.equal(await screenedObjects(), total);
    });

    test('killed after publishing, before the object list was refreshed: the list shows every newer set at once after the restart', async () => {
      // ranges are queued only by the transaction that publishes the file
      const started = new Date().toISOString();
      await killDuring('newer-again.3le', NEWER_AGAIN, async () => (await count(`SELECT COUNT(*) AS n FROM catalog_object_refreshes WHERE organization_id = ? AND created_at >= ?`, [organizationId, started])) > 0);
      const epochs = await listedEpochs();
      assert.equal(epochs.size, BASE.length + LATER.length + BIG.length + NEW_OBJECTS, 'every new object is listed');
      const stale = NEWER_AGAIN.filter((s) => epochs.get(s.noradId) !== epochOf(s));
      assert.deepEqual(stale.slice(0, 5).map((s) => s.noradId), [], `${stale.length} objects still show an older set`);
      assert.equal(await count(`SELECT COUNT(*) AS n FROM catalog_object_refreshes`), 0, 'every queued range ran at the start');
      // the filters read the same rows: a perigee band counts the current sets in it
      const current = [...BASE, ...LATER, ...NEWER_AGAIN];
      const inBand = current.filter((s) => { const p = gpOrbitSize(s).perigeeAltitudeKm; return p >= 500 && p <= 600; }).length;
      const band = await call('GET', '/operations/catalog/objects?size=1&minPerigeeKm=500&maxPerigeeKm=600');
      assert.equal(band.body.totalElements, inBand);
      const again = await upload('newer-again.3le', NEWER_AGAIN);
      assert.equal(again.body.results[0].status, 'duplicate', JSON.stringify(again.body).slice(0, 300));
    });
  });
}
