/** Catalog request and response schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { pageableQuery, pageObject, pageSchema } from '../http/paging.ts';
import { filterText } from './limits.ts';
import { CATALOG_FORMATS } from '../../domain/catalog/model.ts';
import { UPLOAD_RESULT_STATUSES } from '../http/results.ts';

/** The largest NORAD catalog number accepted (OMM NORAD_CAT_ID has up to 9 digits). */
export const MAX_NORAD_ID = 999_999_999;
/**
 * NORAD ids one query may name: in the query string of a GET (comma-separated; 500 ids of up to 9 digits fit in ~5 KB,
 * well under the 16 KiB header limit), and in the body of the POST form for longer lists.
 */
export const MAX_QUERY_NORAD_IDS = 500;
export const MAX_BODY_NORAD_IDS = 10_000;

export const CatalogUploadFormSchema = z
  .object({
    files: z
      .custom<unknown>((value) => value !== undefined, 'at least one file is required (multipart part `files`)')
      .openapi({
        type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1,
        description: 'Catalog files (repeated part): TLE/3LE, CCSDS OMM KVN (one or more messages) or OMM XML (one or more <omm> in an <ndm>); the format is detected from the content',
      } as never),
  })
  .openapi('CatalogUploadForm');

const CatalogLineErrorSchema = z.object({
  line: z.number().int().openapi({ description: 'File line (1-based)' }),
  message: z.string(),
  noradId: z.number().int().optional().openapi({ description: 'Catalogue number, when the record got that far' }),
});

export const CatalogFileResultSchema = z
  .object({
    filename: z.string(),
    status: z.enum(UPLOAD_RESULT_STATUSES).openapi({ description: 'duplicate: every set of the file was already in the catalog' }),
    code: z.string().openapi({ description: 'import.catalog.{stored,duplicate,parse_error,unsupported_format,encoding,no_element_sets}' }),
    message: z.string(),
    error: z.string().nullable().openapi({ description: 'PARSE_ERROR, UNSUPPORTED_FORMAT, ENCODING or NO_ELEMENT_SETS when failed' }),
    format: z.enum(CATALOG_FORMATS).nullable().openapi({ description: 'Detected from the content' }),
    line: z.number().int().nullable().openapi({ description: 'Line of the first error' }),
    errors: z.array(CatalogLineErrorSchema).openapi({ description: 'Every bad line, ascending (at most 1000; errorsTruncated then); nothing of a failed file is stored' }),
    errorCount: z.number().int(),
    errorsTruncated: z.boolean(),
    setCount: z.number().int().openapi({ description: 'Element sets in the file' }),
    objectCount: z.number().int().openapi({ description: 'Distinct NORAD ids in the file' }),
    storedCount: z.number().int().openapi({ description: 'Sets stored now' }),
    alreadyKnownCount: z.number().int().openapi({ description: 'Sets the catalog already held (same NORAD id, epoch and elements), or repeated in the file' }),
    objectsUpdated: z.number().int().openapi({ description: 'Objects whose current set (newest epoch) is now one of this file’s, new objects included' }),
    objectsAdded: z.number().int().openapi({ description: 'Objects the catalog did not hold' }),
    params: z.object({ contentHash: z.string().openapi({ description: 'SHA-256 of the file' }) }),
  })
  .openapi('CatalogFileResult');

export const CatalogUploadResponseSchema = z
  .object({
    uploadId: z.string().openapi({ description: 'This upload (every set it stored carries it)' }),
    successCount: z.number().int().openapi({ description: 'Files stored or duplicate' }),
    failureCount: z.number().int(),
    totalCount: z.number().int(),
    results: z.array(CatalogFileResultSchema),
  })
  .openapi('CatalogUploadResponse');

const numberQuery = (description: string, minimum?: number) =>
  z.string().optional().openapi({ type: 'number', ...(minimum === undefined ? {} : { minimum }), description } as never);

export const CatalogListQuerySchema = z.object({
  noradId: z.string().optional().openapi({ type: 'integer', minimum: 0, maximum: MAX_NORAD_ID, description: 'Only this NORAD catalog number' } as never),
  noradIds: z.string().max(MAX_QUERY_NORAD_IDS * 11).optional().openapi({
    description: `Only these NORAD catalog numbers, comma-separated (at most ${MAX_QUERY_NORAD_IDS}; for more, POST ${'/operations/catalog/objects/query'}). Ids the catalog does not hold are simply not listed`,
    example: '25544,43013,48274',
  }),
  name: filterText(100, { min: 1 }).optional().openapi({ description: 'Objects whose name contains this text (case-insensitive); no control characters' }),
  minPerigeeKm: numberQuery('Current set’s perigee height ≥ this, km above the WGS-84 equatorial radius'),
  maxPerigeeKm: numberQuery('Current set’s perigee height ≤ this, km'),
  minApogeeKm: numberQuery('Current set’s apogee height ≥ this, km'),
  maxApogeeKm: numberQuery('Current set’s apogee height ≤ this, km'),
  maxEpochAgeDays: numberQuery('Current set’s epoch at most this many days before now', 0),
  ...pageableQuery,
});

export const CatalogObjectQueryBodySchema = z
  .object({
    noradIds: z.array(z.number().int().min(0).max(MAX_NORAD_ID)).min(1).max(MAX_BODY_NORAD_IDS).openapi({
      description: `The NORAD catalog numbers (1 to ${MAX_BODY_NORAD_IDS}; repeats count once)`,
      example: [25544, 43013, 48274],
    }),
    name: filterText(100, { min: 1 }).optional().openapi({ description: 'And whose name contains this text (case-insensitive)' }),
    minPerigeeKm: z.number().optional(),
    maxPerigeeKm: z.number().optional(),
    minApogeeKm: z.number().optional(),
    maxApogeeKm: z.number().optional(),
    maxEpochAgeDays: z.number().min(0).optional(),
  })
  .strict()
  .openapi('CatalogObjectQuery');

export const CatalogObjectPathSchema = z.object({
  noradId: z.string().openapi({ param: { name: 'noradId', in: 'path' }, type: 'integer', minimum: 0, maximum: MAX_NORAD_ID, description: 'NORAD catalog number' } as never),
});

export const CatalogObjectSummarySchema = z
  .object({
    noradId: z.number().int(),
    name: z.string().nullable(),
    cosparId: z.string().nullable().openapi({ description: 'International designator, e.g. 1998-067A' }),
    epoch: z.string().openapi({ format: 'date-time', description: 'Epoch of the current set (newest epoch), UTC to the microsecond' }),
    epochAgeDays: z.number().openapi({ description: 'Days from the current set’s epoch to now' }),
    perigeeKm: z.number().openapi({ description: 'Perigee height a(1 − e) − R⊕, km (a from the mean motion with μ = 398600.4418 km³/s², R⊕ = 6378.137 km)' }),
    apogeeKm: z.number().openapi({ description: 'Apogee height a(1 + e) − R⊕, km' }),
    inclinationDeg: z.number(),
    periodMinutes: z.number().openapi({ description: '1440 / mean motion' }),
    setCount: z.number().int().openapi({ description: 'Element sets kept for the object' }),
  })
  .openapi('CatalogObjectSummary');

export const CatalogObjectPageSchema = pageSchema(CatalogObjectSummarySchema, 'CatalogObjectPage');

export const CatalogObjectQueryPageSchema = pageObject(CatalogObjectSummarySchema)
  .extend({
    missingNoradIds: z.array(z.number().int()).openapi({ description: 'The ids asked for that the catalog holds no set of, ascending (whatever the page and filters)' }),
  })
  .openapi('CatalogObjectQueryPage');

const CatalogElementSetSchema = z
  .object({
    setId: z.number().int().openapi({ description: 'Row id of the set (ids only grow)' }),
    epoch: z.string().openapi({ format: 'date-time' }),
    name: z.string().nullable(),
    cosparId: z.string().nullable(),
    classification: z.string().nullable(),
    elements: z.object({
      meanMotionRevPerDay: z.number().openapi({ description: 'Kozai mean motion' }),
      eccentricity: z.number(),
      inclinationDeg: z.number(),
      raanDeg: z.number(),
      argPerigeeDeg: z.number(),
      meanAnomalyDeg: z.number(),
      bstarPerEarthRadius: z.number(),
      ndotOver2RevPerDay2: z.number().nullable(),
      nddotOver6RevPerDay3: z.number().nullable(),
      ephemerisType: z.number().int().nullable(),
      elementSetNumber: z.number().int().nullable(),
      revolutionNumberAtEpoch: z.number().int().nullable(),
    }),
    derived: z.object({
      semiMajorAxisKm: z.number(),
      perigeeKm: z.number(),
      apogeeKm: z.number(),
      periodMinutes: z.number(),
      inclinationDeg: z.number(),
    }),
    tleLines: z.array(z.string()).nullable().openapi({ description: 'The two TLE lines carrying exactly these numbers; null when a TLE cannot (an OMM with more digits)' }),
    source: z.object({
      format: z.enum(CATALOG_FORMATS),
      fileName: z.string().nullable(),
      line: z.number().int().nullable(),
      uploadId: z.string(),
      storedAt: z.string().openapi({ format: 'date-time' }),
    }),
  })
  .openapi('CatalogElementSet');

export const CatalogObjectDetailSchema = CatalogObjectSummarySchema.extend({
  current: CatalogElementSetSchema,
  history: z.array(CatalogElementSetSchema).openapi({ description: 'Every set kept, newest epoch first (the first is the current one)' }),
}).openapi('CatalogObjectDetail');
