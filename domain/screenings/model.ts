/**
 * The screening's model: where each object's covariance at an approach's TCA came from, and the synthetic NORAD ids
 * of fleet secondaries that have none. Used by the merge on the pool (workers/), the rows (storage/) and the API's
 * schemas alike — one definition.
 */

/** STATE_VECTOR: the primary's stored covariance propagated to TCA; OEM: the OEM's nearest block; CDM: a received CDM's; NONE: unknown. */
import type { CatalogSnapshot } from '../catalog/model.ts';
import type { JobStatus } from '../jobs/model.ts';

export const COVARIANCE_SOURCES = ['STATE_VECTOR', 'OEM', 'CDM', 'NONE'] as const;
/** How a covariance was brought to the approach's TCA. */
export const COVARIANCE_TO_TCA = ['PROPAGATED', 'NEAREST_BLOCK', 'CDM_TCA_WITHIN_WINDOW'] as const;

/** Where one object's covariance at TCA came from (NONE: the Pc is the flagged maximum probability over it). */
export interface CovarianceUsed {
  source: (typeof COVARIANCE_SOURCES)[number];
  /** The state vector (SV-<n>), OEM file, or stored CDM id it came from; null for NONE. */
  reference: string | null;
  /** Epoch of the covariance as given (state epoch, OEM block epoch, CDM TCA), ISO UTC; null for NONE. */
  epoch: string | null;
  toTca: (typeof COVARIANCE_TO_TCA)[number] | null;
}

export interface ApproachCovariances {
  primary: CovarianceUsed;
  secondary: CovarianceUsed;
}

export const NO_COVARIANCE_USED: Readonly<CovarianceUsed> = Object.freeze({ source: 'NONE', reference: null, epoch: null, toTca: null });

/**
 * Synthetic NORAD ids of fleet secondaries that have none: from here up, above any catalog number a TLE or OMM can
 * carry (nine digits at most in an OMM's NORAD_CAT_ID); an approach shows such a secondary with no NORAD id.
 */
export const SYNTHETIC_NORAD_BASE = 900_000_000;

export function isSyntheticNoradId(noradId: number): boolean {
  return noradId >= SYNTHETIC_NORAD_BASE;
}

/**
 * Which primaries a screening screens: the listed ones (PRIMARIES: spacecraft states, stored state vectors or OEMs,
 * searched pair by pair), or every active spacecraft of the organization by its element set (FLEET: the catalog-scale
 * grid sieve, the span cut into time slices), or the whole catalog against itself with the fleet (ALL_VS_ALL, the
 * SOCRATES workload: the fleet as in FLEET, and every pair of catalog objects once).
 */
export const SCREENING_MODES = ['PRIMARIES', 'FLEET', 'ALL_VS_ALL'] as const;
export type ScreeningMode = (typeof SCREENING_MODES)[number];

/** What a screening screens its primaries against: the organization's catalog, its other spacecraft, or both. */
export const SCREENING_SECONDARIES = ['CATALOG', 'FLEET', 'BOTH'] as const;
/** A chunk screens one partition of the secondaries (SCREEN) or merges the screening's results (MERGE). */
export const CHUNK_KINDS = ['SCREEN', 'MERGE'] as const;
export type ChunkKind = (typeof CHUNK_KINDS)[number];
/** Where a SCREEN chunk's secondaries come from. */
export const SECONDARY_SOURCES = ['CATALOG', 'FLEET'] as const;
export type SecondarySource = (typeof SECONDARY_SOURCES)[number];

export interface Screening {
  id: string;
  organizationId: string;
  status: JobStatus;
  /** The request as accepted (JSON text; the service owns its shape). */
  request: string;
  /** The catalog as of the screening's creation: every chunk reads these sets (storage/catalog.ts). */
  catalogSnapshot: CatalogSnapshot;
  spanStart: string;
  spanEnd: string;
  pcThreshold: number;
  chunkCount: number;
  secondaryCount: number;
  cancelRequested: boolean;
  approachCount: number | null;
  eventCount: number | null;
  issues: string | null;
  counts: string | null;
  timings: string | null;
  mergedBy: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewScreeningChunk {
  index: number;
  kind: ChunkKind;
  planKey: string;
  primaryIndices: number[];
  secondarySource: SecondarySource | null;
  fromNoradId: number | null;
  toNoradId: number | null;
  /**
   * Catalog chunks: the first NORAD id of each sub-range of at most a few hundred objects (ascending, the first is
   * fromNoradId): the runner reads the chunk's element sets one sub-range per statement, so that no read holds the
   * event loop (the embedded driver is synchronous) for more than a few milliseconds.
   */
  noradCuts: number[];
  secondaryCount: number;
  /**
   * Sieve chunks (mode FLEET): the slice of the span the chunk screens, s from the span start ([fromS, toS); the last
   * slice ends at the span's end); null for the NORAD-range chunks and the merge.
   */
  slice: { fromS: number; toS: number } | null;
}

export interface ScreeningChunk extends NewScreeningChunk {
  id: string;
  screeningId: string;
  organizationId: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  error: string | null;
  ranBy: string | null;
  attemptOwners: string[];
  approachCount: number | null;
  computeMs: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

// ---- screening (workers/screeningTasks.ts, screeningCovariances.ts) ----

/** A stored state vector's covariance as the merge receives it (storage/stateVectors.ts `StoredCovariance`). */
export interface StateVectorCovarianceSpec {
  /** SV-<n>. */
  stateVectorId: string;
  /** Its frame: a state frame (GCRF, EME2000, TEME, ITRF, TOD, MOD) or RTN/TNW about the state. */
  frame: string;
  /** 6×6 row-major, km², km²/s, km²/s². */
  values: number[];
}

/** A received CDM's covariance of one object, as the merge receives it. */
export interface CdmCovarianceCandidate {
  cdmId: string;
  tca: string;
  /** TCA, s since 1970 UTC. */
  tcaS: number;
  creationDateS: number;
  /** 6×6 row-major RTN, m², m²/s, m²/s². */
  covarianceRtnM2: number[];
}

/**
 * The primary id of an all-vs-all approach between two catalog objects (its primary the one of lower NORAD id), told
 * from a screening primary's index: such an approach is reported, not made a conjunction event (no spacecraft of ours
 * is in it).
 */
export function catalogPrimaryId(noradId: number): string {
  return `norad:${noradId}`;
}

/** The NORAD id of a catalog-pair primary id (`catalogPrimaryId`), else null (a screening primary's index). */
export function catalogPrimaryNoradId(primaryId: string): number | null {
  return primaryId.startsWith('norad:') ? Number(primaryId.slice(6)) : null;
}
