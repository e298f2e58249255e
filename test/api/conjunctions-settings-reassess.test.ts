/**
 * A PUT of the conjunction settings never answers 5xx after it stored them ("a 500 never follows a
 * stored write"), on `npm start` and `deno task start`, over the socket. The stored CDMs' reassessment with the new
 * settings fails on a server whose assessment task has a 1 ms budget: the PUT answers 200 with a Warning and the new
 * settings are stored; the event keeps its earlier assessment. On a server with the usual budgets, the same settings
 * PUT again (nothing changed in them) finish the reassessment: no Warning, and the event follows.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';
import { filesForm, mintKey } from '../helpers/service.ts';
import { RUNTIMES, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { cdmVariant } from './conjunctions.helpers.ts';

type Json = Record<string, any>;
const SETTINGS = '/operations/conjunctions/settings';

for (const runtime of RUNTIMES) {
  describe(`a settings PUT whose reassessment fails (${runtime})`, { timeout: 300_000 }, () => {
    let dir: string;
    let database: TestDatabase;
    let env: Record<string, string>;
    let server: ServerProcess;
    let db: Db;
    let key: string;

    const call = async (method: string, path: string, init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
    };
    const restart = async (extra: Record<string, string>) => {
      await stopServerProcess(server);
      server = await startServerProcess(runtime, { ...env, ...extra });
    };

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `apsis-reassess-${runtime}-`));
      database = await testDatabase(dir);
      env = { DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0' };
      server = await startServerProcess(runtime, env);
      db = await openDatabase({ url: database.url });
      key = (await mintKey(db, { organization: 'reassess' })).secret;
    });
    after(async () => {
      if (server) await stopServerProcess(server);
      await db?.close();
      await database?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('200 with a Warning and the settings stored; the next PUT of the same settings finishes the reassessment', async () => {
      assert.equal((await call('POST', '/operations/spacecraft', { json: { name: 'SATELLITE A', noradId: 12345 } })).status, 201);
      const uploaded = await call('POST', '/operations/conjunctions/cdms', { body: filesForm([{ name: 'one.cdm', content: cdmVariant('CDMExample1.txt', {}) }]) });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body).slice(0, 400));
      const eventId = uploaded.body.results[0].eventIds[0] as string;
      assert.ok(eventId, JSON.stringify(uploaded.body).slice(0, 600));
      // the event's stored assessment, as the list shows it (the event's own GET computes on the pool too)
      const listed = async () => ((await call('GET', '/operations/conjunctions')).body.content as Json[]).find((e) => e.id === eventId)!;
      assert.equal((await listed()).pcMethod, 'LAAS_2015');

      await restart({ TASK_TIME_BUDGETS: 'conjunctions.assess=1' });
      const current = await fetch(`http://127.0.0.1:${server.port}${SETTINGS}`, { headers: { Authorization: `Bearer ${key}` } });
      const settings: Json = { ...((await current.json()) as Json), defaultPcMethod: 'CHAN_1997' };
      delete settings.updatedAt;
      const put = await call('PUT', SETTINGS, { json: settings, headers: { 'If-Match': current.headers.get('etag')! } });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.match(put.headers.get('warning') ?? '', /^299 apsis ".*could not all be assessed.*PUT the settings again/);
      assert.equal(put.body.defaultPcMethod, 'CHAN_1997');
      assert.equal((await call('GET', SETTINGS)).body.defaultPcMethod, 'CHAN_1997', 'stored');
      assert.equal((await listed()).pcMethod, 'LAAS_2015', 'not reassessed yet');

      await restart({});
      const again = await call('PUT', SETTINGS, { json: settings });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.headers.get('warning'), null);
      assert.equal((await listed()).pcMethod, 'CHAN_1997', 'reassessed by the PUT of the same settings');
    });
  });
}
