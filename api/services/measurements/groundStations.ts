/**
 * Ground-station use cases: create, read, list, patch, delete. The position is kept in both forms —
 * WGS-84 geodetic and ITRF Cartesian — one derived from the other (engine/bodies/ellipsoid.ts). Names and aliases are
 * unique in the organization (trimmed, case-insensitive); creating or renaming a station binds the stored
 * measurements whose ground participant had that name and was not resolved yet.
 */
import { randomUUID } from 'node:crypto';
import { cartesianToGeodetic, geodeticToCartesian } from '../../../engine/bodies/ellipsoid.ts';
import { DEG_TO_RAD } from '../../../engine/math/angles.ts';
import { inTransaction, isUniqueViolation, nowIso, type Db, type SqlExecutor } from '../../../storage/sql/db.ts';
import { assertIfMatch, entityTag, type IfMatch } from '../../http/preconditions.ts';
import { deleteGroundStation, findGroundStation, findNameConflicts, foldStationName, insertGroundStation, listGroundStations, updateGroundStation } from '../../../storage/groundStations.ts';
import type { GroundStation, GroundStationFields, PerTypeValues } from '../../../domain/stations/model.ts';
import { bindUnresolvedContexts, countStationMeasurements } from '../../../storage/measurementContexts.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import { conflict, notFound, validationError, type ApiError } from '../../http/errors.ts';
import {
  GROUND_STATION_DEFAULTS,
  STATION_HEIGHT_RANGE_M,
  type CreateGroundStationInput,
  type PatchGroundStationInput,
} from '../../schemas/groundStations.ts';

export function groundStationNotFound(id: string): ApiError {
  return notFound(`Ground station ${id} not found`, 'STATION_NOT_FOUND', { code: 'station.not-found' });
}

export function groundStationView(station: GroundStation) {
  return {
    id: station.id,
    name: station.name,
    aliases: station.aliases,
    latitudeDeg: station.latitudeDeg,
    longitudeDeg: station.longitudeDeg,
    heightM: station.heightM,
    itrfPositionM: station.itrfPositionM,
    elevationMaskDeg: station.elevationMaskDeg,
    sigma: station.sigma,
    bias: station.bias,
    enabled: station.enabled,
    measurementCount: station.measurementCount,
    createdAt: station.createdAt,
    updatedAt: station.updatedAt,
  };
}

/** ITRF Cartesian (m) of a WGS-84 geodetic position. */
export function itrfFromGeodetic(latitudeDeg: number, longitudeDeg: number, heightM: number): [number, number, number] {
  const km = [0, 0, 0];
  geodeticToCartesian(latitudeDeg * DEG_TO_RAD, longitudeDeg * DEG_TO_RAD, heightM / 1000, km);
  return [km[0]! * 1000, km[1]! * 1000, km[2]! * 1000];
}

/** WGS-84 geodetic position of an ITRF Cartesian one (m), longitude in (-180, 180]. */
export function geodeticFromItrf(itrfM: readonly number[]): { latitudeDeg: number; longitudeDeg: number; heightM: number } {
  const out = [0, 0, 0];
  cartesianToGeodetic([itrfM[0]! / 1000, itrfM[1]! / 1000, itrfM[2]! / 1000], out);
  return { latitudeDeg: out[0]! / DEG_TO_RAD, longitudeDeg: out[1]! / DEG_TO_RAD, heightM: out[2]! * 1000 };
}

/** Longitude in (-180, 180]; values already there are kept exactly. */
function normalizeLongitude(deg: number): number {
  if (deg > -180 && deg <= 180) return deg;
  return deg > 180 ? deg - 360 : deg + 360;
}

interface PositionInput {
  latitudeDeg?: number | undefined;
  longitudeDeg?: number | undefined;
  heightM?: number | undefined;
  itrfPositionM?: number[] | undefined;
}

type Position = Pick<GroundStationFields, 'latitudeDeg' | 'longitudeDeg' | 'heightM' | 'itrfPositionM'>;

function checkHeight(heightM: number, field: string, errors: Record<string, string>): void {
  const [low, high] = STATION_HEIGHT_RANGE_M;
  if (!(heightM >= low && heightM <= high)) {
    errors[field] = `height ${heightM.toFixed(1)} m above the WGS-84 ellipsoid is outside ${low} .. ${high} m`;
  }
}

/**
 * The position from the request: geodetic (the three fields, or those sent merged over `current`) or ITRF, never
 * both. Errors name the fields.
 */
function resolvePosition(input: PositionInput, current: Position | null, errors: Record<string, string>): Position | null {
  const geodeticSent = input.latitudeDeg !== undefined || input.longitudeDeg !== undefined || input.heightM !== undefined;
  if (input.itrfPositionM !== undefined) {
    if (geodeticSent) {
      errors.itrfPositionM = 'give the position either as latitudeDeg/longitudeDeg/heightM or as itrfPositionM, not both';
      return null;
    }
    const itrf = input.itrfPositionM as [number, number, number];
    const geodetic = geodeticFromItrf(itrf);
    checkHeight(geodetic.heightM, 'itrfPositionM', errors);
    return { ...geodetic, itrfPositionM: [itrf[0], itrf[1], itrf[2]] };
  }
  if (!geodeticSent) {
    // Only the position fields: the whole record spread over the patch would undo its name and aliases.
    if (current) return { latitudeDeg: current.latitudeDeg, longitudeDeg: current.longitudeDeg, heightM: current.heightM, itrfPositionM: current.itrfPositionM };
    errors.position = 'give latitudeDeg, longitudeDeg and heightM (WGS-84) or itrfPositionM';
    return null;
  }
  const latitudeDeg = input.latitudeDeg ?? current?.latitudeDeg;
  const longitudeDeg = input.longitudeDeg ?? current?.longitudeDeg;
  const heightM = input.heightM ?? current?.heightM;
  for (const [field, value] of [['latitudeDeg', latitudeDeg], ['longitudeDeg', longitudeDeg], ['heightM', heightM]] as const) {
    if (value === undefined) errors[field] = 'is required with the other geodetic fields (or give itrfPositionM)';
  }
  if (latitudeDeg === undefined || longitudeDeg === undefined || heightM === undefined) return null;
  checkHeight(heightM, 'heightM', errors);
  const longitude = normalizeLongitude(longitudeDeg);
  return { latitudeDeg, longitudeDeg: longitude, heightM, itrfPositionM: itrfFromGeodetic(latitudeDeg, longitude, heightM) };
}

type PerTypeInput = { rangeM?: number | null | undefined; rangeRateMS?: number | null | undefined; angleDeg?: number | null | undefined };

function mergePerType(input: PerTypeInput | undefined, current: PerTypeValues | null): PerTypeValues {
  const base = current ?? { rangeM: null, rangeRateMS: null, angleDeg: null };
  if (!input) return base;
  return {
    rangeM: input.rangeM === undefined ? base.rangeM : input.rangeM,
    rangeRateMS: input.rangeRateMS === undefined ? base.rangeRateMS : input.rangeRateMS,
    angleDeg: input.angleDeg === undefined ? base.angleDeg : input.angleDeg,
  };
}

/** Name and aliases: no name twice (folded), the name not among the aliases. */
function checkNames(name: string, aliases: string[], errors: Record<string, string>): string[] {
  const seen = new Set<string>([foldStationName(name)]);
  const out: string[] = [];
  aliases.forEach((alias, i) => {
    const folded = foldStationName(alias);
    if (seen.has(folded)) errors[`aliases.${i}`] = `"${alias}" repeats the name or another alias (names compare trimmed and case-insensitively)`;
    seen.add(folded);
    out.push(alias.trim());
  });
  return out;
}

async function assertNamesFree(db: SqlExecutor, organizationId: string, names: string[], stationId: string | null): Promise<void> {
  const conflicts = await findNameConflicts(db, organizationId, names, stationId);
  if (conflicts.length === 0) return;
  throw conflict(
    'STATION_NAME_CONFLICT',
    `Ground station name or alias already used in this organization: ${conflicts.map((c) => `"${c.name}" (station ${c.stationName})`).join(', ')}`,
    { code: 'station.name.conflict', details: { conflicts } },
  );
}

function nameRace(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw conflict('STATION_NAME_CONFLICT', 'Ground station name or alias already used in this organization', { code: 'station.name.conflict' });
  }
  throw error;
}

export async function createGroundStation(db: Db, organizationId: string, input: CreateGroundStationInput) {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const aliases = checkNames(name, input.aliases ?? [], errors);
  const position = resolvePosition(input, null, errors);
  if (Object.keys(errors).length > 0 || !position) throw validationError(errors);
  const now = nowIso();
  const id = randomUUID();
  const fields: GroundStationFields = {
    name,
    aliases,
    ...position,
    elevationMaskDeg: input.elevationMaskDeg ?? GROUND_STATION_DEFAULTS.elevationMaskDeg,
    sigma: mergePerType(input.sigma, null),
    bias: mergePerType(input.bias, null),
    enabled: input.enabled ?? GROUND_STATION_DEFAULTS.enabled,
  };
  await inTransaction(db, async (tx) => {
    await assertNamesFree(tx, organizationId, [name, ...aliases], null);
    await insertGroundStation(tx, organizationId, { ...fields, id, createdAt: now, updatedAt: now });
    await bindUnresolvedContexts(tx, organizationId, id, [name, ...aliases]);
  }).catch(nameRace);
  return groundStationView((await findGroundStation(db, organizationId, id))!);
}

export async function getGroundStation(db: SqlExecutor, organizationId: string, id: string) {
  const station = await findGroundStation(db, organizationId, id);
  if (!station) throw groundStationNotFound(id);
  return groundStationView(station);
}

export async function listGroundStationPage(db: Db, organizationId: string, filter: { name?: string; enabled?: boolean }, page: PageRequest) {
  const { items, totalElements } = await listGroundStations(db, organizationId, filter, page);
  return { items: items.map(groundStationView), totalElements };
}

/**
 * The ETag of a station (api/http/preconditions.ts): of its own fields — not `measurementCount`, which uploads and deletes
 * of measurements change without the station changing.
 */
export function groundStationTag(view: ReturnType<typeof groundStationView>): string {
  return entityTag({ ...view, measurementCount: undefined });
}

export async function patchGroundStation(db: Db, organizationId: string, id: string, input: PatchGroundStationInput, ifMatch: IfMatch = null) {
  await inTransaction(db, async (tx) => {
    const current = await findGroundStation(tx, organizationId, id);
    if (!current) throw groundStationNotFound(id);
    assertIfMatch(ifMatch, groundStationTag(groundStationView(current)));
    const errors: Record<string, string> = {};
    const name = input.name?.trim() ?? current.name;
    const aliases = checkNames(name, input.aliases ?? current.aliases, errors);
    const position = resolvePosition(input, current, errors);
    if (Object.keys(errors).length > 0 || !position) throw validationError(errors);
    await assertNamesFree(tx, organizationId, [name, ...aliases], id);
    const fields: GroundStationFields = {
      name,
      aliases,
      ...position,
      elevationMaskDeg: input.elevationMaskDeg ?? current.elevationMaskDeg,
      sigma: mergePerType(input.sigma, current.sigma),
      bias: mergePerType(input.bias, current.bias),
      enabled: input.enabled ?? current.enabled,
    };
    await updateGroundStation(tx, organizationId, id, fields, nowIso());
    // Measurements already bound keep their station; names new to it bind what was unresolved.
    await bindUnresolvedContexts(tx, organizationId, id, [name, ...aliases]);
  }).catch(nameRace);
  return groundStationView((await findGroundStation(db, organizationId, id))!);
}

/** 409 STATION_IN_USE naming the count while measurements reference it, unless `force`. */
export async function removeGroundStation(db: Db, organizationId: string, id: string, force: boolean, ifMatch: IfMatch = null): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await findGroundStation(tx, organizationId, id);
    if (!current) throw groundStationNotFound(id);
    assertIfMatch(ifMatch, groundStationTag(groundStationView(current)));
    const measurementCount = await countStationMeasurements(tx, organizationId, id);
    if (measurementCount > 0 && !force) {
      throw conflict(
        'STATION_IN_USE',
        `Ground station ${id} is referenced by ${measurementCount} stored measurement${measurementCount === 1 ? '' : 's'}; ` +
          'delete with ?force=true to keep them unlinked (they keep the station name)',
        { code: 'station.referenced', details: { measurementCount } },
      );
    }
    await deleteGroundStation(tx, organizationId, id);
  });
}
