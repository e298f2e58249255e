/**
 * An accepted avoidance candidate as a stored maneuver (contract 2.0.0, domain/maneuvers): one burn segment held in
 * the primary's RTN (attitude law: the body turned so that the thruster's body-frame direction points along the burn
 * direction, and held there in RTN for the burn), its thrust along the candidate's Δv direction, the Isp of the plan.
 * A finite burn is the re-propagated one (its start and duration); an impulse is stored as the short burn of the same
 * propellant centred on the burn time: at the thruster's thrust, or, without a thruster, over 1 s.
 */
import { finiteBurnDurationS } from '../../engine/avoidance/index.ts';
import { G0_M_S2 } from '../../engine/constants.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { instantText } from '../instants.ts';
import type { AttitudeMode, StoredBurnSegment } from '../maneuvers/model.ts';
import type { NormalizedAvoidanceRequest, PlanCandidateView } from './model.ts';

/** Duration of the burn that stands for an impulse without a thruster, s. */
export const IMPULSE_STAND_IN_DURATION_S = 1;

export interface AvoidanceManeuverFields {
  name: string;
  purpose: string;
  attitudeMode: AttitudeMode;
  composition: StoredBurnSegment[];
}

/** The maneuver id of candidate `n` of plan `planId` (unique per plan; a maneuver id is at most 63 characters). */
export function avoidanceManeuverId(planId: string, n: number): string {
  return `AVOID-${planId.slice(0, 8)}-C${n}`;
}

export function avoidanceManeuver(planId: string, request: NormalizedAvoidanceRequest, candidate: PlanCandidateView): AvoidanceManeuverFields {
  const e = request.execution;
  const dv = candidate.deltaVRtnMetersPerSecond;
  const size = Math.hypot(dv[0], dv[1], dv[2]);
  const unit = dv.map((x) => x / size);
  let start: Epoch;
  let durationS: number;
  let thrustN: number;
  if (e.kind === 'FINITE') {
    start = Epoch.parseInstant(candidate.burnStart);
    durationS = candidate.burnDurationS;
    thrustN = e.thrustN!;
  } else {
    const propellantKg = candidate.propellantKg;
    if (e.thrustN !== null) {
      thrustN = e.thrustN;
      durationS = finiteBurnDurationS(request.massKg, candidate.deltaVMetersPerSecond, thrustN, e.ispS);
    } else {
      durationS = IMPULSE_STAND_IN_DURATION_S;
      thrustN = (propellantKg * e.ispS * G0_M_S2) / durationS;
    }
    start = Epoch.parseInstant(candidate.burnTime).plusSeconds(-durationS / 2);
  }
  const how = e.kind === 'FINITE' ? 'finite burn' : e.thrustN !== null ? 'impulse flown as a short burn' : `impulse stood in by a ${IMPULSE_STAND_IN_DURATION_S} s burn`;
  return {
    name: avoidanceManeuverId(planId, candidate.n),
    purpose:
      `Collision avoidance for conjunction event ${request.eventId} (TCA ${request.tca}), plan ${planId} candidate ${candidate.n}: ` +
      `${candidate.direction} ${candidate.deltaVMetersPerSecond.toPrecision(4)} m/s ${candidate.leadTimeS.toFixed(0)} s before TCA, ${how}` +
      (e.thrusterId ? ` by thruster ${e.thrusterName} (${e.thrusterId}), its body direction turned along the burn and held in RTN` : ''),
    attitudeMode: 'RTN',
    composition: [
      {
        referenceEpoch: instantText(start),
        duration: durationS,
        thrX: unit[0]! * thrustN,
        thrY: unit[1]! * thrustN,
        thrZ: unit[2]! * thrustN,
        thrISP: e.ispS,
        attitudeMode: 'RTN',
      },
    ],
  };
}
