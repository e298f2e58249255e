/**
 * OEM generation use case (and the stored-state propagation input shared with TLE generation): validate the request against the stored state, gather the spacecraft's physical data,
 * force model and stored maneuvers in the span (finite burns), and run the propagation + OEM formatting on the
 * worker pool (never on the event loop).
 */
import type { BurnInput, StoredStatePropagationInput } from '../../engine/ephemeris/propagation.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { listManeuversInWindow } from '../../storage/maneuvers.ts';
import type { SqlExecutor } from '../../storage/db.ts';
import { findSpacecraftById, type Spacecraft } from '../../storage/spacecraft.ts';
import type { StateVectorRecord } from '../../storage/stateVectors.ts';
import type { AppDeps } from '../context.ts';
import type { EarthDataWarning } from '../../engine/ephemeris/earthDataWarnings.ts';
import { earthDataWarningsFor } from './earthData.ts';
import { ApiError, unprocessable, validationError } from '../errors.ts';
import { parseInstantField } from '../instants.ts';
import type { GenerateOemBody } from '../schemas/stateVectors.ts';
import { epochKey } from './maneuverRecords.ts';
import { displayId, getStateVector, objectIdOf } from './stateVectors.ts';

export const OEM_MAX_SPAN_DAYS = 30;
export const OEM_ORIGINATOR = 'APSIS';

function describeForceModel(spacecraft: Spacecraft): string {
  const fm = spacecraft.forceModel;
  const parts = [fm.gravityDegree >= 2 ? `EGM96 ${fm.gravityDegree}x${fm.gravityOrder} geopotential` : 'central body only (mu 398600.4418 km^3/s^2)'];
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
  const fm = spacecraft.forceModel;
  const massKg = sv.massKg ?? spacecraft.launchMass;
  const missing: string[] = [];
  if (massKg === null) missing.push('mass (state vector mass or spacecraft launchMass)');
  if (fm.atmosphere !== 'NONE' && spacecraft.dragArea === null) missing.push('dragArea');
  if (fm.solarRadiationPressure && spacecraft.srpArea === null) missing.push('srpArea');
  if (burns.length > 0 && spacecraft.dryMass === null) missing.push('dryMass');
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
    spacecraft: {
      ...(spacecraft.dryMass !== null ? { dryMassKg: spacecraft.dryMass } : {}),
      ...(spacecraft.dragArea !== null ? { dragAreaM2: spacecraft.dragArea } : {}),
      dragCoefficient: spacecraft.dragCoefficient,
      ...(spacecraft.srpArea !== null ? { srpAreaM2: spacecraft.srpArea } : {}),
      reflectivityCoefficient: spacecraft.reflectivityCoefficient,
    },
    forceModel: {
      gravityDegree: fm.gravityDegree,
      gravityOrder: fm.gravityOrder,
      atmosphere: fm.atmosphere,
      solarRadiationPressure: fm.solarRadiationPressure,
      thirdBodies: fm.thirdBodies,
    },
    burns,
  };
}

export async function generateOemForStateVector(
  deps: AppDeps,
  organizationId: string,
  id: string,
  body: GenerateOemBody,
): Promise<{ filename: string; text: string; warnings: EarthDataWarning[] }> {
  const { db } = deps;
  const sv = await getStateVector(db, organizationId, id);
  const fieldErrors: Record<string, string> = {};
  let initial: Epoch | null = null;
  let final: Epoch | null = null;
  try {
    initial = parseInstantField(body.initialDate, 'initialDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fieldErrors, error.options.fieldErrors);
  }
  try {
    final = parseInstantField(body.finalDate, 'finalDate');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fieldErrors, error.options.fieldErrors);
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const spanS = final!.secondsSince(initial!);
  if (spanS <= 0) throw validationError({ finalDate: 'must be after initialDate' });
  if (spanS > OEM_MAX_SPAN_DAYS * 86400) {
    throw validationError(
      { finalDate: `the time span cannot exceed ${OEM_MAX_SPAN_DAYS} days` },
      `The OEM time span cannot exceed ${OEM_MAX_SPAN_DAYS} days (requested ${(spanS / 86400).toFixed(3)} days)`,
    );
  }
  if (body.includeCovariance && !sv.covariance) {
    throw unprocessable('COVARIANCE_UNAVAILABLE', `State vector ${id} has no covariance; request the OEM without includeCovariance`, {
      code: 'ephemeris.covariance.unavailable',
      details: { stateVectorId: id, hasCovariance: false },
    });
  }
  const spacecraft = (await findSpacecraftById(db, organizationId, sv.spacecraftId))!;
  const epoch = Epoch.parseInstant(sv.epoch);
  const spanStart = Epoch.min(epoch, initial!);
  const spanEnd = Epoch.max(epoch, final!);
  const setup = await buildStoredStatePropagation(db, organizationId, sv, spacecraft, spanStart, spanEnd);
  let warnings: EarthDataWarning[] = [];
  const { output: result } = await deps.earthData.run('ephemeris.generateOem', (earth) => {
    warnings = earthDataWarningsFor(earth, { start: spanStart, end: spanEnd, spaceWeather: setup.forceModel.atmosphere === 'NRLMSISE00' });
    return {
    ...setup,
    state: {
      ...setup.state,
      id: displayId(sv.displayNumber),
      covariance: sv.covariance ? { frame: sv.covariance.frame, values: sv.covariance.matrix.flat() } : null,
    },
    objectName: spacecraft.name,
    objectId: objectIdOf(spacecraft),
    originator: OEM_ORIGINATOR,
    creationDate: new Date().toISOString(),
    initialDate: initial!.toIsoString(9),
    finalDate: final!.toIsoString(9),
    stepS: body.timeBetweenPoints,
    referenceFrame: body.referenceFrame,
    timeSystem: body.timeSystem,
    covarianceFrame: body.includeCovariance ? body.covarianceFrame : null,
    forceModelDescription: describeForceModel(spacecraft),
    earthDataWarnings: warnings.map((w) => w.message),
    };
  });
  if (!result.ok) {
    throw unprocessable(result.code, `OEM generation failed: ${result.message}`, {
      code: 'ephemeris.propagation.failed',
      details: { kind: result.kind, ...(result.details ?? {}) },
    });
  }
  return { filename: `${displayId(sv.displayNumber)}.oem`, text: result.text, warnings };
}
