/** zod schemas (validation + OpenAPI) of the State Vectors tag. */
import { z } from '@hono/zod-openapi';
import { STATE_FRAMES } from '../../engine/frames/stateFrames.ts';
import { LOCAL_ORBITAL_FRAMES } from '../../engine/math/covariance.ts';
import { OEM_REFERENCE_FRAMES, OEM_TIME_SYSTEMS } from '../../engine/products/oemProduct.ts';
import { OEM_OPTION_DEFAULTS } from '../../domain/products/oemOptions.ts';
import { queryFlag } from './queryFlag.ts';
import { instantSchema } from '../http/instants.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { FILE_RESULT_STATUSES } from '../http/results.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { boundedNumber, idString, safeText } from './limits.ts';
import { MAX_COVARIANCE_ELEMENT, MAX_MASS_KG, MAX_POSITION_KM, MAX_VELOCITY_KM_S } from '../../domain/limits.ts';
import { MEAN_ELEMENTS_THEORY } from '../../engine/orbits/dsst/mean-elements.ts';

/** Frames a stored covariance may be given in: a state frame or a local orbital frame. */
const COVARIANCE_FRAME_VALUES = [...STATE_FRAMES, ...LOCAL_ORBITAL_FRAMES];
export const SOURCE_TYPE_VALUES = ['OPM_IMPORT', 'ORBIT_DETERMINATION', 'MANUAL'] as const;

const vector3 = (bound: number, unit: string, description: string) =>
  z.array(boundedNumber(-bound, bound, unit)).length(3).openapi({ description: `${description}; each component within ±${bound} ${unit}` });

const CovarianceInputSchema = z
  .object({
    frame: z.enum(COVARIANCE_FRAME_VALUES).optional().openapi({
      description: 'Frame of the matrix (default: the state referenceFrame). RTN/TNW are local orbital frames about the state, rotation only.',
    }),
    matrix: z.array(z.array(boundedNumber(-MAX_COVARIANCE_ELEMENT, MAX_COVARIANCE_ELEMENT, '')).length(6)).length(6).openapi({
      description: `6×6 symmetric positive semi-definite matrix, rows/columns x, y, z, vx, vy, vz; km², km²/s, km²/s²; each element within ±${MAX_COVARIANCE_ELEMENT}`,
    }),
  })
  .openapi('StateVectorCovarianceInput');

export const CreateStateVectorSchema = z
  .object({
    spacecraftId: idString().openapi({ description: 'Owning spacecraft (canonical id)' }),
    epoch: instantSchema('State epoch: ISO-8601 instant with zone (Z or ±hh:mm), any number of fractional digits', '2024-03-01T12:00:00.000Z'),
    position: vector3(MAX_POSITION_KM, 'km', '[x, y, z] km'),
    velocity: vector3(MAX_VELOCITY_KM_S, 'km/s', '[vx, vy, vz] km/s'),
    referenceFrame: z.enum(STATE_FRAMES).openapi({ description: 'Frame of position and velocity; kept as given' }),
    mass: boundedNumber(0, MAX_MASS_KG, 'kg', { exclusiveMin: true }).nullable().optional()
      .openapi({ description: `kg (> 0, ≤ ${MAX_MASS_KG}); null/absent = the spacecraft launchMass is used for propagation` }),
    originator: safeText(255).optional().openapi({ description: 'Originator of the data (default APSIS)' }),
    covariance: CovarianceInputSchema.nullable().optional(),
  })
  .openapi('CreateStateVectorRequest');

const CovarianceSchema = z
  .object({
    frame: z.string().openapi({ description: 'GCRF, EME2000, TEME, ITRF, TOD, MOD, RTN or TNW' }),
    matrix: z.array(z.array(z.number())).openapi({ description: '6×6 (km², km²/s, km²/s²)' }),
    standardDeviations: z.object({
      positionKm: z.array(z.number()).openapi({ description: 'σ of the three position axes of `frame`, km' }),
      velocityKmS: z.array(z.number()).openapi({ description: 'σ of the three velocity axes of `frame`, km/s' }),
    }),
  })
  .openapi('StateVectorCovariance');

const MeanElementsSchema = z
  .object({
    semiMajorAxisKm: z.number(),
    eccentricity: z.number(),
    inclinationDeg: z.number(),
    raanDeg: z.number(),
    argPerigeeDeg: z.number(),
    meanAnomalyDeg: z.number(),
    trueAnomalyDeg: z.number(),
  })
  .openapi('MeanElements', { description: 'Mean Keplerian elements by DSST averaging (zonal J2–J6 short-periodic terms)' });

export const StateVectorSchema = z
  .object({
    id: z.string().openapi({ example: 'SV-12', description: 'Display id SV-<n>, per organization' }),
    spacecraftId: z.string(),
    spacecraftName: z.string(),
    epoch: EpochSchema,
    position: z.array(z.number()).openapi({ description: 'km' }),
    velocity: z.array(z.number()).openapi({ description: 'km/s' }),
    referenceFrame: z.enum(STATE_FRAMES),
    mass: z.number().nullable().openapi({ description: 'kg' }),
    originator: z.string(),
    creationDate: RecordTimestampSchema,
    sourceType: z.enum(SOURCE_TYPE_VALUES),
    orbitSolutionId: z.string().nullable(),
    converged: z.boolean().nullable().openapi({ description: 'Orbit-determination convergence; null for other sources' }),
    hasCovariance: z.boolean(),
    covariance: CovarianceSchema.nullable(),
    meanElements: MeanElementsSchema.nullable(),
    meanElementsTheory: z.enum([MEAN_ELEMENTS_THEORY]).nullable().openapi({ description: "'DSST' when meanElements is set, else null" }),
    warnings: z.array(z.string()).openapi({ description: 'Non-fatal warnings (empty when none)' }),
    userDefinedParameters: z.record(z.string(), z.string()).openapi({
      description: 'OPM USER_DEFINED_<name> parameters of an imported state (name without the prefix → value); {} when none. Written back on OPM export.',
    }),
  })
  .openapi('StateVector');

export const StateVectorPageSchema = pageSchema(StateVectorSchema, 'StateVectorPage');

export const ListStateVectorsQuerySchema = z.object({
  spacecraftId: z.string().optional(),
  startDate: z.string().optional().openapi({ format: 'date-time', description: 'Epoch ≥ startDate (inclusive)' }),
  endDate: z.string().optional().openapi({ format: 'date-time', description: 'Epoch ≤ endDate (inclusive)' }),
  sourceType: z.enum(SOURCE_TYPE_VALUES).optional(),
  ...pageableQuery,
});

export const LatestQuerySchema = z.object({
  // Checked by the service (400 naming it when absent or blank); required by the contract.
  spacecraftId: z.string().optional().openapi({ param: { name: 'spacecraftId', in: 'query', required: true }, description: 'Canonical spacecraft id' }),
  includeNonConverged: queryFlag('true: orbit-determination results count even when not converged (default false)'),
});

export const ImportQuerySchema = z.object({
  spacecraftId: z.string().optional().openapi({ description: 'Target spacecraft; needed only when OBJECT_ID/OBJECT_NAME do not resolve one' }),
  allowDuplicate: queryFlag(
    'true: store a state even when the same state (craft, epoch, frame, position, velocity) is already stored (default false: a duplicate result)',
  ),
});

export const ImportFormSchema = z
  .object({
    files: z
      .custom<unknown>((value) => value !== undefined, 'at least one file is required (multipart part `files`)')
      .openapi({ type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1, description: 'OPM files (KVN or XML), repeated part' } as never),
  })
  .openapi('StateVectorImportForm');

const ImportFileResultSchema = z.object({
  filename: z.string(),
  status: z.enum(FILE_RESULT_STATUSES).openapi({
    description: 'success: stored; failed: nothing stored; ambiguous: repeat with the spacecraftId query; duplicate: the same state is ' +
      'already stored as stateVectorId, nothing stored (allowDuplicate=true stores it again)',
  }),
  spacecraftId: z.string().nullable(),
  stateVectorId: z.string().nullable(),
  warnings: z.array(z.string()),
  error: z.string().optional(),
  message: z.string().optional(),
  line: z.number().int().optional(),
  candidateSpacecraftIds: z.array(z.string()).optional(),
});

export const ImportResponseSchema = z
  .object({ successCount: z.number().int(), failureCount: z.number().int(), results: z.array(ImportFileResultSchema) })
  .openapi('StateVectorImportResponse');

export const GenerateOemSchema = z
  .object({
    initialDate: instantSchema('Start of the ephemeris (ISO-8601 instant with zone)', '2024-03-01T12:00:00Z'),
    finalDate: instantSchema('End of the ephemeris; after initialDate, at most 30 days later', '2024-03-02T12:00:00Z'),
    referenceFrame: z.enum(OEM_REFERENCE_FRAMES).optional().openapi({ description: `REF_FRAME (default ${OEM_OPTION_DEFAULTS.referenceFrame})` }),
    timeBetweenPoints: z.number().int().min(60).max(86400).optional()
      .openapi({ description: `Seconds, 60..86400 (default ${OEM_OPTION_DEFAULTS.timeBetweenPoints})` }),
    timeSystem: z.enum(OEM_TIME_SYSTEMS).optional().openapi({ description: `TIME_SYSTEM of the epochs (default ${OEM_OPTION_DEFAULTS.timeSystem})` }),
    includeCovariance: z.boolean().optional()
      .openapi({ description: `Propagate the stored covariance and write it per epoch (default ${OEM_OPTION_DEFAULTS.includeCovariance})` }),
    covarianceFrame: z.enum(LOCAL_ORBITAL_FRAMES).optional()
      .openapi({ description: `COV_REF_FRAME (default ${OEM_OPTION_DEFAULTS.covarianceFrame})` }),
    covarianceFrameValid: z.boolean().optional().openapi({ description: 'Read-only indicator; accepted and ignored' }),
    dateRangeValid: z.boolean().optional().openapi({ description: 'Read-only indicator; accepted and ignored' }),
    timeSpanValid: z.boolean().optional().openapi({ description: 'Read-only indicator; accepted and ignored' }),
  })
  .openapi('GenerateOemRequest');

export type CreateStateVectorInput = z.infer<typeof CreateStateVectorSchema>;
export type GenerateOemBody = z.infer<typeof GenerateOemSchema>;
