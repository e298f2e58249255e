/**
 * Webhooks, over the socket on `npm start` and `deno task start` (WEBHOOK_ALLOW_PRIVATE=true: the
 * receiver is this test's, on loopback): a subscription, real changes (a CDM upload → conjunction.created and
 * conjunction.cdm_received; a fleet screening → screening.finished) delivered with Standard Webhooks signatures that
 * the library's own `Webhook.verify` accepts; a receiver that answers 500 twice then 200 (delivered on attempt 3, the
 * log says so); redirects not followed; disabling after WEBHOOK_DISABLE_AFTER failures, with the reason; the test
 * event; another organization's subscription is 404; the delivery counter of /metrics. A target on loopback without
 * the flag is refused with 422 naming `url` (an in-process service with the default configuration).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { createTestService, filesForm } from '../helpers/service.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.ts';
import { cdmVariant } from './conjunctions.helpers.ts';
import { CROSSER_STATE, EPOCH as SCREENING_EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';

type Json = Record<string, any>;

const WIRE_ENV = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_POLL_MS: '200',
  WEBHOOK_DISABLE_AFTER: '3',
  WEBHOOK_TIMEOUT_MS: '5000',
};

/** Polls `read` until `done` holds for its answer (every 100 ms), or fails after `timeoutMs`. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const runtime of RUNTIMES) {
  describe(`webhooks (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    let receiver: WebhookReceiver;
    let key: string;
    let otherKey: string;
    const json = async (response: Response): Promise<Json> => (await response.json()) as Json;
    const subscribe = async (path: string, eventTypes: string[]) => {
      const response = await svc.request('POST', '/operations/webhooks', { key, json: { url: receiver.url(path), eventTypes, description: `receiver ${path}` } });
      assert.equal(response.status, 201, await response.clone().text());
      const created = await json(response);
      assert.equal(response.headers.get('location'), `/operations/webhooks/${created.id}`);
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
      return created;
    };
    const deliveries = async (id: string) => (await json(await svc.request('GET', `/operations/webhooks/${id}/deliveries?sort=createdAt,asc&size=100`, { key }))).content as Json[];

    before(async () => {
      receiver = await startWebhookReceiver();
      svc = await startWireService(runtime, WIRE_ENV);
      key = (await svc.key({ organization: 'hooks' })).secret;
      otherKey = (await svc.key({ organization: 'hooks-other' })).secret;
    });
    after(async () => {
      await svc?.close();
      await receiver?.close();
    });

    test('real changes delivered, signed (Webhook.verify accepts them), the secret shown once; a receiver failing twice gets it on attempt 3', async () => {
      receiver.on('/flaky', (attempt) => (attempt <= 2 ? 500 : 200));
      const ok = await subscribe('/ok', ['conjunction.created', 'conjunction.cdm_received', 'screening.finished']);
      const flaky = await subscribe('/flaky', ['conjunction.created']);
      // the secret is not shown again
      const read = await json(await svc.request('GET', `/operations/webhooks/${ok.id}`, { key }));
      assert.equal(read.secret, undefined);
      assert.deepEqual(read.eventTypes, ['conjunction.created', 'conjunction.cdm_received', 'screening.finished']);
      const listed = await json(await svc.request('GET', '/operations/webhooks?sort=createdAt,asc', { key }));
      assert.deepEqual(listed.content.map((s: Json) => s.id), [ok.id, flaky.id]);
      assert.ok(listed.content.every((s: Json) => s.secret === undefined));

      // OBJECT1 of Orekit's CDMExample files: NORAD 12345
      const craft = await json(await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'SATELLITE A', noradId: 12345 } }));
      const cdm = cdmVariant('CDMExample1.txt', { messageId: `HOOK-${runtime}`, creationDate: '2010-03-12T22:31:12.000', tca: '2010-03-13T22:37:52.618' });
      const uploaded = await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name: 'hook.cdm', content: cdm }]) });
      assert.equal(uploaded.status, 200, await uploaded.clone().text());
      const eventId = (await json(uploaded)).results[0].eventIds[0] as string;

      await receiver.until((r) => r.filter((h) => h.path === '/ok').length >= 2, 30_000, 'conjunction.created and conjunction.cdm_received at /ok');
      const atOk = receiver.received.filter((h) => h.path === '/ok');
      const verifier = new Webhook(ok.secret);
      const types = atOk.map((hook) => {
        // the library checks the signature and the timestamp's age (Standard Webhooks "Verifying signatures")
        const payload = verifier.verify(hook.body, hook.headers) as Json;
        assert.equal(hook.headers['content-type'], 'application/json');
        assert.equal(hook.id, hook.headers['webhook-id']);
        return payload;
      });
      const created = types.find((p) => p.type === 'conjunction.created')!;
      assert.ok(created, JSON.stringify(types));
      assert.equal(created.data.conjunctionId, eventId);
      assert.equal(created.data.primarySpacecraftId, craft.id);
      assert.equal(created.data.links.self, `/operations/conjunctions/${eventId}`);
      const received = types.find((p) => p.type === 'conjunction.cdm_received')!;
      assert.equal(received.data.conjunctionId, eventId);
      assert.equal(received.data.source, 'UPLOAD');
      assert.match(received.data.links.cdm, new RegExp(`^/operations/conjunctions/${eventId}/cdms/`));
      // signed with another secret: refused
      assert.throws(() => new Webhook(flaky.secret).verify(atOk[0]!.body, atOk[0]!.headers));
      // a changed body: refused
      assert.throws(() => verifier.verify(atOk[0]!.body.replace(eventId, 'tampered'), atOk[0]!.headers));

      // the flaky receiver: 500, 500, then 200 — one delivery, three attempts of one webhook-id, each signed afresh
      await receiver.until((r) => r.filter((h) => h.path === '/flaky').length >= 3, 30_000, 'three attempts at /flaky');
      const attempts = receiver.received.filter((h) => h.path === '/flaky');
      assert.equal(new Set(attempts.map((h) => h.id)).size, 1, 'the same webhook-id on every attempt');
      for (const hook of attempts) assert.equal((new Webhook(flaky.secret).verify(hook.body, hook.headers) as Json).type, 'conjunction.created');
      const [log] = await until('the flaky delivery SUCCEEDED', () => deliveries(flaky.id), (d) => d[0]?.status === 'SUCCEEDED');
      assert.equal(log!.attempts, 3);
      assert.equal(log!.lastStatusCode, 200);
      assert.equal(log!.eventType, 'conjunction.created');
      assert.equal(log!.id, attempts[0]!.id);
      assert.equal(log!.payload.data.conjunctionId, eventId);
      const flakyNow = await json(await svc.request('GET', `/operations/webhooks/${flaky.id}`, { key }));
      assert.equal(flakyNow.consecutiveFailures, 0, 'a success starts the count afresh');
      const okLog = await deliveries(ok.id);
      assert.deepEqual(okLog.map((d) => [d.eventType, d.status, d.attempts]).sort(), [['conjunction.cdm_received', 'SUCCEEDED', 1], ['conjunction.created', 'SUCCEEDED', 1]]);

      // the same CDM again: a duplicate, no change, nothing delivered
      const again = await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name: 'hook.cdm', content: cdm }]) });
      assert.equal(again.status, 200);
      assert.equal((await deliveries(ok.id)).length, 2);

      // a screening of two crossing crafts of the fleet → screening.finished
      const crafts: string[] = [];
      for (const [name, state] of [['HOOK-SCREEN-A', PRIMARY_STATE], ['HOOK-SCREEN-B', CROSSER_STATE]] as const) {
        const made = await json(await svc.request('POST', '/operations/spacecraft', { key, json: { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }));
        const sv = await svc.request('POST', '/operations/state-vectors', {
          key, json: { spacecraftId: made.id, epoch: SCREENING_EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity },
        });
        assert.equal(sv.status, 201, await sv.clone().text());
        crafts.push(made.id);
      }
      const screening = await svc.request('POST', '/operations/conjunctions/screenings', {
        key,
        json: { primaries: [{ spacecraftId: crafts[0] }], secondaries: 'FLEET', start: '2023-02-15T05:30:00Z', durationDays: 0.1, volume: { shape: 'SPHERE', radiusKm: 10 }, pcThreshold: 1e-7, secondariesPerChunk: 3000 },
      });
      assert.equal(screening.status, 202, await screening.clone().text());
      const screeningId = (await json(screening)).id as string;
      await receiver.until((r) => r.some((h) => h.path === '/ok' && h.body.includes('"screening.finished"')), 120_000, 'screening.finished');
      const finished = verifier.verify(receiver.received.find((h) => h.path === '/ok' && h.body.includes('"screening.finished"'))!.body,
        receiver.received.find((h) => h.path === '/ok' && h.body.includes('"screening.finished"'))!.headers) as Json;
      assert.equal(finished.data.screeningId, screeningId);
      assert.equal(finished.data.status, 'SUCCEEDED');
      assert.equal(finished.data.links.approaches, `/operations/conjunctions/screenings/${screeningId}/approaches`);
      assert.equal(typeof finished.data.approachCount, 'number');

      // /metrics counts the attempts by outcome
      const scraped = await (await svc.request('GET', '/metrics', { key })).text();
      const delivered = Number(/^apsis_webhook_deliveries_total\{outcome="delivered"\} (\d+)/m.exec(scraped)?.[1] ?? 0);
      const failed = Number(/^apsis_webhook_deliveries_total\{outcome="failed"\} (\d+)/m.exec(scraped)?.[1] ?? 0);
      assert.ok(delivered >= 4, scraped.split('\n').filter((l) => l.includes('webhook')).join('\n'));
      assert.ok(failed >= 2);
    });

    test('redirects are not followed (a 3xx is a failed attempt); the test event; disabled after WEBHOOK_DISABLE_AFTER failures, with the reason; enabled again', async () => {
      receiver.on('/moved', () => ({ status: 302, headers: { Location: receiver.url('/elsewhere') } }));
      const moved = await subscribe('/moved', ['job.failed']);
      const test1 = await svc.request('POST', `/operations/webhooks/${moved.id}/test`, { key });
      assert.equal(test1.status, 202, await test1.clone().text());
      const queued = (await json(test1)).delivery;
      assert.equal(queued.eventType, 'webhook.test');
      assert.equal(queued.status, 'QUEUED');
      await receiver.until((r) => r.some((h) => h.path === '/moved'), 30_000, 'the test event at /moved');
      const [first] = await until('the redirect recorded', () => deliveries(moved.id), (d) => (d[0]?.attempts ?? 0) >= 1 && d[0]?.status !== 'RUNNING');
      assert.equal(first!.lastStatusCode, 302);
      assert.match(first!.lastError, /redirect.*not followed/);
      const hook = receiver.received.find((h) => h.path === '/moved')!;
      assert.equal((new Webhook(moved.secret).verify(hook.body, hook.headers) as Json).type, 'webhook.test');

      // 302 again and again: after 3 failed attempts in a row the subscription is disabled and says why
      const disabled = await until('the subscription disabled', async () => json(await svc.request('GET', `/operations/webhooks/${moved.id}`, { key })), (s) => s.enabled === false);
      assert.ok(disabled.consecutiveFailures >= 3);
      assert.match(disabled.disabledReason, /disabled after 3 consecutive failed delivery attempts; last: the receiver answered 302/);
      assert.ok(!receiver.received.some((h) => h.path === '/elsewhere'), 'the redirect target was never requested');
      const [ended] = await deliveries(moved.id);
      assert.equal(ended!.status, 'CANCELLED', 'its queued retry is not attempted');

      // a test event still goes to a disabled subscription (to check the receiver), and counts like any attempt
      receiver.on('/moved', () => 204);
      const seen = receiver.received.filter((h) => h.path === '/moved').length;
      assert.equal((await svc.request('POST', `/operations/webhooks/${moved.id}/test`, { key })).status, 202);
      await receiver.until((r) => r.filter((h) => h.path === '/moved').length > seen, 30_000, 'the second test event');
      const log = await until('the test delivered', () => deliveries(moved.id), (d) => d.some((x) => x.status === 'SUCCEEDED'));
      assert.equal(log.filter((d) => d.status === 'SUCCEEDED')[0]!.lastStatusCode, 204);
      const patched = await svc.request('PATCH', `/operations/webhooks/${moved.id}`, { key, json: { enabled: true } });
      assert.equal(patched.status, 200);
      const enabled = await json(patched);
      assert.equal(enabled.enabled, true);
      assert.equal(enabled.disabledReason, null);
      assert.equal(enabled.consecutiveFailures, 0);
    });

    test('another organization’s subscription is 404; bad input is 400 naming the field; delete', async () => {
      const mine = await subscribe('/ok', ['product.ready']);
      for (const [method, path, body] of [
        ['GET', `/operations/webhooks/${mine.id}`, undefined],
        ['PATCH', `/operations/webhooks/${mine.id}`, { enabled: false }],
        ['DELETE', `/operations/webhooks/${mine.id}`, undefined],
        ['GET', `/operations/webhooks/${mine.id}/deliveries`, undefined],
        ['POST', `/operations/webhooks/${mine.id}/test`, undefined],
      ] as const) {
        const response = await svc.request(method, path, { key: otherKey, ...(body ? { json: body } : {}) });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal((await json(response)).error, 'WEBHOOK_NOT_FOUND');
      }
      assert.equal((await json(await svc.request('GET', '/operations/webhooks', { key: otherKey }))).totalElements, 0);
      const unknownType = await svc.request('POST', '/operations/webhooks', { key, json: { url: receiver.url('/ok'), eventTypes: ['conjunction.deleted'] } });
      assert.equal(unknownType.status, 400);
      assert.ok(Object.keys((await json(unknownType)).fieldErrors).some((f) => f.startsWith('eventTypes')));
      const noTypes = await svc.request('POST', '/operations/webhooks', { key, json: { url: receiver.url('/ok'), eventTypes: [] } });
      assert.equal(noTypes.status, 400);
      const ftp = await svc.request('POST', '/operations/webhooks', { key, json: { url: 'ftp://example.org/x', eventTypes: ['job.failed'] } });
      assert.equal(ftp.status, 422);
      assert.match((await json(ftp)).fieldErrors.url, /scheme must be https or http/);
      assert.equal((await svc.request('DELETE', `/operations/webhooks/${mine.id}`, { key })).status, 204);
      assert.equal((await svc.request('GET', `/operations/webhooks/${mine.id}`, { key })).status, 404);
    });
  });
}

describe('webhook targets without WEBHOOK_ALLOW_PRIVATE', { timeout: 120_000 }, () => {
  test('loopback, private, link-local and unique-local targets are refused with 422 naming url; a public one is taken', async () => {
    const svc = await createTestService();
    try {
      const key = (await svc.key()).secret;
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'https://10.1.2.3/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/']) {
        const response = await svc.request('POST', '/operations/webhooks', { key, json: { url, eventTypes: ['job.failed'] } });
        assert.equal(response.status, 422, url);
        const body = (await response.json()) as Json;
        assert.equal(body.error, 'WEBHOOK_TARGET_REFUSED');
        assert.match(body.fieldErrors.url, /WEBHOOK_ALLOW_PRIVATE/, url);
      }
      const created = await svc.request('POST', '/operations/webhooks', { key, json: { url: 'https://hooks.example.org/apsis', eventTypes: ['job.failed'] } });
      assert.equal(created.status, 201);
      const id = ((await created.json()) as Json).id as string;
      // a change of URL is checked too
      const patched = await svc.request('PATCH', `/operations/webhooks/${id}`, { key, json: { url: 'http://192.168.1.1/' } });
      assert.equal(patched.status, 422);
      assert.match(((await patched.json()) as Json).fieldErrors.url, /private/);
    } finally {
      await svc.close();
    }
  });
});
