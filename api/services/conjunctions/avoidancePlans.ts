/**
 * Collision-avoidance plans of conjunction events: request one (validated at once against the event, its latest CDM,
 * the organization's settings and the spacecraft; run by the AvoidancePlanRunner on the pool), read them, cancel one,
 * and accept one candidate — which stores its burn as a maneuver (contract 2.0.0, the overlap and planning rules of
 * any maneuver) and its post-maneuver trajectory as a hypothetical OEM with covariance, in one transaction with the
 * acceptance (a second accept is a 409).
 */
import { assessedPcMethod } from '../../../domain/conjunctions/assessment.ts';
import type { AvoidancePlan, AvoidancePlanResultView } from '../../../domain/avoidance/model.ts';
import { avoidanceEncounter } from '../../../domain/avoidance/planning.ts';
import { avoidanceEncounterSvg, avoidanceTradeSpaceSvg } from '../../../domain/plots/avoidanceSvg.ts';
import { avoidanceManeuver } from '../../../domain/avoidance/maneuver.ts';
import { normalizeAvoidanceRequest } from '../../../domain/avoidance/request.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import {
  cancelAvoidancePlan,
  findAvoidancePlan,
  findAvoidancePlanOem,
  insertAvoidancePlan,
  listAvoidancePlans,
  markAvoidancePlanAccepted,
} from '../../../storage/avoidancePlans.ts';
import { findEventCdm } from '../../../storage/conjunctions.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import { findSpacecraftById } from '../../../storage/spacecraft.ts';
import { listThrusters } from '../../../storage/thrusters.ts';
import { inTransaction, type Db } from '../../../storage/sql/db.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, conflict, jobNotCancellable, notFound, unprocessable, validationError } from '../../http/errors.ts';
import { parseInstantField } from '../../http/instants.ts';
import { pageEnvelope } from '../../http/paging.ts';
import type { AvoidancePlanRequestBody } from '../../schemas/avoidancePlans.ts';
import { createManeuversIn } from '../maneuvers/crud.ts';
import { currentRadius, latestCdm, requireEvent } from './events.ts';

/** The attitude law of every plan's burn (domain/avoidance/maneuver.ts). */
export const AVOIDANCE_ATTITUDE_LAW =
  'The burn is held in the primary’s RTN frame at the burn: the body is turned so that the thruster’s body-frame direction points along the candidate’s Δv direction (an impulse: the same direction, instantaneous).';

function planNotFound(eventId: string, planId: string): ApiError {
  return notFound(`Avoidance plan ${planId} of conjunction event ${eventId} not found`, 'AVOIDANCE_PLAN_NOT_FOUND', { code: 'conjunction.avoidance-plan.not-found' });
}

function planPath(plan: Pick<AvoidancePlan, 'eventId' | 'id'>): string {
  return `/operations/conjunctions/${plan.eventId}/avoidance-plans/${plan.id}`;
}

export function planView(plan: AvoidancePlan) {
  const r = plan.request;
  return {
    id: plan.id,
    eventId: plan.eventId,
    spacecraftId: plan.spacecraftId,
    status: plan.status,
    attempts: plan.attempts,
    error: plan.error,
    cancelRequested: plan.cancelRequested,
    request: {
      cdmId: r.cdmId,
      tca: r.tca,
      target: r.target,
      targetSource: r.targetSource,
      pcMethod: r.pcMethod,
      combinedHardBodyRadiusM: r.combinedHardBodyRadiusM,
      burnWindow: r.burnWindow,
      leadTimesS: r.leadTimesS,
      leadTimeCount: r.leadTimeCount,
      directions: r.directions,
      deltaVSizesMetersPerSecond: r.deltaVSizesMetersPerSecond,
      execution: { ...r.execution, attitudeLaw: AVOIDANCE_ATTITUDE_LAW },
      executionErrors: r.executionErrors,
      maxRepropagated: r.maxRepropagated,
      horizonS: r.horizonS,
      ...(r.secondaryScreening ? { secondaryScreening: r.secondaryScreening } : {}),
      massKg: r.massKg,
    },
    result: plan.result,
    accepted:
      plan.acceptedCandidate === null
        ? null
        : { candidate: plan.acceptedCandidate, maneuverId: plan.acceptedManeuverId!, acceptedAt: plan.acceptedAt!, oemUrl: `${planPath(plan)}/oem` },
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    startedAt: plan.startedAt,
    finishedAt: plan.finishedAt,
  };
}

/** POST …/avoidance-plans: the request validated against the event and the spacecraft, queued. */
export async function startAvoidancePlan(deps: Pick<AppDeps, 'db' | 'avoidanceRunner'>, organizationId: string, eventId: string, body: AvoidancePlanRequestBody) {
  const { db } = deps;
  const event = await requireEvent(db, organizationId, eventId);
  const cdm = await latestCdm(db, organizationId, event);
  if (!cdm.encounterStates) {
    throw unprocessable('NO_ENCOUNTER_STATES', `The latest CDM ${cdm.id} of event ${event.id} gives no states and covariances at TCA to plan from`, {
      code: 'conjunction.avoidance-plan.no-states',
      details: { cdmId: cdm.id, ...(cdm.encounterProblem ? { reason: cdm.encounterProblem.code } : {}) },
    });
  }
  const spacecraft = await findSpacecraftById(db, organizationId, event.primarySpacecraftId);
  if (!spacecraft) throw unprocessable('NO_PRIMARY_SPACECRAFT', `The primary spacecraft ${event.primarySpacecraftId} of event ${event.id} is gone`);
  const settings = await findConjunctionSettings(db, organizationId);
  const radius = await currentRadius(db, organizationId, cdm);
  const earliestBurnTime = body.burnWindow?.earliestBurnTime === undefined ? undefined : parseInstantField(body.burnWindow.earliestBurnTime, 'burnWindow.earliestBurnTime');
  const outcome = normalizeAvoidanceRequest(
    {
      ...body,
      burnWindow: { ...(earliestBurnTime ? { earliestBurnTime } : {}), ...(body.burnWindow?.minimumLeadTimeS !== undefined ? { minimumLeadTimeS: body.burnWindow.minimumLeadTimeS } : {}) },
    } as Parameters<typeof normalizeAvoidanceRequest>[0],
    {
      eventId: event.id,
      cdmId: cdm.id,
      tca: Epoch.parseInstant(cdm.tca),
      now: Epoch.parseInstant(new Date().toISOString()),
      thresholds: settings.riskThresholds,
      pcMethod: assessedPcMethod([cdm.objects[0].covarianceMethod, cdm.objects[1].covarianceMethod], settings.defaultPcMethod),
      combinedHardBodyRadiusM: radius.combinedM,
      spacecraft,
      thrusters: await listThrusters(db, organizationId, spacecraft.id),
      primaryHardBodyRadiusM: spacecraft.hardBodyRadiusM ?? settings.defaultHardBodyRadiusM,
      secondaryHardBodyRadiusM: settings.defaultHardBodyRadiusM,
    },
  );
  if (!outcome.ok) {
    if (outcome.kind === 'INVALID') throw validationError(outcome.fieldErrors);
    if (outcome.kind === 'WINDOW') throw unprocessable('NO_BURN_WINDOW', outcome.message, { code: 'conjunction.avoidance-plan.no-window', fieldErrors: outcome.fieldErrors });
    throw unprocessable('AVOIDANCE_INPUT_MISSING', `Spacecraft ${spacecraft.id} lacks what the plan needs: ${outcome.missingFields.join(', ')}`, {
      code: 'conjunction.avoidance-plan.input-missing',
      details: { spacecraftId: spacecraft.id, missingFields: outcome.missingFields },
    });
  }
  const id = await insertAvoidancePlan(db, { organizationId, eventId: event.id, spacecraftId: spacecraft.id, request: outcome.request });
  deps.avoidanceRunner?.wake();
  return await getAvoidancePlan(db, organizationId, event.id, id);
}

export async function getAvoidancePlan(db: Db, organizationId: string, eventId: string, planId: string) {
  return planView(await requirePlan(db, organizationId, eventId, planId));
}

async function requirePlan(db: Db, organizationId: string, eventId: string, planId: string): Promise<AvoidancePlan> {
  await requireEvent(db, organizationId, eventId);
  const plan = await findAvoidancePlan(db, organizationId, eventId, planId);
  if (!plan) throw planNotFound(eventId, planId);
  return plan;
}

export async function listAvoidancePlanPage(db: Db, organizationId: string, eventId: string, page: PageRequest) {
  await requireEvent(db, organizationId, eventId);
  const { items, totalElements } = await listAvoidancePlans(db, organizationId, eventId, page);
  return pageEnvelope(items.map(planView), totalElements, page);
}

/** DELETE …/avoidance-plans/{planId}: a queued plan is cancelled at once, a running one at its runner's next check. */
export async function cancelAvoidancePlanRequest(db: Db, organizationId: string, eventId: string, planId: string) {
  const plan = await requirePlan(db, organizationId, eventId, planId);
  if (!(await cancelAvoidancePlan(db, organizationId, eventId, planId))) throw jobNotCancellable('Avoidance plan', plan.id, plan.status, 'conjunction.avoidance-plan');
  return planView((await findAvoidancePlan(db, organizationId, eventId, planId))!);
}

/** POST …/candidates/{n}/accept: the maneuver and the hypothetical OEM, stored with the acceptance. */
export async function acceptAvoidanceCandidate(deps: Pick<AppDeps, 'db' | 'earthData'>, organizationId: string, eventId: string, planId: string, n: number, force = false) {
  const { db } = deps;
  const plan = await requirePlan(db, organizationId, eventId, planId);
  if (plan.acceptedCandidate !== null) {
    throw conflict('AVOIDANCE_PLAN_ALREADY_ACCEPTED', `Avoidance plan ${plan.id} was accepted (candidate ${plan.acceptedCandidate}, maneuver ${plan.acceptedManeuverId})`, {
      code: 'conjunction.avoidance-plan.already-accepted',
      details: { acceptedCandidate: plan.acceptedCandidate, maneuverId: plan.acceptedManeuverId },
    });
  }
  if (plan.status !== 'SUCCEEDED' || !plan.result) {
    throw conflict('AVOIDANCE_PLAN_NOT_FINISHED', `Avoidance plan ${plan.id} is ${plan.status}; only a SUCCEEDED plan can be accepted`, { code: 'conjunction.avoidance-plan.not-finished', details: { status: plan.status } });
  }
  const candidate = plan.result.candidates[n];
  if (!candidate) throw notFound(`Avoidance plan ${plan.id} has no candidate ${n} (it has ${plan.result.candidates.length})`, 'AVOIDANCE_CANDIDATE_NOT_FOUND', { code: 'conjunction.avoidance-plan.candidate-not-found' });
  if (!candidate.meetsTarget) {
    throw unprocessable('CANDIDATE_MISSES_TARGET', `Candidate ${n} of plan ${plan.id} does not meet the plan's target after re-propagation`, { code: 'conjunction.avoidance-plan.candidate-misses-target', details: { candidate: n } });
  }
  // a candidate marked for secondary conjunctions: accepted only when the operator says so (?force=true)
  const marked = candidate.secondary?.secondaryConjunctions ?? [];
  if (marked.length > 0 && !force) {
    throw conflict('AVOIDANCE_CANDIDATE_NOT_RECOMMENDED', `Candidate ${n} of plan ${plan.id} is not recommended: ${candidate.notRecommendedReason ?? 'it creates secondary conjunctions'}; accept with ?force=true to store it anyway`, {
      code: 'conjunction.avoidance-plan.candidate-not-recommended',
      details: { candidate: n, recommendedCandidate: plan.result.recommendedCandidate, reason: candidate.notRecommendedReason, secondaryConjunctions: marked.map((a) => ({ secondaryNoradId: a.secondaryNoradId, tca: a.tca, missDistanceM: a.missDistanceM, pc: a.pc })) },
    });
  }
  const cdm = await findEventCdm(db, organizationId, eventId, plan.request.cdmId);
  if (!cdm || !cdm.encounterStates) throw unprocessable('NO_ENCOUNTER_STATES', `The CDM ${plan.request.cdmId} of the plan is gone`, { code: 'conjunction.avoidance-plan.no-states' });
  const spacecraft = await findSpacecraftById(db, organizationId, plan.spacecraftId);
  if (!spacecraft) throw unprocessable('NO_PRIMARY_SPACECRAFT', `The spacecraft ${plan.spacecraftId} of the plan is gone`);
  const fields = avoidanceManeuver(plan.id, plan.request, candidate);
  const encounterStates = cdm.encounterStates;
  const { output } = await deps.earthData.run('avoidance.oem', () => ({
    request: plan.request,
    encounterStates,
    primaryObject: cdm.primaryObject,
    candidate,
    objectName: spacecraft.name,
    objectId: spacecraft.cosparId ?? (spacecraft.noradId !== null ? String(spacecraft.noradId) : spacecraft.id),
    creationDate: new Date().toISOString(),
    comments: [`Conjunction event ${eventId}, CDM ${cdm.id}; avoidance plan ${plan.id}, candidate ${n}; maneuver ${fields.name}`],
  }));
  if (!output.ok) throw unprocessable(output.code, `The candidate's trajectory cannot be made: ${output.message}`, { code: 'conjunction.avoidance-plan.oem' });
  const created = await inTransaction(db, async (tx) => {
    const made = await createManeuversIn(tx, organizationId, [{ spacecraftId: plan.spacecraftId, ...fields }]);
    if (!(await markAvoidancePlanAccepted(tx, organizationId, plan.id, { candidate: n, maneuverId: fields.name, oem: output.text }))) {
      throw conflict('AVOIDANCE_PLAN_ALREADY_ACCEPTED', `Avoidance plan ${plan.id} was accepted meanwhile`, { code: 'conjunction.avoidance-plan.already-accepted' });
    }
    return made;
  });
  const record = created.created[0]!;
  const oemUrl = `${planPath(plan)}/oem`;
  return {
    plan: await getAvoidancePlan(db, organizationId, eventId, planId),
    maneuver: {
      spacecraftId: record.spacecraftId,
      maneuverId: record.maneuverId,
      start: record.start,
      end: record.end,
      url: `/operations/maneuvers/${encodeURIComponent(record.maneuverId)}?spacecraftId=${encodeURIComponent(record.spacecraftId)}`,
    },
    warnings: [
      ...created.response.warnings,
      ...(marked.length > 0
        ? [{ code: 'AVOIDANCE_CANDIDATE_NOT_RECOMMENDED', message: `accepted with force although not recommended: ${candidate.notRecommendedReason ?? 'secondary conjunctions'}` }]
        : []),
    ],
    oem: { url: oemUrl, stateCount: output.stateCount, covarianceCount: output.covarianceCount, start: output.start, stop: output.stop },
  };
}

/** GET …/oem: the accepted candidate's hypothetical OEM (KVN). */
export async function avoidancePlanOem(db: Db, organizationId: string, eventId: string, planId: string): Promise<{ text: string; fileName: string }> {
  const plan = await requirePlan(db, organizationId, eventId, planId);
  const text = await findAvoidancePlanOem(db, organizationId, eventId, planId);
  if (text === null) {
    throw notFound(`Avoidance plan ${plan.id} has no accepted candidate, hence no OEM`, 'AVOIDANCE_OEM_NOT_FOUND', { code: 'conjunction.avoidance-plan.oem-not-found' });
  }
  return { text, fileName: `${plan.acceptedManeuverId ?? plan.id}.oem` };
}

/** A SUCCEEDED plan's stored result, else 409 AVOIDANCE_PLAN_NOT_FINISHED (as accept answers). */
function finishedResult(plan: AvoidancePlan): AvoidancePlanResultView {
  if (plan.status !== 'SUCCEEDED' || !plan.result) {
    throw conflict('AVOIDANCE_PLAN_NOT_FINISHED', `Avoidance plan ${plan.id} is ${plan.status}; its pictures exist once it has SUCCEEDED`, { code: 'conjunction.avoidance-plan.not-finished', details: { status: plan.status } });
  }
  return plan.result;
}

function pictureSubtitle(plan: AvoidancePlan, secondary: string): string {
  const r = plan.request;
  return `plan ${plan.id} of event ${plan.eventId} (our spacecraft vs ${secondary}); CDM ${r.cdmId}, TCA ${r.tca}; ${r.execution.kind === 'FINITE' ? `finite burn, ${r.execution.thrustN} N` : 'impulsive'}, Isp ${r.execution.ispS} s`;
}

/** GET …/trade-space.svg: Pc against Δv, a curve per lead time, the target, the recommended candidate. */
export async function avoidanceTradeSpacePicture(db: Db, organizationId: string, eventId: string, planId: string): Promise<string> {
  const event = await requireEvent(db, organizationId, eventId);
  const plan = await requirePlan(db, organizationId, eventId, planId);
  const result = finishedResult(plan);
  return avoidanceTradeSpaceSvg({ title: `Avoidance trade space: TCA ${plan.request.tca}`, subtitle: pictureSubtitle(plan, `${event.secondaryName} (${event.secondaryDesignator})`), plan: result });
}

/** GET …/encounter.svg: the encounter plane before (the plan's CDM at TCA) and after the recommended burn. */
export async function avoidanceEncounterPicture(db: Db, organizationId: string, eventId: string, planId: string): Promise<string> {
  const event = await requireEvent(db, organizationId, eventId);
  const plan = await requirePlan(db, organizationId, eventId, planId);
  const result = finishedResult(plan);
  const cdm = await findEventCdm(db, organizationId, eventId, plan.request.cdmId);
  if (!cdm || !cdm.encounterStates) throw unprocessable('NO_ENCOUNTER_STATES', `The CDM ${plan.request.cdmId} of the plan is gone`, { code: 'conjunction.avoidance-plan.no-states' });
  const encounter = avoidanceEncounter({ request: plan.request, encounterStates: cdm.encounterStates, primaryObject: cdm.primaryObject });
  return avoidanceEncounterSvg({ title: `Avoidance: encounter plane before and after the burn, TCA ${plan.request.tca}`, subtitle: pictureSubtitle(plan, `${event.secondaryName} (${event.secondaryDesignator})`), plan: result, encounter });
}
