/**
 * The visible screening reference over the socket (../shared/reference/conjunction/screening/S1, Orekit 13.1: a LEO
 * primary's OEM against 208 TLEs for 7 days, skipped visibly where the reference is not present): the primary's OEM
 * and the public TLEs carry no covariance, so every approach's Pc is Alfriend's maximum probability — and so must
 * every conjunction event made of them be: the same Pc, method ALFRIEND_1999_MAX, flagged, risk basis
 * MAXIMUM_PROBABILITY, and its risk level by the rule for a bound (domain/conjunctions/settings.ts: LOW below
 * mediumPc, MEDIUM otherwise, never HIGH). The event of the 44 m approach would be HIGH (Pc ≈ 1.9e-2) were the bound
 * read as an estimate, as the events were before (LAAS_2015 on the screening CDM's DEFAULT covariance).
 *
 * Tolerances: approaches as in the reference README (every must_find found, TCA within 1 s here — the geometry is
 * checked to 2 ms by test/engine/collision/screening/s1.test.ts); the event's Pc equals its approach's to 1e-9
 * relative (one computation, kept, not a second one on another covariance).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Epoch } from '../../engine/time/epoch.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';

type Json = Record<string, any>;
const DIR = fileURLToPath(new URL('../../../shared/reference/conjunction/screening/S1/', import.meta.url));
const ABSENT = existsSync(DIR + 'approaches.json') ? false : '../shared/reference/conjunction/screening/S1 is not present: the Orekit screening reference is not redistributable';
const SCREENINGS = '/operations/conjunctions/screenings';

describe('the S1 screening reference: events keep the maximum-probability qualification', { timeout: 600_000, skip: ABSENT }, () => {
  let svc: TestService;
  let key: string;
  const request = (method: string, path: string, options: { json?: unknown; body?: BodyInit } = {}) => svc.request(method, path, { key, ...options });
  const json = async (response: Response): Promise<Json> => (await response.json()) as Json;

  before(async () => {
    svc = await createTestService({ workers: 2 });
    ({ secret: key } = await svc.key({ organization: 'screening-reference' }));
  });
  after(async () => svc?.close());

  test('every event of an approach without covariances: Pc and method of the approach, flagged, never HIGH', async () => {
    const reference = JSON.parse(readFileSync(DIR + 'approaches.json', 'utf8')) as Json;
    const catalog = await request('POST', '/operations/catalog', { body: filesForm([{ name: 'catalog.tle', content: readFileSync(DIR + 'catalog.tle', 'utf8') }]) });
    assert.ok(catalog.status < 300, await catalog.clone().text());
    const craft = await json(await request('POST', '/operations/spacecraft', { json: { name: 'S1-PRIMARY', cosparId: '2023-901A', launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }));
    const form = new FormData();
    form.append('request', JSON.stringify({
      primaries: [{ spacecraftId: craft.id, oemFile: 'primary.oem' }], secondaries: 'CATALOG',
      start: '2023-02-15T00:00:00Z', durationDays: 7, volume: { shape: 'SPHERE', radiusKm: 20 },
    }));
    form.append('files', new Blob([readFileSync(DIR + 'primary.oem')]), 'primary.oem');
    const created = await request('POST', SCREENINGS, { body: form });
    const body = await json(created);
    assert.equal(created.status, 202, JSON.stringify(body));
    let done: Json = body;
    for (let i = 0; i < 1200 && !['SUCCEEDED', 'FAILED'].includes(done.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await json(await request('GET', `${SCREENINGS}/${body.id}`));
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));

    const approaches = (await json(await request('GET', `${SCREENINGS}/${body.id}/approaches?size=100&sort=tca,asc`))).content as Json[];
    for (const expected of reference.must_find as Json[]) {
      const found = approaches.find((a) => a.secondary.noradId === expected.secondary_id && Math.abs(Epoch.parseInstant(a.tca).secondsSince(Epoch.parseInstant(expected.tca_utc))) < 1);
      assert.ok(found, `approach of ${expected.secondary_id} at ${expected.tca_utc}`);
    }
    const withEvents = approaches.filter((a) => a.conjunctionEventId);
    assert.ok(withEvents.length >= (reference.must_find as Json[]).length, `${withEvents.length} events`);
    const thresholds = (await json(await request('GET', '/operations/conjunctions/settings'))).riskThresholds as { mediumPc: number; highPc: number };
    let wouldHaveBeenHigh = 0;
    for (const approach of withEvents) {
      assert.equal(approach.pcIsMaximumProbability, true);
      const event = await json(await request('GET', `/operations/conjunctions/${approach.conjunctionEventId}`));
      const what = `event of ${approach.secondary.noradId} at ${approach.tca} (miss ${approach.missDistanceM.toFixed(1)} m)`;
      assert.equal(event.pcMethod, 'ALFRIEND_1999_MAX', what);
      assert.equal(event.isMaximumProbability, true, `${what}: ${JSON.stringify(event)}`);
      assert.equal(event.riskBasis, 'MAXIMUM_PROBABILITY', what);
      assert.ok(Math.abs(event.pc - approach.pc) <= 1e-9 * approach.pc, `${what}: Pc ${event.pc} vs ${approach.pc}`);
      assert.ok(event.pcFlags.some((f: Json) => f.code === 'MAXIMUM_PROBABILITY_NO_COVARIANCE'), what);
      assert.equal(event.riskLevel, event.pc >= thresholds.mediumPc ? 'MEDIUM' : 'LOW', what);
      if (event.pc >= thresholds.highPc) wouldHaveBeenHigh++;
    }
    assert.ok(wouldHaveBeenHigh >= 1, 'the 44 m approach’s bound is above highPc: the rule, not the geometry, keeps it from HIGH');
    const high = await json(await request('GET', '/operations/conjunctions?riskLevel=HIGH'));
    assert.equal(high.totalElements, 0, JSON.stringify(high.content.map((e: Json) => [e.pc, e.pcMethod])));
    const bounds = await json(await request('GET', '/operations/conjunctions?riskBasis=MAXIMUM_PROBABILITY&size=100'));
    assert.equal(bounds.totalElements, withEvents.length);
  });
});
