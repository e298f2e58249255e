/**
 * Spacecraft repository. A spacecraft row holds the queryable scalars as columns and the nested
 * structures (panels, maneuverCapabilities, forceModel) as JSON text. Every statement is scoped
 * by organization; a spacecraft of another organization is indistinguishable from an absent one.
 *
 * Derived values (prism diameters, panel normals) are computed by the service before writing and
 * stored, so that every reader (other features included) sees the full record without recomputing.
 */
import type { SqlExecutor } from './sql/db.ts';
import type { PageRequest } from './sql/paging.ts';
import { pageClause } from './sql/paging.ts';
import type { LifecycleStatus, BodyShape, PrismAxis, PrismDiameterMeasure, Panel, ManeuverCapabilities, ForceModel, SpacecraftFields, Spacecraft, SpacecraftSummary, ResolutionKind } from '../domain/spacecraft/model.ts';

/** List filters, already validated. `noradIdText` is compared to the canonical decimal text of noradId. */
export interface SpacecraftFilter {
  /** Statuses to include (from `status`, or `includeArchived`). */
  statuses: LifecycleStatus[];
  noradIdText?: string;
  cosparId?: string;
  name?: string;
  externalKey?: string;
}

/** Sortable API fields → SQL. */
export const SPACECRAFT_SORT_COLUMNS: Record<string, string> = {
  name: 'name_folded',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  noradId: 'norad_id',
};

/** Case folding used for the name filter (stored in `name_folded`): Unicode lower case. */
export function foldName(name: string): string {
  return name.toLowerCase();
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function stringOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * The stored row version (migration 0015) of each record read from or written to the table, kept beside the record
 * rather than in it: it is not part of the representation, only of its ETag (api/services/spacecraft/spacecraft.ts).
 */
const rowVersions = new WeakMap<Spacecraft, number>();

/** The row version the record was read (or inserted) with; undefined for a record that storage did not produce. */
export function storedRowVersion(spacecraft: Spacecraft): number | undefined {
  return rowVersions.get(spacecraft);
}

function fromRow(row: Record<string, unknown>): Spacecraft {
  const spacecraft = mapRow(row);
  rowVersions.set(spacecraft, Number(row.row_version));
  return spacecraft;
}

function mapRow(row: Record<string, unknown>): Spacecraft {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    name: String(row.name),
    noradId: numberOrNull(row.norad_id),
    catalogueNoradId: numberOrNull(row.catalogue_norad_id),
    notYetCatalogued: Number(row.not_yet_catalogued) === 1,
    cosparId: stringOrNull(row.cospar_id),
    externalKey: stringOrNull(row.external_key),
    lifecycleStatus: String(row.lifecycle_status) as LifecycleStatus,
    color: String(row.color),
    launchMass: numberOrNull(row.launch_mass_kg),
    dryMass: numberOrNull(row.dry_mass_kg),
    dragArea: numberOrNull(row.drag_area_m2),
    dragCoefficient: Number(row.drag_coefficient),
    srpArea: numberOrNull(row.srp_area_m2),
    hardBodyRadiusM: numberOrNull(row.hard_body_radius_m),
    reflectivityCoefficient: Number(row.reflectivity_coefficient),
    absorption: Number(row.absorption),
    specularReflection: Number(row.specular_reflection),
    bodyShape: String(row.body_shape) as BodyShape,
    boxX: Number(row.box_x_m),
    boxY: Number(row.box_y_m),
    boxZ: Number(row.box_z_m),
    prismAxis: stringOrNull(row.prism_axis) as PrismAxis | null,
    prismSides: numberOrNull(row.prism_sides),
    prismEdgeM: numberOrNull(row.prism_edge_m),
    prismHeightM: numberOrNull(row.prism_height_m),
    prismDiameterMeasure: stringOrNull(row.prism_diameter_measure) as PrismDiameterMeasure | null,
    prismDiameter: numberOrNull(row.prism_diameter_m),
    prismComplementaryDiameter: numberOrNull(row.prism_complementary_diameter_m),
    inertiaIxx: numberOrNull(row.inertia_ixx),
    inertiaIyy: numberOrNull(row.inertia_iyy),
    inertiaIzz: numberOrNull(row.inertia_izz),
    maneuverCapabilities:
      row.maneuver_capabilities == null ? null : (JSON.parse(String(row.maneuver_capabilities)) as ManeuverCapabilities),
    panels: JSON.parse(String(row.panels)) as Panel[],
    forceModel: JSON.parse(String(row.force_model)) as ForceModel,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function summaryFromRow(row: Record<string, unknown>): SpacecraftSummary {
  return {
    id: String(row.id),
    name: String(row.name),
    noradId: numberOrNull(row.norad_id),
    cosparId: stringOrNull(row.cospar_id),
    externalKey: stringOrNull(row.external_key),
    lifecycleStatus: String(row.lifecycle_status) as LifecycleStatus,
    color: String(row.color),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

/** Column values of the caller-settable fields, in COLUMNS order. */
function fieldValues(s: SpacecraftFields): Array<string | number | null> {
  return [
    s.name, foldName(s.name), s.noradId, s.catalogueNoradId, s.notYetCatalogued ? 1 : 0, s.cosparId, s.externalKey,
    s.color, s.launchMass, s.dryMass, s.dragArea, s.dragCoefficient, s.srpArea, s.reflectivityCoefficient,
    s.absorption, s.specularReflection, s.bodyShape, s.boxX, s.boxY, s.boxZ, s.prismAxis, s.prismSides,
    s.prismEdgeM, s.prismHeightM, s.prismDiameterMeasure, s.prismDiameter, s.prismComplementaryDiameter,
    s.inertiaIxx, s.inertiaIyy, s.inertiaIzz,
    s.maneuverCapabilities === null ? null : JSON.stringify(s.maneuverCapabilities),
    JSON.stringify(s.panels), JSON.stringify(s.forceModel), s.hardBodyRadiusM,
  ];
}

const COLUMNS = [
  'name', 'name_folded', 'norad_id', 'catalogue_norad_id', 'not_yet_catalogued', 'cospar_id', 'external_key',
  'color', 'launch_mass_kg', 'dry_mass_kg', 'drag_area_m2', 'drag_coefficient', 'srp_area_m2',
  'reflectivity_coefficient', 'absorption', 'specular_reflection', 'body_shape', 'box_x_m', 'box_y_m', 'box_z_m',
  'prism_axis', 'prism_sides', 'prism_edge_m', 'prism_height_m', 'prism_diameter_measure', 'prism_diameter_m',
  'prism_complementary_diameter_m', 'inertia_ixx', 'inertia_iyy', 'inertia_izz', 'maneuver_capabilities', 'panels',
  'force_model', 'hard_body_radius_m',
];

export async function insertSpacecraft(db: SqlExecutor, spacecraft: Spacecraft): Promise<void> {
  const columns = ['id', 'organization_id', 'lifecycle_status', 'created_at', 'updated_at', ...COLUMNS];
  await db.execute({
    sql: `INSERT INTO spacecraft (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    args: [
      spacecraft.id, spacecraft.organizationId, spacecraft.lifecycleStatus, spacecraft.createdAt, spacecraft.updatedAt,
      ...fieldValues(spacecraft),
    ],
  });
  // The column's default (migration 0015).
  rowVersions.set(spacecraft, 1);
}

/** Rewrites every caller-settable field and updatedAt; false when the craft is not in this organization. */
export async function updateSpacecraftFields(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  fields: SpacecraftFields,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: `UPDATE spacecraft SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, updated_at = ?
          WHERE organization_id = ? AND id = ?`,
    args: [...fieldValues(fields), updatedAt, organizationId, id],
  });
  return result.rowsAffected > 0;
}

export async function setLifecycleStatus(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  status: LifecycleStatus,
  updatedAt: string,
): Promise<boolean> {
  const result = await db.execute({
    sql: 'UPDATE spacecraft SET lifecycle_status = ?, updated_at = ? WHERE organization_id = ? AND id = ?',
    args: [status, updatedAt, organizationId, id],
  });
  return result.rowsAffected > 0;
}

/** The full record, or null when absent or owned by another organization. */
export async function findSpacecraftById(db: SqlExecutor, organizationId: string, id: string): Promise<Spacecraft | null> {
  const result = await db.execute({
    // LIMIT 1 (id is the key): one native call on the read connection (storage/sql/cachedReader.ts).
    sql: 'SELECT * FROM spacecraft WHERE organization_id = ? AND id = ? LIMIT 1',
    args: [organizationId, id],
  });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** The full records of the given ids in this organization, in one query (absent or foreign ids are left out). */
export async function findSpacecraftByIds(db: SqlExecutor, organizationId: string, ids: readonly string[]): Promise<Spacecraft[]> {
  if (ids.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT * FROM spacecraft WHERE organization_id = ? AND id IN (${ids.map(() => '?').join(',')})`,
    args: [organizationId, ...ids],
  });
  return result.rows.map(fromRow);
}

/** The organization's Active spacecraft, oldest first (a screening's fleet). */
export async function listActiveSpacecraft(db: SqlExecutor, organizationId: string): Promise<Spacecraft[]> {
  const result = await db.execute({
    sql: `SELECT * FROM spacecraft WHERE organization_id = ? AND lifecycle_status = 'Active' ORDER BY created_at, id`,
    args: [organizationId],
  });
  return result.rows.map(fromRow);
}

/** True when the spacecraft exists in this organization (cheap existence check for child resources). */
export async function spacecraftExists(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const result = await db.execute({
    sql: 'SELECT 1 FROM spacecraft WHERE organization_id = ? AND id = ?',
    args: [organizationId, id],
  });
  return result.rows.length > 0;
}

/** Id of the organization's spacecraft holding this externalKey, or null. */
export async function findSpacecraftIdByExternalKey(
  db: SqlExecutor,
  organizationId: string,
  externalKey: string,
): Promise<string | null> {
  const result = await db.execute({
    sql: 'SELECT id FROM spacecraft WHERE organization_id = ? AND external_key = ?',
    args: [organizationId, externalKey],
  });
  return result.rows[0] ? String(result.rows[0].id) : null;
}

/** Canonical decimal text of a positive integer NORAD id ("25544"); anything else is not canonical. */
const CANONICAL_NORAD_TEXT = /^[1-9][0-9]{0,14}$/;

export async function listSpacecraft(
  db: SqlExecutor,
  organizationId: string,
  filter: SpacecraftFilter,
  page: PageRequest,
): Promise<{ items: SpacecraftSummary[]; totalElements: number }> {
  const where: string[] = ['organization_id = ?'];
  const args: Array<string | number> = [organizationId];
  if (filter.statuses.length === 0) return { items: [], totalElements: 0 };
  where.push(`lifecycle_status IN (${filter.statuses.map(() => '?').join(', ')})`);
  args.push(...filter.statuses);
  if (filter.noradIdText !== undefined) {
    // noradId is stored as an integer whose text form is canonical decimal (no sign, no leading
    // zeros): a filter string that is not canonical cannot equal it and matches nothing.
    if (!CANONICAL_NORAD_TEXT.test(filter.noradIdText)) return { items: [], totalElements: 0 };
    where.push('norad_id = ?');
    args.push(Number(filter.noradIdText));
  }
  if (filter.cosparId !== undefined) {
    where.push('cospar_id = ?');
    args.push(filter.cosparId);
  }
  if (filter.name !== undefined) {
    where.push('name_folded = ?');
    args.push(foldName(filter.name));
  }
  if (filter.externalKey !== undefined) {
    where.push('external_key = ?');
    args.push(filter.externalKey);
  }
  const whereSql = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM spacecraft WHERE ${whereSql}`, args });
  const clause = pageClause(page, SPACECRAFT_SORT_COLUMNS, 'id ASC');
  const rows = await db.execute({
    sql: `SELECT id, name, norad_id, cospar_id, external_key, lifecycle_status, color, created_at, updated_at
          FROM spacecraft WHERE ${whereSql}${clause.sql}`,
    args: [...args, ...clause.args],
  });
  return { items: rows.rows.map(summaryFromRow), totalElements: Number(count.rows[0]!.n) };
}


const RESOLUTION_COLUMNS: Record<ResolutionKind, string> = {
  id: 'id',
  externalKey: 'external_key',
  name: 'name_folded',
  noradId: 'norad_id',
  cosparId: 'cospar_id',
};

export interface SpacecraftMatch {
  spacecraft: Spacecraft;
  /** Every kind under which the identifier matched this craft. */
  matchedBy: ResolutionKind[];
}

/**
 * Every spacecraft of the organization that `identifier` names under one of `kinds`: canonical id,
 * externalKey (exact), name (case-insensitive exact), NORAD id (canonical decimal text, as the list
 * filter) or COSPAR id (exact). Callers that need "unique match only" check `length === 1`.
 * Archived craft are included; each craft appears once, with all the kinds it matched by.
 */
export async function resolveSpacecraft(
  db: SqlExecutor,
  organizationId: string,
  identifier: string,
  kinds: readonly ResolutionKind[],
): Promise<SpacecraftMatch[]> {
  const conditions: string[] = [];
  const args: Array<string | number> = [organizationId];
  const used: ResolutionKind[] = [];
  for (const kind of new Set(kinds)) {
    if (kind === 'noradId' && !CANONICAL_NORAD_TEXT.test(identifier)) continue; // cannot equal any NORAD id
    conditions.push(`${RESOLUTION_COLUMNS[kind]} = ?`);
    args.push(kind === 'name' ? foldName(identifier) : kind === 'noradId' ? Number(identifier) : identifier);
    used.push(kind);
  }
  if (conditions.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT * FROM spacecraft WHERE organization_id = ? AND (${conditions.join(' OR ')}) ORDER BY created_at, id`,
    args,
  });
  return result.rows.map((row) => {
    const spacecraft = fromRow(row);
    const matchedBy = used.filter((kind) => matches(spacecraft, kind, identifier));
    return { spacecraft, matchedBy };
  });
}

/**
 * `resolveSpacecraft` for many identifiers at once (an upload of thousands of messages naming the same few objects):
 * one query per hundred identifiers instead of one each; the same matching rules, in the same order.
 */
export async function resolveSpacecraftBatch(
  db: SqlExecutor,
  organizationId: string,
  requests: ReadonlyArray<{ identifier: string; kinds: readonly ResolutionKind[] }>,
): Promise<SpacecraftMatch[][]> {
  const out: SpacecraftMatch[][] = [];
  for (let start = 0; start < requests.length; start += 100) {
    const part = requests.slice(start, start + 100);
    const values = new Map<ResolutionKind, Set<string | number>>();
    for (const { identifier, kinds } of part) {
      for (const kind of new Set(kinds)) {
        if (kind === 'noradId' && !CANONICAL_NORAD_TEXT.test(identifier)) continue;
        const set = values.get(kind) ?? new Set();
        set.add(kind === 'name' ? foldName(identifier) : kind === 'noradId' ? Number(identifier) : identifier);
        values.set(kind, set);
      }
    }
    let rows: Spacecraft[] = [];
    if (values.size > 0) {
      const conditions = [...values].map(([kind, set]) => `${RESOLUTION_COLUMNS[kind]} IN (${[...set].map(() => '?').join(', ')})`);
      const result = await db.execute({
        sql: `SELECT * FROM spacecraft WHERE organization_id = ? AND (${conditions.join(' OR ')}) ORDER BY created_at, id`,
        args: [organizationId, ...[...values.values()].flatMap((set) => [...set])],
      });
      rows = result.rows.map(fromRow);
    }
    for (const { identifier, kinds } of part) {
      const used = [...new Set(kinds)].filter((kind) => kind !== 'noradId' || CANONICAL_NORAD_TEXT.test(identifier));
      out.push(
        rows
          .map((spacecraft) => ({ spacecraft, matchedBy: used.filter((kind) => matches(spacecraft, kind, identifier)) }))
          .filter((m) => m.matchedBy.length > 0),
      );
    }
  }
  return out;
}

function matches(spacecraft: Spacecraft, kind: ResolutionKind, identifier: string): boolean {
  switch (kind) {
    case 'id':
      return spacecraft.id === identifier;
    case 'externalKey':
      return spacecraft.externalKey === identifier;
    case 'name':
      return foldName(spacecraft.name) === foldName(identifier);
    case 'noradId':
      return spacecraft.noradId !== null && String(spacecraft.noradId) === identifier;
    case 'cosparId':
      return spacecraft.cosparId === identifier;
  }
}
