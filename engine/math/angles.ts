/** Angle units and normalisation (ERFA constants ERFA_DAS2R, ERFA_D2PI; functions eraAnp, eraAnpm). */

export const TWO_PI = 2 * Math.PI;
/** Arcseconds to radians. */
export const ARCSEC_TO_RAD = Math.PI / 648000;
/** Degrees to radians. */
export const DEG_TO_RAD = Math.PI / 180;
/** Radians to degrees. */
export const RAD_TO_DEG = 180 / Math.PI;
/** Arcseconds in a full turn. */
export const TURN_ARCSEC = 1296000;

/** Angle normalised to [0, 2π) (ERFA eraAnp). */
export function normalizeAngle0To2Pi(angleRad: number): number {
  let w = angleRad % TWO_PI;
  if (w < 0) w += TWO_PI;
  return w;
}

/** Angle normalised to [-π, π) (ERFA eraAnpm). */
export function normalizeAngleMinusPiToPi(angleRad: number): number {
  let w = angleRad % TWO_PI;
  if (Math.abs(w) >= Math.PI) w -= w > 0 ? TWO_PI : -TWO_PI;
  return w;
}
