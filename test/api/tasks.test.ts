/** Scheduled tasks through HTTP: create/read/list/patch/delete, validation with field errors, isolation, permissions, migration. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Cron } from 'croner';
import { changeLifecycle } from '../../api/services/spacecraft/spacecraft.ts';
import { insertRow } from '../helpers/oldSchema.ts';
import { openDatabase } from '../../storage/sql/db.ts';
import { migrate, MIGRATIONS } from '../../storage/sql/migrations.ts';
import { countScheduledTasks, findScheduledTaskById } from '../../storage/scheduledTasks.ts';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createSpacecraft } from './stateVectors.helpers.ts';

let svc: TestService;
let key: string;
let otherKey: string;

before(async () => {
  svc = await createTestService();
  await svc.taskRunner.stop(); // CRUD only: no run starts behind the test's back
  key = (await svc.key({ organization: 'tasks-a' })).secret;
  otherKey = (await svc.key({ organization: 'tasks-b' })).secret;
});
after(async () => {
  await svc.close();
});

const path = (sc: string, taskId?: string) => `/operations/spacecraft/${sc}/tasks${taskId ? `/${taskId}` : ''}`;

async function post(sc: string, json: unknown, secret = key): Promise<{ status: number; body: any; response: Response }> {
  const response = await svc.request('POST', path(sc), { key: secret, json });
  return { status: response.status, body: await response.json(), response };
}

const OEM_TASK = { name: 'daily OEM', kind: 'GENERATE_OEM', schedule: { type: 'CRON', expression: '0 6 * * *' } };

describe('create and read', () => {
  test('GENERATE_OEM with defaults: 201, Location, parameters filled in, next run from the cron in UTC', async () => {
    const sc = await createSpacecraft(svc, key);
    const before = Date.now();
    const { status, body, response } = await post(sc, OEM_TASK);
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal(response.headers.get('location'), path(sc, body.id));
    assert.equal(body.kind, 'GENERATE_OEM');
    assert.deepEqual(body.parameters, {
      startOffsetSeconds: 0, durationSeconds: 86400, timeBetweenPoints: 60, referenceFrame: 'GCRF', timeSystem: 'UTC',
      includeCovariance: false, covarianceFrame: 'RTN',
    });
    assert.equal(body.enabled, true);
    assert.deepEqual(body.retention, { maxCount: 10, maxAgeDays: null });
    assert.equal(body.lastRun, null);
    // Independent check of the next 06:00 UTC.
    const d = new Date(before);
    const expected = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 6) + (d.getUTCHours() >= 6 ? 86_400_000 : 0);
    assert.equal(body.nextRunAt, new Date(expected).toISOString());
    const read = await svc.request('GET', path(sc, body.id), { key });
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), body);
  });

  test('INTERVAL: slots are start + k·interval; the next is the first at or after now; start defaults to now', async () => {
    const sc = await createSpacecraft(svc, key);
    const start = '2020-01-01T00:00:00Z';
    const { status, body } = await post(sc, {
      name: 'tle every 90 min', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 5400, start },
      parameters: { epochOffsetSeconds: 3600 }, retention: { maxCount: null, maxAgeDays: 30 },
    });
    assert.equal(status, 201, JSON.stringify(body));
    const next = Date.parse(body.nextRunAt);
    assert.equal((next - Date.parse(start)) % 5_400_000, 0);
    assert.ok(next >= Date.now() - 1000 && next - Date.now() <= 5_400_000);
    assert.deepEqual(body.schedule, { type: 'INTERVAL', intervalSeconds: 5400, start: '2020-01-01T00:00:00.000Z' });
    assert.deepEqual(body.parameters, { epochOffsetSeconds: 3600 });
    const noStart = await post(sc, { name: 'x', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 600 } });
    assert.equal(noStart.status, 201);
    assert.ok(Math.abs(Date.parse(noStart.body.schedule.start) - Date.now()) < 5000);
  });

  test('a cron with day-of-month and day-of-week fires on either (Vixie cron), checked against croner directly', async () => {
    const sc = await createSpacecraft(svc, key);
    const { body } = await post(sc, { ...OEM_TASK, schedule: { type: 'CRON', expression: '30 12 13 * FRI' } });
    const next = new Date(body.nextRunAt);
    assert.equal(next.getUTCHours(), 12);
    assert.equal(next.getUTCMinutes(), 30);
    assert.ok(next.getUTCDate() === 13 || next.getUTCDay() === 5);
    assert.equal(body.nextRunAt, new Cron('30 12 13 * 5', { timezone: 'UTC', paused: true }).nextRun()!.toISOString());
  });

  test('list is paged and sorted; unknown sort → 400', async () => {
    const sc = await createSpacecraft(svc, key);
    for (const name of ['b', 'a', 'c']) assert.equal((await post(sc, { ...OEM_TASK, name })).status, 201);
    const page = (await (await svc.request('GET', `${path(sc)}?sort=name,desc&size=2`, { key })).json()) as any;
    assert.deepEqual(page.content.map((t: any) => t.name), ['c', 'b']);
    assert.equal(page.totalElements, 3);
    assert.equal(page.totalPages, 2);
    const bad = await svc.request('GET', `${path(sc)}?sort=secret,asc`, { key });
    assert.equal(bad.status, 400);
    assert.ok('sort' in ((await bad.json()) as any).fieldErrors);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['cron with 6 fields', { ...OEM_TASK, schedule: { type: 'CRON', expression: '0 0 6 * * *' } }, 'schedule.expression'],
    ['cron minute 61', { ...OEM_TASK, schedule: { type: 'CRON', expression: '61 * * * *' } }, 'schedule.expression'],
    ['cron that never fires', { ...OEM_TASK, schedule: { type: 'CRON', expression: '0 0 31 2 *' } }, 'schedule.expression'],
    ['interval below 60 s', { ...OEM_TASK, schedule: { type: 'INTERVAL', intervalSeconds: 30 } }, 'schedule.intervalSeconds'],
    ['start without zone', { ...OEM_TASK, schedule: { type: 'INTERVAL', intervalSeconds: 60, start: '2026-01-01T00:00:00' } }, 'schedule.start'],
    ['one-off in the past', { ...OEM_TASK, schedule: { type: 'ONCE', at: '2001-01-01T00:00:00Z' } }, 'schedule'],
    ['span over 30 days', { ...OEM_TASK, parameters: { durationSeconds: 31 * 86400 } }, 'parameters.durationSeconds'],
    ['step below 60 s', { ...OEM_TASK, parameters: { timeBetweenPoints: 10 } }, 'parameters.timeBetweenPoints'],
    ['unknown frame', { ...OEM_TASK, parameters: { referenceFrame: 'J2000' } }, 'parameters.referenceFrame'],
    ['TLE parameter on an OEM task', { ...OEM_TASK, parameters: { epochOffsetSeconds: 5 } }, 'parameters'],
    ['no retention at all', { ...OEM_TASK, retention: { maxCount: null, maxAgeDays: null } }, 'retention'],
    ['unknown kind', { ...OEM_TASK, kind: 'GENERATE_CDM' }, 'kind'],
    ['blank name', { ...OEM_TASK, name: '  ' }, 'name'],
  ];
  for (const [label, body, field] of cases) {
    test(`${label} → 400 naming ${field}`, async () => {
      const sc = await createSpacecraft(svc, key);
      const { status, body: envelope } = await post(sc, body);
      assert.equal(status, 400, JSON.stringify(envelope));
      assert.equal(envelope.error, 'VALIDATION_ERROR');
      assert.ok(field in envelope.fieldErrors, `${field} in ${JSON.stringify(envelope.fieldErrors)}`);
      assert.equal(await countScheduledTasks(svc.db, (await svc.key({ organization: 'tasks-a' })).organizationId, sc), 0);
    });
  }
});

describe('patch and delete', () => {
  test('disable clears the next run, enable recomputes it; a new kind replaces the parameters; sent parameters merge', async () => {
    const sc = await createSpacecraft(svc, key);
    const { body: task } = await post(sc, { ...OEM_TASK, parameters: { durationSeconds: 7200, timeBetweenPoints: 120 } });
    const patch = async (json: unknown) => {
      const response = await svc.request('PATCH', path(sc, task.id), { key, json });
      return { status: response.status, body: (await response.json()) as any };
    };
    const disabled = await patch({ enabled: false });
    assert.equal(disabled.body.enabled, false);
    assert.equal(disabled.body.nextRunAt, null);
    const enabled = await patch({ enabled: true, schedule: { type: 'INTERVAL', intervalSeconds: 3600, start: '2026-01-01T00:00:00Z' } });
    assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
    assert.equal((Date.parse(enabled.body.nextRunAt) - Date.parse('2026-01-01T00:00:00Z')) % 3_600_000, 0);
    const merged = await patch({ parameters: { referenceFrame: 'ITRF' } });
    assert.equal(merged.body.parameters.durationSeconds, 7200);
    assert.equal(merged.body.parameters.referenceFrame, 'ITRF');
    const rekinded = await patch({ kind: 'GENERATE_TLE' });
    assert.deepEqual(rekinded.body.parameters, { epochOffsetSeconds: 0 });
    const invalid = await patch({ parameters: { epochOffsetSeconds: 1e9 } });
    assert.equal(invalid.status, 400);
    assert.ok('parameters.epochOffsetSeconds' in invalid.body.fieldErrors);
    assert.equal((await patch({ name: 'renamed' })).body.name, 'renamed');

    assert.equal((await svc.request('DELETE', path(sc, task.id), { key })).status, 204);
    assert.equal((await svc.request('GET', path(sc, task.id), { key })).status, 404);
    assert.equal((await svc.request('DELETE', path(sc, task.id), { key })).status, 404);
  });
});

describe('isolation and permissions', () => {
  test("another organization's craft and task are 404; wrong craft in the path is 404", async () => {
    const sc = await createSpacecraft(svc, key);
    const other = await createSpacecraft(svc, key);
    const { body: task } = await post(sc, OEM_TASK);
    for (const [method, url] of [['GET', path(sc, task.id)], ['PATCH', path(sc, task.id)], ['DELETE', path(sc, task.id)], ['GET', path(sc)]] as const) {
      const response = await svc.request(method, url, { key: otherKey, ...(method === 'PATCH' ? { json: { name: 'x' } } : {}) });
      assert.equal(response.status, 404, `${method} ${url}`);
    }
    assert.equal((await post(sc, OEM_TASK, otherKey)).status, 404);
    assert.equal((await svc.request('GET', path(other, task.id), { key })).status, 404);
    assert.ok(await findScheduledTaskById(svc.db, task.id));
  });

  test('read:tasks reads, write:tasks writes', async () => {
    const sc = await createSpacecraft(svc, key);
    const reader = (await svc.key({ organization: 'tasks-a', permissions: ['read:tasks'] })).secret;
    assert.equal((await post(sc, OEM_TASK, reader)).status, 403);
    assert.equal((await svc.request('GET', path(sc), { key: reader })).status, 200);
    const writer = (await svc.key({ organization: 'tasks-a', permissions: ['write:tasks'] })).secret;
    assert.equal((await post(sc, OEM_TASK, writer)).status, 201);
    assert.equal((await svc.request('GET', path(sc), { key: writer })).status, 403);
  });
});

test('migration 0010 keeps the placeholder rows: disabled UNSPECIFIED one-offs that still count for the lifecycle rule', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-migrate-'));
  try {
    const db = await openDatabase({ url: `file:${join(dir, 'old.db')}` });
    await migrate(db, MIGRATIONS.filter((m) => m.version < 10));
    await db.execute(`INSERT INTO organizations (id, name, created_at) VALUES ('org', 'org', '2026-01-01T00:00:00Z')`);
    // A craft, then two placeholder tasks as the old tables held them (today's code would write columns version 9 lacks).
    const craft = { id: 'sc-old' };
    await insertRow(db, 'spacecraft', { id: 'sc-old', organization_id: 'org', name: 'Old', name_folded: 'old', lifecycle_status: 'Active', body_shape: 'BOX' });
    await db.execute({
      sql: `INSERT INTO scheduled_tasks (id, spacecraft_id, organization_id, name, scheduled_at, created_at) VALUES (?, ?, 'org', ?, ?, ?)`,
      args: ['t1', craft.id, 'pass planning', '2031-01-01T00:00:00Z', '2026-01-02T00:00:00.000Z'],
    });
    await db.execute({
      sql: `INSERT INTO scheduled_tasks (id, spacecraft_id, organization_id, name, scheduled_at, created_at) VALUES (?, ?, 'org', ?, ?, ?)`,
      args: ['t2', craft.id, 'second', '2031-02-01T12:30:00Z', '2026-01-03T00:00:00.000Z'],
    });
    assert.deepEqual(await migrate(db), MIGRATIONS.filter((m) => m.version >= 10).map((m) => m.version));
    assert.equal(await countScheduledTasks(db, 'org', craft.id), 2);
    const t1 = (await findScheduledTaskById(db, 't1'))!;
    assert.equal(t1.name, 'pass planning');
    assert.equal(t1.kind, 'UNSPECIFIED');
    assert.equal(t1.enabled, false);
    assert.equal(t1.nextRunAt, null);
    assert.deepEqual(t1.schedule, { type: 'ONCE', at: '2031-01-01T00:00:00.000Z' });
    assert.equal(t1.createdAt, '2026-01-02T00:00:00.000Z');
    assert.deepEqual(await changeLifecycle(db, 'org', craft.id, { lifecycleStatus: 'Archived' }), { outcome: 'confirmation-required', taskCount: 2 });
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an UNSPECIFIED task cannot be enabled until it has a kind', async () => {
  const sc = await createSpacecraft(svc, key);
  const { body: task } = await post(sc, OEM_TASK);
  await svc.db.execute({ sql: `UPDATE scheduled_tasks SET kind = 'UNSPECIFIED', parameters = '{}', enabled = 0, next_run_at = NULL WHERE id = ?`, args: [task.id] });
  const refused = await svc.request('PATCH', path(sc, task.id), { key, json: { enabled: true } });
  assert.equal(refused.status, 400);
  assert.ok('enabled' in ((await refused.json()) as any).fieldErrors);
  const fixed = await svc.request('PATCH', path(sc, task.id), { key, json: { enabled: true, kind: 'GENERATE_OEM' } });
  assert.equal(fixed.status, 200);
  const body = (await fixed.json()) as any;
  assert.equal(body.kind, 'GENERATE_OEM');
  assert.ok(body.nextRunAt);
});
