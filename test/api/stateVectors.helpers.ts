/** Shared fixtures of the state-vector and OEM HTTP tests. */
import assert from 'node:assert/strict';
import type { TestService } from '../helpers/service.ts';

/** SSO 700 km (the propagation reference orbit, GCRF) at 2023-03-08T06:30:00Z. */
export const SSO_EPOCH = '2023-03-08T06:30:00Z';
export const SSO_POSITION_KM = [1078.7057558860126, 473.89419427067367, -6987.482439539717];
export const SSO_VELOCITY_KM_S = [6.0638805111585015, -4.359194026524568, 0.643596859521826];

export const DEFAULT_PHYSICS = {
  launchMass: 1000,
  dryMass: 800,
  dragArea: 2,
  dragCoefficient: 2.2,
  srpArea: 2,
  reflectivityCoefficient: 1.3,
};

export async function createSpacecraft(svc: TestService, key: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await svc.request('POST', '/operations/spacecraft', { key, json: { name: `SAT-${Math.random().toString(36).slice(2, 8)}`, ...DEFAULT_PHYSICS, ...body } });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

export interface StateVectorView {
  id: string;
  userDefinedParameters: Record<string, string>;
  spacecraftId: string;
  spacecraftName: string;
  epoch: string;
  position: number[];
  velocity: number[];
  referenceFrame: string;
  mass: number | null;
  sourceType: string;
  converged: boolean | null;
  hasCovariance: boolean;
  covariance: { frame: string; matrix: number[][]; standardDeviations: { positionKm: number[]; velocityKmS: number[] } } | null;
  meanElements: Record<string, number> | null;
  meanElementsTheory: string | null;
  warnings: string[];
  originator: string;
}

export async function createStateVector(svc: TestService, key: string, body: Record<string, unknown>): Promise<StateVectorView> {
  const response = await svc.request('POST', '/operations/state-vectors', { key, json: body });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as StateVectorView;
}

export function ssoState(spacecraftId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { spacecraftId, epoch: SSO_EPOCH, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, referenceFrame: 'GCRF', mass: 1000, ...extra };
}

/** diag(σ²): 10 m per position axis, 1 cm/s per velocity axis (km², km²/s²). */
export function diagonalCovariance(): number[][] {
  const d = [1e-4, 1e-4, 1e-4, 1e-10, 1e-10, 1e-10];
  return d.map((v, i) => d.map((_, j) => (i === j ? v : 0)));
}
