/**
 * The changes a client can be told of: one vocabulary for the webhooks' event types and the
 * change feeds' items. A change is recorded in the same transaction as what it describes (storage/changes.ts), so it
 * is never told of a change that was rolled back, and never lost for one that was committed.
 *
 * Payloads are small typed values that name the resource and say what happened; the resource itself is read from its
 * own endpoint (`links.self`), so a payload never goes stale in meaning and never carries more than the permission
 * that subscribed to it would read.
 */

export const CHANGE_EVENT_TYPES = [
  'conjunction.created',
  'conjunction.risk_changed',
  'conjunction.cdm_received',
  'screening.finished',
  'orbit_determination.finished',
  'product.ready',
  'job.failed',
] as const;

export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

/** The event a subscription receives from POST /operations/webhooks/{id}/test only (never a change of data). */
export const TEST_EVENT_TYPE = 'webhook.test';

import { riskLevel, type RiskLevel, type RiskPc, type RiskThresholds } from '../conjunctions/settings.ts';
import type { JobStatus } from '../jobs/model.ts';

export type RiskLevelName = RiskLevel;

export interface ConjunctionCreatedPayload {
  conjunctionId: string;
  primarySpacecraftId: string;
  secondaryDesignator: string;
  /** TCA of the CDM that opened the event (ISO-8601 UTC). */
  tca: string;
  links: { self: string };
}

export interface ConjunctionCdmReceivedPayload {
  conjunctionId: string;
  cdmId: string;
  source: 'UPLOAD' | 'SCREENING';
  tca: string;
  missDistanceM: number;
  links: { self: string; cdm: string };
}

export interface ConjunctionRiskChangedPayload {
  conjunctionId: string;
  previousRiskLevel: RiskLevelName;
  riskLevel: RiskLevelName;
  /** The Pc that decides the risk now (assessed, else stated; null when neither is known). */
  pc: number | null;
  /** What changed it: a CDM received, or a reassessment (settings or radius change). */
  cause: 'CDM_RECEIVED' | 'REASSESSMENT';
  links: { self: string };
}

export interface ScreeningFinishedPayload {
  screeningId: string;
  status: 'SUCCEEDED' | 'FAILED';
  approachCount: number | null;
  eventCount: number | null;
  error: string | null;
  links: { self: string; approaches: string };
}

export interface OrbitDeterminationFinishedPayload {
  orbitDeterminationId: string;
  spacecraftId: string;
  converged: boolean;
  links: { self: string };
}

export interface ProductReadyPayload {
  productId: string;
  /** What made it: a scheduled task run or a batch OEM. */
  origin: 'TASK_RUN' | 'EPHEMERIS_BATCH';
  originId: string;
  links: { self: string; content: string };
}

export interface JobFailedPayload {
  /** The job's kind as /metrics names it (apsis_jobs{kind}): measurement_upload, orbit_determination, … */
  jobKind: string;
  jobId: string;
  attempts: number;
  error: string;
}

export interface ChangePayloads {
  'conjunction.created': ConjunctionCreatedPayload;
  'conjunction.risk_changed': ConjunctionRiskChangedPayload;
  'conjunction.cdm_received': ConjunctionCdmReceivedPayload;
  'screening.finished': ScreeningFinishedPayload;
  'orbit_determination.finished': OrbitDeterminationFinishedPayload;
  'product.ready': ProductReadyPayload;
  'job.failed': JobFailedPayload;
}

/** A change as it is recorded: its type, the resource it is about, and its payload. */
export type Change = {
  [K in ChangeEventType]: { type: K; resourceType: string; resourceId: string; payload: ChangePayloads[K] };
}[ChangeEventType];

export const conjunctionPath = (id: string): string => `/operations/conjunctions/${id}`;

export function conjunctionCreated(event: { id: string; primarySpacecraftId: string; secondaryDesignator: string; tca: string }): Change {
  return {
    type: 'conjunction.created',
    resourceType: 'conjunction',
    resourceId: event.id,
    payload: {
      conjunctionId: event.id,
      primarySpacecraftId: event.primarySpacecraftId,
      secondaryDesignator: event.secondaryDesignator,
      tca: event.tca,
      links: { self: conjunctionPath(event.id) },
    },
  };
}

export function cdmReceived(cdm: { conjunctionId: string; cdmId: string; source: 'UPLOAD' | 'SCREENING'; tca: string; missDistanceM: number }): Change {
  return {
    type: 'conjunction.cdm_received',
    resourceType: 'cdm',
    resourceId: cdm.cdmId,
    payload: { ...cdm, links: { self: conjunctionPath(cdm.conjunctionId), cdm: `${conjunctionPath(cdm.conjunctionId)}/cdms/${cdm.cdmId}` } },
  };
}

/** A change of risk level, or null when the level is the same (a change of Pc within one level is not one). */
export function riskChanged(
  conjunctionId: string,
  previousRiskLevel: RiskLevelName,
  riskLevel: RiskLevelName,
  pc: number | null,
  cause: ConjunctionRiskChangedPayload['cause'],
): Change | null {
  if (previousRiskLevel === riskLevel) return null;
  return {
    type: 'conjunction.risk_changed',
    resourceType: 'conjunction',
    resourceId: conjunctionId,
    payload: { conjunctionId, previousRiskLevel, riskLevel, pc, cause, links: { self: conjunctionPath(conjunctionId) } },
  };
}

/**
 * The risk changes between two readings of events' deciding Pc (before and after a write), each under its thresholds
 * (a settings change may change the thresholds themselves). Events only in `after` are new: their creation is told,
 * not a risk change.
 */
export function riskChangesOf(
  before: ReadonlyMap<string, RiskPc>,
  after: ReadonlyMap<string, RiskPc>,
  thresholds: { before: RiskThresholds; after: RiskThresholds },
  cause: ConjunctionRiskChangedPayload['cause'],
): Change[] {
  const changes: Change[] = [];
  for (const [id, risk] of after) {
    const previous = before.get(id);
    if (previous === undefined) continue;
    const change = riskChanged(id, riskLevel(previous, thresholds.before), riskLevel(risk, thresholds.after), risk.pc, cause);
    if (change) changes.push(change);
  }
  return changes;
}

export function screeningFinished(screening: { id: string; status: 'SUCCEEDED' | 'FAILED'; approachCount: number | null; eventCount: number | null; error: string | null }): Change {
  const self = `/operations/conjunctions/screenings/${screening.id}`;
  return {
    type: 'screening.finished',
    resourceType: 'screening',
    resourceId: screening.id,
    payload: {
      screeningId: screening.id,
      status: screening.status,
      approachCount: screening.approachCount,
      eventCount: screening.eventCount,
      error: screening.error,
      links: { self, approaches: `${self}/approaches` },
    },
  };
}

export function orbitDeterminationFinished(od: { id: string; spacecraftId: string; converged: boolean }): Change {
  return {
    type: 'orbit_determination.finished',
    resourceType: 'orbit_determination',
    resourceId: od.id,
    payload: { orbitDeterminationId: od.id, spacecraftId: od.spacecraftId, converged: od.converged, links: { self: `/operations/orbit-determinations/${od.id}` } },
  };
}

export function productReady(product: { productId: string; origin: ProductReadyPayload['origin']; originId: string }): Change {
  const self = `/operations/products/${product.productId}`;
  return { type: 'product.ready', resourceType: 'product', resourceId: product.productId, payload: { ...product, links: { self, content: `${self}/content` } } };
}

export function jobFailed(job: JobFailedPayload): Change {
  return { type: 'job.failed', resourceType: 'job', resourceId: job.jobId, payload: job };
}

/**
 * The change feeds (GET …/changes): each is the changes of some types, in seq order. The conjunctions feed tells of
 * events created and updated (a CDM received updates its event's summary; a risk change is an update), the CDMs feed
 * of CDMs received, the screenings feed of screenings whose results are final.
 */
export const CHANGE_FEEDS = {
  conjunctions: ['conjunction.created', 'conjunction.cdm_received', 'conjunction.risk_changed'],
  cdms: ['conjunction.cdm_received'],
  screenings: ['screening.finished'],
} as const satisfies Record<string, readonly ChangeEventType[]>;

export type ChangeFeed = keyof typeof CHANGE_FEEDS;

/**
 * The body of a webhook delivery: the Standard Webhooks payload structure (spec "Payload structure": `type`,
 * `timestamp`, `data`), which receivers route on before they verify anything else.
 */
export function webhookBody(type: string, occurredAt: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt, data });
}

export interface WebhookSubscription {
  id: string;
  organizationId: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  consecutiveFailures: number;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDelivery {
  id: string;
  subscriptionId: string;
  organizationId: string;
  changeSeq: number | null;
  eventType: string;
  body: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lastStatusCode: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  claimedFrom: string | null;
}

export interface StoredChange {
  seq: number;
  type: ChangeEventType;
  resourceType: string;
  resourceId: string;
  payload: unknown;
  occurredAt: string;
}
