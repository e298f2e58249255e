/**
 * A batch OEM request: its schema and its validation, pure so that it runs on the pool (workers/tasks.ts
 * `ephemeris.parseBatch`): JSON → zod (CreateBatchSchema) → items with the batch defaults applied, epochs parsed,
 * spans and the point budget checked → NDJSON, one item per line, as the job stores and reads it.
 *
 * The schema is plain zod: its documentation is zod metadata (`.meta`: description, format, and `id`, the name of
 * its OpenAPI component), which the API's OpenAPI document reads as it reads `.openapi()` (api/routes/ephemerisBatch.ts
 * documents the request with it). Plain zod keeps @hono/zod-openapi out of the worker threads.
 */
import { z } from 'zod';
import { LOCAL_ORBITAL_FRAMES } from '../../engine/math/covariance.ts';
import { OEM_MAX_STEP_S, OEM_MIN_STEP_S, OEM_REFERENCE_FRAMES, OEM_TIME_SYSTEMS } from '../../engine/products/oemProduct.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { OEM_OPTION_DEFAULTS, oemSpanProblem } from '../products/oemOptions.ts';

export const MAX_BATCH_ITEMS = 10_000;
/** Bound of a whole batch's work and size: the sum of output points over its items. */
export const MAX_BATCH_POINTS = 20_000_000;

const oemOptions = {
  initialDate: z.string().min(1).max(64).optional().meta({ format: 'date-time', description: 'Start of the span (ISO-8601 instant with zone)' }),
  finalDate: z.string().min(1).max(64).optional().meta({ format: 'date-time', description: 'End of the span; after initialDate, at most 30 days later' }),
  timeBetweenPoints: z.number().int().min(OEM_MIN_STEP_S).max(OEM_MAX_STEP_S).optional().meta({ description: `Seconds, ${OEM_MIN_STEP_S}..${OEM_MAX_STEP_S}` }),
  referenceFrame: z.enum(OEM_REFERENCE_FRAMES).optional(),
  timeSystem: z.enum(OEM_TIME_SYSTEMS).optional(),
  includeCovariance: z.boolean().optional(),
  covarianceFrame: z.enum(LOCAL_ORBITAL_FRAMES).optional(),
};

export const BatchItemSchema = z
  .object({
    stateVectorId: z.string().min(1).max(32).optional().meta({ description: 'A stored state (SV-<n>)', example: 'SV-12' }),
    spacecraftId: z.string().min(1).max(64).optional().meta({ description: "Or a spacecraft: its latest eligible state when the job runs" }),
    ...oemOptions,
  })
  .strict()
  .meta({ id: 'EphemerisBatchItem', description: 'Exactly one of stateVectorId, spacecraftId; OEM options override the batch defaults' });

export const CreateBatchSchema = z
  .object({
    items: z.array(BatchItemSchema).min(1).max(MAX_BATCH_ITEMS).meta({ description: `1..${MAX_BATCH_ITEMS} items` }),
    ...oemOptions,
    retentionDays: z.number().int().min(1).max(365).optional().meta({ description: 'The ZIP product is deleted this many days after it is ready (default 7)' }),
  })
  .strict()
  .meta({
    id: 'CreateEphemerisBatchRequest',
    description: 'Top-level OEM options are the defaults of every item (timeBetweenPoints 60, GCRF, UTC, no covariance, RTN when not given)',
  });

const MAX_REPORTED_FIELD_ERRORS = 50;
export const DEFAULT_BATCH_RETENTION_DAYS = 7;

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
