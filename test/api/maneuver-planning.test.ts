/**
 * Issue 15 item 13: planning rules the records already declare. An archived spacecraft takes no maneuver (409);
 * its maneuverCapabilities are applied: blackout and allowed windows are hard limits (422), minimum separation, duty
 * cycle and minimum burn are warnings; an OCM whose WET_MASS is below the dry mass gets a warning. The rules themselves:
 * test/domain/maneuvers/planning.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';
import { create, detailPath, importFiles, maneuver, segment } from './maneuvers.helpers.ts';

describe('planning rules through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
  });
  after(async () => svc.close());

  const newCraft = async (extra: Record<string, unknown> = {}) => {
    const response = await svc.request('POST', '/operations/spacecraft', { key, json: { name: `PLAN-${Math.random().toString(36).slice(2, 8)}`, launchMass: 1000, dryMass: 800, ...extra } });
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()).id as string;
  };
  const setCapabilities = async (craft: string, maneuverCapabilities: Record<string, unknown>) => {
    const response = await svc.request('PATCH', `/operations/spacecraft/${craft}`, { key, json: { maneuverCapabilities } });
    assert.equal(response.status, 200, await response.clone().text());
  };

  test('an archived spacecraft takes no maneuver (create, replace, import → 409 SPACECRAFT_ARCHIVED); reads and deletes still work', async () => {
    const craft = await newCraft({ noradId: 40001 });
    assert.equal((await create(svc, key, [maneuver(craft, 'BEFORE', [segment('2030-01-01T00:00:00Z', 10)])])).status, 201);
    await svc.request('PUT', `/operations/spacecraft/${craft}/lifecycle`, { key, json: { lifecycleStatus: 'Archived' } });
    const created = await create(svc, key, [maneuver(craft, 'AFTER', [segment('2030-02-01T00:00:00Z', 10)])]);
    assert.equal(created.status, 409);
    assert.equal((await created.json()).error, 'SPACECRAFT_ARCHIVED');
    const put = await svc.request('PUT', detailPath('BEFORE', craft), { key, json: { name: 'BEFORE', attitudeMode: 'TNW', composition: [segment('2030-01-01T00:00:00Z', 20)] } });
    assert.equal(put.status, 409);
    assert.equal((await put.json()).error, 'SPACECRAFT_ARCHIVED');
    const ocm = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = T', 'META_START', 'OBJECT_DESIGNATOR = 40001', 'TIME_SYSTEM = UTC',
      'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', 'PHYS_START', 'WET_MASS = 900 [kg]', 'PHYS_STOP', 'MAN_START', 'MAN_ID = OCM-1', 'MAN_DEVICE_ID = THR_1', 'MAN_REF_FRAME = RTN',
      'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP', 'MAN_UNITS = [s, N, N, N, s]', '2030-03-01T00:00:00 60 0 1 0 300', 'MAN_STOP', ''].join('\n');
    const imported = await importFiles(svc, key, [{ name: 'a.ocm', content: ocm }]);
    assert.equal(imported.status, 409);
    const body = await imported.json();
    assert.equal(body.error, 'SPACECRAFT_ARCHIVED');
    assert.equal(body.details.results[0].error, 'SPACECRAFT_ARCHIVED');
    assert.equal((await svc.request('GET', detailPath('BEFORE', craft), { key })).status, 200);
    assert.equal((await svc.request('DELETE', detailPath('BEFORE', craft), { key })).status, 204);
    await svc.request('PUT', `/operations/spacecraft/${craft}/lifecycle`, { key, json: { lifecycleStatus: 'Active' } });
    assert.equal((await importFiles(svc, key, [{ name: 'a.ocm', content: ocm }])).status, 200, 'restored: planning again');
  });

  test('blackout and allowed windows are hard limits: 422 MANEUVER_CAPABILITY_VIOLATION on create, replace and import', async () => {
    const craft = await newCraft({ noradId: 40002 });
    await setCapabilities(craft, {
      blackoutWindows: [{ start: '2030-05-01T00:00:00Z', end: '2030-05-02T00:00:00Z' }],
      allowedWindows: [{ start: '2030-04-01T00:00:00Z', end: '2030-06-01T00:00:00Z' }],
    });
    const inBlackout = await create(svc, key, [maneuver(craft, 'B1', [segment('2030-05-01T12:00:00Z', 60)])]);
    assert.equal(inBlackout.status, 422);
    const refused = await inBlackout.json();
    assert.equal(refused.error, 'MANEUVER_CAPABILITY_VIOLATION');
    assert.equal(refused.details.violations[0].code, 'BLACKOUT_WINDOW');
    const outside = await create(svc, key, [maneuver(craft, 'B2', [segment('2030-07-01T00:00:00Z', 60)])]);
    assert.equal((await outside.json()).details.violations[0].code, 'OUTSIDE_ALLOWED_WINDOWS');
    // Ending exactly where the blackout starts is fine.
    const touching = await create(svc, key, [maneuver(craft, 'B3', [segment('2030-04-30T23:59:00Z', 60)])]);
    assert.equal(touching.status, 201);
    assert.deepEqual((await touching.json()).warnings, []);
    const moved = await svc.request('PUT', detailPath('B3', craft), { key, json: { name: 'B3', attitudeMode: 'TNW', composition: [segment('2030-05-01T06:00:00Z', 60)] } });
    assert.equal(moved.status, 422);
    assert.equal((await (await svc.request('GET', detailPath('B3', craft), { key })).json()).composition[0].referenceEpoch, '2030-04-30T23:59:00.000000Z', 'unchanged');
    const ocm = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = T', 'META_START', 'OBJECT_DESIGNATOR = 40002', 'TIME_SYSTEM = UTC',
      'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', 'PHYS_START', 'WET_MASS = 900 [kg]', 'PHYS_STOP', 'MAN_START', 'MAN_ID = OCM-B', 'MAN_DEVICE_ID = THR_1', 'MAN_REF_FRAME = RTN',
      'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP', 'MAN_UNITS = [s, N, N, N, s]', '2030-05-01T10:00:00 60 0 1 0 300', 'MAN_STOP', ''].join('\n');
    const imported = await importFiles(svc, key, [{ name: 'b.ocm', content: ocm }]);
    assert.equal(imported.status, 422);
    const result = (await imported.json()).details.results[0];
    assert.equal(result.code, 'import.maneuver.capability');
    assert.equal(result.violations[0].code, 'BLACKOUT_WINDOW');
    assert.equal(typeof result.line, 'number');
  });

  test('minimum separation, duty cycle and minimum burn are warnings: stored, named in the response and on read', async () => {
    const craft = await newCraft();
    const thruster = await (await svc.request('POST', `/operations/spacecraft/${craft}/thrusters`, { key, json: { name: 'T', thrustN: 1, ispS: 220, direction: { x: 0, y: 1, z: 0 } } })).json();
    await setCapabilities(craft, {
      minimumManeuverSeparationSeconds: 600,
      thrusters: [{ thrusterId: thruster.id, allowedDirections: ['PROGRADE'], dutyCycleWindowSeconds: 100, maximumDutyCycle: 0.5, minimumBurnSeconds: 5 }],
    });
    assert.equal((await create(svc, key, [maneuver(craft, 'FIRST', [segment('2030-01-01T00:00:00Z', 30)])])).status, 201);
    const close = await create(svc, key, [maneuver(craft, 'CLOSE', [segment('2030-01-01T00:01:30Z', 60), segment('2030-01-01T00:03:00Z', 2)])]);
    assert.equal(close.status, 201, 'soft limits never refuse');
    const warnings = (await close.json()).warnings as Array<{ code: string; maneuverId: string; details: Record<string, unknown> }>;
    assert.deepEqual(warnings.map((w) => w.code).sort(), ['DUTY_CYCLE', 'MINIMUM_BURN', 'MINIMUM_SEPARATION']);
    const separation = warnings.find((w) => w.code === 'MINIMUM_SEPARATION')!;
    assert.equal(separation.maneuverId, 'CLOSE');
    assert.equal(separation.details.otherManeuverId, 'FIRST');
    assert.equal(separation.details.gapSeconds, 60);
    const detail = await (await svc.request('GET', detailPath('CLOSE', craft), { key })).json();
    assert.deepEqual(detail.warnings.map((w: { code: string }) => w.code).sort(), ['DUTY_CYCLE', 'MINIMUM_BURN', 'MINIMUM_SEPARATION']);
    const far = await create(svc, key, [maneuver(craft, 'FAR', [segment('2030-02-01T00:00:00Z', 20)])]);
    assert.deepEqual((await far.json()).warnings, [], 'nothing to say about a well-planned maneuver');
  });

  test('an OCM whose WET_MASS is below the spacecraft dry mass is imported with a warning', async () => {
    await newCraft({ noradId: 40003, dryMass: 800 });
    const ocm = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = T', 'META_START', 'OBJECT_DESIGNATOR = 40003', 'TIME_SYSTEM = UTC',
      'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', 'PHYS_START', 'WET_MASS = 500 [kg]', 'PHYS_STOP', 'MAN_START', 'MAN_ID = LIGHT', 'MAN_DEVICE_ID = THR_1', 'MAN_REF_FRAME = RTN',
      'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP', 'MAN_UNITS = [s, N, N, N, s]', '2030-03-01T00:00:00 60 0 1 0 300', 'MAN_STOP', ''].join('\n');
    const preview = await (await importFiles(svc, key, [{ name: 'light.ocm', content: ocm }], { inspect: true })).json();
    assert.equal(preview.status, 'ready');
    assert.equal(preview.warnings[0].code, 'WET_MASS_BELOW_DRY_MASS');
    const response = await importFiles(svc, key, [{ name: 'light.ocm', content: ocm }]);
    assert.equal(response.status, 200);
    const [result] = (await response.json()).results;
    assert.equal(result.status, 'success');
    assert.deepEqual(result.warnings.map((w: { code: string }) => w.code), ['WET_MASS_BELOW_DRY_MASS']);
    assert.deepEqual([result.warnings[0].details.wetMassKg, result.warnings[0].details.dryMassKg], [500, 800]);
  });
});
