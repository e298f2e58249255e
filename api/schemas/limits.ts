/**
 * The zod forms of the input bounds (domain/limits.ts): each bound declared in the schema is shown in the OpenAPI
 * document (`minimum`/`maximum`, `maxLength`) and checked with a message that states it.
 */
import { z } from '@hono/zod-openapi';
import { unsafeTextProblem } from '../../engine/text.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';

/** A finite number in [min, max], both stated in the message and in the OpenAPI document. */
export function boundedNumber(min: number, max: number, unit: string, options: { exclusiveMin?: boolean } = {}) {
  const range = `${options.exclusiveMin ? `> ${min}` : `≥ ${min}`} and ≤ ${max}${unit ? ` ${unit}` : ''}`;
  const base = options.exclusiveMin ? z.number().gt(min, `must be ${range}`) : z.number().min(min, `must be ${range}`);
  return base.max(max, `must be ${range}`);
}

/** A non-empty identifier of at most MAX_ID_LENGTH characters. */
export function idString(message = 'is required') {
  return z.string().min(1, message).max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`);
}

/**
 * A person-given text that is stored and may reach a file (names, COSPAR ids, keys, originators): at most `max`
 * characters, without the characters the text rule refuses (engine/text.ts: controls, line and paragraph separators,
 * bidi controls, zero-width characters and BOM, other format characters, lone surrogates, noncharacters), checked on
 * the text as sent — before `trim`, whose String.prototype.trim would otherwise drop a U+2028 or U+FEFF at either end
 * silently. `trim` then removes surrounding white space; `min` 1 also refuses a blank text.
 */
export function safeText(max: number, options: { min?: 0 | 1; trim?: boolean } = {}) {
  const { min = 1, trim = true } = options;
  let base = z.string().superRefine((text, context) => {
    const problem = unsafeTextProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
  if (trim) base = base.trim();
  if (min === 1) base = base.min(1, 'must not be blank');
  return base.max(max, `must be at most ${max} characters`);
}
