/**
 * SGP4 drag term B* from the spacecraft's ballistic data.
 *
 * Spacetrack Report #3 (Hoots & Roehrich 1980, §"SGP4") defines B* = ½·(Cd·A/m)·ρ0 with ρ0 the atmospheric
 * density at the model's reference altitude q0 (120 km), expressed per Earth radius of path length:
 *   ρ0 = 2.461e-5 kg/m²/ER   (= 2.461e-5 kg/m³ · 1 ER in the report's mixed unit convention)
 * so with A in m² and m in kg, Cd·A/m is in m²/kg and B* = ρ0·Cd·A/(2m) comes out in 1/ER (inverse Earth
 * radii), the unit of the TLE field. Vallado, "Fundamentals of Astrodynamics", 4th ed., Eq. 9-42 gives the
 * same constant. With drag switched off the element set carries B* = 0 (SGP4 then has no secular decay).
 */

/** Reference density ρ0 of the B* definition, kg/m²/ER. */
export const BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_ER = 2.461e-5;

export interface BallisticInput {
  /** Drag coefficient Cd (dimensionless). */
  readonly dragCoefficient: number;
  /** Drag reference area, m². */
  readonly dragAreaM2: number;
  /** Spacecraft mass, kg. */
  readonly massKg: number;
  /** Whether the force model includes drag; false → B* = 0. */
  readonly dragEnabled?: boolean;
}

/** B* in 1/ER = ρ0·Cd·A/(2m); 0 when drag is off. Throws RangeError on non-physical input. */
export function bstarFromBallistic(input: BallisticInput): number {
  if (input.dragEnabled === false) return 0;
  const { dragCoefficient, dragAreaM2, massKg } = input;
  if (!(Number.isFinite(dragCoefficient) && dragCoefficient >= 0)) throw new RangeError('dragCoefficient must be ≥ 0');
  if (!(Number.isFinite(dragAreaM2) && dragAreaM2 >= 0)) throw new RangeError('dragAreaM2 must be ≥ 0');
  if (!(Number.isFinite(massKg) && massKg > 0)) throw new RangeError('massKg must be > 0');
  return (BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_ER * dragCoefficient * dragAreaM2) / (2 * massKg);
}
