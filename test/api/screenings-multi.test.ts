/**
 * One screening on two server processes sharing one database (a file, or a libSQL server on a sqld run): both instances run chunks, no chunk
 * runs twice (one attempt each, one owner each, the merge once), and the merged result equals the one-process result
 * of the same request, approach for approach (the same numbers to the last bit: every pair's search reads only the
 * pair, the span and the volume, and the merge sorts in one total order).
 *
 * The catalog: 3,000 synthetic objects of bench/lib/syntheticCatalog.ts (stored through storage/catalog.ts); two
 * primaries (a 53° and a sun-synchronous spacecraft, propagated with their force model); 7 days; sphere of 50 km;
 * chunks of 200 objects (15 SCREEN chunks and the merge). Each process has one worker and looks for chunks every
 * 200 ms; the second one's worker is warmed up (a TLE fit loads the propagation modules) before the shared screening,
 * so that both start from the same footing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { listScreeningChunks } from '../../storage/screenings.ts';
import { mintKey } from '../helpers/service.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { circularState, EPOCH, PRIMARY_STATE, runScreeningOn, smallCatalog, storeCatalog } from './screenings.helpers.ts';

type Json = Record<string, any>;
const SCREENINGS = '/operations/conjunctions/screenings';

describe('one screening on two server processes sharing one database', { timeout: 900_000 }, () => {
  let dir: string;
  let env: Record<string, string>;
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess | null = null;
  let db: Db;
  let key: string;
  let body: Json;

  const call = async (server: ServerProcess, method: string, path: string, json?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const screen = (server: ServerProcess) => runScreeningOn(server, key, body);


  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-screening-multi-'));
    database = await testDatabase(dir);
    env = { DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0', WORKERS: '1', SCREENING_POLL_MS: '200' };
    first = await startServerProcess('node', env);
    db = await openDatabase({ url: env.DATABASE_URL! });
    const minted = await mintKey(db, { organization: 'multi' });
    key = minted.secret;
    await storeCatalog(db, minted.organizationId, smallCatalog(3000, 7));
    const primaries: string[] = [];
    for (const [name, state] of [['MULTI-53', PRIMARY_STATE], ['MULTI-SSO', circularState(7078.137, 98.2)]] as const) {
      const craft = await call(first, 'POST', '/operations/spacecraft', { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 });
      assert.equal(craft.status, 201, JSON.stringify(craft.body));
      const sv = await call(first, 'POST', '/operations/state-vectors', { spacecraftId: craft.body.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity });
      assert.equal(sv.status, 201, JSON.stringify(sv.body));
      primaries.push(craft.body.id);
    }
    body = {
      primaries: primaries.map((spacecraftId) => ({ spacecraftId })),
      secondaries: 'CATALOG',
      start: EPOCH,
      durationDays: 7,
      volume: { shape: 'SPHERE', radiusKm: 50 },
      pcThreshold: 1,
      secondariesPerChunk: 200,
    };
  });

  after(async () => {
    if (second) await stopServerProcess(second);
    if (first) await stopServerProcess(first);
    await db?.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('both instances run chunks, none twice, and the result equals the one-process result', async () => {
    const alone = await screen(first);
    assert.ok(alone.approaches.length > 0, 'the catalog gives approaches to compare');
    const aloneOwners = new Set(alone.view.chunks.map((c: Json) => c.ranBy));
    assert.equal(aloneOwners.size, 1, 'one process: one owner');

    second = await startServerProcess('node', env);
    const warm = await fetch(`http://127.0.0.1:${second.port}/operations/spacecraft/${body.primaries[0].spacecraftId}/tle?epoch=${encodeURIComponent(EPOCH)}`, { headers: { Authorization: `Bearer ${key}` } });
    assert.equal(warm.status, 200, await warm.text());
    const shared = await screen(first);
    const chunks = await listScreeningChunks(db, shared.view.id);
    const screenChunks = chunks.filter((c) => c.kind === 'SCREEN');
    assert.equal(screenChunks.length, 15);
    const owners = new Set(screenChunks.map((c) => c.ranBy));
    assert.equal(owners.size, 2, `both instances ran chunks: ${JSON.stringify(screenChunks.map((c) => c.ranBy))}`);
    for (const c of chunks) {
      assert.equal(c.status, 'SUCCEEDED');
      assert.equal(c.attempts, 1, `chunk ${c.index} ran once`);
      assert.deepEqual(c.attemptOwners, [c.ranBy], `chunk ${c.index}: one owner`);
    }
    assert.equal(chunks.filter((c) => c.kind === 'MERGE').length, 1);
    assert.ok(owners.has(shared.view.mergedBy), 'merged by one of the instances, once');
    const comparable = (a: Json) => ({ ...a, cdmId: undefined, conjunctionEventId: undefined });
    assert.equal(shared.approaches.length, alone.approaches.length);
    assert.deepEqual(shared.approaches.map(comparable), alone.approaches.map(comparable));
    assert.deepEqual(shared.view.counts, alone.view.counts);
    assert.deepEqual(shared.view.issues, alone.view.issues);
    console.log(`# two processes: ${alone.approaches.length} approaches; chunks per instance ${JSON.stringify([...owners].map((o) => screenChunks.filter((c) => c.ranBy === o).length))}`);
  });
});
