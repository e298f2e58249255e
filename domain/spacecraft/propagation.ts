/**
 * A spacecraft record as the propagator takes it: its physical properties (mass given by the caller: a state's, or
 * the launch mass) and its force model, with the fields the force model needs and the record lacks — the one rule
 * every propagation from stored data applies (a stored state's, an avoidance plan's), each caller answering a 422
 * that names them.
 */
import type { ForceModelSettings, SpacecraftProperties } from '../../engine/propagation/propagator.ts';
import type { Spacecraft } from './model.ts';

export interface SpacecraftPropagation {
  /** Missing fields, as the 422 names them (empty when none). */
  missing: string[];
  /** The properties without the mass (the caller adds it). */
  spacecraft: Omit<SpacecraftProperties, 'massKg'>;
  forceModel: ForceModelSettings;
}

/**
 * `massKg` null: 'mass (<massSource>)' is missing. `needsDryMass`: the run has burns (the propagator stops them at the
 * dry mass).
 */
export function spacecraftPropagation(craft: Spacecraft, massKg: number | null, massSource: string, needsDryMass: boolean): SpacecraftPropagation {
  const fm = craft.forceModel;
  const missing: string[] = [];
  if (massKg === null) missing.push(`mass (${massSource})`);
  if (fm.atmosphere !== 'NONE' && craft.dragArea === null) missing.push('dragArea');
  if (fm.solarRadiationPressure && craft.srpArea === null) missing.push('srpArea');
  if (needsDryMass && craft.dryMass === null) missing.push('dryMass');
  return {
    missing,
    spacecraft: {
      ...(craft.dryMass !== null ? { dryMassKg: craft.dryMass } : {}),
      ...(craft.dragArea !== null ? { dragAreaM2: craft.dragArea } : {}),
      dragCoefficient: craft.dragCoefficient,
      ...(craft.srpArea !== null ? { srpAreaM2: craft.srpArea } : {}),
      reflectivityCoefficient: craft.reflectivityCoefficient,
    },
    forceModel: {
      gravityDegree: fm.gravityDegree,
      gravityOrder: fm.gravityOrder,
      atmosphere: fm.atmosphere,
      solarRadiationPressure: fm.solarRadiationPressure,
      thirdBodies: fm.thirdBodies,
    },
  };
}
