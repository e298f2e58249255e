/**
 * Encounter planes of an avoidance plan (pure): the event's encounter at TCA as the short-term encounter, and a
 * re-propagated candidate's closest approach as the plan keeps it (model.ts StoredEncounterPlane): the secondary's
 * position from our spacecraft and the combined covariance, both in the nominal collision plane's axes (x along the
 * nominal miss vector, y ⟂ to it, both ⟂ to the nominal relative velocity). The burn turns the relative velocity by
 * Δv/v_rel, ~1e-5 rad, so the post-burn plane and the nominal one coincide to a drawing's precision.
 * domain/plots/avoidanceSvg.ts draws them.
 */
import { shortTermEncounter, type EncounterObject, type ShortTermEncounter } from '../../engine/collision/encounter.ts';
import type { AvoidanceEncounter, PlannedCandidate } from '../../engine/avoidance/index.ts';
import type { StoredEncounterPlane } from './model.ts';

const encounterObject = (stateKm: ArrayLike<number>, covariance: ArrayLike<number>, frame: 'RTN' | 'INERTIAL'): EncounterObject => ({
  positionM: [stateKm[0]! * 1000, stateKm[1]! * 1000, stateKm[2]! * 1000],
  velocityMS: [stateKm[3]! * 1000, stateKm[4]! * 1000, stateKm[5]! * 1000],
  covariance,
  covarianceFrame: frame,
});

/** The plane of one encounter in the axes of `reference`: M = [x_ref; y_ref]·[x y]ᵀ. */
export function planeIn(e: ShortTermEncounter, reference: ShortTermEncounter): StoredEncounterPlane {
  const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const ref = [reference.encounterFrame.xAxis, reference.encounterFrame.yAxis];
  const own = [e.encounterFrame.xAxis, e.encounterFrame.yAxis];
  const m = ref.map((r) => own.map((o) => dot(r, o)));
  const [mx, my] = e.otherPositionCollisionPlaneM;
  const c = e.projectedCovarianceM2;
  const mc = [0, 1].map((i) => [0, 1].map((j) => m[i]![0]! * c[0][j] + m[i]![1]! * c[1][j]));
  const cov = [0, 1].map((i) => [0, 1].map((j) => mc[i]![0]! * m[j]![0]! + mc[i]![1]! * m[j]![1]!));
  const sym = (cov[0]![1]! + cov[1]![0]!) / 2;
  return {
    covarianceM2: [[cov[0]![0]!, sym], [sym, cov[1]![1]!]],
    missVectorM: [m[0]![0]! * mx + m[0]![1]! * my, m[1]![0]! * mx + m[1]![1]! * my],
  };
}

/** The event's encounter at TCA as the short-term encounter (GCRF; a secondary without covariance: zero). */
export function nominalEncounter(encounter: AvoidanceEncounter): ShortTermEncounter {
  return shortTermEncounter(
    encounterObject(encounter.primaryStateKm, encounter.primaryCovarianceRtnM2, 'RTN'),
    encounterObject(encounter.secondaryStateKm, encounter.secondaryCovarianceRtnM2 ?? new Float64Array(36), 'RTN'),
    encounter.combinedHardBodyRadiusM,
  );
}

/**
 * The post-burn encounter plane of a re-propagated candidate (the engine's PlannedCandidate) in the nominal plane's
 * axes: the primary at the re-propagated closest approach (moved by the outcome's rectilinear shift) with its
 * covariance propagated with the execution errors, the secondary at the outcome's relative position and velocity from
 * it, with its covariance as given. What the plan stores with each candidate (`numerical.encounterPlane`).
 */
export function postBurnEncounterPlane(encounter: AvoidanceEncounter, candidate: PlannedCandidate): StoredEncounterPlane {
  const n = candidate.numerical;
  const o = n.outcome;
  const p = Float64Array.from(n.primaryStateKm);
  for (let i = 0; i < 3; i++) p[i] = p[i]! + p[i + 3]! * o.tcaShiftS;
  const s = new Float64Array(6);
  for (let i = 0; i < 3; i++) {
    s[i] = p[i]! + o.relativePositionGcrfM[i]! / 1000;
    s[i + 3] = p[i + 3]! + o.relativeVelocityGcrfMS[i]! / 1000;
  }
  const covGcrfM2 = Float64Array.from(n.primaryCovarianceGcrfKm, (v) => v * 1e6);
  const secondaryCov = encounter.secondaryCovarianceRtnM2 ?? new Float64Array(36);
  const post = shortTermEncounter(encounterObject(p, covGcrfM2, 'INERTIAL'), encounterObject(s, secondaryCov, 'RTN'), encounter.combinedHardBodyRadiusM);
  return planeIn(post, nominalEncounter(encounter));
}
