/**
 * CDMs for the conjunction API tests, made from Orekit's samples (test/fixtures/ccsds/cdm/, Apache-2.0, see
 * ../fixtures/ccsds/SOURCES.md) by our reader and writer: the same encounter with another MESSAGE_ID, CREATION_DATE,
 * TCA, stated values, covariance scale, or its objects the other way round — the successive CDMs of one event as a
 * screening provider sends them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCdm, type CdmMessage } from '../../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn, writeCdmXml } from '../../engine/files/cdm/cdmWriter.ts';

export const CDM_FIXTURES = fileURLToPath(new URL('../fixtures/ccsds/cdm/', import.meta.url));

export function cdmFixtureText(name: string): string {
  return readFileSync(`${CDM_FIXTURES}${name}`, 'utf8');
}

export interface CdmVariant {
  messageId?: string;
  creationDate?: string;
  tca?: string;
  missDistanceM?: number;
  statedPc?: number | null;
  /** Both objects' covariances multiplied by this. */
  covarianceScale?: number;
  /** OBJECT1 and OBJECT2 exchanged (the other provider's order). */
  swapObjects?: boolean;
  /** A relative-metadata comment `HBR = x` (the CDM's own combined radius). */
  hardBodyRadiusComment?: number;
  notation?: 'KVN' | 'XML';
  /** Object 2 at object 1's position: a zero miss distance. */
  zeroMiss?: boolean;
  /**
   * Each object's RTN position block (CR_R, CT_R, CT_T, CN_R, CN_T, CN_N, m²) in place of the file's (null: kept);
   * the velocity terms stay.
   */
  positionCovariancesM2?: [readonly number[] | null, readonly number[] | null];
  /** Comments of object 1's metadata (e.g. a radius comment). */
  object1Comments?: string[];
}

/** A CDM of the encounter of `base` (a fixture name) changed as `variant` says, written by our writer. */
export function cdmVariant(base: string, variant: CdmVariant): string {
  const cdm = structuredClone(parseCdm(cdmFixtureText(base))) as CdmMessage;
  if (variant.messageId !== undefined) cdm.header.messageId = variant.messageId;
  if (variant.creationDate !== undefined) cdm.header.creationDate = variant.creationDate;
  if (variant.tca !== undefined) cdm.relativeMetadata.tca = variant.tca;
  if (variant.missDistanceM !== undefined) cdm.relativeMetadata.missDistanceM = variant.missDistanceM;
  if (variant.statedPc !== undefined) {
    cdm.relativeMetadata.collisionProbability = variant.statedPc;
    cdm.relativeMetadata.collisionProbabilityMethod = variant.statedPc === null ? null : 'FOSTER-1992';
  }
  if (variant.hardBodyRadiusComment !== undefined) cdm.relativeMetadata.comments = [`HBR = ${variant.hardBodyRadiusComment}`];
  if (variant.covarianceScale !== undefined) {
    for (const o of cdm.objects) o.rtnCovariance!.positionVelocity = o.rtnCovariance!.positionVelocity.map((v) => v * variant.covarianceScale!);
  }
  if (variant.zeroMiss) cdm.objects[1].stateVector.positionKm = [...cdm.objects[0].stateVector.positionKm];
  variant.positionCovariancesM2?.forEach((block, k) => {
    if (block) cdm.objects[k]!.rtnCovariance!.positionVelocity.splice(0, 6, ...block);
  });
  if (variant.object1Comments !== undefined) cdm.objects[0].metadata.comments = variant.object1Comments;
  if (variant.swapObjects) {
    const [a, b] = cdm.objects;
    a.metadata.object = 'OBJECT2';
    b.metadata.object = 'OBJECT1';
    cdm.objects = [b, a];
    // relative vectors are object 2 − object 1: reversed with the objects
    const r = cdm.relativeMetadata;
    r.relativePositionRtnM = r.relativePositionRtnM.map((v) => (v === null ? null : -v)) as typeof r.relativePositionRtnM;
    r.relativeVelocityRtnMS = r.relativeVelocityRtnMS.map((v) => (v === null ? null : -v)) as typeof r.relativeVelocityRtnMS;
  }
  return variant.notation === 'XML' ? writeCdmXml(cdm) : writeCdmKvn(cdm);
}
