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
 * Public for the screening: `ingestObservations(deps, organizationId, observations, { source: 'SCREENING' })`
 * stores its approaches' observations (typed: no CDM read back) as events of source SCREENING, through the same
 * writer (./observationWriter.ts). Reading: ./cdmReading.ts; which object is ours: ./objectResolution.ts; the answer
 * per file: ./cdmResults.ts.
 */
import { randomUUID } from 'node:crypto';
import { type CdmReceiveOutcome } from '../../../domain/conjunctions/cdmDigest.ts';
import { yieldIfDue } from '../../../storage/sql/db.ts';
import { type CdmSource, type ConjunctionObservation } from '../../../domain/conjunctions/model.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import type { AppDeps } from '../../context.ts';
import { contentHashOf } from '../../contentHash.ts';
import { sha256Hex } from '../../../domain/contentHash.ts';
import { reassessConjunctions, spacecraftRadii } from './assessment.ts';
import { type CdmFile, type CdmFileError, type CdmFileResult, type IngestOptions, MAX_REPORTED_ERRORS, emptyResult, failedResult } from './cdmResults.ts';
import { MessageReader, SharedValues, splitFiles } from './cdmReading.ts';
import { ObjectResolver, RESOLUTION_CODES, RESOLUTION_TOKENS, type ResolutionToken, resolutionProblem } from './objectResolution.ts';
import { ObservationWriter, YIELD_CHECK_EVERY_MESSAGES } from './observationWriter.ts';

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
    if (fileIndex % YIELD_CHECK_EVERY_MESSAGES === 0) await yieldIfDue();
    if (!observation.assessed) throw new Error(`observation ${fileIndex}: ingestObservations takes assessed observations only`);
    shared.share(observation.digest);
    results[fileIndex] = emptyResult({ name: null, bytes: observation.bytes }, 1, observation.contentSha256 ?? sha256Hex(observation.bytes));
    await writer.add({ fileIndex, name: null, size: observation.bytes.length, observations: [observation] });
  }
  await writer.flush();
  if (results.some((r) => r.storedCount > 0)) await reassessConjunctions(db, pool, organizationId, { kind: 'UPLOAD', uploadId: options.uploadId });
  return { uploadId: options.uploadId, results };
}
