/** engine/tle/gpElements.ts: exact TLE lines of a set whatever its day of year; orbit size from the mean motion. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readTleCatalog } from '../../../engine/tle/catalog.ts';
import { exactTleLines, gpOrbitSize } from '../../../engine/tle/gpElements.ts';

// CelesTrak's ISS (ZARYA) record layout; epochs late in the year, where one ulp of the day of year is 5.7e-6 of the
// epoch field's 1e-8-day unit (day 322.57509406: (d − 1)·1e8 is 3.8e-6 off the grid in doubles)
const LINES = [
  ['1 25544U 98067A   24338.91319444  .00016717  00000-0  30171-3 0  9992', '2 25544  51.6393 209.1210 0007183 317.3338  42.7173 15.50123795484920'],
  ['1 25544U 98067A   24365.99999999  .00016717  00000-0  30171-3 0  9999', '2 25544  51.6393 209.1210 0007183 317.3338  42.7173 15.50123795484920'],
  ['1 25544U 98067A   24257.50000001  .00016717  00000-0  30171-3 0  9993', '2 25544  51.6393 209.1210 0007183 317.3338  42.7173 15.50123795484920'],
  ['1 25544U 98067A   26322.57509406  .00016717  00000-0  30171-3 0  9998', '2 25544  51.6393 209.1210 0007183 317.3338  42.7173 15.50123795484920'],
];

test('a TLE read back gives its own two lines again, whatever its day of year', () => {
  for (const [l1, l2] of LINES) {
    const { entries, errors } = readTleCatalog(`${l1}\n${l2}\n`);
    assert.deepEqual(errors, []);
    assert.equal(entries.length, 1);
    assert.deepEqual(exactTleLines(entries[0]!), [l1, l2]);
  }
});

test('orbit size: a = (μ/n²)^(1/3) with μ = 398600.4418 km³/s², heights above 6378.137 km', () => {
  // n = 15.5 rev/day: a by hand from Kepler's third law
  const n = (15.5 * 2 * Math.PI) / 86400;
  const a = Math.cbrt(398600.4418 / (n * n));
  const size = gpOrbitSize({ meanMotionRevPerDay: 15.5, eccentricity: 0.001 });
  assert.ok(Math.abs(size.semiMajorAxisKm - a) < 1e-9);
  assert.ok(Math.abs(size.perigeeAltitudeKm - (a * 0.999 - 6378.137)) < 1e-9);
  assert.ok(Math.abs(size.apogeeAltitudeKm - (a * 1.001 - 6378.137)) < 1e-9);
  assert.ok(Math.abs(size.periodMinutes - 1440 / 15.5) < 1e-12);
  // GEO: one revolution per sidereal day gives a ≈ 42,164 km (the geostationary radius)
  assert.ok(Math.abs(gpOrbitSize({ meanMotionRevPerDay: 1.00273791, eccentricity: 0 }).semiMajorAxisKm - 42164.17) < 0.1);
});
