/**
 * Conjunction assessment engine: short-term encounter geometry and the 2-D probability-of-collision methods, and the
 * glue from a parsed CDM (engine/files/cdm) to them. Pure functions on plain numbers (SI units: m, m/s, m², s); no I/O.
 */
export {
  shortTermEncounter,
  encounterPlane,
  inertialPositionCovariance,
  coppolaEncounterDurationS,
  symmetric2x2Eigen,
  COPPOLA_ALPHA_C_GAMMA_1E16,
  type EncounterObject,
  type CovarianceFrame,
  type ShortTermEncounter,
  type ShortTermEncounterOptions,
  type EncounterPlane,
  type EncounterFlag,
  type EncounterFlagCode,
  type Vector3,
} from './encounter.ts';
export {
  collisionProbability,
  collisionProbabilities,
  pcDegenerate,
  isPcMethod,
  PC_METHODS,
  type PcMethod,
  type CollisionProbability,
  type CollisionProbabilityOptions,
  type PcFlag,
  type PcFlagCode,
} from './probability.ts';
export { pcLaas2015, type Laas2015Options, type Laas2015Result } from './laas2015.ts';
export { pcPatera2005, pcPatera2005Detailed, type PateraResult } from './patera2005.ts';
export { pcAlfano2005, alfanoOrder } from './alfano2005.ts';
export { pcChan1997, pcChan1997Detailed, chanTermCount, poissonUpperTail, type Chan1997Result } from './chan1997.ts';
export { pcAlfriend1999, pcAlfriend1999Max } from './alfriend1999.ts';
export { erf, erfc, erfDifference } from './errorFunction.ts';
export { CollisionInputError, type CollisionErrorKind } from './errors.ts';
export {
  cdmHardBodyRadius,
  cdmEncounterObjects,
  cdmShortTermEncounter,
  cdmCollisionProbabilities,
  type CdmHardBodyRadius,
  type CdmObjectRadius,
  type CdmRadiusSource,
  type CdmEncounterObject,
  type CdmEncounterObjects,
  type CdmEncounterOptions,
  type CdmEncounter,
} from './cdmEncounter.ts';
