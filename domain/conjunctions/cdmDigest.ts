/**
 * What the service keeps of one received CDM, read on a worker (workers/conjunctionTasks.ts): the header, the
 * conjunction as the sender states it, both objects' identities, the hard-body radius the CDM gives, and both
 * objects' states at TCA in one inertial frame with their RTN covariances — the input of every later Pc (the
 * assessment at receipt, the method a reader selects, the what-if radius), so no Pc ever needs the file again.
 *
 * A message the service cannot keep fails with its line and keyword, like a parse error: a TCA or CREATION_DATE
 * outside the supported epochs, an identifier longer than the columns hold, a hard-body radius out of its physical
 * bounds. A message it keeps but cannot compute a
 * Pc for (only an XYZ covariance, an unsupported REF_FRAME or ORBIT_CENTER) is kept with `encounterProblem` saying why.
 */
import { cdmEncounterObjects, cdmHardBodyRadius, type CdmHardBodyRadius } from '../../engine/collision/cdmEncounter.ts';
import { CollisionInputError } from '../../engine/collision/errors.ts';
import { CcsdsParseError } from '../../engine/files/common/errors.ts';
import { parseCdm, type CdmMessage, type CdmObject } from '../../engine/files/cdm/cdmReader.ts';
import type { EopProvider } from '../../engine/frames/stateFrames.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { supportedEpochProblem } from '../../engine/time/supportedRange.ts';
import { instantText } from '../instants.ts';
import type { ObjectIdentity } from './grouping.ts';
import { hardBodyRadiusProblem } from './hardBodyRadius.ts';

/** The longest identifier kept (MESSAGE_ID, ORIGINATOR, object names and designators). */
export const MAX_CDM_IDENTIFIER_LENGTH = 255;

export interface CdmObjectDigest extends ObjectIdentity {
  object: 'OBJECT1' | 'OBJECT2';
  objectType: string | null;
  maneuverable: string;
  refFrame: string;
  covarianceMethod: string;
}

/** One object at TCA: inertial position (m) and velocity (m/s), its CDM RTN covariance (6×6 row-major, m², m²/s, m²/s²). */
export interface EncounterState {
  positionM: [number, number, number];
  velocityMS: [number, number, number];
  covariance: number[];
}

/** Both objects at TCA in one inertial frame (engine/collision `cdmEncounterObjects`). */
export interface EncounterStates {
  inertialFrame: 'EME2000' | 'GCRF';
  /** True when an Earth-fixed state was converted with EOP that cover TCA; null when none was converted. */
  eopCovered: boolean | null;
  object1: EncounterState;
  object2: EncounterState;
}

export interface CdmDigest {
  notation: 'KVN' | 'XML';
  version: string;
  originator: string;
  messageId: string | null;
  messageFor: string | null;
  /** CREATION_DATE and TCA as printed epochs (UTC, µs) and as seconds since 1970 (UTC, no leap seconds), for ordering. */
  creationDate: string;
  creationDateS: number;
  tca: string;
  tcaS: number;
  stated: {
    missDistanceM: number;
    relativeSpeedMS: number | null;
    relativePositionRtnM: [number | null, number | null, number | null];
    relativeVelocityRtnMS: [number | null, number | null, number | null];
    collisionProbability: number | null;
    collisionProbabilityMethod: string | null;
  };
  objects: [CdmObjectDigest, CdmObjectDigest];
  /** The radius the CDM gives (null: none). */
  hardBodyRadius: CdmHardBodyRadius | null;
  encounterStates: EncounterStates | null;
  encounterProblem: { code: string; message: string } | null;
}

export type CdmReadOutcome =
  | { ok: true; digest: CdmDigest }
  | { ok: false; line: number; keyword: string | null; message: string };

/**
 * A message as the ingest receives it from the reader (workers/conjunctionTasks.ts `conjunctions.readCdms`): what it
 * decides with, as values, and what it only stores or hands to the pool again — the stated relative values and the
 * states at TCA — as JSON, made on the worker, in ONE UTF-8 buffer for the whole batch (ReceivedCdms.json) at the
 * byte offsets given here. The event loop then keeps, per message, a few small values instead of the digest's nested
 * objects or two strings of a few KiB: every one of those is an object its garbage collector copies while the file's
 * messages wait to be written (5–10 ms scavenges in bench:cdm-ingest). The buffer is outside V8's heap: a text of
 * hundreds of KiB, as it was, went to the large-object space, which scavenges do not copy but only a mark-compact
 * frees — 18 MB of old generation per 10,000 CDMs, and a mark-compact (5–13 ms) or two more per upload. The row takes
 * the bytes as they are (storage/conjunctions.ts stores them as text with `CAST(? AS TEXT)`), so the event loop makes no
 * string of them; only the states handed to the pool for the Pc are decoded, a task's worth at a time.
 */
export interface ReceivedCdm extends Omit<CdmDigest, 'stated' | 'encounterStates' | 'messageFor'> {
  missDistanceM: number;
  relativeSpeedMS: number | null;
  statedPc: number | null;
  /** The JSON of the digest's `stated` is bytes [statedAt, statesAt) of its batch's `json`; of its `encounterStates` [statesAt, statesEnd), none when statesEnd is null. */
  statedAt: number;
  statesAt: number;
  statesEnd: number | null;
}

export type CdmReceiveOutcome = { ok: true; cdm: ReceivedCdm } | Extract<CdmReadOutcome, { ok: false }>;

/**
 * A batch of messages as the ingest receives it: one outcome per message, and the UTF-8 JSON their byte offsets point
 * into — one buffer the worker hands over (not copied) and the event loop keeps outside its heap while the messages
 * wait for their write.
 */
export interface ReceivedCdms {
  outcomes: CdmReceiveOutcome[];
  json: Uint8Array<ArrayBuffer>;
}

const utf8Encoder = new TextEncoder();

/** The batch's digests as the ingest receives them (on the worker that read them). */
export function receiveCdms(reads: readonly CdmReadOutcome[]): ReceivedCdms {
  const pieces: string[] = [];
  const outcomes = reads.map((read): CdmReceiveOutcome => {
    if (!read.ok) return read;
    const { stated, encounterStates, messageFor: _unused, ...values } = read.digest;
    pieces.push(JSON.stringify(stated));
    if (encounterStates !== null) pieces.push(JSON.stringify(encounterStates));
    return {
      ok: true,
      cdm: {
        ...values, missDistanceM: stated.missDistanceM, relativeSpeedMS: stated.relativeSpeedMS, statedPc: stated.collisionProbability,
        statedAt: 0, statesAt: 0, statesEnd: encounterStates === null ? null : 0,
      },
    };
  });
  // Each piece encoded where the last ended (a UTF-16 unit is at most 3 bytes of UTF-8); the offsets are in bytes.
  const buffer = new Uint8Array(3 * pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  let next = 0;
  const encode = (): number => {
    at += utf8Encoder.encodeInto(pieces[next++]!, buffer.subarray(at)).written;
    return at;
  };
  for (const outcome of outcomes) {
    if (!outcome.ok) continue;
    const cdm = outcome.cdm;
    cdm.statedAt = at;
    cdm.statesAt = encode();
    if (cdm.statesEnd !== null) cdm.statesEnd = encode();
  }
  return { outcomes, json: buffer.slice(0, at) };
}

/** The UTF-8 JSON of a received message's `stated`: a view into its batch's bytes. */
export function statedJsonOf(cdm: ReceivedCdm, json: Uint8Array): Uint8Array {
  return json.subarray(cdm.statedAt, cdm.statesAt);
}

/** The UTF-8 JSON of a received message's EncounterStates (null without them): a view into its batch's bytes. */
export function encounterStatesJsonOf(cdm: ReceivedCdm, json: Uint8Array): Uint8Array | null {
  return cdm.statesEnd === null ? null : json.subarray(cdm.statesAt, cdm.statesEnd);
}

/** Seconds since 1970-01-01 UTC (days × 86,400: a UTC day is counted 86,400 s, enough to order and to group). */
export function utcSeconds(epoch: Epoch): number {
  return (epoch.mjd('UTC') - 40_587) * 86_400;
}

function refuse(line: number, keyword: string | null, detail: string): never {
  throw new CcsdsParseError(line, detail, keyword ?? undefined);
}

function epochOf(text: string, line: number, keyword: string): Epoch {
  const epoch = Epoch.parse(text, 'UTC');
  const problem = supportedEpochProblem(epoch);
  if (problem) refuse(line, keyword, `${keyword} ${text}: ${problem}`);
  return epoch;
}

function identifier(value: string, line: number, keyword: string): string {
  if (value.length > MAX_CDM_IDENTIFIER_LENGTH) refuse(line, keyword, `${keyword} is ${value.length} characters long; at most ${MAX_CDM_IDENTIFIER_LENGTH} are kept`);
  return value;
}

function objectDigest(o: CdmObject): CdmObjectDigest {
  const m = o.metadata;
  return {
    object: m.object,
    designator: identifier(m.objectDesignator, m.line, 'OBJECT_DESIGNATOR'),
    catalogName: identifier(m.catalogName, m.line, 'CATALOG_NAME'),
    name: identifier(m.objectName, m.line, 'OBJECT_NAME'),
    internationalDesignator: identifier(m.internationalDesignator, m.line, 'INTERNATIONAL_DESIGNATOR'),
    objectType: m.objectType,
    maneuverable: m.maneuverable,
    refFrame: m.refFrame,
    covarianceMethod: m.covarianceMethod,
  };
}

/**
 * The radius the CDM gives, refused with its line unless within the physical bounds (hardBodyRadius.ts): a
 * relative-metadata `HBR =` as a combined radius (line: the relative metadata's first), each object's HBR keyword
 * (line: its additional-parameters block) or radius comment (line: its OBJECT keyword; comments keep no line of
 * their own) as one object's. A radius out of bounds is refused rather than replaced, since the Pc would silently
 * rest on another radius than the sender's.
 */
function boundedCdmRadius(cdm: CdmMessage): CdmHardBodyRadius | null {
  const radius = cdmHardBodyRadius(cdm);
  if (radius === null) return null;
  if (radius.origin === 'RELATIVE_METADATA_COMMENT') {
    const problem = hardBodyRadiusProblem(radius.combinedM, true);
    if (problem) refuse(cdm.relativeMetadata.line, 'COMMENT', `the relative metadata's comment 'HBR = ${radius.combinedM}' gives the combined hard-body radius, which ${problem}`);
    return radius;
  }
  radius.objects.forEach((given, k) => {
    if (given === null) return;
    const problem = hardBodyRadiusProblem(given.radiusM);
    if (problem === null) return;
    const object = cdm.objects[k]!;
    const name = `OBJECT${k + 1}`;
    if (given.source === 'HBR_KEYWORD') refuse(object.additionalParameters?.line ?? object.metadata.line, 'HBR', `HBR of ${name} is its hard-body radius, which ${problem}`);
    refuse(object.metadata.line, 'COMMENT', `a comment of ${name} gives its hard-body radius (${radius.description}), which ${problem}`);
  });
  return radius;
}

/** The digest of a parsed message (throws CcsdsParseError for what cannot be kept). */
export function digestCdm(cdm: CdmMessage, eop: EopProvider): CdmDigest {
  const header = cdm.header;
  const relative = cdm.relativeMetadata;
  const creation = epochOf(header.creationDate, header.line, 'CREATION_DATE');
  const tca = epochOf(relative.tca, relative.line, 'TCA');
  let encounterStates: EncounterStates | null = null;
  let encounterProblem: CdmDigest['encounterProblem'] = null;
  try {
    const objects = cdmEncounterObjects(cdm, eop);
    const state = (o: typeof objects.object1): EncounterState => ({ positionM: o.positionM, velocityMS: o.velocityMS, covariance: o.covariance });
    encounterStates = { inertialFrame: objects.inertialFrame, eopCovered: objects.eopCovered, object1: state(objects.object1), object2: state(objects.object2) };
  } catch (error) {
    if (!(error instanceof CollisionInputError)) throw error;
    encounterProblem = { code: error.code, message: error.message };
  }
  return {
    notation: cdm.notation,
    version: header.version,
    originator: identifier(header.originator, header.line, 'ORIGINATOR'),
    messageId: header.messageId === null ? null : identifier(header.messageId, header.line, 'MESSAGE_ID'),
    messageFor: header.messageFor,
    creationDate: instantText(creation),
    creationDateS: utcSeconds(creation),
    tca: instantText(tca),
    tcaS: utcSeconds(tca),
    stated: {
      missDistanceM: relative.missDistanceM,
      relativeSpeedMS: relative.relativeSpeedMS,
      relativePositionRtnM: relative.relativePositionRtnM,
      relativeVelocityRtnMS: relative.relativeVelocityRtnMS,
      collisionProbability: relative.collisionProbability,
      collisionProbabilityMethod: relative.collisionProbabilityMethod,
    },
    objects: [objectDigest(cdm.objects[0]), objectDigest(cdm.objects[1])],
    hardBodyRadius: boundedCdmRadius(cdm),
    encounterStates,
    encounterProblem,
  };
}

/**
 * Reads one message (its own bytes; `firstLine` is its first line in the file, so errors name the file's line) into
 * its digest, or the reason it is refused.
 */
export function readCdmMessage(bytes: Uint8Array, firstLine: number, eop: EopProvider): CdmReadOutcome {
  const offset = firstLine - 1;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, line: firstLine, keyword: null, message: `line ${firstLine}: the message is not UTF-8 text` };
  }
  try {
    return { ok: true, digest: digestCdm(parseCdm(text), eop) };
  } catch (error) {
    if (!(error instanceof CcsdsParseError)) throw error;
    const line = error.line > 0 ? error.line + offset : firstLine;
    return { ok: false, line, keyword: error.keyword ?? null, message: `line ${line}: ${error.detail}` };
  }
}

/** The parsed message itself (for the JSON view of a stored CDM), or why it cannot be read. */
export function readCdmText(bytes: Uint8Array): { ok: true; message: CdmMessage } | { ok: false; line: number; message: string } {
  try {
    return { ok: true, message: parseCdm(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch (error) {
    if (error instanceof CcsdsParseError) return { ok: false, line: error.line, message: error.message };
    if (error instanceof TypeError) return { ok: false, line: 0, message: 'the message is not UTF-8 text' };
    throw error;
  }
}
