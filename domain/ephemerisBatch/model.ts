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

/**
 * A slice of a batch: consecutive items `[firstItem, firstItem + itemCount)`, run by whichever instance claims it
 * (storage/ephemerisBatches.ts). `ranBy` is the owner whose completion stored its entries; `attemptOwners` every owner
 * that claimed it, in order (a takeover shows as a second owner).
 */
export interface BatchSlice {
  id: string;
  batchId: string;
  organizationId: string;
  index: number;
  firstItem: number;
  itemCount: number;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  itemsDone: number;
  itemsFailed: number;
  ranBy: string | null;
  attemptOwners: string[];
  error: string | null;
}

/**
 * One item's outcome as a slice stores it: its ZIP entry (deflated on the worker) and manifest fields, or its failure.
 * `stateVectorId` / `spacecraftId` are those used (OK) or those the item named (FAILED, '' when it named none).
 */
export type BatchItemEntry =
  | { index: number; ok: true; name: string; stateVectorId: string; spacecraftId: string; crc: number; sizeBytes: number; data: Uint8Array; spanStart: string; spanEnd: string }
  | { index: number; ok: false; stateVectorId: string; spacecraftId: string; error: string; message: string };

/** The items per slice: a slice is a few minutes of one worker's time, and a takeover redoes at most one slice. */
export const BATCH_SLICE_ITEMS = 250;

/** Slices of `itemCount` items, `sliceItems` each (the last shorter): [firstItem, itemCount] per slice. */
export function batchSlices(itemCount: number, sliceItems = BATCH_SLICE_ITEMS): Array<{ firstItem: number; itemCount: number }> {
  const size = Math.max(1, Math.floor(sliceItems));
  const slices: Array<{ firstItem: number; itemCount: number }> = [];
  for (let first = 0; first < itemCount; first += size) slices.push({ firstItem: first, itemCount: Math.min(size, itemCount - first) });
  return slices;
}
