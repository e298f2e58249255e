/**
 * The screening volume in the primary's RTN frame: a sphere, or an ellipsoid with semi-axes along R, T and N (the
 * form of CSpOC's and CARA's screening volumes). An approach is reported when the secondary's position relative to
 * the primary at TCA lies inside: x_R²/a_R² + x_T²/a_T² + x_N²/a_N² ≤ 1. The search itself runs on the sphere of
 * the largest semi-axis, which holds the ellipsoid.
 */
import { CollisionInputError } from '../errors.ts';
import type { ScreeningVolume } from './types.ts';

/** Largest screening volume accepted, km (a catalog screening beyond this is a different product). */
export const MAX_VOLUME_SEMI_AXIS_KM = 500;

function requireSemiAxis(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_VOLUME_SEMI_AXIS_KM) {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', field, `must be a number in (0, ${MAX_VOLUME_SEMI_AXIS_KM}] km (got ${String(value)})`);
  }
}

/** Throws CollisionInputError naming the field unless the volume is well formed. */
export function validateVolume(volume: ScreeningVolume, field = 'volume'): void {
  if (volume === null || typeof volume !== 'object') throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', field, 'is required');
  if (volume.shape === 'SPHERE') {
    requireSemiAxis(`${field}.radiusKm`, volume.radiusKm);
  } else if (volume.shape === 'ELLIPSOID') {
    requireSemiAxis(`${field}.radialKm`, volume.radialKm);
    requireSemiAxis(`${field}.inTrackKm`, volume.inTrackKm);
    requireSemiAxis(`${field}.crossTrackKm`, volume.crossTrackKm);
  } else {
    throw new CollisionInputError('INVALID_VALUE', 'INVALID_INPUT', `${field}.shape`, `must be SPHERE or ELLIPSOID (got ${String((volume as { shape?: unknown }).shape)})`);
  }
}

/** Radius of the sphere holding the volume, km. */
export function enclosingRadiusKm(volume: ScreeningVolume): number {
  return volume.shape === 'SPHERE' ? volume.radiusKm : Math.max(volume.radialKm, volume.inTrackKm, volume.crossTrackKm);
}

/** Whether a relative position (R, T, N in km) lies inside the volume. */
export function insideVolume(volume: ScreeningVolume, rKm: number, tKm: number, nKm: number): boolean {
  if (volume.shape === 'SPHERE') return rKm * rKm + tKm * tKm + nKm * nKm <= volume.radiusKm * volume.radiusKm;
  const x = rKm / volume.radialKm;
  const y = tKm / volume.inTrackKm;
  const z = nKm / volume.crossTrackKm;
  return x * x + y * y + z * z <= 1;
}
