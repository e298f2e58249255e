/** OCM/ZIP export of stored maneuvers (rule 6), written on the compute pool. */
import { sha256Hex } from '../../../domain/contentHash.ts';
import { strToU8 } from 'fflate';
import { Epoch } from '../../../engine/time/epoch.ts';
import { nowIso, type SqlExecutor } from '../../../storage/sql/db.ts';
import { findManeuversByIds, listManeuversInWindow } from '../../../storage/maneuvers.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { MANEUVER_ID_MAX_LENGTH } from '../../../domain/maneuvers/model.ts';
import type { OcmExportFile } from '../../../domain/maneuvers/ocm.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import { MAX_LIST_SPACECRAFT, type RawQuery, spacecraftIdsParameter, windowFrom } from './query.ts';
import { requireSpacecraft, requireSpacecraftList } from './records.ts';

export const MAX_EXPORT_MANEUVER_IDS = 100;

// ---------------------------------------------------------------------------------------------------------------
// Export (rule 6)
// ---------------------------------------------------------------------------------------------------------------

const EXPORT_PARAMETERS = new Set(['spacecraftIds', 'maneuverIds', 'startDate', 'endDate']);

export type ExportSelection =
  | { mode: 'ids'; spacecraftId: string; maneuverIds: string[] }
  | { mode: 'range'; spacecraftIds: string[]; startKey: string; endKey: string };

/** Validates the export selection; every problem is a 400 VALIDATION_ERROR naming the parameter. */
export function parseExportSelection(query: RawQuery): ExportSelection {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    if (!EXPORT_PARAMETERS.has(name)) errors[name] = 'is not a parameter of the export (selection by ids or by range only)';
  }
  const byIds = query.maneuverIds !== undefined;
  if (byIds) {
    for (const name of ['startDate', 'endDate']) {
      if (query[name] !== undefined) errors[name] = 'cannot be combined with maneuverIds (select by ids or by range, not both)';
    }
    const spacecraftValues = query.spacecraftIds;
    let spacecraftId = '';
    if (spacecraftValues === undefined) errors.spacecraftIds = 'is required';
    else if (spacecraftValues.length !== 1 || spacecraftValues[0]!.includes(',')) {
      errors.spacecraftIds = 'must be exactly one spacecraft id when exporting by maneuverIds';
    } else if (spacecraftValues[0]!.trim() === '') errors.spacecraftIds = 'must not be empty';
    else spacecraftId = spacecraftValues[0]!;
    const maneuverIds = query.maneuverIds!;
    if (maneuverIds.length > MAX_EXPORT_MANEUVER_IDS) errors.maneuverIds = `must contain between 1 and ${MAX_EXPORT_MANEUVER_IDS} ids`;
    else if (maneuverIds.some((id) => id === '')) errors.maneuverIds = 'must not contain empty values';
    else if (maneuverIds.some((id) => id.length > MANEUVER_ID_MAX_LENGTH)) errors.maneuverIds = `each id must be at most ${MANEUVER_ID_MAX_LENGTH} characters`;
    else if (new Set(maneuverIds).size !== maneuverIds.length) errors.maneuverIds = 'must not contain duplicates';
    if (Object.keys(errors).length > 0) throw validationError(errors, `Invalid export selection: ${summary(errors)}`);
    return { mode: 'ids', spacecraftId, maneuverIds };
  }
  const spacecraftIds = spacecraftIdsParameter(query, errors, MAX_LIST_SPACECRAFT);
  const window = windowFrom(query, errors);
  if (Object.keys(errors).length > 0 || !window) throw validationError(errors, `Invalid export selection: ${summary(errors)}`);
  return { mode: 'range', spacecraftIds, ...window };
}

function summary(errors: Record<string, string>): string {
  return Object.entries(errors).map(([k, v]) => `${k} ${v}`).join('; ');
}

export type ExportResult =
  | { contentType: 'text/plain'; filename: string; text: string }
  | { contentType: 'application/zip'; filename: string; bytes: Uint8Array };

/** `<part>_<part>.ocm` from arbitrary ids: unsafe characters → `_`, plus a short hash when anything changed. */
export function exportFileName(parts: readonly string[]): string {
  const safe = parts.map((part) => {
    const cleaned = part.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
    return cleaned === part ? part : `${cleaned}-${sha256Hex(strToU8(part)).slice(0, 8)}`;
  });
  return `${safe.join('_')}.ocm`;
}

/** Writes the OCM files (and the ZIP when there are several) on the compute pool. */
async function renderExport(pool: ComputePool, files: OcmExportFile[], createdAt: Epoch, zipName: string): Promise<ExportResult> {
  const rendered = await pool.run('maneuvers.writeExport', { files, createdAt: createdAt.toJSON() });
  if (rendered.kind === 'text') return { contentType: 'text/plain', filename: files[0]!.name, text: rendered.text };
  return { contentType: 'application/zip', filename: zipName, bytes: rendered.bytes };
}

export async function exportManeuvers(db: SqlExecutor, pool: ComputePool, organizationId: string, query: RawQuery): Promise<ExportResult> {
  const selection = parseExportSelection(query);
  const createdAt = Epoch.parseInstant(nowIso());
  if (selection.mode === 'ids') {
    const spacecraft = await requireSpacecraft(db, organizationId, selection.spacecraftId);
    const records = await findManeuversByIds(db, organizationId, selection.spacecraftId, selection.maneuverIds);
    const byId = new Map(records.map((r) => [r.maneuverId, r]));
    const missing = selection.maneuverIds.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw notFound(`Maneuver(s) not found on spacecraft ${spacecraft.id}: ${missing.map((m) => JSON.stringify(m)).join(', ')}`, 'MANEUVER_NOT_FOUND', {
        code: 'maneuver.not-found',
        details: { spacecraftId: spacecraft.id, maneuverIds: missing },
      });
    }
    const files = selection.maneuverIds.map((id) => ({ name: exportFileName([spacecraft.id, id]), spacecraft, records: [byId.get(id)!] }));
    return await renderExport(pool, files, createdAt, `${exportFileName([spacecraft.id]).replace(/\.ocm$/, '')}_maneuvers.zip`);
  }
  const spacecraft = await requireSpacecraftList(db, organizationId, selection.spacecraftIds);
  const records = await listManeuversInWindow(db, organizationId, selection.spacecraftIds, selection.startKey, selection.endKey);
  const files = selection.spacecraftIds.map((id) => ({
    name: exportFileName([id]),
    spacecraft: spacecraft.get(id)!,
    records: records.filter((r) => r.spacecraftId === id),
  }));
  return await renderExport(pool, files, createdAt, 'maneuvers.zip');
}

