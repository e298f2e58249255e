/**
 * Collision-avoidance plans of conjunction events: the record storage maps rows to (storage/avoidancePlans.ts), the
 * request as stored once validated (request.ts makes it: defaults applied, the spacecraft's mass, force model and
 * thruster resolved), the bounds of every input, and the plan's result as the API shows it (planning.ts makes it on
 * a worker from the engine's AvoidancePlanResult, engine/avoidance/plan.ts).
 */
import type { AvoidanceDirection, AvoidanceTarget } from '../../engine/avoidance/index.ts';
import type { PcMethod } from '../../engine/collision/probability.ts';
import type { ForceModelSettings, SpacecraftProperties } from '../../engine/propagation/propagator.ts';
import type { JobStatus } from '../jobs/model.ts';

export { AVOIDANCE_DIRECTIONS, type AvoidanceDirection, type AvoidanceTarget } from '../../engine/avoidance/index.ts';

/** How the burn is executed: an impulse, or a finite burn of one of the spacecraft's thrusters at its thrust. */
export const AVOIDANCE_EXECUTION_KINDS = ['IMPULSIVE', 'FINITE'] as const;
export type AvoidanceExecutionKind = (typeof AVOIDANCE_EXECUTION_KINDS)[number];

/**
 * Bounds of a plan's inputs: together they bound the work of one plan (the trade space evaluates
 * leadTimes × directions × sizes encounters, each a Pc; each re-propagation is one full-force-model run over the
 * lead time plus the horizon).
 */
export const AVOIDANCE_LIMITS = Object.freeze({
  maxLeadTimes: 12,
  maxDirections: 7,
  maxDeltaVSizes: 40,
  /** leadTimes × directions × sizes. */
  maxTradeSpaceCandidates: 2400,
  minDeltaVMetersPerSecond: 1e-4,
  maxDeltaVMetersPerSecond: 10,
  /** Earliest burn at most this long before the TCA, s (7 days). */
  maxLeadTimeS: 7 * 86_400,
  /** A burn at least this long before the TCA, s. */
  minLeadTimeS: 60,
  maxRepropagated: 12,
  /** Post-maneuver trajectory kept after the TCA (the hypothetical OEM), s (7 days). */
  maxHorizonS: 7 * 86_400,
  maxMagnitudeFraction: 0.5,
  maxMagnitudeMetersPerSecond: 1,
  maxPointingDeg: 30,
  maxMissDistanceM: 1e6,
  maxMahalanobisDistance: 100,
  /** The hypothetical OEM: at most this many states. */
  maxOemStates: 20_000,
  /** Secondary screening of the candidates' post-burn trajectories: horizon after the burn, days (the screening's 14). */
  maxSecondaryHorizonDays: 14,
  /** Candidates screened together for secondary conjunctions. */
  maxSecondaryCandidates: 5,
  /** Screening volume, km (a sphere's radius, an ellipsoid's semi-axes). */
  maxSecondaryVolumeKm: 100,
});

/** Defaults of what a request leaves out. */
export const AVOIDANCE_DEFAULTS = Object.freeze({
  /** The target Pc: the organization's HIGH threshold divided by this (1e-4 / 100 = 1e-6 with the default thresholds). */
  targetPcDivisor: 100,
  /** The earliest burn, when not given: this long before the TCA (or now, when later). */
  maxLeadTimeS: 2 * 86_400,
  minLeadTimeS: 1_800,
  leadTimeCount: 6,
  deltaVMinMetersPerSecond: 0.005,
  deltaVMaxMetersPerSecond: 1,
  deltaVCount: 20,
  magnitudeFraction: 0.01,
  magnitudeMetersPerSecond: 0,
  pointingDeg: 1,
  /** Isp of an impulsive burn without a thruster, s (a hydrazine monopropellant thruster). */
  impulsiveIspS: 220,
  maxRepropagated: 6,
  horizonS: 86_400,
  /** Step of the hypothetical OEM's states and of its covariances, s. */
  oemStepS: 60,
  oemCovarianceStepS: 3_600,
  secondaryHorizonDays: 7,
  secondaryVolume: Object.freeze({ shape: 'SPHERE', radiusKm: 10 } as const),
  secondaryCandidates: 3,
  /**
   * Policy for a Pc that is only a maximum-probability bound (the secondary has no covariance, e.g. a catalog GP
   * element set): it counts against the Pc target only when the miss distance is also below this, m — unless the
   * target gives a miss distance (minMissDistanceM), which is used instead (docs/avoidance.md).
   */
  maximumProbabilityMissDistanceM: 1_000,
});

export type SecondaryVolume = { shape: 'SPHERE'; radiusKm: number } | { shape: 'ELLIPSOID'; radialKm: number; inTrackKm: number; crossTrackKm: number };

/** The secondary-screening option as stored with the plan (resolved at submission, the catalog's presence at run time). */
export interface StoredSecondaryScreening {
  /** true: asked for; null: the default (screen when the organization has a catalog); false: turned off. */
  enabled: boolean | null;
  horizonS: number;
  volume: SecondaryVolume;
  maxCandidates: number;
  /** A maximum-probability Pc counts against the Pc target only inside this miss distance, m. */
  maximumProbabilityMissDistanceM: number;
  primaryHardBodyRadiusM: number;
  secondaryHardBodyRadiusM: number;
  /** The primary's NORAD id (its own catalog entry is not screened against it). */
  primaryNoradId: number | null;
}

export const SECONDARY_SCREENING_STATUSES = ['SCREENED', 'SKIPPED'] as const;
export type SecondaryScreeningStatus = (typeof SECONDARY_SCREENING_STATUSES)[number];

/** One approach of a candidate's post-burn trajectory with a secondary (engine SecondaryApproach, judged by the policy). */
export interface SecondaryApproachView {
  secondaryNoradId: number;
  secondaryName: string | null;
  /** Set when the secondary is one of our spacecraft. */
  secondarySpacecraftId: string | null;
  /** That spacecraft has no catalog set: screened from a TLE fitted to its latest state. */
  secondaryFittedTle: boolean;
  /** The received CDM whose covariance of the secondary the Pc used (its TCA within the event grouping window), else null. */
  secondaryCovarianceCdmId: string | null;
  tca: string;
  tcaFromBurnS: number;
  missDistanceM: number;
  relativeSpeedMS: number;
  relativePositionRtnM: [number, number, number];
  pc: number | null;
  pcIsMaximumProbability: boolean;
  mahalanobisDistance: number | null;
  /** Target bounds violated as the policy counts them (empty: below the target). */
  aboveTarget: string[];
  /** A maximum-probability Pc above the target outside the policy's miss distance: shown, not counted. */
  flagged: boolean;
}

export interface CandidateSecondaryView {
  screened: boolean;
  approachCount: number;
  /** Approaches that count against the target (the candidate is not recommended). */
  secondaryConjunctions: SecondaryApproachView[];
  /** Approaches shown for information: a maximum-probability Pc above the target outside the policy's miss distance. */
  flaggedApproaches: SecondaryApproachView[];
}

/** The plan's secondary screening: what was screened, or why it was skipped. */
export interface SecondaryScreeningSummary {
  status: SecondaryScreeningStatus;
  /** Why skipped (null when screened). */
  reason: string | null;
  horizonS: number;
  volume: SecondaryVolume;
  maxCandidates: number;
  screenedCandidates: number;
  catalogObjectCount: number;
  fleetSecondaryCount: number;
  /** Our spacecraft that could not be screened (no catalog element set), with the reason. */
  notScreened: string[];
  maximumProbabilityMissDistanceM: number;
  issues: string[];
  computeMs: number;
}

/** Where a plan's target came from: the request, or the default (the organization's HIGH threshold ÷ 100). */
export const AVOIDANCE_TARGET_SOURCES = ['DEFAULT', 'REQUEST'] as const;
export type AvoidanceTargetSource = (typeof AVOIDANCE_TARGET_SOURCES)[number];

/** The burn's execution as stored: the thruster's figures copied (a later edit of the thruster does not change a plan). */
export interface StoredExecution {
  kind: AvoidanceExecutionKind;
  thrusterId: string | null;
  thrusterName: string | null;
  /** The thruster's thrust, N (null: an impulse without a thruster). */
  thrustN: number | null;
  ispS: number;
  /** The thruster's body-frame direction: the attitude law turns it along the burn direction (RTN, held). */
  thrusterDirectionBody: [number, number, number] | null;
}

/** The request as stored with the plan: what the runner needs, resolved at submission. */
export interface NormalizedAvoidanceRequest {
  eventId: string;
  cdmId: string;
  spacecraftId: string;
  /** The event's TCA (the latest CDM's), instant text. */
  tca: string;
  target: AvoidanceTarget;
  targetSource: AvoidanceTargetSource;
  pcMethod: PcMethod;
  combinedHardBodyRadiusM: number;
  burnWindow: { earliestBurnTime: string; minimumLeadTimeS: number; maximumLeadTimeS: number };
  /** Given lead times (s before TCA), or null: leadTimeCount over the window (half-orbit points first). */
  leadTimesS: number[] | null;
  leadTimeCount: number;
  directions: AvoidanceDirection[];
  deltaVSizesMetersPerSecond: number[];
  execution: StoredExecution;
  executionErrors: { magnitudeFraction: number; magnitudeMetersPerSecond: number; pointingDeg: number };
  maxRepropagated: number;
  horizonS: number;
  /** Absent in plans created before the option. */
  secondaryScreening?: StoredSecondaryScreening;
  massKg: number;
  spacecraft: SpacecraftProperties;
  forceModel: ForceModelSettings;
}

/** An encounter outcome as the plan shows it. */
export interface OutcomeView {
  missDistanceM: number;
  pc: number | null;
  mahalanobisDistance: number | null;
  relativePositionRtnM: [number, number, number];
}

/**
 * A re-propagated closest approach in the nominal collision plane's axes (x along the nominal miss vector, y ⟂ to it,
 * both ⟂ to the nominal relative velocity): the secondary's position from our spacecraft and the combined position
 * covariance there (our covariance propagated with the execution errors, the secondary's as given), m and m².
 * What the encounter-plane picture draws after the burn (domain/plots/avoidanceSvg.ts).
 */
export interface StoredEncounterPlane {
  missVectorM: [number, number];
  covarianceM2: [[number, number], [number, number]];
}

export interface PlanCandidateView {
  /** 0-based rank: the number to accept. */
  n: number;
  /** Index in the trade space (lead time × direction × size order). */
  tradeSpaceIndex: number;
  leadTimeS: number;
  /** The burn's centre (TCA − leadTimeS), and its start and duration (0 for an impulse). */
  burnTime: string;
  burnStart: string;
  burnDurationS: number;
  direction: AvoidanceDirection;
  deltaVMetersPerSecond: number;
  deltaVRtnMetersPerSecond: [number, number, number];
  deltaVGcrfMetersPerSecond: [number, number, number];
  propellantKg: number;
  massAfterBurnKg: number;
  linear: OutcomeView & { displacementAtTcaRtnM: [number, number, number] };
  /** encounterPlane: absent in plans stored before it was kept. */
  numerical: OutcomeView & { tcaOffsetS: number; tca: string; encounterPlane?: StoredEncounterPlane };
  difference: { missDistanceM: number; missVectorM: number; linearPc: number | null; numericalPc: number | null; mahalanobisDistance: number | null };
  orbitChange: { deltaSemiMajorAxisM: number; deltaEccentricity: number; deltaInclinationDeg: number; alongTrackOffsetAtTcaM: number; alongTrackDriftMetersPerOrbit: number };
  meetsTarget: boolean;
  recommended: boolean;
  /** Why it is not recommended (null when it is). */
  notRecommendedReason: string | null;
  /** Its post-burn trajectory against the catalog and the fleet (null: not screened; absent in plans computed before). */
  secondary?: CandidateSecondaryView | null;
}

/** The trade space, column by column (one entry per candidate, in lead time × direction × size order). */
export interface TradeSpaceColumns {
  leadTimeS: number[];
  direction: AvoidanceDirection[];
  deltaVMetersPerSecond: number[];
  missDistanceM: number[];
  pc: Array<number | null>;
  mahalanobisDistance: Array<number | null>;
  propellantKg: number[];
  meetsTarget: boolean[];
}

export interface AvoidancePlanResultView {
  pcMethod: PcMethod;
  target: AvoidanceTarget;
  periodS: number;
  leadTimesS: number[];
  nominal: OutcomeView;
  tradeSpace: TradeSpaceColumns & { count: number; meetingTargetCount: number };
  /** Re-propagated candidates, ranked (meeting the target first; each group by Δv, then lead time). */
  candidates: PlanCandidateView[];
  recommendedCandidate: number | null;
  /** Absent in plans computed before the option. */
  secondaryScreening?: SecondaryScreeningSummary;
  computeMs: number;
  /** Earth data the plan's span used beyond its observations (EOP predictions, space weather), as the OEM products say. */
  earthDataWarnings: string[];
  /** The CDM covariances the plan replaced by the nearest positive semi-definite ones, why (absent in older plans). */
  covarianceRepairs?: string[];
}

export interface AvoidancePlan {
  id: string;
  organizationId: string;
  eventId: string;
  spacecraftId: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  cancelRequested: boolean;
  request: NormalizedAvoidanceRequest;
  result: AvoidancePlanResultView | null;
  acceptedCandidate: number | null;
  acceptedManeuverId: string | null;
  acceptedAt: string | null;
  hasOem: boolean;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
