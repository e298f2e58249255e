/**
 * The service as its clients see it: the defects found from outside, each checked against `npm start`
 * and `deno task start` in their own processes, over the socket, with fetch, curl and Python's urllib. Every response
 * is checked against the OpenAPI document the server itself serves. Each test failed on the main of 2026-11-23.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { rawExchange, renameSpacecraftRaw, waitFor } from './wire.helpers.ts';
import { filesForm } from '../helpers/service.ts';
import { RUNTIMES, startServerProcess, startWireService, stopServerProcess, type WireService } from '../helpers/serverProcess.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { SSO_POSITION_KM, SSO_VELOCITY_KM_S } from './stateVectors.helpers.ts';

const run = promisify(execFile);
const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };

for (const runtime of RUNTIMES) {
  describe(`on the wire (${runtime})`, { timeout: 240_000 }, () => {
    let svc: WireService;
    let key: string;
    before(async () => {
      // Short connection timeouts so the slow-client checks take seconds.
      svc = await startWireService(runtime, { HEADERS_TIMEOUT_MS: '2000', BODY_IDLE_TIMEOUT_MS: '2000' });
      key = (await svc.key()).secret;
    });
    after(async () => svc?.close());

    test('every DELETE without a body, from fetch: never "takes no request body"; curl and Python urllib too', async () => {
      const document = await (await svc.request('GET', '/openapi.json')).json();
      let checked = 0;
      for (const [path, item] of Object.entries<Record<string, unknown>>(document.paths)) {
        if (!('delete' in item)) continue;
        const concrete = path.replace(/\{[^}]+\}/g, 'no-such-id');
        const response = await svc.request('DELETE', concrete, { key });
        const text = await response.text();
        assert.doesNotMatch(text, /takes no request body/, `DELETE ${path}: ${text}`);
        assert.ok([204, 404].includes(response.status) || (response.status === 400 && /fieldErrors/.test(text)), `DELETE ${path} → ${response.status} ${text}`);
        checked++;
      }
      assert.ok(checked >= 8, `only ${checked} DELETE operations in the document`);
      const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'DEL-CRAFT' } })).json();
      const station = async (name: string) =>
        (await (await svc.request('POST', '/operations/ground-stations', { key, json: { name, latitudeDeg: 40, longitudeDeg: -3, heightM: 600 } })).json()).id;
      const curl = await run('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'DELETE', '-H', `Authorization: Bearer ${key}`, `${svc.baseUrl}/operations/ground-stations/${await station('DEL-CURL')}`]);
      assert.equal(curl.stdout, '204');
      const python = await run('/usr/bin/python3', [
        '-c',
        'import sys, urllib.request as u; r = u.urlopen(u.Request(sys.argv[1], method="DELETE", headers={"Authorization": "Bearer " + sys.argv[2]})); print(r.status)',
        `${svc.baseUrl}/operations/ground-stations/${await station('DEL-PYTHON')}`,
        key,
      ]);
      assert.equal(python.stdout.trim(), '204');
      assert.equal((await svc.request('DELETE', `/operations/spacecraft/${craft.id}/thrusters/none`, { key })).status, 404);
    });

    test('PATCH of a ground station applies name and aliases with the rest of the body', async () => {
      const created = await (await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'PATCH-GS', latitudeDeg: 40, longitudeDeg: -3, heightM: 600 } })).json();
      const patched = await svc.request('PATCH', `/operations/ground-stations/${created.id}`, { key, json: { name: 'PATCH-GS-2', aliases: ['PATCH-ALIAS'], elevationMaskDeg: 5 } });
      assert.equal(patched.status, 200);
      const stored = await (await svc.request('GET', `/operations/ground-stations/${created.id}`, { key })).json();
      assert.deepEqual([stored.name, stored.aliases, stored.elevationMaskDeg, stored.latitudeDeg], ['PATCH-GS-2', ['PATCH-ALIAS'], 5, 40]);
    });

    test('texts that reach files are refused at the door (line break, NUL, bidi override, lone surrogate), naming the field', async () => {
      const refused: Array<[string, string]> = [
        ['{"name":"A\\nB"}', 'name'],
        ['{"name":"A\\u0000B"}', 'name'],
        ['{"name":"abc\\u202Edef"}', 'name'],
        ['{"name":"half \\ud800"}', 'name'],
        ['{"name":"ok","cosparId":"2023\\u0007-001A"}', 'cosparId'],
        ['{"name":"ok","externalKey":"key\\u2066x"}', 'externalKey'],
      ];
      for (const [body, field] of refused) {
        const response = await svc.request('POST', '/operations/spacecraft', { key, body, headers: { 'Content-Type': 'application/json' } });
        const envelope = await response.json();
        assert.equal(response.status, 400, body);
        assert.ok(field in envelope.fieldErrors, `${body}: ${JSON.stringify(envelope.fieldErrors)}`);
      }
      const stations = await svc.request('POST', '/operations/ground-stations', { key, json: { name: 'GS\tTAB', latitudeDeg: 1, longitudeDeg: 1, heightM: 0 } });
      assert.equal(stations.status, 400);
      // Unicode beyond ASCII is not refused.
      assert.equal((await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'Ñuñoa-Σ 衛星 🛰' } })).status, 201);
    });

    test('a name stored before the rule: OEM and OPM answer 422 naming the keyword, and a batch fails that item only', async () => {
      const craft = async (name: string) =>
        (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name, launchMass: 1000, dryMass: 800, forceModel: J2_ONLY } })).json()).id as string;
      const badCraft = await craft('LEGACY');
      await renameSpacecraftRaw(svc.db, badCraft, 'LEGACY\nNAME');
      const goodCraft = { id: await craft('GOOD') };
      const epoch = '2023-03-08T06:30:00Z';
      const state = (spacecraftId: string) => ({ spacecraftId, epoch, referenceFrame: 'GCRF', mass: 1000, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S });
      const bad = await (await svc.request('POST', '/operations/state-vectors', { key, json: state(badCraft) })).json();
      const good = await (await svc.request('POST', '/operations/state-vectors', { key, json: state(goodCraft.id) })).json();
      const oem = await svc.request('POST', `/operations/state-vectors/${bad.id}/generate-oem`, { key, json: { initialDate: epoch, finalDate: '2023-03-08T07:30:00Z' } });
      const oemBody = await oem.json();
      assert.equal(oem.status, 422, JSON.stringify(oemBody));
      assert.match(oemBody.message, /OBJECT_NAME must be a single line/);
      const opm = await svc.request('GET', `/operations/state-vectors/${bad.id}/opm`, { key });
      const opmBody = await opm.json();
      assert.equal(opm.status, 422, JSON.stringify(opmBody));
      assert.equal(opmBody.details.keyword, 'OBJECT_NAME');
      const created = await svc.request('POST', '/operations/ephemerides/batch', {
        key,
        json: { initialDate: epoch, finalDate: '2023-03-08T07:30:00Z', timeBetweenPoints: 600, items: [{ stateVectorId: bad.id }, { stateVectorId: good.id }] },
      });
      assert.equal(created.status, 202);
      const location = created.headers.get('location')!;
      const batch = await waitFor(async () => {
        const b = await (await svc.request('GET', location, { key })).json();
        return b.status === 'QUEUED' || b.status === 'RUNNING' ? null : b;
      }, 60_000);
      assert.equal(batch.status, 'SUCCEEDED', JSON.stringify(batch));
      assert.equal(batch.itemsFailed, 1);
      assert.equal(batch.failures[0].index, 0);
      assert.match(batch.failures[0].message, /OBJECT_NAME/);
      assert.ok(batch.productId);
    });

    test("taking a task's slot leaves its ETag alone; an If-Match write with the tag read before still succeeds", async () => {
      const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TASK-CRAFT', launchMass: 1000, dryMass: 800, forceModel: J2_ONLY } })).json();
      const start = new Date(Date.now() + 1500).toISOString();
      const created = await svc.request('POST', `/operations/spacecraft/${craft.id}/tasks`, {
        key,
        json: { name: 'hourly TLE', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 3600, start } },
      });
      assert.equal(created.status, 201);
      const task = await created.json();
      const tag = created.headers.get('etag')!;
      const path = `/operations/spacecraft/${craft.id}/tasks/${task.id}`;
      await waitFor(async () => ((await (await svc.request('GET', path, { key })).json()).lastRun ? true : null), 30_000);
      const read = await svc.request('GET', path, { key });
      assert.equal(read.headers.get('etag'), tag, 'the slot taken is not an edit');
      const patched = await svc.request('PATCH', path, { key, json: { name: 'hourly TLE (renamed)' }, headers: { 'If-Match': tag } });
      assert.equal(patched.status, 200);
    });

    test('statuses: 431 in the envelope from 16 KiB of headers; a trailing slash is a 404 naming the path; …/maneuvers/export allows GET only', async () => {
      const big = await svc.request('GET', '/operations/spacecraft', { key, headers: { 'X-Padding': 'a'.repeat(20_000) } });
      assert.equal(big.status, 431);
      assert.equal((await big.json()).status, 431);
      const slash = await svc.request('GET', '/operations/spacecraft/', { key });
      assert.equal(slash.status, 404);
      assert.match((await slash.json()).message, /without the trailing slash/);
      // `export` is also a {maneuverId} of PUT/DELETE …/maneuvers/{maneuverId}: the fixed route alone answers.
      const exported = await svc.request('POST', '/operations/maneuvers/export', { key });
      assert.equal(exported.status, 405);
      assert.equal(exported.headers.get('allow'), 'GET, HEAD');
      const health = await svc.request('DELETE', '/health');
      assert.equal(health.headers.get('allow'), 'GET, HEAD');
    });

    test('small validation gaps: filename="", the last supported epoch, a 129-character spacecraftIds value', async () => {
      // Written by hand: fetch's FormData leaves out an empty filename (the part would become a text field).
      const boundary = 'wire-boundary-1';
      const multipart =
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n` +
        `${makeTdm({ participants: ['DSS-1', 'X'], start: '2026-01-01T00:00:00', count: 1 })}\r\n--${boundary}--\r\n`;
      const unnamed = await svc.request('POST', '/operations/measurements', {
        key,
        body: multipart,
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      });
      const unnamedBody = await unnamed.json();
      assert.equal(unnamed.status, 400, JSON.stringify(unnamedBody));
      assert.match(unnamedBody.fieldErrors['files.0'], /filename=""/);
      const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'EPOCH-CRAFT' } })).json();
      const state = (epoch: string) => ({ spacecraftId: craft.id, epoch, referenceFrame: 'GCRF', mass: 1000, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S });
      assert.equal((await svc.request('POST', '/operations/state-vectors', { key, json: state('2100-12-31T23:59:59.9995Z') })).status, 400);
      assert.equal((await svc.request('POST', '/operations/state-vectors', { key, json: state('2100-12-31T23:59:59.999Z') })).status, 201);
      const long = await svc.request('GET', `/operations/measurements?startDate=2026-01-01T00:00:00Z&endDate=2026-01-02T00:00:00Z&spacecraftIds=${'x'.repeat(129)}`, { key });
      assert.equal(long.status, 400);
      assert.match((await long.json()).fieldErrors.spacecraftIds, /128/);
    });

    test('TDM values are checked for physical sense, and a second ANGLE_1 at one epoch names both lines', async () => {
      await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'TDM-SENSE' } });
      const tdm = (data: string[]) =>
        ['CCSDS_TDM_VERS = 2.0', 'CREATION_DATE = 2026-11-01T00:00:00', 'ORIGINATOR = T', 'META_START', 'TIME_SYSTEM = UTC',
          'PARTICIPANT_1 = DSS-1', 'PARTICIPANT_2 = TDM-SENSE', 'MODE = SEQUENTIAL', 'PATH = 1,2,1', 'ANGLE_TYPE = AZEL', 'RANGE_UNITS = km',
          'META_STOP', 'DATA_START', ...data, 'DATA_STOP', ''].join('\n');
      const cases: Array<[string[], RegExp]> = [
        [['ANGLE_1 = 2026-01-01T00:00:00 1000', 'ANGLE_2 = 2026-01-01T00:00:00 45'], /line 14: ANGLE_1 \(azimuth\) must be in \[0, 360\)/],
        [['ANGLE_1 = 2026-01-01T00:00:00 10', 'ANGLE_2 = 2026-01-01T00:00:00 95'], /line 14: ANGLE_2 \(elevation\) must be in \[-90, 90\]/],
        [['RANGE = 2026-01-01T00:00:00 -5'], /line 14: RANGE must not be negative/],
        [['ANGLE_1 = 2026-01-01T00:00:00 10', 'ANGLE_1 = 2026-01-01T00:00:00 11', 'ANGLE_2 = 2026-01-01T00:00:00 45'], /line 15: a second ANGLE_1 .*first is on line 14/],
      ];
      for (const [data, expected] of cases) {
        const response = await svc.request('POST', '/operations/measurements/inspect', { key, body: filesForm([{ name: 'sense.tdm', content: tdm(data) }], 'file') });
        const text = await response.text();
        assert.match(text, expected, `${data.join(' | ')} → ${response.status} ${text}`);
      }
    });

    test('cancelling: a finished upload job and a finished batch are both 409 JOB_NOT_CANCELLABLE with their status', async () => {
      await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'CANCEL-CRAFT' } });
      const uploaded = await (await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'c.tdm', content: makeTdm({ participants: ['DSS-1', 'CANCEL-CRAFT'], start: '2026-02-01T00:00:00', count: 2 }) }]) })).json();
      const jobId = uploaded.results[0].jobId;
      await waitFor(async () => ((await (await svc.request('GET', `/operations/measurements/jobs/${jobId}`, { key })).json()).status === 'SUCCEEDED' ? true : null), 30_000);
      const jobCancel = await svc.request('DELETE', `/operations/measurements/jobs/${jobId}`, { key });
      assert.equal(jobCancel.status, 409);
      assert.deepEqual([(await jobCancel.json()).error], ['JOB_NOT_CANCELLABLE']);
      const batch = await (await svc.request('POST', '/operations/ephemerides/batch', { key, json: { items: [{ stateVectorId: 'SV-999999' }], initialDate: '2023-01-01T00:00:00Z', finalDate: '2023-01-01T01:00:00Z' } })).json();
      const finished = await waitFor(async () => {
        const b = await (await svc.request('GET', `/operations/ephemerides/batch/${batch.id}`, { key })).json();
        return b.status === 'QUEUED' || b.status === 'RUNNING' ? null : b;
      }, 30_000);
      const batchCancel = await svc.request('DELETE', `/operations/ephemerides/batch/${batch.id}`, { key });
      const body = await batchCancel.json();
      assert.equal(batchCancel.status, 409);
      assert.deepEqual([body.error, body.details.status], ['JOB_NOT_CANCELLABLE', finished.status]);
    });

    test('slow clients: a stalled header block and a stalled body are closed (Deno: the body answered 408); a slow but steady body is served', async (t) => {
      await t.test('a stalled header block: 408 and closed', { skip: runtime === 'deno' && 'Deno.serve has no header timeout and calls no handler before the header block is complete (README → Connections)' }, async () => {
        const headers = await rawExchange(svc.server.port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ', 15_000);
        assert.ok(headers.closedAfterMs !== null && headers.closedAfterMs < 6_000, `header block stalled: closed after ${headers.closedAfterMs} ms`);
        assert.match(headers.text, /^HTTP\/1\.1 408/);
      });
      await t.test('a stalled JSON or multipart body: 408 in the envelope, the connection closed (Deno: left open, documented)', async () => {
        const boundary = 'stall-boundary';
        const stalled = await Promise.all([
          `POST /operations/spacecraft HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
          `POST /operations/measurements HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
            `Content-Length: 1000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.tdm"\r\n\r\nCCSDS_TDM_VERS`,
        ].map((request) => rawExchange(svc.server.port, request, 8_000)));
        for (const body of stalled) {
          assert.match(body.text, /^HTTP\/1\.1 408/, body.text);
          assert.match(body.text, /"status":408,"error":"Request Timeout","message":"The request body stalled: no bytes arrived for 2 s"/);
          assert.ok(body.answeredAfterMs !== null && body.answeredAfterMs < 5_000, `answered after ${body.answeredAfterMs} ms`);
          if (runtime === 'node') assert.ok(body.closedAfterMs !== null && body.closedAfterMs < 6_000, `body stalled: closed after ${body.closedAfterMs} ms`);
          // Deno says `connection: close` but keeps the socket until the client closes it (no way for a handler to close it).
          else assert.equal(body.closedAfterMs, null, `Deno closed the stalled connection after ${body.closedAfterMs} ms: update the README`);
        }
      });
      await t.test('a slow but steady body is served', async () => {
        // 40 bytes every 500 ms (slower than nothing, faster than the 2 s idle bound): answered 201.
        const json = JSON.stringify({ name: `STEADY-${'x'.repeat(60)}` });
        const steady = await new Promise<string>((resolve) => {
          const socket = connect(svc.server.port, '127.0.0.1');
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
          socket.write(`POST /operations/spacecraft HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n`);
          let offset = 0;
          const timer = setInterval(() => {
            socket.write(json.slice(offset, offset + 40));
            offset += 40;
            if (offset >= json.length) clearInterval(timer);
          }, 500);
        });
        assert.match(steady, /^HTTP\/1\.1 201/);
      });
    });
  });

  test(`${runtime}: TRUST_PROXY=true without TRUSTED_PROXIES refuses to start, saying why`, { timeout: 120_000 }, async () => {
    const started = startServerProcess(runtime, { TRUST_PROXY: 'true', DATABASE_URL: 'file::memory:' });
    await assert.rejects(started, /TRUST_PROXY=true requires TRUSTED_PROXIES/);
    await started.then(stopServerProcess, () => undefined);
  });
}
