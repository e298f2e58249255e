/** Conjunction screening schemas (validation + OpenAPI): the request, the job, its approaches. */
import { z } from '@hono/zod-openapi';
import { MAX_VOLUME_SEMI_AXIS_KM } from '../../engine/collision/screening/index.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { CHUNK_KINDS, COVARIANCE_SOURCES, COVARIANCE_TO_TCA, SCREENING_MODES, SCREENING_SECONDARIES, SECONDARY_SOURCES } from '../../domain/screenings/model.ts';
import { DEFAULT_SLICE_S } from '../../domain/screenings/slices.ts';
import { pageableQuery } from '../http/paging.ts';
import { queryFlag } from './queryFlag.ts';
import { JOB_STATUSES } from '../../domain/jobs/model.ts';

export const SCREENING_MAX_SPAN_DAYS = 14;
export const SCREENING_MAX_PRIMARIES = 50;
export const SCREENING_DEFAULT_PC_THRESHOLD = 1e-7;
export const SCREENING_DEFAULT_DURATION_DAYS = 7;
export const SCREENING_DEFAULT_SECONDARIES_PER_CHUNK = 3000;

const semiAxisKm = z.number().positive().max(MAX_VOLUME_SEMI_AXIS_KM);
const id = z.string().min(1).max(MAX_ID_LENGTH);

export const ScreeningPrimaryRequestSchema = z
  .object({
    spacecraftId: id.optional().openapi({
      description: 'Our spacecraft: alone, its latest eligible stored state propagated with its force model and stored maneuvers; with `oemFile`, the spacecraft the hypothetical trajectory is of',
    }),
    stateVectorId: id.optional().openapi({ description: 'A stored state vector (`SV-<n>`), propagated with its spacecraft’s force model and stored maneuvers' }),
    oemFile: z.string().min(1).max(255).optional().openapi({
      description: 'The file name of a multipart part `files`: an OEM (CCSDS 502.0) screened as is, e.g. a planned maneuver’s trajectory (requires spacecraftId)',
    }),
    nonGravitationalAccelerationKmS2: z.number().positive().max(1).optional().openapi({
      description: 'OEM primaries: bound on the trajectory’s non-gravitational acceleration (km/s², default 1e-4); raise it to the largest thrust/mass of burns in the OEM',
    }),
  })
  .strict()
  .superRefine((p, ctx) => {
    const kinds = [p.spacecraftId !== undefined && p.oemFile === undefined, p.stateVectorId !== undefined, p.oemFile !== undefined].filter(Boolean).length;
    if (kinds !== 1 || (p.stateVectorId !== undefined && p.spacecraftId !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of spacecraftId, stateVectorId, or oemFile with spacecraftId' });
    } else if (p.oemFile !== undefined && p.spacecraftId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['spacecraftId'], message: 'an OEM primary names the spacecraft it is a trajectory of' });
    }
  })
  .openapi('ScreeningPrimaryRequest');

export const ScreeningVolumeSchema = z
  .discriminatedUnion('shape', [
    z.object({ shape: z.literal('SPHERE'), radiusKm: semiAxisKm }).strict(),
    z.object({ shape: z.literal('ELLIPSOID'), radialKm: semiAxisKm, inTrackKm: semiAxisKm, crossTrackKm: semiAxisKm }).strict(),
  ])
  .openapi('ScreeningVolume', { description: 'About the primary in its RTN frame, km (semi-axes R, T, N for the ellipsoid)' });

export const SCREENING_DEFAULT_SLICE_HOURS = DEFAULT_SLICE_S / 3600;
/**
 * The longest slice, h: a slice's chunk holds every object's samples and the sieve's kept (pair, step) lists for the
 * whole slice on one worker (2,000 primaries × 45,000 objects × 12 h peaked at ~1 GiB per worker), within the sieve
 * task's time budget (workers/budgets.ts).
 */
export const SCREENING_MAX_SLICE_HOURS = 24;

export const CreateScreeningSchema = z
  .object({
    mode: z.enum(SCREENING_MODES).optional().openapi({
      description: 'PRIMARIES (default): the listed `primaries`, searched pair by pair. FLEET: every active spacecraft of the organization is a primary, by its element set (its catalog set, else its newest stored set, else a TLE fitted to its latest state, flagged), screened by the catalog-scale grid sieve with the span cut into time slices (`sliceHours`); `primaries` is then not given. ALL_VS_ALL: the fleet as in FLEET and every pair of catalog objects once (the catalog against itself; secondaries BOTH): approaches between two catalog objects are reported (their primary the one of lower NORAD id) but are not conjunction events of ours',
    }),
    primaries: z.array(ScreeningPrimaryRequestSchema).min(1).max(SCREENING_MAX_PRIMARIES).optional().openapi({
      description: `Mode PRIMARIES (required there): at most ${SCREENING_MAX_PRIMARIES} primaries; a whole fleet is screened with mode FLEET`,
    }),
    secondaries: z.enum(SCREENING_SECONDARIES).openapi({
      description: 'CATALOG: the organization’s catalog as of now; FLEET: our spacecraft other than the primaries (their catalog set, else a TLE fitted from their latest state, flagged) — in mode FLEET, the primaries against one another; BOTH',
    }),
    sliceHours: z.number().min(1).max(SCREENING_MAX_SLICE_HOURS).optional().openapi({
      description: `Modes FLEET and ALL_VS_ALL: the length of the span's time slices, h (1–${SCREENING_MAX_SLICE_HOURS}, default ${SCREENING_DEFAULT_SLICE_HOURS}): the unit of work instances claim, each slice every primary against every secondary`,
    }),
    start: z.string().max(64).optional().openapi({ description: 'Span start, ISO-8601 UTC (default: now)', example: '2026-11-26T00:00:00Z' }),
    durationDays: z.number().positive().max(SCREENING_MAX_SPAN_DAYS).optional().openapi({ description: `Span length, days (≤ ${SCREENING_MAX_SPAN_DAYS}, default 7)` }),
    volume: ScreeningVolumeSchema,
    pcThreshold: z.number().min(0).max(1).optional().openapi({
      description: 'Approaches whose Pc (or maximum-probability Pc) reaches it become conjunction events (source SCREENING) with a CDM each (default 1e-7)',
    }),
    secondariesPerChunk: z.number().int().min(10).max(5000).optional().openapi({
      description: 'Mode PRIMARIES: secondaries per chunk (catalog partitions by NORAD id range, and the fleet): the unit of work instances claim (default 3000)',
    }),
  })
  .strict()
  .superRefine((r, ctx) => {
    if ((r.mode ?? 'PRIMARIES') === 'PRIMARIES') {
      if (r.primaries === undefined) ctx.addIssue({ code: 'custom', path: ['primaries'], message: 'is required in mode PRIMARIES (or screen every spacecraft with mode FLEET)' });
      if (r.sliceHours !== undefined) ctx.addIssue({ code: 'custom', path: ['sliceHours'], message: 'applies to mode FLEET only' });
    } else {
      if (r.primaries !== undefined) ctx.addIssue({ code: 'custom', path: ['primaries'], message: `is not given in mode ${r.mode}: every active spacecraft is a primary` });
      if (r.secondariesPerChunk !== undefined) ctx.addIssue({ code: 'custom', path: ['secondariesPerChunk'], message: `applies to mode PRIMARIES only (mode ${r.mode} is cut by time: sliceHours)` });
      if (r.mode === 'ALL_VS_ALL' && r.secondaries !== 'BOTH') ctx.addIssue({ code: 'custom', path: ['secondaries'], message: 'must be BOTH in mode ALL_VS_ALL: every pair of the catalog and the fleet is screened' });
    }
  })
  .openapi('CreateScreeningRequest');

export type CreateScreeningRequest = z.infer<typeof CreateScreeningSchema>;

export const CreateScreeningFormSchema = z
  .object({
    request: z.string().openapi({ description: 'The CreateScreeningRequest as JSON text (one part: sent twice, or as a file, it is a 400 naming it)' }),
    files: z.custom<unknown>(() => true).optional().openapi({
      type: 'array', items: { type: 'string', format: 'binary' },
      description: 'OEM files named by the primaries’ `oemFile` (repeated part; each file name once, each named by a primary, each of that primary’s spacecraft)',
    } as never),
  })
  .openapi('CreateScreeningForm');

const IssueSchema = z.object({
  code: z.string().openapi({ description: 'SGP4_UNUSABLE_IN_SPAN, SGP4_FAILED_DURING_SPAN, ELEMENTS_REFUSED, FLEET_NOT_SCREENED, FLEET_SHARED_NORAD_ID, NOT_AN_EVENT…' }),
  primaryId: z.string().optional(),
  secondaryNoradId: z.number().int().optional(),
  spacecraftId: z.string().optional(),
  screenedUntilS: z.number().optional().openapi({ description: 'Screened until this many seconds after the span start (a decaying object)' }),
  message: z.string(),
});

export const ScreeningSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    request: z.record(z.string(), z.unknown()).openapi({ description: 'The request as accepted (defaults filled in)' }),
    spanStart: z.string(),
    spanEnd: z.string(),
    pcThreshold: z.number(),
    catalogAsOfSetId: z.number().int().openapi({ description: 'The catalog snapshot every chunk reads (largest element-set id at creation)' }),
    secondaryCount: z.number().int(),
    progress: z.object({
      chunksDone: z.number().int(),
      chunksRunning: z.number().int(),
      chunksTotal: z.number().int(),
      approachesSoFar: z.number().int().openapi({ description: 'Approaches found by the chunks done so far' }),
    }),
    approachCount: z.number().int().nullable().openapi({ description: 'Once merged' }),
    eventCount: z.number().int().nullable().openapi({ description: 'Approaches that became conjunction events (Pc ≥ threshold)' }),
    issues: z.array(IssueSchema).openapi({ description: 'Secondaries (or parts of the span) not screened, and why; approaches that could not become events' }),
    counts: z.record(z.string(), z.number()).nullable().openapi({ description: 'Pairs and evaluations per stage (engine counts), once merged' }),
    timings: z.record(z.string(), z.number()).nullable().openapi({ description: 'Worker ms per stage summed over chunks (setupMs, filtersMs, samplingMs, refinementMs, pcMs), storingMs (the merge’s CDM ingest and approach rows), and the merging instance’s event-loop delay since it ran the first chunk (eventLoopDelayP99Ms, eventLoopDelayMaxMs)' }),
    chunks: z.array(
      z.object({
        index: z.number().int(),
        kind: z.enum(CHUNK_KINDS),
        planKey: z.string(),
        secondarySource: z.enum(SECONDARY_SOURCES).nullable(),
        fromNoradId: z.number().int().nullable(),
        toNoradId: z.number().int().nullable(),
        secondaryCount: z.number().int(),
        slice: z.object({ fromS: z.number(), toS: z.number() }).nullable().openapi({ description: 'Mode FLEET: the time slice the chunk screens, s from the span start' }),
        status: z.enum(JOB_STATUSES),
        attempts: z.number().int(),
        attemptOwners: z.array(z.string()).openapi({ description: 'The instance (lease owner) of each attempt, in order' }),
        ranBy: z.string().nullable().openapi({ description: 'The instance that completed it' }),
        approachCount: z.number().int().nullable(),
        computeMs: z.number().nullable(),
        error: z.string().nullable(),
      }),
    ),
    mergedBy: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi('Screening');

const CovarianceUsedSchema = z
  .object({
    source: z.enum(COVARIANCE_SOURCES).openapi({
      description: 'STATE_VECTOR: the primary state vector\'s covariance propagated to TCA through the state transition matrix; OEM: the uploaded OEM\'s covariance block nearest to TCA (flag PRIMARY_COVARIANCE_NOT_AT_TCA states its offset); CDM: the object\'s RTN covariance in a received CDM whose TCA lies within the event grouping window of this TCA; NONE: unknown',
    }),
    reference: z.string().nullable().openapi({ description: 'The state vector (SV-<n>), OEM file and line, or CDM id' }),
    epoch: z.string().nullable().openapi({ description: 'Epoch of the covariance as given (state epoch, OEM block epoch, CDM TCA)' }),
    toTca: z.enum(COVARIANCE_TO_TCA).nullable(),
  })
  .openapi('ScreeningCovarianceUsed');

export const ScreeningApproachSchema = z
  .object({
    seq: z.number().int().openapi({ description: '1-based position in the screening’s total order (TCA, primary, NORAD id)' }),
    primary: z.object({
      index: z.number().int().nullable().openapi({ description: 'The primary among the screening’s (mode FLEET: its index among the fleet); null for a pair of two catalog objects (mode ALL_VS_ALL)' }),
      spacecraftId: z.string().nullable().openapi({ description: 'Our spacecraft; null for a pair of two catalog objects' }),
      noradId: z.number().int().nullable().openapi({ description: 'A pair of two catalog objects (mode ALL_VS_ALL): the primary, the one of lower NORAD id' }),
      name: z.string().nullable().openapi({ description: 'That catalog object’s name' }),
    }),
    secondary: z.object({
      noradId: z.number().int().nullable(),
      name: z.string().nullable(),
      spacecraftId: z.string().nullable().openapi({ description: 'Set when the secondary is one of our spacecraft' }),
      fittedTle: z.boolean().openapi({ description: 'Our spacecraft screened from a TLE fitted to its latest state (no catalog set)' }),
    }),
    tca: z.string(),
    missDistanceM: z.number(),
    relativeSpeedMS: z.number(),
    relativePositionRtnM: z.array(z.number()).length(3),
    relativeVelocityRtnMS: z.array(z.number()).length(3),
    pc: z.number().nullable(),
    pcMethod: z.string().nullable(),
    pcIsMaximumProbability: z.boolean().nullable(),
    flags: z.array(z.object({ code: z.string(), message: z.string() })),
    covariances: z.object({ primary: CovarianceUsedSchema, secondary: CovarianceUsedSchema }).openapi({
      description: 'The covariances the Pc used: both known → the organization\'s Pc method; one → Alfriend\'s maximum over it (flag MAXIMUM_PROBABILITY_ONE_COVARIANCE); none → the maximum probability (MAXIMUM_PROBABILITY_NO_COVARIANCE)',
    }),
    conjunctionEventId: z.string().nullable().openapi({ description: 'The conjunction event its CDM joined (Pc ≥ threshold)' }),
    cdmId: z.string().nullable(),
    eventProblem: z.string().nullable(),
  })
  .openapi('ScreeningApproach');

export const ScreeningPathSchema = z.object({ id: z.string().min(1).max(MAX_ID_LENGTH).openapi({ param: { name: 'id', in: 'path' }, description: 'Screening id' }) });
export const ScreeningListQuerySchema = z.object({ ...pageableQuery });
export const SCREENING_SORTABLE = ['createdAt', 'status'] as const;
export const ScreeningApproachQuerySchema = z.object({
  ...pageableQuery,
  spacecraftId: z.string().max(MAX_ID_LENGTH).optional().openapi({ description: 'Only the approaches of this spacecraft, as the primary or as the secondary (our fleet’s)' }),
  ours: queryFlag('true: only the approaches with one of our spacecraft (mode ALL_VS_ALL: not the pairs of two catalog objects)'),
  minPc: z.string().optional().openapi({ type: 'number', description: 'Only approaches with Pc ≥ this' } as never),
  maxMissDistanceM: z.string().optional().openapi({ type: 'number', description: 'Only approaches with a miss distance ≤ this (m)' } as never),
});
export const APPROACH_SORTABLE = ['tca', 'missDistanceM', 'pc', 'seq'] as const;
