/** The change vocabulary (domain/changes/model.ts) and the delivery rules (domain/changes/delivery.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHANGE_FEEDS,
  cdmReceived,
  conjunctionCreated,
  jobFailed,
  orbitDeterminationFinished,
  productReady,
  riskChanged,
  riskChangesOf,
  screeningFinished,
  webhookBody,
} from '../../../domain/changes/model.ts';
import { isDelivered, retryDelayMs, shouldDisable, WEBHOOK_MAX_RETRY_DELAY_MS } from '../../../domain/changes/delivery.ts';

const THRESHOLDS = { mediumPc: 1e-5, highPc: 1e-4 };

test('payloads name their resource and link to it', () => {
  const created = conjunctionCreated({ id: 'e1', primarySpacecraftId: 's1', secondaryDesignator: '43013', tca: '2026-01-01T00:00:00.000000Z' });
  assert.deepEqual(created, {
    type: 'conjunction.created', resourceType: 'conjunction', resourceId: 'e1',
    payload: { conjunctionId: 'e1', primarySpacecraftId: 's1', secondaryDesignator: '43013', tca: '2026-01-01T00:00:00.000000Z', links: { self: '/operations/conjunctions/e1' } },
  });
  const cdm = cdmReceived({ conjunctionId: 'e1', cdmId: 'c1', source: 'UPLOAD', tca: 't', missDistanceM: 715 });
  assert.equal(cdm.resourceType, 'cdm');
  assert.deepEqual((cdm.payload as { links: unknown }).links, { self: '/operations/conjunctions/e1', cdm: '/operations/conjunctions/e1/cdms/c1' });
  const screening = screeningFinished({ id: 'x', status: 'FAILED', approachCount: null, eventCount: null, error: 'chunk 0: boom' });
  assert.deepEqual((screening.payload as { links: unknown }).links, { self: '/operations/conjunctions/screenings/x', approaches: '/operations/conjunctions/screenings/x/approaches' });
  assert.equal((orbitDeterminationFinished({ id: 'od', spacecraftId: 's', converged: false }).payload as { converged: boolean }).converged, false);
  assert.deepEqual(productReady({ productId: 'p', origin: 'TASK_RUN', originId: 'r' }).payload, { productId: 'p', origin: 'TASK_RUN', originId: 'r', links: { self: '/operations/products/p', content: '/operations/products/p/content' } });
  assert.deepEqual(jobFailed({ jobKind: 'tracking_upload', jobId: 'j', attempts: 3, error: 'e' }).resourceId, 'j');
});

test('a risk change is a change of level, under the thresholds of each side; new events are not risk changes', () => {
  assert.equal(riskChanged('e', 'LOW', 'LOW', 1e-7, 'CDM_RECEIVED'), null);
  const risks = (entries: Array<[string, number | null]>) => new Map(entries.map(([id, pc]) => [id, { pc, basis: pc === null ? ('NONE' as const) : ('ASSESSED' as const) }]));
  const before = risks([['a', 1e-7], ['b', 5e-5], ['c', null], ['d', 2e-4]]);
  const after = risks([['a', 2e-4], ['b', 6e-5], ['c', 1e-6], ['d', 2e-4], ['new', 1]]);
  const changes = riskChangesOf(before, after, { before: THRESHOLDS, after: THRESHOLDS }, 'CDM_RECEIVED');
  assert.deepEqual(changes.map((c) => [c.resourceId, (c.payload as { previousRiskLevel: string }).previousRiskLevel, (c.payload as { riskLevel: string }).riskLevel]), [
    ['a', 'LOW', 'HIGH'],
    ['c', 'UNKNOWN', 'LOW'],
  ]);
  // the same Pcs under new thresholds (a settings change): b and d move down a level
  const moved = riskChangesOf(after, after, { before: THRESHOLDS, after: { mediumPc: 1e-4, highPc: 1e-3 } }, 'REASSESSMENT');
  assert.deepEqual(moved.map((c) => c.resourceId).sort(), ['a', 'b', 'd'], 'a Pc of 1 stays HIGH');
  // a Pc that becomes a maximum-probability bound (a covariance found DEFAULT) is no longer HIGH
  const bounded = riskChangesOf(after, new Map([['a', { pc: 2e-4, basis: 'MAXIMUM_PROBABILITY' as const }]]), { before: THRESHOLDS, after: THRESHOLDS }, 'REASSESSMENT');
  assert.deepEqual(bounded.map((c) => [(c.payload as { previousRiskLevel: string }).previousRiskLevel, (c.payload as { riskLevel: string }).riskLevel]), [['HIGH', 'MEDIUM']]);
});

test('feeds are made of the event types; the webhook body is the Standard Webhooks structure', () => {
  assert.deepEqual([...CHANGE_FEEDS.cdms], ['conjunction.cdm_received']);
  assert.ok(CHANGE_FEEDS.conjunctions.includes('conjunction.risk_changed'));
  assert.deepEqual(JSON.parse(webhookBody('webhook.test', '2026-01-01T00:00:00.000Z', { a: 1 })), { type: 'webhook.test', timestamp: '2026-01-01T00:00:00.000Z', data: { a: 1 } });
});

test('retries: exponential backoff with jitter in [d/2, d], capped; 2xx delivered, 3xx not; disabling threshold', () => {
  assert.equal(retryDelayMs(1, 1000, 0), 500);
  assert.equal(retryDelayMs(1, 1000, 0.999999), 1000);
  assert.equal(retryDelayMs(3, 1000, 0), 2000);
  assert.equal(retryDelayMs(3, 1000, 1), 4000);
  for (let attempt = 1; attempt < 30; attempt++) {
    const nominal = Math.min(WEBHOOK_MAX_RETRY_DELAY_MS, 5000 * 2 ** (attempt - 1));
    const delay = retryDelayMs(attempt, 5000, Math.random());
    assert.ok(delay >= nominal / 2 && delay <= nominal, `attempt ${attempt}: ${delay}`);
  }
  assert.equal(isDelivered(200), true);
  assert.equal(isDelivered(204), true);
  assert.equal(isDelivered(302), false);
  assert.equal(isDelivered(500), false);
  assert.equal(shouldDisable(2, 3), false);
  assert.equal(shouldDisable(3, 3), true);
});
