/**
 * Conical Earth shadow (umbra and penumbra) with the oblate Earth limb, as seen from the spacecraft.
 *
 * Geometry as Orekit's `OccultationEngine` + `SolarRadiationPressure` (the reference README): with p the spacecraft,
 * s the Sun and l the point of the ellipsoid limb in the plane (centre, spacecraft, Sun) nearest to the Sun,
 *   separation θ  = ∠(p − s, p)        angle between the Sun and Earth centres seen from p
 *   limb radius ρE = ∠(p − l, p)       apparent Earth radius towards the Sun
 *   Sun radius ρS  = asin(R_sun/|p − s|)
 * Umbra when θ − ρE + ρS ≤ 0; penumbra when θ − ρE − ρS < 0; the lit fraction in penumbra is one minus the
 * overlapping area of two disks (Montenbruck & Gill 2000, §3.4.2, eqs. 3.85–3.87, in the angle form used by Orekit).
 *
 * The limb point: the ellipsoid becomes the unit sphere under the linear map x ↦ (x/a, y/a, z/b) (ITRF axes), which
 * keeps planes through the centre and tangency. The tangent from the scaled spacecraft to the unit circle in the
 * scaled plane is explicit; mapping it back gives the limb point of Orekit's `Ellipsoid.pointOnLimb`. The map only
 * needs the pole direction, so everything is computed in GCRF with the ITRF Z axis as `pole`.
 */

/** Nominal solar radius, m (IAU 2015 Resolution B3), of the shadow model. */
export const SUN_RADIUS_M = 6.957e8;
/** Angular margin of Orekit's eclipse computations (rad). */
export const ECLIPSE_ANGULAR_MARGIN = 1e-10;

/** Angle between two vectors, accurate at all angles (atan2 of |a×b| and a·b). */
function angleBetween(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ax * bx + ay * by + az * bz);
}

/**
 * Computes [separation, limbRadius, sunApparentRadius] (rad) into out3.
 * sat, sun: GCRF positions (m); pole: unit ITRF Z axis in GCRF; a, b: ellipsoid equatorial and polar radii (m).
 * Returns false (and fills full-light values) when the spacecraft is inside the Sun (degenerate).
 */
export function occultationAngles(
  sat: Float64Array,
  sun: Float64Array,
  pole: Float64Array,
  a: number,
  b: number,
  sunRadiusM: number,
  out3: Float64Array,
): boolean {
  const px = sat[0]!;
  const py = sat[1]!;
  const pz = sat[2]!;
  const kx = pole[0]!;
  const ky = pole[1]!;
  const kz = pole[2]!;
  const psx = px - sun[0]!;
  const psy = py - sun[1]!;
  const psz = pz - sun[2]!;
  const dSun = Math.sqrt(psx * psx + psy * psy + psz * psz);
  if (dSun <= sunRadiusM) {
    out3[0] = Math.PI;
    out3[1] = 0;
    out3[2] = 0;
    return false;
  }
  // scaled positions: v' = v/a + (1/b − 1/a)(v·k)k
  const ia = 1 / a;
  const dk = 1 / b - ia;
  const pk = px * kx + py * ky + pz * kz;
  const ox = px * ia + dk * pk * kx;
  const oy = py * ia + dk * pk * ky;
  const oz = pz * ia + dk * pk * kz;
  const sx0 = sun[0]!;
  const sy0 = sun[1]!;
  const sz0 = sun[2]!;
  const sk = sx0 * kx + sy0 * ky + sz0 * kz;
  const sx = sx0 * ia + dk * sk * kx;
  const sy = sy0 * ia + dk * sk * ky;
  const sz = sz0 * ia + dk * sk * kz;
  const d = Math.sqrt(ox * ox + oy * oy + oz * oz);
  const e1x = ox / d;
  const e1y = oy / d;
  const e1z = oz / d;
  // e2: part of S' orthogonal to e1
  const se1 = sx * e1x + sy * e1y + sz * e1z;
  let e2x = sx - se1 * e1x;
  let e2y = sy - se1 * e1y;
  let e2z = sz - se1 * e1z;
  let n2 = Math.sqrt(e2x * e2x + e2y * e2y + e2z * e2z);
  if (n2 === 0) {
    // Sun exactly behind or in front: any perpendicular (pick one orthogonal to e1)
    e2x = -e1y;
    e2y = e1x;
    e2z = 0;
    n2 = Math.sqrt(e2x * e2x + e2y * e2y);
    if (n2 === 0) {
      e2x = 1;
      n2 = 1;
    }
  }
  e2x /= n2;
  e2y /= n2;
  e2z /= n2;
  let lx: number;
  let ly: number;
  let lz: number;
  if (d > 1) {
    const c = 1 / d;
    const s = Math.sqrt(1 - c * c);
    lx = c * e1x + s * e2x;
    ly = c * e1y + s * e2y;
    lz = c * e1z + s * e2z;
  } else {
    // inside the ellipsoid: no limb; treat as the limb directly below (full occultation geometry)
    lx = e1x;
    ly = e1y;
    lz = e1z;
  }
  // back to metres: x = a x' + (b − a)(x'·k)k
  const lk = lx * kx + ly * ky + lz * kz;
  const limbX = a * lx + (b - a) * lk * kx;
  const limbY = a * ly + (b - a) * lk * ky;
  const limbZ = a * lz + (b - a) * lk * kz;

  out3[0] = angleBetween(psx, psy, psz, px, py, pz);
  out3[1] = angleBetween(px - limbX, py - limbY, pz - limbZ, px, py, pz);
  out3[2] = Math.asin(sunRadiusM / dSun);
  return true;
}

/**
 * True when the spacecraft is certainly in full light: the separation θ exceeds the sum of the bounds E = asin(a/|p|)
 * on the limb radius (the ellipsoid lies inside the sphere of radius a, so any tangent from p is within E of the centre
 * direction) and S = asin(R_sun/|p − s|) (the Sun radius itself), with a 1e-9 rad margin that covers
 * ECLIPSE_ANGULAR_MARGIN and the rounding of both sides. Then θ − ρE − ρS > margin, for which `lightingRatio` is
 * exactly 1, so SRP may skip the occultation geometry (two atan2, an asin and the limb construction) on the lit
 * part of an orbit — most of its force evaluations — without changing any result. Compared through cosines
 * (cos θ < cos(E + S) − margin; cos is decreasing on [0, π] with slope ≥ −1): square roots only.
 * False (decide by the full geometry) inside the sphere of radius a or inside the Sun.
 */
export function certainlyLit(sat: Float64Array, sun: Float64Array, a: number, sunRadiusM: number): boolean {
  const px = sat[0]!;
  const py = sat[1]!;
  const pz = sat[2]!;
  // u = s − p (towards the Sun); θ is the angle between u and −p
  const ux = sun[0]! - px;
  const uy = sun[1]! - py;
  const uz = sun[2]! - pz;
  const p2 = px * px + py * py + pz * pz;
  const u2 = ux * ux + uy * uy + uz * uz;
  const sinE2 = (a * a) / p2;
  const sinS2 = (sunRadiusM * sunRadiusM) / u2;
  if (!(sinE2 < 1 && sinS2 < 1)) return false;
  const pn = Math.sqrt(p2);
  const un = Math.sqrt(u2);
  const cosTheta = -(ux * px + uy * py + uz * pz) / (un * pn);
  const cosSum = Math.sqrt((1 - sinE2) * (1 - sinS2)) - (a / pn) * (sunRadiusM / un);
  return cosTheta < cosSum - 1e-9;
}

/** Lit fraction of the solar disk in [0, 1] from the occultation angles (Orekit `maskingRatio`). */
export function lightingRatio(separation: number, limbRadius: number, sunRadius: number): number {
  if (separation - limbRadius + sunRadius <= ECLIPSE_ANGULAR_MARGIN) return 0;
  if (separation - limbRadius - sunRadius < -ECLIPSE_ANGULAR_MARGIN) {
    const sEA2 = separation * separation;
    const oo2sEA = 1 / (2 * separation);
    const aS2 = sunRadius * sunRadius;
    const aE2 = limbRadius * limbRadius;
    const aE2maS2 = aE2 - aS2;
    const alpha1 = (sEA2 - aE2maS2) * oo2sEA;
    const alpha2 = (sEA2 + aE2maS2) * oo2sEA;
    const almost1 = 1 - Number.EPSILON / 2;
    const a1oaS = Math.min(almost1, Math.max(-almost1, alpha1 / sunRadius));
    const aS2ma12 = Math.max(Number.MIN_VALUE, aS2 - alpha1 * alpha1);
    const a2oaE = Math.min(almost1, Math.max(-almost1, alpha2 / limbRadius));
    const aE2ma22 = Math.max(Number.MIN_VALUE, aE2 - alpha2 * alpha2);
    const P1 = aS2 * Math.acos(a1oaS) - alpha1 * Math.sqrt(aS2ma12);
    const P2 = aE2 * Math.acos(a2oaE) - alpha2 * Math.sqrt(aE2ma22);
    return 1 - (P1 + P2) / (Math.PI * aS2);
  }
  return 1;
}
