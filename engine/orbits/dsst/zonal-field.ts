/**
 * Zonal part of the geopotential used by the DSST zonal short-periodic terms:
 *   U = −(μ/r) Σ_{n=2..N} J_n (Re/r)^n P_n(sin φ),  φ = latitude about the body pole.
 *
 * The default field is the one Orekit's DSST reference used (test/fixtures/dsst/README.md):
 * EGM96, tide-free, μ = 3.986004415e14 m³/s², Re = 6378136.3 m, J_n = −C̄_n0 √(2n+1) (unnormalized).
 * The coefficients come from the EGM96 table of the `ootk-core` package (MIT, normalized degree-36
 * model), never retyped.
 */
import { egm96 } from 'ootk-core/dist/data/values/egm96.js';
import { EGM96_GM_M3S2, EGM96_RADIUS_M } from '../../forces/gravityField.ts';

/** EGM96 gravitational parameter (the field's own μ, not the orbit μ), km³/s² (398600.4415). */
export const EGM96_MU_KM3_S2 = EGM96_GM_M3S2 / 1e9;
/** EGM96 reference (equatorial) radius, km (6378.1363). */
export const EGM96_RADIUS_KM = EGM96_RADIUS_M / 1000;

export interface ZonalField {
  /** The field's gravitational parameter, km³/s² (used in the potential). */
  muKm3PerS2: number;
  /** Reference radius of the coefficients, km. */
  radiusKm: number;
  /** Unnormalized zonal coefficients: jn[n] = J_n = −C_n0 for n = 2..maxDegree (jn[0], jn[1] unused = 0). */
  jn: Float64Array;
}

/** Maximum degree of the zonal short-periodic model (Orekit's reference used J2..J6). */
export const MAX_ZONAL_DEGREE = 6;

/**
 * EGM96 zonal field truncated to `maxDegree` (2..6), unnormalized: J_n = −C̄_n0·√(2n+1) (the
 * normalization factor of a zonal term is √(2n+1); Heiskanen & Moritz eq. 1-73 / Vallado eq. 8-22).
 */
export function egm96ZonalField(maxDegree: number = MAX_ZONAL_DEGREE): ZonalField {
  if (!Number.isInteger(maxDegree) || maxDegree < 2 || maxDegree > MAX_ZONAL_DEGREE) {
    throw new RangeError(`zonal degree must be an integer in [2, ${MAX_ZONAL_DEGREE}], got ${maxDegree}`);
  }
  const jn = new Float64Array(maxDegree + 1);
  for (const row of egm96 as ReadonlyArray<readonly number[]>) {
    const n = row[0]!;
    const m = row[1]!;
    if (m === 0 && n >= 2 && n <= maxDegree) jn[n] = -row[2]! * Math.sqrt(2 * n + 1);
  }
  for (let n = 2; n <= maxDegree; n++) {
    if (jn[n] === 0) throw new Error(`EGM96 table has no C${n}0 coefficient`);
  }
  return { muKm3PerS2: EGM96_MU_KM3_S2, radiusKm: EGM96_RADIUS_KM, jn };
}
