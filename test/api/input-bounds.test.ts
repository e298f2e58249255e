/**
 * Issue 14 items 4 and 5: one supported epoch range (1957-10-04 … 2100-12-31) wherever an instant enters, and a
 * finite physical bound on every numeric input, declared in the zod schemas (so also in the OpenAPI document).
 * Every case here answered 201 or 500 before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { createSpacecraft, importFiles, maneuver, segment } from './maneuvers.helpers.ts';

let svc: TestService;
let key: string;
let craft: string;
before(async () => {
  svc = await createTestService();
  key = (await svc.key()).secret;
  craft = await createSpacecraft(svc, key, { name: 'Bounds craft', launchMass: 1000, dryMass: 800 });
});
after(async () => svc.close());

/** Sends the request and expects 400 VALIDATION_ERROR naming `field` (message matching `pattern` when given). */
async function expect400(method: string, path: string, json: unknown, field: string, pattern?: RegExp): Promise<void> {
  const response = await svc.request(method, path, { key, json });
  const text = await response.text();
  assert.equal(response.status, 400, `${method} ${path} ${field}: ${text}`);
  const body = JSON.parse(text);
  assert.equal(body.error, 'VALIDATION_ERROR');
  assert.ok(field in body.fieldErrors, `${field} not in ${JSON.stringify(body.fieldErrors)}`);
  if (pattern) assert.match(body.fieldErrors[field], pattern);
}

const sv = (epoch: string, extra: Record<string, unknown> = {}) => ({
  spacecraftId: craft, epoch, referenceFrame: 'GCRF', position: [7000, 0, 0], velocity: [0, 7.5, 0], mass: 900, ...extra,
});

describe('epoch range 1957-10-04T00:00:00Z … 2100-12-31T23:59:59.999Z', () => {
  test('state vectors: years 0001 and 9999 and the instants just outside are refused, the edges are accepted', async () => {
    for (const epoch of ['0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z', '1957-10-03T23:59:59.999Z', '2101-01-01T00:00:00Z']) {
      await expect400('POST', '/operations/state-vectors', sv(epoch), 'epoch', /outside the supported range/);
    }
    for (const epoch of ['1957-10-04T00:00:00Z', '2100-12-31T23:59:59.999Z']) {
      const response = await svc.request('POST', '/operations/state-vectors', { key, json: sv(epoch) });
      assert.equal(response.status, 201, await response.text());
    }
  });

  test('maneuvers: a burn start outside the range, or a burn ending after it, is refused', async () => {
    await expect400('POST', '/operations/maneuvers', { maneuvers: [maneuver(craft, 'FAR', [segment('9999-01-01T00:00:00Z', 10)])] }, 'maneuvers.0.composition.0.referenceEpoch');
    await expect400('POST', '/operations/maneuvers', { maneuvers: [maneuver(craft, 'LATE', [segment('2100-12-31T12:00:00Z', 86_400)])] }, 'maneuvers.0.composition.0.duration', /would end at 2101-01-01T12:00:00.000Z/);
  });

  test('query bounds and other instants: measurements, maneuver list, state-vector list, OEM dates, capability windows', async () => {
    const measurements = await svc.request('GET', '/operations/measurements?startDate=0001-01-01T00:00:00Z&endDate=2026-01-01T00:00:00Z', { key });
    assert.equal(measurements.status, 400);
    assert.ok('startDate' in (await measurements.json()).fieldErrors);
    const list = await svc.request('GET', `/operations/maneuvers?spacecraftIds=${craft}&startDate=2026-01-01T00:00:00Z&endDate=9999-01-01T00:00:00Z`, { key });
    assert.equal(list.status, 400);
    assert.ok('endDate' in (await list.json()).fieldErrors);
    const svList = await svc.request('GET', `/operations/state-vectors?spacecraftId=${craft}&startDate=1900-01-01T00:00:00Z`, { key });
    assert.equal(svList.status, 400);
    const created = await svc.request('POST', '/operations/state-vectors', { key, json: sv('2026-01-01T00:00:00Z') });
    const id = (await created.json()).id;
    await expect400('POST', `/operations/state-vectors/${id}/generate-oem`, { initialDate: '9999-01-01T00:00:00Z', finalDate: '9999-01-02T00:00:00Z' }, 'initialDate');
    await expect400('PATCH', `/operations/spacecraft/${craft}`, {
      maneuverCapabilities: { allowedWindows: [{ start: '0001-01-01T00:00:00Z', end: '2026-01-01T00:00:00Z' }] },
    }, 'maneuverCapabilities.allowedWindows.0.start');
  });

  test('files: an OPM state at year 9999 and an OCM burn at year 9999 fail with their line', async () => {
    const opm = ['CCSDS_OPM_VERS = 2.0', 'CREATION_DATE = 2026-01-01T00:00:00', 'ORIGINATOR = T', 'OBJECT_NAME = Bounds craft',
      'OBJECT_ID = 2026-001A', 'CENTER_NAME = EARTH', 'REF_FRAME = GCRF', 'TIME_SYSTEM = UTC', 'EPOCH = 9999-01-01T00:00:00',
      'X = 7000', 'Y = 0', 'Z = 0', 'X_DOT = 0', 'Y_DOT = 7.5', 'Z_DOT = 0', ''].join('\n');
    const opmResponse = await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'far.opm', content: opm }]) });
    assert.equal(opmResponse.status, 400);
    const opmBody = await opmResponse.json();
    const opmResult = (opmBody.results ?? opmBody.details.results)[0];
    assert.match(JSON.stringify(opmResult), /line 9.*outside the supported range/);
    const ocm = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = TEST', '', 'META_START', 'TIME_SYSTEM = UTC',
      'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', '', 'PHYS_START', 'WET_MASS = 800 [kg]', 'PHYS_STOP', '', 'MAN_START', 'MAN_ID = FAR',
      'MAN_BASIS = PLANNED', 'MAN_DEVICE_ID = THR_1', 'MAN_REF_FRAME = RTN', 'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP',
      'MAN_UNITS = [s, N, N, N, s]', '9999-02-01T00:00:00 10 1 0 0 300', 'MAN_STOP', ''].join('\n');
    const ocmResponse = await importFiles(svc, key, [{ name: 'far.ocm', content: ocm }], { spacecraftId: craft });
    assert.equal(ocmResponse.status, 400);
    const ocmResult = (await ocmResponse.json()).details.results[0];
    assert.match(ocmResult.message, /^line 21: TIME_ABSOLUTE burn start 9999-02-01T00:00:00.000000Z is outside the supported range/);
  });
});

describe('numeric bounds: finite and physically sensible, 400 naming the field (never 500, never stored)', () => {
  test('the reported 500s and the year-3e292 end date are 400s', async () => {
    await expect400('POST', '/operations/spacecraft', { name: 'P', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismHeightM: 1, prismDiameter: 1.7976931348623157e308 }, 'prismDiameter');
    for (const duration of [1e300, 1.7976931348623157e308]) {
      await expect400('POST', '/operations/maneuvers', { maneuvers: [maneuver(craft, 'HUGE', [segment('2026-03-01T10:00:00Z', duration)])] }, 'maneuvers.0.composition.0.duration');
    }
    // Nothing was stored: a normal maneuver at that time is accepted, and its end is a real date.
    const ok = await svc.request('POST', '/operations/maneuvers', { key, json: { maneuvers: [maneuver(craft, 'NORMAL', [segment('2026-03-01T10:00:00Z', 120)])] } });
    assert.equal(ok.status, 201, await ok.text());
    const detail = await (await svc.request('GET', `/operations/maneuvers/NORMAL?spacecraftId=${craft}`, { key })).json();
    assert.equal(detail.end, '2026-03-01T10:02:00.000000Z');
    await expect400('PUT', `/operations/maneuvers/NORMAL?spacecraftId=${craft}`, { name: 'NORMAL', attitudeMode: 'TNW', composition: [segment('2026-03-01T10:00:00Z', 1.7976931348623157e308)] }, 'composition.0.duration');
  });

  test('every kind of numeric field has an upper bound', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/operations/spacecraft', { name: 'M', launchMass: 1e300 }, 'launchMass'],
      ['POST', '/operations/spacecraft', { name: 'M', dryMass: 1e12 }, 'dryMass'],
      ['POST', '/operations/spacecraft', { name: 'M', dragArea: 1e9 }, 'dragArea'],
      ['POST', '/operations/spacecraft', { name: 'M', dragCoefficient: 1e6 }, 'dragCoefficient'],
      ['POST', '/operations/spacecraft', { name: 'M', boxX: 1e300 }, 'boxX'],
      ['POST', '/operations/spacecraft', { name: 'M', inertiaIxx: 1e300, inertiaIyy: 1, inertiaIzz: 1 }, 'inertiaIxx'],
      ['POST', '/operations/spacecraft', { name: 'M', panels: [{ name: 'p', lengthM: 1e300, widthM: 1, mountAxisPreset: 'PLUS_Y' }] }, 'panels.0.lengthM'],
      ['POST', '/operations/spacecraft', { name: 'M', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'CUSTOM', mountAxisCustomX: 1e308, mountAxisCustomY: 0, mountAxisCustomZ: 0 }] }, 'panels.0.mountAxisCustomX'],
      ['POST', '/operations/spacecraft', { name: 'M', maneuverCapabilities: { availableManeuverPowerWatts: 1e300 } }, 'maneuverCapabilities.availableManeuverPowerWatts'],
      ['POST', `/operations/spacecraft/${craft}/thrusters`, { name: 't', thrustN: 1e300, ispS: 300, direction: { x: 0, y: 0, z: 1 } }, 'thrustN'],
      ['POST', `/operations/spacecraft/${craft}/thrusters`, { name: 't', thrustN: 1, ispS: 300, direction: { x: 1e308, y: 1e308, z: 0 } }, 'direction.x'],
      ['POST', `/operations/spacecraft/${craft}/payloads`, { name: 'p', type: 'CAMERA', massKg: 1e300 }, 'massKg'],
      ['POST', '/operations/maneuvers', { maneuvers: [maneuver(craft, 'T', [segment('2026-05-01T00:00:00Z', 10, { thrX: 1e308 })])] }, 'maneuvers.0.composition.0.thrX'],
      ['POST', '/operations/maneuvers', { maneuvers: [maneuver(craft, 'T', [segment('2026-05-01T00:00:00Z', 31 * 86400)])] }, 'maneuvers.0.composition.0.duration'],
      ['POST', '/operations/state-vectors', sv('2026-01-01T00:00:00Z', { position: [1e300, 0, 0] }), 'position.0'],
      ['POST', '/operations/state-vectors', sv('2026-01-01T00:00:00Z', { velocity: [0, 1e3, 0] }), 'velocity.1'],
      ['POST', '/operations/state-vectors', sv('2026-01-01T00:00:00Z', { mass: 1e300 }), 'mass'],
    ];
    for (const [method, path, json, field] of cases) await expect400(method, path, json, field);
    const page = await svc.request('GET', '/operations/spacecraft?page=100000000000000000000', { key });
    assert.equal(page.status, 400);
    assert.ok('page' in (await page.json()).fieldErrors);
  });

  test('the bounds are in the OpenAPI document (not only in prose)', async () => {
    const doc = await (await svc.request('GET', '/openapi.json')).json();
    const schemas = doc.components.schemas;
    const burn = schemas.BurnSegment.properties;
    assert.equal(burn.thrISP.minimum, 50);
    assert.equal(burn.thrISP.maximum, 10000);
    assert.equal(burn.duration.exclusiveMinimum, 0);
    assert.equal(burn.duration.maximum, 30 * 86400);
    assert.equal(burn.thrX.maximum, 1e7);
    const spacecraft = schemas.CreateSpacecraftRequest.properties;
    for (const field of ['launchMass', 'dryMass', 'dragArea', 'srpArea', 'dragCoefficient', 'boxX', 'prismDiameter', 'inertiaIxx']) {
      const schema = spacecraft[field].anyOf ? spacecraft[field].anyOf.find((s: { type?: string }) => s.type === 'number') : spacecraft[field];
      assert.equal(typeof schema.maximum, 'number', `${field}: ${JSON.stringify(spacecraft[field])}`);
    }
    assert.equal(spacecraft.name.maxLength, 100);
    assert.equal(typeof schemas.CreateStateVectorRequest.properties.position.items.maximum, 'number');
  });
});
