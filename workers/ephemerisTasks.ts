/**
 * Worker-side adapters of the state-vector and ephemeris tasks (registered in tasks.ts). Each loads the EOP table
 * (the only I/O, cached per worker), calls one engine/ephemeris function, and turns engine errors into plain
 * result objects, because custom error classes do not survive the thread boundary.
 */
import { CcsdsParseError } from '../engine/ccsds/errors.ts';
import { parseOpm } from '../engine/ccsds/opm.ts';
import { generateOem, OemTruncatedBeforeStartError, type GenerateOemInput, type GenerateOemResult } from '../engine/ephemeris/oem.ts';
import { stateFromOpm, type ImportedState } from '../engine/ephemeris/opmImport.ts';
import { summarizeState, type StateSummary, type StateSummaryInput } from '../engine/ephemeris/stateSummary.ts';
import type { EopTable } from '../engine/frames/eop.ts';
import { PropagationError } from '../engine/propagation/errors.ts';
import { loadEopTable } from '../resources/eop/load.ts';

export interface TaskFailure {
  ok: false;
  kind: 'INVALID_INPUT' | 'UNPROCESSABLE' | 'INTEGRATION' | 'PARSE';
  code: string;
  message: string;
  line?: number;
  details?: Record<string, unknown>;
}

export function eopTable(eopFile: string | undefined): EopTable {
  return eopFile ? loadEopTable(eopFile) : loadEopTable();
}

/** Engine error → plain failure object (rethrows anything unexpected). */
export function failure(error: unknown): TaskFailure {
  if (error instanceof PropagationError) {
    return { ok: false, kind: error.kind, code: error.code, message: error.message, details: { ...error.details } };
  }
  if (error instanceof OemTruncatedBeforeStartError) return { ok: false, kind: 'UNPROCESSABLE', code: error.code, message: error.message };
  if (error instanceof CcsdsParseError) return { ok: false, kind: 'PARSE', code: 'PARSE_ERROR', message: error.message, line: error.line };
  throw error;
}

export function meanElementsTask(input: StateSummaryInput & { eopFile?: string }): StateSummary {
  return summarizeState(input, eopTable(input.eopFile));
}

export function parseOpmTask(input: { text: string }): { ok: true; state: ImportedState } | TaskFailure {
  try {
    return { ok: true, state: stateFromOpm(parseOpm(input.text), input.text) };
  } catch (error) {
    return failure(error);
  }
}

export function generateOemTask(input: GenerateOemInput & { eopFile?: string }): ({ ok: true } & GenerateOemResult) | TaskFailure {
  try {
    return { ok: true, ...generateOem(input, eopTable(input.eopFile)) };
  } catch (error) {
    return failure(error);
  }
}
