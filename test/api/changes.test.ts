/**
 * Change feeds, over the socket on `npm start` and `deno task start`: what changed after a token, in
 * seq order, with the next token — conjunction events (created, a CDM received, a risk change when the thresholds
 * change), CDMs received, screenings finished; the same items whatever the page size; an empty answer's token catches
 * the next change; a token of another feed or no token at all → 400 naming `after`; another organization sees
 * nothing; after the retention sweep removed changes a token had not seen → 410 CHANGE_TOKEN_EXPIRED.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pruneChanges } from '../../storage/changes.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { filesForm } from '../helpers/service.ts';
import { cdmVariant } from './conjunctions.helpers.ts';
import { CROSSER_STATE, EPOCH as SCREENING_EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';

type Json = Record<string, any>;

for (const runtime of RUNTIMES) {
  describe(`change feeds (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    let key: string;
    let otherKey: string;
    const json = async (response: Response): Promise<Json> => (await response.json()) as Json;
    const feed = async (path: string, query = '', secret = key) => {
      const response = await svc.request('GET', `${path}${query}`, { key: secret });
      assert.equal(response.status, 200, await response.clone().text());
      return json(response);
    };
    /** Every item of a feed after `token`, `limit` at a time, and the last token. */
    const readAll = async (path: string, limit: number, token?: string) => {
      const items: Json[] = [];
      for (;;) {
        const page = await feed(path, `?limit=${limit}${token ? `&after=${token}` : ''}`);
        items.push(...page.items);
        token = page.nextToken;
        assert.ok(page.items.length <= limit);
        if (!page.hasMore) return { items, token: token! };
      }
    };
    const upload = async (name: string, content: string) => {
      const response = await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name, content }]) });
      assert.equal(response.status, 200, await response.clone().text());
      return json(response);
    };

    before(async () => {
      svc = await startWireService(runtime, { SCREENING_POLL_MS: '200' });
      key = (await svc.key({ organization: 'feeds' })).secret;
      otherKey = (await svc.key({ organization: 'feeds-other' })).secret;
      const craft = await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'SATELLITE A', noradId: 12345 } });
      assert.equal(craft.status, 201);
    });
    after(async () => svc?.close());

    test('conjunctions and CDMs: created and updated after the token, in seq order, the same whatever the page size', async () => {
      const empty = await feed('/operations/conjunctions/changes');
      assert.deepEqual(empty.items, []);
      assert.equal(empty.hasMore, false);
      const base = 'CDMExample1.txt';
      await upload('e1-a.cdm', cdmVariant(base, { messageId: 'F1-A', creationDate: '2010-03-10T12:00:00.000', tca: '2010-03-13T22:37:52.618', statedPc: 1e-9 }));
      await upload('e1-b.cdm', cdmVariant(base, { messageId: 'F1-B', creationDate: '2010-03-11T12:00:00.000', tca: '2010-03-13T22:38:10.000', statedPc: 2e-8 }));
      await upload('e2.cdm', cdmVariant(base, { messageId: 'F2-A', creationDate: '2010-03-13T00:00:00.000', tca: '2010-03-14T22:30:00.000', statedPc: 3e-8 }));

      const all = await readAll('/operations/conjunctions/changes', 100);
      const types = all.items.map((i) => i.type);
      assert.deepEqual(types.filter((t) => t === 'conjunction.created').length, 2, JSON.stringify(types));
      assert.deepEqual(types.filter((t) => t === 'conjunction.cdm_received').length, 3);
      const seqs = all.items.map((i) => i.seq);
      assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b), 'in seq order');
      assert.equal(new Set(seqs).size, seqs.length);
      // the event's creation comes before its CDM's receipt (one transaction, created first)
      const firstCreated = all.items.find((i) => i.type === 'conjunction.created')!;
      const itsCdm = all.items.find((i) => i.type === 'conjunction.cdm_received' && i.data.conjunctionId === firstCreated.resourceId)!;
      assert.ok(firstCreated.seq < itsCdm.seq);
      assert.equal(firstCreated.resourceType, 'conjunction');
      assert.match(firstCreated.occurredAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const events = (await json(await svc.request('GET', '/operations/conjunctions', { key }))).content as Json[];
      assert.deepEqual(new Set(all.items.filter((i) => i.type === 'conjunction.created').map((i) => i.resourceId)), new Set(events.map((e) => e.id)));

      // one at a time: the same items
      const paged = await readAll('/operations/conjunctions/changes', 1);
      assert.deepEqual(paged.items, all.items);
      const cdms = await readAll('/operations/conjunctions/cdms/changes', 2);
      assert.deepEqual(cdms.items.map((i) => i.type), ['conjunction.cdm_received', 'conjunction.cdm_received', 'conjunction.cdm_received']);
      assert.deepEqual(cdms.items.map((i) => i.resourceType), ['cdm', 'cdm', 'cdm']);

      // nothing new: empty, and the token catches the next change
      const idle = await feed('/operations/conjunctions/changes', `?after=${all.token}`);
      assert.deepEqual(idle.items, []);
      await upload('e1-c.cdm', cdmVariant(base, { messageId: 'F1-C', creationDate: '2010-03-12T22:31:12.000', tca: '2010-03-13T22:37:52.618', statedPc: 4e-8 }));
      const next = await feed('/operations/conjunctions/changes', `?after=${idle.nextToken}`);
      assert.deepEqual(next.items.map((i: Json) => i.type), ['conjunction.cdm_received']);
      assert.ok(next.items[0].seq > seqs[seqs.length - 1]!);

      // new thresholds move every event to HIGH: conjunction.risk_changed, told with the settings' write
      const settings = await json(await svc.request('GET', '/operations/conjunctions/settings', { key }));
      const put = await svc.request('PUT', '/operations/conjunctions/settings', {
        key,
        json: { defaultHardBodyRadiusM: settings.defaultHardBodyRadiusM, riskThresholds: { mediumPc: 1e-12, highPc: 1e-11 }, eventGroupingWindowS: settings.eventGroupingWindowS, defaultPcMethod: settings.defaultPcMethod },
      });
      assert.equal(put.status, 200, await put.clone().text());
      const risk = await feed('/operations/conjunctions/changes', `?after=${next.nextToken}`);
      const changed = risk.items.filter((i: Json) => i.type === 'conjunction.risk_changed');
      assert.equal(changed.length, 2, JSON.stringify(risk.items));
      for (const item of changed) {
        assert.equal(item.data.riskLevel, 'HIGH');
        assert.notEqual(item.data.previousRiskLevel, 'HIGH');
        assert.equal(item.data.cause, 'REASSESSMENT');
      }
      // not in the CDM feed; not seen by another organization
      assert.ok((await readAll('/operations/conjunctions/cdms/changes', 100)).items.every((i) => i.type === 'conjunction.cdm_received'));
      assert.deepEqual((await feed('/operations/conjunctions/changes', '', otherKey)).items, []);
    });

    test('screenings: a finished screening is in its feed with its counts', async () => {
      const crafts: string[] = [];
      for (const [name, state] of [['FEED-SCREEN-A', PRIMARY_STATE], ['FEED-SCREEN-B', CROSSER_STATE]] as const) {
        const made = await json(await svc.request('POST', '/operations/spacecraft', { key, json: { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }));
        assert.equal((await svc.request('POST', '/operations/state-vectors', {
          key, json: { spacecraftId: made.id, epoch: SCREENING_EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity },
        })).status, 201);
        crafts.push(made.id);
      }
      const start = await feed('/operations/conjunctions/screenings/changes');
      assert.deepEqual(start.items, []);
      const created = await json(await svc.request('POST', '/operations/conjunctions/screenings', {
        key,
        json: { primaries: [{ spacecraftId: crafts[0] }], secondaries: 'FLEET', start: '2023-02-15T05:30:00Z', durationDays: 0.1, volume: { shape: 'SPHERE', radiusKm: 10 }, pcThreshold: 1e-7, secondariesPerChunk: 3000 },
      }));
      let token = start.nextToken as string;
      let items: Json[] = [];
      const deadline = Date.now() + 120_000;
      while (items.length === 0 && Date.now() < deadline) {
        const page = await feed('/operations/conjunctions/screenings/changes', `?after=${token}`);
        items = page.items;
        token = page.nextToken;
        if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.equal(items.length, 1, 'the screening finished');
      assert.equal(items[0]!.type, 'screening.finished');
      assert.equal(items[0]!.resourceId, created.id);
      const view = await json(await svc.request('GET', `/operations/conjunctions/screenings/${created.id}`, { key }));
      assert.equal(items[0]!.data.status, view.status);
      assert.equal(items[0]!.data.approachCount, view.approachCount);
    });

    test('bad tokens and limits are 400 naming the field; a token the retention sweep overtook is 410 CHANGE_TOKEN_EXPIRED', async () => {
      const cdmToken = (await feed('/operations/conjunctions/cdms/changes')).nextToken as string;
      for (const [query, field] of [
        [`?after=${cdmToken}`, 'after'],
        ['?after=not-a-token', 'after'],
        [`?after=${Buffer.from('{"f":"conjunctions","s":-1}').toString('base64url')}`, 'after'],
        ['?limit=0', 'limit'],
        ['?limit=1001', 'limit'],
        ['?limit=ten', 'limit'],
      ] as const) {
        const response = await svc.request('GET', `/operations/conjunctions/changes${query}`, { key });
        assert.equal(response.status, 400, query);
        const body = await json(response);
        assert.equal(body.error, 'VALIDATION_ERROR');
        assert.ok(body.fieldErrors[field], `${query}: ${JSON.stringify(body.fieldErrors)}`);
      }
      // a token from the start, and the changes after it removed by the retention sweep (as if they were older)
      const oldToken = Buffer.from('{"f":"conjunctions","s":0}').toString('base64url');
      assert.ok((await feed('/operations/conjunctions/changes', `?after=${oldToken}`)).items.length > 0);
      const removed = await pruneChanges(svc.db, new Date(Date.now() + 60_000).toISOString());
      assert.ok(removed > 0);
      const gone = await svc.request('GET', `/operations/conjunctions/changes?after=${oldToken}`, { key });
      assert.equal(gone.status, 410);
      const body = await json(gone);
      assert.equal(body.error, 'CHANGE_TOKEN_EXPIRED');
      assert.equal(body.code, 'changes.token.expired');
      assert.equal(body.status, 410);
      assert.equal(body.details.feed, 'conjunctions');
      // starting again without a token works, and its token is good
      const fresh = await feed('/operations/conjunctions/changes');
      assert.deepEqual(fresh.items, []);
      assert.deepEqual((await feed('/operations/conjunctions/changes', `?after=${fresh.nextToken}`)).items, []);
      // a token that had seen every change the sweep removed stays good (nothing was missed)
      assert.equal((await svc.request('GET', `/operations/conjunctions/cdms/changes?after=${cdmToken}`, { key })).status, 200);
    });
  });
}
