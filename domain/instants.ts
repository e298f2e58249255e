/**
 * How the service prints instants, and which it accepts, for both the API and the workers.
 *
 *  - Record timestamps (createdAt, updatedAt, creationDate, job times, the error envelope's timestamp) are kept to
 *    the millisecond and printed with 3 digits: `2026-11-21T23:18:17.636Z` (storage/sql/db.ts `nowIso()`).
 *  - Epochs of data (measurement epochs, burn referenceEpoch/start/end, state-vector epochs, capability windows,
 *    measurement contexts) are kept to better than a millisecond and printed with 6 digits (microseconds):
 *    `2026-11-01T12:00:00.000000Z` (`instantText`). Maneuver epochs are stored at that resolution too, so what a GET
 *    prints is exactly what a PUT of it stores.
 *  - Years are 0000–9999 (the ISO-8601 four-digit form); an instant beyond 9999 is never printed (refused on input).
 *
 * Accepted: ISO-8601 instants WITH a zone (`Z` or ±hh:mm), parsed into the engine's Epoch (sub-microsecond, leap-second
 * aware) — never JS Date — inside the supported epoch range (engine/time/supportedRange.ts). The API edge
 * (api/http/instants.ts) turns a refusal into a 400 naming the field.
 */
import { Epoch, EpochParseError } from '../engine/time/epoch.ts';
import { supportedEpochProblem } from '../engine/time/supportedRange.ts';

/** The last instant the API can print. */
export const LAST_PRINTABLE_INSTANT = '9999-12-31T23:59:59.999999Z';
const LAST_PRINTABLE = Epoch.parseInstant(LAST_PRINTABLE_INSTANT);

/** Why `text` is not an instant the API accepts (ISO-8601 with zone, in the supported range), or null. */
export function instantProblem(text: string): string | null {
  let epoch: Epoch;
  try {
    epoch = Epoch.parseInstant(text);
  } catch (error) {
    if (error instanceof EpochParseError) return error.message;
    throw error;
  }
  return supportedEpochProblem(epoch) ?? (isPrintable(epoch) ? null : `must not be after ${LAST_PRINTABLE_INSTANT}`);
}

/** True when `epoch` is printable in the four-digit-year form (not after 9999-12-31T23:59:59.999999Z). */
export function isPrintable(epoch: Epoch): boolean {
  return !epoch.isAfter(LAST_PRINTABLE);
}

/** Thrown when an instant past year 9999 would be printed: inputs must be refused before it comes to that. */
export class InstantOutOfRangeError extends RangeError {
  constructor(epoch: Epoch) {
    super(`instant ${epoch.toJSON()} is after ${LAST_PRINTABLE_INSTANT}, the last instant the API can print`);
    this.name = 'InstantOutOfRangeError';
  }
}

/** An epoch of data as the API prints it: fixed-width UTC `YYYY-MM-DDThh:mm:ss.ssssssZ` (sortable as text). */
export function instantText(epoch: Epoch): string {
  if (!isPrintable(epoch)) throw new InstantOutOfRangeError(epoch);
  return `${epoch.toString('UTC', 6)}Z`;
}

/** Stored epoch text (any resolution, e.g. nanoseconds) in the printed form. */
export function instantTextOf(stored: string): string {
  return instantText(Epoch.parseInstant(stored));
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
