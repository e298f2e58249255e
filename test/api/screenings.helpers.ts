/**
 * Shared set-up of the screening tests: a primary on a 500 km, 53° circular orbit and a fleet spacecraft that crosses
 * its path 2 km above it, and a small catalog of synthetic element sets stored through storage/catalog.ts.
 *
 * The crossing: at EPOCH both are over the same point of the equator (x axis), B 2 km higher, B's orbit plane turned
 * 10° about the position vector. Their relative position at EPOCH is (2, 0, 0) km and their relative velocity lies in
 * the plane normal to it, so EPOCH is their time of closest approach to first order, with a miss distance of 2 km.
 */
import { MU_EARTH_KM3_S2 } from '../../engine/constants.ts';
import { exactTleLines, type GpElementSet } from '../../engine/tle/gpElements.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { insertCatalogElementSets } from '../../storage/catalog.ts';
import { catalogSetRow } from '../../domain/catalog/catalogRow.ts';
import type { Db } from '../../storage/sql/db.ts';
import { syntheticCatalog } from '../../bench/lib/syntheticCatalog.ts';
import assert from 'node:assert/strict';
import { callServer, type ServerProcess } from '../helpers/serverProcess.ts';

export const EPOCH = '2023-02-15T06:00:00.000Z';
export const DEG = Math.PI / 180;

/** A circular state at radius `radiusKm` over the x axis, in the plane of inclination `inclinationDeg` about x. */
export function circularState(radiusKm: number, inclinationDeg: number): { position: number[]; velocity: number[] } {
  const speed = Math.sqrt(MU_EARTH_KM3_S2 / radiusKm);
  return { position: [radiusKm, 0, 0], velocity: [0, speed * Math.cos(inclinationDeg * DEG), speed * Math.sin(inclinationDeg * DEG)] };
}

export const PRIMARY_STATE = circularState(6878.137, 53);
export const CROSSER_STATE = circularState(6880.137, 63);

/** Stores `sets` in the organization's catalog (as the catalog upload would, one visible batch). */
export async function storeCatalog(db: Db, organizationId: string, sets: readonly GpElementSet[]): Promise<void> {
  for (let start = 0; start < sets.length; start += 500) {
    await insertCatalogElementSets(db, organizationId, { uploadId: 'test-upload', batchId: 0, fileName: 'test.tle', storedAt: new Date().toISOString() }, sets.slice(start, start + 500).map((elements) => catalogSetRow(elements, 'TLE')));
  }
}

/** The sets as a 3LE file (name line, then the two lines of each), for the catalog upload. */
export function threeLineFile(sets: readonly GpElementSet[]): string {
  return sets.map((s) => `${s.name}\n${exactTleLines(s)!.join('\n')}`).join('\n') + '\n';
}

/** A seeded synthetic catalog (bench/lib/syntheticCatalog.ts) of `count` objects with epochs at EPOCH. */
export function smallCatalog(count: number, seed = 25): GpElementSet[] {
  return syntheticCatalog({ count, seed, reference: Epoch.parseInstant(EPOCH) });
}

/**
 * Creates a screening on a server process, polls it (every 250 ms, up to 10 min) until it SUCCEEDED (an assertion
 * otherwise), and reads every approach in pages of 1,000.
 */
export async function runScreeningOn(server: ServerProcess, key: string, body: unknown): Promise<{ view: Record<string, any>; approaches: Array<Record<string, any>> }> {
  const path = '/operations/conjunctions/screenings';
  const created = await callServer(server, key, 'POST', path, body);
  assert.equal(created.status, 202, JSON.stringify(created.body));
  let view = created.body;
  for (let i = 0; i < 2400 && !['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(view.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    view = (await callServer(server, key, 'GET', `${path}/${created.body.id}`)).body;
  }
  assert.equal(view.status, 'SUCCEEDED', JSON.stringify(view));
  const approaches: Array<Record<string, any>> = [];
  for (let page = 0; ; page++) {
    const got = (await callServer(server, key, 'GET', `${path}/${view.id}/approaches?size=1000&page=${page}`)).body;
    approaches.push(...got.content);
    if (page + 1 >= got.totalPages) break;
  }
  return { view, approaches };
}
