/** GET /operations/spacecraft: filters, paging, sorting, organization scoping. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let key: string;
let otherOrgKey: string;
const ids: Record<string, string> = {};

async function create(body: Record<string, unknown>, secret = key): Promise<Record<string, any>> {
  await new Promise((resolve) => setTimeout(resolve, 3)); // distinct createdAt for the default order
  const response = await service.request('POST', '/operations/spacecraft', { key: secret, json: body });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as Record<string, any>;
}

async function list(query: string, secret = key): Promise<{ status: number; body: any }> {
  const response = await service.request('GET', `/operations/spacecraft${query}`, { key: secret });
  return { status: response.status, body: await response.json() };
}

async function names(query: string): Promise<string[]> {
  const { status, body } = await list(query);
  assert.equal(status, 200, JSON.stringify(body));
  return body.content.map((item: any) => item.name);
}

before(async () => {
  service = await createTestService();
  key = (await service.key({ organization: 'list-a' })).secret;
  otherOrgKey = (await service.key({ organization: 'list-b' })).secret;
  ids.iss = (await create({ name: 'ISS (ZARYA)', noradId: 25544, cosparId: '1998-067A', externalKey: 'iss', color: '#AA0000' })).id;
  ids.hubble = (await create({ name: 'Hubble', noradId: 20580, cosparId: '1990-037B', externalKey: 'hst' })).id;
  ids.tiny = (await create({ name: 'Tiny', noradId: 5 })).id;
  ids.retired = (await create({ name: 'Retired', noradId: 11111, externalKey: 'old' })).id;
  ids.unnumbered = (await create({ name: 'Élan' })).id;
  const archive = await service.request('PUT', `/operations/spacecraft/${ids.retired}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' } });
  assert.equal(archive.status, 200);
  // Another organization's craft share a name, NORAD id and external key with ours.
  await create({ name: 'Hubble', noradId: 20580, externalKey: 'hst', cosparId: '1990-037B' }, otherOrgKey);
  await create({ name: 'Foreign only' }, otherOrgKey);
});
after(async () => {
  await service.close();
});

describe('summaries', () => {
  test('items carry exactly the summary fields', async () => {
    const { body } = await list('?externalKey=iss');
    assert.equal(body.content.length, 1);
    const item = body.content[0];
    assert.deepEqual(Object.keys(item).sort(), [
      'color', 'cosparId', 'createdAt', 'externalKey', 'id', 'lifecycleStatus', 'name', 'noradId', 'updatedAt',
    ]);
    assert.equal(item.id, ids.iss);
    assert.equal(item.noradId, 25544);
    assert.equal(item.color, '#AA0000');
    assert.equal(item.lifecycleStatus, 'Active');
  });

  test('only the caller organization\'s craft are listed', async () => {
    const ours = await names('?includeArchived=true&sort=name,asc');
    // Folded names compare by code point, so 'élan' sorts after 'tiny'.
    assert.deepEqual(ours, ['Hubble', 'ISS (ZARYA)', 'Retired', 'Tiny', 'Élan']);
    const { body } = await list('?includeArchived=true', otherOrgKey);
    assert.deepEqual(body.content.map((i: any) => i.name).sort(), ['Foreign only', 'Hubble']);
  });
});

function byFolded(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

describe('status and includeArchived', () => {
  test('default lists Active only', async () => {
    assert.ok(!(await names('')).includes('Retired'));
    assert.equal((await list('')).body.totalElements, 4);
  });
  test('includeArchived=false lists Active only; true lists all', async () => {
    assert.equal((await list('?includeArchived=false')).body.totalElements, 4);
    assert.equal((await list('?includeArchived=true')).body.totalElements, 5);
  });
  test('status wins over includeArchived', async () => {
    assert.deepEqual(await names('?status=Archived'), ['Retired']);
    assert.deepEqual(await names('?status=Archived&includeArchived=false'), ['Retired']);
    assert.equal((await list('?status=Active&includeArchived=true')).body.totalElements, 4);
  });
  test('invalid status or includeArchived → 400', async () => {
    const status = await list('?status=archived');
    assert.equal(status.status, 400);
    assert.ok('status' in status.body.fieldErrors);
    const include = await list('?includeArchived=yes');
    assert.equal(include.status, 400);
    assert.ok('includeArchived' in include.body.fieldErrors);
  });
});

describe('exact filters', () => {
  test('noradId: canonical decimal text matches; leading zeros are significant and match nothing', async () => {
    assert.deepEqual(await names('?noradId=25544'), ['ISS (ZARYA)']);
    assert.deepEqual(await names('?noradId=025544'), []);
    assert.deepEqual(await names('?noradId=00025544'), []);
    assert.deepEqual(await names('?noradId=5'), ['Tiny']);
    assert.deepEqual(await names('?noradId=00005'), []);
    assert.deepEqual(await names('?noradId=%2B25544'), []);
    assert.deepEqual(await names('?noradId=25544.0'), []);
    assert.deepEqual(await names('?noradId=abc'), []);
    assert.deepEqual(await names('?noradId=11111'), [], 'archived craft stay hidden');
    assert.deepEqual(await names('?noradId=11111&includeArchived=true'), ['Retired']);
  });
  test('cosparId exact', async () => {
    assert.deepEqual(await names('?cosparId=1990-037B'), ['Hubble']);
    assert.deepEqual(await names('?cosparId=1990-037b'), []);
    assert.deepEqual(await names('?cosparId=1990-037'), []);
  });
  test('name case-insensitive exact (Unicode)', async () => {
    assert.deepEqual(await names('?name=hubble'), ['Hubble']);
    assert.deepEqual(await names('?name=HUBBLE'), ['Hubble']);
    assert.deepEqual(await names(`?name=${encodeURIComponent('iss (zarya)')}`), ['ISS (ZARYA)']);
    assert.deepEqual(await names(`?name=${encodeURIComponent('ÉLAN')}`), ['Élan']);
    assert.deepEqual(await names('?name=Hub'), [], 'not a prefix match');
  });
  test('externalKey exact', async () => {
    assert.deepEqual(await names('?externalKey=hst'), ['Hubble']);
    assert.deepEqual(await names('?externalKey=HST'), []);
  });
  test('filters combine with AND', async () => {
    assert.deepEqual(await names('?name=hubble&noradId=20580&cosparId=1990-037B&externalKey=hst'), ['Hubble']);
    assert.deepEqual(await names('?name=hubble&noradId=25544'), []);
  });
  test('length limits: noradId 63, cosparId 20, name 100, externalKey 64', async () => {
    const ok = [`noradId=${'1'.repeat(63)}`, `cosparId=${'c'.repeat(20)}`, `name=${'n'.repeat(100)}`, `externalKey=${'k'.repeat(64)}`];
    for (const query of ok) assert.equal((await list(`?${query}`)).status, 200, query);
    const tooLong: Array<[string, string]> = [
      ['noradId', '1'.repeat(64)], ['cosparId', 'c'.repeat(21)], ['name', 'n'.repeat(101)], ['externalKey', 'k'.repeat(65)],
    ];
    for (const [field, value] of tooLong) {
      const { status, body } = await list(`?${field}=${value}`);
      assert.equal(status, 400, field);
      assert.equal(body.error, 'VALIDATION_ERROR');
      assert.ok(field in body.fieldErrors, field);
    }
  });
});

describe('paging and sorting', () => {
  test('page envelope and page walking', async () => {
    const first = await list('?includeArchived=true&size=2&sort=name,asc');
    assert.equal(first.status, 200);
    assert.deepEqual(
      { ...first.body, content: first.body.content.map((i: any) => i.name) },
      { content: ['Hubble', 'ISS (ZARYA)'], totalElements: 5, totalPages: 3, number: 0, size: 2, numberOfElements: 2, first: true, last: false, empty: false },
    );
    const last = await list('?includeArchived=true&size=2&page=2&sort=name,asc');
    assert.equal(last.body.numberOfElements, 1);
    assert.equal(last.body.last, true);
    assert.equal(last.body.first, false);
    const beyond = await list('?includeArchived=true&size=2&page=5');
    assert.equal(beyond.body.empty, true);
    assert.deepEqual(beyond.body.content, []);
  });
  test('sort by name is case-insensitive; desc reverses', async () => {
    const asc = await names('?includeArchived=true&sort=name,asc');
    assert.deepEqual(asc, [...asc].sort(byFolded));
    assert.deepEqual(await names('?includeArchived=true&sort=name,desc'), [...asc].reverse());
  });
  test('sort by noradId (craft without one first ascending)', async () => {
    assert.deepEqual(await names('?sort=noradId,asc'), ['Élan', 'Tiny', 'Hubble', 'ISS (ZARYA)']);
    assert.deepEqual(await names('?sort=noradId,desc'), ['ISS (ZARYA)', 'Hubble', 'Tiny', 'Élan']);
  });
  test('default order is createdAt ascending', async () => {
    assert.deepEqual(await names(''), ['ISS (ZARYA)', 'Hubble', 'Tiny', 'Élan']);
    assert.deepEqual(await names('?sort=createdAt,desc'), ['Élan', 'Tiny', 'Hubble', 'ISS (ZARYA)']);
  });
  test('sort by updatedAt', async () => {
    const patched = await service.request('PATCH', `/operations/spacecraft/${ids.iss}`, { key, json: { dragArea: 1 } });
    assert.equal(patched.status, 200);
    const order = await names('?sort=updatedAt,desc');
    assert.equal(order[0], 'ISS (ZARYA)');
  });
  test('unknown sort field, bad direction, bad page or size → 400', async () => {
    for (const query of ['sort=mass,asc', 'sort=organizationId', 'sort=name,up', 'page=-1', 'size=0', 'size=1001', 'page=x']) {
      const { status, body } = await list(`?${query}`);
      assert.equal(status, 400, query);
      assert.equal(body.error, 'VALIDATION_ERROR', query);
    }
  });
});
