/** Avoidance-plan request and response schemas (validation + OpenAPI): /operations/conjunctions/{id}/avoidance-plans. */
import { z } from '@hono/zod-openapi';
import { PC_METHODS } from '../../engine/collision/probability.ts';
import { AVOIDANCE_DEFAULTS as D, AVOIDANCE_DIRECTIONS, SECONDARY_SCREENING_STATUSES, AVOIDANCE_EXECUTION_KINDS, AVOIDANCE_LIMITS as L, AVOIDANCE_TARGET_SOURCES } from '../../domain/avoidance/model.ts';
import { JOB_STATUSES } from '../../domain/jobs/model.ts';
import { MAX_ID_LENGTH, MAX_MASS_KG } from '../../domain/limits.ts';
import { ISP_MAX_S, ISP_MIN_S } from '../../domain/maneuvers/model.ts';
import { pageableQuery, pageSchema } from '../http/paging.ts';
import { EpochSchema, RecordTimestampSchema } from '../openapi.ts';
import { ConjunctionPathSchema } from './conjunctions.ts';
import { queryFlag } from './queryFlag.ts';

export const AvoidancePlanPathSchema = ConjunctionPathSchema.extend({
  planId: z.string().min(1).max(MAX_ID_LENGTH).openapi({ param: { name: 'planId', in: 'path' }, description: 'Avoidance plan id' }),
});

export const AvoidanceCandidatePathSchema = AvoidancePlanPathSchema.extend({
  n: z.coerce.number().int().min(0).max(L.maxRepropagated - 1).openapi({ param: { name: 'n', in: 'path' }, description: 'The candidate’s rank in the plan (candidates[].n, 0-based)' }),
});

export const AvoidancePlanListQuerySchema = z.object({ ...pageableQuery });

const km = z.number().gt(0).max(L.maxSecondaryVolumeKm);
const SecondaryVolumeSchema = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('SPHERE'), radiusKm: km }),
  z.object({ shape: z.literal('ELLIPSOID'), radialKm: km, inTrackKm: km, crossTrackKm: km }),
]).openapi('AvoidanceSecondaryVolume');

export const AvoidancePlanRequestSchema = z
  .object({
    target: z
      .object({
        maxPc: z.number().gt(0).lt(1).optional().openapi({ description: 'Pc strictly below this value, by the plan’s pcMethod' }),
        minMissDistanceM: z.number().gt(0).max(L.maxMissDistanceM).optional(),
        minMahalanobisDistance: z.number().gt(0).max(L.maxMahalanobisDistance).optional(),
      })
      .optional()
      .openapi({ description: `Every bound given must hold. Default (none given): maxPc = the organization’s HIGH threshold ÷ ${D.targetPcDivisor} (1e-6 with the default thresholds)` }),
    burnWindow: z
      .object({
        earliestBurnTime: z.string().max(64).optional().openapi({ description: `ISO-8601 instant; default the later of now and ${D.maxLeadTimeS / 86_400} days before the TCA; at most ${L.maxLeadTimeS / 86_400} days before it` }),
        minimumLeadTimeS: z.number().min(L.minLeadTimeS).max(L.maxLeadTimeS).optional().openapi({ description: `The latest burn: this long before the TCA, s (default ${D.minLeadTimeS})` }),
      })
      .optional(),
    leadTimesS: z.array(z.number().min(L.minLeadTimeS).max(L.maxLeadTimeS)).min(1).max(L.maxLeadTimes).optional().openapi({
      description: 'Lead times (s before the TCA) to consider; default leadTimeCount over the window, the half-orbit points (k + ½)·T first (along-track burns are most effective there)',
    }),
    leadTimeCount: z.number().int().min(1).max(L.maxLeadTimes).optional().openapi({ description: `Default ${D.leadTimeCount}` }),
    directions: z.array(z.enum(AVOIDANCE_DIRECTIONS)).min(1).max(L.maxDirections).optional().openapi({
      description: 'In the primary’s RTN at the burn; OPTIMAL: the direction maximising the Mahalanobis distance in the encounter plane for each size (Bombardelli & Hernando-Ayuso 2015). Default all',
    }),
    deltaV: z
      .object({
        sizesMetersPerSecond: z.array(z.number().min(L.minDeltaVMetersPerSecond).max(L.maxDeltaVMetersPerSecond)).min(1).max(L.maxDeltaVSizes).optional(),
        minMetersPerSecond: z.number().min(L.minDeltaVMetersPerSecond).max(L.maxDeltaVMetersPerSecond).optional().openapi({ description: `Default ${D.deltaVMinMetersPerSecond}` }),
        maxMetersPerSecond: z.number().min(L.minDeltaVMetersPerSecond).max(L.maxDeltaVMetersPerSecond).optional().openapi({ description: `Default ${D.deltaVMaxMetersPerSecond}` }),
        count: z.number().int().min(1).max(L.maxDeltaVSizes).optional().openapi({ description: `Sizes spaced geometrically from min to max (default ${D.deltaVCount})` }),
      })
      .optional()
      .openapi({ description: `The Δv sizes: given, or count from min to max. leadTimes × directions × sizes ≤ ${L.maxTradeSpaceCandidates}` }),
    execution: z
      .object({
        kind: z.enum(AVOIDANCE_EXECUTION_KINDS).optional().openapi({ description: 'IMPULSIVE (default) or FINITE: constant thrust of one of the spacecraft’s thrusters, the burn held in the primary’s RTN' }),
        thrusterId: z.string().min(1).max(MAX_ID_LENGTH).optional().openapi({ description: 'One of the spacecraft’s enabled thrusters (its thrust and Isp); default for FINITE: the first enabled one' }),
        ispS: z.number().min(ISP_MIN_S).max(ISP_MAX_S).optional().openapi({ description: `Isp of an impulsive burn without a thruster, s (default ${D.impulsiveIspS})` }),
      })
      .optional(),
    executionErrors: z
      .object({
        magnitudeFraction: z.number().min(0).max(L.maxMagnitudeFraction).optional().openapi({ description: `1σ magnitude error ∝ |Δv| (default ${D.magnitudeFraction})` }),
        magnitudeMetersPerSecond: z.number().min(0).max(L.maxMagnitudeMetersPerSecond).optional().openapi({ description: '1σ fixed magnitude error, m/s (default 0)' }),
        pointingDeg: z.number().min(0).max(L.maxPointingDeg).optional().openapi({ description: `1σ pointing error per perpendicular axis, degrees (default ${D.pointingDeg})` }),
      })
      .optional()
      .openapi({ description: 'Gates (1963) execution errors: they enter the post-maneuver covariance' }),
    massKg: z.number().gt(0).max(MAX_MASS_KG).optional().openapi({ description: 'Mass at the burn, kg (default the spacecraft’s launchMass)' }),
    maxRepropagated: z.number().int().min(1).max(L.maxRepropagated).optional().openapi({ description: `Candidates re-propagated numerically (default ${D.maxRepropagated})` }),
    horizonS: z.number().min(0).max(L.maxHorizonS).optional().openapi({ description: `Post-maneuver trajectory kept after the TCA in the accepted candidate’s OEM, s (default ${D.horizonS})` }),
    secondaryScreening: z
      .object({
        enabled: z.boolean().optional().openapi({ description: 'Default: true when the organization has a catalog; without one the plan states that the screening was skipped and why' }),
        horizonDays: z.number().gt(0).max(L.maxSecondaryHorizonDays).optional().openapi({ description: `After each burn, days (default ${D.secondaryHorizonDays}, at most the screening’s ${L.maxSecondaryHorizonDays})` }),
        volume: SecondaryVolumeSchema.optional().openapi({ description: `Screening volume about the candidate in its RTN, km (default a ${D.secondaryVolume.radiusKm} km sphere)` }),
        maxCandidates: z.number().int().min(1).max(L.maxSecondaryCandidates).optional().openapi({ description: `Candidates meeting the target screened, in rank order (default ${D.secondaryCandidates})` }),
        maximumProbabilityMissDistanceM: z.number().gt(0).max(L.maxMissDistanceM).optional().openapi({
          description: `A Pc that is only a maximum-probability bound (a secondary without covariance, e.g. any catalog object) counts against the Pc target only inside this miss distance, m (default the target’s minMissDistanceM, else ${D.maximumProbabilityMissDistanceM}); outside it the approach is flagged, not counted`,
        }),
      })
      .optional()
      .openapi({ description: 'Secondary conjunctions: the post-burn trajectories of the best candidates screened against the catalog and our other spacecraft; a candidate creating an approach above the target is marked and not recommended (docs/avoidance.md)' }),
  })
  .openapi('AvoidancePlanRequest');

export type AvoidancePlanRequestBody = z.infer<typeof AvoidancePlanRequestSchema>;

const vec3 = z.array(z.number()).length(3);
const TargetSchema = z.object({ maxPc: z.number().optional(), minMissDistanceM: z.number().optional(), minMahalanobisDistance: z.number().optional() });

const OutcomeSchema = z.object({
  missDistanceM: z.number(),
  pc: z.number().nullable(),
  mahalanobisDistance: z.number().nullable(),
  relativePositionRtnM: vec3.openapi({ description: 'Secondary minus primary at the closest approach, in the primary’s RTN, m' }),
});

const SecondaryApproachSchema = z
  .object({
    secondaryNoradId: z.number().int(),
    secondaryName: z.string().nullable(),
    secondarySpacecraftId: z.string().nullable().openapi({ description: 'Set when the secondary is one of our spacecraft' }),
    secondaryFittedTle: z.boolean().openapi({ description: 'That spacecraft has no catalog element set: screened from a TLE fitted to its latest state' }),
    secondaryCovarianceCdmId: z.string().nullable().openapi({ description: 'The received CDM whose covariance of the secondary the Pc used (its TCA within the organization’s event grouping window); null: none, a maximum-probability Pc' }),
    tca: EpochSchema,
    tcaFromBurnS: z.number(),
    missDistanceM: z.number(),
    relativeSpeedMS: z.number(),
    relativePositionRtnM: vec3,
    pc: z.number().nullable(),
    pcIsMaximumProbability: z.boolean().openapi({ description: 'The secondary has no covariance: the Pc is the maximum probability over it (an upper bound)' }),
    mahalanobisDistance: z.number().nullable(),
    aboveTarget: z.array(z.string()).openapi({ description: 'Target bounds violated as counted (PC, MISS_DISTANCE, MAHALANOBIS_DISTANCE)' }),
    flagged: z.boolean().openapi({ description: 'A maximum-probability Pc above the target outside the policy’s miss distance: shown, not counted' }),
  })
  .openapi('AvoidanceSecondaryApproach');

const CandidateSchema = z
  .object({
    n: z.number().int(),
    tradeSpaceIndex: z.number().int(),
    leadTimeS: z.number(),
    burnTime: EpochSchema,
    burnStart: EpochSchema,
    burnDurationS: z.number(),
    direction: z.enum(AVOIDANCE_DIRECTIONS),
    deltaVMetersPerSecond: z.number(),
    deltaVRtnMetersPerSecond: vec3,
    deltaVGcrfMetersPerSecond: vec3,
    propellantKg: z.number(),
    massAfterBurnKg: z.number(),
    linear: OutcomeSchema.extend({ displacementAtTcaRtnM: vec3 }).openapi({ description: 'Linear prediction (state transition matrix from the burn to the TCA)' }),
    numerical: OutcomeSchema.extend({
      tcaOffsetS: z.number(),
      tca: EpochSchema,
      encounterPlane: z.object({ missVectorM: z.array(z.number()).length(2), covarianceM2: z.array(z.array(z.number()).length(2)).length(2) }).optional().openapi({
        description: 'The re-propagated closest approach in the nominal collision plane’s axes (x along the nominal miss vector): the secondary from our spacecraft and the combined covariance (ours with the execution errors), m and m² (…/encounter.svg draws it)',
      }),
    }).openapi({ description: 'Numerical re-propagation (full force model, the covariance with the execution errors)' }),
    difference: z.object({
      missDistanceM: z.number(),
      missVectorM: z.number(),
      linearPc: z.number().nullable(),
      numericalPc: z.number().nullable(),
      mahalanobisDistance: z.number().nullable(),
    }).openapi({ description: 'Linear minus numerical' }),
    orbitChange: z.object({
      deltaSemiMajorAxisM: z.number(),
      deltaEccentricity: z.number(),
      deltaInclinationDeg: z.number(),
      alongTrackOffsetAtTcaM: z.number(),
      alongTrackDriftMetersPerOrbit: z.number(),
    }),
    meetsTarget: z.boolean(),
    recommended: z.boolean(),
    notRecommendedReason: z.string().nullable(),
    secondary: z
      .object({
        screened: z.boolean(),
        approachCount: z.number().int(),
        secondaryConjunctions: z.array(SecondaryApproachSchema).openapi({ description: 'Approaches above the target its post-burn trajectory creates: the candidate is not recommended' }),
        flaggedApproaches: z.array(SecondaryApproachSchema),
      })
      .nullable()
      .optional()
      .openapi({ description: 'Its secondary screening (null: not screened)' }),
  })
  .openapi('AvoidanceCandidate');

const ResultSchema = z
  .object({
    pcMethod: z.enum(PC_METHODS),
    target: TargetSchema,
    periodS: z.number(),
    leadTimesS: z.array(z.number()),
    nominal: OutcomeSchema.openapi({ description: 'The encounter without a burn' }),
    tradeSpace: z
      .object({
        count: z.number().int(),
        meetingTargetCount: z.number().int(),
        leadTimeS: z.array(z.number()),
        direction: z.array(z.enum(AVOIDANCE_DIRECTIONS)),
        deltaVMetersPerSecond: z.array(z.number()),
        missDistanceM: z.array(z.number()),
        pc: z.array(z.number().nullable()),
        mahalanobisDistance: z.array(z.number().nullable()),
        propellantKg: z.array(z.number()),
        meetsTarget: z.array(z.boolean()),
      })
      .openapi({ description: 'The linear trade space column by column, lead time × direction × size order' }),
    candidates: z.array(CandidateSchema),
    recommendedCandidate: z.number().int().nullable().openapi({ description: 'The first candidate in rank order that meets the target and, when screened, creates no secondary conjunction above it' }),
    secondaryScreening: z
      .object({
        status: z.enum(SECONDARY_SCREENING_STATUSES),
        reason: z.string().nullable().openapi({ description: 'Why it was skipped' }),
        horizonS: z.number(),
        volume: SecondaryVolumeSchema,
        maxCandidates: z.number().int(),
        screenedCandidates: z.number().int(),
        catalogObjectCount: z.number().int(),
        fleetSecondaryCount: z.number().int(),
        notScreened: z.array(z.string()),
        maximumProbabilityMissDistanceM: z.number(),
        issues: z.array(z.string()),
        computeMs: z.number(),
      })
      .optional()
      .openapi({ description: 'The secondary screening of the candidates (absent in plans computed before it)' }),
    computeMs: z.number(),
    earthDataWarnings: z.array(z.string()).openapi({ description: 'Earth data the plan’s span used beyond its observations (EOP, space weather), as the Warning header of the OEM products says' }),
    covarianceRepairs: z.array(z.string()).optional().openapi({ description: 'The CDM covariances that were not positive semi-definite, replaced by the nearest ones that are (negative eigenvalues set to 0) before the plan used them' }),
  })
  .openapi('AvoidancePlanResult');

export const AvoidancePlanSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    spacecraftId: z.string(),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    cancelRequested: z.boolean(),
    request: z.object({
      cdmId: z.string(),
      tca: EpochSchema,
      target: TargetSchema,
      targetSource: z.enum(AVOIDANCE_TARGET_SOURCES),
      pcMethod: z.enum(PC_METHODS),
      combinedHardBodyRadiusM: z.number(),
      burnWindow: z.object({ earliestBurnTime: EpochSchema, minimumLeadTimeS: z.number(), maximumLeadTimeS: z.number() }),
      leadTimesS: z.array(z.number()).nullable(),
      leadTimeCount: z.number().int(),
      directions: z.array(z.enum(AVOIDANCE_DIRECTIONS)),
      deltaVSizesMetersPerSecond: z.array(z.number()),
      execution: z.object({
        kind: z.enum(AVOIDANCE_EXECUTION_KINDS),
        thrusterId: z.string().nullable(),
        thrusterName: z.string().nullable(),
        thrustN: z.number().nullable(),
        ispS: z.number(),
        thrusterDirectionBody: vec3.nullable(),
        attitudeLaw: z.string(),
      }),
      executionErrors: z.object({ magnitudeFraction: z.number(), magnitudeMetersPerSecond: z.number(), pointingDeg: z.number() }),
      maxRepropagated: z.number().int(),
      horizonS: z.number(),
      secondaryScreening: z
        .object({
          enabled: z.boolean().nullable().openapi({ description: 'null: the default (screen when the organization has a catalog)' }),
          horizonS: z.number(),
          volume: SecondaryVolumeSchema,
          maxCandidates: z.number().int(),
          maximumProbabilityMissDistanceM: z.number(),
          primaryHardBodyRadiusM: z.number(),
          secondaryHardBodyRadiusM: z.number(),
          primaryNoradId: z.number().int().nullable(),
        })
        .optional(),
      massKg: z.number(),
    }).openapi({ description: 'The request as validated: defaults applied, the spacecraft’s values resolved' }),
    result: ResultSchema.nullable().openapi({ description: 'Once SUCCEEDED (null in the list)' }),
    accepted: z
      .object({ candidate: z.number().int(), maneuverId: z.string(), acceptedAt: RecordTimestampSchema, oemUrl: z.string() })
      .nullable(),
    createdAt: RecordTimestampSchema,
    updatedAt: RecordTimestampSchema,
    startedAt: RecordTimestampSchema.nullable(),
    finishedAt: RecordTimestampSchema.nullable(),
  })
  .openapi('AvoidancePlan');

export const AvoidancePlanPageSchema = pageSchema(AvoidancePlanSchema, 'AvoidancePlanPage');

export const AvoidanceAcceptQuerySchema = z.object({
  force: queryFlag('Accept a candidate the plan does not recommend (e.g. marked for a secondary conjunction); without it such an accept is a 409 naming why; default false'),
});

export const AvoidanceAcceptResponseSchema = z
  .object({
    plan: AvoidancePlanSchema,
    maneuver: z.object({ spacecraftId: z.string(), maneuverId: z.string(), start: EpochSchema, end: EpochSchema, url: z.string() }),
    warnings: z.array(z.object({ code: z.string(), message: z.string() }).passthrough()),
    oem: z.object({ url: z.string(), stateCount: z.number().int(), covarianceCount: z.number().int(), start: EpochSchema, stop: EpochSchema }),
  })
  .openapi('AvoidanceAcceptResponse');
