/**
 * The orbit determination's model: a durable job (its status, progress and outcome) over a spacecraft's stored
 * measurements, whose accepted solution becomes a stored state vector. storage/orbitDeterminations.ts maps its rows
 * to these types.
 */

import type { JobStatus } from '../jobs/model.ts';

export interface OrbitDeterminationProgress {
  iteration: number;
  weightedRms: number;
  rejected: number;
  /** One entry per evaluation so far. */
  history: Array<{ iteration: number; weightedRms: number; rejected: number }>;
}

export interface OrbitDetermination {
  id: string;
  organizationId: string;
  spacecraftId: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  /** The request as accepted (normalized). */
  request: Record<string, unknown>;
  aprioriStateVectorNumber: number;
  startEpoch: string;
  endEpoch: string;
  progress: OrbitDeterminationProgress | null;
  converged: boolean | null;
  /** The solution (service-defined JSON), once the fit ended; absent from list reads. */
  solution: Record<string, unknown> | null;
  residualCount: number | null;
  acceptedStateVectorNumber: number | null;
  acceptedAt: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewOrbitDetermination {
  organizationId: string;
  spacecraftId: string;
  request: Record<string, unknown>;
  aprioriStateVectorNumber: number;
  startEpoch: string;
  endEpoch: string;
  maxAttempts?: number;
}

/** What a finished fit stores (converged or not). */
export interface OrbitDeterminationOutcome {
  converged: boolean;
  solution: Record<string, unknown>;
  residualCount: number;
  progress: OrbitDeterminationProgress;
}
