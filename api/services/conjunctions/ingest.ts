/**
 * Receiving CDMs: files of one or more messages (KVN messages one after another, or one XML message),
 * read on the compute pool, their objects resolved to the organization's spacecraft, duplicates recognised, each new
 * message assessed (Pc, on the pool) and stored with the event it belongs to (domain/conjunctions/grouping.ts).
 *
 * A file is atomic: any message that cannot be read, or that names no spacecraft of the organization, fails the file
 * and nothing of it is stored. A message already stored — the same ORIGINATOR and MESSAGE_ID (CCSDS 508.0-B-1 §3.2:
 * MESSAGE_ID identifies a message of its originator), or the same bytes — is not stored again; a file all of whose
 * messages are is a `duplicate`.
 *
 * The event loop is never held for long, however many messages (README → Conjunction assessment, measured by
 * `npm run bench:cdm-ingest`):
 *  - a file is cut into messages window by window (engine/files/cdm/cdmFile.ts), yielding between windows;
 *  - messages are read on the pool in batches (≤ READ_BATCH_MESSAGES, ≤ READ_BATCH_BYTES), at most two in flight, so
 *    each answer the event loop deserializes is small; Pc likewise (ASSESS_BATCH per task);
 *  - accepted files are written in groups: small files together, in one short transaction; a large file's bytes first
 *    as a staged batch in chunks (storage/sql/stagedWrites.ts), then its messages and events in one transaction whose
 *    statements yield to the event loop (storage/sql/db.ts) and which publishes the bytes with them.
 *
 * Public for the screening: `ingestCdmFiles(deps, organizationId, files, { source: 'SCREENING' })` stores
 * the CDMs it writes for its approaches as events of source SCREENING, through the same path.
 */
import { randomUUID } from 'node:crypto';
import { CdmKvnSplitter, isXmlDocument } from '../../../engine/files/cdm/cdmFile.ts';
import { encounterStatesJsonOf, statedJsonOf, type CdmObjectDigest, type CdmReceiveOutcome, type ReceivedCdm, type ReceivedCdms } from '../../../domain/conjunctions/cdmDigest.ts';
import { storedAssessment, type StoredAssessment } from '../../../domain/conjunctions/assessment.ts';
import type { PcMethod } from '../../../engine/collision/probability.ts';
import { chooseEvent, normalizedDesignator, normalizedInternationalDesignator, objectKey, pairKey } from '../../../domain/conjunctions/grouping.ts';
import type { ConjunctionSettings } from '../../../domain/conjunctions/settings.ts';
import type { HardBodyRadiusUsed } from '../../../domain/conjunctions/hardBodyRadius.ts';
import { inTransaction, nowIso, yieldIfDue, yieldToEventLoop, type Db, type Tx } from '../../../storage/sql/db.ts';
import { recordChanges } from '../../../storage/changes.ts';
import { cdmReceived, conjunctionCreated, riskChangesOf } from '../../../domain/changes/model.ts';
import { CDM_CONTENTS_TABLE, deleteCdmContents, findEventsOfPairs, findStoredCdms, insertCdmContents, cdmRowValues, insertCdms, insertEvents, withCdmEvent, refreshEventSummaries, eventRiskPcs } from '../../../storage/conjunctions.ts';
import { type CdmObjectRecord, type CdmSource, type ConjunctionCdm, type ConjunctionEvent, type ConjunctionObservation, type NewConjunctionCdm, type NewConjunctionEvent, type StoredCdmRef } from '../../../domain/conjunctions/model.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import { resolveSpacecraftBatch } from '../../../storage/spacecraft.ts';
import { type ResolutionKind, type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { resolveSpacecraftByDesignators, type SpacecraftResolution } from '../../../domain/spacecraft/resolution.ts';
import { StagedBatch } from '../../../storage/sql/stagedWrites.ts';
import type { CdmUnit } from '../../../workers/contracts.ts';
import { runWhenRoom } from '../../../workers/poolTypes.ts';
import type { AppDeps } from '../../context.ts';
import { contentHashOf } from '../../contentHash.ts';
import { sha256Hex } from '../../../domain/contentHash.ts';
import { ApiError } from '../../http/errors.ts';
import { assessForStorageOnPool, radiusFor, reassessConjunctions, spacecraftRadii } from './assessment.ts';

/** Decodes the states at TCA handed to the Pc tasks (the rows take the reader's UTF-8 JSON as it is). */
const utf8 = new TextDecoder();

/** Owner kind of the staged batches of large CDM files (swept when a dead request left one behind). */
export const CDM_UPLOAD_KIND = 'conjunction_cdm_upload';

const READ_BATCH_MESSAGES = 100;
const READ_BATCH_BYTES = 1 << 20;
/** Read batches on the pool at once, at most (the consumer handles one while the next is read). */
const READ_LOOKAHEAD = 2;
/** Messages handled between two looks at the event-loop slice (storage/sql/db.ts yieldIfDue) in the loops that prepare a group's rows (≈ 40 µs each). */
const YIELD_CHECK_EVERY_MESSAGES = 10;
/** Files whose messages fit these together are written in one transaction; a larger file is written staged. */
const WRITE_GROUP_MESSAGES = 200;
const WRITE_GROUP_BYTES = 2 << 20;
/** Messages per staged chunk of bytes (each its own short transaction). */
const CONTENT_CHUNK_MESSAGES = 100;
/** Bytes of a file scanned for message starts between two yields. */
const SPLIT_WINDOW_BYTES = 256 * 1024;
/** Errors listed per failed file; CDMs listed per file result. */
export const MAX_REPORTED_ERRORS = 50;
export const MAX_LISTED_CDMS = 1000;

export interface CdmFile {
  /** The file name (uploads) or null (messages made by the service itself). */
  name: string | null;
  bytes: Uint8Array;
}

export interface IngestOptions {
  source: CdmSource;
  /** The request's id (every stored CDM carries it); a new one by default. */
  uploadId?: string;
}

export interface CdmFileError {
  /** 0-based index of the message in the file. */
  messageIndex: number;
  line: number;
  keyword: string | null;
  message: string;
}

export interface CdmResultItem {
  messageIndex: number;
  originator: string;
  messageId: string | null;
  /** `stored`: new; `duplicate`: already stored — cdmId and eventId are then those of the stored one. */
  status: 'stored' | 'duplicate';
  cdmId: string;
  eventId: string;
}

export interface CdmFileResult {
  filename: string | null;
  status: 'success' | 'failed' | 'duplicate';
  message: string;
  code: string;
  /** Machine token of a failure (PARSE_ERROR, UNRESOLVED_OBJECTS, AMBIGUOUS_OBJECT, SPACECRAFT_ARCHIVED, SAME_SPACECRAFT), null otherwise. */
  error: string | null;
  /** Line and keyword of the first error. */
  line: number | null;
  keyword: string | null;
  errors: CdmFileError[];
  /** Messages in the file; of them stored now, and already stored. */
  cdmCount: number;
  storedCount: number;
  duplicateCount: number;
  /** The events the file's messages belong to (at most MAX_LISTED_CDMS). */
  eventIds: string[];
  /** Each message's outcome (at most MAX_LISTED_CDMS; `cdmsTruncated` then). */
  cdms: CdmResultItem[];
  cdmsTruncated: boolean;
  params: Record<string, unknown>;
}

/** One message of a file: where its bytes are, and (once read) what it holds. */
interface Unit {
  fileIndex: number;
  messageIndex: number;
  start: number;
  end: number;
  firstLine: number;
}

/**
 * A file of conjunction observations ready to be written (every message read and resolved, or handed over typed by the
 * screening): it is stored whole or not at all, and gets one result.
 */
export interface ObservedFile {
  fileIndex: number;
  name: string | null;
  /** Bytes of the file (the group and staging limits). */
  size: number;
  observations: ConjunctionObservation[];
}

/**
 * One message about to be stored: what the duplicate check, the grouping and the results read, its bytes, the digest
 * the reader made, and its assessment. Its row is made from them only when it is written (rowOf), a few rows at a
 * time: a group's messages wait in memory for their write, and every object they hold meanwhile is one more the
 * event loop's garbage collector copies (scavenges of 5–10 ms with whole rows kept, bench:cdm-ingest).
 */
interface PendingCdm {
  accepted: ObservedFile;
  id: string;
  fileName: string | null;
  messageIndex: number;
  originator: string;
  messageId: string | null;
  contentSha256: string;
  tcaS: number;
  bytes: Uint8Array;
  pair: string;
  /** The spacecraft each object is (null: not ours). */
  spacecraftIds: [string | null, string | null];
  /** Both objects as stored, each with its spacecraft: one shared object per identity (SharedValues.record). */
  objects: ConjunctionCdm['objects'];
  /** What a new event of this message records: its primary (our object) and the other object. */
  primarySpacecraftId: string;
  secondary: Pick<NewConjunctionEvent, 'secondarySpacecraftId' | 'secondaryDesignator' | 'secondaryName' | 'secondaryInternationalDesignator' | 'secondaryObjectType'>;
  firstLine: number;
  digest: ReceivedCdm;
  /** The JSON of the batch the digest came in (its byte offsets point into it). */
  json: Uint8Array;
  /** The combined radius used and the Pc as stored (null until assessed). */
  assessed: { radius: HardBodyRadiusUsed; stored: StoredAssessment } | null;
}

/** What every row of one upload shares. */
interface RowContext {
  source: CdmSource;
  uploadId: string;
  receivedAt: string;
  pcMethod: PcMethod;
}

/** The row of a pending message, made when it is written. */
function rowOf(p: PendingCdm, context: RowContext): Omit<NewConjunctionCdm, 'eventId' | 'primaryObject'> {
  const d = p.digest;
  const { radius, stored } = p.assessed!;
  const objects = p.objects;
  return {
    id: p.id, source: context.source, uploadId: context.uploadId, fileName: p.fileName, messageIndex: p.messageIndex,
    firstLine: p.firstLine, contentSha256: p.contentSha256, notation: d.notation, version: d.version, originator: d.originator,
    messageId: d.messageId, creationDate: d.creationDate, creationDateS: d.creationDateS, tca: d.tca, tcaS: d.tcaS,
    statedJson: statedJsonOf(d, p.json), missDistanceM: d.missDistanceM, relativeSpeedMS: d.relativeSpeedMS ?? stored.relativeSpeedMS,
    statedPc: d.statedPc, objects, cdmHardBodyRadius: d.hardBodyRadius, encounterStatesJson: encounterStatesJsonOf(d, p.json),
    encounterProblem: stored.problem ?? d.encounterProblem, computedMissDistanceM: stored.computedMissDistanceM, hardBodyRadiusM: radius.combinedM,
    hardBodyRadius: radius, pc: stored.pc, pcMethod: stored.method ?? context.pcMethod, pcDetail: stored.pcDetail, receivedAt: context.receivedAt,
    assessedAt: context.receivedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Results

function emptyResult(file: CdmFile, cdmCount: number, contentHash: string): CdmFileResult {
  return {
    filename: file.name, status: 'success', message: '', code: '', error: null, line: null, keyword: null, errors: [],
    cdmCount, storedCount: 0, duplicateCount: 0, eventIds: [], cdms: [], cdmsTruncated: false, params: { contentHash },
  };
}

function failedResult(base: CdmFileResult, error: string, code: string, errors: CdmFileError[], truncated: boolean): CdmFileResult {
  const first = errors[0]!;
  const more = errors.length - 1;
  const message = more === 0 && !truncated ? first.message : `${first.message} (and ${more}${truncated ? '+' : ''} more; see errors)`;
  return { ...base, status: 'failed', error, code, message, line: first.line, keyword: first.keyword, errors, params: { ...base.params, ...(errors.length > 1 || truncated ? { errorCount: errors.length, errorsTruncated: truncated } : {}) } };
}

function describeObject(o: CdmObjectDigest): string {
  return `${o.object} (OBJECT_DESIGNATOR ${JSON.stringify(o.designator)}, OBJECT_NAME ${JSON.stringify(o.name)}, INTERNATIONAL_DESIGNATOR ${JSON.stringify(o.internationalDesignator)})`;
}

// ---------------------------------------------------------------------------------------------
// Reading: files → messages → digests (on the pool)

/** Cuts every file into its messages (XML: one), yielding between windows of a large file. */
async function splitFiles(files: readonly CdmFile[]): Promise<Unit[][]> {
  const out: Unit[][] = [];
  for (const [fileIndex, file] of files.entries()) {
    // many small files (a screening hands its CDMs on as files of one message) are cut one turn's slice at a time
    await yieldIfDue();
    if (isXmlDocument(file.bytes)) {
      out.push([{ fileIndex, messageIndex: 0, start: 0, end: file.bytes.length, firstLine: 1 }]);
      continue;
    }
    const splitter = new CdmKvnSplitter(file.bytes);
    while (!splitter.scan(SPLIT_WINDOW_BYTES)) await yieldToEventLoop();
    out.push(splitter.ranges().map((r, messageIndex) => ({ fileIndex, messageIndex, ...r })));
  }
  return out;
}

/**
 * One copy of each value that message after message repeats (the objects' metadata, the originator, the version):
 * a batch's digests come from the worker as new objects and strings each time, and those that wait in memory for
 * their file's write are copied by every scavenge meanwhile; swapped for the shared copy as soon as they arrive,
 * the received ones die young, uncopied.
 */
class SharedValues {
  private readonly strings = new Map<string, string>();
  private readonly objects = new Map<string, CdmObjectDigest>();
  private readonly records = new Map<CdmObjectDigest, Map<string | null, CdmObjectRecord>>();

  string(value: string): string {
    const shared = this.strings.get(value);
    if (shared !== undefined) return shared;
    this.strings.set(value, value);
    return value;
  }

  object(o: CdmObjectDigest): CdmObjectDigest {
    const key = [o.object, o.designator, o.catalogName, o.name, o.internationalDesignator, o.objectType ?? '\u0000', o.maneuverable, o.refFrame, o.covarianceMethod].join('\u0001');
    const shared = this.objects.get(key);
    if (shared !== undefined) return shared;
    this.objects.set(key, o);
    return o;
  }

  /**
   * A shared object digest as stored, with the spacecraft it is (one object per digest and spacecraft: storage makes
   * its JSON once per object, storage/conjunctions.ts `sharedJson`).
   */
  record(o: CdmObjectDigest, spacecraftId: string | null): CdmObjectRecord {
    let bySpacecraft = this.records.get(o);
    if (!bySpacecraft) this.records.set(o, (bySpacecraft = new Map()));
    let record = bySpacecraft.get(spacecraftId);
    if (!record) bySpacecraft.set(spacecraftId, (record = { ...o, spacecraftId }));
    return record;
  }

  /** The digest with its repeated values swapped for the shared copies. */
  share(cdm: ReceivedCdm): void {
    cdm.objects = [this.object(cdm.objects[0]), this.object(cdm.objects[1])];
    cdm.originator = this.string(cdm.originator);
    cdm.version = this.string(cdm.version);
  }
}

/** Reads every file's messages on the pool in batches, READ_LOOKAHEAD batches in flight; `outcomesOf(i)` in file order. */
class MessageReader {
  private readonly batches: Unit[][] = [];
  /** Per file: the index of its last batch. */
  private readonly lastBatchOf: number[] = [];
  private readonly running: Array<Promise<ReceivedCdms> | null> = [];
  private started = 0;
  private readonly outcomes = new Map<Unit, CdmReceiveOutcome>();
  /** The JSON of the batch each unit came in (its outcome's byte offsets point into it). */
  private readonly jsons = new Map<Unit, Uint8Array>();

  constructor(
    private readonly deps: Pick<AppDeps, 'earthData'>,
    private readonly files: readonly CdmFile[],
    unitsByFile: readonly Unit[][],
    private readonly shared: SharedValues,
  ) {
    let batch: Unit[] = [];
    let bytes = 0;
    for (const units of unitsByFile) {
      for (const unit of units) {
        const size = unit.end - unit.start;
        if (batch.length > 0 && (batch.length >= READ_BATCH_MESSAGES || bytes + size > READ_BATCH_BYTES)) {
          this.batches.push(batch);
          batch = [];
          bytes = 0;
        }
        batch.push(unit);
        bytes += size;
      }
      this.lastBatchOf.push(this.batches.length + (batch.length > 0 ? 0 : -1));
    }
    if (batch.length > 0) this.batches.push(batch);
  }

  /** Starts the batches up to `upTo`, each in a slice of its own (copying a batch's bytes and posting them is ~1 ms). */
  private async start(upTo: number): Promise<void> {
    while (this.started < this.batches.length && this.started <= upTo) {
      await yieldIfDue();
      const units = this.batches[this.started]!;
      // The batch's messages copied into one buffer for the worker (a view would carry its whole file across the thread
      // boundary; a buffer per message cost the event loop an allocation and a clone each, 4–13 ms per batch in one step
      // of the loop, bench:cdm-ingest CPU profile)
      // an upload under way waits for room on a saturated pool rather than failing half-way (workers/poolTypes.ts)
      const promise = runWhenRoom(() => this.deps.earthData
        .run('conjunctions.readCdms', () => {
          const bytes = new Uint8Array(units.reduce((sum, u) => sum + (u.end - u.start), 0));
          let offset = 0;
          const located = units.map((u): CdmUnit => {
            bytes.set(this.files[u.fileIndex]!.bytes.subarray(u.start, u.end), offset);
            const unit = { offset, length: u.end - u.start, firstLine: u.firstLine };
            offset += unit.length;
            return unit;
          });
          return { bytes, units: located };
        }))
        .then(({ output }) => {
          if (!output.ok) throw new ApiError(503, 'CDM_READ_FAILED', `the CDM reader failed: ${output.message}`);
          for (const outcome of output.outcomes) if (outcome.ok) this.shared.share(outcome.cdm);
          return { outcomes: output.outcomes, json: output.json };
        });
      promise.catch(() => undefined); // awaited in order by outcomesOf; a failure surfaces there
      this.running[this.started] = promise;
      this.started++;
    }
  }

  /** The outcome of every message of file `fileIndex`, and the JSON of its batch (files must be asked in order). */
  async outcomesOf(fileIndex: number, units: readonly Unit[]): Promise<{ outcomes: CdmReceiveOutcome[]; jsons: Uint8Array[] }> {
    const last = this.lastBatchOf[fileIndex]!;
    for (let b = 0; b <= last; b++) {
      // never more than READ_LOOKAHEAD batches on the pool: it refuses work beyond its queue (503), and a large file's
      // batches all at once filled a one-worker pool's queue by themselves
      await this.start(b + READ_LOOKAHEAD - 1);
      const running = this.running[b];
      if (!running) continue;
      const { outcomes, json } = await running;
      this.batches[b]!.forEach((unit, k) => {
        this.outcomes.set(unit, outcomes[k]!);
        this.jsons.set(unit, json);
      });
      this.running[b] = null;
    }
    await this.start(last + READ_LOOKAHEAD);
    const out = { outcomes: units.map((u) => this.outcomes.get(u)!), jsons: units.map((u) => this.jsons.get(u)!) };
    for (const u of units) {
      this.outcomes.delete(u);
      this.jsons.delete(u);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Resolution: which object is ours

/** A designator a CDM object is tried under: the identifier, what it is compared with, and how the file names it. */
interface Candidate {
  identifier: string;
  kinds: ResolutionKind[];
  label: string;
}

/** The designators a CDM object is tried under, strongest first (domain/spacecraft/resolution.ts decides). */
function candidatesOf(o: CdmObjectDigest): Candidate[] {
  const norad = normalizedDesignator(o.designator);
  const cospar = normalizedInternationalDesignator(o.internationalDesignator);
  const name = o.name.trim();
  const asKey = (identifier: string, keyword: string): Candidate => ({ identifier, kinds: ['externalKey'], label: `externalKey ${JSON.stringify(identifier)} (${keyword})` });
  return [
    { identifier: norad, kinds: ['noradId'] as ResolutionKind[], label: `NORAD id ${norad} (OBJECT_DESIGNATOR)` },
    { identifier: cospar, kinds: ['cosparId'] as ResolutionKind[], label: `COSPAR id ${cospar} (INTERNATIONAL_DESIGNATOR)` },
    { identifier: name, kinds: ['name'] as ResolutionKind[], label: `name ${JSON.stringify(name)} (OBJECT_NAME)` },
    asKey(o.designator.trim(), 'OBJECT_DESIGNATOR'),
    asKey(o.internationalDesignator.trim(), 'INTERNATIONAL_DESIGNATOR'),
    asKey(name, 'OBJECT_NAME'),
  ].filter((c) => c.identifier !== '');
}

/**
 * Resolves CDM objects to spacecraft with one query per hundred new identifiers, cached for the request. A file names
 * the same few objects in message after message, so each distinct identity is worked out once (the candidates of
 * every object of a 500-message file held the event loop ~13 ms, bench:cdm-ingest CPU profile).
 */
class ObjectResolver {
  private readonly cache = new Map<string, Spacecraft[]>();
  private readonly byIdentity = new Map<string, SpacecraftResolution<Spacecraft>>();
  constructor(
    private readonly db: Db,
    private readonly organizationId: string,
  ) {}

  private static key(c: { identifier: string; kinds: ResolutionKind[] }): string {
    return `${c.kinds.join(',')}:${c.identifier}`;
  }

  private static identity(o: CdmObjectDigest): string {
    return `${o.designator}\u0000${o.internationalDesignator}\u0000${o.name}`;
  }

  async resolve(objects: readonly CdmObjectDigest[]): Promise<Array<SpacecraftResolution<Spacecraft>>> {
    const fresh = new Map<string, CdmObjectDigest>();
    for (const o of objects) {
      const identity = ObjectResolver.identity(o);
      if (!this.byIdentity.has(identity)) fresh.set(identity, o);
    }
    const missing = new Map<string, Candidate>();
    for (const o of fresh.values()) for (const c of candidatesOf(o)) if (!this.cache.has(ObjectResolver.key(c))) missing.set(ObjectResolver.key(c), c);
    const requests = [...missing.values()];
    const matches = await resolveSpacecraftBatch(this.db, this.organizationId, requests);
    requests.forEach((c, k) => this.cache.set(ObjectResolver.key(c), matches[k]!.map((m) => m.spacecraft)));
    for (const [identity, o] of fresh) {
      const steps = candidatesOf(o).map((c) => ({ label: c.label, matches: this.cache.get(ObjectResolver.key(c))! }));
      this.byIdentity.set(identity, resolveSpacecraftByDesignators(steps));
    }
    return objects.map((o) => this.byIdentity.get(ObjectResolver.identity(o))!);
  }
}

function describeCraft(spacecraft: readonly Spacecraft[]): string {
  return spacecraft.map((s) => `${s.id} (${JSON.stringify(s.name)})`).join(', ');
}

/** Why a message's objects cannot be stored (null: they can), with the file's error token it gives. */
function resolutionProblem(
  d: Pick<ReceivedCdm, 'objects'>,
  resolutions: readonly [SpacecraftResolution<Spacecraft>, SpacecraftResolution<Spacecraft>],
  line: number,
): { token: ResolutionToken; message: string; params: Record<string, unknown> } | null {
  const ambiguous = resolutions.flatMap((r, k) => (r.outcome === 'AMBIGUOUS' ? [{ r, o: d.objects[k]! }] : []));
  if (ambiguous.length > 0) {
    // one of ours, but which one is not known: storing it as "not ours", or as either, would be silently wrong
    const { r, o } = ambiguous[0]!;
    return {
      token: 'AMBIGUOUS_OBJECT',
      message: `line ${line}: ${describeObject(o)} is ambiguous: ${r.label} names ${r.candidates.length} active spacecraft of this organization — ` +
        `${describeCraft(r.candidates)} — and none of its other designators (COSPAR id, name, externalKey) tells them apart. Give each craft its own ` +
        'NORAD id, a COSPAR id or name the CDM carries, or archive the one no longer operated',
      params: { ambiguousObject: { object: o.object, designator: r.label, spacecraftIds: r.candidates.map((s) => s.id) } },
    };
  }
  const [r1, r2] = resolutions;
  const s1 = r1.outcome === 'RESOLVED' ? r1.spacecraft : null;
  const s2 = r2.outcome === 'RESOLVED' ? r2.spacecraft : null;
  if (!s1 && !s2) {
    const archived = resolutions.flatMap((r, k) => (r.outcome === 'ARCHIVED' ? [{ r, o: d.objects[k]! }] : []));
    if (archived.length > 0) {
      const { r, o } = archived[0]!;
      return {
        token: 'SPACECRAFT_ARCHIVED',
        message: `line ${line}: ${describeObject(o)} is archived spacecraft ${describeCraft(r.archived)} (by ${r.label}), and the other object is not one of ` +
          'ours: an archived craft is not operated, so its conjunctions are not taken. Restore it (PUT /operations/spacecraft/{id}/lifecycle Active) to take them',
        params: { archivedSpacecraftIds: r.archived.map((s) => s.id) },
      };
    }
    return {
      token: 'UNRESOLVED_OBJECTS',
      message: `line ${line}: neither object is a spacecraft of this organization: ${describeObject(d.objects[0])}, ${describeObject(d.objects[1])} ` +
        '(matched by NORAD id, COSPAR id, name or externalKey)',
      params: {},
    };
  }
  if (s1 && s2 && s1.id === s2.id) {
    return { token: 'SAME_SPACECRAFT', message: `line ${line}: OBJECT1 and OBJECT2 both resolve to spacecraft ${s1.id} (${s1.name}): ${describeObject(d.objects[0])}, ${describeObject(d.objects[1])}`, params: {} };
  }
  return null;
}

type ResolutionToken = 'AMBIGUOUS_OBJECT' | 'SPACECRAFT_ARCHIVED' | 'SAME_SPACECRAFT' | 'UNRESOLVED_OBJECTS';

/** A file with several kinds of resolution error is failed with the first of these it has (every error is listed). */
const RESOLUTION_TOKENS: readonly ResolutionToken[] = ['AMBIGUOUS_OBJECT', 'SPACECRAFT_ARCHIVED', 'SAME_SPACECRAFT', 'UNRESOLVED_OBJECTS'];

const RESOLUTION_CODES: Record<ResolutionToken, string> = {
  AMBIGUOUS_OBJECT: 'import.conjunction.cdm.ambiguous_object',
  SPACECRAFT_ARCHIVED: 'import.conjunction.cdm.spacecraft_archived',
  SAME_SPACECRAFT: 'import.conjunction.cdm.same_spacecraft',
  UNRESOLVED_OBJECTS: 'import.conjunction.cdm.unresolved_objects',
};

// ---------------------------------------------------------------------------------------------
// Writing

interface GroupOutcome {
  /** Per pending CDM: stored (with its event) or a duplicate of a stored one. */
  stored: Map<PendingCdm, { eventId: string }>;
  duplicates: Map<PendingCdm, StoredCdmRef>;
}

function messageKey(originator: string, messageId: string): string {
  return `${originator}\u0000${messageId}`;
}

/**
 * Inside the write transaction: the last duplicate check, then each remaining message into its event (in TCA order,
 * so an event's span grows as its CDMs come), the events and rows inserted, the events' summaries refreshed.
 */
async function storeGroup(
  tx: Tx,
  organizationId: string,
  pending: readonly PendingCdm[],
  settings: ConjunctionSettings,
  context: RowContext,
  bytesWritten: boolean,
): Promise<GroupOutcome> {
  const stored = await findStoredCdms(
    tx,
    organizationId,
    pending.filter((p) => p.messageId !== null).map((p) => ({ originator: p.originator, messageId: p.messageId! })),
    [...new Set(pending.map((p) => p.contentSha256))],
  );
  const byMessage = new Map<string, StoredCdmRef>();
  const byHash = new Map<string, StoredCdmRef>();
  for (const s of stored) {
    if (s.messageId !== null) byMessage.set(messageKey(s.originator, s.messageId), s);
    byHash.set(s.contentSha256, s);
  }
  const outcome: GroupOutcome = { stored: new Map(), duplicates: new Map() };
  const fresh: PendingCdm[] = [];
  for (let n = 0; n < pending.length; n++) {
    if (n % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
    const p = pending[n]!;
    const earlier = (p.messageId !== null ? byMessage.get(messageKey(p.originator, p.messageId)) : undefined) ?? byHash.get(p.contentSha256);
    if (earlier) {
      outcome.duplicates.set(p, earlier);
      continue;
    }
    fresh.push(p);
    // a later message of this group with the same identity is a duplicate of this one
    const self: StoredCdmRef = { cdmId: p.id, eventId: '', originator: p.originator, messageId: p.messageId, contentSha256: p.contentSha256, fileName: p.fileName };
    if (p.messageId !== null) byMessage.set(messageKey(p.originator, p.messageId), self);
    byHash.set(p.contentSha256, self);
  }
  if (bytesWritten && outcome.duplicates.size > 0) await deleteCdmContents(tx, organizationId, [...outcome.duplicates.keys()].map((p) => p.id));
  if (fresh.length === 0) return outcome;

  const window = settings.eventGroupingWindowS;
  const tcas = fresh.map((p) => p.tcaS);
  const existing = await findEventsOfPairs(tx, organizationId, [...new Set(fresh.map((p) => p.pair))], Math.min(...tcas) - window, Math.max(...tcas) + window);
  const eventsByPair = new Map<string, Array<Pick<ConjunctionEvent, 'id' | 'firstTcaS' | 'lastTcaS' | 'primarySpacecraftId'>>>();
  for (const e of existing) {
    const list = eventsByPair.get(e.pairKey);
    if (list) list.push(e);
    else eventsByPair.set(e.pairKey, [e]);
  }
  const created: NewConjunctionEvent[] = [];
  const rows: Array<{ pending: PendingCdm; eventId: string; primaryObject: 1 | 2 }> = [];
  /** The event of each CDM stored now, by its id. */
  const eventOf = new Map<string, string>();
  const now = nowIso();
  const byTca = [...fresh].sort((a, b) => a.tcaS - b.tcaS);
  for (let n = 0; n < byTca.length; n++) {
    if (n % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
    const p = byTca[n]!;
    const candidates = eventsByPair.get(p.pair) ?? [];
    let event = chooseEvent(candidates, p.tcaS, window);
    const [s1, s2] = p.spacecraftIds;
    if (!event) {
      const id = randomUUID();
      created.push({ id, pairKey: p.pair, primarySpacecraftId: p.primarySpacecraftId, ...p.secondary, createdAt: now });
      event = { id, firstTcaS: p.tcaS, lastTcaS: p.tcaS, primarySpacecraftId: p.primarySpacecraftId };
      eventsByPair.set(p.pair, [...candidates, event]);
    } else {
      event.firstTcaS = Math.min(event.firstTcaS, p.tcaS);
      event.lastTcaS = Math.max(event.lastTcaS, p.tcaS);
    }
    // the event's primary is one of our objects; which of this CDM's objects it is
    const primaryObject: 1 | 2 = s1 === event.primarySpacecraftId ? 1 : s2 === event.primarySpacecraftId ? 2 : s1 !== null ? 1 : 2;
    rows.push({ pending: p, eventId: event.id, primaryObject });
    eventOf.set(p.id, event.id);
    outcome.stored.set(p, { eventId: event.id });
  }
  for (const [p, earlier] of outcome.duplicates) {
    // a duplicate of a message stored by this same group: it now has its event
    if (earlier.eventId === '') outcome.duplicates.set(p, { ...earlier, eventId: eventOf.get(earlier.cdmId)! });
  }
  // the risk of the events this group adds to, before (conjunction.risk_changed compares it with the one after)
  const touched = [...new Set(eventOf.values())];
  const createdIds = new Set(created.map((e) => e.id));
  const riskBefore = await eventRiskPcs(tx, organizationId, touched.filter((id) => !createdIds.has(id)));
  await insertEvents(tx, organizationId, created);
  if (!bytesWritten) {
    for (let i = 0; i < fresh.length; i += CONTENT_CHUNK_MESSAGES) {
      await insertCdmContents(tx, organizationId, fresh.slice(i, i + CONTENT_CHUNK_MESSAGES).map((p) => ({ cdmId: p.id, bytes: p.bytes })), 0);
    }
  }
  await insertCdms(tx, rows, (r) => withCdmEvent(cdmRowValues(organizationId, rowOf(r.pending, context)), r.eventId, r.primaryObject));
  await refreshEventSummaries(tx, organizationId, touched, now);
  const riskAfter = await eventRiskPcs(tx, organizationId, touched);
  const tcaOfCreated = new Map(rows.filter((r) => createdIds.has(r.eventId)).reverse().map((r) => [r.eventId, r.pending.digest.tca]));
  // told in the same transaction as the rows (domain/changes/model.ts): a new event, each CDM, each change of risk level
  await recordChanges(tx, organizationId, [
    ...created.map((e) => conjunctionCreated({ id: e.id, primarySpacecraftId: e.primarySpacecraftId, secondaryDesignator: e.secondaryDesignator, tca: tcaOfCreated.get(e.id)! })),
    ...rows.map((r) => cdmReceived({ conjunctionId: r.eventId, cdmId: r.pending.id, source: context.source, tca: r.pending.digest.tca, missDistanceM: r.pending.digest.missDistanceM })),
    ...riskChangesOf(riskBefore, riskAfter, { before: settings.riskThresholds, after: settings.riskThresholds }, 'CDM_RECEIVED'),
  ], now);
  return outcome;
}

/** Writes one group: one transaction; a large single file with its bytes staged first. */
async function writeGroup(db: Db, organizationId: string, pending: readonly PendingCdm[], settings: ConjunctionSettings, context: RowContext, large: boolean): Promise<GroupOutcome> {
  const uploadId = context.uploadId;
  if (!large) return await inTransaction(db, (tx) => storeGroup(tx, organizationId, pending, settings, context, false));
  const staged = await StagedBatch.open(db, { kind: CDM_UPLOAD_KIND, key: `${uploadId}:${pending[0]!.accepted.fileIndex}`, owner: 'cdm-upload' }, [CDM_CONTENTS_TABLE]);
  try {
    for (let i = 0; i < pending.length; i += CONTENT_CHUNK_MESSAGES) {
      const part = pending.slice(i, i + CONTENT_CHUNK_MESSAGES);
      await staged.chunk((tx) => insertCdmContents(tx, organizationId, part.map((p) => ({ cdmId: p.id, bytes: p.bytes })), staged.id));
    }
    let outcome: GroupOutcome | null = null;
    await staged.publish(async (tx) => {
      outcome = await storeGroup(tx, organizationId, pending, settings, context, true);
      return true;
    });
    return outcome!;
  } catch (error) {
    await staged.abandon().catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Storing observations: grouped files → duplicates, radius and Pc, events, rows

/**
 * Writes observed files in groups (small files together, a large one alone and staged) and fills their results. The
 * radius and Pc of an observation that brings none (a received CDM) are computed here, on the pool, with the settings
 * read when the writer was made; one that brings them (a screening approach's) is stored as it came.
 */
class ObservationWriter {
  /** Name and radius of every spacecraft the observations without an assessment name (the radius rule). */
  readonly radii = new Map<string, { name: string; hardBodyRadiusM: number | null }>();
  private group: ObservedFile[] = [];
  private groupMessages = 0;
  private groupBytes = 0;
  private readonly receivedAt = nowIso();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'pool'>,
    private readonly organizationId: string,
    private readonly settings: ConjunctionSettings,
    private readonly shared: SharedValues,
    private readonly options: { source: CdmSource; uploadId: string },
    private readonly results: CdmFileResult[],
  ) {}

  /** Adds a file to the current group, writing the group first when the file would not fit in it. */
  async add(file: ObservedFile): Promise<void> {
    const messages = file.observations.length;
    if (this.group.length > 0 && (this.groupMessages + messages > WRITE_GROUP_MESSAGES || this.groupBytes + file.size > WRITE_GROUP_BYTES)) await this.flush();
    this.group.push(file);
    this.groupMessages += messages;
    this.groupBytes += file.size;
    // a large file alone is written at once (staged), so the group never holds more than one
    if (this.groupMessages > WRITE_GROUP_MESSAGES || this.groupBytes > WRITE_GROUP_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.group.length === 0) return;
    const files = this.group;
    this.group = [];
    this.groupMessages = 0;
    this.groupBytes = 0;
    const pending = await this.pendingOf(files);
    await this.assess(pending);
    const large = files.length === 1 && (pending.length > WRITE_GROUP_MESSAGES || files[0]!.size > WRITE_GROUP_BYTES);
    const context: RowContext = { source: this.options.source, uploadId: this.options.uploadId, receivedAt: this.receivedAt, pcMethod: this.settings.defaultPcMethod };
    const written = await writeGroup(this.deps.db, this.organizationId, pending, this.settings, context, large);
    for (const accepted of files) {
      await yieldIfDue();
      fillResult(this.results[accepted.fileIndex]!, pending.filter((p) => p.accepted === accepted), written);
    }
  }

  /** The group's messages as pending rows (their hashes, objects, pair and event sides). */
  private async pendingOf(files: readonly ObservedFile[]): Promise<PendingCdm[]> {
    const shared = this.shared;
    const pending: PendingCdm[] = [];
    for (const accepted of files) {
      // Each message's SHA-256 on the event loop, YIELD_EVERY_MESSAGES between turns: a message is a few KiB, hashed in
      // a few µs. (One WebCrypto digest per message cost ~20–60 µs of main thread each to issue and settle: a file of
      // 500 held the loop 10–30 ms in one callback, bench:cdm-ingest.)
      const observations = accepted.observations;
      for (let k = 0; k < observations.length; k++) {
        if (k % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
        const o = observations[k]!;
        const digest = o.digest;
        const [s1, s2] = o.spacecraftIds;
        const objects: ConjunctionCdm['objects'] = [shared.record(digest.objects[0], s1), shared.record(digest.objects[1], s2)];
        const keys: [string, string] = [objectKey(objects[0], s1), objectKey(objects[1], s2)];
        // a new event's primary is our object (the first when both are ours), its secondary the other
        const primaryIndex = s1 !== null ? 0 : 1;
        const other = objects[1 - primaryIndex]!;
        pending.push({
          accepted,
          id: randomUUID(), fileName: accepted.name, messageIndex: o.messageIndex, originator: digest.originator, messageId: digest.messageId,
          contentSha256: sha256Hex(o.bytes), tcaS: digest.tcaS,
          bytes: o.bytes,
          pair: shared.string(pairKey(keys[0], keys[1])),
          spacecraftIds: [s1, s2],
          objects,
          primarySpacecraftId: (primaryIndex === 0 ? s1 : s2)!,
          secondary: {
            secondarySpacecraftId: other.spacecraftId, secondaryDesignator: other.designator, secondaryName: other.name,
            secondaryInternationalDesignator: other.internationalDesignator, secondaryObjectType: other.objectType,
          },
          firstLine: o.firstLine,
          digest,
          json: o.json,
          assessed: o.assessed ?? null,
        });
      }
      // what the group keeps of the file from here on is in its pending messages
      accepted.observations = [];
    }
    return pending;
  }

  /**
   * The radius (the rule of hardBodyRadius.ts) and the Pc (on the pool) of each pending message that came without
   * them; known duplicates are not assessed (the transaction checks again before writing).
   */
  private async assess(pending: PendingCdm[]): Promise<void> {
    const open = pending.filter((p) => p.assessed === null);
    if (open.length === 0) return;
    const { db, pool } = this.deps;
    const known = await findStoredCdms(
      db,
      this.organizationId,
      open.filter((p) => p.messageId !== null).map((p) => ({ originator: p.originator, messageId: p.messageId! })),
      [...new Set(open.map((p) => p.contentSha256))],
    );
    const knownMessages = new Set(known.filter((k) => k.messageId !== null).map((k) => messageKey(k.originator, k.messageId!)));
    const knownHashes = new Set(known.map((k) => k.contentSha256));
    /**
     * The radius rule's outcome per pair of spacecraft and radius the CDM gives (none, or the same comment message after
     * message): the same for all such messages of this group, so one object, whose JSON storage makes once
     * (storage/conjunctions.ts `sharedJson`, which only shared objects may reach).
     */
    const radiusByKey = new Map<string, HardBodyRadiusUsed>();
    const radiusOf: HardBodyRadiusUsed[] = [];
    const toAssess: number[] = [];
    for (let n = 0; n < open.length; n++) {
      const p = open[n]!;
      if (n % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
      const cdmRadius = p.digest.hardBodyRadius;
      const key = `${p.spacecraftIds[0] ?? ''}\u0000${p.spacecraftIds[1] ?? ''}\u0000${cdmRadius === null ? '' : JSON.stringify(cdmRadius)}`;
      let radius = radiusByKey.get(key);
      if (!radius) radiusByKey.set(key, (radius = radiusFor(cdmRadius, p.spacecraftIds, this.radii, this.settings)));
      radiusOf.push(radius);
      const isKnown = knownHashes.has(p.contentSha256) || (p.messageId !== null && knownMessages.has(messageKey(p.originator, p.messageId)));
      if (p.digest.statesEnd !== null && !isKnown) toAssess.push(n);
    }
    const outcomes = await assessForStorageOnPool(
      pool,
      toAssess.length,
      (k) => {
        const p = open[toAssess[k]!]!;
        const [o1, o2] = p.digest.objects;
        return { states: utf8.decode(encounterStatesJsonOf(p.digest, p.json)!), hardBodyRadiusM: radiusOf[toAssess[k]!]!.combinedM, covarianceMethods: [o1.covarianceMethod, o2.covarianceMethod] };
      },
      this.settings.defaultPcMethod,
    );
    const assessed = new Array<StoredAssessment | undefined>(open.length);
    for (let k = 0; k < toAssess.length; k++) assessed[toAssess[k]!] = outcomes[k]!;
    for (let n = 0; n < open.length; n++) {
      if (n % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
      open[n]!.assessed = { radius: radiusOf[n]!, stored: assessed[n] ?? storedAssessment(null) };
    }
  }
}

/** A file's result from what its written messages became: stored (with their events) or duplicates. */
function fillResult(result: CdmFileResult, mine: readonly PendingCdm[], written: GroupOutcome): void {
  const items: CdmResultItem[] = mine.map((p) => {
    const stored = written.stored.get(p);
    const base = { messageIndex: p.messageIndex, originator: p.originator, messageId: p.messageId };
    if (stored) return { ...base, status: 'stored', cdmId: p.id, eventId: stored.eventId };
    const earlier = written.duplicates.get(p)!;
    return { ...base, status: 'duplicate', cdmId: earlier.cdmId, eventId: earlier.eventId };
  });
  result.storedCount = items.filter((i) => i.status === 'stored').length;
  result.duplicateCount = items.length - result.storedCount;
  result.cdms = items.slice(0, MAX_LISTED_CDMS);
  result.cdmsTruncated = items.length > MAX_LISTED_CDMS;
  result.eventIds = [...new Set(items.map((i) => i.eventId))].slice(0, MAX_LISTED_CDMS);
  if (result.storedCount === 0) {
    const first = mine.find((p) => written.duplicates.has(p))!;
    const earlier = written.duplicates.get(first)!;
    result.status = 'duplicate';
    result.code = 'import.conjunction.cdm.duplicate';
    result.message =
      items.length === 1
        ? `this CDM (ORIGINATOR ${first.originator}, MESSAGE_ID ${first.messageId ?? '(none)'}) is already stored as ${earlier.cdmId} of event ${earlier.eventId}` +
          `${earlier.fileName ? ` (from ${JSON.stringify(earlier.fileName)})` : ''}: same ${first.messageId !== null && earlier.messageId === first.messageId ? 'originator and MESSAGE_ID' : 'content'}; nothing stored`
        : `all ${items.length} CDMs of the file are already stored; nothing stored`;
    result.params.duplicateOfCdmId = earlier.cdmId;
  } else {
    result.status = 'success';
    result.code = 'import.conjunction.cdm.stored';
    result.message = `${result.storedCount} CDM${result.storedCount === 1 ? '' : 's'} stored in ${new Set(items.filter((i) => i.status === 'stored').map((i) => i.eventId)).size} event(s)` +
      (result.duplicateCount > 0 ? `; ${result.duplicateCount} already stored, not stored again` : '');
  }
}

// ---------------------------------------------------------------------------------------------
// The use cases

export interface IngestResult {
  uploadId: string;
  results: CdmFileResult[];
}

/**
 * Received CDM files: each cut into messages, read on the pool, its objects resolved to our spacecraft; a file every
 * message of which can be kept is stored as observations (`ObservationWriter`), any other is failed whole.
 */
export async function ingestCdmFiles(
  deps: Pick<AppDeps, 'db' | 'pool' | 'earthData'>,
  organizationId: string,
  files: readonly CdmFile[],
  options: IngestOptions,
): Promise<IngestResult> {
  const { db, pool } = deps;
  const uploadId = options.uploadId ?? randomUUID();
  const settings = await findConjunctionSettings(db, organizationId);
  const resolver = new ObjectResolver(db, organizationId);
  const unitsByFile = await splitFiles(files);
  const shared = new SharedValues();
  const reader = new MessageReader(deps, files, unitsByFile, shared);
  const results: CdmFileResult[] = new Array(files.length);
  const writer = new ObservationWriter(deps, organizationId, settings, shared, { source: options.source, uploadId }, results);
  /** The radius of every spacecraft as used, to see at the end whether one changed meanwhile. */
  const radiiUsed = new Map<string, number | null>();
  const noteRadius = (s: Spacecraft | null) => {
    if (s === null || writer.radii.has(s.id)) return;
    writer.radii.set(s.id, { name: s.name, hardBodyRadiusM: s.hardBodyRadiusM });
    radiiUsed.set(s.id, s.hardBodyRadiusM);
  };

  for (const [fileIndex, file] of files.entries()) {
    const units = unitsByFile[fileIndex]!;
    const { outcomes, jsons } = await reader.outcomesOf(fileIndex, units);
    const base = emptyResult(file, units.length, await contentHashOf(file.bytes));
    results[fileIndex] = base;
    const parseErrors: CdmFileError[] = [];
    outcomes.forEach((o, k) => {
      if (!o.ok) parseErrors.push({ messageIndex: k, line: o.line, keyword: o.keyword, message: o.message });
    });
    if (parseErrors.length > 0) {
      results[fileIndex] = failedResult(base, 'PARSE_ERROR', 'import.conjunction.cdm.parse_failed', parseErrors.slice(0, MAX_REPORTED_ERRORS), parseErrors.length > MAX_REPORTED_ERRORS);
      continue;
    }
    const digests = outcomes.map((o) => (o as Extract<CdmReceiveOutcome, { ok: true }>).cdm);
    await yieldIfDue();
    const resolved = await resolver.resolve(digests.flatMap((d) => d.objects));
    const unresolved: CdmFileError[] = [];
    const tokens = new Set<ResolutionToken>();
    let problemParams: Record<string, unknown> = {};
    const spacecraft = digests.map((d, k) => {
      const pair = [resolved[2 * k]!, resolved[2 * k + 1]!] as const;
      const problem = resolutionProblem(d, pair, units[k]!.firstLine);
      if (problem) {
        if (tokens.size === 0) problemParams = problem.params;
        tokens.add(problem.token);
        unresolved.push({ messageIndex: k, line: units[k]!.firstLine, keyword: 'OBJECT_DESIGNATOR', message: problem.message });
      }
      // an archived craft, or none of ours, is the other object of the encounter
      return pair.map((r) => (r.outcome === 'RESOLVED' ? r.spacecraft : null)) as [Spacecraft | null, Spacecraft | null];
    });
    if (unresolved.length > 0) {
      const token = RESOLUTION_TOKENS.find((t) => tokens.has(t))!;
      const failed = failedResult(base, token, RESOLUTION_CODES[token], unresolved.slice(0, MAX_REPORTED_ERRORS), unresolved.length > MAX_REPORTED_ERRORS);
      results[fileIndex] = { ...failed, params: { ...failed.params, ...problemParams } };
      continue;
    }
    // views into the file's bytes, not copies (a buffer per message is an allocation, and a sweep when it dies)
    const observations = digests.map((digest, k): ConjunctionObservation => {
      const unit = units[k]!;
      const [s1, s2] = spacecraft[k]!;
      noteRadius(s1);
      noteRadius(s2);
      return { bytes: file.bytes.subarray(unit.start, unit.end), messageIndex: unit.messageIndex, firstLine: unit.firstLine, digest, json: jsons[k]!, spacecraftIds: [s1?.id ?? null, s2?.id ?? null] };
    });
    await writer.add({ fileIndex, name: file.name, size: file.bytes.length, observations });
  }
  await writer.flush();

  // Settings or a radius changed while this upload assessed its CDMs: assess them again with what is current now.
  if (radiiUsed.size > 0 || results.some((r) => r.storedCount > 0)) {
    const now = await findConjunctionSettings(db, organizationId);
    const changedSettings = now.defaultPcMethod !== settings.defaultPcMethod || now.defaultHardBodyRadiusM !== settings.defaultHardBodyRadiusM;
    let changedRadius = false;
    if (!changedSettings && radiiUsed.size > 0) {
      const current = await spacecraftRadii(db, organizationId, radiiUsed.keys());
      changedRadius = [...radiiUsed].some(([id, radius]) => (current.get(id)?.hardBodyRadiusM ?? null) !== radius);
    }
    if (changedSettings || changedRadius) await reassessConjunctions(db, pool, organizationId, { kind: 'UPLOAD', uploadId });
  }
  return { uploadId, results };
}

/**
 * Conjunction observations that bring their radius and Pc (a screening's approaches: domain/screenings/
 * approachObservations.ts), each stored as a file of one message — the same duplicate rule, grouping into events,
 * rows and notifications as received CDMs, with nothing read back from a file and no Pc computed again. The
 * assessments rest on the settings the source used: a CDM whose method or radius the current settings and radii no
 * longer give is assessed again at the end (reassessConjunctions), as after a PUT of the settings.
 */
export async function ingestObservations(
  deps: Pick<AppDeps, 'db' | 'pool'>,
  organizationId: string,
  observations: readonly ConjunctionObservation[],
  options: { source: CdmSource; uploadId: string },
): Promise<IngestResult> {
  const { db, pool } = deps;
  const settings = await findConjunctionSettings(db, organizationId);
  const shared = new SharedValues();
  const results: CdmFileResult[] = new Array(observations.length);
  const writer = new ObservationWriter(deps, organizationId, settings, shared, options, results);
  for (const [fileIndex, observation] of observations.entries()) {
    if (!observation.assessed) throw new Error(`observation ${fileIndex}: ingestObservations takes assessed observations only`);
    shared.share(observation.digest);
    results[fileIndex] = emptyResult({ name: null, bytes: observation.bytes }, 1, sha256Hex(observation.bytes));
    await writer.add({ fileIndex, name: null, size: observation.bytes.length, observations: [observation] });
  }
  await writer.flush();
  if (results.some((r) => r.storedCount > 0)) await reassessConjunctions(db, pool, organizationId, { kind: 'UPLOAD', uploadId: options.uploadId });
  return { uploadId: options.uploadId, results };
}
