/**
 * The encounter planes of the mpmath reference files (test/fixtures/conjunction/pc_oracle_mpmath.json,
 * pc_extremes_mpmath.json: keys in SI with their units) and the engine's EncounterPlane of one.
 */
import type { EncounterPlane } from '../../../engine/collision/index.ts';

export interface OraclePlane {
  name: string;
  xm_m: number;
  ym_m: number;
  sigma_x_m: number;
  sigma_y_m: number;
  combined_radius_m: number;
}

export const planeOf = (c: OraclePlane): EncounterPlane => ({ xmM: c.xm_m, ymM: c.ym_m, sigmaXM: c.sigma_x_m, sigmaYM: c.sigma_y_m, combinedHardBodyRadiusM: c.combined_radius_m });
