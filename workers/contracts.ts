/**
 * The contracts of the compute pool's tasks: what crosses the thread boundary (inputs, outputs, failure objects and
 * their codes), apart from the task functions that implement them. `api/` imports these and the pool only, never a
 * task module: a task module loads the engine, which must stay off the event-loop thread (a value imported from one
 * would load it there). Type-only imports of engine/ and earthData/ types are fine here; no value import of them is.
 */
import type { EarthDataRefs } from '../earthData/files.ts';
import type { PcMethod } from '../engine/collision/probability.ts';
import type { ScreeningApproach, ScreeningChunkResult, ScreeningSpan, ScreeningVolume, SecondaryInput } from '../engine/collision/screening/index.ts';
import type { StoredStatePropagationInput } from '../engine/propagation/storedState.ts';
import type { GpElementSet } from '../engine/tle/gpElements.ts';
import type { TimeSlice } from '../domain/screenings/slices.ts';
import type { MeasurementBatch, TrackingStreamResult } from '../engine/tracking/index.ts';
import type { PackedProduct } from '../domain/products/packing.ts';
import type { ReceivedCdms } from '../domain/conjunctions/cdmDigest.ts';
import type { AssessedObservation } from '../domain/conjunctions/model.ts';
import type { ApproachObservationContext } from '../domain/screenings/approachObservations.ts';
import type { CovarianceUsed } from '../domain/screenings/model.ts';
import type { StateVectorCovarianceSpec, CdmCovarianceCandidate } from '../domain/screenings/model.ts';

/** A task's failure as a plain object (custom error classes do not survive the thread boundary). */
export interface TaskFailure {
  ok: false;
  kind: 'INVALID_INPUT' | 'UNPROCESSABLE' | 'INTEGRATION' | 'PARSE';
  code: string;
  message: string;
  line?: number;
  details?: Record<string, unknown>;
}

/** What every task that needs Earth data carries: the identities of the files the service selected. */
export interface WithEarthData {
  earthData: EarthDataRefs;
}

/** A primary as a chunk receives it. */
export type ScreeningPrimarySpec = {
  id: string;
  noradId?: number;
  hardBodyRadiusM: number;
  /** Worker cache key of its trajectory (the screening id and the primary's index). */
  cacheKey: string;
} & (
  /** `covariance`: the stored state's, propagated to each TCA by the merge (domain/screenings/covariances.ts). */
  | { kind: 'PROPAGATED'; propagation: StoredStatePropagationInput; covariance?: StateVectorCovarianceSpec }
  /**
   * `oemName`: the file's name, which the approaches' covariance source names (its blocks are read by the merge).
   * `oemParts`: the OEM's UTF-8 text in parts of OEM_PART_BYTES, stored apart from the screening's inputs
   * (storage/screenings.ts) and handed over (moved, not copied) only where it is needed: to a worker that has not
   * built this primary's trajectory yet — a chunk sent without it answers OEM_NOT_LOADED and is sent again with it —
   * and to the merge. The event loop thus never parses it, nor copies it for every chunk.
   */
  | { kind: 'OEM'; oemParts?: Uint8Array[]; oemName?: string; nonGravitationalAccelerationKmS2?: number }
  /**
   * A fleet screening's primary (mode FLEET): a spacecraft by its element set, propagated with SGP4 — `elements` given
   * (its newest stored set, or a TLE fitted to its latest state), or, with `fromCatalog`, its catalog set (`noradId`)
   * as the sieve chunk reads it with the rest of the catalog.
   */
  | { kind: 'GP'; elements?: GpElementSet; fromCatalog?: boolean; fitted?: boolean }
);

/**
 * Bytes per stored part of an OEM primary's text: each part is one row, written and read with a turn of the event loop
 * between two (a 1 MiB part took ~5 ms to insert there: bench:screening).
 */
export const OEM_PART_BYTES = 256 * 1024;

/** The code a chunk or merge answers when an OEM primary's text is needed and was not handed over. */
export const OEM_NOT_LOADED = 'OEM_NOT_LOADED';

/** The code an avoidance plan answers when the catalog's bytes it was sent arrived detached (a task sent again). */
export const CATALOG_NOT_LOADED = 'CATALOG_NOT_LOADED';


export interface ScreeningChunkTaskInput extends WithEarthData {
  span: ScreeningSpan;
  volume: ScreeningVolume;
  primaries: ScreeningPrimarySpec[];
  secondaries: SecondaryInput[];
  /**
   * More secondaries: JSON arrays of element sets as the catalog stores them (engine/tle gpElementsToJson), in UTF-8
   * bytes (storage/catalog.ts catalogElementSetsJson), parsed here — on the event loop, decoding 3,000 sets and cloning
   * them as objects to this thread took 10–20 ms per chunk (bench:screening); as bytes they cross as a memcpy.
   */
  secondaryElementsJson?: Uint8Array[];
  secondaryHardBodyRadiusM: number;
  pcMethod?: PcMethod;
}

export type ScreeningChunkTaskOutput = { ok: true; resultJson: string; approachCount: number; computeMs: number } | TaskFailure;

/**
 * One time slice of a fleet screening (domain/screenings/slices.ts): every GP primary against the catalog (the
 * primaries' own entries left out: they are primaries) and, with `againstEachOther`, against one another, by the grid
 * sieve. The answer as a chunk's (`ScreeningChunkTaskOutput`), its TCAs from the span start.
 */
export interface ScreeningSieveTaskInput extends WithEarthData {
  span: ScreeningSpan;
  slice: TimeSlice;
  volume: ScreeningVolume;
  primaries: ScreeningPrimarySpec[];
  /** The catalog as element-set JSON bytes (storage/catalog.ts catalogElementSetsJson); the primaries' sets among them. */
  catalogElementsJson: Uint8Array[];
  againstCatalog: boolean;
  againstEachOther: boolean;
  /**
   * ALL_VS_ALL: every pair of catalog objects too (the catalog against itself); such an approach's primary is the
   * object of lower NORAD id, its primaryId `catalogPrimaryId` (domain/screenings/model.ts) and its `primaryName` set.
   */
  catalogPairs?: boolean;
  secondaryHardBodyRadiusM: number;
  pcMethod?: PcMethod;
}


/**
 * Approaches per batch handed to the event loop, which parses, shapes and stores one batch per turn (200 took it
 * several milliseconds with their INSERT: bench:screening).
 */
export const MERGE_BATCH = 50;

/** What the merge needs to write the CDM of an approach: per primary and per secondary NORAD id, the CDM objects. */
export interface ScreeningMergeTaskInput extends WithEarthData {
  /** The SCREEN chunks' results (JSON texts), any order. */
  results: string[];
  pcThreshold: number;
  /** The screening span's start (the approaches' `tcaS` origin). */
  spanStartUtc: string;
  /** The primaries as the chunks received them (by index = primary id): their covariances are attached here. */
  primarySpecs: ScreeningPrimarySpec[];
  /** The organization's Pc method when both covariances are known (conjunction settings). */
  pcMethod: PcMethod;
  /** Received CDMs' covariances by object designator (NORAD id), and the TCA window they apply within, s. */
  secondaryCovariances: Record<string, CdmCovarianceCandidate[]>;
  cdmCovarianceWindowS: number;
  /** What the approaches' conjunction observations share: the CDM's common fields, our spacecraft, the radii. */
  events: ApproachObservationContext;
  /** The results are time slices' (mode FLEET): an approach two neighbouring slices both kept is kept once. */
  sliced?: boolean;
}

/** One approach as the merge hands it to the event loop (the states at TCA stay on the worker: they went into the CDM). */
export type MergedApproach = Omit<ScreeningApproach, 'primaryStateGcrf' | 'secondaryStateGcrf'> & {
  /** Which covariances the Pc used. */
  covariances: { primary: CovarianceUsed; secondary: CovarianceUsed };
  /** A catalog pair's primary (all-vs-all, `catalogPrimaryId`): its name as the catalog gives it. */
  primaryName?: string | null;
};

export interface ScreeningMergeTaskOutput {
  ok: true;
  approachCount: number;
  /**
   * The approaches in their total order as JSON arrays of at most MERGE_BATCH: the event loop parses one batch at a
   * time, just before storing it, instead of deserializing thousands of approaches in one step.
   */
  approachBatches: string[];
  issues: ScreeningMergeIssue[];
  counts: ScreeningChunkResult['counts'];
  timings: ScreeningChunkResult['timings'];
  /**
   * The approaches whose Pc reaches the threshold as conjunction observations (domain/screenings/approachObservations.ts):
   * their digests in one batch (`received`, cdmDigest.ts `receiveCdms`), and per approach (by index in the merged
   * order, `received.outcomes` in the same order) its CDM text for download, our spacecraft, the radius and Pc.
   */
  observations: {
    received: ReceivedCdms;
    /** Each approach's CDM as UTF-8 (kept for download) with its SHA-256, made on the pool. */
    items: Array<{ index: number; bytes: Uint8Array; contentSha256: string; spacecraftIds: [string, string | null]; assessed: AssessedObservation }>;
  };
  cdmProblems: Array<{ index: number; message: string }>;
}

/** The chunks' issues, and a primary whose covariance could not be used (its Pc values stay the maximum probability). */
export type ScreeningMergeIssue = ScreeningChunkResult['issues'][number] | { code: 'PRIMARY_COVARIANCE_UNUSABLE'; primaryId: string; message: string };


/** The OBJECT_NAME and OBJECT_ID of an OEM segment: the object its states are of. */
export interface OemObjectIdentity {
  objectName: string;
  objectId: string;
}


// ---- conjunction (workers/conjunctionTasks.ts) ----

/** One message to read: where its bytes are in the task's buffer, and its first line in the file it came in. */
export interface CdmUnit {
  offset: number;
  length: number;
  firstLine: number;
}


// ---- catalog (workers/catalogTasks.ts) ----


// ---- events (workers/eventTasks.ts) ----

/** What the caller wants back: the request forms, and EVENT_PLAN (passes with eclipses and orbit shares, one JSON document). */
export type EventAnswerForm = 'PASSES' | 'PASSES_CSV' | 'PASSES_ICS' | 'PASS_SKY_SVG' | 'ECLIPSES' | 'ORBIT_EVENTS' | 'EVENT_PLAN';

export type PredictEventsTaskOutput =
  | { ok: true; form: 'PASSES_CSV' | 'PASSES_ICS' | 'PASS_SKY_SVG'; text: string; found: boolean }
  | { ok: true; form: 'PASSES' | 'ECLIPSES' | 'ORBIT_EVENTS' | 'EVENT_PLAN'; view: Record<string, unknown>; found: boolean }
  | { ok: true; form: EventAnswerForm; product: PackedProduct; found: true; counts: Record<string, number> }
  | TaskFailure;


// ---- tracking (workers/tasks.ts) ----

/** Messages of `tracking.stream` on its port: batches in order, then exactly one `end`. */
export type TrackingStreamMessage = { batch: MeasurementBatch } | { end: TrackingStreamResult };

export type TrackingFileInput = { bytes: Uint8Array; text?: undefined } | { text: string; bytes?: undefined };

// ---- the task table's names and types (workers/tasks.ts) ----

export type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/**
 * The secondaries as the runner sends them: the catalog's element sets as stored (JSON, one array per sub-range, as
 * the screening chunks get them: decoded on the worker, off the event loop), which of them are our spacecraft (NORAD
 * id → spacecraft id), and our spacecraft not screened (no catalog set).
 */
export type AvoidanceSecondariesInput =
  | { skipped: string }
  | {
    /**
     * The catalog's element sets as JSON arrays in UTF-8 bytes (storage/catalog.ts catalogElementSetsJson), moved to
     * the worker (a transfer list: the whole catalog, 17 MB at 45,000 objects, would hold the event loop while
     * cloned); `catalogBytes` their lengths, so a worker handed detached buffers (a retried task) says so.
     */
    catalogElementsJson: Uint8Array[];
    catalogBytes: number[];
    /** Our spacecraft among the secondaries by NORAD id (engine id for one without), and those screened from a fitted TLE. */
    fleetSpacecraft: Record<string, string>;
    fittedTle: number[];
    /** Secondaries' covariances from received CDMs by NORAD id, and the window within which one applies. */
    cdmCovariances: Record<string, CdmCovarianceCandidate[]>;
    cdmCovarianceWindowS: number;
    catalogObjectCount: number;
    notScreened: string[];
  };
