/**
 * Orbit determination through HTTP: the Orekit reference TDMs uploaded with the reference
 * stations → OD job from the stated perturbed a priori → converged within Orekit's iterations ± 2, position error
 * against the truth within 1.5× Orekit's + 1 m → residual pages and plot → accept → latest, OEM and TLE use the new
 * state. Also: validation, 422 with counts, non-converged and double acceptance 409, listing, isolation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as satellite from 'satellite.js';
import { createTestService, type TestService } from '../helpers/service.ts';
import { findChromium, renderSvgPixels } from '../helpers/chromium.ts';
import { loadSolution, setUpScenario, storeState, type Scenario, type ScenarioId } from '../helpers/odScenario.ts';

const SPAN = { startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z' };

function distanceKm(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

describe('orbit determination', () => {
  let svc: TestService;
  let key: string;
  const scenarios: Partial<Record<ScenarioId, Scenario & { aprioriId: string }>> = {};
  const jobs: Partial<Record<ScenarioId, any>> = {};

  before(async () => {
    svc = await createTestService({ workers: 2 });
    key = (await svc.key({ organization: 'od-a' })).secret;
    for (const id of ['V1', 'V2'] as const) {
      const scenario = await setUpScenario(svc, key, id);
      const apriori = scenario.truth.a_priori_state_gcrf;
      scenarios[id] = { ...scenario, aprioriId: await storeState(svc, key, scenario, apriori.pos_km, apriori.vel_km_s) };
    }
  });
  after(async () => svc.close());

  const post = async (body: Record<string, unknown>, k = key) => {
    const res = await svc.request('POST', '/operations/orbit-determinations', { key: k, json: body });
    return { status: res.status, body: await res.json(), location: res.headers.get('location') };
  };

  async function waitForEnd(id: string, timeoutMs = 240_000): Promise<any> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await (await svc.request('GET', `/operations/orbit-determinations/${id}`, { key })).json();
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
      assert.ok(Date.now() < until, `job ${id} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  for (const id of ['V1', 'V2'] as const) {
    test(`${id}: converges from the perturbed a priori; error vs truth ≤ 1.5× Orekit's + 1 m; evaluations = Orekit's ± 2; normalized RMS 0.8–1.2`, async () => {
      const scenario = scenarios[id]!;
      const reference = loadSolution(id);
      const started = await post({ spacecraftId: scenario.spacecraftId, ...SPAN, aprioriStateVectorId: scenario.aprioriId });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      assert.equal(started.location, `/operations/orbit-determinations/${started.body.id}`);
      assert.ok(['QUEUED', 'RUNNING', 'SUCCEEDED'].includes(started.body.status));
      const job = await waitForEnd(started.body.id);
      assert.equal(job.status, 'SUCCEEDED', job.error);
      const solution = job.solution;
      assert.equal(job.converged, true);
      const errorM = distanceKm(solution.state.positionKm, scenario.truth.truth_state_at_od_epoch_gcrf.pos_km) * 1000;
      const boundM = 1.5 * reference.error_vs_truth.position_error_m + 1;
      assert.ok(errorM <= boundM, `position error ${errorM.toFixed(3)} m > ${boundM.toFixed(3)} m`);
      // Orekit's count is of evaluations (its iterations = evaluations, the first at the a priori); ours lists each.
      const evaluations = solution.iterations.length;
      assert.ok(Math.abs(evaluations - reference.solution.iterations) <= 2, `${evaluations} evaluations (Orekit ${reference.solution.iterations})`);
      const finalRms = solution.iterations[solution.iterations.length - 1].weightedRms;
      assert.ok(finalRms > 0.8 && finalRms < 1.2, `normalized RMS ${finalRms}`);
      // Progress was written per iteration, ending at the final RMS.
      assert.ok(job.progress.history.length >= 2);
      assert.ok(Math.abs(job.progress.weightedRms - finalRms) < 1e-9);
      // Formal covariance: symmetric positive definite, per-axis error within 3σ.
      const p = solution.stateCovariance.matrix as number[][];
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) assert.ok(Math.abs(p[i]![j]! - p[j]![i]!) <= 1e-12 * Math.abs(p[i]![i]! + p[j]![j]!));
      const truth = scenario.truth.truth_state_at_od_epoch_gcrf.pos_km;
      for (let axis = 0; axis < 3; axis++) {
        const sigma = solution.stateCovariance.standardDeviations.positionKm[axis];
        assert.ok(Math.abs(solution.state.positionKm[axis] - truth[axis]!) < 3 * sigma, `axis ${axis}: ${(solution.state.positionKm[axis] - truth[axis]!) * 1000} m vs σ ${sigma * 1000} m`);
      }
      assert.equal(solution.apriori.stateVectorId, scenario.aprioriId);
      assert.equal(solution.epoch.slice(0, 19), '2023-02-10T00:00:00');
      assert.ok(solution.counts.every((c: { stationName: string }) => /^VIS-STN-/.test(c.stationName ?? '')));
      assert.equal(solution.measurements.modelledCount, id === 'V1' ? 410 : 205);
      assert.equal(job.residualCount, id === 'V1' ? 410 : 205);
      assert.ok(solution.forceModel.gravityDegree === 20);
      // the default optimizer, its damping per iteration (0: undamped; from this a priori every step is), the fit epoch
      assert.equal(solution.optimizer, 'LEVENBERG_MARQUARDT');
      assert.equal(job.request.optimizer, 'LEVENBERG_MARQUARDT');
      assert.ok(solution.iterations.every((x: { damping: number | null; accepted: boolean; arcSeconds: number | null }) => (x.damping === 0 || x.damping === null) && x.accepted && x.arcSeconds === null));
      assert.equal(solution.iterations.at(-1).damping, null);
      assert.equal(solution.fitEpoch, solution.epoch);
      jobs[id] = job;
      console.log(`${id}: ${evaluations} evaluations, RMS ${finalRms.toFixed(4)}, position error ${errorM.toFixed(3)} m (Orekit ${reference.error_vs_truth.position_error_m.toFixed(3)} m), fit ${solution.elapsedMs.toFixed(0)} ms`);
    });
  }

  test('V1 solved for the end of the span with Gauss–Newton: iterated at the a priori epoch, the orbit there within 1 m of the truth and 3σ per axis', async () => {
    const scenario = scenarios.V1!;
    const started = await post({ spacecraftId: scenario.spacecraftId, ...SPAN, aprioriStateVectorId: scenario.aprioriId, solutionEpoch: SPAN.endDate, optimizer: 'GAUSS_NEWTON' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const job = await waitForEnd(started.body.id);
    assert.equal(job.status, 'SUCCEEDED', job.error);
    const solution = job.solution;
    assert.equal(solution.optimizer, 'GAUSS_NEWTON');
    assert.ok(solution.iterations.every((x: { damping: number | null }) => x.damping === 0 || x.damping === null));
    assert.equal(solution.epoch.slice(0, 19), '2023-02-11T00:00:00');
    assert.equal(solution.fitEpoch.slice(0, 19), '2023-02-10T00:00:00');
    assert.equal(solution.iterations.length, loadSolution('V1').solution.iterations, "Orekit's evaluations, as from the start");
    const last = scenario.truth.samples.at(-1)!;
    assert.equal(last[0], 86400);
    const truthEnd = last.slice(1, 4);
    const errorM = distanceKm(solution.state.positionKm, truthEnd) * 1000;
    assert.ok(errorM < 1, `${errorM} m from the truth at the end`);
    for (let axis = 0; axis < 3; axis++) {
      const sigma = solution.stateCovariance.standardDeviations.positionKm[axis];
      assert.ok(Math.abs(solution.state.positionKm[axis] - truthEnd[axis]!) < 3 * sigma, `axis ${axis}`);
    }
  });

  test('post-fit residuals: paged, normalized, rejected flag; worst first; the plot renders', async (t) => {
    const job = jobs.V1;
    assert.ok(job, 'V1 ran');
    const page = await (await svc.request('GET', `/operations/orbit-determinations/${job.id}/residuals?size=50`, { key })).json();
    assert.equal(page.totalElements, 410);
    assert.equal(page.content.length, 50);
    const row = page.content[0];
    assert.equal(typeof row.rejected, 'boolean');
    assert.ok(Math.abs(row.normalized[0] - row.residual[0] / row.sigma[0]) < 1e-9);
    const epochs = page.content.map((r: { epoch: string }) => r.epoch);
    assert.deepEqual(epochs, [...epochs].sort());
    const worst = await (await svc.request('GET', `/operations/orbit-determinations/${job.id}/residuals?size=3&sort=normalized,desc`, { key })).json();
    const first = Math.max(...worst.content[0].normalized.map(Math.abs));
    assert.ok(first >= Math.max(...worst.content[2].normalized.map(Math.abs)));
    const svgRes = await svc.request('GET', `/operations/orbit-determinations/${job.id}/residuals.svg`, { key });
    assert.equal(svgRes.status, 200);
    assert.match(svgRes.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    const svg = await svgRes.text();
    assert.equal((svg.match(/<g class="panel"/g) ?? []).length, 2, 'range and range-rate panels');
    assert.match(svg, /VIS-STN-1/);
    const chromium = findChromium();
    if (!chromium) {
      t.diagnostic('no chromium: the plot was not rendered in a browser');
      return;
    }
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [unknown, number, number];
    const rendered = renderSvgPixels(chromium, svg, width, height, { station1: '#1f77b4' });
    assert.ok(rendered.loaded && rendered.counts.station1! > 500, JSON.stringify(rendered));
  });

  test('accept: a state vector ORBIT_DETERMINATION with covariance; latest, OEM and TLE use it; twice → 409', async () => {
    const scenario = scenarios.V1!;
    const job = jobs.V1;
    assert.ok(job, 'V1 ran');
    const tleOf = async () => {
      const res = await svc.request('GET', `/operations/spacecraft/${scenario.spacecraftId}/tle?epoch=2023-02-10T12:00:00Z`, { key });
      assert.equal(res.status, 200);
      return (await res.text()).split('\n') as [string, string];
    };
    const before = await tleOf();
    const accepted = await svc.request('POST', `/operations/orbit-determinations/${job.id}/accept`, { key });
    assert.equal(accepted.status, 201);
    const { stateVector } = await accepted.json();
    assert.equal(stateVector.sourceType, 'ORBIT_DETERMINATION');
    assert.equal(stateVector.orbitSolutionId, job.id);
    assert.equal(stateVector.converged, true);
    assert.equal(stateVector.referenceFrame, 'GCRF');
    assert.equal(stateVector.hasCovariance, true);
    assert.deepEqual(stateVector.position, job.solution.state.positionKm);
    const again = await svc.request('POST', `/operations/orbit-determinations/${job.id}/accept`, { key });
    assert.equal(again.status, 409);
    assert.equal((await again.json()).error, 'OD_ALREADY_ACCEPTED');
    const view = await (await svc.request('GET', `/operations/orbit-determinations/${job.id}`, { key })).json();
    assert.equal(view.acceptedStateVectorId, stateVector.id);

    const latest = await (await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${scenario.spacecraftId}`, { key })).json();
    assert.equal(latest.id, stateVector.id);

    // OEM from the accepted state: 12 h later it is on the truth (Orekit's own arc error is 7 cm); the a priori is km off.
    const oemRes = await svc.request('POST', `/operations/state-vectors/${stateVector.id}/generate-oem`, {
      key, json: { initialDate: '2023-02-10T12:00:00Z', finalDate: '2023-02-10T12:01:00Z', referenceFrame: 'GCRF', timeBetweenPoints: 60 },
    });
    assert.equal(oemRes.status, 200);
    const firstState = /^2023-02-10T12:00:00\.000000\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(await oemRes.text())!.slice(1).map(Number);
    const truthAt12h = scenario.truth.samples.find((s) => s[0] === 43200)!;
    const oemErrorM = distanceKm(firstState, truthAt12h.slice(1, 4)) * 1000;
    assert.ok(oemErrorM < 2, `OEM 12 h after the OD epoch is ${oemErrorM.toFixed(3)} m from the truth`);

    // TLE: generated from the new state (SGP4 at its epoch within 50 m of the OEM in TEME); the one before was not.
    const after = await tleOf();
    assert.notDeepEqual(after, before);
    const teme = await svc.request('POST', `/operations/state-vectors/${stateVector.id}/generate-oem`, {
      key, json: { initialDate: '2023-02-10T12:00:00Z', finalDate: '2023-02-10T12:01:00Z', referenceFrame: 'TEME', timeBetweenPoints: 60 },
    });
    const temeState = /^2023-02-10T12:00:00\.000000\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(await teme.text())!.slice(1).map(Number);
    const sgp4At = (lines: [string, string]) => {
      const position = satellite.sgp4(satellite.twoline2satrec(lines[0], lines[1]), 0);
      assert.ok(position && typeof position === 'object' && position.position);
      const p = position.position as { x: number; y: number; z: number };
      return [p.x, p.y, p.z];
    };
    const tleErrorM = distanceKm(sgp4At(after), temeState) * 1000;
    assert.ok(tleErrorM < 50, `TLE after acceptance: ${tleErrorM.toFixed(1)} m from the OD state`);
    assert.ok(distanceKm(sgp4At(before), temeState) * 1000 > 300, 'the TLE before acceptance came from the a priori');
    console.log(`accepted ${stateVector.id}: OEM +12 h vs truth ${oemErrorM.toFixed(3)} m; TLE at epoch vs OD state ${tleErrorM.toFixed(1)} m`);

    // Deleting the accepted state releases the solution: no dangling id, and it can be accepted again.
    assert.equal((await svc.request('DELETE', `/operations/state-vectors/${stateVector.id}`, { key })).status, 204);
    const released = await (await svc.request('GET', `/operations/orbit-determinations/${job.id}`, { key })).json();
    assert.equal(released.acceptedStateVectorId, null);
    const reaccepted = await svc.request('POST', `/operations/orbit-determinations/${job.id}/accept`, { key });
    assert.equal(reaccepted.status, 201);
    const { stateVector: second } = await reaccepted.json();
    assert.notEqual(second.id, stateVector.id);
    const view2 = await (await svc.request('GET', `/operations/orbit-determinations/${job.id}`, { key })).json();
    assert.equal(view2.acceptedStateVectorId, second.id);
  });

  test('a fit that does not converge ends FAILED with the reason, keeps its residuals, and cannot be accepted', async () => {
    const scenario = scenarios.V2!;
    const started = await post({ spacecraftId: scenario.spacecraftId, ...SPAN, aprioriStateVectorId: scenario.aprioriId, maxIterations: 1 });
    assert.equal(started.status, 202);
    const job = await waitForEnd(started.body.id);
    assert.equal(job.status, 'FAILED');
    assert.equal(job.converged, false);
    assert.match(job.error, /did not converge/);
    assert.ok(job.solution.failureReason);
    assert.equal(job.residualCount, 205);
    const accept = await svc.request('POST', `/operations/orbit-determinations/${job.id}/accept`, { key });
    assert.equal(accept.status, 409);
    assert.equal((await accept.json()).error, 'OD_NOT_CONVERGED');
  });

  test('bad requests: 400 span and fields, 404 unknown ids, 422 too few measurements (with counts) or no a priori', async () => {
    const scenario = scenarios.V1!;
    const base = { spacecraftId: scenario.spacecraftId, ...SPAN, aprioriStateVectorId: scenario.aprioriId };
    assert.equal((await post({ ...base, endDate: '2023-03-20T00:00:00Z' })).status, 400);
    assert.equal((await post({ ...base, endDate: base.startDate })).status, 400);
    assert.equal((await post({ ...base, maxIterations: 0 })).status, 400);
    assert.equal((await post({ ...base, editingSigma: 0.5 })).status, 400);
    assert.equal((await post({ ...base, solutionEpoch: 'noon' })).status, 400);
    const badOptimizer = await post({ ...base, optimizer: 'NEWTON' });
    assert.equal(badOptimizer.status, 400);
    assert.match(JSON.stringify(badOptimizer.body), /optimizer/);
    assert.equal((await post({ ...base, spacecraftId: 'nope' })).status, 404);
    assert.equal((await post({ ...base, aprioriStateVectorId: 'SV-424242' })).status, 404);
    assert.equal((await post({ ...base, stationIds: ['nope'] })).status, 404);
    // Three range measurements of one station in 90 s: 3 components for 6 parameters.
    const few = await post({ ...base, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-10T00:01:30Z', measurementTypes: ['RANGE'] });
    assert.equal(few.status, 422, JSON.stringify(few.body));
    assert.equal(few.body.error, 'TOO_FEW_MEASUREMENTS');
    assert.equal(few.body.details.measurementComponents, 3);
    assert.equal(few.body.details.parameters, 6);
    const withBiases = await post({ ...base, solveFor: { dragCoefficient: true, stationBiases: true }, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-10T00:01:30Z' });
    assert.equal(withBiases.status, 422);
    assert.equal(withBiases.body.details.parameters, 6 + 1 + 2, 'Cd and a range and a range-rate bias of the one station');
    const early = await post({ spacecraftId: scenario.spacecraftId, startDate: '2023-01-01T00:00:00Z', endDate: '2023-01-02T00:00:00Z' });
    assert.equal(early.status, 422, 'no eligible state at or before endDate');
    assert.equal(early.body.error, 'NO_ELIGIBLE_STATE');
    assert.equal((await svc.request('GET', '/operations/orbit-determinations/nope', { key })).status, 404);
    assert.equal((await svc.request('POST', '/operations/orbit-determinations/nope/accept', { key })).status, 404);
  });

  test('list: paged, filtered by spacecraft and status; another organization sees nothing; permissions', async () => {
    const v1 = scenarios.V1!;
    const list = await (await svc.request('GET', `/operations/orbit-determinations?spacecraftId=${v1.spacecraftId}&status=SUCCEEDED`, { key })).json();
    assert.ok(list.totalElements >= 1);
    assert.ok(list.content.every((j: { spacecraftId: string; status: string; solution?: unknown }) => j.spacecraftId === v1.spacecraftId && j.status === 'SUCCEEDED' && j.solution === undefined));
    const other = (await svc.key({ organization: 'od-b' })).secret;
    const theirs = await (await svc.request('GET', '/operations/orbit-determinations', { key: other })).json();
    assert.equal(theirs.totalElements, 0);
    const id = jobs.V1?.id ?? list.content[0].id;
    assert.equal((await svc.request('GET', `/operations/orbit-determinations/${id}`, { key: other })).status, 404);
    assert.equal((await svc.request('GET', `/operations/orbit-determinations/${id}/residuals`, { key: other })).status, 404);
    assert.equal((await svc.request('GET', `/operations/orbit-determinations/${id}/residuals.svg`, { key: other })).status, 404);
    const reader = (await svc.key({ organization: 'od-a', permissions: ['read:orbitdetermination'] })).secret;
    assert.equal((await svc.request('GET', `/operations/orbit-determinations/${id}`, { key: reader })).status, 200);
    assert.equal((await post({ spacecraftId: v1.spacecraftId, ...SPAN }, reader)).status, 403);
    assert.equal((await svc.request('POST', `/operations/orbit-determinations/${id}/accept`, { key: reader })).status, 403);
  });
});
