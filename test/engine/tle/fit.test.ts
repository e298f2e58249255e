import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sgp4, twoline2satrec } from 'satellite.js';
import {
  BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_ER,
  bstarFromBallistic,
  fitTleMeanElements,
  generateTle,
  parseTle,
  TleCatalogNumberError,
  TleFitError,
  type TemeState,
} from '../../../engine/tle/index.ts';

/** Two-body Keplerian → Cartesian (test input only). */
function kepler(aKm: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, meanAnomalyDeg: number): TemeState {
  const mu = 398600.4418;
  const d = Math.PI / 180;
  let E = meanAnomalyDeg * d;
  for (let k = 0; k < 30; k++) E -= (E - e * Math.sin(E) - meanAnomalyDeg * d) / (1 - e * Math.cos(E));
  const nu = 2 * Math.atan2(Math.sqrt(1 + e) * Math.sin(E / 2), Math.sqrt(1 - e) * Math.cos(E / 2));
  const p = aKm * (1 - e * e);
  const r = p / (1 + e * Math.cos(nu));
  const P = [r * Math.cos(nu), r * Math.sin(nu)] as const;
  const V = [-Math.sqrt(mu / p) * Math.sin(nu), Math.sqrt(mu / p) * (e + Math.cos(nu))] as const;
  const [cO, sO, cw, sw, ci, si] = [raanDeg, raanDeg, argpDeg, argpDeg, iDeg, iDeg].map((x, k) => (k % 2 ? Math.sin(x * d) : Math.cos(x * d))) as number[];
  const R = [[cO! * cw! - sO! * sw! * ci!, -cO! * sw! - sO! * cw! * ci!], [sO! * cw! + cO! * sw! * ci!, -sO! * sw! + cO! * cw! * ci!], [sw! * si!, cw! * si!]];
  return { positionKm: R.map((q) => q[0]! * P[0] + q[1]! * P[1]), velocityKmPerS: R.map((q) => q[0]! * V[0] + q[1]! * V[1]) };
}

const EPOCH = { year: 2024, dayOfYear: 100.25 };
const GEO = kepler(42164.17, 0, 0, 0, 0, 100);

test('B* = ρ0·Cd·A/(2m) in 1/ER, ρ0 = 2.461e-5 kg/(m²·km) × 6378.135 km/ER; zero with drag off', () => {
  assert.ok(Math.abs(BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_ER - 0.1569659) < 1e-7);
  const b = bstarFromBallistic({ dragCoefficient: 2.2, dragAreaM2: 1, massKg: 100 });
  assert.ok(Math.abs(b - (2.461e-5 * 6378.135 * 2.2 * 1) / 200) < 1e-15);
  // order of magnitude of a real ISS element set (Cd 2.2, ~1000 m², ~420 t): a few 1e-4 1/ER
  const iss = bstarFromBallistic({ dragCoefficient: 2.2, dragAreaM2: 1000, massKg: 420000 });
  assert.ok(iss > 1e-4 && iss < 1e-3, String(iss));
  assert.equal(bstarFromBallistic({ dragCoefficient: 2.2, dragAreaM2: 1, massKg: 100, dragEnabled: false }), 0);
  assert.throws(() => bstarFromBallistic({ dragCoefficient: 2.2, dragAreaM2: 1, massKg: 0 }), RangeError);
});

test('B* does not move the state at tsince = 0 but is written to line 1 and decays the orbit afterwards', () => {
  const state = kepler(6778, 0.001, 51.6, 30, 40, 50);
  const bstar = bstarFromBallistic({ dragCoefficient: 2.2, dragAreaM2: 10, massKg: 500 });
  const a = generateTle(state, EPOCH, { noradId: 25544, cosparId: '1998-067A' }, { bstarPerEarthRadius: bstar });
  const b = generateTle(state, EPOCH, { noradId: 25544, cosparId: '1998-067A' });
  assert.equal(a.line2, b.line2);
  assert.equal(a.line1.slice(53, 61), ' 34532-2');
  assert.equal(b.line1.slice(53, 61), ' 00000-0');
  assert.equal(parseTle(a.text).bstarPerEarthRadius, 0.34532e-2);
  const later = (l1: string, l2: string) => sgp4(twoline2satrec(l1, l2), 1440)!.meanElements.am;
  assert.ok(later(a.line1, a.line2) < later(b.line1, b.line2), 'drag must lower the semi-major axis');
});

test('LEO takes the undamped fixed point; GEO (i = 0, e = 0) falls through to least squares and still fits', () => {
  const leo = fitTleMeanElements(kepler(6928.137, 0.0012, 53, 140, 75, 210), EPOCH);
  assert.equal(leo.method, 'fixed-point');
  assert.equal(leo.model, 'SGP4');
  assert.ok(leo.iterations <= 10);
  const geo = fitTleMeanElements(GEO, EPOCH);
  assert.equal(geo.method, 'least-squares');
  assert.equal(geo.model, 'SDP4');
  assert.ok(geo.positionResidualM < 1e-3 && geo.velocityResidualMPerS < 1e-6);
  // the least-squares answer is an honest SGP4 mean element set: its own propagation gives back the state
  const tle = generateTle(GEO, EPOCH);
  const pv = sgp4(twoline2satrec(tle.line1, tle.line2), 0)!;
  const errM = 1000 * Math.hypot(pv.position.x - GEO.positionKm[0]!, pv.position.y - GEO.positionKm[1]!, pv.position.z - GEO.positionKm[2]!);
  assert.ok(errM < 100, `GEO text-rounding error ${errM} m`);
});

test('near-circular, near-equatorial, retrograde and SSO states all reproduce to < 1 cm at full precision', () => {
  const cases: TemeState[] = [
    kepler(6878, 0, 0, 0, 0, 0),
    kepler(6878, 0, 45, 10, 0, 0),
    kepler(7178, 0.0011, 98.6, 290, 60, 300),
    kepler(7225, 0.001, 120, 200, 10, 20),
    kepler(42164.17, 1e-5, 0.01, 20, 30, 100),
    kepler(26560, 0.01, 55, 10, 20, 30),
    kepler(24400, 0.73, 7, 10, 180, 0), // GTO-like
  ];
  for (const s of cases) {
    const fit = fitTleMeanElements(s, EPOCH);
    assert.ok(fit.positionResidualM < 1e-2 && fit.velocityResidualMPerS < 1e-5, `${fit.method} ${fit.positionResidualM} m`);
  }
});

test('non-convergence is a typed TleFitError carrying the residual for the 422 details', () => {
  // Demand an unreachable residual so every stage fails on a GEO state (the least-squares optimum is ~1e-9 m).
  assert.throws(
    () => fitTleMeanElements(GEO, EPOCH, { maxPositionResidualM: 0, maxVelocityResidualMPerS: 0 }),
    (e: unknown) => {
      assert.ok(e instanceof TleFitError);
      assert.equal(e.code, 'TLE_FIT_NOT_CONVERGED');
      assert.ok(Number.isFinite(e.positionResidualM) && e.positionResidualM >= 0);
      assert.deepEqual(Object.keys(e.details), ['positionResidualM', 'velocityResidualMPerS']);
      return true;
    },
  );
  // A fixed point limited to one iteration cannot converge either; least squares rescues it.
  const rescued = fitTleMeanElements(kepler(6928, 0.001, 53, 1, 2, 3), EPOCH, { maxIterations: 1, dampedMaxIterations: 1 });
  assert.equal(rescued.method, 'least-squares');
  assert.ok(rescued.positionResidualM < 1e-3);
});

test('states with no TLE: hyperbolic, below the Earth radius, non-finite, epoch outside 1957-2056', () => {
  assert.throws(() => fitTleMeanElements({ positionKm: [7000, 0, 0], velocityKmPerS: [0, 12, 0] }, EPOCH), RangeError);
  assert.throws(() => fitTleMeanElements({ positionKm: [3000, 0, 0], velocityKmPerS: [0, 4, 0] }, EPOCH), RangeError);
  assert.throws(() => fitTleMeanElements({ positionKm: [7000, 0, Number.NaN], velocityKmPerS: [0, 7.5, 0] }, EPOCH), RangeError);
  assert.throws(() => fitTleMeanElements(GEO, { year: 2057, dayOfYear: 1 }), RangeError);
});

test('generateTle: NORAD id above Alpha-5 fails before fitting; absent id gives 99999; Alpha-5 ids are written', () => {
  const s = kepler(6928.137, 0.0012, 53, 140, 75, 210);
  assert.throws(() => generateTle(s, EPOCH, { noradId: 340000 }), TleCatalogNumberError);
  assert.equal(generateTle(s, EPOCH, {}).line1.slice(2, 7), '99999');
  assert.equal(generateTle(s, EPOCH, { noradId: null }).line2.slice(2, 7), '99999');
  const t = generateTle(s, EPOCH, { noradId: 339999, cosparId: '2024-123XYZ' });
  assert.equal(t.line1.slice(2, 7), 'Z9999');
  assert.equal(t.line1.slice(9, 17), '24123XYZ');
  assert.equal(t.text, `${t.line1}\n${t.line2}`);
  assert.equal(parseTle(t.text).catalogNumber, 339999);
});
