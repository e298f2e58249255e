/**
 * From a parsed CDM (files/cdm/cdmReader.ts) to the short-term encounter and the Pc methods of this folder, with the
 * conventions of the conjunction reference set (its frames and hard-body radius rules;
 * docs/conjunction-assessment.md), Orekit 13.1's:
 *
 *  - States are used in their REF_FRAME at TCA. EME2000 and GCRF are used as given (both treated as inertial; a CDM
 *    whose objects use different ones gets both in GCRF, the frame bias applied). An Earth-fixed state (ITRF and its
 *    realizations) is transformed to GCRF at TCA with the IERS 2010 conventions and the EOP given (engine/frames:
 *    polar motion, UT1−UTC, dX/dY, and the Earth-rotation term ω × r of the velocity). TOD, MOD and TEME states are
 *    transformed to GCRF as well.
 *  - The RTN covariance of each object (its 6×6 position/velocity block) is taken about that object's inertial state
 *    (CCSDS 508.0-B-1: RTN of the object's own state; rotation only).
 *  - The hard-body radius: {@link cdmHardBodyRadius} (the CDM 2.0 HBR keyword, else the radius conventions of CDM
 *    comments), unless the caller gives one.
 */
import type { CdmMessage, CdmObject } from '../files/cdm/cdmReader.ts';
import { cdmCovarianceMatrix6 } from '../files/cdm/cdmReader.ts';
import { convertState, type EopProvider, type StateFrame } from '../frames/stateFrames.ts';
import { Epoch } from '../time/epoch.ts';
import { encounterPlane, shortTermEncounter, type EncounterObject, type ShortTermEncounter, type ShortTermEncounterOptions } from './encounter.ts';
import { CollisionInputError } from './errors.ts';
import { collisionProbabilities, PC_METHODS, type CollisionProbability, type CollisionProbabilityOptions, type PcMethod } from './probability.ts';

/** Where one object's radius was found. */
export type CdmRadiusSource =
  /** The CDM 2.0 additional parameter HBR. */
  | 'HBR_KEYWORD'
  /** A comment `Operator Hard Body Radius = x [m]` (Space-Track CDMs, the operator's own radius). */
  | 'COMMENT_OPERATOR_HARD_BODY_RADIUS'
  /** A comment `HBR = x` in the object's blocks (NASA CARA's Alfano test cases). */
  | 'COMMENT_HBR'
  /** A comment `Exclusion Volume Radius = x [m]` (CSpOC's screening radius of the object). */
  | 'COMMENT_EXCLUSION_VOLUME_RADIUS';

export interface CdmObjectRadius {
  radiusM: number;
  source: CdmRadiusSource;
}

export interface CdmHardBodyRadius {
  /** The combined radius R of the Pc methods, m. */
  combinedM: number;
  /** `RELATIVE_METADATA_COMMENT`: a comment `HBR = x` in the relative metadata gives R itself; `OBJECTS`: the sum of the objects' radii found. */
  origin: 'RELATIVE_METADATA_COMMENT' | 'OBJECTS';
  /** Each object's radius when the CDM gives one (null otherwise; R then counts only the other). */
  objects: [CdmObjectRadius | null, CdmObjectRadius | null];
  /** In words, e.g. `object1 5 m (comment 'Exclusion Volume Radius') + object2 5 m (…)`. */
  description: string;
}

/** `<label> = <number> [m]` in a comment (white space free around the `=`; the unit, when written, must be m). */
function radiusInComment(comments: readonly string[], label: RegExp): number | null {
  for (const comment of comments) {
    const match = new RegExp(`^\\s*${label.source}\\s*=\\s*([+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)\\s*(?:\\[\\s*m\\s*\\])?\\s*$`, 'i').exec(comment);
    if (match) return Number(match[1]);
  }
  return null;
}

/** Every comment of an object's blocks (metadata, data section, each data block). */
function objectComments(object: CdmObject): string[] {
  return [
    ...object.metadata.comments,
    ...object.dataComments,
    ...(object.odParameters?.comments ?? []),
    ...(object.additionalParameters?.comments ?? []),
    ...object.stateVector.comments,
    ...(object.rtnCovariance?.comments ?? []),
    ...(object.xyzCovariance?.comments ?? []),
    ...(object.sigmaEigenvectorsCovariance?.comments ?? []),
    ...(object.additionalCovarianceMetadata?.comments ?? []),
  ];
}

const SOURCE_WORDS: Record<CdmRadiusSource, string> = {
  HBR_KEYWORD: 'CDM 2.0 keyword HBR',
  COMMENT_OPERATOR_HARD_BODY_RADIUS: "comment 'Operator Hard Body Radius'",
  COMMENT_HBR: "comment 'HBR ='",
  COMMENT_EXCLUSION_VOLUME_RADIUS: "comment 'Exclusion Volume Radius'",
};

/** One object's radius: HBR keyword, else the Operator Hard Body Radius, HBR and Exclusion Volume Radius comments. */
function objectRadius(object: CdmObject): CdmObjectRadius | null {
  const keyword = object.additionalParameters?.hardBodyRadiusM ?? null;
  if (keyword !== null) return { radiusM: keyword, source: 'HBR_KEYWORD' };
  const comments = objectComments(object);
  const rules: [RegExp, CdmRadiusSource][] = [
    [/Operator\s+Hard\s+Body\s+Radius/, 'COMMENT_OPERATOR_HARD_BODY_RADIUS'],
    [/HBR/, 'COMMENT_HBR'],
    [/Exclusion\s+Volume\s+Radius/, 'COMMENT_EXCLUSION_VOLUME_RADIUS'],
  ];
  for (const [label, source] of rules) {
    const radiusM = radiusInComment(comments, label);
    if (radiusM !== null) return { radiusM, source };
  }
  return null;
}

/**
 * The combined hard-body radius a CDM gives, or null when it gives none (CDM 1.0 has no HBR keyword; the caller then
 * needs its own). The rule of the reference set (README "Hard-body radius"): a relative-metadata comment `HBR = x`
 * gives R = x; otherwise each object's radius is its CDM 2.0 HBR, else its comment `Operator Hard Body Radius = x`,
 * `HBR = x` or `Exclusion Volume Radius = x` (in that order of preference), and R is the sum over the objects that
 * have one.
 */
export function cdmHardBodyRadius(cdm: CdmMessage): CdmHardBodyRadius | null {
  const objects: [CdmObjectRadius | null, CdmObjectRadius | null] = [objectRadius(cdm.objects[0]), objectRadius(cdm.objects[1])];
  const relative = radiusInComment(cdm.relativeMetadata.comments, /HBR/);
  if (relative !== null) {
    return { combinedM: relative, origin: 'RELATIVE_METADATA_COMMENT', objects, description: `${relative} m (relative metadata comment 'HBR =')` };
  }
  const given = objects.map((o, k) => (o ? { ...o, name: `object${k + 1}` } : null)).filter((o) => o !== null);
  if (given.length === 0) return null;
  return {
    combinedM: given.reduce((sum, o) => sum + o!.radiusM, 0),
    origin: 'OBJECTS',
    objects,
    description: given.map((o) => `${o!.name} ${o!.radiusM} m (${SOURCE_WORDS[o!.source]})`).join(' + '),
  };
}

/** Frames a CDM state may be used in (README "Frames"): the inertial ones as given, the others through GCRF. */
function stateFrameOf(refFrame: string, field: string): StateFrame {
  const upper = refFrame.trim().toUpperCase();
  if (upper === 'EME2000' || upper === 'J2000') return 'EME2000';
  if (upper === 'GCRF') return 'GCRF';
  // ITRF, ITRF-97, ITRF2000, ITRF2014, ITRF2020 …: the realizations differ by centimetres, below a CDM's accuracy
  if (/^ITRF(-?\d{2}|\d{4})?$/.test(upper)) return 'ITRF';
  if (upper === 'TEME' || upper === 'TOD' || upper === 'MOD') return upper;
  throw new CollisionInputError('UNSUPPORTED_FRAME', 'UNPROCESSABLE', field, `REF_FRAME ${refFrame} is not supported for Pc (EME2000, GCRF, ITRF, TOD, MOD or TEME)`);
}

/** One object of the encounter, in the inertial frame of the encounter, with its CDM RTN covariance. */
export interface CdmEncounterObject extends EncounterObject {
  positionM: [number, number, number];
  velocityMS: [number, number, number];
  /** 36 values, RTN, m², m²/s, m²/s². */
  covariance: number[];
  covarianceFrame: 'RTN';
  /** REF_FRAME of the state in the CDM. */
  cdmFrame: string;
}

export interface CdmEncounterObjects {
  /** TCA (UTC). */
  tca: Epoch;
  /** The inertial frame both states are expressed in. */
  inertialFrame: 'EME2000' | 'GCRF';
  object1: CdmEncounterObject;
  object2: CdmEncounterObject;
  /** True when an Earth-fixed state was converted with EOP that cover TCA; null when no EOP were needed. */
  eopCovered: boolean | null;
}

/**
 * Both objects' states at TCA in one inertial frame and their RTN covariances, ready for `shortTermEncounter`.
 * `eop` is required when a REF_FRAME is Earth-fixed (ITRF). Throws CollisionInputError for a REF_FRAME or ORBIT_CENTER
 * the engine cannot use, a missing RTN covariance (a CDM 2.0 object with only an XYZ or sigma/eigenvector one), or
 * missing EOP.
 */
export function cdmEncounterObjects(cdm: CdmMessage, eop?: EopProvider): CdmEncounterObjects {
  const tca = Epoch.parse(cdm.relativeMetadata.tca, 'UTC');
  const frames = cdm.objects.map((o, k) => {
    const center = o.metadata.orbitCenter;
    if (center !== null && center.trim().toUpperCase() !== 'EARTH') {
      throw new CollisionInputError('UNSUPPORTED_ORBIT_CENTER', 'UNPROCESSABLE', `object${k + 1}.orbitCenter`, `ORBIT_CENTER ${center}: only Earth-centred CDMs are supported`);
    }
    return stateFrameOf(o.metadata.refFrame, `object${k + 1}.refFrame`);
  });
  // both EME2000, or both GCRF: as given; any other combination: GCRF
  const inertialFrame: 'EME2000' | 'GCRF' = frames[0] === 'EME2000' && frames[1] === 'EME2000' ? 'EME2000' : 'GCRF';
  let eopCovered: boolean | null = null;
  const objects = cdm.objects.map((o, k): CdmEncounterObject => {
    const field = `object${k + 1}`;
    if (!o.rtnCovariance) {
      throw new CollisionInputError('RTN_COVARIANCE_MISSING', 'UNPROCESSABLE', `${field}.rtnCovariance`, 'the CDM gives no RTN covariance for this object (only an alternate covariance)');
    }
    const frame = frames[k]!;
    const stateKm = [...o.stateVector.positionKm, ...o.stateVector.velocityKmS];
    let inertialKm: ArrayLike<number> = stateKm;
    if (frame !== inertialFrame) {
      const earthFixed = frame === 'ITRF';
      if (earthFixed && !eop) {
        throw new CollisionInputError('EOP_REQUIRED', 'UNPROCESSABLE', `${field}.refFrame`, `REF_FRAME ${o.metadata.refFrame} is Earth-fixed: Earth orientation parameters are needed to use it`);
      }
      const provider: EopProvider = eop ?? { at: () => ({ dut1Seconds: 0, xpArcsec: 0, ypArcsec: 0, lodSeconds: 0, dxArcsec: 0, dyArcsec: 0, ddPsiArcsec: 0, ddEpsArcsec: 0, covered: false }) };
      if (earthFixed) eopCovered = (eopCovered ?? true) && provider.at(tca).covered;
      inertialKm = convertState(stateKm, frame, inertialFrame, tca, provider);
    }
    return {
      positionM: [inertialKm[0]! * 1000, inertialKm[1]! * 1000, inertialKm[2]! * 1000],
      velocityMS: [inertialKm[3]! * 1000, inertialKm[4]! * 1000, inertialKm[5]! * 1000],
      covariance: cdmCovarianceMatrix6(o.rtnCovariance),
      covarianceFrame: 'RTN',
      cdmFrame: o.metadata.refFrame,
    };
  });
  return { tca, inertialFrame, object1: objects[0]!, object2: objects[1]!, eopCovered };
}

export interface CdmEncounterOptions extends ShortTermEncounterOptions {
  /** Combined hard-body radius, m; default: the CDM's ({@link cdmHardBodyRadius}), required when it gives none. */
  combinedHardBodyRadiusM?: number;
  /** EOP for an Earth-fixed REF_FRAME. */
  eop?: EopProvider;
}

export interface CdmEncounter {
  objects: CdmEncounterObjects;
  /** The radius used and where it came from (`CALLER`: given in the options). */
  hardBodyRadius: { combinedM: number; source: 'CALLER' | 'CDM'; fromCdm: CdmHardBodyRadius | null };
  encounter: ShortTermEncounter;
}

/** The short-term encounter of a CDM's two objects at TCA (object 1 the reference). */
export function cdmShortTermEncounter(cdm: CdmMessage, options: CdmEncounterOptions = {}): CdmEncounter {
  const fromCdm = cdmHardBodyRadius(cdm);
  let hardBodyRadius: CdmEncounter['hardBodyRadius'];
  if (options.combinedHardBodyRadiusM !== undefined) {
    hardBodyRadius = { combinedM: options.combinedHardBodyRadiusM, source: 'CALLER', fromCdm };
  } else if (fromCdm) {
    hardBodyRadius = { combinedM: fromCdm.combinedM, source: 'CDM', fromCdm };
  } else {
    throw new CollisionInputError('HARD_BODY_RADIUS_MISSING', 'INVALID_INPUT', 'combinedHardBodyRadiusM', 'the CDM gives no hard-body radius (no HBR keyword nor radius comment): give one');
  }
  const objects = cdmEncounterObjects(cdm, options.eop);
  const encounter = shortTermEncounter(objects.object1, objects.object2, hardBodyRadius.combinedM, options);
  return { objects, hardBodyRadius, encounter };
}

/** Pc straight from a CDM: the encounter and the probability by each method asked (default: all six). */
export function cdmCollisionProbabilities(
  cdm: CdmMessage,
  options: CdmEncounterOptions & CollisionProbabilityOptions & { methods?: readonly PcMethod[] } = {},
): CdmEncounter & { probabilities: CollisionProbability[] } {
  const result = cdmShortTermEncounter(cdm, options);
  return { ...result, probabilities: collisionProbabilities(encounterPlane(result.encounter), options.methods ?? PC_METHODS, options) };
}
