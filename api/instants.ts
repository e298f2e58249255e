/**
 * Timestamps at the API edge: ISO-8601 instants WITH a zone (`Z` or ±hh:mm), parsed into the
 * engine's Epoch (sub-microsecond, leap-second aware) — never JS Date. A bad value is a 400
 * VALIDATION_ERROR naming the field.
 */
import { Epoch, EpochParseError } from '../engine/time/epoch.ts';
import { validationError } from './errors.ts';

export function parseInstantField(text: string, field: string): Epoch {
  try {
    return Epoch.parseInstant(text);
  } catch (error) {
    if (error instanceof EpochParseError) throw validationError({ [field]: error.message });
    throw error;
  }
}

/** Fixed-width UTC text `YYYY-MM-DDThh:mm:ss.ssssssZ`: sortable as text, microsecond resolution. */
export function utcText(epoch: Epoch): string {
  return `${epoch.toString('UTC', 6)}Z`;
}

/**
 * An exact span for messages: `30 d 00:00:01` (fractional seconds up to µs when present), so that a span just over a
 * limit never prints as the limit itself ("30.000 days").
 */
export function describeSpan(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const micros = Math.round(Math.abs(seconds) * 1e6);
  const days = Math.floor(micros / 86_400_000_000);
  let rest = micros - days * 86_400_000_000;
  const hours = Math.floor(rest / 3_600_000_000);
  rest -= hours * 3_600_000_000;
  const minutes = Math.floor(rest / 60_000_000);
  rest -= minutes * 60_000_000;
  const wholeSeconds = Math.floor(rest / 1_000_000);
  const fraction = rest - wholeSeconds * 1_000_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  const fractionText = fraction === 0 ? '' : `.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`;
  return `${sign}${days} d ${pad(hours)}:${pad(minutes)}:${pad(wholeSeconds)}${fractionText}`;
}
