/**
 * The scheduled-task runner with a fake clock: a due task runs once and stores its product; missed slots after
 * downtime run once; failures are recorded and retried with doubling backoff; two runners racing one task run it
 * once; a runner killed with SIGKILL mid-run (real child process) leaves a lease that another takes over.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, afterEach, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { createTask } from '../../../api/services/scheduledTasks.ts';
import { TaskRunRunner } from '../../../api/jobs/taskRunner.ts';
import { findScheduledTaskById } from '../../../storage/scheduledTasks.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { setUpScenario, storeState } from '../../helpers/odScenario.ts';
import { createSpacecraft, createStateVector, ssoState } from '../stateVectors.helpers.ts';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
/** Near the test state's epoch (2023-03-08T06:30Z) so that propagations stay short. */
const T0 = Date.parse('2023-03-08T07:00:00.000Z');
const HOUR = 3_600_000;

let svc: TestService;
let key: string;
let organizationId: string;

before(async () => {
  svc = await createTestService({ workers: 2 });
  await svc.taskRunner.stop(); // every test drives its own runner with a fake clock
  const minted = await svc.key({ organization: 'runner-org' });
  key = minted.secret;
  organizationId = minted.organizationId;
});
after(async () => {
  await svc.close();
});
// Each test schedules its own tasks; none may run in the next test's drains.
afterEach(async () => {
  await svc.db.execute('DELETE FROM scheduled_tasks');
});

class FakeClock {
  constructor(public nowMs: number) {}
  readonly now = () => this.nowMs;
}

function runner(clock: FakeClock, owner: string, db = svc.db, leaseMs = 60_000): TaskRunRunner {
  return new TaskRunRunner({ ...svc, db }, { owner, clock: clock.now, leaseMs, backoff: { baseMs: 30_000, maxMs: 600_000 } });
}

async function craftWithState(withState = true): Promise<string> {
  const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY, cosparId: '2023-042A' });
  if (withState) await createStateVector(svc, key, ssoState(sc));
  return sc;
}

async function hourlyOemTask(sc: string, startMs: number, extra: Record<string, unknown> = {}) {
  return await createTask(svc.db, organizationId, sc, {
    name: 'hourly', kind: 'GENERATE_OEM', schedule: { type: 'INTERVAL', intervalSeconds: 3600, start: new Date(startMs).toISOString() },
    parameters: { durationSeconds: 3600, timeBetweenPoints: 600 }, ...extra,
  } as never, T0);
}

async function runs(taskId: string): Promise<any[]> {
  return (await svc.db.execute({ sql: 'SELECT * FROM task_runs WHERE task_id = ? ORDER BY scheduled_for', args: [taskId] })).rows as any[];
}

async function products(taskId: string): Promise<any[]> {
  return (await svc.db.execute({ sql: 'SELECT * FROM products WHERE task_id = ? ORDER BY created_at', args: [taskId] })).rows as any[];
}

async function content(productId: string): Promise<string> {
  const response = await svc.request('GET', `/operations/products/${productId}/content`, { key });
  assert.equal(response.status, 200);
  return await response.text();
}

describe('due and missed runs', () => {
  test('nothing before the slot; at the slot one run and one product whose span starts at the slot', async () => {
    const sc = await craftWithState();
    const start = T0 + 10 * 60_000;
    const task = await hourlyOemTask(sc, start);
    assert.equal(task.nextRunAt, new Date(start).toISOString());
    const clock = new FakeClock(start - 1);
    const r = runner(clock, 'r1');
    assert.equal(await r.drain(), 0);
    clock.nowMs = start;
    assert.equal(await r.drain(), 1);
    const [run] = await runs(task.id);
    assert.equal(run.status, 'SUCCEEDED');
    assert.equal(run.scheduled_for, new Date(start).toISOString());
    assert.equal(run.attempts, 1);
    const after = (await findScheduledTaskById(svc.db, task.id))!;
    assert.equal(after.nextRunAt, new Date(start + HOUR).toISOString());
    assert.equal(after.lastRun?.status, 'SUCCEEDED');
    assert.equal(after.lastRun?.productId, run.product_id);
    const [product] = await products(task.id);
    assert.equal(product.id, run.product_id);
    assert.equal(product.kind, 'OEM');
    assert.equal(product.span_start, new Date(start).toISOString());
    assert.equal(product.span_end, new Date(start + HOUR).toISOString());
    const oem = parseOem(await content(product.id));
    const states = oem.segments[0]!.states;
    assert.equal(states.length, 7);
    assert.equal(states[0]!.epoch, '2023-03-08T07:10:00.000000');
    assert.equal(states[6]!.epoch, '2023-03-08T08:10:00.000000');
    assert.equal(await r.drain(), 0, 'the slot does not run twice');
  });

  test('after 5½ h of downtime the missed slots run once, for the latest slot; the next run is the following slot', async () => {
    const sc = await craftWithState();
    const task = await hourlyOemTask(sc, T0);
    const clock = new FakeClock(T0 + 5.5 * HOUR);
    const r = runner(clock, 'r-missed');
    assert.equal(await r.drain(), 1);
    const all = await runs(task.id);
    assert.equal(all.length, 1);
    assert.equal(all[0].scheduled_for, new Date(T0 + 5 * HOUR).toISOString());
    assert.equal(all[0].due_since, new Date(T0).toISOString());
    assert.equal((await findScheduledTaskById(svc.db, task.id))!.nextRunAt, new Date(T0 + 6 * HOUR).toISOString());
    assert.equal((await products(task.id))[0].span_start, new Date(T0 + 5 * HOUR).toISOString());
  });

  test('a one-off runs once and the task is then disabled with no next run', async () => {
    const sc = await craftWithState();
    const task = await createTask(svc.db, organizationId, sc, { name: 'tle once', kind: 'GENERATE_TLE', schedule: { type: 'ONCE', at: new Date(T0 + HOUR).toISOString() } } as never, T0);
    const clock = new FakeClock(T0 + 2 * HOUR);
    assert.equal(await runner(clock, 'r-once').drain(), 1);
    const after = (await findScheduledTaskById(svc.db, task.id))!;
    assert.equal(after.enabled, false);
    assert.equal(after.nextRunAt, null);
    const [product] = await products(task.id);
    assert.equal(product.kind, 'TLE');
    const lines = (await content(product.id)).split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^1 /);
    assert.match(lines[1]!, /^2 /);
  });
});

describe('failures', () => {
  test('a failing run records its reason and is retried after 30 s, then 60 s; the third failure is final', async () => {
    const sc = await craftWithState(false); // no state vector: every attempt fails with NO_ELIGIBLE_STATE
    const task = await hourlyOemTask(sc, T0);
    const clock = new FakeClock(T0);
    const r = runner(clock, 'r-fail');
    assert.equal(await r.drain(), 1);
    let [run] = await runs(task.id);
    assert.equal(run.status, 'QUEUED');
    assert.equal(run.attempts, 1);
    assert.match(run.error, /NO_ELIGIBLE_STATE/);
    assert.equal(run.available_at, new Date(T0 + 30_000).toISOString());
    let current = (await findScheduledTaskById(svc.db, task.id))!;
    assert.equal(current.lastRun?.status, 'RETRYING');
    assert.match(current.lastRun!.error!, /NO_ELIGIBLE_STATE/);
    const listed = (await (await svc.request('GET', `/operations/spacecraft/${sc}/tasks/${task.id}/runs`, { key })).json()) as any;
    assert.equal(listed.content[0].retryAt, new Date(T0 + 30_000).toISOString());

    clock.nowMs = T0 + 29_999;
    assert.equal(await r.drain(), 0, 'not before the backoff');
    clock.nowMs = T0 + 30_000;
    assert.equal(await r.drain(), 1);
    [run] = await runs(task.id);
    assert.equal(run.attempts, 2);
    assert.equal(run.available_at, new Date(T0 + 30_000 + 60_000).toISOString(), 'the delay doubles');
    clock.nowMs = T0 + 90_000;
    assert.equal(await r.drain(), 1);
    [run] = await runs(task.id);
    assert.equal(run.status, 'FAILED');
    assert.equal(run.attempts, 3);
    current = (await findScheduledTaskById(svc.db, task.id))!;
    assert.equal(current.lastRun?.status, 'FAILED');
    assert.equal((await products(task.id)).length, 0);
    assert.equal(current.nextRunAt, new Date(T0 + HOUR).toISOString(), 'the schedule goes on');
  });

  test('a run still waiting for its retry gives way to the next slot', async () => {
    const sc = await craftWithState(false);
    const task = await hourlyOemTask(sc, T0);
    const clock = new FakeClock(T0);
    const r = new TaskRunRunner(svc, { owner: 'r-sup', clock: clock.now, backoff: { baseMs: 2 * HOUR, maxMs: 4 * HOUR } });
    await r.drain();
    clock.nowMs = T0 + HOUR;
    await r.drain();
    const all = await runs(task.id);
    assert.deepEqual(all.map((x) => x.status), ['CANCELLED', 'QUEUED']);
    assert.match(all[0].error, /superseded/);
  });
});

describe('several runners', () => {
  test('two runners racing one due task schedule it once and run it once', async () => {
    // Two runners in one process share the process's write lock, as two processes share SQLite's: the race is between
    // their reads of the due task and their compare-and-set on its next run (and then between their claims).
    const sc = await craftWithState();
    const task = await hourlyOemTask(sc, T0);
    const clock = new FakeClock(T0 + 1000);
    const a = runner(clock, 'race-a');
    const b = runner(clock, 'race-b');
    const [sa, sb] = await Promise.all([a.scheduleDueRuns(), b.scheduleDueRuns()]);
    assert.equal(sa + sb, 1, 'one slot, one run');
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    assert.equal(na + nb, 1);
    const all = await runs(task.id);
    assert.equal(all.length, 1);
    assert.equal(all[0].status, 'SUCCEEDED');
    assert.equal(all[0].attempts, 1);
    assert.equal((await products(task.id)).length, 1);
  });

  test('kill -9 mid-run: the lease expires and another runner finishes the run, once', async () => {
    const sc = await craftWithState();
    const task = await hourlyOemTask(sc, T0);
    const leaseMs = 5_000;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../helpers/taskRunnerChild.ts', import.meta.url)), svc.config.databaseUrl, String(T0), String(leaseMs)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    for (let i = 0; i < 600 && !/MID_RUN \S+/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
    const runId = /MID_RUN (\S+)/.exec(output)?.[1];
    assert.ok(runId, `child reached the compute step (output: ${output})`);
    child.kill('SIGKILL');
    await once(child, 'exit');
    let [run] = await runs(task.id);
    assert.equal(run.id, runId);
    assert.equal(run.status, 'RUNNING');
    assert.equal(run.lease_owner, 'child');
    assert.equal((await findScheduledTaskById(svc.db, task.id))!.lastRun?.status, 'RUNNING');

    // The child's lease runs from its own clock: T0 + leaseMs.
    const clock = new FakeClock(T0 + leaseMs - 1);
    const r = runner(clock, 'survivor');
    assert.equal(await r.drain(), 0, 'the lease is still held');
    clock.nowMs = T0 + leaseMs + 1;
    assert.equal(await r.drain(), 1);
    [run] = await runs(task.id);
    assert.equal(run.status, 'SUCCEEDED');
    assert.equal(run.attempts, 2);
    assert.equal(run.scheduled_for, new Date(T0).toISOString());
    assert.equal((await products(task.id)).length, 1);
    assert.equal((await findScheduledTaskById(svc.db, task.id))!.lastRun?.status, 'SUCCEEDED');
  });
});

describe('orbit determination tasks', () => {
  test('ORBIT_DETERMINATION: parameters with defaults; a run whose OD cannot start records the OD service\'s reason and retries', async () => {
    const sc = await craftWithState();
    const created = await svc.request('POST', `/operations/spacecraft/${sc}/tasks`, {
      key, json: { name: 'daily OD', kind: 'ORBIT_DETERMINATION', schedule: { type: 'CRON', expression: '0 0 * * *' }, parameters: { autoAccept: true } },
    });
    assert.equal(created.status, 201);
    assert.deepEqual(((await created.json()) as any).parameters, { startOffsetSeconds: -86400, durationSeconds: 86400, autoAccept: true });
    const bad = await svc.request('POST', `/operations/spacecraft/${sc}/tasks`, {
      key, json: { name: 'x', kind: 'ORBIT_DETERMINATION', schedule: { type: 'CRON', expression: '0 0 * * *' }, parameters: { startOffsetSeconds: 3600 } },
    });
    assert.equal(bad.status, 400);
    assert.ok('parameters.startOffsetSeconds' in ((await bad.json()) as any).fieldErrors);

    // No tracking data in the span: the OD service refuses to start (422), the run records why and retries.
    const task = await createTask(svc.db, organizationId, sc, { name: 'od', kind: 'ORBIT_DETERMINATION', schedule: { type: 'ONCE', at: new Date(T0 + HOUR).toISOString() } } as never, T0);
    const clock = new FakeClock(T0 + HOUR);
    assert.equal(await runner(clock, 'r-od').drain(), 1);
    const [run] = await runs(task.id);
    assert.equal(run.status, 'QUEUED');
    assert.equal(run.attempts, 1);
    const after = (await findScheduledTaskById(svc.db, task.id))!;
    assert.equal(after.lastRun?.status, 'RETRYING');
    assert.match(after.lastRun!.error!, /^TOO_FEW_MEASUREMENTS: /);
    assert.equal((await products(task.id)).length, 0);
  });

  test('ORBIT_DETERMINATION with autoAccept on the V1 reference: the converged fit becomes the latest state and an OD_SOLUTION product', async () => {
    const scenario = await setUpScenario(svc, key, 'V1');
    const apriori = scenario.truth.a_priori_state_gcrf;
    const aprioriId = await storeState(svc, key, scenario, apriori.pos_km, apriori.vel_km_s);
    // Run at 2023-02-11T00:00Z with the default span [run − 1 d, run]: the day of the V1 passes.
    const at = Date.parse('2023-02-11T00:00:00.000Z');
    const task = await createTask(svc.db, organizationId, scenario.spacecraftId, {
      name: 'nightly OD', kind: 'ORBIT_DETERMINATION', schedule: { type: 'ONCE', at: new Date(at).toISOString() }, parameters: { autoAccept: true },
    } as never, at - HOUR);
    assert.equal(await runner(new FakeClock(at), 'r-od-accept').drain(), 1);
    const [run] = await runs(task.id);
    assert.equal(run.status, 'SUCCEEDED', String(run.error));
    const [product] = await products(task.id);
    assert.equal(product.kind, 'OD_SOLUTION');
    const { orbitDetermination, acceptedStateVector } = JSON.parse(await content(product.id));
    assert.equal(orbitDetermination.converged, true);
    assert.equal(orbitDetermination.aprioriStateVectorId, aprioriId);
    assert.equal(orbitDetermination.startDate.slice(0, 19), '2023-02-10T00:00:00');
    const latest = await (await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${scenario.spacecraftId}`, { key })).json();
    assert.equal(latest.id, acceptedStateVector.id);
    assert.equal(latest.sourceType, 'ORBIT_DETERMINATION');
    assert.equal(latest.orbitSolutionId, orbitDetermination.id);
    // The same fit as the API's own V1 run: within 1 m of the truth (0.06 m there).
    const truth = scenario.truth.truth_state_at_od_epoch_gcrf.pos_km;
    const errorM = Math.hypot(...latest.position.map((v: number, i: number) => v - truth[i]!)) * 1000;
    assert.ok(errorM < 1, `accepted state ${errorM.toFixed(3)} m from the truth`);
    assert.equal(orbitDetermination.acceptedStateVectorId, latest.id);
    const meta = await (await svc.request('GET', `/operations/products/${product.id}`, { key })).json();
    assert.equal(meta.kind, 'OD_SOLUTION');
    assert.equal(meta.summary.acceptedStateVectorId, latest.id);
    const view = await (await svc.request('GET', `/operations/orbit-determinations/${orbitDetermination.id}`, { key })).json();
    assert.equal(view.acceptedStateVectorId, latest.id);
  });
});
