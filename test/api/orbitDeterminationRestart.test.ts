/**
 * kill -9 during an orbit-determination job: a real server process (api/server.ts) is killed
 * with SIGKILL while its job is RUNNING; a new process on the same database takes the job over once the lease
 * (JOB_LEASE_MS) has expired and finishes it cleanly, exactly once.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { RequestOptions } from '../helpers/service.ts';
import { NODE_SERVER_ARGS } from '../helpers/serverProcess.ts';
import { setUpScenario, storeState } from '../helpers/odScenario.ts';

const KEY = 'restart-test-key-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'apsis-od-restart-'));
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The Node server (`node --import tsx api/server.ts`, or its bundle under the test runner) on the shared database file; resolves with its base URL once listening. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [...NODE_SERVER_ARGS], {
    env: { ...process.env, PORT: '0', DATABASE_URL: `file:${join(dir, 'od.db')}`, BOOTSTRAP_API_KEY: KEY, WORKERS: '1', JOB_LEASE_MS: '2000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /APSIS_LISTENING port=(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on('data', () => undefined);
    child.once('exit', (code, signal) => reject(new Error(`server exited early (${code ?? signal})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** The TestService-like `request` over real HTTP. */
function client(base: string) {
  return {
    async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
      const headers = new Headers(options.headers);
      headers.set('Authorization', `Bearer ${options.key ?? KEY}`);
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers.set('Content-Type', 'application/json');
      }
      return await fetch(base + path, { method, headers, body });
    },
  };
}

test('kill -9 while an orbit determination runs: after a restart the job is taken over and finishes cleanly', async () => {
  let server = await startServer();
  let api = client(server.base);
  const scenario = await setUpScenario(api, KEY, 'V2');
  const apriori = scenario.truth.a_priori_state_gcrf;
  const aprioriId = await storeState(api, KEY, scenario, apriori.pos_km, apriori.vel_km_s);
  const body = { spacecraftId: scenario.spacecraftId, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-11T00:00:00Z', aprioriStateVectorId: aprioriId };

  // Start jobs until one is caught RUNNING (a fit takes well over the 20 ms poll interval), then SIGKILL the server.
  let jobId: string | null = null;
  for (let attempt = 0; attempt < 3 && !jobId; attempt++) {
    const started = await (await api.request('POST', '/operations/orbit-determinations', { json: body })).json();
    for (;;) {
      const job = await (await api.request('GET', `/operations/orbit-determinations/${started.id}`)).json();
      if (job.status === 'RUNNING') {
        server.child.kill('SIGKILL');
        await new Promise((resolve) => server.child.once('exit', resolve));
        jobId = started.id;
        break;
      }
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  assert.ok(jobId, 'a job was caught RUNNING and its server killed');

  server = await startServer();
  api = client(server.base);
  const until = Date.now() + 240_000;
  let job: any;
  for (;;) {
    job = await (await api.request('GET', `/operations/orbit-determinations/${jobId}`)).json();
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') break;
    assert.ok(Date.now() < until, `job still ${job.status} after the restart`);
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(job.status, 'SUCCEEDED', job.error);
  assert.equal(job.attempts, 2, 'run once before the kill, once after');
  assert.equal(job.converged, true);
  assert.equal(job.residualCount, 205);
  const residuals = await (await api.request('GET', `/operations/orbit-determinations/${jobId}/residuals?size=1`)).json();
  assert.equal(residuals.totalElements, 205, 'residuals written once');
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
});
