/**
 * The repository functions other features call: findSpacecraftById and resolveSpacecraft
 * (maneuver import and measurement upload resolve identifiers to "unique match only").
 * Craft are created over HTTP; the functions are called as those features will call them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { findSpacecraftById, resolveSpacecraft } from '../../storage/spacecraft.ts';
import { type ResolutionKind } from '../../domain/spacecraft/model.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let orgA: string;
let orgB: string;
const ids: Record<string, string> = {};
const ALL: ResolutionKind[] = ['id', 'externalKey', 'name', 'noradId', 'cosparId'];

async function create(secret: string, body: Record<string, unknown>): Promise<string> {
  const response = await service.request('POST', '/operations/spacecraft', { key: secret, json: body });
  assert.equal(response.status, 201);
  return ((await response.json()) as any).id;
}

before(async () => {
  service = await createTestService();
  const a = await service.key({ organization: 'resolve-a' });
  const b = await service.key({ organization: 'resolve-b' });
  orgA = a.organizationId;
  orgB = b.organizationId;
  ids.sentinel = await create(a.secret, { name: 'Sentinel-1A', noradId: 39634, cosparId: '2014-016A', externalKey: 'S1A' });
  ids.twinOne = await create(a.secret, { name: 'Twin', noradId: 50001 });
  ids.twinTwo = await create(a.secret, { name: 'TWIN', noradId: 50002 });
  // A craft whose name is another craft's NORAD id text.
  ids.numeric = await create(a.secret, { name: '39634' });
  ids.foreign = await create(b.secret, { name: 'Sentinel-1A', noradId: 39634, externalKey: 'S1A' });
});
after(async () => {
  await service.close();
});

describe('findSpacecraftById', () => {
  test('returns the full record of the organization, null otherwise', async () => {
    const found = await findSpacecraftById(service.db, orgA, ids.sentinel!);
    assert.ok(found);
    assert.equal(found.name, 'Sentinel-1A');
    assert.deepEqual(found.forceModel.thirdBodies, ['SUN', 'MOON']);
    assert.deepEqual(found.panels, []);
    assert.equal(await findSpacecraftById(service.db, orgB, ids.sentinel!), null);
    assert.equal(await findSpacecraftById(service.db, orgA, 'missing'), null);
  });
});

describe('resolveSpacecraft', () => {
  const resolved = async (identifier: string, kinds: ResolutionKind[] = ALL, organizationId = orgA) =>
    (await resolveSpacecraft(service.db, organizationId, identifier, kinds)).map((m) => [m.spacecraft.id, m.matchedBy]);

  test('each kind finds the craft and says how it matched', async () => {
    assert.deepEqual(await resolved(ids.sentinel!), [[ids.sentinel, ['id']]]);
    assert.deepEqual(await resolved('S1A'), [[ids.sentinel, ['externalKey']]]);
    assert.deepEqual(await resolved('sentinel-1a'), [[ids.sentinel, ['name']]]);
    assert.deepEqual(await resolved('2014-016A'), [[ids.sentinel, ['cosparId']]]);
  });

  test('several matches are all returned (callers demand a unique one)', async () => {
    assert.deepEqual(await resolved('twin'), [[ids.twinOne, ['name']], [ids.twinTwo, ['name']]]);
    assert.deepEqual(await resolved('39634'), [[ids.sentinel, ['noradId']], [ids.numeric, ['name']]]);
  });

  test('only the requested kinds are used', async () => {
    assert.deepEqual(await resolved('39634', ['noradId']), [[ids.sentinel, ['noradId']]]);
    assert.deepEqual(await resolved('S1A', ['id', 'name']), []);
    assert.deepEqual(await resolved(ids.sentinel!, ['externalKey', 'name', 'noradId', 'cosparId']), []);
  });

  test('NORAD ids compare as canonical decimal text (leading zeros match nothing)', async () => {
    assert.deepEqual(await resolved('039634', ['noradId']), []);
    assert.deepEqual(await resolved('50001', ['noradId']), [[ids.twinOne, ['noradId']]]);
  });

  test('scoped by organization', async () => {
    assert.deepEqual(await resolved('S1A', ALL, orgB), [[ids.foreign, ['externalKey']]]);
    assert.deepEqual(await resolved(ids.sentinel!, ALL, orgB), []);
  });
});
