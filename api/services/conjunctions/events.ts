/**
 * Reading conjunction events: the list and its filters, one event with its recomputed Pc and timeline, its CDMs as
 * received or parsed, the latest CDM written by our writer, the what-if Pc, and the two pictures. Every Pc is
 * computed on the pool (`conjunctions.assess`) from the states the CDM's digest kept.
 */
import { PC_METHODS, type PcMethod } from '../../../engine/collision/probability.ts';
import type { AssessmentOutcome } from '../../../domain/conjunctions/assessment.ts';
import type { HardBodyRadiusUsed } from '../../../domain/conjunctions/hardBodyRadius.ts';
import { riskLevel, riskPcOf, type RiskLevel, type RiskThresholds } from '../../../domain/conjunctions/settings.ts';
import { encounterSvg } from '../../../domain/plots/encounterSvg.ts';
import { timelineSvg } from '../../../domain/plots/timelineSvg.ts';
import type { Db } from '../../../storage/sql/db.ts';
import { findCdmContent, findConjunctionEvent, findEventCdm, listConjunctionEvents, listEventCdms, type ConjunctionEventFilter } from '../../../storage/conjunctions.ts';
import { type ConjunctionCdm, type ConjunctionEvent } from '../../../domain/conjunctions/model.ts';
import { findConjunctionSettings } from '../../../storage/conjunctionSettings.ts';
import type { PageRequest } from '../../../storage/sql/paging.ts';
import type { ComputePool } from '../../../workers/poolTypes.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError, notFound, unprocessable } from '../../http/errors.ts';
import { pageEnvelope } from '../../http/paging.ts';
import { assessOnPool, radiusFor, spacecraftRadii } from './assessment.ts';
import { acceptedAvoidancePlans } from '../../../storage/avoidancePlans.ts';
import type { AvoidancePlan } from '../../../domain/avoidance/model.ts';

function eventNotFound(id: string): ApiError {
  return notFound(`Conjunction event ${id} not found`, 'CONJUNCTION_NOT_FOUND', { code: 'conjunction.not-found' });
}

function cdmNotFound(eventId: string, cdmId: string): ApiError {
  return notFound(`CDM ${cdmId} of conjunction event ${eventId} not found`, 'CDM_NOT_FOUND', { code: 'conjunction.cdm.not-found' });
}

export function eventView(event: ConjunctionEvent, thresholds: RiskThresholds) {
  const risk = riskPcOf(event);
  return {
    id: event.id,
    primarySpacecraftId: event.primarySpacecraftId,
    secondary: {
      spacecraftId: event.secondarySpacecraftId,
      objectDesignator: event.secondaryDesignator,
      objectName: event.secondaryName,
      internationalDesignator: event.secondaryInternationalDesignator,
      objectType: event.secondaryObjectType,
    },
    tca: event.tca,
    missDistanceM: event.missDistanceM,
    relativeSpeedMS: event.relativeSpeedMS,
    pc: event.pc,
    pcMethod: event.pcMethod,
    isMaximumProbability: risk.basis === 'MAXIMUM_PROBABILITY',
    statedPc: event.statedPc,
    riskLevel: riskLevel(risk, thresholds) as RiskLevel,
    riskBasis: risk.basis,
    cdmCount: event.cdmCount,
    latestCdmId: event.latestCdmId,
    sources: event.sources,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

function cdmSummary(cdm: ConjunctionCdm) {
  return {
    id: cdm.id,
    source: cdm.source,
    fileName: cdm.fileName,
    originator: cdm.originator,
    messageId: cdm.messageId,
    notation: cdm.notation,
    creationDate: cdm.creationDate,
    tca: cdm.tca,
    timeToTcaS: cdm.tcaS - cdm.creationDateS,
    missDistanceM: cdm.missDistanceM,
    computedMissDistanceM: cdm.computedMissDistanceM,
    relativeSpeedMS: cdm.relativeSpeedMS,
    statedPc: cdm.statedPc,
    pc: cdm.pc,
    pcMethod: cdm.pcMethod,
    hardBodyRadiusM: cdm.hardBodyRadiusM,
    receivedAt: cdm.receivedAt,
  };
}

export async function listConjunctions(db: Db, organizationId: string, filter: ConjunctionEventFilter, page: PageRequest) {
  const settings = await findConjunctionSettings(db, organizationId);
  const { items, total } = await listConjunctionEvents(db, organizationId, filter, settings.riskThresholds, page);
  return pageEnvelope(items.map((e) => eventView(e, settings.riskThresholds)), total, page);
}

export async function requireEvent(db: Db, organizationId: string, id: string): Promise<ConjunctionEvent> {
  const event = await findConjunctionEvent(db, organizationId, id);
  if (!event) throw eventNotFound(id);
  return event;
}

export async function latestCdm(db: Db, organizationId: string, event: ConjunctionEvent): Promise<ConjunctionCdm> {
  const cdm = await findEventCdm(db, organizationId, event.id, event.latestCdmId);
  if (!cdm) throw eventNotFound(event.id);
  return cdm;
}

/** The radius rule now (the CDM's, else the current spacecraft radii and organization default). */
export async function currentRadius(db: Db, organizationId: string, cdm: ConjunctionCdm): Promise<HardBodyRadiusUsed> {
  const settings = await findConjunctionSettings(db, organizationId);
  const ids = [cdm.objects[0].spacecraftId, cdm.objects[1].spacecraftId] as const;
  const radii = await spacecraftRadii(db, organizationId, ids.filter((id): id is string => id !== null));
  return radiusFor(cdm.cdmHardBodyRadius, ids, radii, settings);
}

/** The encounter and Pc of one CDM, or the problem that prevents it (never a 500). */
async function recompute(pool: ComputePool, cdm: ConjunctionCdm, hardBodyRadiusM: number, methods: readonly PcMethod[]): Promise<AssessmentOutcome> {
  if (!cdm.encounterStates) {
    return { ok: false, ...(cdm.encounterProblem ?? { code: 'NO_ENCOUNTER', message: 'the CDM gives no states and covariances a Pc can be computed from' }) };
  }
  const covarianceMethods = [cdm.objects[0].covarianceMethod, cdm.objects[1].covarianceMethod] as const;
  return (await assessOnPool(pool, [{ states: cdm.encounterStates, hardBodyRadiusM, covarianceMethods }], methods))[0]!;
}

function probabilityView(p: Extract<AssessmentOutcome, { ok: true }>['probabilities'][number]) {
  return { method: p.method, value: p.value, lowerBound: p.lowerBound ?? null, upperBound: p.upperBound ?? null, isMaximumProbability: p.isMaximumProbability, flags: p.flags };
}

function cdmObjects(cdm: ConjunctionCdm) {
  return cdm.objects.map((o) => ({
    object: o.object,
    objectDesignator: o.designator,
    catalogName: o.catalogName,
    objectName: o.name,
    internationalDesignator: o.internationalDesignator,
    objectType: o.objectType,
    maneuverable: o.maneuverable,
    refFrame: o.refFrame,
    covarianceMethod: o.covarianceMethod,
    spacecraftId: o.spacecraftId,
  }));
}

export async function getConjunction(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, id: string, method: PcMethod | undefined) {
  const { db, pool } = deps;
  const event = await requireEvent(db, organizationId, id);
  const settings = await findConjunctionSettings(db, organizationId);
  const cdms = await listEventCdms(db, organizationId, event.id);
  const latest = cdms.find((c) => c.id === event.latestCdmId) ?? (await latestCdm(db, organizationId, event));
  const chosen = method ?? settings.defaultPcMethod;
  const radius = await currentRadius(db, organizationId, latest);
  const outcome = await recompute(pool, latest, radius.combinedM, [chosen]);
  return {
    ...eventView(event, settings.riskThresholds),
    riskThresholds: settings.riskThresholds,
    pcFlags: latest.pcDetail?.flags ?? [],
    latestCdm: {
      id: latest.id,
      originator: latest.originator,
      messageId: latest.messageId,
      creationDate: latest.creationDate,
      primaryObject: latest.primaryObject === 1 ? ('OBJECT1' as const) : ('OBJECT2' as const),
      objects: cdmObjects(latest),
      stated: latest.stated,
    },
    recomputed: outcome.ok ? { method: chosen, probability: probabilityView(outcome.probabilities[0]!), hardBodyRadius: radius, encounter: outcome.encounter } : null,
    recomputeProblem: outcome.ok ? null : { code: outcome.code, message: outcome.message },
    timeline: cdms.map(cdmSummary),
    acceptedAvoidancePlans: (await acceptedAvoidancePlans(db, organizationId, event.id)).map(acceptedPlanSummary),
  };
}

/** An accepted avoidance plan on the event's timeline: when, which burn, the maneuver it became. */
function acceptedPlanSummary(plan: AvoidancePlan) {
  const candidate = plan.result?.candidates[plan.acceptedCandidate!] ?? null;
  return {
    planId: plan.id,
    candidate: plan.acceptedCandidate!,
    acceptedAt: plan.acceptedAt!,
    maneuverId: plan.acceptedManeuverId!,
    burnStart: candidate?.burnStart ?? null,
    direction: candidate?.direction ?? null,
    deltaVMetersPerSecond: candidate?.deltaVMetersPerSecond ?? null,
    pcAfter: candidate?.numerical.pc ?? null,
    missDistanceAfterM: candidate?.numerical.missDistanceM ?? null,
  };
}

/** What-if: the latest CDM's Pc by one method or all, with the given combined radius or the rule's. */
export async function conjunctionProbability(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, id: string, method: PcMethod | undefined, hardBodyRadiusM: number | undefined) {
  const { db, pool } = deps;
  const event = await requireEvent(db, organizationId, id);
  const cdm = await latestCdm(db, organizationId, event);
  const radius: HardBodyRadiusUsed | { combinedM: number; source: 'REQUEST'; objects: [null, null]; description: string } =
    hardBodyRadiusM !== undefined
      ? { combinedM: hardBodyRadiusM, source: 'REQUEST', objects: [null, null], description: `${hardBodyRadiusM} m, given in the request` }
      : await currentRadius(db, organizationId, cdm);
  const outcome = await recompute(pool, cdm, radius.combinedM, method ? [method] : PC_METHODS);
  if (!outcome.ok) throw unprocessable('PC_NOT_COMPUTABLE', `No Pc can be computed for CDM ${cdm.id}: ${outcome.message}`, { code: 'conjunction.pc.not-computable', details: { cdmId: cdm.id, reason: outcome.code } });
  return { eventId: event.id, cdmId: cdm.id, hardBodyRadius: radius, encounter: outcome.encounter, probabilities: outcome.probabilities.map(probabilityView) };
}

/** A stored CDM's bytes as received, with the media type of its notation. */
export async function cdmAsReceived(db: Db, organizationId: string, eventId: string, cdmId: string): Promise<{ cdm: ConjunctionCdm; bytes: Uint8Array }> {
  const cdm = await findEventCdm(db, organizationId, eventId, cdmId);
  const bytes = cdm ? await findCdmContent(db, organizationId, cdm.id) : null;
  if (!cdm || !bytes) throw cdmNotFound(eventId, cdmId);
  return { cdm, bytes };
}

export function receivedMediaType(cdm: ConjunctionCdm): string {
  return cdm.notation === 'XML' ? 'application/xml' : 'text/plain';
}

/** A stored CDM parsed (the reader's structure, on the pool). */
export async function cdmAsJson(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, eventId: string, cdmId: string) {
  const { cdm, bytes } = await cdmAsReceived(deps.db, organizationId, eventId, cdmId);
  const read = await deps.pool.run('conjunctions.parseCdm', { bytes });
  if (!read.ok) throw new ApiError(500, 'Internal Server Error', `stored CDM ${cdm.id} no longer parses: ${read.message}`);
  return { cdmId: cdm.id, eventId, ...read.message };
}

/** The event's latest CDM written by our writer (KVN or XML). */
export async function latestCdmWritten(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, id: string, notation: 'KVN' | 'XML'): Promise<string> {
  const event = await requireEvent(deps.db, organizationId, id);
  const { bytes } = await cdmAsReceived(deps.db, organizationId, event.id, event.latestCdmId);
  const written = await deps.pool.run('conjunctions.writeCdm', { bytes, notation });
  if (!written.ok) {
    throw unprocessable(written.code === 'UNWRITABLE_TEXT' ? 'UNWRITABLE_TEXT' : 'CDM_NOT_WRITABLE', `The latest CDM cannot be written: ${written.message}`, {
      code: 'conjunction.cdm.unwritable',
      details: { cdmId: event.latestCdmId, ...(written.details ?? {}) },
    });
  }
  return written.text;
}

function format(value: number, digits = 4): string {
  return value === 0 ? '0' : Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6 ? String(Number(value.toPrecision(digits))) : value.toExponential(digits - 1);
}

export async function encounterPicture(deps: Pick<AppDeps, 'db' | 'pool'>, organizationId: string, id: string): Promise<string> {
  const { db, pool } = deps;
  const event = await requireEvent(db, organizationId, id);
  const settings = await findConjunctionSettings(db, organizationId);
  const cdm = await latestCdm(db, organizationId, event);
  const radius = await currentRadius(db, organizationId, cdm);
  const outcome = await recompute(pool, cdm, radius.combinedM, [settings.defaultPcMethod]);
  if (!outcome.ok) throw unprocessable('PC_NOT_COMPUTABLE', `No encounter plane for CDM ${cdm.id}: ${outcome.message}`, { code: 'conjunction.pc.not-computable', details: { cdmId: cdm.id, reason: outcome.code } });
  const e = outcome.encounter;
  const p = outcome.probabilities[0]!;
  // the secondary relative to our object: object 2 − object 1, reversed when our object is object 2
  const sign = cdm.primaryObject === 1 ? 1 : -1;
  const secondary = cdm.objects[cdm.primaryObject === 1 ? 1 : 0];
  return encounterSvg({
    title: `Encounter plane at TCA ${event.tca}`,
    subtitle: `our spacecraft vs ${secondary.name} (${secondary.designator}); CDM ${cdm.messageId ?? cdm.id} of ${cdm.originator}`,
    covarianceM2: e.projectedCovarianceM2,
    missVectorM: [sign * e.otherPositionCollisionPlaneM[0], sign * e.otherPositionCollisionPlaneM[1]],
    hardBodyRadiusM: radius.combinedM,
    notes: [
      `Pc ${format(p.value)} (${p.method})${cdm.statedPc !== null ? `; stated ${format(cdm.statedPc)}` : ''}; R = ${format(radius.combinedM)} m (${radius.source === 'CDM' ? 'from the CDM' : 'spacecraft + default'})`,
      ...(p.isMaximumProbability
        ? [`MAXIMUM Pc, an upper bound (${p.flags.find((flag) => flag.code.startsWith('MAXIMUM_PROBABILITY'))?.code ?? 'ALFRIEND_1999_MAX'}): the ellipse is no estimate`]
        : []),
      `miss distance ${format(e.missDistanceM)} m, relative speed ${format(e.relativeSpeedMS)} m/s`,
      `σx ${format(e.sigmaXM)} m, σy ${format(e.sigmaYM)} m, Mahalanobis distance ${e.mahalanobisDistance === null ? (p.isMaximumProbability ? 'none (no covariance)' : '∞') : format(e.mahalanobisDistance)}`,
      `frame ${e.inertialFrame}; x along the miss vector, y ⟂ to it, both ⟂ to the relative velocity`,
    ],
  });
}

export async function timelinePicture(db: Db, organizationId: string, id: string): Promise<string> {
  const event = await requireEvent(db, organizationId, id);
  const settings = await findConjunctionSettings(db, organizationId);
  const cdms = await listEventCdms(db, organizationId, event.id);
  return timelineSvg({
    title: `Conjunction timeline: ${event.secondaryName} (${event.secondaryDesignator})`,
    subtitle: `latest TCA ${event.tca}; ${cdms.length} CDM${cdms.length === 1 ? '' : 's'}; risk ${eventView(event, settings.riskThresholds).riskLevel}`,
    pcLabel: `Pc (${event.pcMethod ?? settings.defaultPcMethod})`,
    thresholds: settings.riskThresholds,
    points: cdms.map((c) => ({ timeToTcaS: c.tcaS - c.creationDateS, pc: c.pc, isMaximumProbability: c.pcDetail?.isMaximumProbability ?? false, statedPc: c.statedPc, missDistanceM: c.missDistanceM })),
  });
}
