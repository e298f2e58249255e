/** zod schemas (validation + OpenAPI) of the Measurements tag. */
import { z } from '@hono/zod-openapi';
import { queryFlag } from './queryFlag.ts';
import { fileNameProblem, MAX_FILE_NAME_LENGTH } from '../http/fileNames.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { idString } from './limits.ts';
import { MEASUREMENT_COMPONENTS, MEASUREMENT_TYPES } from '../../engine/measurements/observables.ts';
import { JOB_STATUSES } from '../../domain/jobs/model.ts';
import { UPLOAD_RESULT_STATUSES } from '../http/results.ts';
import { PARTICIPANT_ROLES } from '../../engine/tracking/model.ts';

/** The stored measurement types (engine/measurements/observables.ts). */
export const MEASUREMENT_TYPE_VALUES = MEASUREMENT_TYPES;

const stringOrList = z.union([z.string(), z.array(z.string())]);

export const MeasurementQuerySchema = z.object({
  startDate: z.string().openapi({ description: 'Inclusive start, ISO-8601 instant with zone', example: '2026-11-01T00:00:00Z' }),
  endDate: z.string().openapi({ description: 'Inclusive end, ISO-8601 instant with zone', example: '2026-11-02T00:00:00Z' }),
  spacecraftIds: stringOrList.optional().openapi({
    description: '1 to 100 non-blank values, repeated; each may be a spacecraft id, name, NORAD or COSPAR id. Omit for all; an explicitly empty value is a 400.',
  }),
  measurementTypes: stringOrList.optional().openapi({ description: `Repeated or comma-separated: ${MEASUREMENT_TYPE_VALUES.join(', ')}` }),
  includeOutliers: queryFlag('Include measurements flagged as outliers (default false)'),
  ...pageableQuery,
});

const ParticipantSchema = z.object({
  number: z.number().int().openapi({ description: 'n of PARTICIPANT_n' }),
  name: z.string(),
  roles: z.array(z.enum(PARTICIPANT_ROLES)).openapi({ description: 'From PATH: first sends, last receives' }),
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
    epoch: EpochSchema.openapi({ description: 'UTC, microsecond resolution' }),
    values: z.record(z.string(), z.number().nullable()).openapi({
      description: MEASUREMENT_TYPES.map((type) => `${type} {${MEASUREMENT_COMPONENTS[type].join(', ')}}`).join('; '),
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
    createdAt: RecordTimestampSchema,
  })
  .openapi('Measurement');

export const MeasurementPageSchema = pageSchema(MeasurementSchema, 'MeasurementPage');

export const UploadHeadersSchema = z.object({
  // Documented under its canonical name; the route reads it case-insensitively from the request.
  'X-Content-Hash': z
    .string()
    .optional()
    .openapi({
      param: { name: 'X-Content-Hash', in: 'header' },
      description:
        'SHA-256 (hex) contentHash from POST /operations/measurements/inspect. With exactly one file it must match the ' +
        'content (else 409 IMPORT_STALE_PREVIEW, code import.commit.preview.stale); ignored with several files',
    }),
});

export const JobPathSchema = z.object({
  jobId: z.string().min(1).openapi({ param: { name: 'jobId', in: 'path' }, description: 'Job id (jobId of a per-file upload result)' }),
});

export const UploadFormSchema = z
  .object({
    files: z
      .custom<unknown>((value) => value !== undefined, 'at least one file is required (multipart part `files`)')
      .openapi({ type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1, description: 'TDM, SP3 or OEM files (repeated part)' } as never),
  })
  .openapi('TrackingUploadForm');

/** One file, in part `file` or `files` (upload and import use `files`): neither is required alone. */
export const InspectFormSchema = z
  .object({
    file: z.custom<unknown>(() => true).optional().openapi({ type: 'string', format: 'binary', description: 'One TDM, SP3 or OEM file' } as never),
    files: z.custom<unknown>(() => true).optional().openapi({ type: 'string', format: 'binary', description: 'The same, under the part name that upload and import use' } as never),
  })
  .openapi('TrackingInspectForm', {
    description: 'Exactly one file, in part `file` or in part `files`',
    // Each alternative a whole object schema: a generated client then types the body as "file or files" (bare
    // `required` alternatives come out of openapi-typescript as `unknown`, which accepts anything).
    oneOf: (['file', 'files'] as const).map((part) => ({
      type: 'object',
      required: [part],
      properties: { [part]: { type: 'string', format: 'binary' } },
    })),
  } as never);

const FileErrorSchema = z.object({
  blockId: z.string(),
  code: z.string().openapi({ example: 'TRK-1001' }),
  firstEpoch: EpochSchema.nullable(),
  message: z.string(),
});

const MeasurementContextSchema = z.object({
  startDate: EpochSchema.nullable(),
  endDate: EpochSchema.nullable(),
  spacecraftIds: z.array(z.string()),
  measurementTypes: z.array(z.string()),
});

export const FileResultSchema = z
  .object({
    filename: z.string(),
    jobId: z.string().nullable(),
    status: z.enum(UPLOAD_RESULT_STATUSES).openapi({
      description:
        'success: accepted, a job stores it (jobId). failed: nothing stored (errors say why). duplicate: the same content was ' +
        'already uploaded for the same spacecraft and that job still counts (queued, running, or succeeded with its measurements ' +
        'stored): jobId is that job (also params.duplicateOfJobId) and nothing is queued; ?allowDuplicate=true stores it again',
    }),
    message: z.string(),
    code: z.string().openapi({ example: 'import.tracking.tdm.parse_failed' }),
    errorCode: z.string().nullable().openapi({ example: 'TRK-1001' }),
    errors: z.array(FileErrorSchema),
    params: z.record(z.string(), z.unknown()),
    measurementContext: MeasurementContextSchema.nullable(),
    uncertaintySummary: z.string().nullable(),
    warnings: z.array(z.string()).openapi({
      description: 'Records of an accepted file that are not stored, each naming its line (e.g. a TDM ANGLE_1 without ANGLE_2 at its epoch); at most 100, then a count',
    }),
  })
  .openapi('TrackingFileResult');

export const BatchUploadResponseSchema = z
  .object({
    batchId: z.string().openapi({ description: 'This upload: every job it queued carries it (GET /operations/measurements/jobs?batchId=…)' }),
    successCount: z.number().int().openapi({ description: 'Files accepted or duplicate (not failed)' }),
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
    warnings: z.array(z.string()).openapi({ description: 'Records that would not be stored, each naming its line; at most 100, then a count' }),
    errors: z.array(FileErrorSchema).openapi({ description: 'Every error of the file, each naming its line (at most 50)' }),
    errorsTruncated: z.boolean().openapi({ description: 'True when reading stopped after 50 errors (more may follow)' }),
  })
  .openapi('TrackingInspectResponse');


export const JobSchema = z
  .object({
    jobId: z.string(),
    batchId: z.string().openapi({ description: 'The upload (POST) the job came from; every file of one upload shares it' }),
    filename: z.string(),
    format: z.string(),
    spacecraftIds: z.array(z.string()).openapi({ description: 'Spacecraft the file resolved to' }),
    status: z.enum(JOB_STATUSES).openapi({
      description: 'QUEUED → RUNNING → SUCCEEDED | FAILED; QUEUED → CANCELLED (DELETE). A failed attempt that may succeed again returns to QUEUED',
    }),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    progress: z
      .object({
        rowsStored: z.number().int().openapi({ description: 'Measurements stored so far (all of them once SUCCEEDED)' }),
        expectedRows: z.number().int().nullable().openapi({ description: 'Measurements the upload validation found in the file' }),
        fraction: z.number().min(0).max(1),
      })
      .openapi({ description: 'Progress while RUNNING (rows stored / expected)' }),
    expectedMeasurementCount: z.number().int().nullable(),
    measurementCount: z.number().int().nullable(),
    error: z.string().nullable(),
    contentHash: z.string(),
    measurementContext: MeasurementContextSchema.nullable().openapi({ description: 'As in the upload result (null when the upload stored none)' }),
    uncertaintySummary: z.string().nullable(),
    stations: z
      .object({ resolved: z.array(z.object({ name: z.string(), stationId: z.string() })), unresolved: z.array(z.string()) })
      .nullable()
      .openapi({ description: 'How the TDM ground participants resolved to ground stations at ingest (null before the job ran, and for SP3/OEM)' }),
    createdAt: RecordTimestampSchema,
    startedAt: RecordTimestampSchema.nullable(),
    finishedAt: RecordTimestampSchema.nullable(),
  })
  .openapi('MeasurementJob');

export const JobPageSchema = pageSchema(JobSchema, 'MeasurementJobPage');

const sourceFileName = (description: string) =>
  z
    .string()
    .superRefine((name, ctx) => {
      const problem = fileNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .openapi({ description, minLength: 1, maxLength: MAX_FILE_NAME_LENGTH, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$' });

export const JobListQuerySchema = z.object({
  status: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ param: { name: 'status', in: 'query', style: 'form', explode: true }, type: 'array', items: { type: 'string', enum: [...JOB_STATUSES] }, description: 'Repeated or comma-separated job statuses' } as never),
  spacecraftId: z.string().min(1).optional().openapi({ description: 'Jobs whose file resolved to this spacecraft (canonical id)' }),
  file: sourceFileName('Exact source file name (≤ 255 characters, no control, line-separator, bidi or zero-width characters)').optional(),
  batchId: z.string().min(1).optional().openapi({ description: 'The jobs of one upload (batchId of its response)' }),
  ...pageableQuery,
  sort: pageableQuery.sort.openapi({ description: 'Sort `field,asc|desc`, repeatable; fields: createdAt, finishedAt, filename, status; default createdAt,desc' }),
});

export const UploadQuerySchema = z.object({
  allowDuplicate: queryFlag(
    'true: queue files even when the same content was already uploaded for the same spacecraft (default false: such a file is a duplicate result)',
  ),
});

export const OutliersByIdsSchema = z
  .object({
    measurementIds: z.array(z.string().min(1).max(32, 'must be at most 32 characters')).min(1, 'must list at least one id').max(1000, 'at most 1000 ids'),
    outlier: z.boolean(),
  })
  .openapi('OutliersByIdsRequest');

export const OutliersByFileSchema = z
  .object({
    fileName: sourceFileName('Exact, case-sensitive source file name (nonblank, ≤ 255 characters, no control, line-separator, bidi or zero-width characters)'),
    outlier: z.boolean(),
  })
  .openapi('OutliersByFileRequest');

export const UpdatedCountSchema = z.object({ updatedCount: z.number().int() }).openapi('BulkOutlierResponse');
export const DeletedCountSchema = z.object({ deletedCount: z.number().int() }).openapi('DeleteByFileResponse');
export const DeleteByFileQuerySchema = z.object({
  spacecraftId: idString(),
  file: sourceFileName('Source file name (exact, case-sensitive; ≤ 255 characters, no control, line-separator, bidi or zero-width characters)'),
});
