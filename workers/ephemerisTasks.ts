/**
 * Worker-side adapters of the state-vector and ephemeris tasks (registered in tasks.ts). Each gets its Earth data
 * with `earthDataFor(input.earthData)` (files by identity, cached per worker: the only I/O), calls one
 * engine/products function, and turns engine errors into plain result objects, because custom error classes do not
 * survive the thread boundary.
 */
import { CcsdsParseError, CcsdsWriteError } from '../engine/files/common/errors.ts';
import { parseOpm } from '../engine/files/opm/opmReader.ts';
import { generateOem, OemTruncatedBeforeStartError, type GenerateOemInput, type GenerateOemResult } from '../engine/products/oemProduct.ts';
import { stateFromOpm, type ImportedState } from '../engine/files/opm/opmImport.ts';
import { summarizeState, type StateSummary, type StateSummaryInput } from '../engine/products/stateSummary.ts';
import { PropagationError } from '../engine/forces/errors.ts';
import { EarthDataChangedError, earthDataFor } from '../earthData/files.ts';
import type { TaskFailure, WithEarthData } from './contracts.ts';

/** Engine error → plain failure object (rethrows anything unexpected). */
export function failure(error: unknown): TaskFailure {
  if (error instanceof PropagationError) {
    return { ok: false, kind: error.kind, code: error.code, message: error.message, details: { ...error.details } };
  }
  if (error instanceof OemTruncatedBeforeStartError) return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message };
  if (error instanceof CcsdsParseError) return { ok: false, kind: 'PARSE', code: 'PARSE_ERROR', message: error.message, line: error.line };
  // A stored text that no file may hold (a record from before the rule at the door): the caller's to fix, a 422.
  if (error instanceof CcsdsWriteError) {
    return { ok: false, kind: 'UNPROCESSABLE', code: 'UNWRITABLE_TEXT', message: error.message, details: { keyword: error.keyword } };
  }
  // the service retries with fresh identities (api/services/earthData.ts)
  if (error instanceof EarthDataChangedError) return { ok: false, kind: 'UNPROCESSABLE', code: 'EARTH_DATA_CHANGED', message: error.message };
  throw error;
}

export function meanElementsTask(input: StateSummaryInput & WithEarthData): StateSummary {
  return summarizeState(input, earthDataFor(input.earthData).eop);
}

export function parseOpmTask(input: { text: string }): { ok: true; state: ImportedState } | TaskFailure {
  try {
    return { ok: true, state: stateFromOpm(parseOpm(input.text), input.text) };
  } catch (error) {
    return failure(error);
  }
}

export function generateOemTask(input: GenerateOemInput & WithEarthData): ({ ok: true } & GenerateOemResult) | TaskFailure {
  try {
    return { ok: true, ...generateOem(input, earthDataFor(input.earthData)) };
  } catch (error) {
    return failure(error);
  }
}
