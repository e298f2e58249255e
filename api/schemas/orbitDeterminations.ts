/** Orbit-determination request and response schemas (validation + OpenAPI). */
import { z } from '@hono/zod-openapi';
import { queryFlag } from './queryFlag.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { StateVectorSchema } from './stateVectors.ts';
import { DEFAULT_MAX_ITERATIONS } from '../../engine/estimation/leastSquares/convergence.ts';
import { DEFAULT_EDITING_SIGMA } from '../../engine/estimation/common/editing.ts';
import { DEFAULT_OPTIMIZER } from '../../engine/estimation/leastSquares/damping.ts';
import { ResidualRowSchema, ResidualStatisticsSchema, SkippedSummarySchema, trackingSpanFields } from './residuals.ts';
import { OD_JOB_STATUSES } from '../../domain/jobs/model.ts';

/** The estimator's own defaults (engine/estimation). */
export const OD_DEFAULTS = { editingSigma: DEFAULT_EDITING_SIGMA, maxIterations: DEFAULT_MAX_ITERATIONS, optimizer: DEFAULT_OPTIMIZER } as const;
export const OD_OPTIMIZERS = ['GAUSS_NEWTON', 'LEVENBERG_MARQUARDT'] as const;
export const OD_MAX_ITERATIONS = 50;

export const OrbitDeterminationRequestSchema = z
  .object({
    ...trackingSpanFields,
    aprioriStateVectorId: z.string().optional().openapi({ description: 'SV-<n> of this spacecraft; default the latest eligible state with an epoch at or before endDate' }),
    solutionEpoch: z.string().optional().openapi({
      description:
        'Epoch of the estimated state (ISO-8601 instant); default the a priori epoch. The fit iterates at the a priori epoch ' +
        '(at the nearer end of the measurements when the a priori lies more than an orbit outside them) and maps the result, ' +
        'state and covariance, to this epoch: every solution epoch gives the same orbit',
    }),
    optimizer: z.enum(OD_OPTIMIZERS).optional().openapi({
      description:
        `Step of the least squares (default ${OD_DEFAULTS.optimizer}): GAUSS_NEWTON, undamped (Orekit's optimizer); ` +
        'LEVENBERG_MARQUARDT, Gauss–Newton steps while they lower the cost and Marquardt damping after one that does not ' +
        '(the damping λ is in each iteration of the solution), with arc extension when the a priori is poor (5 km / 5 m/s)',
    }),
    solveFor: z
      .object({
        dragCoefficient: z.boolean().optional().openapi({ description: 'Estimate Cd (a priori: the spacecraft\'s)' }),
        srpCoefficient: z.boolean().optional().openapi({ description: 'Estimate Cr (a priori: the spacecraft\'s)' }),
        stationBiases: z.boolean().optional().openapi({ description: 'Estimate a constant bias per station and measurement component' }),
      })
      .optional()
      .openapi({ description: 'Besides the 6 Cartesian state components (always estimated)' }),
    editingSigma: z
      .number()
      .refine((v) => v === 0 || (v >= 1 && v <= 100), 'must be 0 (editor off) or 1..100')
      .optional()
      .openapi({ description: `n-sigma of the automatic outlier editor (default ${OD_DEFAULTS.editingSigma}; 0 disables it)` }),
    maxIterations: z.number().int().min(1).max(OD_MAX_ITERATIONS).optional().openapi({ description: `Default ${OD_DEFAULTS.maxIterations}` }),
  })
  .openapi('OrbitDeterminationRequest');

export type OrbitDeterminationRequest = z.infer<typeof OrbitDeterminationRequestSchema>;


/** A diverging fit's RMS may not be finite: JSON has no such number, so it is null. */
const rms = z.number().nullable().openapi({ description: 'RMS of the normalized residuals of the used measurements (null when not finite)' });

const ProgressSchema = z.object({
  iteration: z.number().int(),
  weightedRms: rms,
  rejected: z.number().int(),
  history: z.array(z.object({ iteration: z.number().int(), weightedRms: rms, rejected: z.number().int() })),
});

const vector = (unit: string) => z.array(z.number()).openapi({ description: unit });

const SolutionSchema = z
  .object({
    converged: z.boolean(),
    failureReason: z.string().nullable(),
    optimizer: z.enum(OD_OPTIMIZERS),
    iterations: z.array(
      z.object({
        iteration: z.number().int(),
        weightedRms: rms,
        rejected: z.number().int(),
        stateCorrectionNorm: z.number().nullable().openapi({ description: 'Largest normalized correction of the step that followed (1 m, ~1 mm/s); null at the last' }),
        damping: z.number().nullable().openapi({ description: 'Levenberg–Marquardt damping λ of the step that followed (0: undamped Gauss–Newton step; null at the last)' }),
        accepted: z.boolean().openapi({ description: 'false: the point raised the cost and was dropped (Levenberg–Marquardt stepped again from the previous one with more damping)' }),
        arcSeconds: z.number().nullable().openapi({ description: 'Arc extension: only the measurements within ± this many seconds of the fit epoch were used; null: all' }),
      }),
    ),
    fitEpoch: EpochSchema.openapi({ description: 'The epoch whose state the fit iterated on (the a priori epoch, or the nearer end of the measurements)' }),
    epoch: EpochSchema,
    state: z.object({ frame: z.literal('GCRF'), positionKm: vector('km'), velocityKmS: vector('km/s'), massKg: z.number().openapi({ description: 'At the solution epoch' }) }),
    stateCovariance: z.object({
      frame: z.literal('GCRF'),
      matrix: z.array(z.array(z.number())).openapi({ description: '6×6 formal covariance (JᵀWJ)⁻¹, km², km²/s, km²/s²' }),
      standardDeviations: z.object({ positionKm: vector('km'), velocityKmS: vector('km/s') }),
    }),
    parameters: z.array(
      z.object({
        name: z.string(),
        unit: z.string(),
        value: z.number().nullable(),
        sigma: z.number().nullable(),
        held: z.boolean().openapi({ description: 'No used measurement constrained it: held at its a priori value (zero covariance rows)' }),
      }),
    ),
    covariance: z.object({ parameters: z.array(z.string()), matrix: z.array(z.array(z.number())) }).openapi({ description: 'Formal covariance of every estimated parameter (units of `parameters`)' }),
    dragCoefficient: z.object({ value: z.number(), sigma: z.number() }).nullable(),
    srpCoefficient: z.object({ value: z.number(), sigma: z.number() }).nullable(),
    stationBiases: z.array(
      z.object({ stationId: z.string(), stationName: z.string().nullable(), component: z.string(), unit: z.string(), value: z.number(), sigma: z.number() }),
    ),
    counts: z.array(z.object({ kind: z.string(), stationId: z.string().nullable(), stationName: z.string().nullable(), used: z.number().int(), rejected: z.number().int() })),
    statistics: z.object({ byType: z.array(ResidualStatisticsSchema), byStation: z.array(ResidualStatisticsSchema) }),
    forceModel: z.record(z.string(), z.unknown()),
    apriori: z.object({ stateVectorId: z.string(), epoch: EpochSchema, positionKm: vector('km'), velocityKmS: vector('km/s'), frame: z.string() }),
    measurements: z.object({ storedCount: z.number().int(), modelledCount: z.number().int(), skipped: SkippedSummarySchema, warnings: z.array(z.string()) }),
    elapsedMs: z.number().openapi({ description: 'Wall time of the fit on the worker, ms' }),
  })
  .openapi('OrbitSolution');

export const OrbitDeterminationSchema = z
  .object({
    id: z.string(),
    spacecraftId: z.string(),
    status: z.enum(OD_JOB_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    error: z.string().nullable().openapi({ description: 'Why the job FAILED (e.g. the fit did not converge, with the reason)' }),
    request: z.record(z.string(), z.unknown()),
    aprioriStateVectorId: z.string(),
    startDate: EpochSchema,
    endDate: EpochSchema,
    progress: ProgressSchema.nullable(),
    converged: z.boolean().nullable(),
    residualCount: z.number().int().nullable(),
    acceptedStateVectorId: z.string().nullable(),
    acceptedAt: RecordTimestampSchema.nullable(),
    solution: SolutionSchema.nullable().optional().openapi({ description: 'GET one only; null until the fit ended' }),
    createdAt: RecordTimestampSchema,
    updatedAt: RecordTimestampSchema,
    startedAt: RecordTimestampSchema.nullable(),
    finishedAt: RecordTimestampSchema.nullable(),
  })
  .openapi('OrbitDetermination');

export const OrbitDeterminationPageSchema = pageSchema(OrbitDeterminationSchema, 'OrbitDeterminationPage');

export const OrbitDeterminationPathSchema = z.object({
  id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' }, description: 'Orbit-determination id' }),
});

export const OrbitDeterminationListQuerySchema = z.object({
  spacecraftId: z.string().optional(),
  status: z.enum(OD_JOB_STATUSES).optional(),
  ...pageableQuery,
});

export const OrbitDeterminationResidualQuerySchema = z.object({
  rejected: queryFlag('Only rejected (true) or only used (false) measurements; both when absent'),
  ...pageableQuery,
});

export const OrbitDeterminationResidualPageSchema = pageSchema(ResidualRowSchema, 'OrbitDeterminationResidualPage');

export const AcceptResponseSchema = z
  .object({ orbitDeterminationId: z.string(), stateVector: StateVectorSchema })
  .openapi('OrbitDeterminationAccepted');
