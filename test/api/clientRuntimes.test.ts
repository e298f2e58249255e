/**
 * The generated client runs outside Node: on Deno with network permission only (what an edge runtime grants), and it
 * imports nothing but openapi-fetch (which itself imports nothing) and its generated types — no `node:` module, no
 * Node global — so a bundler for an edge runtime (Workers, Vercel Edge, Deno Deploy) takes it as it is.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { makeTdm } from '../helpers/tracking.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

const DENO = 'node_modules/.bin/deno';

describe('generated TypeScript client on other runtimes', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key({ organization: 'client-runtimes' })).secret;
  });
  after(async () => svc.close());

  test('imports: only openapi-fetch and the generated types; openapi-fetch imports nothing', () => {
    const source = readFileSync('clients/typescript/index.ts', 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const imports = [...source.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    assert.deepEqual(imports, ['openapi-fetch', './schema.d.ts']);
    assert.doesNotMatch(source, /\b(process|Buffer|require)\b|__dirname/, 'no Node global');
    const library = readFileSync('node_modules/openapi-fetch/dist/index.mjs', 'utf8');
    assert.doesNotMatch(library, /^\s*import\s|\brequire\(/m, 'openapi-fetch has no imports');
  });

  test('Deno (--allow-net only): health, a spacecraft, a state, generate-oem with the two dates, a multipart inspect', async (t) => {
    if (!existsSync(DENO)) {
      t.skip('no Deno binary in node_modules/.bin (npm ci installs it as a dev dependency)');
      return;
    }
    const tdm = makeTdm({ participants: ['DSS-65', 'DENO-CLIENT-SAT'], start: '2026-10-01T00:00:00', count: 3 });
    const script = `
      import { createApsisClient, inspectFile } from './clients/typescript/index.ts';
      const apsis = createApsisClient({ baseUrl: ${JSON.stringify(svc.baseUrl)}, apiKey: ${JSON.stringify(key)} });
      const health = await apsis.GET('/health');
      const craft = await apsis.POST('/operations/spacecraft', {
        body: { name: 'DENO-CLIENT-SAT', launchMass: 500, dryMass: 500, dragArea: 1, srpArea: 1 },
      });
      const state = await apsis.POST('/operations/state-vectors', {
        body: { spacecraftId: craft.data!.id, epoch: '2023-02-10T00:00:00Z', referenceFrame: 'GCRF', mass: 500,
                position: [6878.137, 0, 0], velocity: [0, 4.7283, 5.9661] },
      });
      const oem = await apsis.POST('/operations/state-vectors/{id}/generate-oem', {
        params: { path: { id: state.data!.id } },
        body: { initialDate: '2023-02-10T00:00:00Z', finalDate: '2023-02-10T00:10:00Z' },
        parseAs: 'text',
      });
      const inspect = await apsis.POST('/operations/measurements/inspect', { ...inspectFile({ name: 'deno.tdm', content: ${JSON.stringify(tdm)} }) });
      console.log(JSON.stringify({
        health: [health.response.status, health.data?.status],
        craft: craft.response.status,
        state: state.response.status,
        oem: [oem.response.status, (oem.data ?? '').split('\\n').filter((l) => /^2023-02-10T/.test(l)).length],
        inspect: [inspect.response.status, inspect.data?.filename, inspect.data?.measurementCount],
      }));
    `;
    // A script on stdin, resolved from the repository (deno.json: node_modules for openapi-fetch); network only.
    // Asynchronously: the service under test runs in this process and must keep answering meanwhile.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(DENO, ['run', '--allow-net=127.0.0.1', '-'], { stdio: ['pipe', 'pipe', 'pipe'], timeout: 110_000 });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(script);
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    assert.deepEqual(result, {
      health: [200, 'UP'],
      craft: 201,
      state: 201,
      oem: [200, 11], // every 60 s (the default step) over 10 minutes, both ends
      inspect: [200, 'deno.tdm', 6], // 3 ranges and 3 az/el pairs (makeTdm)
    });
  });
});
