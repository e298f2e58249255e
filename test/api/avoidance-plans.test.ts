/**
 * Collision-avoidance plans over the socket (issue 38): a HIGH event from a CDM (Orekit's CDMExample1 with object 2 at
 * object 1's position: Pc 1.1e-2 by LAAS_2015) gets a plan whose recommended candidate, re-propagated, has its Pc
 * below the default target (the HIGH threshold ÷ 100); accepting it stores a maneuver (contract 2.0.0, the thruster's
 * thrust along the burn in RTN) and a hypothetical OEM with covariance that our OEM reader parses; a second accept is
 * a 409; the event's detail lists the accepted plan. A finite burn on a spacecraft without thrusters and a spacecraft
 * without mass answer 422 naming what is missing; another organization's event and plan are 404; bad input 400 naming
 * the field. The plan's pictures (trade-space.svg, encounter.svg) answer once it has SUCCEEDED (409 before), 404 for
 * another organization. End to end: the accepted finite burn, re-screened through the ordinary screening endpoint from
 * a stored state before the burn (its stored maneuver propagated with it) against the CDM's secondary put in the
 * catalog, has its Pc (both covariances: the state's propagated, the CDM's) below the target and within a factor 2 of
 * the plan's (measured 5.3e-14 against 5.9e-14), its miss within 2 m + 1 % of the plan's re-propagated miss. Runs on the embedded file and on sqld (scripts/run-tests.mjs --backend=sqld avoidance-plans).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseXmlDocument } from '../../engine/files/common/xmlReader.ts';
import { parseOem } from '../../engine/files/oem/oemReader.ts';
import { parseCdm } from '../../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn } from '../../engine/files/cdm/cdmWriter.ts';
import { screeningApproachCdm } from '../../domain/conjunctions/screeningCdm.ts';
import { buildTransform } from '../../engine/frames/index.ts';
import { fromLowerTriangle, localOrbitalRotation, nearestPositiveSemiDefinite, stateJacobian, toNested, transformCovariance, transpose3 } from '../../engine/math/covariance.ts';
import { invertMatrix } from '../../engine/math/inverse.ts';
import { propagateStoredState } from '../../engine/propagation/storedState.ts';
import { bundledEarthData } from '../../earthData/files.ts';
import { buildStoredStatePropagation } from '../../api/services/states/storedState.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import type { StateVectorRecord } from '../../domain/stateVectors/model.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { tleEpochFromEpoch, tleEpochToUtcString } from '../../engine/tle/epoch.ts';
import { cdmVariant } from './conjunctions.helpers.ts';
import { smallCatalog, threeLineFile } from './screenings.helpers.ts';
import { crossingState, elementSetThrough } from '../engine/avoidance/elementSets.ts';

type Json = Record<string, any>;

const TCA = '2010-03-13T22:37:52.618';
/** The plans plan in hindsight: the TCA is in 2010. */
const EARLIEST = '2010-03-13T10:00:00Z';
/** A small trade space: fast on a loaded 2-core machine, still every kind of direction. */
const SMALL = {
  burnWindow: { earliestBurnTime: EARLIEST, minimumLeadTimeS: 1800 },
  leadTimeCount: 3,
  directions: ['ALONG_TRACK_PLUS', 'ALONG_TRACK_MINUS', 'RADIAL_PLUS', 'OPTIMAL'],
  deltaV: { minMetersPerSecond: 0.002, maxMetersPerSecond: 0.5, count: 10 },
  maxRepropagated: 3,
  horizonS: 6 * 3600,
};

describe('avoidance plans over the socket', { timeout: 300_000 }, () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let craftA: string;
  let eventId: string;
  let eventCdmText: string;
  /** The finite-burn plan's accepted candidate (test 2), re-screened by the last test. */
  let acceptedFinite: { plan: Json; best: Json; oemText: string } | null = null;

  const json = async (response: Response): Promise<Json> => (await response.json()) as Json;
  const post = (path: string, body?: unknown, secret = key) => svc.request('POST', path, { key: secret, ...(body === undefined ? {} : { json: body }) });
  const get = (path: string, secret = key) => svc.request('GET', path, { key: secret });
  const plans = (event: string) => `/operations/conjunctions/${event}/avoidance-plans`;

  /** Polls a plan until it has ended. */
  async function finished(path: string): Promise<Json> {
    const until = Date.now() + 120_000;
    for (;;) {
      const plan = await json(await get(path));
      if (!['QUEUED', 'RUNNING'].includes(plan.status)) return plan;
      if (Date.now() > until) throw new Error(`plan still ${plan.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function uploadEvent(text: string, name: string): Promise<string> {
    const response = await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name, content: text }]) });
    const body = await json(response);
    assert.equal(response.status, 200, JSON.stringify(body));
    return body.results[0].eventIds[0];
  }

  before(async () => {
    svc = await createTestService();
    const minted = await svc.key();
    key = minted.secret;
    organizationId = minted.organizationId;
    // OBJECT1 of CDMExample1: NORAD 12345
    const craft = await post('/operations/spacecraft', { name: 'SATELLITE A', noradId: 12345, launchMass: 500, dryMass: 400, dragArea: 2, srpArea: 2 });
    craftA = (await json(craft)).id;
    eventCdmText = cdmVariant('CDMExample1.txt', { messageId: 'AVOID-1', creationDate: '2010-03-12T22:31:12.000', tca: TCA, zeroMiss: true });
    eventId = await uploadEvent(eventCdmText, 'high.cdm');
  });
  after(async () => svc.close());

  test('the event is HIGH (Pc ≥ 1e-3); a finite burn without thrusters is a 422 naming them; bad input is a 400 naming the field', async () => {
    const event = await json(await get(`/operations/conjunctions/${eventId}`));
    assert.equal(event.riskLevel, 'HIGH');
    assert.ok(event.pc >= 1e-3, `Pc ${event.pc}`);
    assert.deepEqual(event.acceptedAvoidancePlans, []);

    const noThruster = await post(plans(eventId), { ...SMALL, execution: { kind: 'FINITE' } });
    const refused = await json(noThruster);
    assert.equal(noThruster.status, 422, JSON.stringify(refused));
    assert.equal(refused.error, 'AVOIDANCE_INPUT_MISSING');
    assert.ok(refused.details.missingFields.some((f: string) => f.startsWith('thrusters')), JSON.stringify(refused.details));

    const badDirection = await post(plans(eventId), { ...SMALL, directions: ['SIDEWAYS'] });
    assert.equal(badDirection.status, 400);
    assert.ok(Object.keys((await json(badDirection)).fieldErrors).some((f) => f.startsWith('directions')));
    const tooMany = await post(plans(eventId), { ...SMALL, leadTimeCount: 12, directions: undefined, deltaV: { count: 40 } });
    assert.equal(tooMany.status, 400);
    assert.ok('deltaV' in (await json(tooMany)).fieldErrors, 'the trade-space bound names deltaV');
    const outside = await post(plans(eventId), { ...SMALL, leadTimeCount: undefined, leadTimesS: [100_000] });
    assert.equal(outside.status, 400);
    assert.ok('leadTimesS' in (await json(outside)).fieldErrors);
    const badTime = await post(plans(eventId), { ...SMALL, burnWindow: { earliestBurnTime: 'yesterday' } });
    assert.equal(badTime.status, 400);
    assert.ok('burnWindow.earliestBurnTime' in (await json(badTime)).fieldErrors);
    const unknownThruster = await post(plans(eventId), { ...SMALL, execution: { kind: 'FINITE', thrusterId: 'none' } });
    assert.equal(unknownThruster.status, 400);
    assert.ok('execution.thrusterId' in (await json(unknownThruster)).fieldErrors);
  });

  test('a finite-burn plan: the recommended candidate meets the default target re-propagated; accept stores the maneuver and an OEM with covariance; a second accept is a 409', async (t) => {
    const thruster = await json(await post(`/operations/spacecraft/${craftA}/thrusters`, { name: 'Main', thrustN: 1, ispS: 220, direction: { x: 0, y: 0, z: 1 } }));
    const started = Date.now();
    const response = await post(plans(eventId), { ...SMALL, execution: { kind: 'FINITE' } });
    const queued = await json(response);
    assert.equal(response.status, 202, JSON.stringify(queued));
    assert.equal(response.headers.get('location'), `${plans(eventId)}/${queued.id}`);
    assert.equal(queued.request.targetSource, 'DEFAULT');
    assert.equal(queued.request.target.maxPc, 1e-4 / 100, 'HIGH threshold ÷ 100');
    assert.equal(queued.request.pcMethod, 'LAAS_2015');
    assert.equal(queued.request.execution.thrusterId, thruster.id);
    assert.equal(queued.request.massKg, 500);

    const plan = await finished(`${plans(eventId)}/${queued.id}`);
    const elapsed = Date.now() - started;
    assert.equal(plan.status, 'SUCCEEDED', plan.error);
    const result = plan.result;
    t.diagnostic(`plan in ${elapsed} ms (compute ${Math.round(result.computeMs)} ms): nominal Pc ${result.nominal.pc.toExponential(2)}, ${result.tradeSpace.meetingTargetCount} of ${result.tradeSpace.count} meet ${result.target.maxPc} linearly, ${result.candidates.length} re-propagated`);
    assert.equal(result.tradeSpace.count, 3 * 4 * 10);
    assert.deepEqual(result.earthDataWarnings, [], 'the bundled EOP observe 2010');
    assert.equal(result.covarianceRepairs.length, 1, JSON.stringify(result.covarianceRepairs));
    assert.match(result.covarianceRepairs[0], /our spacecraft \(OBJECT1\) is not positive semi-definite \(smallest eigenvalue -0\.00611 /);
    assert.ok(result.nominal.pc >= 1e-3);
    assert.notEqual(result.recommendedCandidate, null, 'a candidate meets the target');
    // no catalog yet: the secondary screening is skipped, and says why
    assert.equal(result.secondaryScreening.status, 'SKIPPED');
    assert.match(result.secondaryScreening.reason, /catalog holds no published element set/);
    const best = result.candidates[result.recommendedCandidate];
    assert.equal(best.secondary, null);
    for (const c of result.candidates) {
      t.diagnostic(`#${c.n} ${c.direction} τ ${c.leadTimeS.toFixed(0)} s Δv ${c.deltaVMetersPerSecond.toFixed(4)} m/s (${c.burnDurationS.toFixed(1)} s burn): Pc ${c.numerical.pc?.toExponential(2)} (linear ${c.linear.pc?.toExponential(2)}), miss ${c.numerical.missDistanceM.toFixed(1)} m, linear − numerical ${c.difference.missVectorM.toFixed(2)} m`);
      // the linear prediction within its stated error of the re-propagation (engine test: 1e-3 of the displacement + 1 m), with the finite burn's (nD)² on top
      const moved = Math.hypot(...c.linear.displacementAtTcaRtnM);
      assert.ok(c.difference.missVectorM <= 0.02 * moved + 5, `linear − numerical ${c.difference.missVectorM} m of ${moved} m`);
    }
    assert.ok(best.recommended && best.meetsTarget);
    assert.ok(best.numerical.pc < result.target.maxPc, `re-propagated Pc ${best.numerical.pc} below the target`);
    assert.ok(best.burnDurationS > 0, 'a finite burn');
    // ranked: those meeting the target first, each group by Δv
    const meeting = result.candidates.filter((c: Json) => c.meetsTarget);
    for (let i = 1; i < meeting.length; i++) assert.ok(meeting[i - 1].deltaVMetersPerSecond <= meeting[i].deltaVMetersPerSecond);
    // propellant by Tsiolkovsky from the spacecraft's 500 kg
    assert.ok(Math.abs(best.propellantKg - 500 * -Math.expm1(-best.deltaVMetersPerSecond / (220 * 9.80665))) < 1e-9);

    // the pictures from the stored result: a curve per lead time, the recommended candidate ringed; before and after
    const svgOf = async (name: string): Promise<string> => {
      const response = await get(`${plans(eventId)}/${plan.id}/${name}`);
      const text = await response.text();
      assert.equal(response.status, 200, text);
      assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
      assert.equal(parseXmlDocument(text).name, 'svg');
      assert.doesNotMatch(text, /NaN|undefined|Infinity/);
      return text;
    };
    const tradeSpace = await svgOf('trade-space.svg');
    const leads = [...tradeSpace.matchAll(/<g class="lead-time" data-lead-time-s="([^"]+)">/g)].map((m) => Number(m[1]));
    assert.deepEqual(leads, result.leadTimesS, 'one curve per lead time');
    const rings = [...tradeSpace.matchAll(/<circle class="recommended"[^>]*data-n="(\d+)"[^>]*data-delta-v="([^"]+)"[^>]*data-pc="([^"]+)"/g)];
    assert.equal(rings.length, 1, 'the recommended mark');
    assert.equal(Number(rings[0]![1]), result.recommendedCandidate);
    assert.equal(Number(rings[0]![2]), best.deltaVMetersPerSecond);
    assert.equal(Number(rings[0]![3]), best.numerical.pc);
    assert.equal([...tradeSpace.matchAll(/class="target"/g)].length, 1, 'the target line');
    const encounter = await svgOf('encounter.svg');
    for (const panel of ['before', 'after']) assert.ok(encounter.includes(`<g class="${panel}">`), `the ${panel} panel`);
    const afterPanel = encounter.slice(encounter.indexOf('<g class="after">'));
    for (const cls of ['hard-body', 'sigma1', 'sigma3']) assert.equal([...encounter.matchAll(new RegExp(`class="${cls}"`, 'g'))].length, 2, `${cls} in each panel`);
    // the nominal miss is zero (object 2 at object 1's position): the miss vector is the burn's, after it
    assert.match(afterPanel, /class="miss"/, 'the miss vector after the burn');
    assert.ok(best.numerical.encounterPlane, 'the plan keeps the post-burn plane');
    assert.doesNotMatch(encounter, /covariance before the burn/, 'drawn with the post-burn covariance');

    const list = await json(await get(plans(eventId)));
    assert.equal(list.totalElements, 1);
    assert.equal(list.content[0].result, null, 'the list is without results');

    const acceptPath = `${plans(eventId)}/${plan.id}/candidates/${best.n}/accept`;
    const accepted = await post(acceptPath);
    const body = await json(accepted);
    assert.equal(accepted.status, 201, JSON.stringify(body));
    assert.equal(body.plan.accepted.candidate, best.n);
    const maneuver = await json(await get(body.maneuver.url));
    assert.equal(maneuver.attitudeMode, 'RTN');
    assert.equal(maneuver.composition.length, 1);
    const segment = maneuver.composition[0];
    assert.ok(Math.abs(Math.hypot(segment.thrX, segment.thrY, segment.thrZ) - 1) < 1e-9, 'the thruster’s 1 N');
    assert.equal(segment.thrISP, 220);
    assert.ok(Math.abs(segment.duration - best.burnDurationS) < 1e-6);
    assert.equal(segment.referenceEpoch, best.burnStart);
    assert.ok(maneuver.purpose.includes(thruster.id));

    const oemResponse = await get(body.oem.url);
    assert.equal(oemResponse.status, 200);
    const oemText = await oemResponse.text();
    const oem = parseOem(oemText);
    const segmentOem = oem.segments[0]!;
    assert.equal(oem.segments.length, 1);
    assert.equal(segmentOem.metadata.refFrame, 'GCRF');
    assert.equal(segmentOem.states.length, body.oem.stateCount);
    assert.ok(segmentOem.states.length > 100);
    assert.ok(segmentOem.covariances.length >= 6, `${segmentOem.covariances.length} covariances`);
    assert.equal(segmentOem.covariances.length, body.oem.covarianceCount);
    t.diagnostic(`OEM: ${segmentOem.states.length} states, ${segmentOem.covariances.length} covariances, ${body.oem.start} → ${body.oem.stop}`);

    const again = await post(acceptPath);
    assert.equal(again.status, 409);
    assert.equal((await json(again)).error, 'AVOIDANCE_PLAN_ALREADY_ACCEPTED');
    const other = await post(`${plans(eventId)}/${plan.id}/candidates/0/accept`);
    assert.equal(other.status, 409, 'one accept per plan');

    const event = await json(await get(`/operations/conjunctions/${eventId}`));
    assert.equal(event.acceptedAvoidancePlans.length, 1);
    assert.equal(event.acceptedAvoidancePlans[0].planId, plan.id);
    assert.equal(event.acceptedAvoidancePlans[0].maneuverId, body.maneuver.maneuverId);
    acceptedFinite = { plan, best, oemText };
  });

  test('a running plan is cancelled on request (its pool task stopped); an ended one is a 409', async (t) => {
    // the largest trade space: long enough to be caught RUNNING
    const big = { ...SMALL, leadTimeCount: 12, directions: undefined, deltaV: { count: 28 }, maxRepropagated: 12, execution: { kind: 'IMPULSIVE' } };
    const queued = await json(await post(plans(eventId), big));
    const path = `${plans(eventId)}/${queued.id}`;
    let plan = queued;
    for (let i = 0; i < 200 && plan.status === 'QUEUED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      plan = await json(await get(path));
    }
    const cancel = await svc.request('DELETE', path, { key });
    const asked = await json(cancel);
    assert.equal(cancel.status, 200, JSON.stringify(asked));
    // caught RUNNING: flagged, then stopped by its runner; caught QUEUED: cancelled at once
    assert.ok(['RUNNING', 'CANCELLED'].includes(asked.status), asked.status);
    if (asked.status === 'RUNNING') assert.equal(asked.cancelRequested, true);
    const ended = await finished(path);
    assert.equal(ended.status, 'CANCELLED', `asked while ${asked.status}`);
    t.diagnostic(`cancelled while ${asked.status}: ${Date.parse(ended.finishedAt) - Date.parse(ended.startedAt ?? ended.createdAt)} ms after it started`);
    const again = await svc.request('DELETE', path, { key });
    assert.equal(again.status, 409);
    assert.equal((await json(again)).error, 'JOB_NOT_CANCELLABLE');
    const accept = await post(`${path}/candidates/0/accept`);
    assert.equal(accept.status, 409);
    assert.equal((await json(accept)).error, 'AVOIDANCE_PLAN_NOT_FINISHED');
    for (const picture of ['trade-space.svg', 'encounter.svg']) {
      const notReady = await get(`${path}/${picture}`);
      assert.equal(notReady.status, 409, picture);
      assert.equal((await json(notReady)).error, 'AVOIDANCE_PLAN_NOT_FINISHED');
    }
  });

  test('a spacecraft without mass is a 422 naming it; another organization’s event and plan are 404', async () => {
    await post('/operations/spacecraft', { name: 'NO MASS', noradId: 54321, dragArea: 2, srpArea: 2 });
    const text = cdmVariant('CDMExample1.txt', { messageId: 'AVOID-2', creationDate: '2010-03-12T22:31:12.000', tca: TCA, zeroMiss: true }).replace(/(OBJECT_DESIGNATOR\s*=\s*)12345/, '$154321');
    const massless = await uploadEvent(text, 'massless.cdm');
    // an empty request takes every default: the window from now is empty for a TCA in 2010
    const bare = await post(plans(massless), {});
    assert.equal(bare.status, 422, await bare.clone().text());
    assert.equal((await json(bare)).error, 'NO_BURN_WINDOW');
    const response = await post(plans(massless), SMALL);
    const body = await json(response);
    assert.equal(response.status, 422, JSON.stringify(body));
    assert.equal(body.error, 'AVOIDANCE_INPUT_MISSING');
    assert.ok(body.details.missingFields.some((f: string) => f.startsWith('mass')), JSON.stringify(body.details));

    const stranger = (await svc.key({ organization: 'someone-else' })).secret;
    assert.equal((await post(plans(eventId), SMALL, stranger)).status, 404);
    assert.equal((await get(plans(eventId), stranger)).status, 404);
    const mine = await json(await get(plans(eventId)));
    const planId = mine.content[0].id;
    assert.equal((await get(`${plans(eventId)}/${planId}`, stranger)).status, 404);
    assert.equal((await get(`${plans(eventId)}/${planId}/oem`, stranger)).status, 404);
    for (const picture of ['trade-space.svg', 'encounter.svg']) assert.equal((await get(`${plans(eventId)}/${planId}/${picture}`, stranger)).status, 404, picture);
    assert.equal((await post(`${plans(eventId)}/${planId}/candidates/0/accept`, undefined, stranger)).status, 404);
    assert.equal((await get(`${plans(eventId)}/unknown`)).status, 404);
  });
  test('secondary conjunctions: a catalog object crossing the recommended candidate’s post-burn trajectory marks it, the next is recommended; its accept needs force', async (t) => {
    // a spacecraft of its own (its accepted maneuver overlaps nothing of SATELLITE A's)
    await post('/operations/spacecraft', { name: 'SATELLITE C', noradId: 22222, launchMass: 500, dryMass: 400, dragArea: 2, srpArea: 2 });
    const text = cdmVariant('CDMExample1.txt', { messageId: 'AVOID-3', creationDate: '2010-03-12T22:31:12.000', tca: TCA, zeroMiss: true }).replace(/(OBJECT_DESIGNATOR\s*=\s*)12345/, '$122222');
    const event = await uploadEvent(text, 'secondary.cdm');
    const request = { ...SMALL, execution: { kind: 'IMPULSIVE' }, secondaryScreening: { horizonDays: 0.5 } };
    // 1. without a catalog: skipped; the recommended candidate's post-burn trajectory from its OEM
    const first = await finished(`${plans(event)}/${(await json(await post(plans(event), request))).id}`);
    assert.equal(first.status, 'SUCCEEDED', first.error);
    assert.equal(first.result.secondaryScreening.status, 'SKIPPED');
    assert.equal(first.request.secondaryScreening.horizonS, 43_200);
    assert.equal(first.request.secondaryScreening.enabled, null);
    const r = first.result.recommendedCandidate;
    assert.ok(first.result.candidates.filter((c: Json) => c.meetsTarget).length >= 2, 'two candidates meet the target');
    const accepted = await json(await post(`${plans(event)}/${first.id}/candidates/${r}/accept`));
    const oem = parseOem(await (await get(accepted.oem.url)).text()).segments[0]!;
    // 5 h after the TCA (well after the original encounter), on the candidate's new orbit
    const at = Epoch.parse(TCA, 'UTC').plusSeconds(5 * 3600);
    const state = oem.states.reduce((a, b) => (Math.abs(Epoch.parse(b.epoch, 'UTC').secondsSince(at)) < Math.abs(Epoch.parse(a.epoch, 'UTC').secondsSince(at)) ? b : a));
    // at an epoch a TLE writes exactly (8 decimals of a day: < 0.5 ms, a few metres, from the state's)
    const tleEpoch = tleEpochFromEpoch(Epoch.parse(state.epoch, 'UTC'));
    const epoch = Epoch.parse(tleEpochToUtcString({ year: tleEpoch.year, dayOfYear: Number(tleEpoch.dayOfYear.toFixed(8)) }), 'UTC');
    const x = elementSetThrough(90_002, epoch, crossingState([...state.positionKm, ...state.velocityKmS]));
    // to the digits a TLE holds (tens of metres of position: still well inside the policy's 1 km)
    const angle = (deg: number) => Number((((deg % 360) + 360) % 360).toFixed(4));
    const tleX = {
      ...x, name: 'CROSSING OBJECT', inclinationDeg: angle(x.inclinationDeg), raanDeg: angle(x.raanDeg), argPerigeeDeg: angle(x.argPerigeeDeg), meanAnomalyDeg: angle(x.meanAnomalyDeg),
      eccentricity: Number(x.eccentricity.toFixed(7)), meanMotionRevPerDay: Number(x.meanMotionRevPerDay.toFixed(8)),
    };
    const catalog = [...smallCatalog(4), tleX];
    const uploaded = await svc.request('POST', '/operations/catalog', { key, body: filesForm([{ name: 'small.3le', content: threeLineFile(catalog) }]) });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());

    // 2. the same plan with the catalog: the candidate is marked, the next clean one recommended
    const started = Date.now();
    const second = await finished(`${plans(event)}/${(await json(await post(plans(event), request))).id}`);
    assert.equal(second.status, 'SUCCEEDED', second.error);
    const result = second.result;
    const screening = result.secondaryScreening;
    t.diagnostic(`plan with the screening in ${Date.now() - started} ms: ${JSON.stringify({ ...screening, volume: undefined })}`);
    for (const c of result.candidates) t.diagnostic(`#${c.n} ${c.direction} Δv ${c.deltaVMetersPerSecond} recommended ${c.recommended}: ${c.notRecommendedReason}; ${JSON.stringify(c.secondary?.secondaryConjunctions.map((a: Json) => [a.secondaryNoradId, Math.round(a.missDistanceM), a.pc]))} flagged ${c.secondary?.flaggedApproaches.length}`);
    assert.equal(screening.status, 'SCREENED');
    assert.equal(screening.catalogObjectCount, 5);
    assert.ok(screening.screenedCandidates >= 2);
    const marked = result.candidates[r];
    assert.equal(marked.tradeSpaceIndex, first.result.candidates[r].tradeSpaceIndex, 'the same ranking');
    assert.equal(marked.recommended, false);
    const approach = marked.secondary.secondaryConjunctions.find((a: Json) => a.secondaryNoradId === 90_002);
    assert.ok(approach, JSON.stringify(marked.secondary));
    assert.ok(approach.missDistanceM < 1000, `miss ${approach.missDistanceM} m`);
    assert.ok(Math.abs(Date.parse(approach.tca) - Date.parse(epoch.toIsoString(3))) < 60_000, `${approach.tca} near ${state.epoch}`);
    assert.ok(approach.pcIsMaximumProbability, 'a catalog object: a maximum-probability Pc, counted inside the policy’s 1 km');
    assert.match(marked.notRecommendedReason, /NORAD 90002/);
    assert.notEqual(result.recommendedCandidate, null);
    assert.ok(result.recommendedCandidate > r, 'the next candidate in rank order');
    const next = result.candidates[result.recommendedCandidate];
    assert.ok(next.recommended && next.secondary.screened);
    assert.deepEqual(next.secondary.secondaryConjunctions, []);
    // the policy: the others pass the object farther than 1 km, a maximum-probability Pc there is flagged, not counted
    for (const f of result.candidates.flatMap((c: Json) => c.secondary?.flaggedApproaches ?? [])) assert.ok(f.pcIsMaximumProbability && f.missDistanceM >= 1000 && f.flagged, JSON.stringify(f));

    // accept of the marked candidate: 409 naming why; with force it passes that gate (then meets the stored maneuver: 409 overlap)
    const refused = await post(`${plans(event)}/${second.id}/candidates/${r}/accept`);
    const body = await json(refused);
    assert.equal(refused.status, 409);
    assert.equal(body.error, 'AVOIDANCE_CANDIDATE_NOT_RECOMMENDED');
    assert.match(body.message, /NORAD 90002/);
    const forced = await post(`${plans(event)}/${second.id}/candidates/${r}/accept?force=true`);
    assert.notEqual((await json(forced)).error, 'AVOIDANCE_CANDIDATE_NOT_RECOMMENDED');

    // 3. one of our spacecraft without a catalog set (no NORAD id) crossing the candidate's new orbit 2.5 km off, 3 h
    // after the TCA: screened as the ordinary screening screens the fleet, from a TLE fitted to its latest state
    const crosser = await json(await post('/operations/spacecraft', { name: 'FLEET CROSSER', launchMass: 300, dryMass: 250, dragArea: 1, srpArea: 1 }));
    const at3h = Epoch.parse(TCA, 'UTC').plusSeconds(3 * 3600);
    const s3 = oem.states.reduce((a, b) => (Math.abs(Epoch.parse(b.epoch, 'UTC').secondsSince(at3h)) < Math.abs(Epoch.parse(a.epoch, 'UTC').secondsSince(at3h)) ? b : a));
    const crossing = crossingState([...s3.positionKm, ...s3.velocityKmS], [2.5, 0, 0]);
    const storedCrosser = await post('/operations/state-vectors', {
      spacecraftId: crosser.id, epoch: `${s3.epoch}Z`, referenceFrame: 'GCRF', mass: 300, position: [...crossing.subarray(0, 3)], velocity: [...crossing.subarray(3, 6)],
    });
    assert.equal(storedCrosser.status, 201, await storedCrosser.clone().text());
    const third = await finished(`${plans(event)}/${(await json(await post(plans(event), request))).id}`);
    assert.equal(third.status, 'SUCCEEDED', third.error);
    const thirdScreening = third.result.secondaryScreening;
    t.diagnostic(`with the fleet crosser: ${JSON.stringify({ ...thirdScreening, volume: undefined })}`);
    assert.equal(thirdScreening.status, 'SCREENED');
    assert.equal(thirdScreening.fleetSecondaryCount, 1, 'the crosser, from its fitted TLE');
    const ofCrosser = (third.result.candidates as Json[]).flatMap((c) => [...(c.secondary?.secondaryConjunctions ?? []), ...(c.secondary?.flaggedApproaches ?? [])]).filter((a: Json) => a.secondarySpacecraftId === crosser.id);
    assert.ok(ofCrosser.length >= 1, 'the crosser’s approach is listed');
    for (const a of ofCrosser) {
      assert.equal(a.secondaryFittedTle, true);
      assert.ok(a.missDistanceM < 10_000, `inside the 10 km volume: ${a.missDistanceM} m`);
      assert.ok(Math.abs(Date.parse(a.tca) - Date.parse(at3h.toIsoString(3))) < 600_000, `${a.tca} near ${s3.epoch}`);
    }

    // 4. a CDM received for the crossing object's encounter (its TCA that of the marked candidate's approach): its
    // covariance of NORAD 90002 (σ 150 m about the 151 m miss: the Pc stays far above the target) enters that
    // approach's Pc, as in the ordinary screening — not a maximum-probability bound any more
    const sigmas = [150, 300, 150, 0.05, 0.2, 0.05];
    const covariance90002 = sigmas.flatMap((a, i) => sigmas.map((b, j) => (i === j ? a * b : 0)));
    const near = oem.states.reduce((a, b) => (Math.abs(Date.parse(`${b.epoch}Z`) - Date.parse(approach.tca)) < Math.abs(Date.parse(`${a.epoch}Z`) - Date.parse(approach.tca)) ? b : a));
    const ours = [...near.positionKm, ...near.velocityKmS];
    const cdmObject = (designator: number, name: string, state: ArrayLike<number>, covarianceRtnM2?: number[]) => ({
      designator: String(designator), name, internationalDesignator: 'UNKNOWN', objectType: 'PAYLOAD' as const, maneuverable: 'N/A' as const,
      ephemerisName: 'NONE', stateGcrf: Array.from(state), ...(covarianceRtnM2 ? { covarianceRtnM2 } : {}),
    });
    const received = writeCdmKvn(screeningApproachCdm({
      originator: 'CSPOC', messageId: 'RECEIVED-90002', creationDate: '2010-03-13T23:00:00Z', tca: approach.tca, missDistanceM: approach.missDistanceM,
      relativeSpeedMS: approach.relativeSpeedMS, relativePositionRtnM: approach.relativePositionRtnM, relativeVelocityRtnMS: [0, 0, approach.relativeSpeedMS],
      volume: { shape: 'SPHERE', radiusM: 10_000 }, spanStart: '2010-03-13T00:00:00Z', spanEnd: '2010-03-15T00:00:00Z', pcThreshold: 0,
      pc: 1e-5, pcIsMaximumProbability: false, combinedHardBodyRadiusM: 10, comments: [],
      objects: [cdmObject(22222, 'SATELLITE C', ours), cdmObject(90_002, 'CROSSING OBJECT', crossingState(ours), covariance90002)],
    }));
    const cdmUpload = await json(await svc.request('POST', '/operations/conjunctions/cdms', { key, body: filesForm([{ name: 'received-90002.cdm', content: received }]) }));
    const receivedCdmId = cdmUpload.results?.[0]?.cdms?.[0]?.cdmId;
    assert.ok(receivedCdmId, JSON.stringify(cdmUpload));
    const fourth = await finished(`${plans(event)}/${(await json(await post(plans(event), request))).id}`);
    assert.equal(fourth.status, 'SUCCEEDED', fourth.error);
    const withCdm = (fourth.result.candidates[r].secondary.secondaryConjunctions as Json[])
      .find((a: Json) => a.secondaryNoradId === 90_002 && Math.abs(Date.parse(a.tca) - Date.parse(approach.tca)) < 1000);
    assert.ok(withCdm, JSON.stringify(fourth.result.candidates[r].secondary));
    t.diagnostic(`with the received CDM's covariance: miss ${withCdm.missDistanceM.toFixed(0)} m, Pc ${withCdm.pc} (maximum probability ${withCdm.pcIsMaximumProbability}; it was ${approach.pc})`);
    assert.equal(withCdm.secondaryCovarianceCdmId, receivedCdmId);
    assert.equal(withCdm.pcIsMaximumProbability, false, 'both covariances: the plan\'s method');
    assert.ok(withCdm.pc > first.result.target.maxPc, `Pc ${withCdm.pc} above the target: still counted`);
    assert.equal(fourth.result.candidates[r].recommended, false);
    for (const c of fourth.result.candidates as Json[]) {
      for (const a of [...(c.secondary?.secondaryConjunctions ?? []), ...(c.secondary?.flaggedApproaches ?? [])]) {
        if (a.secondaryNoradId !== 90_002 || Math.abs(Date.parse(a.tca) - Date.parse(approach.tca)) > 600_000) assert.equal(a.secondaryCovarianceCdmId, null, 'outside the CDM’s window: none');
      }
    }

    // turned off: skipped with that reason
    const off = await finished(`${plans(event)}/${(await json(await post(plans(event), { ...request, secondaryScreening: { enabled: false } }))).id}`);
    assert.equal(off.result.secondaryScreening.status, 'SKIPPED');
    assert.match(off.result.secondaryScreening.reason, /turned off/);
    assert.equal(off.result.recommendedCandidate, first.result.recommendedCandidate);
  });
  test('end to end: the accepted candidate, re-screened from its stored maneuver through the ordinary screening endpoint, has its Pc below the target', async (t) => {
    assert.ok(acceptedFinite, 'the finite-burn test accepted a candidate');
    const { plan, best, oemText } = acceptedFinite;
    const target = plan.result.target.maxPc as number;
    // the CDM's two objects at TCA, GCRF (the CDM gives EME2000)
    const cdm = parseCdm(eventCdmText);
    const tca = Epoch.parse(TCA, 'UTC');
    const toGcrf = buildTransform('EME2000', 'GCRF', tca);
    const gcrfAtTca = (k: 0 | 1): Float64Array => {
      const s = cdm.objects[k].stateVector;
      const out = new Float64Array(6);
      toGcrf.applyPositionVelocity(Float64Array.from([...s.positionKm, ...s.velocityKmS]), out);
      return out;
    };
    const primaryAtTca = gcrfAtTca(0);
    const secondaryAtTca = gcrfAtTca(1);

    // SATELLITE A's state at the burn start: the first state of the plan's hypothetical OEM (before the burn). Its
    // covariance there: the CDM's at TCA mapped back with the inverse of the STM the screening will map it forward
    // with (the same stored-state propagation set-up: the force model and the stored maneuver, Φ from the burn start to
    // TCA), P_b = Φ⁻¹ P Φ⁻ᵀ, so that the screening's Pc rests on the CDM's covariances at TCA, as the plan's does.
    const first = parseOem(oemText).segments[0]!.states[0]!;
    const burnStart = Epoch.parse(first.epoch, 'UTC');
    assert.ok(Math.abs(burnStart.secondsSince(Epoch.parseInstant(best.burnStart))) < 1e-3, `${first.epoch} is the burn start ${best.burnStart}`);
    const leadS = tca.secondsSince(burnStart);
    // CDMExample1's object-1 6×6 is not positive semi-definite (an eigenvalue −6e-3, of its position–velocity terms):
    // the plan takes the nearest one that is (its negative eigenvalue set to 0), and so does this state
    const pTcaRtnM2 = nearestPositiveSemiDefinite(fromLowerTriangle(cdm.objects[0].rtnCovariance!.positionVelocity), 6).matrix;
    const rtnToGcrf = stateJacobian(transpose3(localOrbitalRotation('RTN', primaryAtTca.subarray(0, 3), primaryAtTca.subarray(3, 6))));
    const pTca = transformCovariance(pTcaRtnM2.map((v) => v * 1e-6), rtnToGcrf);
    const craft = (await findSpacecraftById(svc.db, organizationId, craftA))!;
    const atBurn = { epoch: `${first.epoch}Z`, positionKm: first.positionKm, velocityKmS: first.velocityKmS, referenceFrame: 'GCRF', massKg: 500 } as unknown as StateVectorRecord;
    const setUp = await buildStoredStatePropagation(svc.db, organizationId, atBurn, craft, burnStart, tca.plusSeconds(60));
    assert.equal(setUp.burns.length, 1, 'the accepted maneuver is in the set-up');
    const phi = propagateStoredState(setUp, Float64Array.of(leadS), bundledEarthData(), undefined, { stm: true }).result.stm!;
    const pBurn = transformCovariance(pTca, invertMatrix(phi.subarray(0, 36), 6));
    const stored = await post('/operations/state-vectors', {
      spacecraftId: craftA, epoch: `${first.epoch}Z`, referenceFrame: 'GCRF', mass: 500, position: first.positionKm, velocity: first.velocityKmS, covariance: { matrix: toNested(pBurn) },
    });
    const sv = await json(stored);
    assert.equal(stored.status, 201, JSON.stringify(sv));

    // OBJECT2 (NORAD 30337) in the catalog: a GP element set through its CDM state at TCA, as an OMM (full precision)
    const set = elementSetThrough(30337, tca, secondaryAtTca);
    const omm = [
      'CCSDS_OMM_VERS = 2.0', 'CREATION_DATE = 2010-03-13T00:00:00', 'ORIGINATOR = APSIS-TEST', 'OBJECT_NAME = OBJECT2 OF CDMEXAMPLE1', 'OBJECT_ID = 2007-001B',
      'CENTER_NAME = EARTH', 'REF_FRAME = TEME', 'TIME_SYSTEM = UTC', 'MEAN_ELEMENT_THEORY = SGP4', `EPOCH = ${set.epochUtc.replace(/Z$/, '')}`,
      `MEAN_MOTION = ${set.meanMotionRevPerDay.toPrecision(16)}`, `ECCENTRICITY = ${set.eccentricity.toPrecision(16)}`, `INCLINATION = ${set.inclinationDeg.toPrecision(16)}`,
      `RA_OF_ASC_NODE = ${(((set.raanDeg % 360) + 360) % 360).toPrecision(16)}`, `ARG_OF_PERICENTER = ${(((set.argPerigeeDeg % 360) + 360) % 360).toPrecision(16)}`,
      `MEAN_ANOMALY = ${(((set.meanAnomalyDeg % 360) + 360) % 360).toPrecision(16)}`, 'EPHEMERIS_TYPE = 0', 'CLASSIFICATION_TYPE = U', 'NORAD_CAT_ID = 30337',
      'ELEMENT_SET_NO = 999', 'REV_AT_EPOCH = 0', 'BSTAR = 0', 'MEAN_MOTION_DOT = 0', 'MEAN_MOTION_DDOT = 0',
    ].join('\n') + '\n';
    const uploaded = await svc.request('POST', '/operations/catalog', { key, body: filesForm([{ name: 'object2.kvn', content: omm }]) });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());

    // the ordinary screening of that state: its stored maneuver (the accepted burn) propagated with it
    const screening = await post('/operations/conjunctions/screenings', {
      primaries: [{ stateVectorId: sv.id }], secondaries: 'CATALOG', start: burnStart.toIsoString(3), durationDays: (leadS + 1800) / 86400,
      volume: { shape: 'SPHERE', radiusKm: 10 }, pcThreshold: 0,
    });
    const created = await json(screening);
    assert.equal(screening.status, 202, JSON.stringify(created));
    let done = created;
    for (let i = 0; i < 1200 && !['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(done.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await json(await get(`/operations/conjunctions/screenings/${created.id}`));
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    const page = await json(await get(`/operations/conjunctions/screenings/${created.id}/approaches?sort=tca,asc`));
    const approach = (page.content as Json[]).find((a) => a.secondary.noradId === 30337);
    assert.ok(approach, JSON.stringify(page.content));
    t.diagnostic(`re-screened: miss ${approach.missDistanceM.toFixed(1)} m at ${approach.tca}, Pc ${approach.pc.toExponential(3)} (${approach.pcMethod}; covariances ${approach.covariances.primary.source}/${approach.covariances.secondary.source}); the plan: miss ${best.numerical.missDistanceM.toFixed(1)} m, Pc ${best.numerical.pc.toExponential(3)} with the execution errors; target ${target}`);
    // the burn is the stored maneuver's: without it the miss would be the CDM's zero
    assert.ok(Math.abs(Epoch.parseInstant(approach.tca).secondsSince(Epoch.parseInstant(best.numerical.tca))) < 0.05, `TCA ${approach.tca} vs the plan's ${best.numerical.tca}`);
    // the same trajectory as the plan's re-propagation (integrator tolerances, the OEM's printed digits, the secondary's SGP4 arc about its CDM state)
    assert.ok(Math.abs(approach.missDistanceM - best.numerical.missDistanceM) <= 2 + 0.01 * best.numerical.missDistanceM, `miss ${approach.missDistanceM} m vs the plan's ${best.numerical.missDistanceM} m`);
    // both covariances: the organization's method, not a maximum-probability bound
    assert.equal(approach.covariances.primary.source, 'STATE_VECTOR');
    assert.equal(approach.covariances.secondary.source, 'CDM');
    assert.equal(approach.pcMethod, plan.request.pcMethod);
    assert.equal(approach.pcIsMaximumProbability, false);
    assert.ok(approach.pc < target, `re-screened Pc ${approach.pc} below the target ${target}`);
    // and close to the plan's own re-propagated Pc, which adds the burn's execution errors to our covariance (a wider
    // covariance this far out in the tail, Mahalanobis distance ≈ 7: a larger Pc): measured 5.3e-14 against 5.9e-14
    assert.ok(approach.pc <= best.numerical.pc && approach.pc >= best.numerical.pc / 2, `re-screened Pc ${approach.pc} vs the plan's ${best.numerical.pc}`);
  });
});
