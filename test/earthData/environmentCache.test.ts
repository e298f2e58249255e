// The Earth environments earthDataFor keeps (earthData/files.ts): one per EOP table, epoch and span, the same values as
// one built for the propagation alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUNDLED_FILES, earthDataFor, readEarthDataFile } from '../../earthData/files.ts';
import { InterpolatedEarthEnvironment } from '../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../engine/time/epoch.ts';

const refs = {
  eop: BUNDLED_FILES.EOP.map((path) => readEarthDataFile('EOP', path).ref),
  spaceWeather: readEarthDataFile('SPACE_WEATHER', BUNDLED_FILES.SPACE_WEATHER).ref,
};

test('earthDataFor: the environment of an epoch and span is built once and equals a fresh one; another span or epoch gets its own', () => {
  const epoch = Epoch.parse('2023-03-08T06:30:00Z');
  const earth = earthDataFor(refs);
  const kept = earth.environment!(epoch, -600, 86400);
  assert.equal(earthDataFor(refs).environment!(Epoch.parse('2023-03-08T06:30:00Z'), -600, 86400), kept);
  assert.notEqual(earth.environment!(epoch, 0, 86400), kept);
  assert.notEqual(earth.environment!(epoch.plusSeconds(1e-6), -600, 86400), kept);
  const fresh = new InterpolatedEarthEnvironment({ epoch, startS: -600, endS: 86400, eop: earth.eop });
  const a = new Float64Array(9);
  const b = new Float64Array(9);
  for (const t of [-600, 0, 1234.5, 43200, 86400]) {
    kept.gcrfToItrf(t, a);
    fresh.gcrfToItrf(t, b);
    assert.deepEqual([...a], [...b]);
    kept.sunPositionGcrfM(t, a);
    fresh.sunPositionGcrfM(t, b);
    assert.deepEqual([...a.subarray(0, 3)], [...b.subarray(0, 3)]);
  }
});
