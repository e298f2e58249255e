/** Stored maneuvers, contract 2.0.0: records, derived values, CRUD, overlap rules, list, permissions (spec rules 1–4). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { insertManeuvers } from '../../storage/maneuvers.ts';
import { buildContent } from '../../domain/maneuvers/model.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { create, createOk, createSpacecraft, detailPath, getDetail, listPath, maneuver, segment } from './maneuvers.helpers.ts';

const G0 = 9.80665;

describe('stored maneuvers: records and derived values', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { launchMass: 1000 });
  });
  after(async () => svc.close());

  test('create returns 201 {createdCount, message}; detail carries identity, displayId and derived values', async () => {
    const response = await create(svc, key, [
      maneuver(craft, 'RAISE-1', [
        segment('2025-03-01T10:00:00Z', 100, { thrX: 3, thrY: 4, thrZ: 0, thrISP: 300 }),
        segment('2025-03-01T12:00:00.000000623+02:00', 50, { thrX: 0, thrY: 0, thrZ: -10, thrISP: 220, attitudeMode: 'RTN' }),
      ], { purpose: 'orbit raising', start: '1999-01-01T00:00:00Z', deltaV: 123, conflictingManeuverIds: ['x'] }),
    ]);
    assert.equal(response.status, 201);
    const body = await response.json();
    assert.deepEqual(body, { createdCount: 1, message: '1 maneuver created', warnings: [] });

    const detail = await getDetail(svc, key, 'RAISE-1', craft);
    assert.equal(detail.maneuverId, 'RAISE-1');
    assert.equal(detail.name, 'RAISE-1');
    assert.match(String(detail.displayId), /^MAN-\d+$/);
    assert.equal(detail.spacecraftId, craft);
    assert.equal(detail.purpose, 'orbit raising');
    assert.equal(detail.attitudeMode, 'TNW');
    const composition = detail.composition as Array<Record<string, unknown>>;
    // zone offsets are normalised to UTC; epochs are stored and printed at microsecond resolution (rounded half-up)
    assert.equal(composition[1]!.referenceEpoch, '2025-03-01T10:00:00.000001Z');
    assert.equal(composition[1]!.attitudeMode, 'RTN');
    // derived interval encloses both segments (which start within 1 µs here): max end is +100 s
    assert.equal(detail.start, '2025-03-01T10:00:00.000000Z');
    assert.equal(detail.end, '2025-03-01T10:01:40.000000Z');
    // rocket equation with the spacecraft's launch mass, segments in time order
    const m0 = 1000;
    const m1 = m0 - (5 / (300 * G0)) * 100;
    const m2 = m1 - (10 / (220 * G0)) * 50;
    const expectedDv = 300 * G0 * Math.log(m0 / m1) + 220 * G0 * Math.log(m1 / m2);
    assert.ok(Math.abs((detail.deltaV as number) - expectedDv) < 1e-9, `deltaV ${detail.deltaV} vs ${expectedDv}`);
    assert.ok(Math.abs((detail.deltaMass as number) - (m2 - m0)) < 1e-9);
    assert.ok(Math.abs((detail.acceleration as number) - 5 / m0) < 1e-12);
    assert.equal(detail.initialMass, 1000);
    assert.deepEqual(detail.conflictingManeuverIds, []);
  });

  test('derived values are null without a mass', async () => {
    const massless = await createSpacecraft(svc, key, { launchMass: null });
    await createOk(svc, key, [maneuver(massless, 'M', [segment('2025-03-01T00:00:00Z', 10)])]);
    const detail = await getDetail(svc, key, 'M', massless);
    assert.equal(detail.deltaV, null);
    assert.equal(detail.deltaMass, null);
    assert.equal(detail.acceleration, null);
    assert.equal(detail.initialMass, null);
    assert.equal(detail.start, '2025-03-01T00:00:00.000000Z');
    assert.equal(detail.end, '2025-03-01T00:00:10.000000Z');
  });

  test('displayIds are MAN-<n>, sequential per organization', async () => {
    await createOk(svc, key, [
      maneuver(craft, 'SEQ-A', [segment('2026-01-01T00:00:00Z', 1)]),
      maneuver(craft, 'SEQ-B', [segment('2026-01-01T00:00:01Z', 1)]),
    ]);
    const a = Number(String((await getDetail(svc, key, 'SEQ-A', craft)).displayId).slice(4));
    const b = Number(String((await getDetail(svc, key, 'SEQ-B', craft)).displayId).slice(4));
    assert.equal(b, a + 1);
    // A later create continues after the numbers the batch reserved.
    await createOk(svc, key, [maneuver(craft, 'SEQ-C', [segment('2026-01-01T00:00:02Z', 1)])]);
    const c = Number(String((await getDetail(svc, key, 'SEQ-C', craft)).displayId).slice(4));
    assert.equal(c, b + 1);
  });

  test('segment validation: explicit finite thrust components, nonzero resultant, ISP range, positive duration, zone', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing thrZ', { thrZ: undefined }, 'maneuvers.0.composition.0.thrZ'],
      ['null thrX', { thrX: null }, 'maneuvers.0.composition.0.thrX'],
      ['zero resultant', { thrX: 0, thrY: 0, thrZ: 0 }, 'maneuvers.0.composition.0.thrX'],
      ['ISP too low', { thrISP: 49.9 }, 'maneuvers.0.composition.0.thrISP'],
      ['ISP too high', { thrISP: 10000.1 }, 'maneuvers.0.composition.0.thrISP'],
      ['zero duration', { duration: 0 }, 'maneuvers.0.composition.0.duration'],
      ['negative duration', { duration: -1 }, 'maneuvers.0.composition.0.duration'],
      ['epoch without zone', { referenceEpoch: '2025-01-01T00:00:00' }, 'maneuvers.0.composition.0.referenceEpoch'],
      ['unknown attitude mode', { attitudeMode: 'EME2000' }, 'maneuvers.0.composition.0.attitudeMode'],
    ];
    for (const [label, overrides, field] of cases) {
      const seg: Record<string, unknown> = { ...segment('2027-01-01T00:00:00Z', 10), ...overrides };
      for (const k of Object.keys(seg)) if (seg[k] === undefined) delete seg[k];
      const response = await create(svc, key, [maneuver(craft, `V-${label}`, [seg as never])]);
      assert.equal(response.status, 400, label);
      const body = await response.json();
      assert.equal(body.error, 'VALIDATION_ERROR', label);
      assert.ok(field in body.fieldErrors, `${label}: ${JSON.stringify(body.fieldErrors)}`);
    }
    // ISP bounds are inclusive
    await createOk(svc, key, [
      maneuver(craft, 'ISP-50', [segment('2027-02-01T00:00:00Z', 1, { thrISP: 50 })]),
      maneuver(craft, 'ISP-10000', [segment('2027-02-01T00:00:01Z', 1, { thrISP: 10000 })]),
    ]);
    // a literal overflow (1e400 → Infinity) is not finite
    const overflow = await svc.request('POST', '/operations/maneuvers', {
      key,
      body: `{"maneuvers":[{"spacecraftId":"${craft}","name":"INF","attitudeMode":"TNW","composition":[{"referenceEpoch":"2027-03-01T00:00:00Z","duration":1,"thrX":1e400,"thrY":0,"thrZ":0,"thrISP":300,"attitudeMode":"TNW"}]}]}`,
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(overflow.status, 400);
  });

  test('record validation: name ≤ 63 at creation, nonblank, composition ≥ 1, attitudeMode required, reserved names', async () => {
    const long = 'N'.repeat(64);
    for (const [label, record] of [
      ['long name', maneuver(craft, long, [segment('2027-04-01T00:00:00Z', 1)])],
      ['blank name', maneuver(craft, '   ', [segment('2027-04-01T00:00:00Z', 1)])],
      ['empty composition', maneuver(craft, 'EMPTY', [])],
      ['no attitudeMode', { spacecraftId: craft, name: 'NOMODE', composition: [segment('2027-04-01T00:00:00Z', 1)] }],
      ['reserved export', maneuver(craft, 'export', [segment('2027-04-01T00:00:00Z', 1)])],
    ] as const) {
      const response = await create(svc, key, [record]);
      assert.equal(response.status, 400, label);
    }
    await createOk(svc, key, [maneuver(craft, 'N'.repeat(63), [segment('2027-04-01T00:00:00Z', 1)])]);
    const empty = await create(svc, key, []);
    assert.equal(empty.status, 400);
  });
});

describe('stored maneuvers: atomic batch and conflicts (rules 2 and 4)', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let other: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key);
    other = await createSpacecraft(svc, key);
  });
  after(async () => svc.close());

  const count = async (spacecraftId: string) => {
    const response = await svc.request('GET', listPath([spacecraftId], '2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z'), { key });
    assert.equal(response.status, 200);
    return (await response.json()).totalCount as number;
  };

  test('a batch of 100 records of 1,000 segments (~20 MB of compositions) is stored whole: no statement passes a libSQL server\'s 16 MiB message', { timeout: 120_000 }, async () => {
    const records = Array.from({ length: 100 }, (_, k) => maneuver(other, `LONG-${k}`, Array.from({ length: 1000 }, (_, j) =>
      segment(new Date(Date.UTC(2031, 0, 1 + k, 0, 0, 0) + j * 60_000).toISOString(), 30.123456789, { thrX: 0.123456789012345, thrY: 1.23456789012345, thrZ: -0.0123456789012345, thrISP: 312.345678901 }))));
    assert.ok(JSON.stringify(records).length > 18_000_000, 'larger than one server message');
    const response = await create(svc, key, records);
    assert.equal(response.status, 201, await response.clone().text());
    assert.equal(await count(other), 100);
    const last = await getDetail(svc, key, 'LONG-99', other);
    assert.equal((last.composition as unknown[]).length, 1000);
  });

  test('an invalid record anywhere in the batch creates nothing', async () => {
    const response = await create(svc, key, [
      maneuver(craft, 'OK-1', [segment('2025-01-01T00:00:00Z', 10)]),
      maneuver(craft, 'BAD', [segment('2025-01-01T01:00:00Z', 10, { thrISP: 5 })]),
    ]);
    assert.equal(response.status, 400);
    assert.ok('maneuvers.1.composition.0.thrISP' in (await response.json()).fieldErrors);
    assert.equal(await count(craft), 0);
  });

  test('an unknown spacecraft anywhere in the batch → 404 and nothing created', async () => {
    const response = await create(svc, key, [
      maneuver(craft, 'OK-1', [segment('2025-01-01T00:00:00Z', 10)]),
      maneuver('no-such-craft', 'X', [segment('2025-01-01T01:00:00Z', 10)]),
    ]);
    assert.equal(response.status, 404);
    assert.equal(await count(craft), 0);
  });

  test('touching intervals are allowed; overlapping ones conflict (409 naming the ids), whole batch rolled back', async () => {
    await createOk(svc, key, [
      maneuver(craft, 'A', [segment('2025-01-01T00:00:00Z', 60)]),
      // touches A exactly at its end (fractional precision kept)
      maneuver(craft, 'B', [segment('2025-01-01T00:01:00Z', 0.5)]),
      maneuver(craft, 'C', [segment('2025-01-01T00:01:00.5Z', 10)]),
    ]);
    assert.equal(await count(craft), 3);
    const response = await create(svc, key, [
      maneuver(craft, 'D', [segment('2025-06-01T00:00:00Z', 10)]),
      maneuver(craft, 'E', [segment('2025-01-01T00:00:59.999Z', 0.2)]),
    ]);
    assert.equal(response.status, 409);
    const body = await response.json();
    assert.equal(body.error, 'MANEUVER_CONFLICT');
    assert.deepEqual(body.details.conflicts.map((c: { maneuverId: string }) => c.maneuverId), ['E']);
    assert.deepEqual(body.details.conflicts[0].conflictingManeuverIds, ['A', 'B']);
    assert.ok(body.details.conflictingManeuverIds.includes('E'));
    assert.equal(await count(craft), 3, 'D must not have been created');
  });

  test('gaps between segments belong to the interval', async () => {
    await createOk(svc, key, [
      maneuver(craft, 'GAPPY', [segment('2025-02-01T00:00:00Z', 10), segment('2025-02-01T02:00:00Z', 10)]),
    ]);
    const response = await create(svc, key, [maneuver(craft, 'IN-GAP', [segment('2025-02-01T01:00:00Z', 10)])]);
    assert.equal(response.status, 409);
    assert.deepEqual((await response.json()).details.conflicts[0].conflictingManeuverIds, ['GAPPY']);
  });

  test('collisions inside the batch itself (no stored record involved) are invalid input: 400 naming both records', async () => {
    const overlap = await create(svc, key, [
      maneuver(craft, 'P', [segment('2025-03-01T00:00:00Z', 100)]),
      maneuver(craft, 'Q', [segment('2025-03-01T00:00:50Z', 100)]),
    ]);
    assert.equal(overlap.status, 400, '409 is for conflicts with stored records only');
    const body = await overlap.json();
    assert.equal(body.error, 'VALIDATION_ERROR');
    assert.match(body.fieldErrors['maneuvers.1.composition'], /"Q" overlaps "P" \(maneuvers\.0\)/);
    const duplicate = await create(svc, key, [
      maneuver(craft, 'SAME', [segment('2025-03-02T00:00:00Z', 1)]),
      maneuver(craft, 'SAME', [segment('2025-03-03T00:00:00Z', 1)]),
    ]);
    assert.equal(duplicate.status, 400);
    const dup = await duplicate.json();
    assert.equal(dup.error, 'VALIDATION_ERROR');
    assert.match(dup.fieldErrors['maneuvers.1.name'], /"SAME" is also maneuvers\.0/);
    assert.equal(await count(craft), 4, 'nothing of either batch was created');
  });

  test('an existing identity is a conflict; creation never updates', async () => {
    const response = await create(svc, key, [maneuver(craft, 'A', [segment('2030-01-01T00:00:00Z', 1)])]);
    assert.equal(response.status, 409);
    const body = await response.json();
    assert.equal(body.details.conflicts[0].reason, 'DUPLICATE_IDENTITY');
    assert.equal((await getDetail(svc, key, 'A', craft)).start, '2025-01-01T00:00:00.000000Z');
  });

  test('different spacecraft never conflict; the same name may exist on two spacecraft', async () => {
    await createOk(svc, key, [maneuver(other, 'A', [segment('2025-01-01T00:00:00Z', 60)])]);
    assert.equal((await getDetail(svc, key, 'A', other)).spacecraftId, other);
  });
});

describe('stored maneuvers: read, replace, delete (rules 1, 3, 4)', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { launchMass: 500 });
    await createOk(svc, key, [
      maneuver(craft, 'a/b c%?', [segment('2025-05-01T00:00:00Z', 60)], { purpose: 'encoded id' }),
      maneuver(craft, 'NEXT', [segment('2025-05-01T00:02:00Z', 60)]),
    ]);
  });
  after(async () => svc.close());

  test('URL-encoded maneuver ids address the record; spacecraftId is required', async () => {
    const detail = await getDetail(svc, key, 'a/b c%?', craft);
    assert.equal(detail.maneuverId, 'a/b c%?');
    const missing = await svc.request('GET', `/operations/maneuvers/NEXT`, { key });
    assert.equal(missing.status, 400);
    assert.ok('spacecraftId' in (await missing.json()).fieldErrors);
  });

  test('spacecraft referenced by its actual id only: name, NORAD id or unknown id → 404', async () => {
    const named = await createSpacecraft(svc, key, { name: 'Named Craft', noradId: 44444, externalKey: 'EXT-44' });
    await createOk(svc, key, [maneuver(named, 'X', [segment('2025-01-01T00:00:00Z', 1)])]);
    for (const reference of ['Named Craft', '44444', 'EXT-44', 'nope']) {
      const response = await svc.request('GET', detailPath('X', reference), { key });
      assert.equal(response.status, 404, reference);
    }
    const absent = await svc.request('GET', detailPath('NOPE', craft), { key });
    assert.equal(absent.status, 404);
    assert.equal((await absent.json()).error, 'MANEUVER_NOT_FOUND');
  });

  test('PUT replaces every editable field, clears omitted purpose, keeps identity/displayId/spacecraft', async () => {
    const before = await getDetail(svc, key, 'a/b c%?', craft);
    const response = await svc.request('PUT', detailPath('a/b c%?', craft), {
      key,
      json: {
        name: 'Renamed '.padEnd(255, 'x'),
        attitudeMode: 'QSW',
        composition: [segment('2025-05-01T00:00:30Z', 30, { attitudeMode: 'QSW', thrX: 2 })],
        maneuverId: 'HIJACK',
        displayId: 'MAN-999',
        spacecraftId: 'other',
      },
    });
    assert.equal(response.status, 200, await response.clone().text());
    const body = await response.json();
    assert.equal(body.maneuverId, 'a/b c%?');
    assert.equal(body.displayId, before.displayId);
    assert.equal(body.spacecraftId, craft);
    assert.equal(body.name, 'Renamed '.padEnd(255, 'x'));
    assert.equal(body.purpose, null);
    assert.equal(body.attitudeMode, 'QSW');
    assert.equal(body.start, '2025-05-01T00:00:30.000000Z');
    assert.equal(body.end, '2025-05-01T00:01:00.000000Z');
    assert.deepEqual(await getDetail(svc, key, 'a/b c%?', craft), body);
    const tooLong = await svc.request('PUT', detailPath('a/b c%?', craft), {
      key,
      json: { name: 'x'.repeat(256), attitudeMode: 'QSW', composition: [segment('2025-05-01T00:00:30Z', 30)] },
    });
    assert.equal(tooLong.status, 400);
    const blank = await svc.request('PUT', detailPath('a/b c%?', craft), {
      key,
      json: { name: ' ', attitudeMode: 'QSW', composition: [segment('2025-05-01T00:00:30Z', 30)] },
    });
    assert.equal(blank.status, 400);
  });

  test('PUT that would overlap another record → 409; touching is fine', async () => {
    const overlapping = await svc.request('PUT', detailPath('NEXT', craft), {
      key,
      json: { name: 'NEXT', attitudeMode: 'TNW', composition: [segment('2025-05-01T00:00:59Z', 60)] },
    });
    assert.equal(overlapping.status, 409);
    const body = await overlapping.json();
    assert.equal(body.error, 'MANEUVER_CONFLICT');
    assert.deepEqual(body.details.conflictingManeuverIds.sort(), ['NEXT', 'a/b c%?'].sort());
    const touching = await svc.request('PUT', detailPath('NEXT', craft), {
      key,
      json: { name: 'NEXT', attitudeMode: 'TNW', composition: [segment('2025-05-01T00:01:00Z', 60)] },
    });
    assert.equal(touching.status, 200);
  });

  test('DELETE → 204 without body, then 404', async () => {
    await createOk(svc, key, [maneuver(craft, 'GONE', [segment('2025-07-01T00:00:00Z', 1)])]);
    const response = await svc.request('DELETE', detailPath('GONE', craft), { key });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    assert.equal((await svc.request('DELETE', detailPath('GONE', craft), { key })).status, 404);
    assert.equal((await svc.request('GET', detailPath('GONE', craft), { key })).status, 404);
  });
});

describe('stored maneuvers: pre-existing overlaps (rule 4)', () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    const k = await svc.key();
    key = k.secret;
    organizationId = k.organizationId;
    craft = await createSpacecraft(svc, key);
    await createOk(svc, key, [maneuver(craft, 'NEW', [segment('2025-01-10T00:00:00Z', 3600)])]);
    // Records stored before the overlap rule existed (legacy data): inserted below the API on purpose.
    const legacy = (id: string, start: string, duration: number, display: string) => {
      const content = buildContent({
        name: id,
        purpose: null,
        attitudeMode: 'TNW',
        composition: [{ referenceEpoch: Epoch.parseInstant(start), duration, thrX: 1, thrY: 0, thrZ: 0, thrISP: 300, attitudeMode: 'TNW' }],
        wetMassKg: null,
      });
      return insertManeuvers(svc.db, [{ organizationId, spacecraftId: craft, maneuverId: id, displayId: display, ...content, createdAt: 'x', updatedAt: 'x' }]);
    };
    await legacy('OLD-1', '2025-01-10T00:30:00Z', 7200, 'MAN-LEGACY-1'); // overlaps NEW
    await legacy('OLD-2', '2025-01-10T02:00:00Z', 600, 'MAN-LEGACY-2'); // overlaps OLD-1 only
  });
  after(async () => svc.close());

  test('overlaps are marked on detail and list reads, including conflicts outside the listed window', async () => {
    assert.deepEqual((await getDetail(svc, key, 'NEW', craft)).conflictingManeuverIds, ['OLD-1']);
    assert.deepEqual((await getDetail(svc, key, 'OLD-1', craft)).conflictingManeuverIds, ['NEW', 'OLD-2']);
    // window covering only OLD-2's tail: OLD-1 intersects too, NEW lies outside the window but is still named
    const response = await svc.request('GET', listPath([craft], '2025-01-10T02:05:00Z', '2025-01-10T02:20:00Z'), { key });
    const body = await response.json();
    assert.deepEqual(body.items.map((i: { maneuverId: string }) => i.maneuverId), ['OLD-1', 'OLD-2']);
    assert.deepEqual(body.items[0].conflictingManeuverIds, ['NEW', 'OLD-2']);
    assert.deepEqual(body.items[1].conflictingManeuverIds, ['OLD-1']);
    assert.equal(body.totalCount, 2);
  });

  test('a name-only edit of an overlapping record is refused; the record stays readable, exportable and deletable', async () => {
    const detail = await getDetail(svc, key, 'OLD-2', craft);
    const rename = await svc.request('PUT', detailPath('OLD-2', craft), {
      key,
      json: { name: 'OLD-2 renamed', attitudeMode: detail.attitudeMode, composition: detail.composition },
    });
    assert.equal(rename.status, 409);
    assert.deepEqual((await rename.json()).details.conflicts[0].conflictingManeuverIds, ['OLD-1']);
    const exported = await svc.request('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&maneuverIds=OLD-2`, { key });
    assert.equal(exported.status, 200);
    assert.match(await exported.text(), /MAN_ID\s+= OLD-2/);
    assert.equal((await svc.request('DELETE', detailPath('OLD-1', craft), { key })).status, 204);
    // with OLD-1 gone the others are clean again; now the name-only edit passes
    assert.deepEqual((await getDetail(svc, key, 'NEW', craft)).conflictingManeuverIds, []);
    const retry = await svc.request('PUT', detailPath('OLD-2', craft), {
      key,
      json: { name: 'OLD-2 renamed', attitudeMode: detail.attitudeMode, composition: detail.composition },
    });
    assert.equal(retry.status, 200);
    assert.equal((await retry.json()).name, 'OLD-2 renamed');
  });
});

describe('stored maneuvers: list query', () => {
  let svc: TestService;
  let key: string;
  let a: string;
  let b: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    a = await createSpacecraft(svc, key);
    b = await createSpacecraft(svc, key);
    await createOk(svc, key, [
      maneuver(a, 'A1', [segment('2025-01-01T00:00:00Z', 60)]),
      maneuver(a, 'A2', [segment('2025-01-02T00:00:00Z', 60)]),
      maneuver(b, 'B1', [segment('2025-01-01T12:00:00Z', 60)]),
    ]);
  });
  after(async () => svc.close());

  const list = async (query: string) => svc.request('GET', `/operations/maneuvers?${query}`, { key });

  test('repeated and comma-separated spacecraftIds; intersecting records only; items + totalCount', async () => {
    const repeated = await (await list(`spacecraftIds=${a}&spacecraftIds=${b}&startDate=2025-01-01T00:00:30Z&endDate=2025-01-01T12:00:01Z`)).json();
    assert.deepEqual(repeated.items.map((i: { maneuverId: string }) => i.maneuverId), ['A1', 'B1']);
    assert.equal(repeated.totalCount, 2);
    const comma = await (await list(`spacecraftIds=${a},${b}&startDate=2025-01-01T00:00:30Z&endDate=2025-01-01T12:00:01Z`)).json();
    assert.deepEqual(comma, repeated);
    // blanks around the ids, as a person types the list (`a, b`), are not part of them
    const spaced = await (await list(`spacecraftIds=${a},%20${b}%20&startDate=2025-01-01T00:00:30Z&endDate=2025-01-01T12:00:01Z`)).json();
    assert.deepEqual(spaced, repeated);
    const item = repeated.items[0];
    for (const field of ['maneuverId', 'displayId', 'name', 'spacecraftId', 'start', 'end', 'acceleration', 'deltaV', 'deltaMass', 'conflictingManeuverIds']) {
      assert.ok(field in item, field);
    }
    // touching the window edge is not an intersection
    const edge = await (await list(`spacecraftIds=${a}&startDate=2025-01-01T00:01:00Z&endDate=2025-01-02T00:00:00Z`)).json();
    assert.deepEqual(edge, { items: [], totalCount: 0 });
  });

  test('validation: spacecraftIds 1..50, startDate < endDate, zones required', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `id${i}`).join(',');
    for (const query of [
      'startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z',
      `spacecraftIds=&startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z`,
      `spacecraftIds=${ids}&startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z`,
      `spacecraftIds=${a}&endDate=2025-01-02T00:00:00Z`,
      `spacecraftIds=${a}&startDate=2025-01-01T00:00:00Z`,
      `spacecraftIds=${a}&startDate=2025-01-02T00:00:00Z&endDate=2025-01-02T00:00:00Z`,
      `spacecraftIds=${a}&startDate=2025-01-03T00:00:00Z&endDate=2025-01-02T00:00:00Z`,
      `spacecraftIds=${a}&startDate=2025-01-01T00:00:00&endDate=2025-01-02T00:00:00Z`,
    ]) {
      const response = await list(query);
      assert.equal(response.status, 400, query);
      assert.equal((await response.json()).error, 'VALIDATION_ERROR');
    }
    const fifty = Array.from({ length: 49 }, (_, i) => `id${i}`);
    const unknown = await list(`spacecraftIds=${[a, ...fifty].join(',')}&startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z`);
    // Contract: a list answers 200 with empty items when nothing matches (50 ids accepted by validation).
    assert.equal(unknown.status, 200, 'unknown spacecraft ids match nothing');
    const listed = await unknown.json();
    assert.ok(listed.items.length > 0 && listed.items.every((item: { spacecraftId: string }) => item.spacecraftId === a), 'the known id is still listed');
    assert.equal(listed.totalCount, listed.items.length);
    const onlyUnknown = await list(`spacecraftIds=${fifty.join(',')}&startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z`);
    assert.equal(onlyUnknown.status, 200);
    assert.deepEqual(await onlyUnknown.json(), { items: [], totalCount: 0 });
  });
});

describe('stored maneuvers: permissions and organizations', () => {
  let svc: TestService;
  let owner: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    owner = (await svc.key()).secret;
    craft = await createSpacecraft(svc, owner);
    await createOk(svc, owner, [maneuver(craft, 'P1', [segment('2025-01-01T00:00:00Z', 10)])]);
  });
  after(async () => svc.close());

  test('read, write and delete permissions are separate', async () => {
    const readOnly = (await svc.key({ permissions: ['read:plannedmaneuvers', 'write:spacecraft'] })).secret;
    const writeOnly = (await svc.key({ permissions: ['write:plannedmaneuvers'] })).secret;
    const deleteOnly = (await svc.key({ permissions: ['delete:plannedmaneuvers'] })).secret;
    const window = listPath([craft], '2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    assert.equal((await svc.request('GET', window, { key: readOnly })).status, 200);
    assert.equal((await svc.request('GET', detailPath('P1', craft), { key: readOnly })).status, 200);
    assert.equal((await svc.request('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&maneuverIds=P1`, { key: readOnly })).status, 200);
    assert.equal((await create(svc, readOnly, [maneuver(craft, 'P2', [segment('2025-02-01T00:00:00Z', 1)])])).status, 403);
    assert.equal((await svc.request('DELETE', detailPath('P1', craft), { key: readOnly })).status, 403);

    assert.equal((await svc.request('GET', window, { key: writeOnly })).status, 403);
    assert.equal((await create(svc, writeOnly, [maneuver(craft, 'P2', [segment('2025-02-01T00:00:00Z', 1)])])).status, 201);
    const put = await svc.request('PUT', detailPath('P2', craft), {
      key: writeOnly,
      json: { name: 'P2', attitudeMode: 'TNW', composition: [segment('2025-02-01T00:00:00Z', 2)] },
    });
    assert.equal(put.status, 200);
    assert.equal((await svc.request('DELETE', detailPath('P2', craft), { key: writeOnly })).status, 403);

    assert.equal((await svc.request('GET', detailPath('P2', craft), { key: deleteOnly })).status, 403);
    assert.equal((await svc.request('DELETE', detailPath('P2', craft), { key: deleteOnly })).status, 204);

    const forbidden = await svc.request('GET', window, { key: writeOnly });
    assert.equal((await forbidden.json()).error, 'ACCESS_ERROR');
    const noEnvironment = (await svc.key({ environments: [] })).secret;
    assert.equal((await svc.request('GET', window, { key: noEnvironment })).status, 403);
    assert.equal((await svc.request('GET', window)).status, 401);
  });

  test("another organization's spacecraft and records are 404 on every operation", async () => {
    const stranger = (await svc.key({ organization: 'org-b' })).secret;
    assert.equal((await svc.request('GET', detailPath('P1', craft), { key: stranger })).status, 404);
    const foreignList = await svc.request('GET', listPath([craft], '2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), { key: stranger });
    assert.equal(foreignList.status, 200, 'a list never reveals another organization: its craft match nothing');
    assert.deepEqual(await foreignList.json(), { items: [], totalCount: 0 });
    const put = await svc.request('PUT', detailPath('P1', craft), {
      key: stranger,
      json: { name: 'P1', attitudeMode: 'TNW', composition: [segment('2025-01-01T00:00:00Z', 10)] },
    });
    assert.equal(put.status, 404);
    assert.equal((await svc.request('DELETE', detailPath('P1', craft), { key: stranger })).status, 404);
    assert.equal((await create(svc, stranger, [maneuver(craft, 'X', [segment('2030-01-01T00:00:00Z', 1)])])).status, 404);
    assert.equal(
      (await svc.request('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&maneuverIds=P1`, { key: stranger })).status,
      404,
    );
    // still intact for its owner
    assert.equal((await getDetail(svc, owner, 'P1', craft)).name, 'P1');
  });
});
