/**
 * The tracking data's model: an upload job (a TDM, SP3 or OEM file read on the pool into stored measurements), the
 * stored measurements and the tracking contexts (station, participants) they were taken in. storage/ maps rows to
 * these types (measurementJobs.ts, measurements.ts, measurementContexts.ts).
 */

import type { JobStatus } from '../jobs/model.ts';
import type { ContextParticipant, TrackingContext } from '../../engine/tracking/model.ts';
import type { MEASUREMENT_COMPONENTS, MeasurementType } from '../../engine/measurements/observables.ts';

export interface MeasurementJob {
  id: string;
  organizationId: string;
  filename: string;
  format: string;
  contentSha256: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  error: string | null;
  measurementCount: number | null;
  /** What synchronous validation found: measurement context, counts, spacecraft resolution. */
  summary: Record<string, unknown>;
  /** The upload request (one POST) this job came from: every file of one upload shares it. */
  batchId: string;
  /** The spacecraft the file's tracked objects resolved to (sorted). */
  spacecraftIds: string[];
  /** Measurements stored so far (while RUNNING), or in all (SUCCEEDED). */
  rowsStored: number;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewJob {
  /** Default: a new UUID (the upload service picks it to cache the parse under it first). */
  id?: string;
  organizationId: string;
  filename: string;
  format: string;
  contentSha256: string;
  content: Uint8Array;
  summary: Record<string, unknown>;
  /** The upload request's id (default: the job's own id, a batch of one). */
  batchId?: string;
  /** The spacecraft the file resolved to (default: none known). */
  spacecraftIds?: readonly string[];
  maxAttempts?: number;
}

export interface NewMeasurementContext {
  organizationId: string;
  spacecraftId: string;
  jobId: string;
  sourceFile: string;
  /** Stored measurement type of the rows (RANGE, DOPPLER, AZEL, RADEC). */
  measurementType: string;
  /** The staged batch the row belongs to (0: written without staging). */
  batchId?: number;
  /** The ground participant as the file names it (receiver preferred), null when none. */
  stationName: string | null;
  groundStationId: string | null;
  context: TrackingContext;
}

/**
 * A stored context: the TDM fields of TrackingContext as the file gave them, and where they went. Rows stored before
 * the context was kept (migration 0006, `recorded` false) have no segment or keyword and only participant names.
 */
export interface MeasurementContextRecord extends Omit<TrackingContext, 'segmentIndex' | 'dataKeyword' | 'participants'> {
  id: number;
  spacecraftId: string;
  jobId: string;
  sourceFile: string;
  measurementType: string;
  stationName: string | null;
  groundStationId: string | null;
  /** False for rows stored before the context was kept (migration 0006): every TDM field is then null. */
  recorded: boolean;
  measurementCount: number;
  segmentIndex: number | null;
  dataKeyword: string | null;
  participants: ContextParticipant[] | string[];
}

export interface NewMeasurement {
  spacecraftId: string;
  type: MeasurementType;
  /** Fixed-width UTC text, see module comment. */
  epoch: string;
  /** Component values in MEASUREMENT_COMPONENTS order; null for an absent component (e.g. SP3 without V records). */
  values: Array<number | null>;
  units: string[];
  sigma: Array<number | null> | null;
  participants: string[];
  station: string | null;
  /** Frame of the values where it matters (PV, RADEC), else null. */
  frame: string | null;
}

export interface Measurement extends NewMeasurement {
  id: string;
  sourceFile: string;
  jobId: string;
  outlier: boolean;
  createdAt: string;
  /** Its measurement_contexts row (TDM), or null (SP3, OEM). */
  contextId: number | null;
}
