/** The catalog's model: the file formats element sets arrive in (CCSDS 502.0-B-3 OMM, or TLE/3LE text). */
import type { GpElementSet } from '../../engine/tle/gpElements.ts';

export const CATALOG_FORMATS = ['TLE', 'OMM'] as const;
export type CatalogFileFormat = (typeof CATALOG_FORMATS)[number];

/** A stored set with its row and what was derived from it. */
export interface CatalogElementSetRecord {
  readonly setId: number;
  readonly elements: GpElementSet;
  readonly epochS: number;
  readonly perigeeAltitudeKm: number;
  readonly apogeeAltitudeKm: number;
  readonly format: 'TLE' | 'OMM';
  readonly uploadId: string;
  readonly fileName: string | null;
  readonly fileLine: number | null;
  readonly storedAt: string;
}

/** An object of the catalog: its current set and how many sets are kept. */
export interface CatalogObjectRecord {
  readonly noradId: number;
  readonly current: CatalogElementSetRecord;
  readonly setCount: number;
}

/** A catalog as of one instant: the sets of id ≤ `asOfSetId` outside `unpublishedBatchIds` (module comment). */
export interface CatalogSnapshot {
  readonly asOfSetId: number;
  /** Batches with sets of the organization that were not yet published when the snapshot was taken. */
  readonly unpublishedBatchIds: readonly number[];
}
