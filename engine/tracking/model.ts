/**
 * Tracking measurements as Apsis stores them, independent of the file format they came from.
 * Each reader (TDM, SP3, OEM) turns its records into these; the service resolves `objectKey`
 * to a spacecraft of the caller's organization.
 */
import { Epoch, EpochParseError, type TimeScale } from '../time/epoch.ts';

export type MeasurementType = 'RANGE' | 'RADEC' | 'AZEL' | 'DOPPLER' | 'PV';
export type TrackingFormat = 'TDM' | 'SP3' | 'OEM';

export interface TrackingMeasurement {
  /** Which tracked object this belongs to: a key of `TrackingFileSummary.objects`. */
  objectKey: string;
  type: MeasurementType;
  /** UTC, fixed width `YYYY-MM-DDThh:mm:ss.ssssssZ` (text order = time order). */
  epochUtc: string;
  values: Array<number | null>;
  units: string[];
  sigma: Array<number | null> | null;
  participants: string[];
  /** Reference frame of the values where it matters (PV states, RADEC angles), else null. */
  frame: string | null;
}

/** A tracked object named by the file, with the identifiers to try (in order) when resolving it. */
export interface TrackedObject {
  key: string;
  candidates: string[];
  /** TDM: the object is one of these participants; the others are stations. */
  participants?: string[];
}

/** Error codes of tracking uploads (README → "Tracking upload error codes"). */
export const TRACKING_ERROR_CODES = {
  PARSE_FAILED: 'TRK-1001',
  UNKNOWN_FORMAT: 'TRK-1002',
  UNRESOLVED_SPACECRAFT: 'TRK-1003',
  NO_MEASUREMENTS: 'TRK-1004',
  UNSUPPORTED_TIME_SYSTEM: 'TRK-1005',
  UNSAFE_XML: 'TRK-1006',
  UNSUPPORTED_CONTENT: 'TRK-1007',
} as const;

export type TrackingErrorCode = (typeof TRACKING_ERROR_CODES)[keyof typeof TRACKING_ERROR_CODES];

export interface TrackingError {
  code: TrackingErrorCode;
  message: string;
  line: number | null;
  /** Segment / block the error is in (e.g. `segment-2`), when known. */
  blockId: string | null;
  /** Epoch of the first record of that block, when known (UTC ISO). */
  firstEpoch: string | null;
}

export interface TrackingFileSummary {
  format: TrackingFormat;
  notation: 'KVN' | 'XML' | 'SP3';
  measurementCount: number;
  objects: TrackedObject[];
  startUtc: string | null;
  endUtc: string | null;
  types: MeasurementType[];
  /** Human-readable statement of the uncertainty information the file carries. */
  uncertaintySummary: string;
  /** Observations of kinds Apsis does not store (e.g. TDM TRANSMIT_FREQ_1), counted per keyword. */
  ignoredRecords: Record<string, number>;
}

export type TrackingParseResult =
  | { ok: true; summary: TrackingFileSummary; measurements: TrackingMeasurement[] }
  | { ok: false; format: TrackingFormat | null; errors: TrackingError[] };

/** Thrown by readers for a content problem that is not a syntax error (time system, unsupported data). */
export class TrackingContentError extends Error {
  constructor(
    readonly code: TrackingErrorCode,
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'TrackingContentError';
  }
}

/**
 * Converts an epoch written in a file's time system to the stored UTC text. Throws
 * TrackingContentError for a time system Apsis cannot convert (e.g. MET), or a bad date.
 */
export function toUtcText(epochText: string, scale: TimeScale | null, timeSystem: string, line: number | null): string {
  if (!scale) {
    throw new TrackingContentError(TRACKING_ERROR_CODES.UNSUPPORTED_TIME_SYSTEM, `time system ${timeSystem} cannot be converted to UTC`, line);
  }
  try {
    return `${Epoch.parse(epochText.replace(/Z$/, ''), scale).toString('UTC', 6)}Z`;
  } catch (error) {
    if (error instanceof EpochParseError) {
      throw new TrackingContentError(TRACKING_ERROR_CODES.PARSE_FAILED, `invalid epoch "${epochText}": ${error.message}`, line);
    }
    throw error;
  }
}

/** Running min/max/type bookkeeping shared by the readers. */
export class SummaryBuilder {
  startUtc: string | null = null;
  endUtc: string | null = null;
  count = 0;
  readonly types = new Set<MeasurementType>();

  add(measurement: TrackingMeasurement): void {
    this.count++;
    this.types.add(measurement.type);
    if (this.startUtc === null || measurement.epochUtc < this.startUtc) this.startUtc = measurement.epochUtc;
    if (this.endUtc === null || measurement.epochUtc > this.endUtc) this.endUtc = measurement.epochUtc;
  }
}
