/**
 * Stored-maneuver benchmark through the HTTP app (app.fetch, no sockets): import of one OCM with 1,000 thrust
 * maneuvers (2 burn segments each), export of the same 1,000 (range → one OCM; by ids → 10 ZIP requests of 100),
 * the list read with conflict marking, a JSON batch create of 1,000, and an export → delete → re-import cycle.
 *
 * Usage: `npm run bench:maneuvers` (in-memory libSQL), or `DATABASE_URL=file:/tmp/bench.db npm run bench:maneuvers`.
 */
import { rmSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { writeOcmManeuvers, type OcmManeuverToWrite } from '../engine/files/ocm/ocmWriter.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { loadConfig } from '../api/config.ts';
import { startService } from '../api/service.ts';
import { localFilePath } from '../storage/sql/db.ts';
import { BENCH_API_KEY } from './lib/server.ts';

const COUNT = 1000;
const databaseUrl = process.env.DATABASE_URL ?? ':memory:';
const localPath = localFilePath(databaseUrl);
if (localPath) rmSync(localPath, { force: true });

const secret = BENCH_API_KEY;
const service = await startService({
  ...loadConfig({}),
  databaseUrl,
  workers: 1,
  port: 0,
  maxUploadBytes: 200 * 1024 * 1024,
  bootstrapApiKey: secret,
});

async function call(method: string, path: string, body?: BodyInit, contentType?: string): Promise<Response> {
  // identity: fetch asks for gzip by default; these figures are of the work, not of compression (bench:compression).
  const headers = new Headers({ Authorization: `Bearer ${secret}`, 'Accept-Encoding': 'identity' });
  if (contentType) headers.set('Content-Type', contentType);
  return await service.app.fetch(new Request(`http://bench${path}`, { method, headers, body }), { remoteAddress: '127.0.0.1' });
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

async function timed<T>(label: string, work: () => Promise<T>, note = ''): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(58)} ${ms.toFixed(1).padStart(9)} ms${note ? `  ${note}` : ''}`);
  return result;
}

async function createCraft(name: string): Promise<string> {
  const response = await expectStatus(
    await call('POST', '/operations/spacecraft', JSON.stringify({ name, launchMass: 1500, cosparId: `2025-${name}` }), 'application/json'),
    201,
    'create spacecraft',
  );
  return ((await response.json()) as { id: string }).id;
}

const t0 = Epoch.parseInstant('2026-01-01T00:00:00Z');
/** Maneuver k: two 60 s burns 10 min apart, one hour per maneuver (no overlaps). */
function ocmFile(craftId: string): string {
  const maneuvers: OcmManeuverToWrite[] = Array.from({ length: COUNT }, (_, k) => ({
    id: `BURN-${String(k).padStart(4, '0')}`,
    deviceId: 'THR_1',
    refFrame: 'RTN',
    purpose: 'station keeping',
    rows: [0, 600].map((offset) => ({
      timeAbsolute: t0.plusSeconds(k * 3600 + offset).toString('UTC', 3),
      durationS: 60,
      thrustXN: 0,
      thrustYN: 0.4 + (k % 7) * 0.01,
      thrustZN: 0.02,
      ispS: 220,
    })),
  }));
  return writeOcmManeuvers({
    creationDate: '2025-12-31T00:00:00',
    originator: 'BENCH',
    objectName: 'bench craft',
    objectDesignator: craftId,
    epochTzero: t0.toString('UTC', 3),
    wetMassKg: 1500,
    maneuvers,
  });
}

console.log(`Stored maneuvers benchmark: ${COUNT} maneuvers × 2 segments, database ${databaseUrl}`);
const craft = await createCraft('A');
const text = ocmFile(craft);
const ids = Array.from({ length: COUNT }, (_, k) => `BURN-${String(k).padStart(4, '0')}`);
const endDate = t0.plusSeconds(COUNT * 3600).toIsoString();
const range = `spacecraftIds=${craft}&startDate=${t0.toIsoString()}&endDate=${endDate}`;

await timed('import: 1 OCM file with 1,000 maneuvers', async () => {
  const form = new FormData();
  form.append('files', new Blob([text]), 'bench.ocm');
  const response = await expectStatus(await call('POST', '/operations/maneuvers/import', form), 200, 'import');
  const body = (await response.json()) as { results: Array<{ maneuverIds: string[] }> };
  if (body.results[0]!.maneuverIds.length !== COUNT) throw new Error('import count');
}, `(${(text.length / 1024).toFixed(0)} KiB)`);

await timed('list: 1,000 items with derived values and conflict marks', async () => {
  const response = await expectStatus(await call('GET', `/operations/maneuvers?${range}`), 200, 'list');
  if (((await response.json()) as { totalCount: number }).totalCount !== COUNT) throw new Error('list count');
});

const exported = await timed('export by range: 1,000 maneuvers → one OCM', async () => {
  const response = await expectStatus(await call('GET', `/operations/maneuvers/export?${range}`), 200, 'export');
  return await response.text();
});
if ((exported.match(/^MAN_ID/gm) ?? []).length !== COUNT) throw new Error('export count');

await timed('export by ids: 10 requests × 100 ids → ZIPs of 100 OCMs', async () => {
  let files = 0;
  for (let i = 0; i < COUNT; i += 100) {
    const query = ids.slice(i, i + 100).map((id) => `maneuverIds=${id}`).join('&');
    const response = await expectStatus(await call('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&${query}`), 200, 'export ids');
    files += Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer()))).length;
  }
  if (files !== COUNT) throw new Error('zip count');
});

await timed('delete: 1,000 records one by one', async () => {
  for (const id of ids) await expectStatus(await call('DELETE', `/operations/maneuvers/${id}?spacecraftId=${craft}`), 204, 'delete');
});

await timed('re-import of the exported OCM (1,000 maneuvers)', async () => {
  const form = new FormData();
  form.append('files', new Blob([exported]), 'exported.ocm');
  await expectStatus(await call('POST', '/operations/maneuvers/import', form), 200, 're-import');
});

const second = await createCraft('B');
await timed('JSON batch create: 1,000 maneuvers in one atomic request', async () => {
  const maneuvers = ids.map((id, k) => ({
    spacecraftId: second,
    name: id,
    attitudeMode: 'TNW',
    composition: [{ referenceEpoch: t0.plusSeconds(k * 3600).toIsoString(), duration: 60, thrX: 0, thrY: 1, thrZ: 0, thrISP: 300, attitudeMode: 'TNW' }],
  }));
  await expectStatus(await call('POST', '/operations/maneuvers', JSON.stringify({ maneuvers }), 'application/json'), 201, 'create');
});

const zipSample = await call('GET', `/operations/maneuvers/export?spacecraftIds=${craft},${second}&startDate=${t0.toIsoString()}&endDate=${endDate}`);
const entries = unzipSync(new Uint8Array(await zipSample.arrayBuffer()));
console.log(`range export of 2 craft: ZIP entries ${Object.keys(entries).map((n) => `${n} (${(strFromU8(entries[n]!).length / 1024).toFixed(0)} KiB)`).join(', ')}`);

await service.close();
