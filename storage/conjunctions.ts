/**
 * Conjunction events and their CDMs (migration 0011). An event owns its CDMs; every statement is scoped by
 * organization, so another organization's event or CDM is indistinguishable from an absent one. The bytes of each
 * CDM live in `conjunction_cdm_contents` (a staged table: a large file's bytes are written in chunks before the one
 * transaction that stores its messages and events, storage/sql/stagedWrites.ts).
 */
import type { PcDetail } from '../domain/conjunctions/assessment.ts';
import type { HardBodyRadiusUsed } from '../domain/conjunctions/hardBodyRadius.ts';
import type { CdmDigest, CdmObjectDigest, EncounterStates } from '../domain/conjunctions/cdmDigest.ts';
import type { CdmObjectRecord, CdmSource, ConjunctionCdm, ConjunctionEvent, EventSpan, NewConjunctionCdm, NewConjunctionEvent, StoredCdmRef, StoredObjectCovariance } from '../domain/conjunctions/model.ts';
import type { CdmHardBodyRadius } from '../engine/collision/cdmEncounter.ts';
import type { PcMethod } from '../engine/collision/probability.ts';
import { riskPcOf, type RiskBasis, type RiskLevel, type RiskPc, type RiskThresholds } from '../domain/conjunctions/settings.ts';
import { MAXIMUM_PROBABILITY_METHOD } from '../engine/collision/maximumProbability.ts';
import { yieldToEventLoop, type SqlExecutor } from './sql/db.ts';
import { executeInOrder, rowsPerStatement } from './sql/pipelinedStatements.ts';
import { pageClause, type PageRequest } from './sql/paging.ts';
import { stagedRowsFilter, type StagedTable } from './sql/stagedWrites.ts';
import { nullableNumber, nullableText } from './sql/rows.ts';

export const CDM_CONTENTS_TABLE: StagedTable = { name: 'conjunction_cdm_contents', batchColumn: 'batch_id' };

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const parsed = <T>(value: unknown): T | null => (value === null || value === undefined ? null : (JSON.parse(String(value)) as T));

function cdmFromRow(row: Record<string, unknown>): ConjunctionCdm {
  return {
    id: String(row.id),
    eventId: String(row.event_id),
    source: String(row.source) as CdmSource,
    uploadId: String(row.upload_id),
    fileName: nullableText(row, 'file_name'),
    messageIndex: Number(row.message_index),
    firstLine: Number(row.first_line),
    contentSha256: String(row.content_sha256),
    notation: String(row.notation) as 'KVN' | 'XML',
    version: String(row.version),
    originator: String(row.originator),
    messageId: nullableText(row, 'message_id'),
    creationDate: String(row.creation_date),
    creationDateS: Number(row.creation_date_s),
    tca: String(row.tca),
    tcaS: Number(row.tca_s),
    stated: parsed<CdmDigest['stated']>(row.stated)!,
    missDistanceM: Number(row.miss_distance_m),
    relativeSpeedMS: nullableNumber(row, 'relative_speed_m_s'),
    statedPc: nullableNumber(row, 'stated_pc'),
    primaryObject: Number(row.primary_object) as 1 | 2,
    objects: [
      { ...parsed<CdmObjectDigest>(row.object1)!, spacecraftId: nullableText(row, 'object1_spacecraft_id') },
      { ...parsed<CdmObjectDigest>(row.object2)!, spacecraftId: nullableText(row, 'object2_spacecraft_id') },
    ],
    cdmHardBodyRadius: parsed<CdmHardBodyRadius>(row.cdm_hard_body_radius),
    encounterStates: parsed<EncounterStates>(row.encounter_states),
    encounterProblem: parsed<{ code: string; message: string }>(row.encounter_problem),
    computedMissDistanceM: nullableNumber(row, 'computed_miss_distance_m'),
    hardBodyRadiusM: nullableNumber(row, 'hard_body_radius_m'),
    hardBodyRadius: parsed<HardBodyRadiusUsed>(row.hard_body_radius),
    pc: nullableNumber(row, 'pc'),
    pcMethod: nullableText(row, 'pc_method') as PcMethod | null,
    pcDetail: parsed<PcDetail>(row.pc_detail),
    receivedAt: String(row.received_at),
    assessedAt: String(row.assessed_at),
  };
}

function eventFromRow(row: Record<string, unknown>): ConjunctionEvent {
  return {
    id: String(row.id),
    pairKey: String(row.pair_key),
    primarySpacecraftId: String(row.primary_spacecraft_id),
    secondarySpacecraftId: nullableText(row, 'secondary_spacecraft_id'),
    secondaryDesignator: String(row.secondary_designator),
    secondaryName: String(row.secondary_name),
    secondaryInternationalDesignator: String(row.secondary_international_designator),
    secondaryObjectType: nullableText(row, 'secondary_object_type'),
    firstTcaS: Number(row.first_tca_s),
    lastTcaS: Number(row.last_tca_s),
    latestCdmId: String(row.latest_cdm_id),
    tca: String(row.tca),
    tcaS: Number(row.tca_s),
    missDistanceM: Number(row.miss_distance_m),
    relativeSpeedMS: nullableNumber(row, 'relative_speed_m_s'),
    pc: nullableNumber(row, 'pc'),
    pcMethod: nullableText(row, 'pc_method') as PcMethod | null,
    statedPc: nullableNumber(row, 'stated_pc'),
    cdmCount: Number(row.cdm_count),
    sources: [...new Set(String(row.sources).split(',').filter(Boolean))].sort() as CdmSource[],
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

// ---- writing ----

/**
 * CDM bytes per INSERT statement. A message is ~3 KiB of KVN: 100 in one statement (330 KiB of blobs) held the event
 * loop ~13 ms (bench:cdm-ingest); 20 up to 4 ms; 8 keep a statement under a millisecond, and storage/sql/db.ts yields
 * between statements. In a libSQL server's transaction the statement runs at the server, and this loop only makes its
 * arguments and encodes the request (rowsPerStatement): 16 (50, with 25 rows per INSERT, made the upload another
 * ~10 % faster on sqld but tripled the event-loop holds over 5 ms and a light GET's p99, bench:cdm-ingest 2026-12-03).
 */
export const CDM_CONTENTS_PER_INSERT = { embedded: 8, remote: 16 } as const;

/**
 * Writes the bytes of CDMs (tagged with a staged batch, or 0 when written with their rows), CDM_CONTENTS_PER_INSERT
 * per statement, in order (several out at once in a libSQL server's transaction: storage/sql/pipelinedStatements.ts).
 */
export async function insertCdmContents(db: SqlExecutor, organizationId: string, contents: ReadonlyArray<{ cdmId: string; bytes: Uint8Array }>, batchId: number): Promise<void> {
  const perInsert = rowsPerStatement(db, CDM_CONTENTS_PER_INSERT);
  await executeInOrder(db, (function* () {
    for (let i = 0; i < contents.length; i += perInsert) {
      const part = contents.slice(i, i + perInsert);
      yield {
        sql: `INSERT INTO conjunction_cdm_contents (cdm_id, organization_id, content, batch_id) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
        args: part.flatMap((c) => [c.cdmId, organizationId, c.bytes, batchId]),
      };
    }
  })());
}

/** Deletes the bytes of CDMs that will not be stored after all (found to be duplicates at the last check). */
export async function deleteCdmContents(db: SqlExecutor, organizationId: string, cdmIds: readonly string[]): Promise<void> {
  for (let i = 0; i < cdmIds.length; i += 500) {
    const ids = cdmIds.slice(i, i + 500);
    await db.execute({ sql: `DELETE FROM conjunction_cdm_contents WHERE organization_id = ? AND cdm_id IN (${ids.map(() => '?').join(',')})`, args: [organizationId, ...ids] });
  }
}

const CDM_COLUMNS = [
  'id', 'organization_id', 'event_id', 'source', 'upload_id', 'file_name', 'message_index', 'first_line', 'content_sha256',
  'notation', 'version', 'originator', 'message_id', 'creation_date', 'creation_date_s', 'tca', 'tca_s', 'stated',
  'miss_distance_m', 'relative_speed_m_s', 'stated_pc', 'primary_object', 'object1', 'object2', 'object1_spacecraft_id',
  'object2_spacecraft_id', 'cdm_hard_body_radius', 'encounter_states', 'encounter_problem', 'computed_miss_distance_m',
  'hard_body_radius_m', 'hard_body_radius', 'pc', 'pc_method', 'pc_detail', 'received_at', 'assessed_at',
];

function withoutSpacecraft(object: CdmObjectRecord): CdmObjectDigest {
  const { spacecraftId: _omit, ...rest } = object;
  return rest;
}

/**
 * The JSON of a value the ingest hands in message after message as the same object (an object of a pair, the radius
 * rule of a pair): made once per object, not once per row (each a few hundred bytes of garbage per CDM,
 * bench:cdm-ingest). Such objects are never changed once made; an object seen here must not be.
 */
const jsonOfShared = new WeakMap<object, string>();
function sharedJson<T extends object>(value: T | null, toJson: (value: T) => string | null): string | null {
  if (value === null) return null;
  let text = jsonOfShared.get(value);
  if (text === undefined) {
    text = toJson(value) ?? 'null';
    jsonOfShared.set(value, text);
  }
  return text;
}
const objectJson = (object: CdmObjectRecord): string => json(withoutSpacecraft(object))!;

/** A CDM row's values in column order (CDM_COLUMNS), as the ingest keeps them until the row is written. */
export type CdmRowValues = Array<string | number | Uint8Array | null>;

const EVENT_ID_COLUMN = CDM_COLUMNS.indexOf('event_id');
const PRIMARY_OBJECT_COLUMN = CDM_COLUMNS.indexOf('primary_object');

/** The values of a CDM row before its event is known (withCdmEvent completes them). */
export function cdmRowValues(organizationId: string, c: Omit<NewConjunctionCdm, 'eventId' | 'primaryObject'>): CdmRowValues {
  return cdmValues(organizationId, c, '', 1);
}

/** The row's values with its event and which of its objects is the event's primary (the same array, completed). */
export function withCdmEvent(values: CdmRowValues, eventId: string, primaryObject: 1 | 2): CdmRowValues {
  values[EVENT_ID_COLUMN] = eventId;
  values[PRIMARY_OBJECT_COLUMN] = primaryObject;
  return values;
}

function cdmValues(organizationId: string, c: Omit<NewConjunctionCdm, 'eventId' | 'primaryObject'>, eventId: string, primaryObject: 1 | 2): CdmRowValues {
  return [
    c.id, organizationId, eventId, c.source, c.uploadId, c.fileName, c.messageIndex, c.firstLine, c.contentSha256,
    c.notation, c.version, c.originator, c.messageId, c.creationDate, c.creationDateS, c.tca, c.tcaS, c.statedJson,
    c.missDistanceM, c.relativeSpeedMS, c.statedPc, primaryObject, sharedJson(c.objects[0], objectJson),
    sharedJson(c.objects[1], objectJson), c.objects[0].spacecraftId, c.objects[1].spacecraftId, json(c.cdmHardBodyRadius),
    c.encounterStatesJson, json(c.encounterProblem), c.computedMissDistanceM, c.hardBodyRadiusM, sharedJson(c.hardBodyRadius, json),
    c.pc, c.pcMethod, json(c.pcDetail), c.receivedAt, c.assessedAt,
  ];
}

/**
 * CDM rows per INSERT statement. Each row carries a few KiB of JSON (stringified here, on the event loop) and feeds
 * four indexes: 25 rows (925 arguments) made one statement, with its arguments, hold the loop 8–15 ms
 * (bench:cdm-ingest, CPU profile); 8 up to 3 ms; 3 keep it near a millisecond, and storage/sql/db.ts yields between
 * statements. In a libSQL server's transaction only the arguments are made here: 8 (rowsPerStatement; see
 * CDM_CONTENTS_PER_INSERT for 25).
 */
export const CDMS_PER_INSERT = { embedded: 3, remote: 8 } as const;

/** Columns whose JSON may come as UTF-8 bytes (NewConjunctionCdm): stored as text all the same. */
const JSON_TEXT_COLUMNS = new Set(['stated', 'encounter_states']);
const CDM_ROW_PLACEHOLDERS = `(${CDM_COLUMNS.map((c) => (JSON_TEXT_COLUMNS.has(c) ? 'CAST(? AS TEXT)' : '?')).join(', ')})`;
/** The INSERT of n rows (index: the row count, up to the larger CDMS_PER_INSERT), each text made once, when first used. */
const insertCdmsSql: string[] = [];
function insertCdmsSqlFor(rows: number): string {
  return insertCdmsSql[rows] ??= `INSERT INTO conjunction_cdms (${CDM_COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, () => CDM_ROW_PLACEHOLDERS).join(', ')}`;
}

/** Inserts CDM rows, CDMS_PER_INSERT per statement, each made into its values (cdmRowValues + withCdmEvent) only then. */
export async function insertCdms<T>(db: SqlExecutor, rows: readonly T[], valuesOf: (row: T) => CdmRowValues): Promise<void> {
  const perInsert = rowsPerStatement(db, CDMS_PER_INSERT);
  await executeInOrder(db, (function* () {
    for (let i = 0; i < rows.length; i += perInsert) {
      const count = Math.min(perInsert, rows.length - i);
      const args = new Array<string | number | Uint8Array | null>(count * CDM_COLUMNS.length);
      for (let k = 0; k < count; k++) {
        const values = valuesOf(rows[i + k]!);
        for (let c = 0; c < values.length; c++) args[k * CDM_COLUMNS.length + c] = values[c]!;
      }
      yield { sql: insertCdmsSqlFor(count), args };
    }
  })());
}

/** The stored CDMs of the organization with any of these (originator, MESSAGE_ID) pairs or content hashes. */
export async function findStoredCdms(
  db: SqlExecutor,
  organizationId: string,
  messages: ReadonlyArray<{ originator: string; messageId: string }>,
  hashes: readonly string[],
): Promise<StoredCdmRef[]> {
  const out: StoredCdmRef[] = [];
  const read = async (where: string, args: Array<string>) => {
    const rows = (await db.execute({
      sql: `SELECT id, event_id, originator, message_id, content_sha256, file_name FROM conjunction_cdms WHERE organization_id = ? AND ${where}`,
      args: [organizationId, ...args],
    })).rows;
    for (const r of rows) {
      out.push({ cdmId: String(r.id), eventId: String(r.event_id), originator: String(r.originator), messageId: nullableText(r, 'message_id'), contentSha256: String(r.content_sha256), fileName: nullableText(r, 'file_name') });
    }
  };
  for (let i = 0; i < hashes.length; i += 400) {
    const part = hashes.slice(i, i + 400);
    await read(`content_sha256 IN (${part.map(() => '?').join(',')})`, [...part]);
  }
  for (let i = 0; i < messages.length; i += 200) {
    const part = messages.slice(i, i + 200);
    // A row-value IN list: one search of conjunction_cdms_message per pair. (An OR of `originator = ? AND
    // message_id = ?` terms is planned as a scan of the organization's rows: O(stored CDMs) per call.)
    await read(`message_id IS NOT NULL AND (originator, message_id) IN (VALUES ${part.map(() => '(?, ?)').join(', ')})`, part.flatMap((m) => [m.originator, m.messageId]));
  }
  return out;
}

/**
 * Events of these pairs whose TCA span comes within [fromS, toS]: only the columns grouping reads, 50 pairs per
 * statement (a file of a week of CDMs meets hundreds of events; whole rows made one statement hold the event loop
 * for tens of ms, bench:cdm-ingest).
 */
export async function findEventsOfPairs(db: SqlExecutor, organizationId: string, pairKeys: readonly string[], fromS: number, toS: number): Promise<EventSpan[]> {
  const out: EventSpan[] = [];
  // 10 pairs per statement: each returns up to a few hundred events, near a millisecond (50 pairs took 3–6 ms);
  // at a libSQL server the statement is a round trip of the transaction, and 100 pairs one answer to decode
  const perRead = rowsPerStatement(db, { embedded: 10, remote: 100 });
  for (let i = 0; i < pairKeys.length; i += perRead) {
    const part = pairKeys.slice(i, i + perRead);
    const rows = (await db.execute({
      sql: `SELECT id, pair_key, first_tca_s, last_tca_s, primary_spacecraft_id FROM conjunction_events
            WHERE organization_id = ? AND pair_key IN (${part.map(() => '?').join(',')}) AND last_tca_s >= ? AND first_tca_s <= ?`,
      args: [organizationId, ...part, fromS, toS],
    })).rows;
    for (const r of rows) {
      out.push({ id: String(r.id), pairKey: String(r.pair_key), firstTcaS: Number(r.first_tca_s), lastTcaS: Number(r.last_tca_s), primarySpacecraftId: String(r.primary_spacecraft_id) });
    }
  }
  return out;
}

/** Inserts new events with placeholder summaries (refreshEventSummaries sets them from their CDMs). */
export async function insertEvents(db: SqlExecutor, organizationId: string, events: readonly NewConjunctionEvent[]): Promise<void> {
  // 10 events per statement: 50 (550 arguments, five indexes) took up to 5 ms on the event loop; at a libSQL server 100
  const perInsert = rowsPerStatement(db, { embedded: 10, remote: 100 });
  for (let i = 0; i < events.length; i += perInsert) {
    const part = events.slice(i, i + perInsert);
    await db.execute({
      sql: `INSERT INTO conjunction_events (id, organization_id, pair_key, primary_spacecraft_id, secondary_spacecraft_id, secondary_designator,
              secondary_name, secondary_international_designator, secondary_object_type, first_tca_s, last_tca_s, latest_cdm_id,
              latest_creation_date_s, tca, tca_s, miss_distance_m, relative_speed_m_s, pc, pc_method, stated_pc, cdm_count, sources,
              created_at, updated_at)
            VALUES ${part.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, '', 0, '', 0, 0, NULL, NULL, NULL, NULL, 0, '', ?, ?)").join(', ')}`,
      args: part.flatMap((e) => [
        e.id, organizationId, e.pairKey, e.primarySpacecraftId, e.secondarySpacecraftId, e.secondaryDesignator, e.secondaryName,
        e.secondaryInternationalDesignator, e.secondaryObjectType, e.createdAt, e.createdAt,
      ]),
    });
  }
}

/**
 * Events refreshed per statement (one statement instead of one per event, whose preparation alone took ~0.1 ms; 10
 * events, each with up to ten CDMs of a few KiB, run in ~1 ms: 20 took up to 2.7 ms, bench:cdm-ingest). The
 * `+organization_id` terms keep SQLite on the event indexes (by id, and conjunction_cdms_event): on the organization's
 * index it read every CDM of the organization (30 ms at 10,000). At a libSQL server the statement runs there: 100.
 */
const EVENTS_PER_REFRESH = { embedded: 10, remote: 100 } as const;

/**
 * Sets each event's list values from its CDMs: the latest CDM (newest CREATION_DATE, then the last received) gives TCA,
 * miss distance, relative speed, Pc; the TCA span, the count and the sources cover them all.
 */
export async function refreshEventSummaries(db: SqlExecutor, organizationId: string, eventIds: readonly string[], updatedAt: string): Promise<void> {
  const perUpdate = rowsPerStatement(db, EVENTS_PER_REFRESH);
  for (let i = 0; i < eventIds.length; i += perUpdate) {
    const part = eventIds.slice(i, i + perUpdate);
    const ids = part.map(() => '?').join(', ');
    await db.execute({
      sql: `UPDATE conjunction_events AS e SET
              latest_cdm_id = c.id, latest_creation_date_s = c.creation_date_s, tca = c.tca, tca_s = c.tca_s,
              miss_distance_m = c.miss_distance_m, relative_speed_m_s = c.relative_speed_m_s, pc = c.pc, pc_method = c.pc_method,
              stated_pc = c.stated_pc, first_tca_s = s.first_tca_s, last_tca_s = s.last_tca_s, cdm_count = s.n, sources = s.sources,
              updated_at = ?
            FROM (SELECT event_id, id, creation_date_s, tca, tca_s, miss_distance_m, relative_speed_m_s, pc, pc_method, stated_pc,
                         ROW_NUMBER() OVER (PARTITION BY event_id ORDER BY creation_date_s DESC, received_at DESC, rowid DESC) AS rank
                    FROM conjunction_cdms WHERE event_id IN (${ids}) AND +organization_id = ?) AS c,
                 (SELECT event_id, MIN(tca_s) AS first_tca_s, MAX(tca_s) AS last_tca_s, COUNT(*) AS n, group_concat(DISTINCT source) AS sources
                    FROM conjunction_cdms WHERE event_id IN (${ids}) AND +organization_id = ? GROUP BY event_id) AS s
            WHERE e.id IN (${ids}) AND +e.organization_id = ? AND c.rank = 1 AND c.event_id = e.id AND s.event_id = e.id`,
      args: [updatedAt, ...part, organizationId, ...part, organizationId, ...part, organizationId],
    });
  }
}

/**
 * The Pc that decides each event's risk now, and its basis (domain/conjunctions/settings.ts riskPcOf): read before and
 * after a summary refresh to tell which events changed risk level (conjunction.risk_changed, domain/changes/model.ts).
 * `eventIds` the events to read, or `{ pcWithin }`: the events whose Pc lies in one of these closed ranges (a change
 * of the thresholds themselves moves only the events between an old and a new threshold; reading every event of the
 * organization in one statement held the event loop on a large one).
 */
export async function eventRiskPcs(
  db: SqlExecutor,
  organizationId: string,
  eventIds: readonly string[] | { pcWithin: ReadonlyArray<readonly [number, number]> },
): Promise<Map<string, RiskPc>> {
  const out = new Map<string, RiskPc>();
  const read = async (sql: string, args: Array<string | number>) => {
    for (const row of (await db.execute({ sql, args })).rows) {
      out.set(String(row.id), riskPcOf({ pc: nullableNumber(row, 'pc'), pcMethod: nullableText(row, 'pc_method'), statedPc: nullableNumber(row, 'stated_pc') }));
    }
  };
  if (!Array.isArray(eventIds)) {
    const { pcWithin } = eventIds as { pcWithin: ReadonlyArray<readonly [number, number]> };
    if (pcWithin.length === 0) return out;
    await read(
      `SELECT id, pc, pc_method, stated_pc FROM conjunction_events WHERE organization_id = ? AND (${pcWithin.map(() => `${RISK_PC} BETWEEN ? AND ?`).join(' OR ')})`,
      [organizationId, ...pcWithin.flat()],
    );
    return out;
  }
  const perRead = rowsPerStatement(db, { embedded: 100, remote: 500 });
  for (let i = 0; i < eventIds.length; i += perRead) {
    const part = eventIds.slice(i, i + perRead);
    await read(`SELECT id, pc, pc_method, stated_pc FROM conjunction_events WHERE organization_id = ? AND id IN (${part.map(() => '?').join(', ')})`, [organizationId, ...part]);
  }
  return out;
}

// ---- reading ----

export interface ConjunctionEventFilter {
  spacecraftId?: string;
  tcaFromS?: number;
  tcaToS?: number;
  minPc?: number;
  maxMissDistanceM?: number;
  riskLevels?: readonly RiskLevel[];
  riskBases?: readonly RiskBasis[];
}

/** The Pc that decides an event's risk: the assessed one, else the one the CDM states (riskPcOf). */
const RISK_PC = 'COALESCE(pc, stated_pc)';
/** The event's Pc is ours and a maximum probability (riskPcOf). */
const IS_MAXIMUM = `(pc IS NOT NULL AND pc_method = '${MAXIMUM_PROBABILITY_METHOD}')`;

/** API sort field → SQL. */
export const CONJUNCTION_EVENT_SORT_COLUMNS: Record<string, string> = {
  tca: 'tca_s',
  pc: RISK_PC,
  missDistanceM: 'miss_distance_m',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** The SQL of domain/conjunctions/settings.ts `riskLevel` (a maximum probability is never HIGH). */
function riskCondition(level: RiskLevel, thresholds: RiskThresholds): { sql: string; args: number[] } {
  switch (level) {
    case 'HIGH':
      return { sql: `(${RISK_PC} >= ? AND NOT ${IS_MAXIMUM})`, args: [thresholds.highPc] };
    case 'MEDIUM':
      return { sql: `(${RISK_PC} >= ? AND (${RISK_PC} < ? OR ${IS_MAXIMUM}))`, args: [thresholds.mediumPc, thresholds.highPc] };
    case 'LOW':
      return { sql: `${RISK_PC} < ?`, args: [thresholds.mediumPc] };
    case 'UNKNOWN':
      return { sql: `${RISK_PC} IS NULL`, args: [] };
  }
}

/** The SQL of domain/conjunctions/settings.ts `riskPcOf`'s basis. */
const RISK_BASIS_CONDITIONS: Record<RiskBasis, string> = {
  ASSESSED: `(pc IS NOT NULL AND NOT ${IS_MAXIMUM})`,
  MAXIMUM_PROBABILITY: IS_MAXIMUM,
  STATED: '(pc IS NULL AND stated_pc IS NOT NULL)',
  NONE: '(pc IS NULL AND stated_pc IS NULL)',
};

export async function listConjunctionEvents(
  db: SqlExecutor,
  organizationId: string,
  filter: ConjunctionEventFilter,
  thresholds: RiskThresholds,
  page: PageRequest,
): Promise<{ items: ConjunctionEvent[]; total: number }> {
  const where = ['organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.spacecraftId !== undefined) {
    where.push('(primary_spacecraft_id = ? OR secondary_spacecraft_id = ?)');
    args.push(filter.spacecraftId, filter.spacecraftId);
  }
  if (filter.tcaFromS !== undefined) {
    where.push('tca_s >= ?');
    args.push(filter.tcaFromS);
  }
  if (filter.tcaToS !== undefined) {
    where.push('tca_s <= ?');
    args.push(filter.tcaToS);
  }
  if (filter.minPc !== undefined) {
    where.push(`${RISK_PC} >= ?`);
    args.push(filter.minPc);
  }
  if (filter.maxMissDistanceM !== undefined) {
    where.push('miss_distance_m <= ?');
    args.push(filter.maxMissDistanceM);
  }
  if (filter.riskLevels !== undefined && filter.riskLevels.length > 0) {
    const conditions = filter.riskLevels.map((level) => riskCondition(level, thresholds));
    where.push(`(${conditions.map((c) => c.sql).join(' OR ')})`);
    for (const c of conditions) args.push(...c.args);
  }
  if (filter.riskBases !== undefined && filter.riskBases.length > 0) where.push(`(${filter.riskBases.map((basis) => RISK_BASIS_CONDITIONS[basis]).join(' OR ')})`);
  const whereSql = where.join(' AND ');
  const total = Number((await db.execute({ sql: `SELECT COUNT(*) AS n FROM conjunction_events WHERE ${whereSql}`, args })).rows[0]!.n);
  const clause = pageClause(page, CONJUNCTION_EVENT_SORT_COLUMNS, 'id ASC');
  const rows = (await db.execute({ sql: `SELECT * FROM conjunction_events WHERE ${whereSql}${clause.sql}`, args: [...args, ...clause.args] })).rows;
  return { items: rows.map(eventFromRow), total };
}

export async function findConjunctionEvent(db: SqlExecutor, organizationId: string, id: string): Promise<ConjunctionEvent | null> {
  const row = (await db.execute({ sql: 'SELECT * FROM conjunction_events WHERE organization_id = ? AND id = ?', args: [organizationId, id] })).rows[0];
  return row ? eventFromRow(row) : null;
}

/** Every CDM of an event, oldest CREATION_DATE first (the timeline). */
export async function listEventCdms(db: SqlExecutor, organizationId: string, eventId: string): Promise<ConjunctionCdm[]> {
  const rows = (await db.execute({
    sql: 'SELECT * FROM conjunction_cdms WHERE organization_id = ? AND event_id = ? ORDER BY creation_date_s ASC, received_at ASC, rowid ASC',
    args: [organizationId, eventId],
  })).rows;
  return rows.map(cdmFromRow);
}

export async function findEventCdm(db: SqlExecutor, organizationId: string, eventId: string, cdmId: string): Promise<ConjunctionCdm | null> {
  const row = (await db.execute({
    sql: 'SELECT * FROM conjunction_cdms WHERE organization_id = ? AND event_id = ? AND id = ?',
    args: [organizationId, eventId, cdmId],
  })).rows[0];
  return row ? cdmFromRow(row) : null;
}

/** The bytes of a stored CDM as received (null when absent, another organization's, or not yet published). */
export async function findCdmContent(db: SqlExecutor, organizationId: string, cdmId: string): Promise<Uint8Array | null> {
  const row = (await db.execute({
    sql: `SELECT content FROM conjunction_cdm_contents WHERE organization_id = ? AND cdm_id = ? AND ${stagedRowsFilter(CDM_CONTENTS_TABLE)}`,
    args: [organizationId, cdmId],
  })).rows[0];
  if (!row) return null;
  const content = row.content as ArrayBuffer | Uint8Array;
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

// ---- reassessment ----

/** What deciding whether a stored Pc is current needs, page by page (rowid order). */
export interface CdmAssessmentRow {
  rowid: number;
  id: string;
  eventId: string;
  objectSpacecraftIds: [string | null, string | null];
  cdmHardBodyRadius: CdmHardBodyRadius | null;
  encounterStates: EncounterStates | null;
  hardBodyRadiusM: number | null;
  pcMethod: PcMethod | null;
  /** Each object's COVARIANCE_METHOD. */
  covarianceMethods: [string, string];
}

/** Which stored CDMs a reassessment looks at: all of the organization's, one spacecraft's, or one upload's. */
export type AssessmentScope = { kind: 'ALL' } | { kind: 'SPACECRAFT'; spacecraftId: string } | { kind: 'UPLOAD'; uploadId: string };

export async function listCdmsForAssessment(db: SqlExecutor, organizationId: string, scope: AssessmentScope, afterRowid: number, limit: number): Promise<CdmAssessmentRow[]> {
  const condition =
    scope.kind === 'SPACECRAFT' ? { sql: ' AND (object1_spacecraft_id = ? OR object2_spacecraft_id = ?)', args: [scope.spacecraftId, scope.spacecraftId] }
    : scope.kind === 'UPLOAD' ? { sql: ' AND upload_id = ?', args: [scope.uploadId] }
    : { sql: '', args: [] };
  const rows = (await db.execute({
    sql: `SELECT rowid, id, event_id, object1_spacecraft_id, object2_spacecraft_id, cdm_hard_body_radius, encounter_states,
            hard_body_radius_m, pc_method, json_extract(object1, '$.covarianceMethod') AS covariance_method1,
            json_extract(object2, '$.covarianceMethod') AS covariance_method2 FROM conjunction_cdms WHERE organization_id = ? AND rowid > ?${condition.sql} ORDER BY rowid LIMIT ?`,
    args: [organizationId, afterRowid, ...condition.args, limit],
  })).rows;
  return rows.map((r) => ({
    rowid: Number(r.rowid),
    id: String(r.id),
    eventId: String(r.event_id),
    objectSpacecraftIds: [nullableText(r, 'object1_spacecraft_id'), nullableText(r, 'object2_spacecraft_id')],
    cdmHardBodyRadius: parsed<CdmHardBodyRadius>(r.cdm_hard_body_radius),
    encounterStates: parsed<EncounterStates>(r.encounter_states),
    hardBodyRadiusM: nullableNumber(r, 'hard_body_radius_m'),
    pcMethod: nullableText(r, 'pc_method') as PcMethod | null,
    covarianceMethods: [String(r.covariance_method1 ?? ''), String(r.covariance_method2 ?? '')],
  }));
}

export interface CdmAssessmentUpdate {
  id: string;
  /** Why no Pc could be computed (null: none); undefined keeps the stored one (a CDM without states keeps its reason). */
  encounterProblem?: { code: string; message: string } | null;
  computedMissDistanceM: number | null;
  hardBodyRadiusM: number;
  hardBodyRadius: HardBodyRadiusUsed;
  pc: number | null;
  pcMethod: PcMethod;
  pcDetail: PcDetail | null;
  assessedAt: string;
}

export async function updateCdmAssessments(db: SqlExecutor, organizationId: string, updates: readonly CdmAssessmentUpdate[]): Promise<void> {
  for (const u of updates) {
    const problem = u.encounterProblem === undefined ? '' : 'encounter_problem = ?, ';
    await db.execute({
      sql: `UPDATE conjunction_cdms SET ${problem}computed_miss_distance_m = ?, hard_body_radius_m = ?, hard_body_radius = ?, pc = ?,
              pc_method = ?, pc_detail = ?, assessed_at = ? WHERE organization_id = ? AND id = ?`,
      args: [
        ...(u.encounterProblem === undefined ? [] : [json(u.encounterProblem)]),
        u.computedMissDistanceM, u.hardBodyRadiusM, json(u.hardBodyRadius), u.pc, u.pcMethod, json(u.pcDetail), u.assessedAt, organizationId, u.id,
      ],
    });
  }
}

/** CDMs read per statement by `findReceivedCdmCovariances` (each row's JSON is parsed on the event loop). */
const RECEIVED_CDMS_PER_STATEMENT = 500;

/**
 * Both objects' covariances of the organization's received CDMs (source UPLOAD: our own screening CDMs carry the
 * screening's covariances, not an independent estimate) whose TCA lies in [fromS, toS] (s since 1970, UTC) and whose
 * states and covariances were read (`encounter_states`): by TCA on its index (migration 0025), a page of
 * RECEIVED_CDMS_PER_STATEMENT per statement with a turn of the event loop between pages.
 */
export async function findReceivedCdmCovariances(
  db: SqlExecutor,
  organizationId: string,
  fromS: number,
  toS: number,
  pageSize = RECEIVED_CDMS_PER_STATEMENT,
): Promise<StoredObjectCovariance[]> {
  const out: StoredObjectCovariance[] = [];
  let after: { tcaS: number; id: string } | null = null;
  for (;;) {
    const result = await db.execute({
      sql: `SELECT id, tca, tca_s, creation_date_s, object1, object2, encounter_states FROM conjunction_cdms
            WHERE organization_id = ? AND source = 'UPLOAD' AND tca_s >= ? AND tca_s <= ?
              ${after ? 'AND (tca_s > ? OR (tca_s = ? AND id > ?))' : ''} AND encounter_states IS NOT NULL
            ORDER BY tca_s, id LIMIT ?`,
      args: [organizationId, fromS, toS, ...(after ? [after.tcaS, after.tcaS, after.id] : []), pageSize],
    });
    for (const row of result.rows) {
      const states = parsed<EncounterStates>(row.encounter_states)!;
      const objects = [parsed<CdmObjectDigest>(row.object1)!, parsed<CdmObjectDigest>(row.object2)!];
      [states.object1, states.object2].forEach((state, k) => {
        out.push({
          cdmId: String(row.id), designator: objects[k]!.designator, tca: String(row.tca), tcaS: Number(row.tca_s),
          creationDateS: Number(row.creation_date_s), covarianceMethod: objects[k]!.covarianceMethod, covarianceRtnM2: state.covariance,
        });
      });
    }
    if (result.rows.length < pageSize) return out;
    const last = result.rows[result.rows.length - 1]!;
    after = { tcaS: Number(last.tca_s), id: String(last.id) };
    await yieldToEventLoop();
  }
}
