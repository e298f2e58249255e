/** The measurement-kind table (engine/measurements/observables.ts) is complete and consistent. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MEASUREMENT_COMPONENTS, MEASUREMENT_TYPES, OBSERVABLE_KINDS, OBSERVABLES, isObservableKind } from '../../../engine/measurements/observables.ts';

test('every observable kind has one entry per component in each column', () => {
  for (const kind of OBSERVABLE_KINDS) {
    const o = OBSERVABLES[kind];
    for (const [column, list] of Object.entries({ components: o.components, units: o.units, defaultSigma: o.defaultSigma, wrapped: o.wrapped })) {
      assert.equal(list.length, o.dimension, `${kind}.${column}`);
    }
    if (o.storedComponents) assert.equal(o.storedComponents.length, o.dimension, `${kind}.storedComponents`);
    assert.ok(o.biasComponents.length === 0 || o.biasComponents.length === o.dimension, `${kind}.biasComponents`);
    assert.equal(o.biasComponents.length > 0, o.station !== null, `${kind}: a station bias needs the station's field`);
    assert.ok(o.defaultSigma.every((s) => s > 0), `${kind}.defaultSigma`);
  }
  assert.deepEqual(Object.keys(OBSERVABLES).sort(), [...OBSERVABLE_KINDS].sort());
  assert.ok(isObservableKind('RANGE_RATE') && !isObservableKind('DOPPLER') && !isObservableKind('toString'));
});

test('every stored measurement type holds exactly one observable kind, and has its components', () => {
  for (const type of MEASUREMENT_TYPES) {
    const holders = OBSERVABLE_KINDS.filter((kind) => OBSERVABLES[kind].storedType === type);
    assert.equal(holders.length, 1, `${type} is held by ${holders.join(', ') || 'none'}`);
    assert.equal(MEASUREMENT_COMPONENTS[type].length, OBSERVABLES[holders[0]!].dimension, type);
  }
  assert.deepEqual(Object.keys(MEASUREMENT_COMPONENTS).sort(), [...MEASUREMENT_TYPES].sort());
  assert.deepEqual(MEASUREMENT_COMPONENTS.DOPPLER, ['doppler']);
});
