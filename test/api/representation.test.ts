/**
 * Compression and conditional GET over a real socket (api/middleware/representation.ts).
 *
 * On both runtimes (`npm start` and `deno task start`, each in its own process): Accept-Encoding negotiated (gzip, br,
 * zstd where the runtime has it — Deno yes, Node 20 no —, identity; q-values), the bytes received decoded with an
 * independent decoder (node:zlib for gzip and Brotli; Deno's zstd for zstd) and compared with the identity body byte for
 * byte; `*;q=0` / `identity;q=0` → 406 on a GET, identity on a POST; a body under 1 KiB sent as it is; a ZIP never
 * recoded; per-coding strong ETags and If-None-Match → 304 with and without compression; If-Match taking a coded tag.
 *
 * On the Node test service: every GET operation of the document whose 200 carries an ETag is visited with a concrete
 * resource and answers If-None-Match with 304 and no body (identity and gzip); a new ETag GET fails the test until it
 * is added here. Figures (sizes, event-loop blocks while coding a 30-day OEM) are printed by `npm run bench:compression`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { OpenApiContract } from '../helpers/openapiContract.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { setUpScenario, storeState } from '../helpers/odScenario.ts';
import { maneuver, segment } from './maneuvers.helpers.ts';
import { DEFAULT_PHYSICS, SSO_EPOCH, ssoState } from './stateVectors.helpers.ts';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
/** Four panels: the spacecraft record is then well over 1 KiB (coded); without them it is under (sent as it is). */
const PANELS = ['PX', 'MX', 'PY', 'MY'].map((name, i) => ({ name, lengthM: 2 + i, widthM: 1, mountAxisPreset: ['PLUS_X', 'MINUS_X', 'PLUS_Y', 'MINUS_Y'][i] }));

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body exactly as it came over the wire (no decoding). */
  body: Buffer;
}

/** One exchange with node:http, which decodes nothing (fetch would undo the content coding under the test). */
function raw(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** zstd decoded by Deno's node:zlib (Node 20 has no zstd; Deno is a dev dependency of the project). */
function zstdDecode(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'node_modules/.bin/deno',
      ['eval', 'import zlib from "node:zlib"; const input = new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer()); Deno.stdout.writeSync(zlib.zstdDecompressSync(input));'],
      { encoding: 'buffer', maxBuffer: 64 * 2 ** 20 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(bytes);
  });
}

/** The body of a response decoded by the coding its Content-Encoding names. */
async function decoded(response: RawResponse): Promise<Buffer> {
  const coding = response.headers['content-encoding'];
  if (coding === undefined) return response.body;
  if (coding === 'gzip') return gunzipSync(response.body);
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'zstd') return await zstdDecode(response.body);
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

/** `"abc"` → `"abc-gzip"`: the tag of a coded representation (api/http/preconditions.ts). */
const coded = (tag: string, coding: string) => `${tag.slice(0, -1)}-${coding}"`;

const varyOf = (response: RawResponse) => String(response.headers.vary ?? '').split(',').map((t) => t.trim().toLowerCase());

for (const runtime of RUNTIMES) {
  describe(`content coding and conditional GET (${runtime})`, { timeout: 240_000 }, () => {
    let svc: WireService;
    let auth: Record<string, string>;
    let big: string;
    let small: string;
    let identityBody: Buffer;
    let identityTag: string;
    before(async () => {
      svc = await startWireService(runtime);
      auth = { Authorization: `Bearer ${(await svc.key()).secret}` };
      const craft = async (json: unknown) => (await (await svc.request('POST', '/operations/spacecraft', { key: auth.Authorization!.slice(7), json })).json()).id as string;
      big = `/operations/spacecraft/${await craft({ name: `BIG-${runtime}`, panels: PANELS, forceModel: J2_ONLY, ...DEFAULT_PHYSICS })}`;
      small = `/operations/spacecraft/${await craft({ name: `SMALL-${runtime}` })}`;
      const plain = await raw(svc.baseUrl, 'GET', big, auth);
      identityBody = plain.body;
      identityTag = String(plain.headers.etag);
    });
    after(async () => svc?.close());

    test('Accept-Encoding negotiated: gzip, br, zstd where the runtime has it, identity; q-values; Vary on every JSON answer', async () => {
      assert.ok(identityBody.length > 1500, `the record is ${identityBody.length} bytes`);
      const plain = await raw(svc.baseUrl, 'GET', big, auth);
      assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: identity');
      assert.equal(plain.headers['content-length'], String(identityBody.length));
      assert.ok(varyOf(plain).includes('accept-encoding'), `Vary: ${plain.headers.vary}`);
      const zstd = runtime === 'deno' ? 'zstd' : undefined; // Node 20's zlib has no zstd (22.15+ does)
      const cases: Array<[string, string | undefined]> = [
        ['gzip', 'gzip'],
        ['br', 'br'],
        ['gzip, deflate, br', 'br'], // equal q: our order (br first)
        ['br;q=0.5, gzip', 'gzip'],
        ['gzip;q=0.2, identity;q=0.9', undefined], // identity preferred
        ['br;q=0, gzip;q=0', undefined],
        ['deflate', undefined], // not offered
        ['zstd', zstd],
        ['*', 'br'],
        ['', undefined], // empty: identity only
        ['GZIP', 'gzip'], // codings are case-insensitive
      ];
      for (const [acceptEncoding, expected] of cases) {
        const response = await raw(svc.baseUrl, 'GET', big, { ...auth, 'Accept-Encoding': acceptEncoding });
        assert.equal(response.status, 200, acceptEncoding);
        assert.equal(response.headers['content-encoding'], expected, `Accept-Encoding: ${acceptEncoding}`);
        assert.ok(varyOf(response).includes('accept-encoding'), `${acceptEncoding}: Vary ${response.headers.vary}`);
        assert.ok((await decoded(response)).equals(identityBody), `${acceptEncoding}: the decoded body is the identity body`);
        if (expected) {
          assert.equal(response.headers['content-length'], undefined, `${acceptEncoding}: streamed (no Content-Length)`);
          assert.ok(response.body.length < identityBody.length / 2, `${acceptEncoding}: ${response.body.length} of ${identityBody.length} bytes`);
          assert.equal(response.headers.etag, coded(identityTag, expected), `${acceptEncoding}: the ETag of the coded representation`);
        } else {
          assert.equal(response.headers.etag, identityTag);
        }
      }
      // Under 1 KiB: sent as it is, with Vary (a larger version of the same resource would be coded).
      const little = await raw(svc.baseUrl, 'GET', small, { ...auth, 'Accept-Encoding': 'gzip, br' });
      assert.equal(little.headers['content-encoding'], undefined);
      assert.ok(little.body.length < 1024, `${little.body.length} bytes`);
      assert.equal(little.headers['content-length'], String(little.body.length));
      assert.ok(varyOf(little).includes('accept-encoding'));
      // A POST's text answer (an OEM) is coded too.
      const sc = await (await svc.request('POST', '/operations/spacecraft', { key: auth.Authorization!.slice(7), json: { name: `OEM-${runtime}`, forceModel: J2_ONLY, ...DEFAULT_PHYSICS } })).json();
      const sv = await (await svc.request('POST', '/operations/state-vectors', { key: auth.Authorization!.slice(7), json: ssoState(sc.id) })).json();
      // 12 h at 60 s: ~89 KB, more than one of api/http/textBody.ts's 64 Ki-character slices.
      const span = JSON.stringify({ initialDate: SSO_EPOCH, finalDate: '2023-03-08T18:30:00Z', timeBetweenPoints: 60 });
      const oemPlain = await raw(svc.baseUrl, 'POST', `/operations/state-vectors/${sv.id}/generate-oem`, auth, span);
      assert.equal(oemPlain.status, 200);
      assert.ok(oemPlain.body.length > 65_536, `OEM: ${oemPlain.body.length} bytes`);
      // Streamed in slices, yet its length is declared, and it is whole (721 data lines, the last one complete).
      assert.equal(oemPlain.headers['content-length'], String(oemPlain.body.length));
      const dataLines = oemPlain.body.toString().split('\n').filter((line) => line.startsWith('2023-03-08T'));
      assert.equal(dataLines.length, 721);
      assert.match(dataLines.at(-1)!, /^2023-03-08T18:30:00(\.0+)?Z?( +\S+){6}$/);
      const oemBr = await raw(svc.baseUrl, 'POST', `/operations/state-vectors/${sv.id}/generate-oem`, { ...auth, 'Accept-Encoding': 'br' }, span);
      assert.equal(oemBr.status, 200);
      assert.equal(oemBr.headers['content-encoding'], 'br');
      // The OEM's CREATION_DATE differs between two generations: compare what follows the header.
      const afterHeader = (text: string) => text.slice(text.indexOf('META_START'));
      assert.equal(afterHeader((await decoded(oemBr)).toString()), afterHeader(oemPlain.body.toString()));
      assert.ok(oemBr.body.length < oemPlain.body.length / 2, `OEM: ${oemBr.body.length} of ${oemPlain.body.length} bytes`);
    });

    test('Accept-Encoding refusing identity: *;q=0 and identity;q=0 → 406 on a GET; a coding still acceptable is used whatever the size; a POST is answered', async () => {
      for (const acceptEncoding of ['*;q=0', 'identity;q=0', 'identity;q=0, deflate', '*;q=0, compress']) {
        const response = await raw(svc.baseUrl, 'GET', big, { ...auth, 'Accept-Encoding': acceptEncoding });
        assert.equal(response.status, 406, acceptEncoding);
        const envelope = JSON.parse(response.body.toString());
        assert.equal(envelope.error, 'NOT_ACCEPTABLE');
        assert.equal(envelope.details.acceptEncoding, acceptEncoding);
        assert.ok(varyOf(response).includes('accept-encoding'));
      }
      // identity;q=1 explicitly beats *;q=0.
      assert.equal((await raw(svc.baseUrl, 'GET', big, { ...auth, 'Accept-Encoding': '*;q=0, identity' })).headers['content-encoding'], undefined);
      const forced = await raw(svc.baseUrl, 'GET', small, { ...auth, 'Accept-Encoding': 'gzip, identity;q=0' });
      assert.equal(forced.status, 200);
      assert.equal(forced.headers['content-encoding'], 'gzip', 'identity refused: even a small body is coded');
      assert.equal(JSON.parse((await decoded(forced)).toString()).name, `SMALL-${runtime}`);
      // A write's effect has happened: its answer is sent (as identity), never replaced by a 406.
      const created = await raw(svc.baseUrl, 'POST', '/operations/spacecraft', { ...auth, 'Accept-Encoding': '*;q=0' }, JSON.stringify({ name: `Q0-${runtime}` }));
      assert.equal(created.status, 201);
      assert.equal(created.headers['content-encoding'], undefined);
    });

    test('ETag and If-None-Match with and without compression: 304 with no body; If-Match takes the coded tag', async () => {
      const notModified = async (headers: Record<string, string>, tag: string, method = 'GET') => {
        const response = await raw(svc.baseUrl, method, big, { ...auth, ...headers });
        assert.equal(response.status, 304, `${method} ${JSON.stringify(headers)}`);
        assert.equal(response.body.length, 0);
        assert.equal(response.headers.etag, tag);
        assert.equal(response.headers['content-encoding'], undefined);
        assert.equal(response.headers['content-type'], undefined);
        assert.ok(varyOf(response).includes('accept-encoding'), 'a 304 carries the Vary of its 200');
      };
      await notModified({ 'If-None-Match': identityTag }, identityTag);
      await notModified({ 'If-None-Match': `W/${identityTag}` }, identityTag);
      await notModified({ 'If-None-Match': `"nope", ${identityTag}` }, identityTag);
      await notModified({ 'If-None-Match': '*' }, identityTag);
      await notModified({ 'If-None-Match': identityTag }, identityTag, 'HEAD');
      const gzipTag = coded(identityTag, 'gzip');
      await notModified({ 'Accept-Encoding': 'gzip', 'If-None-Match': gzipTag }, gzipTag);
      await notModified({ 'Accept-Encoding': 'gzip', 'If-None-Match': `W/${gzipTag}` }, gzipTag);
      await notModified({ 'Accept-Encoding': 'br', 'If-None-Match': `${gzipTag}, ${coded(identityTag, 'br')}` }, coded(identityTag, 'br'));
      // Another representation's tag does not match this one's (RFC 9110 §13.1.2 compares the selected representation).
      const other = await raw(svc.baseUrl, 'GET', big, { ...auth, 'Accept-Encoding': 'gzip', 'If-None-Match': identityTag });
      assert.equal(other.status, 200);
      assert.equal(other.headers.etag, gzipTag);
      assert.equal((await raw(svc.baseUrl, 'GET', big, { ...auth, 'If-None-Match': '"changed"' })).status, 200);
      // HEAD with a coding: the headers of the coded GET, no body.
      const head = await raw(svc.baseUrl, 'HEAD', big, { ...auth, 'Accept-Encoding': 'gzip' });
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-encoding'], 'gzip');
      assert.equal(head.headers.etag, gzipTag);
      // If-Match takes the tag a compressed GET sent; afterwards the old one (either form) is stale.
      const patch = (ifMatch: string) => raw(svc.baseUrl, 'PATCH', big, { ...auth, 'If-Match': ifMatch }, JSON.stringify({ color: '#00FF00' }));
      const patched = await patch(gzipTag);
      assert.equal(patched.status, 200, patched.body.toString());
      assert.notEqual(patched.headers.etag, identityTag);
      for (const stale of [gzipTag, identityTag]) {
        const refused = await patch(stale);
        assert.equal(refused.status, 412, stale);
        assert.equal(JSON.parse(refused.body.toString()).details.etag, patched.headers.etag);
      }
      identityTag = String(patched.headers.etag);
      identityBody = (await raw(svc.baseUrl, 'GET', big, auth)).body;
    });

    test('a ZIP is sent as it is stored, whatever Accept-Encoding says; its ETag and If-None-Match still work', async () => {
      const key = auth.Authorization!.slice(7);
      const sc = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: `ZIP-${runtime}`, cosparId: '2023-042A', forceModel: J2_ONLY, ...DEFAULT_PHYSICS } })).json();
      const sv = await (await svc.request('POST', '/operations/state-vectors', { key, json: ssoState(sc.id) })).json();
      const started = await (await svc.request('POST', '/operations/ephemerides/batch', { key, json: { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600, items: [{ stateVectorId: sv.id }] } })).json();
      let batch: Record<string, any> = started;
      for (const deadline = Date.now() + 120_000; ['QUEUED', 'RUNNING'].includes(batch.status); ) {
        assert.ok(Date.now() < deadline, 'the batch ends');
        await new Promise((resolve) => setTimeout(resolve, 100));
        batch = await (await svc.request('GET', `/operations/ephemerides/batch/${started.id}`, { key })).json();
      }
      assert.equal(batch.status, 'SUCCEEDED', JSON.stringify(batch));
      const meta = await (await svc.request('GET', `/operations/products/${batch.productId}`, { key })).json();
      assert.equal(meta.mediaType, 'application/zip');
      const path = `/operations/products/${batch.productId}/content`;
      const zip = await raw(svc.baseUrl, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip, br, zstd' });
      assert.equal(zip.status, 200);
      assert.equal(zip.headers['content-encoding'], undefined, 'a ZIP is not recoded');
      assert.equal(zip.headers['content-type'], 'application/zip');
      assert.equal(zip.headers['content-length'], String(meta.sizeBytes));
      assert.equal(createHash('sha256').update(zip.body).digest('hex'), meta.contentSha256);
      assert.equal(zip.headers.etag, `"${meta.contentSha256}"`);
      assert.match(strFromU8(Object.values(unzipSync(zip.body)).find((_, i) => i === 0)!), /CCSDS_OEM_VERS/);
      const again = await raw(svc.baseUrl, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip, br', 'If-None-Match': String(zip.headers.etag) });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  });
}

describe('every GET that sends an ETag answers If-None-Match with 304 (Node test service)', { timeout: 300_000 }, () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await createTestService({ workers: 2 });
    key = (await svc.key()).secret;
  });
  after(async () => svc?.close());

  const json = async (method: string, path: string, options: Parameters<TestService['request']>[2] = {}) => {
    const response = await svc.request(method, path, { key, ...options });
    assert.ok(response.status < 300, `${method} ${path} → ${response.status} ${await response.clone().text()}`);
    return { body: response.status === 204 ? null : ((await response.json()) as any), response };
  };
  const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (const deadline = Date.now() + 180_000; ; ) {
      const value = await read();
      if (done(value)) return value;
      assert.ok(Date.now() < deadline, `${what} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  test('each documented ETag GET, with a resource of its kind: identity and gzip, GET and HEAD', async () => {
    const document = await (await svc.request('GET', '/openapi.json')).json();
    const contract = new OpenApiContract(document);
    const etagGets = Object.entries<Record<string, any>>(document.paths)
      .filter(([, item]) => item.get?.responses?.['200']?.headers?.ETag)
      .map(([path]) => path);

    // One resource of each kind: craft, thruster, payload, state vector, maneuver, station, task, upload job, OD, batch, products.
    const craft = (await json('POST', '/operations/spacecraft', { json: { name: 'ETAG-SAT', cosparId: '2023-042A', panels: PANELS, forceModel: J2_ONLY, ...DEFAULT_PHYSICS } })).body.id;
    const thruster = (await json('POST', `/operations/spacecraft/${craft}/thrusters`, { json: { name: 'T', thrustN: 1, ispS: 220, direction: { x: 0, y: 0, z: 1 } } })).body.id;
    const payload = (await json('POST', `/operations/spacecraft/${craft}/payloads`, { json: { name: 'P', type: 'CAMERA' } })).body.id;
    const sv = (await json('POST', '/operations/state-vectors', { json: ssoState(craft) })).body.id;
    const maneuverPath = (await json('POST', '/operations/maneuvers', { json: { maneuvers: [maneuver(craft, 'ETAG-1', [segment('2030-01-01T00:00:00Z', 10)])] } })).response.headers.get('location')!;
    const station = (await json('POST', '/operations/ground-stations', { json: { name: 'ETAG-STATION', latitudeDeg: 10, longitudeDeg: 20, heightM: 0 } })).body.id;
    // A scheduled OEM of the next 3 h (a text product): it propagates a state of now.
    await json('POST', '/operations/state-vectors', { json: ssoState(craft, { epoch: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString() }) });
    const task = (await json('POST', `/operations/spacecraft/${craft}/tasks`, { json: { name: 'oem soon', kind: 'GENERATE_OEM', schedule: { type: 'ONCE', at: new Date(Date.now() + 500).toISOString() }, parameters: { durationSeconds: 10_800, timeBetweenPoints: 60 } } })).body.id;
    const upload = (await json('POST', '/operations/measurements', { body: filesForm([{ name: 'etag.tdm', content: makeTdm({ participants: ['DSS-1', 'ETAG-SAT'], start: '2026-11-01T00:00:00', count: 3 }) }]) })).body;
    await svc.jobRunner.drain();
    const batchId = (await json('POST', '/operations/ephemerides/batch', { json: { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600, items: [{ stateVectorId: sv }] } })).body.id;
    const batch = await until('the batch', async () => (await json('GET', `/operations/ephemerides/batch/${batchId}`)).body, (b) => !['QUEUED', 'RUNNING'].includes(b.status));
    assert.equal(batch.status, 'SUCCEEDED');
    const textProduct: Array<{ id: string }> = await until('the task product', async () => (await json('GET', `/operations/products?taskId=${task}`)).body.content as Array<{ id: string }>, (c) => c.length > 0);
    const scenario = await setUpScenario(svc, key, 'V2');
    const truth = scenario.truth.truth_state_at_od_epoch_gcrf;
    const apriori = await storeState(svc, key, scenario, truth.pos_km, truth.vel_km_s);
    const od = (await json('POST', '/operations/orbit-determinations', { json: { spacecraftId: scenario.spacecraftId, startDate: '2023-02-10T00:00:00Z', endDate: '2023-02-10T06:00:00Z', aprioriStateVectorId: apriori } })).body.id;
    await until('the orbit determination', async () => (await json('GET', `/operations/orbit-determinations/${od}`)).body, (j) => !['QUEUED', 'RUNNING'].includes(j.status));

    const concrete = [
      `/operations/spacecraft/${craft}`,
      `/operations/spacecraft/${craft}/thrusters/${thruster}`,
      `/operations/spacecraft/${craft}/payloads/${payload}`,
      maneuverPath,
      `/operations/state-vectors/latest?spacecraftId=${craft}`,
      `/operations/state-vectors/${sv}`,
      `/operations/ground-stations/${station}`,
      `/operations/spacecraft/${craft}/tasks/${task}`,
      `/operations/measurements/jobs/${upload.results[0].jobId}`,
      `/operations/orbit-determinations/${od}`,
      `/operations/ephemerides/batch/${batchId}`,
      `/operations/products/${batch.productId}`,
      `/operations/products/${batch.productId}/content`,
      `/operations/products/${textProduct[0].id}/content`,
      // The organization's conjunction settings (defaults until set): one resource per organization.
      '/operations/conjunctions/settings',
    ];
    const visited = new Set<string>();
    for (const path of concrete) {
      const operation = contract.operationFor('GET', new URL(path, 'http://x').pathname)!;
      assert.ok(operation, `${path} is a documented GET`);
      visited.add(operation.template);
      for (const acceptEncoding of ['identity', 'gzip']) {
        const first = await svc.request('GET', path, { key, headers: { 'Accept-Encoding': acceptEncoding } });
        assert.equal(first.status, 200, `${path}: ${await first.clone().text()}`);
        await first.arrayBuffer();
        const tag = first.headers.get('etag');
        assert.ok(tag, `${path} sends an ETag`);
        for (const method of ['GET', 'HEAD']) {
          const again = await raw(svc.baseUrl, method, path, { Authorization: `Bearer ${key}`, 'Accept-Encoding': acceptEncoding, 'If-None-Match': tag });
          assert.equal(again.status, 304, `${method} ${path} (${acceptEncoding}) with If-None-Match ${tag}`);
          assert.equal(again.body.length, 0);
          assert.equal(again.headers.etag, tag);
          // The 304 goes through the harness's contract check too (documented, no body).
          if (method === 'GET') assert.equal((await svc.request('GET', path, { key, headers: { 'Accept-Encoding': acceptEncoding, 'If-None-Match': tag } })).status, 304);
        }
      }
    }
    // A text product (stored deflated in pieces) is recoded for the caller; a byte range stays identity.
    const meta = (await json('GET', `/operations/products/${textProduct[0].id}`)).body;
    const contentPath = `/operations/products/${textProduct[0].id}/content`;
    const gz = await raw(svc.baseUrl, 'GET', contentPath, { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers.etag, coded(`"${meta.contentSha256}"`, 'gzip'));
    assert.equal(createHash('sha256').update(await decoded(gz)).digest('hex'), meta.contentSha256);
    assert.ok(gz.body.length < meta.sizeBytes / 2, `${gz.body.length} of ${meta.sizeBytes} bytes`);
    const range = await raw(svc.baseUrl, 'GET', contentPath, { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'gzip', Range: 'bytes=0-99' });
    assert.equal(range.status, 206);
    assert.equal(range.headers['content-encoding'], undefined, 'a byte range is of the identity representation');
    assert.equal(range.body.length, 100);
    assert.equal(range.headers.etag, `"${meta.contentSha256}"`);
    const unvisited = etagGets.filter((template) => !visited.has(template));
    assert.deepEqual(unvisited, [], 'a GET that sends an ETag and is not visited here: add a resource of its kind');
  });
});
