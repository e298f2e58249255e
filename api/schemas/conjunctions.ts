/** Conjunction request and response schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { PC_METHODS } from '../../engine/collision/probability.ts';
import { CDM_MESSAGE_STATUSES, CDM_NOTATIONS, CDM_OBJECTS, CDM_SOURCES, ENCOUNTER_FRAMES } from '../../domain/conjunctions/model.ts';
import { RADIUS_SOURCES_WITH_REQUEST } from '../../domain/conjunctions/hardBodyRadius.ts';
import { UPLOAD_RESULT_STATUSES } from '../http/results.ts';
import { MAX_EVENT_GROUPING_WINDOW_S, MIN_EVENT_GROUPING_WINDOW_S, RISK_BASES, RISK_LEVELS } from '../../domain/conjunctions/settings.ts';
import { MAX_COMBINED_HARD_BODY_RADIUS_M, MAX_HARD_BODY_RADIUS_M, MIN_HARD_BODY_RADIUS_M } from '../../domain/conjunctions/hardBodyRadius.ts';
import { MAX_ID_LENGTH } from '../../domain/limits.ts';
import { instantSchema } from '../http/instants.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { boundedNumber } from './limits.ts';

const probability = (description: string) => boundedNumber(0, 1, '', { exclusiveMin: true }).openapi({ description });

// ---- settings ----

const settingsFields = {
    defaultHardBodyRadiusM: boundedNumber(MIN_HARD_BODY_RADIUS_M, MAX_HARD_BODY_RADIUS_M, 'm').openapi({
      description:
        'Radius of an object the CDM gives none for and that is not one of our spacecraft with hardBodyRadiusM, m; used only when ' +
        `the CDM gives no radius at all (default 5: 10 m combined for two unknown objects); ${MIN_HARD_BODY_RADIUS_M}..${MAX_HARD_BODY_RADIUS_M}`,
    }),
    riskThresholds: z
      .object({
        mediumPc: probability('Pc at or above which an event is MEDIUM (attention; default 1e-7)'),
        highPc: probability('Pc at or above which an event is HIGH (mitigation; default 1e-4); must exceed mediumPc'),
      })
      .strict(),
    eventGroupingWindowS: boundedNumber(MIN_EVENT_GROUPING_WINDOW_S, MAX_EVENT_GROUPING_WINDOW_S, 's').openapi({
      description: 'CDMs of one object pair whose TCAs lie within this of an event’s TCAs belong to that event (default 600); applies to CDMs received afterwards',
    }),
    defaultPcMethod: z.enum(PC_METHODS).openapi({ description: 'Method of every stored Pc, of the risk level and of the timeline (default LAAS_2015)' }),
};

export const ConjunctionSettingsInputSchema = z.object(settingsFields).strict().openapi('ConjunctionSettingsInput');

export const ConjunctionSettingsSchema = z
  .object({ ...settingsFields, updatedAt: RecordTimestampSchema.nullable().openapi({ description: 'null: never set (the defaults)' }) })
  .openapi('ConjunctionSettings');

// ---- upload ----

export const CdmUploadFormSchema = z
  .object({
    files: z
      .custom<unknown>((value) => value !== undefined, 'at least one file is required (multipart part `files`)')
      .openapi({
        type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1,
        description: 'CDM files (repeated part): KVN with one or more messages one after another, or XML with one message',
      } as never),
  })
  .openapi('CdmUploadForm');

const CdmFileErrorSchema = z.object({
  messageIndex: z.number().int().openapi({ description: '0-based index of the message in the file' }),
  line: z.number().int(),
  keyword: z.string().nullable(),
  message: z.string(),
});

const CdmResultItemSchema = z.object({
  messageIndex: z.number().int(),
  originator: z.string(),
  messageId: z.string().nullable(),
  status: z.enum(CDM_MESSAGE_STATUSES).openapi({ description: 'duplicate: already stored; cdmId and eventId are then those of the stored one' }),
  cdmId: z.string(),
  eventId: z.string(),
});

export const CdmFileResultSchema = z
  .object({
    filename: z.string().nullable(),
    status: z.enum(UPLOAD_RESULT_STATUSES),
    message: z.string(),
    code: z.string().openapi({ description: 'import.conjunction.cdm.{stored,duplicate,parse_failed,unresolved_objects,ambiguous_object,spacecraft_archived,same_spacecraft}' }),
    error: z.string().nullable().openapi({
      description: 'When failed: PARSE_ERROR, UNRESOLVED_OBJECTS (neither object is ours), AMBIGUOUS_OBJECT (an object names several of our active spacecraft), ' +
        'SPACECRAFT_ARCHIVED (the only craft of ours it names is archived) or SAME_SPACECRAFT',
    }),
    line: z.number().int().nullable().openapi({ description: 'Line of the first error in the file' }),
    keyword: z.string().nullable().openapi({ description: 'Keyword of the first error' }),
    errors: z.array(CdmFileErrorSchema).openapi({ description: 'Every error (at most 50); nothing of a failed file is stored' }),
    cdmCount: z.number().int().openapi({ description: 'Messages in the file' }),
    storedCount: z.number().int(),
    duplicateCount: z.number().int(),
    eventIds: z.array(z.string()).openapi({ description: 'Events of the file’s messages (at most 1000)' }),
    cdms: z.array(CdmResultItemSchema).openapi({ description: 'Each message (at most 1000; cdmsTruncated then)' }),
    cdmsTruncated: z.boolean(),
    params: z.record(z.string(), z.unknown()).openapi({
      description: 'contentHash (SHA-256 of the file); errorCount, errorsTruncated; duplicateOfCdmId; ambiguousObject {object, designator, spacecraftIds} ' +
        '(AMBIGUOUS_OBJECT); archivedSpacecraftIds (SPACECRAFT_ARCHIVED)',
    }),
  })
  .openapi('CdmFileResult');

export const CdmUploadResponseSchema = z
  .object({
    uploadId: z.string().openapi({ description: 'This upload (every CDM it stored carries it)' }),
    successCount: z.number().int().openapi({ description: 'Files stored or duplicate' }),
    failureCount: z.number().int(),
    totalCount: z.number().int(),
    results: z.array(CdmFileResultSchema),
  })
  .openapi('CdmUploadResponse');

// ---- events ----

export const ConjunctionPathSchema = z.object({
  id: z.string().min(1).max(MAX_ID_LENGTH).openapi({ param: { name: 'id', in: 'path' }, description: 'Conjunction event id' }),
});

export const ConjunctionCdmPathSchema = ConjunctionPathSchema.extend({
  cdmId: z.string().min(1).max(MAX_ID_LENGTH).openapi({ param: { name: 'cdmId', in: 'path' }, description: 'CDM id (an event’s timeline lists them)' }),
});

const RiskLevelSchema = z.enum(RISK_LEVELS).openapi({
  description:
    'From the organization’s thresholds and the assessed Pc (else the Pc the CDM states): HIGH ≥ highPc, MEDIUM ≥ mediumPc, LOW below, UNKNOWN without ' +
    'a Pc. A maximum probability (riskBasis MAXIMUM_PROBABILITY, an upper bound) is never HIGH: LOW below mediumPc, MEDIUM otherwise — obtain a covariance',
});

const RiskBasisSchema = z.enum(RISK_BASES).openapi({
  description:
    'Which Pc the risk level comes from: ASSESSED, ours, estimated with both objects’ covariances; MAXIMUM_PROBABILITY, ours, an upper bound ' +
    '(ALFRIEND_1999_MAX: a covariance is unknown or COVARIANCE_METHOD = DEFAULT, a made-up one); STATED, the CDM’s own, when we have none (the CDM ' +
    'is unassessed: its states or covariance cannot give one, e.g. a position covariance that is not positive semi-definite; recomputeProblem says ' +
    'why); NONE, neither (UNKNOWN)',
});

export const ConjunctionListQuerySchema = z.object({
  spacecraftId: z.string().min(1).max(MAX_ID_LENGTH).optional().openapi({ description: 'Events of this spacecraft (as either object)' }),
  tcaFrom: instantSchema('Events whose (latest) TCA is at or after this instant').optional(),
  tcaTo: instantSchema('Events whose (latest) TCA is at or before this instant').optional(),
  minPc: z.string().optional().openapi({ type: 'number', minimum: 0, maximum: 1, description: 'Events whose Pc (assessed, else stated) is at least this, 0..1' } as never),
  maxMissDistanceM: z.string().optional().openapi({ type: 'number', minimum: 0, description: 'Events whose (latest) miss distance is at most this, m' } as never),
  riskLevel: z.union([z.string(), z.array(z.string())]).optional().openapi({
    description: `Risk levels (repeatable or comma-separated): ${RISK_LEVELS.join(', ')}`,
  }),
  riskBasis: z.union([z.string(), z.array(z.string())]).optional().openapi({
    description: `Risk bases (repeatable or comma-separated): ${RISK_BASES.join(', ')}`,
  }),
  ...pageableQuery,
});

const SecondarySchema = z.object({
  spacecraftId: z.string().nullable().openapi({ description: 'When the other object is one of our spacecraft too' }),
  objectDesignator: z.string().openapi({ description: 'OBJECT_DESIGNATOR (catalog number) as the first CDM wrote it' }),
  objectName: z.string(),
  internationalDesignator: z.string(),
  objectType: z.string().nullable(),
});

const eventFields = {
  id: z.string(),
  primarySpacecraftId: z.string().openapi({ description: 'Our spacecraft (the first of ours when both objects are)' }),
  secondary: SecondarySchema,
  tca: EpochSchema.openapi({ description: 'TCA of the latest CDM (newest CREATION_DATE)' }),
  missDistanceM: z.number().openapi({ description: 'MISS_DISTANCE of the latest CDM, m' }),
  relativeSpeedMS: z.number().nullable().openapi({ description: 'RELATIVE_SPEED of the latest CDM (else from its states), m/s' }),
  pc: z.number().nullable().openapi({ description: 'Pc of the latest CDM assessed with the organization’s method and hard-body radius rule; null when none can be computed' }),
  pcMethod: z.enum(PC_METHODS).nullable().openapi({ description: 'The method of pc: the organization’s, or ALFRIEND_1999_MAX when a covariance is unknown or DEFAULT' }),
  isMaximumProbability: z.boolean().openapi({ description: 'pc is a maximum probability (an upper bound over covariances), not an estimate' }),
  statedPc: z.number().nullable().openapi({ description: 'COLLISION_PROBABILITY of the latest CDM' }),
  riskLevel: RiskLevelSchema,
  riskBasis: RiskBasisSchema,
  cdmCount: z.number().int(),
  latestCdmId: z.string(),
  sources: z.array(z.enum(CDM_SOURCES)),
  createdAt: RecordTimestampSchema,
  updatedAt: RecordTimestampSchema,
};

export const ConjunctionEventSchema = z.object(eventFields).openapi('ConjunctionEvent');
export const ConjunctionEventPageSchema = pageSchema(ConjunctionEventSchema, 'ConjunctionEventPage');

const vector3 = (unit: string) => z.array(z.number()).openapi({ description: `3 components, ${unit}` });

const FlagSchema = z.object({ code: z.string(), message: z.string() });

const HardBodyRadiusSchema = z
  .object({
    combinedM: z.number().openapi({ description: 'The combined radius R of the Pc, m' }),
    source: z.enum(RADIUS_SOURCES_WITH_REQUEST).openapi({
      description: 'CDM: the CDM’s own radius (HBR keyword or radius comments); SPACECRAFT_AND_DEFAULT: our spacecraft’s hardBodyRadiusM and the organization default; REQUEST: the what-if radius',
    }),
    objects: z
      .array(z.object({ object: z.enum(CDM_OBJECTS), radiusM: z.number(), source: z.string() }).nullable())
      .openapi({ description: 'Per CDM object, when known: radius and its source (HBR_KEYWORD, COMMENT_…, SPACECRAFT, ORGANIZATION_DEFAULT)' }),
    description: z.string(),
  })
  .openapi('HardBodyRadiusUsed');

export const CollisionProbabilitySchema = z
  .object({
    method: z.enum(PC_METHODS),
    value: z.number().openapi({ description: 'Pc in [0, 1]' }),
    lowerBound: z.number().nullable().openapi({ description: 'LAAS_2015: the a-priori lower bound' }),
    upperBound: z.number().nullable().openapi({ description: 'LAAS_2015: the a-priori upper bound' }),
    isMaximumProbability: z.boolean().openapi({ description: 'ALFRIEND_1999_MAX: an upper bound over covariance scalings, not an estimate' }),
    flags: z.array(FlagSchema),
  })
  .openapi('CollisionProbability');

export const EncounterSchema = z
  .object({
    inertialFrame: z.enum(ENCOUNTER_FRAMES),
    eopCovered: z.boolean().nullable().openapi({ description: 'An Earth-fixed state was converted with EOP covering TCA (null: none converted)' }),
    combinedHardBodyRadiusM: z.number(),
    missDistanceM: z.number().openapi({ description: '|r2 − r1| from the states at TCA, m' }),
    relativeSpeedMS: z.number(),
    relativePositionRtnM: vector3('m, object 2 − object 1 in object 1’s RTN'),
    relativeVelocityRtnMS: vector3('m/s'),
    projectedCovarianceM2: z.array(z.array(z.number())).openapi({ description: 'Combined position covariance in the collision plane (x along the miss vector, y), m²' }),
    otherPositionCollisionPlaneM: z.array(z.number()).openapi({ description: 'Object 2 in the collision plane, m' }),
    sigmaXM: z.number(),
    sigmaYM: z.number(),
    xmM: z.number(),
    ymM: z.number(),
    mahalanobisDistance: z.number().nullable(),
    coppolaEncounterDurationS: z.number().nullable(),
    orbitalPeriodsS: z.array(z.number().nullable()),
    shortTermAssumptionHolds: z.boolean().nullable(),
    flags: z.array(FlagSchema),
  })
  .openapi('ConjunctionEncounter');

const ProblemSchema = z.object({ code: z.string(), message: z.string() }).openapi('ConjunctionProblem');

const CdmObjectSchema = z.object({
  object: z.enum(CDM_OBJECTS),
  objectDesignator: z.string(),
  catalogName: z.string(),
  objectName: z.string(),
  internationalDesignator: z.string(),
  objectType: z.string().nullable(),
  maneuverable: z.string(),
  refFrame: z.string(),
  covarianceMethod: z.string(),
  spacecraftId: z.string().nullable().openapi({ description: 'Our spacecraft this object resolved to' }),
});

const StatedSchema = z.object({
  missDistanceM: z.number(),
  relativeSpeedMS: z.number().nullable(),
  relativePositionRtnM: z.array(z.number().nullable()),
  relativeVelocityRtnMS: z.array(z.number().nullable()),
  collisionProbability: z.number().nullable(),
  collisionProbabilityMethod: z.string().nullable(),
});

export const ConjunctionCdmSummarySchema = z
  .object({
    id: z.string(),
    source: z.enum(CDM_SOURCES),
    fileName: z.string().nullable(),
    originator: z.string(),
    messageId: z.string().nullable(),
    notation: z.enum(CDM_NOTATIONS),
    creationDate: EpochSchema,
    tca: EpochSchema,
    timeToTcaS: z.number().openapi({ description: 'TCA − CREATION_DATE, s' }),
    missDistanceM: z.number().openapi({ description: 'MISS_DISTANCE as stated, m' }),
    computedMissDistanceM: z.number().nullable().openapi({ description: 'From the states at TCA, m' }),
    relativeSpeedMS: z.number().nullable(),
    statedPc: z.number().nullable(),
    pc: z.number().nullable().openapi({ description: 'Assessed with the organization’s method and radius rule' }),
    pcMethod: z.enum(PC_METHODS).nullable(),
    hardBodyRadiusM: z.number().nullable(),
    receivedAt: RecordTimestampSchema,
  })
  .openapi('ConjunctionCdmSummary');

export const ConjunctionDetailSchema = z
  .object({
    ...eventFields,
    riskThresholds: z.object({ mediumPc: z.number(), highPc: z.number() }),
    pcFlags: z.array(FlagSchema).openapi({ description: 'The flags of pc as stored (MAXIMUM_PROBABILITY_* say why it is a maximum)' }),
    latestCdm: z.object({
      id: z.string(),
      originator: z.string(),
      messageId: z.string().nullable(),
      creationDate: EpochSchema,
      primaryObject: z.enum(CDM_OBJECTS).openapi({ description: 'Which CDM object is our primary' }),
      objects: z.array(CdmObjectSchema),
      stated: StatedSchema,
    }),
    recomputed: z
      .object({
        method: z.enum(PC_METHODS),
        probability: CollisionProbabilitySchema,
        hardBodyRadius: HardBodyRadiusSchema,
        encounter: EncounterSchema,
      })
      .nullable()
      .openapi({ description: 'The latest CDM’s Pc computed now with `method` (default the organization’s); null with recomputeProblem when it cannot be' }),
    recomputeProblem: ProblemSchema.nullable(),
    timeline: z.array(ConjunctionCdmSummarySchema).openapi({ description: 'Every CDM of the event, oldest CREATION_DATE first' }),
    acceptedAvoidancePlans: z
      .array(
        z.object({
          planId: z.string(),
          candidate: z.number().int(),
          acceptedAt: RecordTimestampSchema,
          maneuverId: z.string(),
          burnStart: EpochSchema.nullable(),
          direction: z.string().nullable(),
          deltaVMetersPerSecond: z.number().nullable(),
          pcAfter: z.number().nullable().openapi({ description: 'The re-propagated Pc of the accepted candidate' }),
          missDistanceAfterM: z.number().nullable(),
        }),
      )
      .openapi({ description: 'The event’s accepted avoidance plans (…/avoidance-plans), oldest acceptance first: on the timeline with the CDMs' }),
  })
  .openapi('ConjunctionDetail');

export const ConjunctionDetailQuerySchema = z.object({
  method: z.enum(PC_METHODS).optional().openapi({ description: 'Method of `recomputed` (default the organization’s defaultPcMethod)' }),
});

export const ProbabilityQuerySchema = z.object({
  method: z.enum(PC_METHODS).optional().openapi({ description: 'One method; every method when absent' }),
  hardBodyRadiusM: z.string().optional().openapi({
    type: 'number', minimum: MIN_HARD_BODY_RADIUS_M, maximum: MAX_COMBINED_HARD_BODY_RADIUS_M,
    description: `Combined hard-body radius R, m (${MIN_HARD_BODY_RADIUS_M}..${MAX_COMBINED_HARD_BODY_RADIUS_M}); default: the radius rule (the CDM’s, else spacecraft + organization default)`,
  } as never),
});

export const ProbabilityResponseSchema = z
  .object({
    eventId: z.string(),
    cdmId: z.string().openapi({ description: 'The latest CDM of the event' }),
    hardBodyRadius: HardBodyRadiusSchema,
    encounter: EncounterSchema,
    probabilities: z.array(CollisionProbabilitySchema),
  })
  .openapi('ConjunctionProbability');

/** The parsed CDM (engine/files/cdm/cdmReader.ts `CdmMessage`), SI units as the standard gives them (m, m/s, m², …). */
export const CdmJsonSchema = z
  .object({
    cdmId: z.string(),
    eventId: z.string(),
    format: z.literal('CDM'),
    notation: z.enum(CDM_NOTATIONS),
    header: z.object({
      version: z.string(),
      comments: z.array(z.string()),
      classification: z.string().nullable(),
      creationDate: z.string(),
      originator: z.string(),
      messageId: z.string().nullable(),
      messageFor: z.string().nullable(),
      line: z.number().int(),
    }),
    relativeMetadata: z.record(z.string(), z.unknown()).openapi({
      description: 'tca, missDistanceM, relativeSpeedMS, relativePositionRtnM, relativeVelocityRtnMS, screening volume, collisionProbability and its method, …',
    }),
    objects: z.array(z.record(z.string(), z.unknown())).openapi({
      description: 'OBJECT1 and OBJECT2: metadata, odParameters, additionalParameters, stateVector (km, km/s), rtnCovariance (lower triangle, m², m²/s, m²/s²), …',
    }),
    userDefined: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('CdmJson');
