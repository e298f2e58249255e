/**
 * WGS-84 ellipsoid and geodetic ↔ Earth-fixed Cartesian conversions (NIMA TR8350.2, 3rd ed., Table 3.1;
 * Vallado 4th ed. §3.2). Distances in km, angles in radians.
 */
import { WGS84_EQUATORIAL_RADIUS_KM, WGS84_FLATTENING } from '../constants.ts';

/** First eccentricity squared e² = f(2 − f). */
export const WGS84_ECCENTRICITY_SQUARED = WGS84_FLATTENING * (2 - WGS84_FLATTENING);
/** Semi-minor axis b = a(1 − f), km. */
export const WGS84_POLAR_RADIUS_KM = WGS84_EQUATORIAL_RADIUS_KM * (1 - WGS84_FLATTENING);

/**
 * Geodetic latitude/longitude/height → ITRF Cartesian (km) into out[offset..+3]:
 * N = a/√(1 − e² sin²φ), x = (N + h) cos φ cos λ, y = (N + h) cos φ sin λ, z = (N(1 − e²) + h) sin φ.
 */
export function geodeticToCartesian(
  latitudeRad: number,
  longitudeRad: number,
  altitudeKm: number,
  out: Float64Array | number[],
  offset = 0,
): void {
  const sinLat = Math.sin(latitudeRad);
  const cosLat = Math.cos(latitudeRad);
  const n = WGS84_EQUATORIAL_RADIUS_KM / Math.sqrt(1 - WGS84_ECCENTRICITY_SQUARED * sinLat * sinLat);
  out[offset] = (n + altitudeKm) * cosLat * Math.cos(longitudeRad);
  out[offset + 1] = (n + altitudeKm) * cosLat * Math.sin(longitudeRad);
  out[offset + 2] = (n * (1 - WGS84_ECCENTRICITY_SQUARED) + altitudeKm) * sinLat;
}

/**
 * ITRF Cartesian (km) → geodetic [latitudeRad, longitudeRad, altitudeKm] into out[0..3].
 *
 * Bowring's (1976) parametric-latitude start, then Newton iterations on tan φ of
 *   p·tan φ − z = e²·a·sin φ (Vallado 4th ed. Alg. 12 in tan form),
 * until the change is below 1e-15 rad (≤ 3 iterations in practice; < 1 nm from the centre to 400 000 km).
 * The height uses the form that stays accurate near the poles: h = p cos φ + z sin φ − a²/N.
 */
export function cartesianToGeodetic(r: ArrayLike<number>, out: Float64Array | number[], offset = 0): void {
  const a = WGS84_EQUATORIAL_RADIUS_KM;
  const b = WGS84_POLAR_RADIUS_KM;
  const e2 = WGS84_ECCENTRICITY_SQUARED;
  const x = r[offset], y = r[offset + 1], z = r[offset + 2];
  const p = Math.hypot(x, y);
  const longitude = p > 0 ? Math.atan2(y, x) : 0;
  let lat: number;
  if (p < 1e-12) {
    lat = z >= 0 ? Math.PI / 2 : -Math.PI / 2;
  } else {
    // Bowring: tan β = (a z)/(b p); tan φ = (z + e'² b sin³β)/(p − e² a cos³β)
    const ep2 = e2 / (1 - e2);
    const beta = Math.atan2(a * z, b * p);
    const sb = Math.sin(beta);
    const cb = Math.cos(beta);
    lat = Math.atan2(z + ep2 * b * sb * sb * sb, p - e2 * a * cb * cb * cb);
    for (let k = 0; k < 6; k++) {
      const s = Math.sin(lat);
      const c = Math.cos(lat);
      const n = a / Math.sqrt(1 - e2 * s * s);
      // f(φ) = p sin φ − z cos φ − e² N sin φ cos φ = 0 ; f' ≈ p cos φ + z sin φ − e² N cos 2φ
      const f = p * s - z * c - e2 * n * s * c;
      const fp = p * c + z * s - e2 * n * (c * c - s * s);
      const step = f / fp;
      lat -= step;
      if (Math.abs(step) < 1e-15) break;
    }
  }
  const s = Math.sin(lat);
  const c = Math.cos(lat);
  const n = a / Math.sqrt(1 - e2 * s * s);
  out[0] = lat;
  out[1] = longitude;
  out[2] = p * c + z * s - a * a / n;
}
