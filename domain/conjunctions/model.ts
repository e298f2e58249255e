/**
 * The conjunction model: events and their CDMs as the service keeps them (storage/conjunctions.ts maps the rows), the
 * identity of a CDM already held, and what grouping reads of an event. An event owns its CDMs; the latest CDM (newest
 * CREATION_DATE) gives the event's TCA, miss distance and Pc, and its risk (settings.ts).
 */
import type { PcDetail, StoredAssessment } from './assessment.ts';
import type { HardBodyRadiusUsed } from './hardBodyRadius.ts';
import type { CdmDigest, CdmObjectDigest, EncounterStates, ReceivedCdm } from './cdmDigest.ts';
import type { CdmHardBodyRadius } from '../../engine/collision/cdmEncounter.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';

/** Where a CDM came from: an upload (a provider's message) or one of our screenings. */
export const CDM_SOURCES = ['UPLOAD', 'SCREENING'] as const;
export type CdmSource = (typeof CDM_SOURCES)[number];

/** A CDM's notation as received. */
export const CDM_NOTATIONS = ['KVN', 'XML'] as const;

/** The two objects of a CDM (CCSDS 508.0-B-1 §3.5.1 OBJECT). */
export const CDM_OBJECTS = ['OBJECT1', 'OBJECT2'] as const;

/** The inertial frame both objects' states at TCA are taken in (EME2000 when both CDM objects are, else GCRF). */
export const ENCOUNTER_FRAMES = ['EME2000', 'GCRF'] as const;

/** One message of an upload: stored now, or already stored (the result names the stored one). */
export const CDM_MESSAGE_STATUSES = ['stored', 'duplicate'] as const;

export interface CdmObjectRecord extends CdmObjectDigest {
  /** The spacecraft of the organization this object is, or null. */
  spacecraftId: string | null;
}

/** A CDM as stored (without its bytes). */
export interface ConjunctionCdm {
  id: string;
  eventId: string;
  source: CdmSource;
  uploadId: string;
  fileName: string | null;
  messageIndex: number;
  firstLine: number;
  contentSha256: string;
  notation: 'KVN' | 'XML';
  version: string;
  originator: string;
  messageId: string | null;
  creationDate: string;
  creationDateS: number;
  tca: string;
  tcaS: number;
  stated: CdmDigest['stated'];
  missDistanceM: number;
  relativeSpeedMS: number | null;
  statedPc: number | null;
  /** Which object of the CDM is the event's primary (our spacecraft). */
  primaryObject: 1 | 2;
  objects: [CdmObjectRecord, CdmObjectRecord];
  cdmHardBodyRadius: CdmHardBodyRadius | null;
  encounterStates: EncounterStates | null;
  encounterProblem: { code: string; message: string } | null;
  /** |r2 − r1| from the states at TCA, m (null without states). */
  computedMissDistanceM: number | null;
  hardBodyRadiusM: number | null;
  hardBodyRadius: HardBodyRadiusUsed | null;
  pc: number | null;
  pcMethod: PcMethod | null;
  pcDetail: PcDetail | null;
  receivedAt: string;
  assessedAt: string;
}

/**
 * A CDM as the ingest writes it: the stated values and the states at TCA already JSON (made on the worker that read
 * it), as text or as its UTF-8 bytes — which the INSERT stores as text (`CAST(? AS TEXT)`) without the event loop ever
 * making a string of them.
 */
export type NewConjunctionCdm = Omit<ConjunctionCdm, 'stated' | 'encounterStates'> & { statedJson: string | Uint8Array; encounterStatesJson: string | Uint8Array | null };

/** The latest CDM's values an event carries for its list. */
export interface ConjunctionEvent {
  id: string;
  pairKey: string;
  primarySpacecraftId: string;
  secondarySpacecraftId: string | null;
  secondaryDesignator: string;
  secondaryName: string;
  secondaryInternationalDesignator: string;
  secondaryObjectType: string | null;
  firstTcaS: number;
  lastTcaS: number;
  latestCdmId: string;
  tca: string;
  tcaS: number;
  missDistanceM: number;
  relativeSpeedMS: number | null;
  pc: number | null;
  pcMethod: PcMethod | null;
  statedPc: number | null;
  cdmCount: number;
  sources: CdmSource[];
  createdAt: string;
  updatedAt: string;
}

/** An event as first written: its identity; the latest CDM's values follow with refreshEventSummaries. */
export type NewConjunctionEvent = Pick<
  ConjunctionEvent,
  'id' | 'pairKey' | 'primarySpacecraftId' | 'secondarySpacecraftId' | 'secondaryDesignator' | 'secondaryName' | 'secondaryInternationalDesignator' | 'secondaryObjectType' | 'createdAt'
>;

/** A stored CDM that already holds a message: by originator + MESSAGE_ID or by the SHA-256 of its bytes. */
export interface StoredCdmRef {
  cdmId: string;
  eventId: string;
  originator: string;
  messageId: string | null;
  contentSha256: string;
  fileName: string | null;
}

/** What grouping needs of an event (domain/conjunctions/grouping.ts). */
export type EventSpan = Pick<ConjunctionEvent, 'id' | 'pairKey' | 'firstTcaS' | 'lastTcaS' | 'primarySpacecraftId'>;

/** The radius and Pc of an observation as its source computed them (a screening approach's): stored as given. */
export interface AssessedObservation {
  radius: HardBodyRadiusUsed;
  stored: StoredAssessment;
}

/**
 * One conjunction as the service takes it in, from a received CDM (read and resolved) or from a screening approach
 * (made from the approach's own values): what the conjunction store needs, typed — the message's digest, which of our
 * spacecraft each object is, and, when the source computed them, its radius and Pc (`assessed`; otherwise the store
 * assesses it). The message's bytes are what is kept for download: the CDM received, or the one written for the
 * approach; nothing is read back from them.
 */
export interface ConjunctionObservation {
  /** The message as stored (download, export); its SHA-256 recognises a duplicate. */
  bytes: Uint8Array;
  /** That SHA-256 (hex) when the producer computed it on the pool (the screening's merge); else the writer does. */
  contentSha256?: string;
  /** 0-based index of the message in its file, and its first line there. */
  messageIndex: number;
  firstLine: number;
  /** The digest (cdmDigest.ts) and the JSON of its batch (its byte offsets point into it). */
  digest: ReceivedCdm;
  json: Uint8Array;
  /** The spacecraft of ours each object is (null: not ours); at least one is. */
  spacecraftIds: [string | null, string | null];
  assessed?: AssessedObservation;
}

/** One object's RTN covariance at the TCA of a stored CDM (for the screening's secondaries). */
export interface StoredObjectCovariance {
  cdmId: string;
  /** OBJECT_DESIGNATOR as written (a NORAD id for catalog objects). */
  designator: string;
  tca: string;
  tcaS: number;
  creationDateS: number;
  /** The object's COVARIANCE_METHOD (CALCULATED or DEFAULT). */
  covarianceMethod: string;
  /** 6×6 row-major in the object's RTN at TCA, m², m²/s, m²/s². */
  covarianceRtnM2: number[];
}
