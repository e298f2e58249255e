/**
 * Writing conjunction observations (CDM ingest, ./ingest.ts; the screening's typed observations): files whose messages
 * fit WRITE_GROUP_MESSAGES / WRITE_GROUP_BYTES together in one short transaction; a larger file's bytes first as a
 * staged batch in chunks (storage/sql/stagedWrites.ts), then its messages and events in one transaction whose
 * statements yield to the event loop (storage/sql/db.ts) and which publishes the bytes with them. Inside the
 * transaction: the last duplicate check, each message into its event in TCA order (domain/conjunctions/grouping.ts),
 * the events' summaries refreshed. A message is assessed (Pc, on the pool) before the write unless it comes assessed.
 */
import { randomUUID } from 'node:crypto';
import { encounterStatesJsonOf, statedJsonOf, type ReceivedCdm } from '../../../domain/conjunctions/cdmDigest.ts';
import { storedAssessment, type StoredAssessment } from '../../../domain/conjunctions/assessment.ts';
import type { PcMethod } from '../../../engine/collision/probability.ts';
import { chooseEvent, growSpan, primaryObjectOf, objectKey, pairKey } from '../../../domain/conjunctions/grouping.ts';
import type { ConjunctionSettings } from '../../../domain/conjunctions/settings.ts';
import type { HardBodyRadiusUsed } from '../../../domain/conjunctions/hardBodyRadius.ts';
import { inTransaction, nowIso, yieldIfDue, type Db, type Tx } from '../../../storage/sql/db.ts';
import { recordChanges } from '../../../storage/changes.ts';
import { cdmReceived, conjunctionCreated, riskChangesOf } from '../../../domain/changes/model.ts';
import { CDM_CONTENTS_TABLE, deleteCdmContents, findEventsOfPairs, findStoredCdms, insertCdmContents, cdmRowValues, insertCdms, insertEvents, withCdmEvent, refreshEventSummaries, eventRiskPcs } from '../../../storage/conjunctions.ts';
import { type CdmSource, type ConjunctionCdm, type ConjunctionEvent, type ConjunctionObservation, type NewConjunctionCdm, type NewConjunctionEvent, type StoredCdmRef } from '../../../domain/conjunctions/model.ts';
import { StagedBatch } from '../../../storage/sql/stagedWrites.ts';
import { rowsPerStatement } from '../../../storage/sql/pipelinedStatements.ts';
import type { AppDeps } from '../../context.ts';
import { sha256Hex } from '../../../domain/contentHash.ts';
import { assessForStorageOnPool, radiusFor } from './assessment.ts';
import { type CdmFileResult, type CdmResultItem, MAX_LISTED_CDMS } from './cdmResults.ts';
import { SharedValues } from './cdmReading.ts';

/** Owner kind of the staged batches of large CDM files (swept when a dead request left one behind). */
export const CDM_UPLOAD_KIND = 'conjunction_cdm_upload';

/** Decodes the states at TCA handed to the Pc tasks (the rows take the reader's UTF-8 JSON as it is). */
const utf8 = new TextDecoder();

/** Messages handled between two looks at the event-loop slice (storage/sql/db.ts yieldIfDue) in the loops that prepare a group's rows (≈ 40 µs each). */
export const YIELD_CHECK_EVERY_MESSAGES = 10;
/** Files whose messages fit these together are written in one transaction; a larger file is written staged. */
export const WRITE_GROUP_MESSAGES = 200;
export const WRITE_GROUP_BYTES = 2 << 20;
/**
 * Messages per staged chunk of bytes (each its own short transaction). At a libSQL server a chunk costs its
 * transaction's round trips (begin, the batch's check, the inserts, the lease, commit: 50–130 ms a chunk of 100 on the
 * 2-core host under load, bench:cdm-ingest, 2026-12-03), not this event loop: a file of 500 is one chunk there.
 */
export const CONTENT_CHUNK_MESSAGES = { embedded: 100, remote: 500 } as const;
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
export interface PendingCdm {
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
export interface RowContext {
  source: CdmSource;
  uploadId: string;
  receivedAt: string;
  pcMethod: PcMethod;
}

/** The row of a pending message, made when it is written. */
export function rowOf(p: PendingCdm, context: RowContext): Omit<NewConjunctionCdm, 'eventId' | 'primaryObject'> {
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
// Writing

export interface GroupOutcome {
  /** Per pending CDM: stored (with its event) or a duplicate of a stored one. */
  stored: Map<PendingCdm, { eventId: string }>;
  duplicates: Map<PendingCdm, StoredCdmRef>;
}

export function messageKey(originator: string, messageId: string): string {
  return `${originator}\u0000${messageId}`;
}

/**
 * Inside the write transaction: the last duplicate check, then each remaining message into its event (in TCA order,
 * so an event's span grows as its CDMs come), the events and rows inserted, the events' summaries refreshed, and the
 * changes told in the same transaction.
 */
export async function storeGroup(
  tx: Tx,
  organizationId: string,
  pending: readonly PendingCdm[],
  settings: ConjunctionSettings,
  context: RowContext,
  bytesWritten: boolean,
): Promise<GroupOutcome> {
  const { outcome, fresh } = await withoutDuplicates(tx, organizationId, pending);
  if (bytesWritten && outcome.duplicates.size > 0) await deleteCdmContents(tx, organizationId, [...outcome.duplicates.keys()].map((p) => p.id));
  if (fresh.length === 0) return outcome;

  const now = nowIso();
  const { created, rows, eventOf } = await intoEvents(tx, organizationId, fresh, settings.eventGroupingWindowS, now, outcome);
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
    const perCall = rowsPerStatement(tx, CONTENT_CHUNK_MESSAGES);
    for (let i = 0; i < fresh.length; i += perCall) {
      await insertCdmContents(tx, organizationId, fresh.slice(i, i + perCall).map((p) => ({ cdmId: p.id, bytes: p.bytes })), 0);
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

/**
 * The messages not stored yet: a message already stored — same ORIGINATOR and MESSAGE_ID, or the same bytes — or
 * repeated within the group is a duplicate (of the stored one, or of the group's first: its event is filled in later).
 */
async function withoutDuplicates(tx: Tx, organizationId: string, pending: readonly PendingCdm[]): Promise<{ outcome: GroupOutcome; fresh: PendingCdm[] }> {
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
  return { outcome, fresh };
}

/**
 * Each new message into its event, in TCA order (domain/conjunctions/grouping.ts chooseEvent: the pair's event whose
 * span the TCA falls within the grouping window of, its span grown to it; else a new event of the pair), with which of
 * its objects is the event's primary (one of ours).
 */
async function intoEvents(tx: Tx, organizationId: string, fresh: readonly PendingCdm[], windowS: number, now: string, outcome: GroupOutcome) {
  const tcas = fresh.map((p) => p.tcaS);
  const existing = await findEventsOfPairs(tx, organizationId, [...new Set(fresh.map((p) => p.pair))], Math.min(...tcas) - windowS, Math.max(...tcas) + windowS);
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
  const byTca = [...fresh].sort((a, b) => a.tcaS - b.tcaS);
  for (let n = 0; n < byTca.length; n++) {
    if (n % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
    const p = byTca[n]!;
    const candidates = eventsByPair.get(p.pair) ?? [];
    let event = chooseEvent(candidates, p.tcaS, windowS);
    if (!event) {
      const id = randomUUID();
      created.push({ id, pairKey: p.pair, primarySpacecraftId: p.primarySpacecraftId, ...p.secondary, createdAt: now });
      event = { id, firstTcaS: p.tcaS, lastTcaS: p.tcaS, primarySpacecraftId: p.primarySpacecraftId };
      eventsByPair.set(p.pair, [...candidates, event]);
    } else {
      growSpan(event, p.tcaS);
    }
    const primaryObject = primaryObjectOf(p.spacecraftIds, event.primarySpacecraftId);
    rows.push({ pending: p, eventId: event.id, primaryObject });
    eventOf.set(p.id, event.id);
    outcome.stored.set(p, { eventId: event.id });
  }
  return { created, rows, eventOf };
}

/** Writes one group: one transaction; a large single file with its bytes staged first. */
export async function writeGroup(db: Db, organizationId: string, pending: readonly PendingCdm[], settings: ConjunctionSettings, context: RowContext, large: boolean): Promise<GroupOutcome> {
  const uploadId = context.uploadId;
  if (!large) return await inTransaction(db, (tx) => storeGroup(tx, organizationId, pending, settings, context, false));
  const staged = await StagedBatch.open(db, { kind: CDM_UPLOAD_KIND, key: `${uploadId}:${pending[0]!.accepted.fileIndex}`, owner: 'cdm-upload' }, [CDM_CONTENTS_TABLE]);
  try {
    const perChunk = CONTENT_CHUNK_MESSAGES[db.backend];
    for (let i = 0; i < pending.length; i += perChunk) {
      const part = pending.slice(i, i + perChunk);
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
export class ObservationWriter {
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
          contentSha256: o.contentSha256 ?? sha256Hex(o.bytes), tcaS: digest.tcaS,
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
export function fillResult(result: CdmFileResult, mine: readonly PendingCdm[], written: GroupOutcome): void {
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

