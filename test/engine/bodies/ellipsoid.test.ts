/**
 * WGS-84 geodetic ↔ Cartesian. Oracle values: astropy 5.2.1 EarthLocation (ERFA gd2gc/gc2gd, WGS84), see
 * the cases below (computed with /usr/bin/python3 `erfa.gd2gc(1, lon, lat, h)`, 1 = WGS84).
 * Tolerance: < 1 mm both ways; reached: < 1e-6 mm against ERFA, round trips ≤ 1e-4 mm (at 400 000 km).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WGS84_EQUATORIAL_RADIUS_KM } from '../../../engine/constants.ts';
import {
  WGS84_POLAR_RADIUS_KM,
  cartesianToGeodetic,
  geodeticToCartesian,
} from '../../../engine/bodies/ellipsoid.ts';

const D2R = Math.PI / 180;
// [lat deg, lon deg, h km, x km, y km, z km] from ERFA gd2gc(1, ...) (WGS84)
const ORACLE: number[][] = JSON.parse(
  '[[0, 0, 0, 6378.137, 0.0, 0.0], [90, 0, 0, 3.9186209248144715e-13, 0.0, 6356.752314245179], [51.6, -97.1, 0.4, -490.7205740162604, -3939.7401310683954, 4975.594355022051], [-33.3, 45, 35786, 24923.0269612933, 24923.026961293297, -23129.14600054119], [89.99, 179.999, -0.01, -1.1169380443069274, 1.94942464162556e-05, 6356.742216773947], [-45.5, 10, 400, 4686.1987219798575, 826.3032716465756, -4811.769385486703]]',
);

test('geodetic ↔ Cartesian matches ERFA gd2gc (WGS-84) to < 1 µm', () => {
  const geo = new Float64Array(3);
  const out = new Float64Array(3);
  geodeticToCartesian(0, 0, 0, out);
  assert.ok(Math.abs(out[0] - WGS84_EQUATORIAL_RADIUS_KM) < 1e-12);
  geodeticToCartesian(Math.PI / 2, 0, 0, out);
  assert.ok(Math.abs(out[2] - WGS84_POLAR_RADIUS_KM) < 1e-12);
  for (const [lat, lon, h, x, y, z] of ORACLE) {
    geodeticToCartesian(lat * D2R, lon * D2R, h, out);
    assert.ok(Math.hypot(out[0] - x, out[1] - y, out[2] - z) < 1e-9);
    cartesianToGeodetic([x, y, z], geo);
    assert.ok(Math.abs(geo[0] - lat * D2R) < 1e-13 && Math.abs(geo[2] - h) < 1e-9, `inverse at ${lat}`);
    if (Math.abs(lat) < 90) assert.ok(Math.abs(geo[1] - lon * D2R) < 1e-13);
  }
});

test('Cartesian → geodetic → Cartesian round trip < 1 µm from the centre to 400 000 km, incl. poles', () => {
  const geo = new Float64Array(3);
  const back = new Float64Array(3);
  let worstMm = 0;
  for (const lat of [-90, -89.9999, -60, -45.5, -1e-9, 0, 0.3, 33.3, 51.6, 89.99, 90]) {
    for (const lon of [-180, -97.1, 0, 45, 179.999]) {
      for (const h of [-6000, -10, 0, 0.5, 400, 20000, 35786, 400000]) {
        geodeticToCartesian(lat * D2R, lon * D2R, h, back);
        const r = Float64Array.from(back);
        cartesianToGeodetic(r, geo);
        geodeticToCartesian(geo[0], geo[1], geo[2], back);
        worstMm = Math.max(worstMm, Math.hypot(back[0] - r[0], back[1] - r[1], back[2] - r[2]) * 1e6);
        if (h > -6000) assert.ok(Math.abs(geo[2] - h) < 1e-9, `height ${geo[2]} vs ${h} at lat ${lat}`);
        if (Math.abs(lat) < 90 && h > -6000) assert.ok(Math.abs(geo[0] - lat * D2R) < 1e-13, `lat at ${lat} ${h}`);
      }
    }
  }
  console.log(`reached geodetic round trip: ${worstMm.toExponential(2)} mm`);
  assert.ok(worstMm < 1e-3);
});
