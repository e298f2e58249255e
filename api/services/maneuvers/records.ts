/**
 * Stored maneuvers, contract 2.0.0 (spec → Maneuvers rules 1–6), as the API reads and writes them: the views of a
 * record (derived values, conflicts, planning warnings), the JSON input, and the lookups every use case starts with.
 * Records are addressed by maneuverId + the actual spacecraft id; the organization always comes from the caller.
 * The use cases: crud.ts (create, read, replace, delete), query.ts (list), export.ts (OCM/ZIP), import.ts (OCM import
 * with preview); the checks of a write: checks.ts.
 */
import { Epoch } from '../../../engine/time/epoch.ts';
import type { SqlExecutor } from '../../../storage/sql/db.ts';
import { overlappingIdsOf } from '../../../storage/maneuvers.ts';
import { type StoredManeuver, type AttitudeMode, buildContent, deriveValues, type ManeuverContent, type StoredBurnSegment } from '../../../domain/maneuvers/model.ts';
import { findSpacecraftById, findSpacecraftByIds } from '../../../storage/spacecraft.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { instantTextOf } from '../../../domain/instants.ts';
import { spacecraftNotFound } from '../spacecraft/spacecraft.ts';
import type { PlanningFinding } from '../../../domain/maneuvers/planning.ts';

// ---------------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------------

interface DerivedView {
  start: string;
  end: string;
  acceleration: number | null;
  deltaV: number | null;
  deltaMass: number | null;
  initialMass: number | null;
  conflictingManeuverIds: string[];
}

export interface ManeuverDetail extends DerivedView {
  maneuverId: string;
  displayId: string;
  spacecraftId: string;
  name: string;
  purpose: string | null;
  attitudeMode: AttitudeMode;
  /** Segments exactly as stored (canonical UTC referenceEpoch). */
  composition: StoredBurnSegment[];
  /** What the craft's declared capabilities say about the record now (domain/maneuvers/planning.ts); [] when nothing. */
  warnings: PlanningFinding[];
}

export interface ManeuverListItem extends DerivedView {
  maneuverId: string;
  displayId: string;
  name: string;
  spacecraftId: string;
  attitudeMode: AttitudeMode;
  segmentCount: number;
}

function derivedView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[]): DerivedView {
  const derived = deriveValues(record.composition, record.wetMassKg ?? spacecraft.launchMass);
  return {
    start: instantTextOf(record.start),
    end: instantTextOf(record.end),
    acceleration: derived.acceleration,
    deltaV: derived.deltaV,
    deltaMass: derived.deltaMass,
    initialMass: derived.initialMass,
    conflictingManeuverIds: conflicts,
  };
}

export function detailView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[], warnings: PlanningFinding[]): ManeuverDetail {
  return {
    maneuverId: record.maneuverId,
    displayId: record.displayId,
    spacecraftId: record.spacecraftId,
    name: record.name,
    purpose: record.purpose,
    attitudeMode: record.attitudeMode,
    composition: record.composition.map((s) => ({ ...s, referenceEpoch: instantTextOf(s.referenceEpoch) })),
    ...derivedView(record, spacecraft, conflicts),
    warnings,
  };
}

export function listItemView(record: StoredManeuver, spacecraft: Spacecraft, conflicts: string[]): ManeuverListItem {
  return {
    maneuverId: record.maneuverId,
    displayId: record.displayId,
    name: record.name,
    spacecraftId: record.spacecraftId,
    attitudeMode: record.attitudeMode,
    segmentCount: record.composition.length,
    ...derivedView(record, spacecraft, conflicts),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------------

export interface ManeuverFieldsJson {
  name: string;
  purpose?: string | null;
  attitudeMode: AttitudeMode;
  /** Same fields as a stored segment; referenceEpoch is any ISO-8601 instant with zone (checked by the schema). */
  composition: StoredBurnSegment[];
}

export interface CreateManeuverJson extends ManeuverFieldsJson {
  spacecraftId: string;
}

export function contentFromJson(input: ManeuverFieldsJson, wetMassKg: number | null): ManeuverContent {
  return buildContent({
    name: input.name,
    purpose: input.purpose === undefined || input.purpose === null || input.purpose === '' ? null : input.purpose,
    attitudeMode: input.attitudeMode,
    // The schema has checked that each referenceEpoch is an instant with zone.
    composition: input.composition.map((s) => ({ ...s, referenceEpoch: Epoch.parseInstant(s.referenceEpoch) })),
    wetMassKg,
  });
}

export function maneuverNotFound(spacecraftId: string, maneuverId: string): ApiError {
  return notFound(`Maneuver ${JSON.stringify(maneuverId)} not found on spacecraft ${spacecraftId}`, 'MANEUVER_NOT_FOUND', {
    code: 'maneuver.not-found',
    details: { spacecraftId, maneuverId },
  });
}

export async function requireSpacecraft(db: SqlExecutor, organizationId: string, id: string): Promise<Spacecraft> {
  const spacecraft = await findSpacecraftById(db, organizationId, id);
  if (!spacecraft) throw spacecraftNotFound(id);
  return spacecraft;
}

/** Every listed spacecraft, or 404 naming the missing ones (another organization's craft count as missing). */
export async function requireSpacecraftList(db: SqlExecutor, organizationId: string, ids: readonly string[]): Promise<Map<string, Spacecraft>> {
  const found = new Map((await findSpacecraftByIds(db, organizationId, ids)).map((s) => [s.id, s] as const));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 1) throw spacecraftNotFound(missing[0]!);
  if (missing.length > 1) {
    throw notFound(`Spacecraft not found: ${missing.join(', ')}`, 'SC-4040', { code: 'spacecraft.not-found', details: { spacecraftIds: missing } });
  }
  return found;
}

export async function conflictsOf(db: SqlExecutor, organizationId: string, records: readonly StoredManeuver[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const bySpacecraft = new Map<string, string[]>();
  for (const r of records) {
    const ids = bySpacecraft.get(r.spacecraftId);
    if (ids) ids.push(r.maneuverId);
    else bySpacecraft.set(r.spacecraftId, [r.maneuverId]);
  }
  for (const [spacecraftId, ids] of bySpacecraft) {
    const map = await overlappingIdsOf(db, organizationId, spacecraftId, ids);
    for (const [id, others] of map) out.set(`${spacecraftId}\u0000${id}`, others);
  }
  return out;
}

