/**
 * Conjunction tasks of the compute pool (registered in tasks.ts): reading received CDMs into what the service keeps
 * (domain/conjunctions/cdmDigest.ts), the Pc of stored ones (domain/conjunctions/assessment.ts), and a stored CDM
 * parsed (its JSON view) or written again by our writer (KVN or XML). Thin adapters: the work is in domain/ and
 * engine/; nothing here runs on the event loop.
 */
import type { PcMethod } from '../engine/collision/probability.ts';
import { CcsdsWriteError } from '../engine/files/common/errors.ts';
import { writeCdmKvn, writeCdmXml } from '../engine/files/cdm/cdmWriter.ts';
import { readCdmMessage, readCdmText, receiveCdms, type ReceivedCdms } from '../domain/conjunctions/cdmDigest.ts';
import { assessEncounter, assessEncounters, storedAssessment, type AssessmentItem, type AssessmentOutcome, type StoredAssessment } from '../domain/conjunctions/assessment.ts';
import { earthDataFor } from '../earthData/files.ts';
import { failure } from './ephemerisTasks.ts';
import type { CdmUnit, TaskFailure, WithEarthData } from './contracts.ts';
import { handOver } from './handOver.ts';

/** Reads each message of `bytes` (EOP for the Earth-fixed states) as the ingest receives it; one outcome per unit, in order. */
export function readCdmsTask(input: { bytes: Uint8Array; units: CdmUnit[] } & WithEarthData): ({ ok: true } & ReceivedCdms) | TaskFailure {
  let eop;
  try {
    eop = earthDataFor(input.earthData).eop;
  } catch (error) {
    return failure(error);
  }
  const received = receiveCdms(input.units.map((unit) => readCdmMessage(input.bytes.subarray(unit.offset, unit.offset + unit.length), unit.firstLine, eop)));
  // the batch's JSON moved, not copied, to the event loop (workers/handOver.ts)
  return handOver({ ok: true, ...received }, [received.json.buffer]);
}

export function assessTask(input: { items: AssessmentItem[]; methods: PcMethod[] }): AssessmentOutcome[] {
  return assessEncounters(input.items, input.methods);
}

/** The Pc by one method of each item, as stored with its CDM (no encounter summary: the ingest keeps only these). */
export function assessForStorageTask(input: { items: AssessmentItem[]; method: PcMethod }): StoredAssessment[] {
  return input.items.map((item) => storedAssessment(assessEncounter(item, [input.method])));
}

export function parseCdmTask(input: { bytes: Uint8Array }): ReturnType<typeof readCdmText> {
  return readCdmText(input.bytes);
}

/** A stored CDM written again by our writer (the reader's structure, lossless numbers). */
export function writeCdmTask(input: { bytes: Uint8Array; notation: 'KVN' | 'XML' }): { ok: true; text: string } | TaskFailure {
  const read = readCdmText(input.bytes);
  if (!read.ok) return { ok: false, kind: 'PARSE', code: 'PARSE_ERROR', message: read.message, line: read.line };
  try {
    return { ok: true, text: input.notation === 'XML' ? writeCdmXml(read.message) : writeCdmKvn(read.message) };
  } catch (error) {
    if (error instanceof CcsdsWriteError) return failure(error);
    throw error;
  }
}
