/**
 * The catalog asked for many NORAD ids in one request (the Space-Track guidance to clients — combine
 * ids in one query), over the socket on `npm start` and `deno task start`: `noradIds=…` on the object list (up to 500,
 * with the list's filters and paging), and POST /operations/catalog/objects/query for long lists (up to 10,000), which
 * also says which ids the catalog holds nothing of. Ids of another organization's catalog are missing here; bad ids
 * and too many are a 400 naming the field.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { filesForm } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';

type Json = Record<string, any>;
const THREE_LINE = readFileSync(new URL('../fixtures/conjunction/catalog/sample.3le', import.meta.url), 'utf8');
const HELD = [99001, 99002, 99003, 99004, 99005, 99006, 99007, 99008];

for (const runtime of RUNTIMES) {
  describe(`bulk catalog queries by NORAD id (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    let key: string;
    let otherKey: string;
    const get = async (path: string, secret = key) => {
      const response = await svc.request('GET', path, { key: secret });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const query = async (body: unknown, params = '', secret = key) => {
      const response = await svc.request('POST', `/operations/catalog/objects/query${params}`, { key: secret, json: body });
      return { status: response.status, body: (await response.json()) as Json };
    };
    before(async () => {
      svc = await startWireService(runtime);
      key = (await svc.key({ organization: 'bulk-a' })).secret;
      otherKey = (await svc.key({ organization: 'bulk-b' })).secret;
      const uploaded = await svc.request('POST', '/operations/catalog', { key, body: filesForm([{ name: 'sample.3le', content: THREE_LINE }]) });
      assert.equal(uploaded.status, 200, await uploaded.text());
    });
    after(async () => svc?.close());

    test('GET ?noradIds=…: only those listed (unknown ones not), with the filters and paging', async () => {
      const some = await get('/operations/catalog/objects?noradIds=99005,99001,123,99003&sort=noradId,asc');
      assert.equal(some.status, 200, JSON.stringify(some.body));
      assert.deepEqual(some.body.content.map((o: Json) => o.noradId), [99001, 99003, 99005]);
      const paged = await get('/operations/catalog/objects?noradIds=99001,99002,99003,99004&size=2&page=1');
      assert.deepEqual([paged.body.totalElements, paged.body.content.map((o: Json) => o.noradId)], [4, [99003, 99004]]);
      const high = await get(`/operations/catalog/objects?noradIds=${HELD.join(',')}&minApogeeKm=30000`);
      assert.ok(high.body.totalElements >= 1 && high.body.content.every((o: Json) => o.apogeeKm >= 30000), JSON.stringify(high.body));
      assert.equal((await get(`/operations/catalog/objects?noradIds=${HELD.join(',')}`, otherKey)).body.totalElements, 0, 'another organization’s catalog');
    });

    test('GET ?noradIds=…: a bad id or more than 500 is a 400 naming noradIds', async () => {
      for (const bad of ['99001,abc', '99001,,99002', '-5', '1234567890', `${Array.from({ length: 501 }, (_, k) => k).join(',')}`]) {
        const answer = await get(`/operations/catalog/objects?noradIds=${bad}`);
        assert.equal(answer.status, 400, `${bad.slice(0, 30)}: ${JSON.stringify(answer.body)}`);
        assert.ok(answer.body.fieldErrors?.noradIds, JSON.stringify(answer.body));
      }
    });

    test('POST …/objects/query: thousands of ids in one request, the page, and the ids not found', async () => {
      const ids = [...HELD, ...Array.from({ length: 9_000 }, (_, k) => 1_000_000 + k)];
      const answer = await query({ noradIds: ids }, '?size=5&sort=noradId,desc');
      assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 500));
      assert.equal(answer.body.totalElements, HELD.length);
      assert.deepEqual(answer.body.content.map((o: Json) => o.noradId), [...HELD].reverse().slice(0, 5));
      assert.equal(answer.body.missingNoradIds.length, 9_000);
      assert.deepEqual(answer.body.missingNoradIds.slice(0, 2), [1_000_000, 1_000_001]);
      const filtered = await query({ noradIds: [99001, 99004, 5], name: 'molniya' });
      assert.equal(filtered.status, 200, JSON.stringify(filtered.body));
      assert.deepEqual(filtered.body.missingNoradIds, [5], 'missing means not in the catalog, whatever the filters');
      assert.deepEqual((await query({ noradIds: HELD }, '', otherKey)).body.missingNoradIds, HELD, 'another organization’s catalog holds none of them');
    });

    test('POST …/objects/query: 400 naming the field for too many, bad or unknown fields', async () => {
      const cases: Array<[unknown, string]> = [
        [{ noradIds: Array.from({ length: 10_001 }, (_, k) => k) }, 'noradIds'],
        [{ noradIds: [] }, 'noradIds'],
        [{ noradIds: [1.5] }, 'noradIds.0'],
        [{ noradIds: [1], colour: 'red' }, ''],
      ];
      for (const [body, field] of cases) {
        const answer = await query(body);
        assert.equal(answer.status, 400, JSON.stringify(answer.body).slice(0, 300));
        if (field) assert.ok(Object.keys(answer.body.fieldErrors ?? {}).some((k) => k.startsWith(field)), JSON.stringify(answer.body.fieldErrors));
      }
    });
  });
}
