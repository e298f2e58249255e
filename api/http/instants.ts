/**
 * Instants at the API edge: a request field holding an instant is validated by the rules of domain/instants.ts (a bad
 * value is a 400 VALIDATION_ERROR naming the field) and documented in OpenAPI with the patterns of the printed forms.
 */
import { z } from '@hono/zod-openapi';
import { Epoch } from '../../engine/time/epoch.ts';
import { SUPPORTED_EPOCH_RANGE_TEXT } from '../../engine/time/supportedRange.ts';
import { instantProblem } from '../../domain/instants.ts';
import { validationError } from './errors.ts';

/** JSON Schema patterns of the two printed forms (documented in OpenAPI, checked on every response in the tests). */
export const RECORD_TIMESTAMP_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$';
export const EPOCH_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}Z$';

export function parseInstantField(text: string, field: string): Epoch {
  const problem = instantProblem(text);
  if (problem) throw validationError({ [field]: problem });
  return Epoch.parseInstant(text);
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
