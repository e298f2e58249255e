/** zod schemas (validation + OpenAPI) of the Measurements tag. */
import { z } from '@hono/zod-openapi';
import { pageableQuery, pageSchema } from '../paging.ts';

export const MEASUREMENT_TYPE_VALUES = ['RANGE', 'RADEC', 'AZEL', 'DOPPLER', 'PV'] as const;

const stringOrList = z.union([z.string(), z.array(z.string())]);

export const MeasurementQuerySchema = z.object({
  startDate: z.string().openapi({ description: 'Inclusive start, ISO-8601 instant with zone', example: '2026-11-01T00:00:00Z' }),
  endDate: z.string().openapi({ description: 'Inclusive end, ISO-8601 instant with zone', example: '2026-11-02T00:00:00Z' }),
  spacecraftIds: stringOrList.optional().openapi({
    description: '1 to 100 non-blank values, repeated; each may be a spacecraft id, name, NORAD or COSPAR id. Omit for all; an explicitly empty value is a 400.',
  }),
  measurementTypes: stringOrList.optional().openapi({ description: `Repeated or comma-separated: ${MEASUREMENT_TYPE_VALUES.join(', ')}` }),
  includeOutliers: z.enum(['true', 'false']).optional().openapi({ description: 'Include measurements flagged as outliers (default false)' }),
  ...pageableQuery,
});

const ParticipantSchema = z.object({
  number: z.number().int().openapi({ description: 'n of PARTICIPANT_n' }),
  name: z.string(),
  roles: z.array(z.enum(['TRANSMITTER', 'TRANSPONDER', 'RECEIVER'])).openapi({ description: 'From PATH: first sends, last receives' }),
});

export const MeasurementContextDetailSchema = z
  .object({
    recorded: z.boolean().openapi({ description: 'false for measurements stored before the context was kept: the TDM fields are then null' }),
    segmentIndex: z.number().int().nullable(),
    dataKeyword: z.string().nullable().openapi({ example: 'DOPPLER_INSTANTANEOUS' }),
    participants: z.union([z.array(ParticipantSchema), z.array(z.string())]),
    path: z.array(z.number().int()).nullable().openapi({ description: 'PATH (or PATH_1) as participant numbers', example: [1, 2, 1] }),
    path2: z.array(z.number().int()).nullable(),
    mode: z.string().nullable(),
    timetagRef: z.string().nullable().openapi({ description: 'RECEIVE or TRANSMIT; null = not given (RECEIVE)' }),
    integrationIntervalS: z.number().nullable(),
    integrationRef: z.string().nullable(),
    turnaroundNumerator: z.number().int().nullable(),
    turnaroundDenominator: z.number().int().nullable(),
    rangeMode: z.string().nullable(),
    rangeModulus: z.number().nullable(),
    rangeUnits: z.string().nullable(),
    angleType: z.string().nullable(),
    transmitBand: z.string().nullable(),
    receiveBand: z.string().nullable(),
    referenceFrame: z.string().nullable(),
  })
  .openapi('MeasurementContext');

export const MeasurementSchema = z
  .object({
    id: z.string(),
    spacecraftId: z.string(),
    type: z.enum(MEASUREMENT_TYPE_VALUES),
    epoch: z.string().openapi({ description: 'UTC, microsecond resolution', example: '2026-11-01T12:00:00.000000Z' }),
    values: z.record(z.string(), z.number().nullable()).openapi({
      description: 'RANGE {range}; RADEC {rightAscension, declination}; AZEL {azimuth, elevation}; DOPPLER {doppler}; PV {x, y, z, vx, vy, vz}',
    }),
    units: z.record(z.string(), z.string()).openapi({ description: 'Unit of each value (km, s, RU, deg, km/s, Hz)' }),
    sigma: z.record(z.string(), z.number().nullable()).nullable().openapi({ description: 'Standard deviation of each value where the file gives one' }),
    referenceFrame: z.string().nullable().openapi({ description: 'Frame of PV states and RADEC angles' }),
    participants: z.array(z.string()),
    station: z.string().nullable().openapi({ description: 'The ground participant(s) as the file names them' }),
    groundStationId: z.string().nullable().openapi({ description: 'The ground station the participant resolved to (null: no station has that name or alias)' }),
    context: MeasurementContextDetailSchema.nullable().openapi({ description: 'TDM metadata of the measurement (null for SP3/OEM)' }),
    sourceFile: z.string(),
    jobId: z.string(),
    outlier: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Measurement');

export const MeasurementPageSchema = pageSchema(MeasurementSchema, 'MeasurementPage');

export const UploadFormSchema = z.object({
  files: z.any().openapi({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'TDM, SP3 or OEM files (repeated part)' }),
});

export const InspectFormSchema = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'One TDM, SP3 or OEM file (part `file` or `files`)' }),
});

const FileErrorSchema = z.object({
  blockId: z.string(),
  code: z.string().openapi({ example: 'TRK-1001' }),
  firstEpoch: z.string().nullable(),
  message: z.string(),
});

const MeasurementContextSchema = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  spacecraftIds: z.array(z.string()),
  measurementTypes: z.array(z.string()),
});

export const FileResultSchema = z
  .object({
    filename: z.string(),
    jobId: z.string().nullable(),
    status: z.enum(['success', 'failed']),
    message: z.string(),
    code: z.string().openapi({ example: 'import.tracking.tdm.parse_failed' }),
    errorCode: z.string().nullable().openapi({ example: 'TRK-1001' }),
    errors: z.array(FileErrorSchema),
    params: z.record(z.string(), z.unknown()),
    measurementContext: MeasurementContextSchema.nullable(),
    uncertaintySummary: z.string().nullable(),
  })
  .openapi('TrackingFileResult');

export const BatchUploadResponseSchema = z
  .object({
    successCount: z.number().int(),
    failureCount: z.number().int(),
    totalCount: z.number().int(),
    results: z.array(FileResultSchema),
  })
  .openapi('BatchUploadResponse');

export const InspectResponseSchema = z
  .object({
    filename: z.string(),
    contentHash: z.string().openapi({ description: 'SHA-256 (hex) of the bytes; send back as X-Content-Hash' }),
    format: z.string().nullable(),
    valid: z.boolean(),
    measurementCount: z.number().int(),
    measurementContext: MeasurementContextSchema.nullable(),
    unresolvedObjects: z.array(z.string()),
    uncertaintySummary: z.string().nullable(),
    errors: z.array(FileErrorSchema),
  })
  .openapi('TrackingInspectResponse');

export const JobSchema = z
  .object({
    jobId: z.string(),
    filename: z.string(),
    format: z.string(),
    status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    expectedMeasurementCount: z.number().int().nullable(),
    measurementCount: z.number().int().nullable(),
    error: z.string().nullable(),
    contentHash: z.string(),
    measurementContext: z.unknown(),
    uncertaintySummary: z.string().nullable(),
    stations: z
      .object({ resolved: z.array(z.object({ name: z.string(), stationId: z.string() })), unresolved: z.array(z.string()) })
      .nullable()
      .openapi({ description: 'How the TDM ground participants resolved to ground stations at ingest (null before the job ran, and for SP3/OEM)' }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi('MeasurementJob');

export const OutliersByIdsSchema = z
  .object({
    measurementIds: z.array(z.string().min(1)).min(1, 'must list at least one id').max(1000, 'at most 1000 ids'),
    outlier: z.boolean(),
  })
  .openapi('OutliersByIdsRequest');

export const OutliersByFileSchema = z
  .object({
    fileName: z.string().refine((name) => name.trim().length > 0, 'must not be blank'),
    outlier: z.boolean(),
  })
  .openapi('OutliersByFileRequest');

export const UpdatedCountSchema = z.object({ updatedCount: z.number().int() }).openapi('BulkOutlierResponse');
export const DeletedCountSchema = z.object({ deletedCount: z.number().int() }).openapi('DeleteByFileResponse');
export const DeleteByFileQuerySchema = z.object({
  spacecraftId: z.string().min(1, 'is required'),
  file: z.string().min(1, 'is required').openapi({ description: 'Source file name (exact)' }),
});
