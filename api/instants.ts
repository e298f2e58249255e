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
