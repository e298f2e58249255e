/**
 * The batch OEM's model: a durable job making many OEMs into one ZIP, and the items that failed with their reasons.
 * storage/ephemerisBatches.ts maps its rows to these types; the request's own rules are domain/ephemerisBatch/request.ts.
 */

import type { JobStatus } from '../jobs/model.ts';

export interface EphemerisBatch {
  id: string;
  organizationId: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  itemCount: number;
  itemsDone: number;
  itemsFailed: number;
  retentionDays: number;
  cancelRequested: boolean;
  productId: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface BatchFailure {
  index: number;
  error: string;
  message: string;
}
