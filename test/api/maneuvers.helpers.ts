/** Shared setup of the maneuver HTTP tests (not a test file itself). */
import { filesForm } from '../helpers/service.ts';
import assert from 'node:assert/strict';
import type { TestService } from '../helpers/service.ts';

export interface SpacecraftOptions {
  name?: string;
  launchMass?: number | null;
  dryMass?: number | null;
  noradId?: number | null;
  cosparId?: string | null;
  externalKey?: string | null;
}

/** Registers a spacecraft through the API and returns its id. */
export async function createSpacecraft(svc: TestService, key: string, options: SpacecraftOptions = {}): Promise<string> {
  const response = await svc.request('POST', '/operations/spacecraft', {
    key,
    json: { name: options.name ?? `craft-${Math.random().toString(36).slice(2, 8)}`, launchMass: 1000, ...options },
  });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

export interface SegmentJson {
  referenceEpoch: string;
  duration: number;
  thrX: number;
  thrY: number;
  thrZ: number;
  thrISP: number;
  attitudeMode: string;
}

export function segment(referenceEpoch: string, duration: number, overrides: Partial<SegmentJson> = {}): SegmentJson {
  return { referenceEpoch, duration, thrX: 0, thrY: 1, thrZ: 0, thrISP: 300, attitudeMode: 'TNW', ...overrides };
}

export function maneuver(spacecraftId: string, name: string, composition: SegmentJson[], extra: Record<string, unknown> = {}) {
  return { spacecraftId, name, attitudeMode: 'TNW', composition, ...extra };
}

/** POST /operations/maneuvers; returns the response. */
export async function create(svc: TestService, key: string, maneuvers: unknown[]): Promise<Response> {
  return await svc.request('POST', '/operations/maneuvers', { key, json: { maneuvers } });
}

export async function createOk(svc: TestService, key: string, maneuvers: unknown[]): Promise<void> {
  const response = await create(svc, key, maneuvers);
  assert.equal(response.status, 201, await response.clone().text());
}

export function detailPath(maneuverId: string, spacecraftId: string): string {
  return `/operations/maneuvers/${encodeURIComponent(maneuverId)}?spacecraftId=${encodeURIComponent(spacecraftId)}`;
}

export async function getDetail(svc: TestService, key: string, maneuverId: string, spacecraftId: string): Promise<Record<string, unknown>> {
  const response = await svc.request('GET', detailPath(maneuverId, spacecraftId), { key });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as Record<string, unknown>;
}

export function listPath(spacecraftIds: string[], startDate: string, endDate: string): string {
  const params = new URLSearchParams();
  for (const id of spacecraftIds) params.append('spacecraftIds', id);
  params.set('startDate', startDate);
  params.set('endDate', endDate);
  return `/operations/maneuvers?${params}`;
}

export { filesForm };

export async function importFiles(
  svc: TestService,
  key: string,
  files: Array<{ name: string; content: string | Uint8Array }>,
  options: { spacecraftId?: string; headers?: Record<string, string>; inspect?: boolean } = {},
): Promise<Response> {
  const query = options.spacecraftId ? `?spacecraftId=${encodeURIComponent(options.spacecraftId)}` : '';
  const path = `/operations/maneuvers/import${options.inspect ? '/inspect' : ''}${query}`;
  return await svc.request('POST', path, { key, body: filesForm(files), headers: options.headers });
}
