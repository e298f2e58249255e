/**
 * One approach at its TCA: the relative state in the primary's RTN, the volume test, and the probability of
 * collision through engine/collision (shortTermEncounter → encounterPlane → collisionProbability).
 *
 * Pc: with both covariances, the requested method (default LAAS_2015, the exact integral). Otherwise the
 * maximum probability of Alfriend et al. (1999), flagged, as CARA and CSpOC report it when a covariance is missing
 * (../maximumProbability.ts) — and when one is given but is not a covariance (its position block not positive
 * semi-definite, flag PRIMARY_/SECONDARY_COVARIANCE_INVALID): it is left out rather than used, since an indefinite
 * block can make the Pc 0 and an invalid input must never lower the risk.
 * Each covariance is the caller's, taken as valid at the TCA (propagating it is the caller's part).
 */
import { localOrbitalRotation } from '../../math/covariance.ts';
import { shortTermEncounter, encounterPlane, requirePositionCovariance, type EncounterObject } from '../encounter.ts';
import { covariancesForPc } from '../maximumProbability.ts';
import { collisionProbability, type PcMethod } from '../probability.ts';
import { CollisionInputError, requireFiniteArray } from '../errors.ts';
import type { Epoch } from '../../time/epoch.ts';
import type { ApproachFlag, RtnCovarianceInput, ScreeningApproach, ScreeningVolume } from './types.ts';
import { insideVolume } from './volume.ts';

export interface ApproachContext {
  readonly spanStart: Epoch;
  readonly volume: ScreeningVolume;
  readonly pcMethod: PcMethod;
}

export interface ApproachObjects {
  readonly primaryId: string;
  readonly primaryCovariance: RtnCovarianceInput | undefined;
  readonly secondaryNoradId: number;
  readonly secondaryName: string | null;
  readonly secondaryCovariance: RtnCovarianceInput | undefined;
  readonly combinedHardBodyRadiusM: number;
}

/** RTN of the primary: R, T, N components of the relative position (km) from GCRF states (km, km/s). */
export function relativeRtn(primary: ArrayLike<number>, secondary: ArrayLike<number>): { positionKm: [number, number, number]; velocityKmS: [number, number, number] } {
  const m = localOrbitalRotation('RTN', [primary[0]!, primary[1]!, primary[2]!], [primary[3]!, primary[4]!, primary[5]!]);
  const d = [0, 1, 2, 3, 4, 5].map((i) => secondary[i]! - primary[i]!);
  const rot = (o: number): [number, number, number] => [
    m[0]! * d[o]! + m[1]! * d[o + 1]! + m[2]! * d[o + 2]!,
    m[3]! * d[o]! + m[4]! * d[o + 1]! + m[5]! * d[o + 2]!,
    m[6]! * d[o]! + m[7]! * d[o + 1]! + m[8]! * d[o + 2]!,
  ];
  return { positionKm: rot(0), velocityKmS: rot(3) };
}

function encounterObject(state: ArrayLike<number>, covariance: ArrayLike<number>): EncounterObject {
  return {
    positionM: [state[0]! * 1000, state[1]! * 1000, state[2]! * 1000],
    velocityMS: [state[3]! * 1000, state[4]! * 1000, state[5]! * 1000],
    covariance,
    covarianceFrame: 'RTN',
  };
}

/**
 * The approach at `tcaS` between the given states (GCRF, km and km/s), or null when the relative position lies
 * outside the volume.
 */
export function assembleApproach(
  context: ApproachContext,
  objects: ApproachObjects,
  tcaS: number,
  primaryState: Float64Array,
  secondaryState: Float64Array,
): ScreeningApproach | null {
  const rtn = relativeRtn(primaryState, secondaryState);
  const [rR, rT, rN] = rtn.positionKm;
  if (!insideVolume(context.volume, rR, rT, rN)) return null;
  const missKm = Math.hypot(rR, rT, rN);
  const km = (v: [number, number, number]): [number, number, number] => [v[0] * 1000, v[1] * 1000, v[2] * 1000];
  const state = (s: Float64Array): [number, number, number, number, number, number] => [s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!];
  const common = {
    primaryId: objects.primaryId,
    secondaryNoradId: objects.secondaryNoradId,
    secondaryName: objects.secondaryName,
    tcaS,
    tcaUtc: context.spanStart.plusSeconds(tcaS).toIsoString(6),
    missDistanceM: missKm * 1000,
    relativeSpeedMS: Math.hypot(...rtn.velocityKmS) * 1000,
    relativePositionRtnM: km(rtn.positionKm),
    relativeVelocityRtnMS: km(rtn.velocityKmS),
    primaryStateGcrf: state(primaryState),
    secondaryStateGcrf: state(secondaryState),
    combinedHardBodyRadiusM: objects.combinedHardBodyRadiusM,
  };
  const probability = approachProbability(context.pcMethod, primaryState, secondaryState, objects.combinedHardBodyRadiusM, objects.primaryCovariance, objects.secondaryCovariance);
  return { ...common, ...probability };
}

/** The Pc of an approach and what it rests on (see the header): the method, the Mahalanobis distance and the flags. */
export interface ApproachProbability {
  readonly pc: ScreeningApproach['pc'];
  readonly mahalanobisDistance: number | null;
  readonly flags: ApproachFlag[];
}

/**
 * Pc of an approach from both states at TCA (GCRF, km and km/s) and the covariances known (each in its object's own
 * RTN at TCA): both → `pcMethod`; one → Alfriend's maximum over it; none → the flagged isotropic maximum. The one
 * place a screening's Pc is computed: by the chunk (with the covariances its inputs carry) and again by a job runner
 * that learns the covariances at each TCA only after the search (propagated to the TCA, a stored CDM's).
 */
export function approachProbability(
  pcMethod: PcMethod,
  primaryState: ArrayLike<number>,
  secondaryState: ArrayLike<number>,
  combinedHardBodyRadiusM: number,
  primaryCovariance: RtnCovarianceInput | undefined,
  secondaryCovariance: RtnCovarianceInput | undefined,
): ApproachProbability {
  const missKm = Math.hypot(secondaryState[0]! - primaryState[0]!, secondaryState[1]! - primaryState[1]!, secondaryState[2]! - primaryState[2]!);
  const flags: ApproachFlag[] = [];
  const usable = (covariance: RtnCovarianceInput | undefined, who: 'primary' | 'secondary'): ArrayLike<number> | undefined => {
    if (covariance === undefined) return undefined;
    try {
      requireFiniteArray(`${who}Covariance.rtnM2`, covariance.rtnM2, [36, 9], 1e200);
      requirePositionCovariance(`${who}Covariance.rtnM2`, covariance.rtnM2);
      return covariance.rtnM2;
    } catch (error) {
      if (!(error instanceof CollisionInputError)) throw error;
      flags.push({ code: who === 'primary' ? 'PRIMARY_COVARIANCE_INVALID' : 'SECONDARY_COVARIANCE_INVALID', message: `${error.message}: left out, as if unknown` });
      return undefined;
    }
  };
  const p1 = usable(primaryCovariance, 'primary');
  const p2 = usable(secondaryCovariance, 'secondary');
  const chosen = covariancesForPc(pcMethod, missKm * 1000, p1, p2, ['the primary', 'the secondary']);
  const method = chosen.method;
  if (chosen.flag) flags.push(chosen.flag);
  let encounter;
  try {
    encounter = shortTermEncounter(encounterObject(primaryState, chosen.covariance1), encounterObject(secondaryState, chosen.covariance2), combinedHardBodyRadiusM);
  } catch (error) {
    if (!(error instanceof CollisionInputError)) throw error;
    // equal velocities (no encounter plane) or a malformed state: the approach stands, no Pc
    return { pc: null, mahalanobisDistance: null, flags: [...flags, { code: error.code, message: error.message }] };
  }
  const pc = collisionProbability(encounterPlane(encounter), method);
  if (chosen.flag === null && encounter.shortTermAssumptionHolds === false) {
    flags.push({
      code: 'SHORT_TERM_ASSUMPTION_DOUBTFUL',
      message: `the encounter lasts ${encounter.coppolaEncounterDurationS?.toPrecision(3)} s (Coppola et al. 2012), more than 1 % of the shorter orbital period: the 2-D Pc is indicative`,
    });
  }
  return {
    pc: {
      method: pc.method, value: pc.value, isMaximumProbability: pc.isMaximumProbability, flags: pc.flags,
      ...(pc.lowerBound !== undefined ? { lowerBound: pc.lowerBound } : {}), ...(pc.upperBound !== undefined ? { upperBound: pc.upperBound } : {}),
    },
    mahalanobisDistance: chosen.flag === null ? encounter.mahalanobisDistance : null,
    flags,
  };
}
