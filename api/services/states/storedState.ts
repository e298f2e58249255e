/**
 * A stored state as the start of a computation — OEM and TLE generation, residuals, orbit determination, events,
 * screenings, scheduled and batch products all start here: which state (the given one of this craft, or the latest
 * eligible), how far it may be propagated (MAX_PROPAGATION_GAP_DAYS in general, STATE_MAX_DISTANCE_DAYS for a fit or
 * residuals), and its propagation input (the craft's physical data and force model, its stored maneuvers in the span
 * as finite burns), each refusal a 422 that names what is missing.
 */
import { MU_EARTH_KM3_S2 } from '../../../engine/constants.ts';
import { type BurnInput, type StoredStatePropagationInput } from '../../../engine/propagation/storedState.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { listManeuversInWindow } from '../../../storage/maneuvers.ts';
import { type SqlExecutor } from '../../../storage/sql/db.ts';
import { type Spacecraft } from '../../../domain/spacecraft/model.ts';
import { spacecraftPropagation } from '../../../domain/spacecraft/propagation.ts';
import { type StateVectorRecord } from '../../../domain/stateVectors/model.ts';
import { unprocessable, validationError } from '../../http/errors.ts';
import { describeSpan, instantTextOf } from '../../../domain/instants.ts';
import { epochKey } from '../../../domain/maneuvers/model.ts';
import { displayId, getStateVector } from './stateVectors.ts';
import { findLatestEligibleStateVector } from '../../../storage/stateVectors.ts';

/**
 * Longest gap between a stored state's epoch and the span a computation needs (OEM, TLE, and every other user of a
 * stored state: orbit determination, residuals, scheduled and batch products). Propagating further costs ~0.1 s
 * per day of full-model propagation and gives states whose errors (drag, unmodelled maneuvers) make them useless
 * for operations: store a newer state (or fit one) instead.
 */
export const MAX_PROPAGATION_GAP_DAYS = 60;

/** How far (s) a state at `stateEpoch` is propagated before it reaches [spanStart, spanEnd]: 0 inside the span. */
export function propagationGapSeconds(stateEpoch: Epoch, spanStart: Epoch, spanEnd: Epoch): number {
  return stateEpoch.isBefore(spanStart) ? spanStart.secondsSince(stateEpoch) : spanEnd.isBefore(stateEpoch) ? stateEpoch.secondsSince(spanEnd) : 0;
}

/**
 * 422 PROPAGATION_SPAN_TOO_LONG when the span [spanStart, spanEnd] lies more than MAX_PROPAGATION_GAP_DAYS away from
 * the state epoch (0 when the epoch is inside the span); `details.gapDays` says by how much. Call it before any
 * propagation from a stored state.
 */
export function requirePropagationGap(stateEpoch: Epoch, spanStart: Epoch, spanEnd: Epoch, context: Record<string, unknown> = {}): void {
  const gapDays = propagationGapSeconds(stateEpoch, spanStart, spanEnd) / 86_400;
  if (gapDays <= MAX_PROPAGATION_GAP_DAYS) return;
  throw unprocessable(
    'PROPAGATION_SPAN_TOO_LONG',
    `The requested span starts ${gapDays.toFixed(3)} days from the state epoch; at most ${MAX_PROPAGATION_GAP_DAYS} days are propagated. Use a state closer to the span.`,
    {
      code: 'ephemeris.propagation.gap-too-long',
      details: {
        ...context,
        gapDays: Math.round(gapDays * 1e6) / 1e6,
        maxGapDays: MAX_PROPAGATION_GAP_DAYS,
        stateEpoch: stateEpoch.toIsoString(3),
        spanStart: spanStart.toIsoString(3),
        spanEnd: spanEnd.toIsoString(3),
      },
    },
  );
}

export function describeForceModel(spacecraft: Spacecraft): string {
  const fm = spacecraft.forceModel;
  const parts = [fm.gravityDegree >= 2 ? `EGM96 ${fm.gravityDegree}x${fm.gravityOrder} geopotential` : `central body only (mu ${MU_EARTH_KM3_S2} km^3/s^2)`];
  if (fm.atmosphere !== 'NONE') parts.push(`${fm.atmosphere} drag (area ${spacecraft.dragArea} m^2, Cd ${spacecraft.dragCoefficient})`);
  if (fm.solarRadiationPressure) parts.push(`solar radiation pressure (area ${spacecraft.srpArea} m^2, Cr ${spacecraft.reflectivityCoefficient}, conical shadow)`);
  if (fm.thirdBodies.length > 0) parts.push(`third bodies ${fm.thirdBodies.join(', ')}`);
  return parts.join('; ');
}

/**
 * The propagation input of a stored state (shared by OEM and TLE generation): the state (mass from the state or the
 * craft's launch mass), the craft's physical data and force model, and its stored maneuver segments overlapping
 * [spanStart, spanEnd] as finite burns. Missing force-model configuration → 422 FORCE_MODEL_INCOMPLETE with
 * `details.missingFields`.
 */
export async function buildStoredStatePropagation(
  db: SqlExecutor,
  organizationId: string,
  sv: StateVectorRecord,
  spacecraft: Spacecraft,
  spanStart: Epoch,
  spanEnd: Epoch,
): Promise<StoredStatePropagationInput> {
  const epoch = Epoch.parseInstant(sv.epoch);
  const maneuvers = await listManeuversInWindow(db, organizationId, [spacecraft.id], epochKey(spanStart), epochKey(spanEnd));
  const burns: BurnInput[] = [];
  for (const maneuver of maneuvers) {
    for (const segment of maneuver.composition) {
      const start = Epoch.parseInstant(segment.referenceEpoch);
      const end = start.plusSeconds(segment.duration);
      if (!(start.isBefore(spanEnd) && spanStart.isBefore(end)) || segment.duration <= 0) continue;
      burns.push({
        start: start.toIsoString(9),
        durationS: segment.duration,
        thrustN: [segment.thrX, segment.thrY, segment.thrZ],
        frame: segment.attitudeMode ?? maneuver.attitudeMode,
        ispS: segment.thrISP,
      });
    }
  }
  const massKg = sv.massKg ?? spacecraft.launchMass;
  const properties = spacecraftPropagation(spacecraft, massKg, 'state vector mass or spacecraft launchMass', burns.length > 0);
  const missing = properties.missing;
  if (missing.length > 0) {
    throw unprocessable('FORCE_MODEL_INCOMPLETE', `Spacecraft ${spacecraft.id} lacks force-model configuration: ${missing.join(', ')}`, {
      code: 'ephemeris.force-model.incomplete',
      details: { spacecraftId: spacecraft.id, missingFields: missing },
    });
  }
  return {
    state: {
      epoch: epoch.toIsoString(9),
      positionKm: sv.positionKm,
      velocityKmS: sv.velocityKmS,
      frame: sv.referenceFrame,
      massKg: massKg!,
    },
    spacecraft: properties.spacecraft,
    forceModel: properties.forceModel,
    burns,
  };
}

/** Farthest a state epoch may be from the measurement span (propagation length bound). */
export const STATE_MAX_DISTANCE_DAYS = 30;

/** The state a tracking computation starts from: the given one (of this craft) or the latest eligible. */
export async function selectState(
  db: SqlExecutor,
  organizationId: string,
  spacecraft: Spacecraft,
  stateVectorId: string | undefined,
  notAfter?: Epoch,
): Promise<StateVectorRecord> {
  if (stateVectorId !== undefined) {
    const sv = await getStateVector(db, organizationId, stateVectorId);
    if (sv.spacecraftId !== spacecraft.id) {
      throw validationError({ stateVectorId: `state vector ${stateVectorId} belongs to spacecraft ${sv.spacecraftId}, not ${spacecraft.id}` });
    }
    return sv;
  }
  const sv = await findLatestEligibleStateVector(db, organizationId, spacecraft.id, false, notAfter ? epochKey(notAfter) : undefined);
  if (!sv) {
    throw unprocessable(
      'NO_ELIGIBLE_STATE',
      `Spacecraft ${spacecraft.id} has no eligible stored state (manual, imported or converged orbit determination)` +
        (notAfter ? ` with an epoch before ${notAfter.toIsoString(3)}` : ''),
      { code: 'tracking.state.none', details: { spacecraftId: spacecraft.id } },
    );
  }
  return sv;
}

/**
 * 422 STATE_TOO_FAR when the state's epoch lies more than STATE_MAX_DISTANCE_DAYS outside the span: residuals and
 * orbit determination hold a state to a stricter limit than the general propagation gap (MAX_PROPAGATION_GAP_DAYS),
 * since a fit from a state weeks away from its data is not a fit.
 */
export function checkStateDistance(sv: StateVectorRecord, start: Epoch, end: Epoch): Epoch {
  const epoch = Epoch.parseInstant(sv.epoch);
  const distanceS = propagationGapSeconds(epoch, start, end);
  if (distanceS > STATE_MAX_DISTANCE_DAYS * 86400) {
    throw unprocessable(
      'STATE_TOO_FAR',
      `State vector ${displayId(sv.displayNumber)} (epoch ${instantTextOf(sv.epoch)}) is ${describeSpan(distanceS)} from the span; at most ${STATE_MAX_DISTANCE_DAYS} days`,
      { code: 'tracking.state.too-far', details: { stateVectorId: displayId(sv.displayNumber), distanceDays: distanceS / 86400 } },
    );
  }
  return epoch;
}

