/**
 * SGP4 drag term B* from the spacecraft's ballistic data.
 *
 * Spacetrack Report #3 (Hoots & Roehrich 1980, §"SGP4") defines B* = ½·B·ρ0 with B = Cd·A/m and ρ0 the
 * density at the model's reference perigee height q0 = 120 km. The value is usually quoted as
 * "ρ0 = 2.461e-5 kg/m²/ER", but that number only balances the units as 2.461e-5 kg/(m²·km), i.e.
 * ρ0 = 2.461e-8 kg/m³ (the density at 120 km: the 1976 US Standard Atmosphere gives 2.22e-8 kg/m³) times
 * 1000 m/km. Expressed per Earth radius of path, as the TLE's 1/ER unit requires:
 *   ρ0 = 2.461e-5 kg/(m²·km) × 6378.135 km/ER = 0.1569659 kg/(m²·ER)
 * With A in m² and m in kg, Cd·A/m is in m²/kg and B* = ρ0·Cd·A/(2m) is in 1/ER. Check: ISS, Cd 2.2,
 * A ≈ 1000 m², m ≈ 420 t → B* ≈ 4e-4 1/ER, the order of its published element sets; the literal
 * "2.461e-5 per ER" reading would give 6e-8, a factor 6378 too small (SGP4 would then see almost no drag).
 * With drag switched off the element set carries B* = 0 (SGP4 then has no secular decay).
 */
import { SGP4_EARTH_RADIUS_KM } from './fit.ts';

/** ρ0 of the B* definition as usually printed, in kg/(m²·km) (= 2.461e-8 kg/m³ × 1000 m/km). */
export const BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_KM = 2.461e-5;

/** ρ0 per Earth radius (WGS-72, the SGP4 length unit), kg/(m²·ER): the factor that yields B* in 1/ER. */
export const BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_ER = BSTAR_REFERENCE_DENSITY_KG_PER_M2_PER_KM * SGP4_EARTH_RADIUS_KM;

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
