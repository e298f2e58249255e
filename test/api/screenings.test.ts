/**
 * Conjunction screenings over the socket: a fleet screening end to end (the approach of a constructed
 * crossing, its conjunction event and CDM), an OEM primary, validation 400s naming the field, isolation between
 * organizations, permissions, cancel (409 JOB_NOT_CANCELLABLE once finished), and the takeover of a chunk whose
 * lease expired (an instance killed mid-chunk).
 *
 * Reference of the crossing (screenings.helpers.ts): both spacecraft over the same point at EPOCH, B 2 km above A,
 * their planes 10° apart about the common position vector: the relative position (2 km radial) is normal to the
 * relative velocity, so the TCA is EPOCH to first order and the miss distance 2 km. B is screened from a TLE fitted
 * to its numerical propagation at the middle of the span (SGP4 against the numerical trajectory of A): the tolerances,
 * 5 s on the TCA and 0.3 km on the miss distance, are those of the fitted TLE over the 1.2 h from its epoch (a few
 * hundred metres), plus the second-order terms of the crossing (J2 curvature: metres).
 */
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { after, before, describe, test } from 'node:test';
import { Epoch } from '../../engine/time/epoch.ts';
import { claimNextScreeningChunk, completeScreeningChunk, listScreeningChunks, screeningPrimaryOemParts } from '../../storage/screenings.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { resolveFleetSecondaries } from '../../api/services/conjunctions/screenings.ts';
import { PoolSaturatedError, TaskCancelledError } from '../../workers/poolTypes.ts';
import { CROSSER_STATE, EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';

type Json = Record<string, any>;
const SCREENINGS = '/operations/conjunctions/screenings';
const START = Epoch.parseInstant(EPOCH).plusSeconds(-1800).toIsoString(3);

describe('conjunction screenings over the socket', { timeout: 600_000 }, () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let primary: string;
  let crosser: string;

  const request = (method: string, path: string, options: { json?: unknown; body?: BodyInit; secret?: string } = {}) =>
    svc.request(method, path, { key: options.secret ?? key, ...(options.json !== undefined ? { json: options.json } : {}), ...(options.body !== undefined ? { body: options.body } : {}) });
  const json = async (response: Response): Promise<Json> => (await response.json()) as Json;

  async function waitFor(id: string, statuses: string[], secret = key): Promise<Json> {
    for (let i = 0; i < 600; i++) {
      const view = await json(await request('GET', `${SCREENINGS}/${id}`, { secret }));
      if (statuses.includes(view.status)) return view;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`screening ${id} did not reach ${statuses.join('/')}`);
  }

  const fleetRequest = (overrides: Json = {}) => ({
    primaries: [{ spacecraftId: primary }],
    secondaries: 'FLEET',
    start: START,
    durationDays: 0.1,
    volume: { shape: 'SPHERE', radiusKm: 10 },
    ...overrides,
  });

  before(async () => {
    svc = await createTestService({ workers: 2 });
    const minted = await svc.key({ organization: 'screening' });
    key = minted.secret;
    organizationId = minted.organizationId;
    const craft = async (name: string, state: { position: number[]; velocity: number[] }) => {
      const created = await json(await request('POST', '/operations/spacecraft', { json: { name, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }));
      const stored = await request('POST', '/operations/state-vectors', {
        json: { spacecraftId: created.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity },
      });
      assert.equal(stored.status, 201, await stored.clone().text());
      return created.id as string;
    };
    primary = await craft('SCREEN-A', PRIMARY_STATE);
    crosser = await craft('SCREEN-B', CROSSER_STATE);
  });
  after(async () => svc?.close());

  test('a fleet screening: 202 + Location, progress, the crossing found at its TCA and miss distance, as a conjunction event of source SCREENING', async () => {
    const created = await request('POST', SCREENINGS, { json: fleetRequest() });
    const body = await json(created);
    assert.equal(created.status, 202, JSON.stringify(body));
    assert.equal(created.headers.get('location'), `${SCREENINGS}/${body.id}`);
    assert.ok(['QUEUED', 'RUNNING'].includes(body.status));
    assert.equal(body.progress.chunksTotal, 1, 'one fleet chunk (the merge is not counted)');
    assert.equal(body.secondaryCount, 1);
    const done = await waitFor(body.id, ['SUCCEEDED', 'FAILED']);
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.progress.chunksDone, 1);
    assert.ok(done.approachCount >= 1);
    assert.ok(done.chunks.every((c: Json) => c.status === 'SUCCEEDED' && c.attempts === 1 && c.ranBy === c.attemptOwners[0]));
    assert.ok(done.timings.storingMs >= 0 && done.timings.filtersMs >= 0);

    const page = await json(await request('GET', `${SCREENINGS}/${body.id}/approaches?sort=tca,asc`));
    assert.equal(page.totalElements, done.approachCount);
    const first = page.content[0];
    const tcaOffsetS = Epoch.parseInstant(first.tca).secondsSince(Epoch.parseInstant(EPOCH));
    assert.ok(Math.abs(tcaOffsetS) < 5, `TCA ${first.tca}: ${tcaOffsetS.toFixed(3)} s from the crossing`);
    assert.ok(Math.abs(first.missDistanceM - 2000) < 300, `miss ${first.missDistanceM} m vs 2000 m`);
    // 2 km radial: R dominates the relative position; relative speed 2·v·sin(5°) = 1.33 km/s
    assert.ok(Math.abs(first.relativePositionRtnM[0]) > 0.9 * first.missDistanceM, JSON.stringify(first.relativePositionRtnM));
    assert.ok(Math.abs(first.relativeSpeedMS - 2 * 7612.6 * Math.sin(5 * Math.PI / 180)) < 20, `relative speed ${first.relativeSpeedMS}`);
    assert.equal(first.primary.spacecraftId, primary);
    assert.equal(first.secondary.spacecraftId, crosser);
    assert.equal(first.secondary.fittedTle, true, 'no catalog set for B: a TLE fitted to its latest state');
    assert.equal(first.pcIsMaximumProbability, true);
    // no covariance stored for either: both sources NONE, the isotropic maximum, flagged
    assert.deepEqual(first.covariances, { primary: { source: 'NONE', reference: null, epoch: null, toTca: null }, secondary: { source: 'NONE', reference: null, epoch: null, toTca: null } });
    assert.ok(first.flags.some((f: Json) => f.code === 'MAXIMUM_PROBABILITY_NO_COVARIANCE'), JSON.stringify(first.flags));
    // Alfriend's maximum probability, R²/(e·d²) with R = 5 + 5 m (the default hard-body radius of each)
    assert.ok(Math.abs(first.pc - 100 / (Math.E * first.missDistanceM ** 2)) < 1e-6 * first.pc, `Pc ${first.pc}`);
    assert.ok(first.conjunctionEventId, 'Pc ≥ 1e-7: a conjunction event');

    const event = await json(await request('GET', `/operations/conjunctions/${first.conjunctionEventId}`));
    assert.equal(event.primarySpacecraftId, primary);
    assert.equal(event.cdmCount, 1);
    // The approach's qualification kept by its event: the same maximum probability, flagged so, its risk by the rule for
    // a bound (MEDIUM: 9e-6 is above mediumPc; never HIGH) — not LAAS_2015 on the CDM's DEFAULT covariance as if estimated
    assert.equal(event.pcMethod, 'ALFRIEND_1999_MAX');
    assert.equal(event.isMaximumProbability, true);
    assert.equal(event.riskBasis, 'MAXIMUM_PROBABILITY');
    assert.ok(Math.abs(event.pc - first.pc) <= 1e-9 * first.pc, `event Pc ${event.pc} vs approach Pc ${first.pc}`);
    assert.equal(event.riskLevel, 'MEDIUM');
    assert.ok(event.pcFlags.some((f: Json) => f.code === 'MAXIMUM_PROBABILITY_NO_COVARIANCE'), JSON.stringify(event.pcFlags));
    assert.equal(event.recomputed.probability.method, 'ALFRIEND_1999_MAX');
    assert.equal(event.recomputed.encounter.mahalanobisDistance, null);
    const listed = async (query: string) => (await json(await request('GET', `/operations/conjunctions?${query}`))).content.map((e: Json) => e.id);
    assert.ok((await listed('riskBasis=MAXIMUM_PROBABILITY')).includes(event.id));
    assert.ok(!(await listed('riskBasis=ASSESSED,STATED')).includes(event.id));
    assert.ok((await listed('riskBasis=ASSESSED&riskBasis=MAXIMUM_PROBABILITY&riskLevel=MEDIUM')).includes(event.id));
    assert.ok(!(await listed('riskLevel=HIGH')).includes(event.id));
    const badBasis = await request('GET', '/operations/conjunctions?riskBasis=GUESSED');
    assert.equal(badBasis.status, 400);
    assert.match(JSON.stringify(await json(badBasis)), /riskBasis/);
    const encounterPicture = await (await request('GET', `/operations/conjunctions/${event.id}/encounter.svg`)).text();
    assert.match(encounterPicture, /MAXIMUM Pc, an upper bound \(MAXIMUM_PROBABILITY_NO_COVARIANCE\)/);
    const timelinePicture = await (await request('GET', `/operations/conjunctions/${event.id}/timeline.svg`)).text();
    assert.match(timelinePicture, /class="pc-maximum"/);
    // An event stored before this rule (LAAS_2015 on the DEFAULT covariance, HIGH): a PUT of the settings, even the
    // same ones, assesses it again as the bound it is
    await svc.db.execute({ sql: "UPDATE conjunction_cdms SET pc = 0.02, pc_method = 'LAAS_2015', pc_detail = NULL WHERE id = ?", args: [first.cdmId] });
    await svc.db.execute({ sql: "UPDATE conjunction_events SET pc = 0.02, pc_method = 'LAAS_2015' WHERE id = ?", args: [event.id] });
    assert.equal((await json(await request('GET', `/operations/conjunctions/${event.id}`))).riskLevel, 'HIGH', 'the old row as it was stored');
    const settings = await json(await request('GET', '/operations/conjunctions/settings'));
    delete settings.updatedAt;
    assert.equal((await request('PUT', '/operations/conjunctions/settings', { json: settings })).status, 200);
    const reassessed = await json(await request('GET', `/operations/conjunctions/${event.id}`));
    assert.deepEqual([reassessed.pcMethod, reassessed.riskBasis, reassessed.riskLevel], ['ALFRIEND_1999_MAX', 'MAXIMUM_PROBABILITY', 'MEDIUM']);
    assert.ok(Math.abs(reassessed.pc - first.pc) <= 1e-9 * first.pc);
    assert.deepEqual(event.sources, ['SCREENING']);
    assert.equal(event.timeline[0].source, 'SCREENING');
    assert.ok(Math.abs(event.missDistanceM - first.missDistanceM) <= 1e-9 * first.missDistanceM, `${event.missDistanceM} vs ${first.missDistanceM}`);
    // the CDM is our writer's, stored as received
    const cdm = await request('GET', `/operations/conjunctions/${first.conjunctionEventId}/cdms/${first.cdmId}`, {});
    const text = await cdm.text();
    assert.equal(cdm.status, 200);
    assert.match(text, /CCSDS_CDM_VERS\s*=\s*1\.0/);
    assert.match(text, /COVARIANCE_METHOD\s*=\s*DEFAULT/);
    assert.match(text, new RegExp(`MESSAGE_ID\\s*=\\s*SCREENING-${body.id}-1\\b`));

    const list = await json(await request('GET', `${SCREENINGS}?size=5`));
    assert.ok(list.content.some((s: Json) => s.id === body.id));
  });

  test('nothing to screen (a catalog screening of an organization without a catalog): SUCCEEDED with no approach and the issue CATALOG_EMPTY; a fleet member that cannot be fitted is an issue', async () => {
    const created = await json(await request('POST', SCREENINGS, { json: fleetRequest({ secondaries: 'CATALOG' }) }));
    assert.equal(created.progress.chunksTotal, 0, 'no catalog: only the merge');
    const done = await waitFor(created.id, ['SUCCEEDED', 'FAILED']);
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.approachCount, 0);
    assert.deepEqual(done.issues.map((i: Json) => i.code), ['CATALOG_EMPTY'], 'an empty catalog is said, not a silent success');
    const lonely = await json(await request('POST', '/operations/spacecraft', { json: { name: 'NO-STATE-YET' } }));
    const withIssue = await json(await request('POST', SCREENINGS, { json: fleetRequest() }));
    const finished = await waitFor(withIssue.id, ['SUCCEEDED', 'FAILED']);
    assert.equal(finished.status, 'SUCCEEDED');
    const issue = finished.issues.find((i: Json) => i.spacecraftId === lonely.id);
    assert.equal(issue?.code, 'FLEET_NOT_SCREENED', JSON.stringify(finished.issues));
    assert.match(issue.message, /no eligible stored state/);
    // archived: no longer part of the fleet
    assert.equal((await request('PUT', `/operations/spacecraft/${lonely.id}/lifecycle`, { json: { lifecycleStatus: 'Archived' } })).status, 200);
  });

  test('a fleet member\'s fit cancelled (the client gone) or refused by a full pool fails the resolution, not the member (no screening of a gone client with its fleet "not screened")', async () => {
    for (const error of [new TaskCancelledError('tle.generate'), new PoolSaturatedError()]) {
      const refusing = Object.create(svc.earthData) as typeof svc.earthData;
      refusing.run = (() => Promise.reject(error)) as typeof svc.earthData.run;
      await assert.rejects(
        resolveFleetSecondaries({ db: svc.db, earthData: refusing }, organizationId, new Set([primary]), new Set(), Epoch.parseInstant(EPOCH)),
        (thrown: unknown) => thrown === error,
      );
    }
    // a fit that fails for the member's own reason is its issue
    const failing = Object.create(svc.earthData) as typeof svc.earthData;
    failing.run = (() => Promise.reject(new Error('the fit did not converge'))) as typeof svc.earthData.run;
    const resolved = await resolveFleetSecondaries({ db: svc.db, earthData: failing }, organizationId, new Set([primary]), new Set(), Epoch.parseInstant(EPOCH));
    assert.deepEqual(resolved.issues.filter((i) => i.spacecraftId === crosser).map((i) => i.code), ['FLEET_NOT_SCREENED']);
  });

  test('validation: 400s name the field', async () => {
    const cases: Array<[Json, string]> = [
      [fleetRequest({ durationDays: 15 }), 'durationDays'],
      [fleetRequest({ volume: { shape: 'SPHERE', radiusKm: -1 } }), 'volume.radiusKm'],
      [fleetRequest({ secondaries: 'EVERYTHING' }), 'secondaries'],
      [fleetRequest({ primaries: [] }), 'primaries'],
      [fleetRequest({ primaries: [{ spacecraftId: 'no-such-craft' }] }), 'primaries.0.spacecraftId'],
      [fleetRequest({ primaries: [{ stateVectorId: 'SV-999999' }] }), 'primaries.0.stateVectorId'],
      [fleetRequest({ primaries: [{ spacecraftId: primary, oemFile: 'missing.oem' }] }), 'primaries.0.oemFile'],
      [fleetRequest({ start: 'yesterday' }), 'start'],
      [fleetRequest({ pcThreshold: 2 }), 'pcThreshold'],
      [fleetRequest({ unknownField: 1 }), 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await request('POST', SCREENINGS, { json: body });
      const error = await json(response);
      assert.equal(response.status, 400, `${JSON.stringify(body)} → ${response.status} ${JSON.stringify(error)}`);
      assert.ok(Object.keys(error.fieldErrors ?? {}).some((k) => k === field || k.startsWith(`${field}.`) || (field === 'body' && k !== '')), `${field} not named: ${JSON.stringify(error.fieldErrors)}`);
    }
    // multipart: the request part is required
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.oem');
    const missing = await request('POST', SCREENINGS, { body: form });
    assert.equal(missing.status, 400);
    assert.ok('request' in (await json(missing)).fieldErrors);
  });

  test('an OEM primary (multipart): a malformed file is a 400 naming it and its line; one that does not cover the span a 422', async () => {
    const form = new FormData();
    form.append('request', JSON.stringify(fleetRequest({ primaries: [{ spacecraftId: primary, oemFile: 'plan.oem' }] })));
    form.append('files', new Blob(['CCSDS_OEM_VERS = 2.0\nCREATION_DATE = 2023-02-15T00:00:00\nORIGINATOR = T\nMETA_START\nOBJECT_NAME = A\n']), 'plan.oem');
    const bad = await request('POST', SCREENINGS, { body: form });
    const error = await json(bad);
    assert.equal(bad.status, 400, JSON.stringify(error));
    assert.ok(Object.keys(error.fieldErrors).includes('files.plan.oem'), JSON.stringify(error));

    // The primary's own OEM (our generate-oem, 60 s, GCRF) over the span ± 1 min: the same approach as the propagated
    // primary, within the OEM's interpolation error (8-point Hermite on 60 s samples in LEO: well under a millimetre
    // and a microsecond; the tolerances 1 ms and 5 cm leave room for the sampled search's own refinement, 1e-6 s).
    const oem = await request('POST', '/operations/state-vectors/SV-1/generate-oem', {
      json: { initialDate: Epoch.parseInstant(START).plusSeconds(-60).toIsoString(3), finalDate: Epoch.parseInstant(START).plusSeconds(0.1 * 86400 + 60).toIsoString(3), referenceFrame: 'GCRF', timeBetweenPoints: 60 },
    });
    const oemText = await oem.text();
    assert.equal(oem.status, 200, oemText);
    const good = new FormData();
    good.append('request', JSON.stringify(fleetRequest({ primaries: [{ spacecraftId: primary, oemFile: 'plan.oem' }] })));
    good.append('files', new Blob([oemText]), 'plan.oem');
    const created = await request('POST', SCREENINGS, { body: good });
    const createdBody = await json(created);
    assert.equal(created.status, 202, JSON.stringify(createdBody));
    // the OEM's text is stored apart from the inputs every chunk reads (migration 0017), byte for byte
    const inputs = String((await svc.db.execute({ sql: 'SELECT inputs FROM screenings WHERE id = ?', args: [createdBody.id] })).rows[0]!.inputs);
    assert.ok(!inputs.includes('CCSDS_OEM_VERS') && !inputs.includes('oemText'), inputs.slice(0, 300));
    const stored = await screeningPrimaryOemParts(svc.db, createdBody.id, 0);
    assert.equal(Buffer.concat(stored).toString('utf8'), oemText);
    const viaPropagation = await json(await request('POST', SCREENINGS, { json: fleetRequest() }));
    assert.equal((await waitFor(createdBody.id, ['SUCCEEDED', 'FAILED'])).status, 'SUCCEEDED');
    assert.equal((await waitFor(viaPropagation.id, ['SUCCEEDED', 'FAILED'])).status, 'SUCCEEDED');
    const fromOem = (await json(await request('GET', `${SCREENINGS}/${createdBody.id}/approaches`))).content;
    const propagated = (await json(await request('GET', `${SCREENINGS}/${viaPropagation.id}/approaches`))).content;
    assert.equal(fromOem.length, propagated.length);
    for (const [k, a] of fromOem.entries()) {
      const b = propagated[k];
      assert.ok(Math.abs(Epoch.parseInstant(a.tca).secondsSince(Epoch.parseInstant(b.tca))) < 1e-3, `${a.tca} vs ${b.tca}`);
      assert.ok(Math.abs(a.missDistanceM - b.missDistanceM) < 0.05, `${a.missDistanceM} vs ${b.missDistanceM}`);
    }

    // An OEM that ends before the span does: 422
    const short = new FormData();
    short.append('request', JSON.stringify(fleetRequest({ durationDays: 0.2, primaries: [{ spacecraftId: primary, oemFile: 'plan.oem' }] })));
    short.append('files', new Blob([oemText]), 'plan.oem');
    const refused = await request('POST', SCREENINGS, { body: short });
    assert.equal(refused.status, 422, await refused.clone().text());
    assert.equal((await json(refused)).error, 'OEM_DOES_NOT_COVER_SPAN');
  });

  test('isolation: another organization’s screening is a 404; permissions: read needs read:conjunctions, create write:conjunctions', async () => {
    const created = await json(await request('POST', SCREENINGS, { json: fleetRequest() }));
    const other = (await svc.key({ organization: 'someone-else' })).secret;
    assert.equal((await request('GET', `${SCREENINGS}/${created.id}`, { secret: other })).status, 404);
    assert.equal((await request('GET', `${SCREENINGS}/${created.id}/approaches`, { secret: other })).status, 404);
    assert.equal((await request('DELETE', `${SCREENINGS}/${created.id}`, { secret: other })).status, 404);
    assert.equal((await json(await request('GET', SCREENINGS, { secret: other }))).totalElements, 0);
    const readOnly = (await svc.key({ organization: 'screening', permissions: ['read:conjunctions'] })).secret;
    assert.equal((await request('POST', SCREENINGS, { json: fleetRequest(), secret: readOnly })).status, 403);
    assert.equal((await request('DELETE', `${SCREENINGS}/${created.id}`, { secret: readOnly })).status, 403);
    assert.equal((await request('GET', `${SCREENINGS}/${created.id}`, { secret: readOnly })).status, 200);
    const noRead = (await svc.key({ organization: 'screening', permissions: ['read:spacecraft'] })).secret;
    assert.equal((await request('GET', SCREENINGS, { secret: noRead })).status, 403);
    await waitFor(created.id, ['SUCCEEDED', 'FAILED', 'CANCELLED']);
  });

  test('cancel: a queued screening is CANCELLED at once (no chunk runs); a finished one is 409 JOB_NOT_CANCELLABLE', async () => {
    await svc.screeningRunner.stop();
    try {
      const created = await json(await request('POST', SCREENINGS, { json: fleetRequest() }));
      assert.equal(created.status, 'QUEUED');
      const cancelled = await request('DELETE', `${SCREENINGS}/${created.id}`);
      const view = await json(cancelled);
      assert.equal(cancelled.status, 200, JSON.stringify(view));
      assert.equal(view.status, 'CANCELLED');
      assert.ok(view.chunks.every((c: Json) => c.status === 'CANCELLED' && c.attempts === 0));
      const again = await request('DELETE', `${SCREENINGS}/${created.id}`);
      assert.equal(again.status, 409);
      assert.equal((await json(again)).error, 'JOB_NOT_CANCELLABLE');
    } finally {
      svc.screeningRunner.start();
    }
  });

  test('takeover: a chunk claimed by an instance that died (its lease expired) is run by another; the dead one cannot complete it', async () => {
    await svc.screeningRunner.stop();
    let id: string;
    let deadHolder = '';
    try {
      id = (await json(await request('POST', SCREENINGS, { json: fleetRequest() }))).id;
      // "instance-dead" claims the screening's first chunk with a 1 ms lease and never renews it
      const claimed = await claimNextScreeningChunk(svc.db, 'instance-dead', 1, new Date());
      assert.equal(claimed?.screeningId, id);
      deadHolder = claimed!.holder;
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      svc.screeningRunner.start();
    }
    const done = await waitFor(id!, ['SUCCEEDED', 'FAILED']);
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    const chunks = await listScreeningChunks(svc.db, id!);
    const taken = chunks.find((c) => c.kind === 'SCREEN')!;
    assert.equal(taken.attempts, 2);
    assert.deepEqual(taken.attemptOwners, ['instance-dead', svc.screeningRunner.owner]);
    assert.equal(taken.ranBy, svc.screeningRunner.owner);
    assert.equal(await completeScreeningChunk(svc.db, taken.id, deadHolder, { json: '{}', approachCount: 0, computeMs: 0 }, Date.now()), false, 'the late owner writes nothing');
    assert.equal(done.mergedBy, svc.screeningRunner.owner);
    void organizationId;
  });
});
