/**
 * Validation of a batch OEM request, pure so that it runs on the pool (workers/tasks.ts `ephemeris.parseBatch`):
 * JSON → zod (CreateBatchSchema) → items with the batch defaults applied, epochs parsed, spans and the point budget
 * checked → NDJSON, one item per line, as the job stores and reads it.
 */
import { Epoch } from '../../engine/time/epoch.ts';
import { CreateBatchSchema, MAX_BATCH_POINTS } from '../schemas/ephemerisBatch.ts';
import { OEM_OPTION_DEFAULTS } from '../schemas/stateVectors.ts';

export const OEM_MAX_SPAN_DAYS = 30;
const MAX_REPORTED_FIELD_ERRORS = 50;
export const DEFAULT_BATCH_RETENTION_DAYS = 7;

/** The span rules of an OEM (final after initial, at most 30 days): the problem with `finalDate`, or null. */
export function oemSpanProblem(initial: Epoch, final: Epoch): string | null {
  const spanS = final.secondsSince(initial);
  if (spanS <= 0) return 'must be after initialDate';
  if (spanS > OEM_MAX_SPAN_DAYS * 86400) return `the time span cannot exceed ${OEM_MAX_SPAN_DAYS} days`;
  return null;
}

/** One validated item as stored (a line of NDJSON). */
export interface BatchItem {
  stateVectorId?: string;
  spacecraftId?: string;
  initialDate: string;
  finalDate: string;
  stepS: number;
  referenceFrame: string;
  timeSystem: string;
  covarianceFrame: string | null;
}

export type ParsedBatchRequest =
  | { ok: true; itemsNdjson: string; itemCount: number; retentionDays: number }
  | { ok: false; fieldErrors: Record<string, string>; message?: string };

export function parseBatchRequest(input: { text: string }): ParsedBatchRequest {
  let json: unknown;
  try {
    json = JSON.parse(input.text);
  } catch (error) {
    return { ok: false, fieldErrors: { body: `Malformed JSON: ${(error as Error).message}` } };
  }
  const parsed = CreateBatchSchema.safeParse(json);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues.slice(0, MAX_REPORTED_FIELD_ERRORS)) {
      const path = issue.path.map(String).join('.') || 'body';
      fieldErrors[path] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const request = parsed.data;
  const errors: Record<string, string> = {};
  let errorCount = 0;
  const fail = (field: string, message: string) => {
    if (errorCount++ < MAX_REPORTED_FIELD_ERRORS) errors[field] = message;
  };
  // Most items share the batch's dates: parse each distinct text once.
  const epochs = new Map<string, { epoch: Epoch; iso: string } | string>();
  const epochOf = (text: string): { epoch: Epoch; iso: string } | string => {
    let known = epochs.get(text);
    if (known === undefined) {
      try {
        const epoch = Epoch.parseInstant(text);
        known = { epoch, iso: epoch.toIsoString(9) };
      } catch (error) {
        known = String((error as Error).message);
      }
      epochs.set(text, known);
    }
    return known;
  };
  let totalPoints = 0;
  const lines: string[] = [];
  request.items.forEach((item, i) => {
    const at = (field: string) => `items.${i}.${field}`;
    if ((item.stateVectorId === undefined) === (item.spacecraftId === undefined)) {
      fail(at('stateVectorId'), 'give exactly one of stateVectorId, spacecraftId');
    } else if (item.stateVectorId !== undefined && !/^SV-[1-9]\d{0,15}$/.test(item.stateVectorId)) {
      fail(at('stateVectorId'), 'must be a state vector id SV-<n>');
    }
    const date = (field: 'initialDate' | 'finalDate') => {
      const text = item[field] ?? request[field];
      if (text === undefined) {
        fail(at(field), 'is required (on the item or as the batch default)');
        return null;
      }
      const parsedEpoch = epochOf(text);
      if (typeof parsedEpoch === 'string') {
        fail(at(field), parsedEpoch);
        return null;
      }
      return parsedEpoch;
    };
    const initial = date('initialDate');
    const final = date('finalDate');
    const stepS = item.timeBetweenPoints ?? request.timeBetweenPoints ?? OEM_OPTION_DEFAULTS.timeBetweenPoints;
    if (initial && final) {
      const problem = oemSpanProblem(initial.epoch, final.epoch);
      if (problem) fail(at('finalDate'), problem);
      else totalPoints += Math.floor(final.epoch.secondsSince(initial.epoch) / stepS) + 2;
    }
    if (errorCount > 0) return;
    const includeCovariance = item.includeCovariance ?? request.includeCovariance ?? OEM_OPTION_DEFAULTS.includeCovariance;
    const normalized: BatchItem = {
      ...(item.stateVectorId !== undefined ? { stateVectorId: item.stateVectorId } : { spacecraftId: item.spacecraftId! }),
      initialDate: initial!.iso,
      finalDate: final!.iso,
      stepS,
      referenceFrame: item.referenceFrame ?? request.referenceFrame ?? OEM_OPTION_DEFAULTS.referenceFrame,
      timeSystem: item.timeSystem ?? request.timeSystem ?? OEM_OPTION_DEFAULTS.timeSystem,
      covarianceFrame: includeCovariance ? (item.covarianceFrame ?? request.covarianceFrame ?? OEM_OPTION_DEFAULTS.covarianceFrame) : null,
    };
    lines.push(JSON.stringify(normalized));
  });
  if (errorCount > MAX_REPORTED_FIELD_ERRORS) errors.items = `${errorCount} errors; the first ${MAX_REPORTED_FIELD_ERRORS} are listed`;
  if (errorCount === 0 && totalPoints > MAX_BATCH_POINTS) {
    errors.items = `the batch would write ${totalPoints} ephemeris points; at most ${MAX_BATCH_POINTS} per batch (split it or use a longer step)`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, itemsNdjson: lines.join('\n'), itemCount: lines.length, retentionDays: request.retentionDays ?? DEFAULT_BATCH_RETENTION_DAYS };
}
