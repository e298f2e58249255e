/**
 * What the catalog stores of one element set (storage/catalog.ts, migration 0013), computed from the set alone, so
 * that the compute pool prepares it (workers/catalogTasks.ts) and the event loop only binds it:
 *
 *  - `elements`: the set as JSON that reads back as the same doubles (engine/tle `gpElementsToJson`);
 *  - `setKey`: its identity — epoch and every element (the same set uploaded twice is one row);
 *  - the columns of the filters and orderings: epoch in seconds since 1970 UTC, perigee and apogee heights
 *    (engine/tle `gpOrbitSize`: a from the Kozai mean motion, μ = 398600.4418 km³/s², heights above the WGS-84
 *    equatorial radius 6378.137 km).
 */
import { tleEpochToUnixMs } from '../../engine/tle/epoch.ts';
import { gpElementsToJson, gpOrbitSize, type GpElementSet } from '../../engine/tle/gpElements.ts';

export interface CatalogSetRow {
  readonly noradId: number;
  readonly name: string | null;
  readonly epochUtc: string;
  readonly epochS: number;
  readonly perigeeKm: number;
  readonly apogeeKm: number;
  readonly setKey: string;
  /** gpElementsToJson of the set. */
  readonly elements: string;
  readonly format: 'TLE' | 'OMM';
  /** File line the set starts at, when read from a file. */
  readonly fileLine: number | null;
}

/** The identity of a set: epoch and every element (a later upload of the same set is the same row). */
export function catalogSetKey(elements: GpElementSet): string {
  return JSON.stringify([
    elements.epoch.year, elements.epoch.dayOfYear, elements.meanMotionRevPerDay, elements.eccentricity,
    elements.inclinationDeg, elements.raanDeg, elements.argPerigeeDeg, elements.meanAnomalyDeg,
    elements.bstarPerEarthRadius, elements.ndotOver2RevPerDay2, elements.nddotOver6RevPerDay3,
  ]);
}

export function catalogSetRow(elements: GpElementSet, format: 'TLE' | 'OMM' = elements.source?.format ?? 'TLE'): CatalogSetRow {
  const size = gpOrbitSize(elements);
  return {
    noradId: elements.noradId,
    name: elements.name,
    epochUtc: elements.epochUtc,
    epochS: tleEpochToUnixMs(elements.epoch) / 1000,
    perigeeKm: size.perigeeAltitudeKm,
    apogeeKm: size.apogeeAltitudeKm,
    setKey: catalogSetKey(elements),
    elements: gpElementsToJson(elements),
    format,
    fileLine: elements.source?.line ?? null,
  };
}

/**
 * A catalog file's sets as the chunks it is written in: sorted by NORAD id and cut into chunks of about `chunkSets`
 * rows, only between objects — every set of one NORAD id lands in the same chunk (storage/catalog.ts counts the
 * updates per chunk, and a chunk's NORAD range is what a screening chunk reads).
 */
export function catalogChunks(sets: readonly GpElementSet[], chunkSets: number, format: 'TLE' | 'OMM'): { chunks: CatalogSetRow[][]; setCount: number; objectCount: number } {
  const sorted = [...sets].sort((a, b) => a.noradId - b.noradId);
  const chunks: CatalogSetRow[][] = [];
  let chunk: CatalogSetRow[] = [];
  let objectCount = 0;
  for (let i = 0; i < sorted.length; i++) {
    const set = sorted[i]!;
    const newObject = i === 0 || sorted[i - 1]!.noradId !== set.noradId;
    if (newObject) objectCount++;
    if (newObject && chunk.length >= chunkSets) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(catalogSetRow(set, format));
  }
  if (chunk.length > 0) chunks.push(chunk);
  return { chunks, setCount: sorted.length, objectCount };
}
