/**
 * Stored-maneuver schemas (contract 2.0.0): request envelopes, the detail and list projections, the import
 * result and preview. Derived fields (start, end, acceleration, deltaV, deltaMass, initialMass,
 * conflictingManeuverIds) are read-only: z.object strips them (and any other unknown key) from writes.
 *
 * Query parameters with repeated values (spacecraftIds, maneuverIds) are declared for the document here and
 * parsed from the raw query by api/services/maneuvers/query.ts (list) and export.ts, which know the repeated/comma rules.
 */
import { z } from '@hono/zod-openapi';
import { Epoch } from '../../engine/time/epoch.ts';
import { instantSchema } from '../http/instants.ts';
import { instantProblem } from '../../domain/instants.ts';
import { EpochSchema } from '../openapi.ts';
import { FILE_RESULT_STATUSES, PREVIEW_STATUSES } from '../http/results.ts';
import {
  ATTITUDE_MODES,
  ISP_MAX_S,
  ISP_MIN_S,
  MANEUVER_ID_MAX_LENGTH,
  MAX_SEGMENTS,
  NAME_ON_UPDATE_MAX_LENGTH,
  nameProblem,
  purposeProblem,
  segmentEndProblem,
} from '../../domain/maneuvers/model.ts';
import { boundedNumber, idString } from './limits.ts';
import { MAX_BURN_DURATION_S, MAX_THRUST_N } from '../../domain/limits.ts';
import { PLANNING_CODES } from '../../domain/maneuvers/planning.ts';

export const MAX_MANEUVERS_PER_CREATE = 1000;

export const AttitudeModeSchema = z.enum(ATTITUDE_MODES).openapi('AttitudeMode', {
  description:
    'Reference frame of the thrust vector. OCM MAN_REF_FRAME mapping on import: TNW, TNW_ROTATING → TNW; RTN, RIC → RTN; ' +
    'QSW → QSW; RSW, RSW_ROTATING → RSW_ROTATING. Export writes TNW, RTN, QSW, RSW_ROTATING.',
});

const thrust = (description: string) =>
  boundedNumber(-MAX_THRUST_N, MAX_THRUST_N, 'N').openapi({ description: `${description}; within ±${MAX_THRUST_N} N` });

export const BurnSegmentSchema = z
  .object({
    referenceEpoch: instantSchema('Burn start, ISO-8601 instant with zone; stored and returned in UTC at microsecond resolution (YYYY-MM-DDThh:mm:ss.ssssssZ)'),
    duration: z
      .number()
      .gt(0, 'must be a positive, finite number of seconds')
      .max(MAX_BURN_DURATION_S, `must be at most ${MAX_BURN_DURATION_S} seconds (30 days)`)
      .openapi({ description: `Seconds; > 0 and ≤ ${MAX_BURN_DURATION_S} (30 days); the burn must end within the supported epoch range` }),
    thrX: thrust('Newtons; required explicitly (zero allowed)'),
    thrY: thrust('Newtons; required explicitly (zero allowed)'),
    thrZ: thrust('Newtons; required explicitly (zero allowed)'),
    thrISP: z
      .number()
      .min(ISP_MIN_S, `must be between ${ISP_MIN_S} and ${ISP_MAX_S} seconds`)
      .max(ISP_MAX_S, `must be between ${ISP_MIN_S} and ${ISP_MAX_S} seconds`)
      .openapi({ description: `Seconds; ${ISP_MIN_S} to ${ISP_MAX_S}` }),
    attitudeMode: AttitudeModeSchema,
  })
  .superRefine((segment, ctx) => {
    if (Math.hypot(segment.thrX, segment.thrY, segment.thrZ) === 0) {
      ctx.addIssue({ code: 'custom', path: ['thrX'], message: 'the resulting thrust (thrX, thrY, thrZ) must be nonzero' });
    }
    // Checks of single fields do not stop this one: only look at the end when the start is a valid instant.
    if (typeof segment.referenceEpoch === 'string' && instantProblem(segment.referenceEpoch) === null) {
      const endProblem = segmentEndProblem(Epoch.parseInstant(segment.referenceEpoch), segment.duration);
      if (endProblem) ctx.addIssue({ code: 'custom', path: ['duration'], message: endProblem });
    }
  })
  .openapi('BurnSegment');

/** A stored burn segment as returned: referenceEpoch in UTC at microseconds. */
export const BurnSegmentViewSchema = z
  .object({
    referenceEpoch: EpochSchema,
    duration: z.number().openapi({ description: 'Seconds' }),
    thrX: z.number().openapi({ description: 'Newtons' }),
    thrY: z.number().openapi({ description: 'Newtons' }),
    thrZ: z.number().openapi({ description: 'Newtons' }),
    thrISP: z.number().openapi({ description: 'Seconds' }),
    attitudeMode: AttitudeModeSchema,
  })
  .openapi('BurnSegmentView');

const composition = z
  .array(BurnSegmentSchema)
  .min(1, 'must contain at least one burn segment')
  .max(MAX_SEGMENTS, `must contain at most ${MAX_SEGMENTS} burn segments`);

const purpose = z
  .string()
  .nullable()
  .optional()
  .superRefine((value, ctx) => {
    const problem = typeof value === 'string' && value !== '' ? purposeProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .openapi({ description: 'Optional metadata (single line, ≤ 1000 chars; exported as OCM MAN_PURPOSE). Omitted, null or "" clears it.' });

const nameWith = (maxLength: number, asIdentity: boolean, description: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const problem = nameProblem(value, maxLength, asIdentity);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // The bound checked by nameProblem, stated in the document too (a generated client or form can check it first).
    .openapi({ description, minLength: 1, maxLength });

export const CreateManeuverSchema = z
  .object({
    spacecraftId: idString().openapi({ description: 'The actual spacecraft id (names, NORAD/COSPAR ids and external keys are not accepted)' }),
    name: nameWith(
      MANEUVER_ID_MAX_LENGTH,
      true,
      'Becomes the permanent maneuverId (and OCM MAN_ID): nonblank, ≤ 63 chars, unique per spacecraft, single line, ' +
        'no leading/trailing white space, not "export" or "import"',
    ),
    purpose,
    attitudeMode: AttitudeModeSchema,
    composition,
  })
  .openapi('CreateManeuver');

export const CreateManeuverRequestSchema = z
  .object({
    maneuvers: z
      .array(CreateManeuverSchema)
      .min(1, 'must contain at least one maneuver')
      .max(MAX_MANEUVERS_PER_CREATE, `must contain at most ${MAX_MANEUVERS_PER_CREATE} maneuvers`),
  })
  .openapi('CreateManeuverRequest');

export const PlanningFindingSchema = z
  .object({
    code: z.enum(PLANNING_CODES),
    maneuverId: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('PlanningFinding', {
    description:
      "A planning rule of the spacecraft's maneuverCapabilities. Hard limits refuse the write (422 MANEUVER_CAPABILITY_VIOLATION): " +
      'BLACKOUT_WINDOW (a burn overlaps a blackout window), OUTSIDE_ALLOWED_WINDOWS (allowed windows are declared and a burn is in ' +
      'none). Soft limits are stored with a warning: MINIMUM_SEPARATION, DUTY_CYCLE (no declared thruster can fly the burns within ' +
      'its duty cycle), MINIMUM_BURN (a segment is shorter than every declared minimum burn), WET_MASS_BELOW_DRY_MASS (OCM import).',
  });

export const CreateManeuverResponseSchema = z
  .object({
    createdCount: z.number().int(),
    message: z.string(),
    warnings: z.array(PlanningFindingSchema).openapi({ description: 'Soft planning-rule findings of the created records ([] when none)' }),
  })
  .openapi('CreateManeuverResponse');

export const UpdateManeuverRequestSchema = z
  .object({
    name: nameWith(NAME_ON_UPDATE_MAX_LENGTH, false, 'Nonblank, ≤ 255 chars, single line, no leading/trailing white space'),
    purpose,
    attitudeMode: AttitudeModeSchema,
    composition,
  })
  .openapi('UpdateManeuverRequest', {
    description: 'Replaces every editable field; omitted optional metadata (purpose) is cleared. Identity, displayId and spacecraft stay fixed.',
  });

const derivedFields = {
  start: EpochSchema.openapi({ description: 'Derived: earliest segment referenceEpoch (UTC, microseconds)' }),
  end: EpochSchema.openapi({ description: 'Derived: latest segment end, referenceEpoch + duration (UTC, microseconds)' }),
  acceleration: z.number().nullable().openapi({ description: 'Derived: |F| / mass at the start of the first burn, m/s²; null when no mass is known' }),
  deltaV: z.number().nullable().openapi({
    description: 'Derived: Σ Isp·g0·ln(m0/m1) over the segments in time order (g0 = 9.80665 m/s²), m/s; null when unavailable',
  }),
  deltaMass: z.number().nullable().openapi({
    description: 'Derived: mass change over all segments, kg, negative (propellant consumed; ṁ = |F|/(Isp·g0)); null when unavailable',
  }),
  initialMass: z.number().nullable().openapi({
    description: 'Mass used for the derived values, kg: the OCM WET_MASS of an imported record, else the spacecraft launchMass; null when neither',
  }),
  conflictingManeuverIds: z.array(z.string()).openapi({
    description: 'Ids of other stored records of the same spacecraft whose interval overlaps this one (computed on every read, wherever they lie in time)',
  }),
};

export const ManeuverSchema = z
  .object({
    maneuverId: z.string(),
    displayId: z.string().openapi({ description: 'MAN-<n>, per organization; fixed' }),
    spacecraftId: z.string(),
    name: z.string(),
    purpose: z.string().nullable(),
    attitudeMode: AttitudeModeSchema,
    composition: z.array(BurnSegmentViewSchema),
    ...derivedFields,
    warnings: z.array(PlanningFindingSchema).openapi({
      description: "What the spacecraft's declared capabilities say about the record now (computed on every read; [] when nothing)",
    }),
  })
  .openapi('Maneuver');

export const ManeuverListItemSchema = z
  .object({
    maneuverId: z.string(),
    displayId: z.string(),
    name: z.string(),
    spacecraftId: z.string(),
    attitudeMode: AttitudeModeSchema,
    segmentCount: z.number().int().openapi({ description: 'Number of burn segments' }),
    ...derivedFields,
  })
  .openapi('ManeuverListItem');

export const ManeuverListResponseSchema = z
  .object({ items: z.array(ManeuverListItemSchema), totalCount: z.number().int() })
  .openapi('ManeuverListResponse');

// The service parses these from the raw query (repeated/comma rules, its own messages); `required` documents what
// the contract requires (a missing one is a 400 naming it).
const repeated = (name: string, description: string, required = false) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      param: { name, in: 'query', style: 'form', explode: true, required },
      type: 'array',
      items: { type: 'string' },
      description,
    } as never);

const instantParam = (name: string, description: string, required = false) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ param: { name, in: 'query', required }, type: 'string', format: 'date-time', description } as never);

export const ManeuverListQuerySchema = z.object({
  spacecraftIds: repeated('spacecraftIds', '1 to 50 actual spacecraft ids, repeated or comma-separated, no duplicates', true),
  startDate: instantParam('startDate', 'ISO-8601 instant with zone', true),
  endDate: instantParam('endDate', 'ISO-8601 instant with zone, after startDate. Records whose interval intersects [startDate, endDate) are listed', true),
});

export const ManeuverExportQuerySchema = z.object({
  spacecraftIds: repeated(
    'spacecraftIds',
    'By ids: exactly one value. By range: 1 to 50 values, repeated or comma-separated. No duplicates, no empty values',
  ),
  maneuverIds: repeated(
    'maneuverIds',
    'By ids only: 1 to 100 values, repeated parameters only (commas, spaces and Unicode are literal), unique, ≤ 63 chars each',
  ),
  startDate: instantParam('startDate', 'By range only (required then): exact ISO-8601 instant with zone'),
  endDate: instantParam('endDate', 'By range only (required then): exact ISO-8601 instant with zone, after startDate'),
});

export const ManeuverPathSchema = z.object({
  maneuverId: z.string().min(1).openapi({ param: { name: 'maneuverId', in: 'path' }, description: 'The maneuverId (URL-encoded)' }),
});

export const SpacecraftIdQuerySchema = z.object({
  spacecraftId: z
    .string()
    .min(1, 'is required')
    .openapi({ param: { name: 'spacecraftId', in: 'query', required: true }, description: 'The actual spacecraft id' }),
});

export const ImportQuerySchema = z.object({
  spacecraftId: z
    .string()
    .min(1)
    .optional()
    .openapi({
      param: { name: 'spacecraftId', in: 'query' },
      description: 'Actual spacecraft id; needed only when the file metadata does not resolve the target unambiguously',
    }),
});

export const ImportHeadersSchema = z.object({
  // Documented under their canonical names; the route reads them case-insensitively from the request.
  'X-Content-Hash': z
    .string()
    .optional()
    .openapi({ param: { name: 'X-Content-Hash', in: 'header' }, description: 'contentHash from the preview (one file per request)' }),
  'X-Resolution-Fingerprint': z
    .string()
    .optional()
    .openapi({ param: { name: 'X-Resolution-Fingerprint', in: 'header' }, description: 'resolutionFingerprint from the preview' }),
});

export const ImportFormSchema = z
  .object({
    files: z
      .custom<unknown>((value) => value !== undefined, 'at least one file is required (multipart part `files`)')
      .openapi({ type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1, description: 'One or more OCM files (KVN or XML), part name `files`' } as never),
  })
  .openapi('ManeuverImportForm');

export const ImportFileResultSchema = z
  .object({
    filename: z.string(),
    status: z.enum(FILE_RESULT_STATUSES).openapi({
      description: 'success: committed. failed: nothing of the file stored. ambiguous: the target spacecraft needs the spacecraftId query',
    }),
    spacecraftId: z.string().nullable(),
    maneuverIds: z.array(z.string()).openapi({ description: 'MAN_IDs of the file’s thrust maneuvers (stored when success)' }),
    skippedManeuverIds: z.array(z.string()).openapi({ description: 'MAN_IDs of blocks without thrust (deployments), not stored' }),
    error: z.string().optional().openapi({ description: 'Machine token: VALIDATION_ERROR, MANEUVER_CONFLICT, IMPORT_TARGET_AMBIGUOUS, …' }),
    code: z.string().optional().openapi({ description: 'Dotted code, e.g. import.file.invalid, import.maneuver.exists' }),
    message: z.string().optional(),
    line: z.number().int().optional().openapi({ description: '1-based line of the file the error is about' }),
    candidateSpacecraftIds: z.array(z.string()).optional(),
    conflictingManeuverIds: z.array(z.string()).optional(),
    warnings: z.array(PlanningFindingSchema).optional().openapi({ description: 'Soft planning findings of a stored (or ready) file' }),
    violations: z.array(PlanningFindingSchema).optional().openapi({ description: 'Hard capability limits that failed the file' }),
  })
  .openapi('ManeuverImportFileResult');

export const ImportResultSchema = z
  .object({
    successCount: z.number().int(),
    failureCount: z.number().int(),
    results: z.array(ImportFileResultSchema),
  })
  .openapi('ManeuverImportResult');

// Not an extension of ImportFileResult: its status has other values (READY instead of SUCCEEDED).
export const ImportPreviewSchema = ImportFileResultSchema.omit({ status: true }).extend({
  status: z.enum(PREVIEW_STATUSES).openapi({ description: 'What importing the file now would do: ready, failed or ambiguous' }),
  contentHash: z.string().openapi({ description: 'SHA-256 (hex) of the file bytes; send back as X-Content-Hash' }),
  resolutionFingerprint: z.string().openapi({ description: 'SHA-256 (hex) of the resolved target and MAN_IDs; send back as X-Resolution-Fingerprint' }),
  resolvedBy: z.string().nullable().openapi({ description: 'How the target was found: query, id, externalKey, noradId, cosparId, name' }),
  maneuvers: z.array(z.object({ maneuverId: z.string(), start: EpochSchema, end: EpochSchema, segmentCount: z.number().int() })),
}).openapi('ManeuverImportPreview');
