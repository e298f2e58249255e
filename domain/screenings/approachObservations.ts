/**
 * A screening approach as a conjunction observation (domain/conjunctions/model.ts `ConjunctionObservation`): the
 * hand-off from the screening to the conjunction events, in typed values. The approach's CDM is written once, for
 * download and export (screeningCdm.ts); its digest is made from the CDM's structure, not its text; our spacecraft are
 * named by id, not resolved back from OBJECT_DESIGNATOR; the radius and the Pc are the approach's own, computed once
 * (engine/collision/screening `approachProbability`), so an event keeps the approach's qualification: a maximum
 * probability stays a flagged bound.
 */
import { writeCdmKvn } from '../../engine/files/cdm/cdmWriter.ts';
import type { ScreeningApproach } from '../../engine/collision/screening/types.ts';
import type { EopProvider } from '../../engine/frames/stateFrames.ts';
import { approachAssessment } from '../conjunctions/assessment.ts';
import type { CdmDigest } from '../conjunctions/cdmDigest.ts';
import { screeningRadiusUsed } from '../conjunctions/hardBodyRadius.ts';
import type { AssessedObservation } from '../conjunctions/model.ts';
import { screeningApproachCdm, screeningCdmDigest, type ScreeningCdmInput, type ScreeningCdmObject } from '../conjunctions/screeningCdm.ts';

/** An object of ours as a screening names it in its CDMs, and the spacecraft it is. */
export type ScreenedSpacecraft = Omit<ScreeningCdmObject, 'stateGcrf' | 'covarianceRtnM2'> & { spacecraftId: string };

/** A primary, with the radius its approaches' Pc used and whether it is the spacecraft's own hardBodyRadiusM. */
export type ScreenedPrimary = ScreenedSpacecraft & { hardBodyRadiusM: number; ownHardBodyRadius: boolean };

/** What every approach's observation of one screening shares. */
export interface ApproachObservationContext {
  /** CDM fields common to every message; MESSAGE_ID is `${messageIdPrefix}-${approach index + 1}`. */
  cdm: Omit<ScreeningCdmInput, 'tca' | 'missDistanceM' | 'relativeSpeedMS' | 'relativePositionRtnM' | 'relativeVelocityRtnMS' | 'pc' | 'pcIsMaximumProbability' | 'combinedHardBodyRadiusM' | 'objects' | 'messageId'> & {
    messageIdPrefix: string;
  };
  /** By primary id. */
  primaries: Record<string, ScreenedPrimary>;
  /** Fleet secondaries by (possibly synthetic) NORAD id; any other secondary is a catalog object. */
  fleet: Record<string, ScreenedSpacecraft>;
  /** The radius of every secondary (the organization default when the screening was created), m. */
  secondaryHardBodyRadiusM: number;
}

/** The covariances an approach's Pc used, each 6×6 in its object's RTN at TCA (m²…), for the CDM's objects. */
export interface ApproachCovarianceMatrices {
  primaryRtnM2?: readonly number[];
  secondaryRtnM2?: readonly number[];
}

/** One approach's observation before its digest is received (cdmDigest.ts `receiveCdms` packs a batch of them). */
export interface ApproachObservation {
  /** The KVN CDM kept for download. */
  text: string;
  digest: CdmDigest;
  spacecraftIds: [string, string | null];
  assessed: AssessedObservation;
}

/** A catalog object as its CDM names it (nothing but its NORAD id and name is known of it). */
function catalogObject(approach: ScreeningApproach): Omit<ScreeningCdmObject, 'stateGcrf'> {
  return {
    designator: String(approach.secondaryNoradId),
    name: approach.secondaryName ?? `NORAD ${approach.secondaryNoradId}`,
    internationalDesignator: 'UNKNOWN',
    objectType: 'UNKNOWN',
    maneuverable: 'N/A',
    ephemerisName: 'NONE (GP element set, SGP4)',
  };
}

/** The observation of approach `index` (throws a CcsdsWriteError or CcsdsParseError for what its CDM cannot hold). */
export function approachObservation(approach: ScreeningApproach, index: number, covariances: ApproachCovarianceMatrices, context: ApproachObservationContext, eop: EopProvider): ApproachObservation {
  const primary = context.primaries[approach.primaryId];
  if (!primary) throw new Error(`approach ${index + 1}: no primary ${approach.primaryId}`);
  const fleet = context.fleet[String(approach.secondaryNoradId)];
  const { spacecraftId: primarySpacecraftId, hardBodyRadiusM, ownHardBodyRadius, ...primaryObject } = primary;
  const secondaryObject = fleet ? (({ spacecraftId: _id, ...object }) => object)(fleet) : catalogObject(approach);
  const { messageIdPrefix, ...common } = context.cdm;
  const cdm = screeningApproachCdm({
    ...common,
    messageId: `${messageIdPrefix}-${index + 1}`,
    tca: approach.tcaUtc,
    missDistanceM: approach.missDistanceM,
    relativeSpeedMS: approach.relativeSpeedMS,
    relativePositionRtnM: approach.relativePositionRtnM,
    relativeVelocityRtnMS: approach.relativeVelocityRtnMS,
    pc: approach.pc?.value ?? null,
    pcIsMaximumProbability: approach.pc?.isMaximumProbability ?? false,
    combinedHardBodyRadiusM: approach.combinedHardBodyRadiusM,
    ...(approach.pc ? { pcMethod: approach.pc.method } : {}),
    objects: [
      { ...primaryObject, stateGcrf: approach.primaryStateGcrf, ...(covariances.primaryRtnM2 ? { covarianceRtnM2: covariances.primaryRtnM2 } : {}) },
      { ...secondaryObject, stateGcrf: approach.secondaryStateGcrf, ...(covariances.secondaryRtnM2 ? { covarianceRtnM2: covariances.secondaryRtnM2 } : {}) },
    ],
  });
  return {
    text: writeCdmKvn(cdm),
    digest: screeningCdmDigest(cdm, eop),
    spacecraftIds: [primarySpacecraftId, fleet?.spacecraftId ?? null],
    assessed: {
      radius: screeningRadiusUsed({ name: primary.name, radiusM: hardBodyRadiusM, own: ownHardBodyRadius }, context.secondaryHardBodyRadiusM),
      stored: approachAssessment(approach),
    },
  };
}
