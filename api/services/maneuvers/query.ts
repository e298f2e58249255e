/** The maneuver list (by spacecraft and time window) and the query parameters it shares with the export. */
import { MAX_ID_LENGTH } from '../../../domain/limits.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { supportedEpochProblem } from '../../../engine/time/supportedRange.ts';
import type { SqlExecutor } from '../../../storage/sql/db.ts';
import { listManeuversInWindow } from '../../../storage/maneuvers.ts';
import { findSpacecraftByIds } from '../../../storage/spacecraft.ts';
import { validationError } from '../../http/errors.ts';
import { epochKey } from '../../../domain/maneuvers/model.ts';
import { conflictsOf, listItemView, type ManeuverListItem } from './records.ts';

export const MAX_LIST_SPACECRAFT = 50;

// ---------------------------------------------------------------------------------------------------------------
// Query parsing (repeated / comma-separated parameters, exact instants)
// ---------------------------------------------------------------------------------------------------------------

export type RawQuery = Record<string, string[]>;

/** Exactly one value of an instant parameter (ISO-8601 with a time and a zone), or a field error. */
function instantParameter(query: RawQuery, name: string, errors: Record<string, string>): Epoch | null {
  const values = query[name];
  if (values === undefined) {
    errors[name] = 'is required';
    return null;
  }
  if (values.length !== 1) {
    errors[name] = 'must be given once';
    return null;
  }
  const text = values[0]!;
  if (text === '') {
    errors[name] = 'must not be empty';
    return null;
  }
  if (!/T\d{2}:\d{2}/i.test(text) || !Epoch.hasExplicitZone(text)) {
    errors[name] = 'must be an exact ISO-8601 instant with time and zone (e.g. 2025-01-01T00:00:00Z)';
    return null;
  }
  try {
    const epoch = Epoch.parseInstant(text);
    const problem = supportedEpochProblem(epoch);
    if (problem) {
      errors[name] = problem;
      return null;
    }
    return epoch;
  } catch (error) {
    errors[name] = (error as Error).message;
    return null;
  }
}

/** spacecraftIds: repeated and/or comma-separated (blanks around an id ignored: `a, b`), nonempty, unique, within [1, max]. */
export function spacecraftIdsParameter(query: RawQuery, errors: Record<string, string>, max: number): string[] {
  const values = query.spacecraftIds;
  if (values === undefined) {
    errors.spacecraftIds = 'is required';
    return [];
  }
  const ids = values.flatMap((v) => v.split(',')).map((id) => id.trim());
  if (ids.some((id) => id === '')) {
    errors.spacecraftIds = 'must not contain empty values';
    return [];
  }
  if (ids.some((id) => id.length > MAX_ID_LENGTH)) {
    errors.spacecraftIds = `each id must be at most ${MAX_ID_LENGTH} characters`;
    return [];
  }
  if (new Set(ids).size !== ids.length) {
    errors.spacecraftIds = 'must not contain duplicates';
    return [];
  }
  if (ids.length > max) {
    errors.spacecraftIds = `must contain between 1 and ${max} ids`;
    return [];
  }
  return ids;
}

export function windowFrom(query: RawQuery, errors: Record<string, string>): { startKey: string; endKey: string } | null {
  const start = instantParameter(query, 'startDate', errors);
  const end = instantParameter(query, 'endDate', errors);
  if (start && end && !end.isAfter(start)) errors.endDate = 'must be after startDate';
  return start && end && end.isAfter(start) ? { startKey: epochKey(start), endKey: epochKey(end) } : null;
}

export async function listManeuvers(db: SqlExecutor, organizationId: string, query: RawQuery): Promise<{ items: ManeuverListItem[]; totalCount: number }> {
  const errors: Record<string, string> = {};
  const spacecraftIds = spacecraftIdsParameter(query, errors, MAX_LIST_SPACECRAFT);
  const window = windowFrom(query, errors);
  if (Object.keys(errors).length > 0 || !window) throw validationError(errors);
  // The contract: a list answers 200 with empty items when nothing matches — unknown ids (or another
  // organization's) simply match nothing; only the detail route answers 404.
  const spacecraft = new Map((await findSpacecraftByIds(db, organizationId, spacecraftIds)).map((s) => [s.id, s] as const));
  if (spacecraft.size === 0) return { items: [], totalCount: 0 };
  const records = await listManeuversInWindow(db, organizationId, [...spacecraft.keys()], window.startKey, window.endKey);
  const conflicts = await conflictsOf(db, organizationId, records);
  const items = records.map((r) =>
    listItemView(r, spacecraft.get(r.spacecraftId)!, conflicts.get(`${r.spacecraftId}\u0000${r.maneuverId}`) ?? []),
  );
  return { items, totalCount: items.length };
}

