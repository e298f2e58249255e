/** Measurements tag: upload, inspect, job status, query, outliers, delete by file. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationError } from '../http/errors.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { uploadedParts } from '../http/fileNames.ts';
import { parseInstantField } from '../http/instants.ts';
import { errorResponses, json, SECURED } from '../openapi.ts';
import { entityTag, REPRESENTATION_ETAG_HEADER, withEntityTag } from '../http/preconditions.ts';
import { parsePageable, pageEnvelope } from '../http/paging.ts';
import {
  BatchUploadResponseSchema,
  DeleteByFileQuerySchema,
  DeletedCountSchema,
  InspectFormSchema,
  InspectResponseSchema,
  JobListQuerySchema,
  JobPageSchema,
  JobPathSchema,
  JobSchema,
  MEASUREMENT_TYPE_VALUES,
  MeasurementPageSchema,
  MeasurementQuerySchema,
  OutliersByFileSchema,
  OutliersByIdsSchema,
  UpdatedCountSchema,
  UploadFormSchema,
  UploadHeadersSchema,
  UploadQuerySchema,
} from '../schemas/measurements.ts';
import { inspectMeasurementsFile, uploadMeasurements } from '../services/measurements/upload.ts';
import { deleteByFile, flagOutliersByFile, flagOutliersByIds, listMeasurements, measurementView } from '../services/measurements/stored.ts';
import { cancelUploadJob, getJob, listUploadJobs } from '../services/measurements/jobs.ts';
import type { MeasurementType } from '../../engine/measurements/observables.ts';
import { MEASUREMENT_SORT_COLUMNS } from '../../storage/measurements.ts';
import { MeasurementJobRunner } from '../jobs/measurementJobRunner.ts';

const TAG = ['Measurements'];

const listRoute = createRoute({
  method: 'get', path: '/operations/measurements', tags: TAG, security: SECURED,
  summary: 'Query measurements (paged, newest first by default)',
  request: { query: MeasurementQuerySchema },
  responses: { 200: { description: 'Page of measurements', content: json(MeasurementPageSchema) }, ...errorResponses() },
});

const uploadRoute = createRoute({
  method: 'post', path: '/operations/measurements', tags: TAG, security: SECURED,
  summary: 'Upload tracking files (TDM, SP3, OEM); one background job per valid file',
  description:
    'Each file is validated synchronously (format detected from content, parsed, its objects resolved to spacecraft). ' +
    '202 when every file was accepted (or is a duplicate), 207 when any failed (per-file results). With exactly one file, ' +
    'X-Content-Hash (from /inspect) must match the content or the request is a 409 IMPORT_STALE_PREVIEW. Idempotent: a file ' +
    'whose content was already uploaded for the same spacecraft (that job queued, running, or succeeded with its measurements ' +
    'still stored) is a `duplicate` result naming that job, and nothing is queued — unless allowDuplicate=true. Every job of ' +
    'one upload carries the response batchId.',
  request: {
    query: UploadQuerySchema,
    headers: UploadHeadersSchema,
    body: { content: { 'multipart/form-data': { schema: UploadFormSchema } }, required: true },
  },
  responses: {
    202: { description: 'All files accepted', content: json(BatchUploadResponseSchema) },
    207: { description: 'Per-file results; at least one file failed', content: json(BatchUploadResponseSchema) },
    ...errorResponses(409, 413, 415, 503),
  },
});

const inspectRoute = createRoute({
  method: 'post', path: '/operations/measurements/inspect', tags: TAG, security: SECURED,
  summary: 'Inspect one tracking file without storing it: content hash and parse summary',
  request: { body: { content: { 'multipart/form-data': { schema: InspectFormSchema } }, required: true } },
  responses: { 200: { description: 'Inspection result', content: json(InspectResponseSchema) }, ...errorResponses(413, 415, 503) },
});

const jobsRoute = createRoute({
  method: 'get', path: '/operations/measurements/jobs', tags: TAG, security: SECURED,
  summary: 'List upload jobs (paged, newest first by default; filters status, spacecraft, file, batch)',
  description: 'Permission read:tracking.',
  request: { query: JobListQuerySchema },
  responses: { 200: { description: 'A page of jobs', content: json(JobPageSchema) }, ...errorResponses() },
});

const jobRoute = createRoute({
  method: 'get', path: '/operations/measurements/jobs/{jobId}', tags: TAG, security: SECURED,
  summary: 'Status and progress of an upload job',
  description: 'Permission read:tracking.',
  request: { params: JobPathSchema },
  responses: { 200: { description: 'Job', headers: REPRESENTATION_ETAG_HEADER, content: json(JobSchema) }, ...errorResponses(404) },
});

const cancelJobRoute = createRoute({
  method: 'delete', path: '/operations/measurements/jobs/{jobId}', tags: TAG, security: SECURED,
  summary: 'Cancel a queued upload job',
  description:
    'A QUEUED job becomes CANCELLED (terminal; nothing of its file is stored; its stored bytes are dropped) and is returned. ' +
    'A RUNNING, SUCCEEDED, FAILED or already CANCELLED job → 409 JOB_NOT_CANCELLABLE (details.status). Permission write:tracking.',
  request: { params: JobPathSchema },
  responses: { 200: { description: 'The cancelled job', content: json(JobSchema) }, ...errorResponses(404, 409) },
});

const outliersByIdsRoute = createRoute({
  method: 'patch', path: '/operations/measurements/outliers', tags: TAG, security: SECURED,
  summary: 'Flag or unflag measurements by id (unknown ids are ignored)',
  request: { body: { content: json(OutliersByIdsSchema), required: true } },
  responses: { 200: { description: 'Count of measurements actually updated', content: json(UpdatedCountSchema) }, ...errorResponses(415) },
});

const outliersByFileRoute = createRoute({
  method: 'patch', path: '/operations/measurements/outliers/by-file', tags: TAG, security: SECURED,
  summary: 'Flag or unflag every measurement of a source file (exact, case-sensitive name)',
  request: { body: { content: json(OutliersByFileSchema), required: true } },
  responses: { 200: { description: 'Count of matching measurements', content: json(UpdatedCountSchema) }, ...errorResponses(415) },
});

const deleteByFileRoute = createRoute({
  method: 'delete', path: '/operations/measurements/by-file', tags: TAG, security: SECURED,
  summary: "Delete a spacecraft's measurements from one source file",
  request: { query: DeleteByFileQuerySchema },
  responses: { 200: { description: 'Count deleted (0 when nothing matches)', content: json(DeletedCountSchema) }, ...errorResponses() },
});

function listOf(value: string | string[] | undefined): string[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
}

export function registerMeasurementRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const fieldErrors: Record<string, string> = {};
    const start = parseInstantField(query.startDate, 'startDate');
    const end = parseInstantField(query.endDate, 'endDate');
    if (end.isBefore(start)) fieldErrors.endDate = 'must not be before startDate';
    const identifiers = listOf(query.spacecraftIds);
    if (identifiers !== undefined) {
      if (identifiers.length === 0 || identifiers.some((id) => id.trim() === '')) fieldErrors.spacecraftIds = 'must not be empty or blank; omit it for all spacecraft';
      else if (identifiers.length > 100) fieldErrors.spacecraftIds = 'at most 100 values';
      else if (identifiers.some((id) => id.length > MAX_ID_LENGTH)) fieldErrors.spacecraftIds = `each value must be at most ${MAX_ID_LENGTH} characters`;
    }
    let types: MeasurementType[] | null = null;
    const typeTexts = listOf(query.measurementTypes)?.flatMap((t) => t.split(',')).map((t) => t.trim());
    if (typeTexts !== undefined) {
      const unknown = typeTexts.filter((t) => !(MEASUREMENT_TYPE_VALUES as readonly string[]).includes(t));
      if (unknown.length > 0 || typeTexts.length === 0) fieldErrors.measurementTypes = `unknown types: ${unknown.join(', ') || '(empty)'}; allowed ${MEASUREMENT_TYPE_VALUES.join(', ')}`;
      else types = [...new Set(typeTexts)] as MeasurementType[];
    }
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
    const page = parsePageable(query, Object.keys(MEASUREMENT_SORT_COLUMNS), [{ field: 'epoch', direction: 'desc' }]);
    const { db } = c.get('deps');
    const result = await listMeasurements(
      db,
      c.get('caller').organizationId,
      { start, end, spacecraftIdentifiers: identifiers ?? null, types, includeOutliers: query.includeOutliers === 'true' },
      page,
    );
    return c.json(pageEnvelope(result.items.map(measurementView), result.total, page), 200);
  });

  app.openapi(uploadRoute, async (c) => {
    const { db, pool } = c.get('deps');
    const files = await uploadedParts(c, ['files']);
    // The runner of this process takes over the validation's parse (when it is the service's own runner).
    const runner = c.get('deps').jobRunner;
    const cache = runner instanceof MeasurementJobRunner ? runner.parsedFiles : null;
    const { status, body } = await uploadMeasurements(db, pool, c.get('caller').organizationId, files, c.req.header('x-content-hash'), cache, {
      allowDuplicate: c.req.valid('query').allowDuplicate === 'true',
    });
    if (body.successCount > 0) c.get('deps').jobRunner?.wake();
    return c.json(body, status);
  });

  app.openapi(inspectRoute, async (c) => {
    const { db, pool } = c.get('deps');
    const files = await uploadedParts(c, ['file', 'files']);
    if (files.length !== 1) throw validationError({ file: 'exactly one file is required' });
    return c.json(await inspectMeasurementsFile(db, pool, c.get('caller').organizationId, files[0]!), 200);
  });

  app.openapi(jobsRoute, async (c) => {
    const page = await listUploadJobs(c.get('deps').db, c.get('caller').organizationId, c.req.valid('query'), c.get('deps').jobRunner ?? null);
    return c.json(page as never, 200);
  });

  app.openapi(jobRoute, async (c) => {
    const job = await getJob(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').jobId, c.get('deps').jobRunner ?? null);
    return withEntityTag(c, entityTag(job), c.json(job as never, 200));
  });

  app.openapi(cancelJobRoute, async (c) => {
    const job = await cancelUploadJob(c.get('deps').db, c.get('caller').organizationId, c.req.valid('param').jobId, c.get('deps').jobRunner ?? null);
    return c.json(job as never, 200);
  });

  app.openapi(outliersByIdsRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await flagOutliersByIds(c.get('deps').db, c.get('caller').organizationId, body.measurementIds, body.outlier), 200);
  });

  app.openapi(outliersByFileRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await flagOutliersByFile(c.get('deps').db, c.get('caller').organizationId, body.fileName, body.outlier), 200);
  });

  app.openapi(deleteByFileRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await deleteByFile(c.get('deps').db, c.get('caller').organizationId, query.spacecraftId, query.file), 200);
  });
}
