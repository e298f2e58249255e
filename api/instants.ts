/**
 * Timestamps at the API edge: ISO-8601 instants WITH a zone (`Z` or ±hh:mm), parsed into the
 * engine's Epoch (sub-microsecond, leap-second aware) — never JS Date — and inside the supported epoch range
 * (engine/time/supportedRange.ts). A bad value is a 400 VALIDATION_ERROR naming the field.
 */
import { z } from '@hono/zod-openapi';
import { Epoch, EpochParseError } from '../engine/time/epoch.ts';
import { supportedEpochProblem, SUPPORTED_EPOCH_RANGE_TEXT } from '../engine/time/supportedRange.ts';
import { validationError } from './errors.ts';

/** Why `text` is not an accepted instant, or null. */
export function instantProblem(text: string): string | null {
  try {
    return supportedEpochProblem(Epoch.parseInstant(text));
  } catch (error) {
    if (error instanceof EpochParseError) return error.message;
    throw error;
  }
}

export function parseInstantField(text: string, field: string): Epoch {
  let epoch: Epoch;
  try {
    epoch = Epoch.parseInstant(text);
  } catch (error) {
    if (error instanceof EpochParseError) throw validationError({ [field]: error.message });
    throw error;
  }
  const problem = supportedEpochProblem(epoch);
  if (problem) throw validationError({ [field]: problem });
  return epoch;
}

/** A request field holding an instant: validated here (400 naming the field) and documented in the OpenAPI schema. */
export function instantSchema(description: string, example?: string) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const problem = instantProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be an ISO-8601 instant with a time zone (Z or ±hh:mm) within ${SUPPORTED_EPOCH_RANGE_TEXT}: ${problem}` });
    })
    .openapi({ format: 'date-time', description: `${description}. Accepted range ${SUPPORTED_EPOCH_RANGE_TEXT}`, ...(example ? { example } : {}) });
}

/** Fixed-width UTC text `YYYY-MM-DDThh:mm:ss.ssssssZ`: sortable as text, microsecond resolution. */
export function utcText(epoch: Epoch): string {
  return `${epoch.toString('UTC', 6)}Z`;
}
