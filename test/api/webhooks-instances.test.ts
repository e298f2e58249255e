/**
 * The webhook outbox across instances: two servers on one database (the embedded file, or the
 * libSQL server of a sqld run), both delivering. The receiver holds the first attempt of the first two messages open;
 * one server is then killed (SIGKILL of its process group) in the middle of its attempt. The other takes the killed
 * one's delivery over once its lease has run out (JOB_LEASE_MS) and delivers it: every message is delivered (nothing
 * lost), and the receiver, which counts the attempts of each webhook-id in flight at once, never sees two at the same
 * time (the lease: one attempt at a time across instances).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { openDatabase, type Db } from '../../storage/sql/db.ts';
import { testDatabase, type TestDatabase } from '../helpers/database.ts';
import { callServer, RUNTIMES, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/serverProcess.ts';
import { mintKey } from '../helpers/service.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';

type Json = Record<string, any>;
const MESSAGES = 5;

for (const runtime of RUNTIMES) {
  describe(`webhook deliveries survive a killed instance (${runtime})`, { timeout: 300_000 }, () => {
    let dir: string;
    let database: TestDatabase;
    let db: Db;
    let receiver: WebhookReceiver;
    let servers: ServerProcess[] = [];
    let key: string;

    const call = (server: ServerProcess, method: string, path: string, json?: unknown) => callServer(server, key, method, path, json);

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `apsis-webhooks-instances-${runtime}-`));
      database = await testDatabase(dir);
      receiver = await startWebhookReceiver();
      const env = {
        DATABASE_URL: database.url, APSIS_DATA_DIR: join(dir, 'earth-data'), APSIS_DATA_CHECK_INTERVAL_S: '0',
        WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_BASE_MS: '200', JOB_LEASE_MS: '3000',
        // the held attempt of the instance that survives ends by this timeout (then is retried)
        WEBHOOK_TIMEOUT_MS: '8000',
      };
      servers = [await startServerProcess(runtime, env), await startServerProcess(runtime, env)];
      db = await openDatabase({ url: database.url });
      key = (await mintKey(db, { organization: 'instances' })).secret;
    });
    after(async () => {
      for (const server of servers) await stopServerProcess(server);
      await receiver?.close();
      await db?.close();
      await database?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('one instance killed mid-delivery: the other takes it over after the lease; every message delivered, never two attempts at once', async () => {
      // the first attempt of the first two messages is held open (one per instance: each runs one attempt at a time)
      const heldIds = new Set<string>();
      receiver.on('/hold', (attempt, hook) => {
        if (attempt === 1 && heldIds.size < 2) {
          heldIds.add(hook.id);
          return 'hold';
        }
        return 200;
      });
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const created = await call(a, 'POST', '/operations/webhooks', { url: receiver.url('/hold'), eventTypes: ['job.failed'] });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const subscription = created.body;
      const ids: string[] = [];
      for (let n = 0; n < MESSAGES; n++) {
        // queued through both instances
        const sent = await call(n % 2 === 0 ? a : b, 'POST', `/operations/webhooks/${subscription.id}/test`);
        assert.equal(sent.status, 202, JSON.stringify(sent.body));
        ids.push(sent.body.delivery.id);
      }
      await receiver.until(() => heldIds.size === 2, 30_000, 'two attempts held');
      // which instance holds which is not known here, nor needed: A dies holding one
      a.signal('SIGKILL');
      await a.exited();
      const deadline = Date.now() + 90_000;
      let log: Json[] = [];
      while (Date.now() < deadline) {
        log = (await call(b, 'GET', `/operations/webhooks/${subscription.id}/deliveries?size=100`)).body.content;
        if (log.length === MESSAGES && log.every((d) => d.status === 'SUCCEEDED')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.deepEqual(log.map((d) => d.status), new Array(MESSAGES).fill('SUCCEEDED'), JSON.stringify(log.map((d) => [d.id, d.status, d.attempts, d.lastError])));
      assert.deepEqual(new Set(log.map((d) => d.id)), new Set(ids));
      // every message reached the receiver with a valid signature, the held ones on a later attempt
      const verifier = new Webhook(subscription.secret);
      for (const id of ids) {
        const hooks = receiver.received.filter((h) => h.id === id);
        assert.ok(hooks.length >= 1, `${id} was delivered`);
        for (const hook of hooks) assert.equal((verifier.verify(hook.body, hook.headers) as Json).type, 'webhook.test');
      }
      for (const id of heldIds) assert.ok((log.find((d) => d.id === id)?.attempts ?? 0) >= 2, `held ${id} was attempted again`);
      // never two attempts of one message in flight at once
      for (const [id, most] of receiver.maxConcurrentById) assert.equal(most, 1, `${id}: ${most} attempts at once`);
      // the killed instance's delivery was taken over from its expired lease (claimed_from RUNNING)
      const takenOver = await db.execute({ sql: `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE subscription_id = ? AND claimed_from = 'RUNNING'`, args: [subscription.id] });
      assert.ok(Number(takenOver.rows[0]!.n) >= 1, 'a lease takeover');
    });
  });
}
