/**
 * The spacecraft's field rules (domain/spacecraft/fields.ts) without HTTP: the derivations against closed forms (a
 * regular hexagon of edge 1 m has inscribed diameter √3 m and circumscribed 2 m; the panel-normal convention's own
 * examples), the defaults on create, a PATCH over a record, and violations named by their dotted paths.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { panelNormal, prismDiameters, prismEdgeFromDiameter, spacecraftFields } from '../../../domain/spacecraft/fields.ts';
import { FORCE_MODEL_DEFAULTS, SPACECRAFT_DEFAULTS } from '../../../domain/spacecraft/model.ts';

test('prism diameters of a regular hexagon and back (edge = d·tan(π/n), D·sin(π/n))', () => {
  const { inscribed, circumscribed } = prismDiameters(1, 6);
  assert.ok(Math.abs(inscribed - Math.sqrt(3)) < 1e-12 && Math.abs(circumscribed - 2) < 1e-12);
  assert.ok(Math.abs(prismEdgeFromDiameter(Math.sqrt(3), 6, 'INSCRIBED') - 1) < 1e-12);
  assert.ok(Math.abs(prismEdgeFromDiameter(2, 6, 'CIRCUMSCRIBED') - 1) < 1e-12);
});

test('panel normals: PLUS_Y at 90° is +Z, PLUS_Z at 90° is +X (the documented convention)', () => {
  const close = (a: { x: number; y: number; z: number }, b: [number, number, number]) =>
    assert.ok(Math.hypot(a.x - b[0], a.y - b[1], a.z - b[2]) < 1e-12, JSON.stringify(a));
  close(panelNormal({ x: 0, y: 1, z: 0 }, 90), [0, 0, 1]);
  close(panelNormal({ x: 0, y: 0, z: 1 }, 90), [1, 0, 0]);
  close(panelNormal({ x: 1, y: 0, z: 0 }, 0), [1, 0, 0]);
});

test('create: the defaults apply; a PATCH keeps what it does not name', () => {
  const created = spacecraftFields({ name: 'SAT-1', bodyShape: 'REGULAR_PRISM', prismSides: 6, prismDiameter: 2, prismDiameterMeasure: 'CIRCUMSCRIBED', prismHeightM: 3 }, null, new Set());
  assert.ok(created.ok);
  assert.equal(created.fields.dragCoefficient, SPACECRAFT_DEFAULTS.dragCoefficient);
  assert.equal(created.fields.color, SPACECRAFT_DEFAULTS.color);
  assert.equal(created.fields.forceModel.gravityDegree, FORCE_MODEL_DEFAULTS.gravityDegree);
  assert.ok(Math.abs(created.fields.prismEdgeM! - 1) < 1e-12);
  assert.ok(Math.abs(created.fields.prismComplementaryDiameter! - Math.sqrt(3)) < 1e-12, 'the inscribed one');
  const patched = spacecraftFields({ dragCoefficient: 2.5, forceModel: { gravityDegree: 8, gravityOrder: 8 } }, created.fields, new Set());
  assert.ok(patched.ok);
  assert.equal(patched.fields.name, 'SAT-1');
  assert.equal(patched.fields.prismEdgeM, created.fields.prismEdgeM);
  assert.deepEqual([patched.fields.dragCoefficient, patched.fields.forceModel.gravityDegree, patched.fields.forceModel.atmosphere], [2.5, 8, FORCE_MODEL_DEFAULTS.atmosphere]);
});

test('every violation named by its dotted path, all at once', () => {
  const outcome = spacecraftFields(
    {
      name: 'SAT-2', launchMass: 100, dryMass: 120, inertiaIxx: 10, prismSides: 5,
      panels: [{ name: 'P', lengthM: 1, widthM: 1, mountAxisPreset: 'CUSTOM', mountAxisCustomX: 0, mountAxisCustomY: 0, mountAxisCustomZ: 0 }],
      maneuverCapabilities: { thrusters: [{ thrusterId: 'nope', allowedDirections: ['PROGRADE', 'PROGRADE'] }] },
      forceModel: { gravityDegree: 4, gravityOrder: 6 },
    },
    null,
    new Set(['t-1']),
  );
  assert.ok(!outcome.ok);
  assert.deepEqual(Object.keys(outcome.fieldErrors).sort(), [
    'dryMass', 'forceModel.gravityOrder', 'inertiaIyy', 'inertiaIzz', 'maneuverCapabilities.thrusters.0.allowedDirections',
    'maneuverCapabilities.thrusters.0.thrusterId', 'panels.0.mountAxisCustomX', 'prismSides',
  ]);
});
