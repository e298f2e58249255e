/** Schemas of residuals against an orbit and of orbit-determination residual pages (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { EpochSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { OBSERVABLE_KINDS, OBSERVABLES } from '../../engine/measurements/observables.ts';

/** The types a tracking selection names: each model kind, followed by its stored type where the name differs (RANGE_RATE = DOPPLER). */
export const TRACKING_TYPE_ENUM: readonly string[] = OBSERVABLE_KINDS.flatMap((kind) =>
  OBSERVABLES[kind].storedType === kind ? [kind] : [kind, OBSERVABLES[kind].storedType]);

/** What a residual request and an orbit determination both select: a spacecraft's tracking data of a span. */
export const trackingSpanFields = {
  spacecraftId: z.string().min(1, 'is required'),
  startDate: z.string().min(1, 'is required').openapi({ description: 'Inclusive start of the span (ISO-8601 instant with zone)', example: '2023-02-10T00:00:00Z' }),
  endDate: z.string().min(1, 'is required').openapi({ description: 'Inclusive end; after startDate, at most 30 days later', example: '2023-02-11T00:00:00Z' }),
  measurementTypes: z.array(z.string()).optional().openapi({ description: `Stored types (${TRACKING_TYPE_ENUM.join(', ')}; RANGE_RATE = DOPPLER); default all` }),
  stationIds: z.array(z.string().min(1)).max(100, 'at most 100 stations').optional().openapi({ description: 'Only measurements of these ground stations (unknown id → 404)' }),
};

export const ResidualsRequestSchema = z
  .object({
    ...trackingSpanFields,
    stateVectorId: z.string().optional().openapi({ description: 'SV-<n> of this spacecraft; default the latest eligible state (GET /state-vectors/latest rule)' }),
    includeOutliers: z.boolean().optional().openapi({ description: 'Include measurements flagged as outliers (default false); they are marked in the rows' }),
  })
  .openapi('ResidualsRequest');

export type ResidualsRequest = z.infer<typeof ResidualsRequestSchema>;

export const ResidualPageQuerySchema = z.object({ ...pageableQuery });

const numbers = z.array(z.number());

export const ResidualRowSchema = z
  .object({
    measurementId: z.string(),
    type: z.string().nullable().openapi({ description: `Stored type (${OBSERVABLE_KINDS.map((kind) => OBSERVABLES[kind].storedType).join(', ')})` }),
    kind: z.string().openapi({ description: `Model: ${OBSERVABLE_KINDS.join(', ')}` }),
    epoch: EpochSchema,
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    components: z.array(z.string()),
    units: z.array(z.string()).openapi({ description: 'km, km/s, deg per component' }),
    observed: numbers.openapi({ description: 'Observed value, the station bias removed' }),
    computed: numbers,
    residual: numbers.openapi({ description: 'observed − computed; azimuth and right ascension wrapped to ±180°' }),
    normalized: numbers.openapi({ description: 'residual / sigma' }),
    sigma: numbers,
    elevationDeg: z.number().nullable(),
    belowMask: z.boolean(),
    outlier: z.boolean(),
    rejected: z.boolean().optional().openapi({ description: 'Orbit determination only: not used by the final iteration' }),
    rejectionReason: z.string().nullable().optional().openapi({ description: 'FLAGGED_OUTLIER, ELEVATION_MASK or EDITOR' }),
  })
  .openapi('ResidualRow');

export const ResidualStatisticsSchema = z
  .object({
    kind: z.string(),
    stationId: z.string().nullable(),
    stationName: z.string().nullable(),
    count: z.number().int(),
    components: z.array(z.string()),
    units: z.array(z.string()),
    mean: numbers,
    rms: numbers,
    min: numbers,
    max: numbers,
    normalizedRms: z.number(),
    normalized: z.object({ mean: numbers, rms: numbers, min: numbers, max: numbers }),
  })
  .openapi('ResidualStatistics');

export const SkippedSummarySchema = z
  .object({
    count: z.number().int(),
    reasons: z.array(z.object({ reason: z.string(), count: z.number().int(), measurementIds: z.array(z.string()).openapi({ description: 'The first 20' }) })),
  })
  .openapi('SkippedMeasurements');

export const ResidualPageSchema = pageSchema(ResidualRowSchema, 'ResidualPage');

export const ResidualsResponseSchema = z
  .object({
    spacecraftId: z.string(),
    stateVectorId: z.string(),
    stateEpoch: EpochSchema,
    startDate: EpochSchema,
    endDate: EpochSchema,
    storedCount: z.number().int().openapi({ description: 'Stored measurements selected by the request' }),
    modelledCount: z.number().int(),
    residualCount: z.number().int(),
    skipped: SkippedSummarySchema,
    warnings: z.array(z.string()),
    statistics: z.object({ byType: z.array(ResidualStatisticsSchema), byStation: z.array(ResidualStatisticsSchema) }),
    residuals: ResidualPageSchema,
  })
  .openapi('ResidualsResponse');
