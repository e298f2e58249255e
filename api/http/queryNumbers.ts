/**
 * Number query parameters. On the wire a query value is text; the OpenAPI document types it as a number (a generated
 * client takes numbers) and these read it: plain decimal notation only, within the stated bounds, else a 400 naming
 * the parameter.
 */
import { validationError } from './errors.ts';

const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A number query parameter in [min, max] ((min, max] with exclusiveMin); undefined when absent. */
export function numberParameter(text: string | undefined, field: string, min: number, max: number, exclusiveMin = false): number | undefined {
  if (text === undefined) return undefined;
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value) || (exclusiveMin ? value <= min : value < min) || value > max) {
    throw validationError({ [field]: `must be a number ${exclusiveMin ? '>' : '≥'} ${min} and ≤ ${max} (got ${JSON.stringify(text)})` });
  }
  return value;
}

/** An integer query parameter in [min, max] (decimal digits only); undefined when absent. */
export function integerParameter(text: string | undefined, field: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\s*\d{1,16}\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw validationError({ [field]: `must be an integer from ${min} to ${max} (got ${JSON.stringify(text)})` });
  }
  return value;
}
