/**
 * The CDM of one screening approach, so that a screening's
 * approaches become conjunction events through the same ingest path as received CDMs (api/services/conjunctions/
 * ingest.ts: grouping, assessment, HBR rule) — never a second copy of those rules.
 *
 * CCSDS 508.0-B-1 requires an RTN covariance for each object. The screening knows none for a catalog object (and none
 * for our primary unless given), so such an object gets a DEFAULT covariance (COVARIANCE_METHOD = DEFAULT, §3.5.2):
 * an isotropic position covariance σ² = miss²/4 per axis, i.e. a combined isotropic σ² = miss²/2 in the encounter
 * plane, the σ that maximises the 2-D Pc for a given miss distance d (Alfriend et al. 1999, Pc_max = R²/(e·d²)), so
 * that a tool that reads the file as an estimate still gets the bound and not less. The service itself never reads a
 * DEFAULT covariance as an estimate (domain/conjunctions/assessment.ts): the event's Pc is the approach's maximum
 * probability, flagged. The CDM says so in its comments and in COLLISION_PROBABILITY_METHOD (ALFRIEND-1999).
 */
import type { CdmToWrite } from '../../engine/files/cdm/cdmWriter.ts';
import { replaceUnsafeText } from '../../engine/text.ts';
import type { CdmMessage, CdmObject, CdmObjectMetadata } from '../../engine/files/cdm/cdmReader.ts';
import type { EopProvider } from '../../engine/frames/stateFrames.ts';
import { digestCdm, type CdmDigest } from './cdmDigest.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';

export interface ScreeningCdmObject {
  /** OBJECT_DESIGNATOR: the NORAD id, or (our spacecraft without one) its external key or name. */
  designator: string;
  name: string;
  internationalDesignator: string;
  objectType: CdmObjectMetadata['objectType'];
  maneuverable: 'YES' | 'NO' | 'N/A';
  /** GCRF at TCA, km and km/s. */
  stateGcrf: readonly number[];
  /** Set when the object's trajectory comes from an element set (catalog or fitted): the EPHEMERIS_NAME says so. */
  ephemerisName: string;
  /**
   * The object's covariance at TCA when the screening knew it (6×6 row-major in its RTN, m², m²/s, m²/s²; or the 3×3
   * position block): written with COVARIANCE_METHOD = CALCULATED. Absent → the DEFAULT covariance below.
   */
  covarianceRtnM2?: readonly number[];
}

export interface ScreeningCdmInput {
  originator: string;
  messageId: string;
  creationDate: string;
  /** TCA, ISO-8601 UTC. */
  tca: string;
  missDistanceM: number;
  relativeSpeedMS: number;
  relativePositionRtnM: readonly [number, number, number];
  relativeVelocityRtnMS: readonly [number, number, number];
  /** The screening volume (RTN ellipsoid or sphere), m, and the span screened. */
  volume: { shape: 'SPHERE'; radiusM: number } | { shape: 'ELLIPSOID'; radialM: number; inTrackM: number; crossTrackM: number };
  spanStart: string;
  spanEnd: string;
  pcThreshold: number;
  /** The screening's Pc and its method (Alfriend's maximum probability when flagged). */
  pc: number | null;
  /** engine/collision's method of `pc` (default LAAS_2015). */
  pcMethod?: PcMethod;
  pcIsMaximumProbability: boolean;
  combinedHardBodyRadiusM: number;
  objects: [ScreeningCdmObject, ScreeningCdmObject];
  comments: string[];
}

/** Velocity variance of the default covariance, m²/s²: any small positive value; the 2-D Pc reads only the positions. */
const DEFAULT_VELOCITY_VARIANCE_M2_S2 = 1e-4;

function epochText(iso: string): string {
  return iso.endsWith('Z') ? iso.slice(0, -1) : iso;
}

function defaultCovariance(missDistanceM: number): number[] {
  // σ² = d²/4 per axis and object (see the header); a floor keeps it positive for a zero miss distance.
  const variance = Math.max(1e-6, (missDistanceM * missDistanceM) / 4);
  const diagonal = [variance, variance, variance, DEFAULT_VELOCITY_VARIANCE_M2_S2, DEFAULT_VELOCITY_VARIANCE_M2_S2, DEFAULT_VELOCITY_VARIANCE_M2_S2];
  const lower: number[] = [];
  for (let row = 0; row < 6; row++) for (let col = 0; col <= row; col++) lower.push(row === col ? diagonal[row]! : 0);
  return lower;
}

/** Lower triangle (21 values, CDM order) of a known covariance: 6×6 as is, a 3×3 position block with zero velocity terms. */
function knownCovariance(p: readonly number[]): number[] {
  const n = p.length === 36 ? 6 : 3;
  const lower: number[] = [];
  for (let row = 0; row < 6; row++) for (let col = 0; col <= row; col++) lower.push(row < n && col < n ? p[row * n + col]! : 0);
  return lower;
}

function cdmObject(which: 'OBJECT1' | 'OBJECT2', o: ScreeningCdmObject, missDistanceM: number): CdmToWrite['objects'][number] {
  const metadata: Omit<CdmObjectMetadata, 'line'> = {
    comments: [],
    object: which,
    // a name or key stored before the text rule (engine/text.ts) would make the writer refuse the CDM and the approach
    // no event: such characters become spaces here, as in the OCM export
    objectDesignator: replaceUnsafeText(o.designator) || 'UNKNOWN',
    catalogName: 'SATCAT',
    objectName: replaceUnsafeText(o.name) || 'UNKNOWN',
    internationalDesignator: replaceUnsafeText(o.internationalDesignator) || 'UNKNOWN',
    objectType: o.objectType,
    operatorContactPosition: null,
    operatorOrganization: null,
    operatorPhone: null,
    operatorEmail: null,
    odmMessageLink: null,
    admMessageLink: null,
    ephemerisName: o.ephemerisName,
    obsBeforeNextMessage: null,
    covarianceMethod: o.covarianceRtnM2 ? 'CALCULATED' : 'DEFAULT',
    covarianceSource: null,
    maneuverable: o.maneuverable,
    orbitCenter: null,
    refFrame: 'GCRF',
    altCovType: null,
    altCovRefFrame: null,
    gravityModel: null,
    atmosphericModel: null,
    nBodyPerturbations: null,
    solarRadPressure: null,
    earthTides: null,
    intrackThrust: null,
  };
  const object: Omit<CdmObject, 'metadata' | 'stateVector' | 'rtnCovariance'> & {
    metadata: typeof metadata;
    stateVector: { comments: string[]; positionKm: [number, number, number]; velocityKmS: [number, number, number] };
    rtnCovariance: { comments: string[]; positionVelocity: number[]; dragRow: null; srpRow: null; thrustRow: null };
  } = {
    metadata,
    dataComments: [],
    odParameters: null,
    additionalParameters: null,
    stateVector: {
      comments: [],
      positionKm: [o.stateGcrf[0]!, o.stateGcrf[1]!, o.stateGcrf[2]!],
      velocityKmS: [o.stateGcrf[3]!, o.stateGcrf[4]!, o.stateGcrf[5]!],
    },
    rtnCovariance: o.covarianceRtnM2
      ? { comments: [], positionVelocity: knownCovariance(o.covarianceRtnM2), dragRow: null, srpRow: null, thrustRow: null }
      : { comments: ['DEFAULT: isotropic, sigma^2 = miss^2/4 per axis (the maximum-probability covariance)'], positionVelocity: defaultCovariance(missDistanceM), dragRow: null, srpRow: null, thrustRow: null },
    xyzCovariance: null,
    sigmaEigenvectorsCovariance: null,
    additionalCovarianceMetadata: null,
  };
  return object as CdmToWrite['objects'][number];
}

/** COLLISION_PROBABILITY_METHOD (SANA's names) of an engine/collision method. */
function cdmMethodName(method: PcMethod): string {
  return method.replace(/_(\d{4})(_MAX)?$/, '-$1').replace(/_/g, '-');
}

/** The CDM (CCSDS 508.0-B-1 structure, ready for writeCdmKvn) of one screening approach. */
export function screeningApproachCdm(input: ScreeningCdmInput): CdmToWrite {
  const v = input.volume;
  return {
    header: {
      version: '1.0',
      comments: input.comments,
      classification: null,
      creationDate: epochText(input.creationDate),
      originator: input.originator,
      messageId: input.messageId,
      messageFor: null,
    },
    relativeMetadata: {
      // The combined hard-body radius the screening used (the ingest's HBR rule reads this comment first).
      comments: [`HBR = ${input.combinedHardBodyRadiusM}`],
      conjunctionId: null,
      tca: epochText(input.tca),
      missDistanceM: input.missDistanceM,
      mahalanobisDistance: null,
      relativeSpeedMS: input.relativeSpeedMS,
      relativePositionRtnM: [...input.relativePositionRtnM],
      relativeVelocityRtnMS: [...input.relativeVelocityRtnMS],
      approachAngleDeg: null,
      startScreenPeriod: epochText(input.spanStart),
      stopScreenPeriod: epochText(input.spanEnd),
      screenVolumeFrame: 'RTN',
      screenType: null,
      screenVolumeShape: v.shape,
      screenVolumeRadiusM: v.shape === 'SPHERE' ? v.radiusM : null,
      screenVolumeXM: v.shape === 'ELLIPSOID' ? v.radialM : null,
      screenVolumeYM: v.shape === 'ELLIPSOID' ? v.inTrackM : null,
      screenVolumeZM: v.shape === 'ELLIPSOID' ? v.crossTrackM : null,
      screenEntryTime: null,
      screenExitTime: null,
      screenPcThreshold: null,
      collisionPercentile: null,
      collisionProbability: input.pc,
      collisionProbabilityMethod: input.pc === null ? null : input.pcIsMaximumProbability ? 'ALFRIEND-1999' : cdmMethodName(input.pcMethod ?? 'LAAS_2015'),
      collisionMaxProbability: null,
      collisionMaxPcMethod: null,
      sefiCollisionProbability: null,
      sefiCollisionProbabilityMethod: null,
      sefiFragmentationModel: null,
      previousMessageId: null,
      previousMessageEpoch: null,
      nextMessageEpoch: null,
    },
    objects: [cdmObject('OBJECT1', input.objects[0], input.missDistanceM), cdmObject('OBJECT2', input.objects[1], input.missDistanceM)],
    userDefined: null,
  } as CdmToWrite;
}

/**
 * The digest of an approach's CDM made from its structure, not from its text: the values themselves, not a printed
 * and parsed copy. Line numbers only place a refused value in a received file; none is refused here but an identifier
 * longer than the columns hold, which the merge reports as the approach's CDM problem. The radius is not the
 * comment's (that is for other tools): it travels with the observation (`AssessedObservation.radius`).
 */
export function screeningCdmDigest(cdm: CdmToWrite, eop: EopProvider): CdmDigest {
  const message = { ...cdm, format: 'CDM', notation: 'KVN' } as CdmMessage;
  return { ...digestCdm(message, eop), hardBodyRadius: null };
}
