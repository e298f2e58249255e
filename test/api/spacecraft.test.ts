/** Spacecraft registry over HTTP: create, read, partial update, validation, derivations. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let key: string;
let otherOrgKey: string;

before(async () => {
  service = await createTestService();
  key = (await service.key({ organization: 'org-a' })).secret;
  otherOrgKey = (await service.key({ organization: 'org-b' })).secret;
});
after(async () => {
  await service.close();
});

async function create(body: Record<string, unknown>, secret = key): Promise<Record<string, any>> {
  const response = await service.request('POST', '/operations/spacecraft', { key: secret, json: body });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as Record<string, any>;
}

/** Sends `body` and expects a 400 VALIDATION_ERROR naming `field`. */
async function expectFieldError(method: string, path: string, body: unknown, field: string): Promise<void> {
  const response = await service.request(method, path, { key, json: body });
  const text = await response.text();
  assert.equal(response.status, 400, `${field}: ${text}`);
  const envelope = JSON.parse(text) as { error: string; fieldErrors: Record<string, string> };
  assert.equal(envelope.error, 'VALIDATION_ERROR');
  assert.ok(field in envelope.fieldErrors, `expected fieldErrors.${field} in ${text}`);
}

const close = (actual: number, expected: number, tolerance = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);

describe('POST /operations/spacecraft', () => {
  test('201 with the full record and documented defaults', async () => {
    const response = await service.request('POST', '/operations/spacecraft', { key, json: { name: 'Minimal' } });
    assert.equal(response.status, 201);
    const body = (await response.json()) as Record<string, any>;
    assert.match(body.id, /^[0-9a-f-]{36}$/);
    assert.equal(body.name, 'Minimal');
    assert.equal(body.lifecycleStatus, 'Active');
    assert.equal(body.color, '#1F77B4');
    assert.equal(body.bodyShape, 'BOX');
    assert.deepEqual([body.boxX, body.boxY, body.boxZ], [1, 1, 1]);
    assert.equal(body.dragCoefficient, 2.2);
    assert.equal(body.reflectivityCoefficient, 1.8);
    assert.equal(body.absorption, 0.5);
    assert.equal(body.specularReflection, 0.2);
    for (const field of [
      'noradId', 'catalogueNoradId', 'cosparId', 'externalKey', 'launchMass', 'dryMass', 'dragArea', 'srpArea',
      'prismAxis', 'prismSides', 'prismEdgeM', 'prismHeightM', 'prismDiameterMeasure', 'prismDiameter',
      'prismComplementaryDiameter', 'inertiaIxx', 'inertiaIyy', 'inertiaIzz', 'maneuverCapabilities',
    ]) {
      assert.equal(body[field], null, field);
    }
    assert.equal(body.notYetCatalogued, false);
    assert.deepEqual(body.panels, []);
    assert.deepEqual(body.forceModel, {
      gravityDegree: 20, gravityOrder: 20, atmosphere: 'HARRIS_PRIESTER', solarRadiationPressure: true, thirdBodies: ['SUN', 'MOON'],
    });
    assert.equal(typeof body.organizationId, 'string');
    assert.equal(body.createdAt, body.updatedAt);
    const read = await service.request('GET', `/operations/spacecraft/${body.id}`, { key });
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), body);
  });

  test('every given field is stored and returned', async () => {
    const body = await create({
      name: 'ISS (ZARYA)', noradId: 25544, catalogueNoradId: 25544, notYetCatalogued: false, cosparId: '1998-067A',
      externalKey: 'iss-1', color: '#ff8800', launchMass: 420000, dryMass: 400000, dragArea: 1600, dragCoefficient: 2.1,
      srpArea: 2500, reflectivityCoefficient: 1.3, absorption: 0.7, specularReflection: 0.3, boxX: 2, boxY: 3, boxZ: 4,
      inertiaIxx: 10, inertiaIyy: 12, inertiaIzz: 15,
      forceModel: { gravityDegree: 36, gravityOrder: 30, atmosphere: 'NRLMSISE00', solarRadiationPressure: false, thirdBodies: ['MOON'] },
    });
    assert.equal(body.noradId, 25544);
    assert.equal(body.cosparId, '1998-067A');
    assert.equal(body.externalKey, 'iss-1');
    assert.equal(body.color, '#FF8800', 'color is stored upper-case');
    assert.equal(body.launchMass, 420000);
    assert.equal(body.dryMass, 400000);
    assert.equal(body.dragArea, 1600);
    assert.equal(body.srpArea, 2500);
    assert.equal(body.reflectivityCoefficient, 1.3);
    assert.deepEqual([body.boxX, body.boxY, body.boxZ], [2, 3, 4]);
    assert.deepEqual([body.inertiaIxx, body.inertiaIyy, body.inertiaIzz], [10, 12, 15]);
    assert.deepEqual(body.forceModel, {
      gravityDegree: 36, gravityOrder: 30, atmosphere: 'NRLMSISE00', solarRadiationPressure: false, thirdBodies: ['MOON'],
    });
  });

  test('partial forceModel is completed with the defaults', async () => {
    const body = await create({ name: 'FM', forceModel: { atmosphere: 'NONE' } });
    assert.deepEqual(body.forceModel, {
      gravityDegree: 20, gravityOrder: 20, atmosphere: 'NONE', solarRadiationPressure: true, thirdBodies: ['SUN', 'MOON'],
    });
  });

  test('areas may be zero or null', async () => {
    const body = await create({ name: 'Zero areas', dragArea: 0, srpArea: null });
    assert.equal(body.dragArea, 0);
    assert.equal(body.srpArea, null);
  });

  describe('validation: every violation is a 400 naming the field', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['name missing', {}, 'name'],
      ['name blank', { name: '   ' }, 'name'],
      ['name too long', { name: 'x'.repeat(101) }, 'name'],
      ['color not #RRGGBB', { name: 'c', color: 'red' }, 'color'],
      ['color short form', { name: 'c', color: '#FFF' }, 'color'],
      ['absorption 0', { name: 'c', absorption: 0 }, 'absorption'],
      ['absorption > 1', { name: 'c', absorption: 1.01 }, 'absorption'],
      ['specularReflection 1', { name: 'c', specularReflection: 1 }, 'specularReflection'],
      ['specularReflection < 0', { name: 'c', specularReflection: -0.1 }, 'specularReflection'],
      ['absorption + specular > 1', { name: 'c', absorption: 0.8, specularReflection: 0.3 }, 'specularReflection'],
      ['launchMass 0', { name: 'c', launchMass: 0 }, 'launchMass'],
      ['dryMass negative', { name: 'c', dryMass: -1 }, 'dryMass'],
      ['dryMass > launchMass', { name: 'c', launchMass: 100, dryMass: 101 }, 'dryMass'],
      ['dragArea negative', { name: 'c', dragArea: -1 }, 'dragArea'],
      ['srpArea negative', { name: 'c', srpArea: -0.5 }, 'srpArea'],
      ['dragCoefficient 0', { name: 'c', dragCoefficient: 0 }, 'dragCoefficient'],
      ['reflectivityCoefficient > 2', { name: 'c', reflectivityCoefficient: 2.5 }, 'reflectivityCoefficient'],
      ['noradId not an integer', { name: 'c', noradId: 25544.5 }, 'noradId'],
      ['noradId as string', { name: 'c', noradId: '25544' }, 'noradId'],
      ['noradId 0', { name: 'c', noradId: 0 }, 'noradId'],
      ['cosparId too long', { name: 'c', cosparId: 'x'.repeat(21) }, 'cosparId'],
      ['externalKey too long', { name: 'c', externalKey: 'k'.repeat(65) }, 'externalKey'],
      ['externalKey empty', { name: 'c', externalKey: '' }, 'externalKey'],
      ['bodyShape unknown', { name: 'c', bodyShape: 'SPHERE' }, 'bodyShape'],
      ['boxX 0', { name: 'c', boxX: 0 }, 'boxX'],
      ['inertia partial', { name: 'c', inertiaIxx: 1 }, 'inertiaIyy'],
      ['inertia triangle', { name: 'c', inertiaIxx: 1, inertiaIyy: 1, inertiaIzz: 3 }, 'inertiaIzz'],
      ['inertia not positive', { name: 'c', inertiaIxx: 0, inertiaIyy: 1, inertiaIzz: 1 }, 'inertiaIxx'],
      ['prismSides on a BOX', { name: 'c', prismSides: 6 }, 'prismSides'],
      ['prismAxis on a BOX', { name: 'c', bodyShape: 'BOX', prismAxis: 'X' }, 'prismAxis'],
      ['prismEdgeM on a BOX', { name: 'c', prismEdgeM: 1 }, 'prismEdgeM'],
      ['prismHeightM on a BOX', { name: 'c', prismHeightM: 1 }, 'prismHeightM'],
      ['prismDiameterMeasure on a BOX', { name: 'c', prismDiameterMeasure: 'INSCRIBED' }, 'prismDiameterMeasure'],
      ['prismDiameter on a BOX', { name: 'c', prismDiameter: 2 }, 'prismDiameter'],
      ['prismSides < 3', { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 2, prismEdgeM: 1, prismHeightM: 1 }, 'prismSides'],
      ['prismSides missing', { name: 'c', bodyShape: 'REGULAR_PRISM', prismEdgeM: 1, prismHeightM: 1 }, 'prismSides'],
      ['prismSides not integer', { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 4.5, prismEdgeM: 1, prismHeightM: 1 }, 'prismSides'],
      ['prismHeightM missing', { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismEdgeM: 1 }, 'prismHeightM'],
      ['prism size missing', { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismHeightM: 1 }, 'prismEdgeM'],
      ['prismEdgeM not positive', { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismEdgeM: 0, prismHeightM: 1 }, 'prismEdgeM'],
      ['prism edge and diameter disagree',
        { name: 'c', bodyShape: 'REGULAR_PRISM', prismSides: 4, prismEdgeM: 1, prismDiameter: 3, prismHeightM: 1 }, 'prismDiameter'],
      ['prismAxis null for a prism', { name: 'c', bodyShape: 'REGULAR_PRISM', prismAxis: null, prismSides: 6, prismEdgeM: 1, prismHeightM: 1 }, 'prismAxis'],
      ['too many panels', { name: 'c', panels: Array.from({ length: 9 }, (_, i) => ({ name: `p${i}`, lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X' })) }, 'panels'],
      ['panel without name', { name: 'c', panels: [{ lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X' }] }, 'panels.0.name'],
      ['panel lengthM 0', { name: 'c', panels: [{ name: 'p', lengthM: 0, widthM: 1, mountAxisPreset: 'PLUS_X' }] }, 'panels.0.lengthM'],
      ['panel widthM negative', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: -1, mountAxisPreset: 'PLUS_X' }] }, 'panels.0.widthM'],
      ['panel preset unknown', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'UP' }] }, 'panels.0.mountAxisPreset'],
      ['panel preset missing', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1 }] }, 'panels.0.mountAxisPreset'],
      ['panel absorption 0', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', absorption: 0 }] }, 'panels.0.absorption'],
      ['panel specular 1', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', specularReflection: 1 }] }, 'panels.0.specularReflection'],
      ['panel optical sum > 1',
        { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', absorption: 0.9, specularReflection: 0.2 }] },
        'panels.0.specularReflection'],
      ['panel rotation out of range', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', rotationDeg: 400 }] }, 'panels.0.rotationDeg'],
      ['custom axis on a preset',
        { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X' }, { name: 'q', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_Y' },
          { name: 'r', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_Z', mountAxisCustomX: 1 }] },
        'panels.2.mountAxisCustomX'],
      ['custom axis incomplete',
        { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'CUSTOM', mountAxisCustomX: 1, mountAxisCustomY: 0 }] },
        'panels.0.mountAxisCustomZ'],
      ['custom axis zero',
        { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'CUSTOM', mountAxisCustomX: 0, mountAxisCustomY: 0, mountAxisCustomZ: 0 }] },
        'panels.0.mountAxisCustomX'],
      ['duplicate panelIndex',
        { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', panelIndex: 1 }, { name: 'q', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_Y' }] },
        'panels.1.panelIndex'],
      ['panelIndex out of range', { name: 'c', panels: [{ name: 'p', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_X', panelIndex: 8 }] }, 'panels.0.panelIndex'],
      ['window start after end',
        { name: 'c', maneuverCapabilities: { allowedWindows: [{ start: '2030-01-02T00:00:00Z', end: '2030-01-01T00:00:00Z' }] } },
        'maneuverCapabilities.allowedWindows.0.end'],
      ['window start equal to end',
        { name: 'c', maneuverCapabilities: { blackoutWindows: [{ start: '2030-01-01T00:00:00Z', end: '2030-01-01T00:00:00Z' }] } },
        'maneuverCapabilities.blackoutWindows.0.end'],
      ['window timestamp malformed',
        { name: 'c', maneuverCapabilities: { allowedWindows: [{ start: 'yesterday', end: '2030-01-01T00:00:00Z' }] } },
        'maneuverCapabilities.allowedWindows.0.start'],
      ['capability thruster unknown',
        { name: 'c', maneuverCapabilities: { thrusters: [{ thrusterId: 'nope', allowedDirections: ['RADIAL_OUT'] }] } },
        'maneuverCapabilities.thrusters.0.thrusterId'],
      ['negative power', { name: 'c', maneuverCapabilities: { availableManeuverPowerWatts: -1 } }, 'maneuverCapabilities.availableManeuverPowerWatts'],
      ['schemaVersion unknown', { name: 'c', maneuverCapabilities: { schemaVersion: 2 } }, 'maneuverCapabilities.schemaVersion'],
      ['gravityDegree > 36', { name: 'c', forceModel: { gravityDegree: 37 } }, 'forceModel.gravityDegree'],
      ['gravityDegree negative', { name: 'c', forceModel: { gravityDegree: -1 } }, 'forceModel.gravityDegree'],
      ['gravityOrder > degree', { name: 'c', forceModel: { gravityDegree: 8, gravityOrder: 9 } }, 'forceModel.gravityOrder'],
      ['atmosphere unknown', { name: 'c', forceModel: { atmosphere: 'JACCHIA' } }, 'forceModel.atmosphere'],
      ['third body unknown', { name: 'c', forceModel: { thirdBodies: ['JUPITER'] } }, 'forceModel.thirdBodies.0'],
      ['third body repeated', { name: 'c', forceModel: { thirdBodies: ['SUN', 'SUN'] } }, 'forceModel.thirdBodies'],
    ];
    for (const [label, body, field] of cases) {
      test(label, () => expectFieldError('POST', '/operations/spacecraft', body, field));
    }

    test('several violations are reported together', async () => {
      const response = await service.request('POST', '/operations/spacecraft', {
        key,
        json: { name: 'c', launchMass: 10, dryMass: 20, prismSides: 5, forceModel: { gravityDegree: 2, gravityOrder: 3 } },
      });
      assert.equal(response.status, 400);
      const { fieldErrors } = (await response.json()) as { fieldErrors: Record<string, string> };
      assert.deepEqual(Object.keys(fieldErrors).sort(), ['dryMass', 'forceModel.gravityOrder', 'prismSides']);
    });

    test('malformed JSON is a 400 and a wrong content type a 415', async () => {
      const bad = await service.request('POST', '/operations/spacecraft', {
        key, body: '{"name":', headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(bad.status, 400);
      const text = await service.request('POST', '/operations/spacecraft', {
        key, body: 'name=x', headers: { 'Content-Type': 'text/plain' },
      });
      assert.equal(text.status, 415);
    });
  });
});

describe('derived geometry', () => {
  test('prism diameters derived from the edge (inscribed d = a/tan(π/n), circumscribed D = a/sin(π/n))', async () => {
    const body = await create({ name: 'Hex', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismEdgeM: 1, prismHeightM: 2 });
    assert.equal(body.prismAxis, 'Z', 'default prism axis');
    assert.equal(body.prismDiameterMeasure, 'INSCRIBED', 'default datum');
    assert.equal(body.prismEdgeM, 1);
    close(body.prismDiameter, Math.sqrt(3));
    close(body.prismComplementaryDiameter, 2);
    assert.equal(body.prismHeightM, 2);
  });

  test('edge derived from a circumscribed diameter; the complementary diameter is the inscribed one', async () => {
    const body = await create({
      name: 'Square', bodyShape: 'REGULAR_PRISM', prismAxis: 'X', prismSides: 4, prismDiameterMeasure: 'CIRCUMSCRIBED',
      prismDiameter: Math.SQRT2, prismHeightM: 1,
    });
    assert.equal(body.prismAxis, 'X');
    close(body.prismEdgeM, 1);
    close(body.prismDiameter, Math.SQRT2);
    close(body.prismComplementaryDiameter, 1);
  });

  test('edge derived from an inscribed diameter (triangle)', async () => {
    const body = await create({ name: 'Tri', bodyShape: 'REGULAR_PRISM', prismSides: 3, prismDiameter: 1, prismHeightM: 1 });
    close(body.prismEdgeM, Math.tan(Math.PI / 3));
    close(body.prismComplementaryDiameter, Math.tan(Math.PI / 3) / Math.sin(Math.PI / 3));
  });

  test('a record sent back with edge and diameter is accepted (they agree)', async () => {
    const body = await create({ name: 'Oct', bodyShape: 'REGULAR_PRISM', prismSides: 8, prismDiameter: 1.7, prismHeightM: 1 });
    const patched = await service.request('PATCH', `/operations/spacecraft/${body.id}`, {
      key, json: { prismEdgeM: body.prismEdgeM, prismDiameter: body.prismDiameter, prismSides: 8 },
    });
    assert.equal(patched.status, 200, await patched.clone().text());
    close(((await patched.json()) as any).prismDiameter, 1.7);
  });

  test('panel normals: presets, rotation convention, custom axis normalized', async () => {
    const panel = (extra: Record<string, unknown>) => ({ name: 'p', lengthM: 2, widthM: 1, ...extra });
    const body = await create({
      name: 'Panels',
      panels: [
        panel({ mountAxisPreset: 'PLUS_X' }),
        panel({ mountAxisPreset: 'MINUS_Y' }),
        panel({ mountAxisPreset: 'PLUS_Y', rotationDeg: 90 }),
        panel({ mountAxisPreset: 'PLUS_Z', rotationDeg: 90 }),
        panel({ mountAxisPreset: 'MINUS_Z', rotationDeg: -90 }),
        panel({ mountAxisPreset: 'PLUS_X', rotationDeg: 30 }),
        panel({ mountAxisPreset: 'CUSTOM', mountAxisCustomX: 3, mountAxisCustomY: 4, mountAxisCustomZ: 0 }),
        panel({ mountAxisPreset: 'MINUS_X', rotationDeg: 180, panelIndex: 7, doubleSided: true }),
      ],
    });
    const normals = body.panels.map((p: any) => p.derivedNormal);
    const expectVector = (v: any, x: number, y: number, z: number) => {
      close(v.x, x);
      close(v.y, y);
      close(v.z, z);
    };
    expectVector(normals[0], 1, 0, 0);
    expectVector(normals[1], 0, -1, 0);
    expectVector(normals[2], 0, 0, 1);
    expectVector(normals[3], 1, 0, 0);
    expectVector(normals[4], -1, 0, 0);
    expectVector(normals[5], Math.cos(Math.PI / 6), 0, 0.5);
    expectVector(normals[6], 0.6, 0.8, 0);
    expectVector(normals[7], 1, 0, 0);
    assert.deepEqual(body.panels.map((p: any) => p.panelIndex), [0, 1, 2, 3, 4, 5, 6, 7]);
    const custom = body.panels[6];
    assert.deepEqual([custom.mountAxisCustomX, custom.mountAxisCustomY, custom.mountAxisCustomZ], [0.6, 0.8, 0]);
    assert.deepEqual([body.panels[0].mountAxisCustomX, body.panels[0].mountAxisCustomY], [null, null]);
    assert.equal(body.panels[7].doubleSided, true);
    assert.equal(body.panels[0].doubleSided, false);
    assert.equal(body.panels[0].rotationDeg, 0);
  });

  test('maneuverCapabilities without thrusters is stored with defaults', async () => {
    const body = await create({
      name: 'Caps',
      maneuverCapabilities: {
        allowedWindows: [{ start: '2030-01-01T02:00:00+02:00', end: '2030-01-02T00:00:00Z' }],
        availableManeuverPowerWatts: 150,
        minimumManeuverSeparationSeconds: 600,
      },
    });
    assert.deepEqual(body.maneuverCapabilities, {
      schemaVersion: 1,
      // windows are instants like any other: UTC, microseconds (README → Conventions)
      allowedWindows: [{ start: '2030-01-01T00:00:00.000000Z', end: '2030-01-02T00:00:00.000000Z' }],
      blackoutWindows: [],
      availableManeuverPowerWatts: 150,
      minimumManeuverSeparationSeconds: 600,
      thrusters: [],
    });
  });
});

describe('PATCH /operations/spacecraft/{id}', () => {
  test('partial update keeps omitted fields and bumps updatedAt', async () => {
    const body = await create({ name: 'Before', noradId: 40000, color: '#000000', launchMass: 100, dryMass: 80 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { name: 'After', dragArea: 1.5 } });
    assert.equal(response.status, 200);
    const updated = (await response.json()) as Record<string, any>;
    assert.equal(updated.name, 'After');
    assert.equal(updated.dragArea, 1.5);
    assert.equal(updated.noradId, 40000);
    assert.equal(updated.color, '#000000');
    assert.equal(updated.createdAt, body.createdAt);
    assert.ok(updated.updatedAt > body.updatedAt);
    const read = (await (await service.request('GET', `/operations/spacecraft/${body.id}`, { key })).json()) as any;
    assert.deepEqual(read, updated);
  });

  test('null clears a nullable field', async () => {
    const body = await create({ name: 'Clear', noradId: 40001, dragArea: 3 });
    const updated = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { noradId: null, dragArea: null } })).json()) as any;
    assert.equal(updated.noradId, null);
    assert.equal(updated.dragArea, null);
  });

  test('cross-field rules use the merged record', async () => {
    const body = await create({ name: 'Masses', launchMass: 100, dryMass: 90 });
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { launchMass: 80 }, 'dryMass');
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { forceModel: { gravityDegree: 10 } }, 'forceModel.gravityOrder');
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { name: '' }, 'name');
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { name: null }, 'name');
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { prismSides: 5 }, 'prismSides');
  });

  test('forceModel is merged field by field', async () => {
    const body = await create({ name: 'Merge', forceModel: { gravityDegree: 10, gravityOrder: 10, atmosphere: 'NONE' } });
    const updated = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { forceModel: { solarRadiationPressure: false } } })).json()) as any;
    assert.deepEqual(updated.forceModel, {
      gravityDegree: 10, gravityOrder: 10, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: ['SUN', 'MOON'],
    });
  });

  test('prism: changing sides keeps the edge; switching to BOX clears the prism fields', async () => {
    const body = await create({ name: 'Morph', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismEdgeM: 1, prismHeightM: 2 });
    const square = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { prismSides: 4 } })).json()) as any;
    assert.equal(square.prismEdgeM, 1);
    close(square.prismDiameter, 1);
    close(square.prismComplementaryDiameter, Math.SQRT2);
    const circ = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { prismDiameterMeasure: 'CIRCUMSCRIBED' } })).json()) as any;
    assert.equal(circ.prismEdgeM, 1);
    close(circ.prismDiameter, Math.SQRT2);
    const resized = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { prismDiameter: 2 * Math.SQRT2 } })).json()) as any;
    close(resized.prismEdgeM, 2);
    const box = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { bodyShape: 'BOX' } })).json()) as any;
    assert.equal(box.bodyShape, 'BOX');
    for (const field of ['prismAxis', 'prismSides', 'prismEdgeM', 'prismHeightM', 'prismDiameterMeasure', 'prismDiameter', 'prismComplementaryDiameter']) {
      assert.equal(box[field], null, field);
    }
    await expectFieldError('PATCH', `/operations/spacecraft/${body.id}`, { bodyShape: 'REGULAR_PRISM', prismSides: 5 }, 'prismHeightM');
  });

  test('panels are replaced as a whole', async () => {
    const body = await create({ name: 'Wings', panels: [{ name: 'a', lengthM: 1, widthM: 1, mountAxisPreset: 'PLUS_Y' }] });
    const updated = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, {
      key, json: { panels: [{ name: 'b', lengthM: 2, widthM: 1, mountAxisPreset: 'MINUS_Y' }, { name: 'c', lengthM: 2, widthM: 1, mountAxisPreset: 'PLUS_Y' }] },
    })).json()) as any;
    assert.deepEqual(updated.panels.map((p: any) => p.name), ['b', 'c']);
    const cleared = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { panels: [] } })).json()) as any;
    assert.deepEqual(cleared.panels, []);
  });

  test('lifecycleStatus and other read-only fields are not changed by PATCH', async () => {
    const body = await create({ name: 'RO' });
    const updated = (await (await service.request('PATCH', `/operations/spacecraft/${body.id}`, {
      key, json: { lifecycleStatus: 'Archived', id: 'other', organizationId: 'x', createdAt: '2000-01-01T00:00:00Z' },
    })).json()) as any;
    assert.equal(updated.lifecycleStatus, 'Active');
    assert.equal(updated.id, body.id);
    assert.equal(updated.organizationId, body.organizationId);
    assert.equal(updated.createdAt, body.createdAt);
  });

  test('404 for an unknown id', async () => {
    const response = await service.request('PATCH', '/operations/spacecraft/does-not-exist', { key, json: { name: 'x' } });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as any).error, 'SC-4040');
  });
});

describe('externalKey', () => {
  test('unique within the organization on create (409)', async () => {
    await create({ name: 'K1', externalKey: 'dup-key' });
    const response = await service.request('POST', '/operations/spacecraft', { key, json: { name: 'K2', externalKey: 'dup-key' } });
    assert.equal(response.status, 409);
    assert.equal(((await response.json()) as any).error, 'EXTERNAL_KEY_CONFLICT');
  });

  test('another organization may use the same key', async () => {
    await create({ name: 'Mine', externalKey: 'shared-key' });
    const theirs = await create({ name: 'Theirs', externalKey: 'shared-key' }, otherOrgKey);
    assert.equal(theirs.externalKey, 'shared-key');
  });

  test('can be set once, then is immutable (change or removal → 409); same value is fine', async () => {
    const body = await create({ name: 'Later key' });
    assert.equal(body.externalKey, null);
    const set = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { externalKey: 'late-1' } });
    assert.equal(set.status, 200);
    assert.equal(((await set.json()) as any).externalKey, 'late-1');
    const same = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { externalKey: 'late-1', name: 'Renamed' } });
    assert.equal(same.status, 200);
    const change = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { externalKey: 'late-2' } });
    assert.equal(change.status, 409);
    assert.equal(((await change.json()) as any).error, 'EXTERNAL_KEY_IMMUTABLE');
    const removal = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key, json: { externalKey: null } });
    assert.equal(removal.status, 409);
    const read = (await (await service.request('GET', `/operations/spacecraft/${body.id}`, { key })).json()) as any;
    assert.equal(read.externalKey, 'late-1');
    assert.equal(read.name, 'Renamed');
  });

  test('setting a key held by another craft of the organization → 409', async () => {
    await create({ name: 'Holder', externalKey: 'held' });
    const other = await create({ name: 'Taker' });
    const response = await service.request('PATCH', `/operations/spacecraft/${other.id}`, { key, json: { externalKey: 'held' } });
    assert.equal(response.status, 409);
    assert.equal(((await response.json()) as any).error, 'EXTERNAL_KEY_CONFLICT');
  });
});

describe('authorization and organization scoping', () => {
  test('a craft of another organization is 404 on GET and PATCH, and unchanged', async () => {
    const body = await create({ name: 'Private' });
    const read = await service.request('GET', `/operations/spacecraft/${body.id}`, { key: otherOrgKey });
    assert.equal(read.status, 404);
    const patch = await service.request('PATCH', `/operations/spacecraft/${body.id}`, { key: otherOrgKey, json: { name: 'Hijacked' } });
    assert.equal(patch.status, 404);
    const mine = (await (await service.request('GET', `/operations/spacecraft/${body.id}`, { key })).json()) as any;
    assert.equal(mine.name, 'Private');
  });

  test('each route needs its permission (403 ACCESS_ERROR without it)', async () => {
    const body = await create({ name: 'Perms' });
    const readOnly = (await service.key({ organization: 'org-a', permissions: ['read:spacecraft', 'PERM_read:spacecraft'] })).secret;
    const writeOnly = (await service.key({ organization: 'org-a', permissions: ['write:spacecraft'] })).secret;
    const cases: Array<[string, string, string, unknown?]> = [
      [writeOnly, 'GET', '/operations/spacecraft'],
      [writeOnly, 'GET', `/operations/spacecraft/${body.id}`],
      [readOnly, 'POST', '/operations/spacecraft', { name: 'x' }],
      [readOnly, 'PATCH', `/operations/spacecraft/${body.id}`, { name: 'x' }],
      [readOnly, 'PUT', `/operations/spacecraft/${body.id}/lifecycle`, { lifecycleStatus: 'Archived' }],
    ];
    for (const [secret, method, path, json] of cases) {
      const response = await service.request(method, path, { key: secret, json });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal(((await response.json()) as any).error, 'ACCESS_ERROR');
    }
    // read:spacecraft alone does not grant the list: the spec names PERM_read:spacecraft for it.
    const oneOnly = (await service.key({ organization: 'org-a', permissions: ['read:spacecraft'] })).secret;
    assert.equal((await service.request('GET', '/operations/spacecraft', { key: oneOnly })).status, 403);
    assert.equal((await service.request('GET', `/operations/spacecraft/${body.id}`, { key: oneOnly })).status, 200);
    const listOnly = (await service.key({ organization: 'org-a', permissions: ['PERM_read:spacecraft'] })).secret;
    assert.equal((await service.request('GET', '/operations/spacecraft', { key: listOnly })).status, 200);
    assert.equal((await service.request('GET', `/operations/spacecraft/${body.id}`, { key: listOnly })).status, 403);
  });

  test('no key → 401', async () => {
    assert.equal((await service.request('GET', '/operations/spacecraft')).status, 401);
  });
});

describe('OpenAPI', () => {
  test('every spacecraft operation is documented with its tag and security', async () => {
    const doc = (await (await service.request('GET', '/openapi.json')).json()) as any;
    const operations: Array<[string, string]> = [
      ['/operations/spacecraft', 'get'],
      ['/operations/spacecraft', 'post'],
      ['/operations/spacecraft/{id}', 'get'],
      ['/operations/spacecraft/{id}', 'patch'],
      ['/operations/spacecraft/{id}/lifecycle', 'put'],
    ];
    for (const [path, method] of operations) {
      const operation = doc.paths[path]?.[method];
      assert.ok(operation, `${method} ${path}`);
      assert.deepEqual(operation.tags, ['Spacecraft']);
      assert.deepEqual(operation.security, [{ apiKeyAuth: [] }]);
    }
    for (const name of ['Spacecraft', 'SpacecraftSummary', 'CreateSpacecraftRequest', 'UpdateSpacecraftRequest', 'Panel', 'ForceModel', 'ManeuverCapabilities']) {
      assert.ok(doc.components.schemas[name], name);
    }
    assert.ok(doc.paths['/operations/spacecraft/{id}/lifecycle'].put.responses['409'].content['application/json']);
  });
});
