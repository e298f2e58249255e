/**
 * Issue 34 items 4 and 5 over the socket, on `npm start` and `deno task start` (test/helpers/serverProcess.ts): one
 * text rule for every text that reaches a file (engine/text.ts), at every door — JSON fields (a 400 naming the
 * field), upload file names, CDM, catalog (3LE, OMM), OPM, OCM and TDM uploads (the file refused with its line) — and
 * catalog epochs outside 1957-10-04..2100 refused with their line, so a set dated 2200 cannot pin an object's current
 * set. Names beyond ASCII still work and reach the OEM, the CSV and the iCalendar pass plan intact. Each test failed on
 * the main of 2026-11-26 (the characters and the 2200 epoch were accepted and stored).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseXmlDocument } from '../../engine/files/common/xmlReader.ts';
import { filesForm } from '../helpers/service.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { fixture } from '../engine/files/helpers.ts';
import { cdmFixtureText, cdmVariant } from './conjunctions.helpers.ts';
import { SSO_EPOCH, SSO_POSITION_KM, SSO_VELOCITY_KM_S } from './stateVectors.helpers.ts';
import { readFileSync } from 'node:fs';

const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };
const catalogFixture = (name: string) => readFileSync(new URL(`../fixtures/conjunction/catalog/${name}`, import.meta.url), 'utf8');

/** The characters the spacecraft-name rule let through before, and other invisible format characters. */
const NEWLY_REFUSED: Array<[string, string]> = [
  ['\u2028', 'U+2028'], ['\u2029', 'U+2029'], ['\u200B', 'U+200B'], ['\uFEFF', 'U+FEFF'], ['\u061C', 'U+061C'], ['\u200F', 'U+200F'],
  ['\u200E', 'U+200E'], ['\u200C', 'U+200C'], ['\u200D', 'U+200D'], ['\u2060', 'U+2060'], ['\u00AD', 'U+00AD'], ['\u{E0041}', 'U+E0041'],
  ['\uFFFE', 'U+FFFE'], ['\u0085', 'U+0085'],
];

/** The 1-based line of the first line of `text` matching `pattern`. */
const lineOf = (text: string, pattern: RegExp): number => text.split('\n').findIndex((l) => pattern.test(l)) + 1;

for (const runtime of RUNTIMES) {
  describe(`one text rule at every door (${runtime})`, { timeout: 300_000 }, () => {
    let svc: WireService;
    let key: string;
    before(async () => {
      svc = await startWireService(runtime);
      key = (await svc.key()).secret;
    });
    after(async () => svc?.close());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = async (response: Response): Promise<any> => response.json();
    const post = (path: string, body: unknown) => svc.request('POST', path, { key, json: body });
    const upload = (path: string, files: Array<{ name: string; content: string }>) => svc.request('POST', path, { key, body: filesForm(files) });

    test('JSON fields: every newly refused character is a 400 naming the field and the code point; names beyond ASCII reach the OEM, CSV and iCalendar intact', async () => {
      for (const [character, codePoint] of NEWLY_REFUSED) {
        const response = await post('/operations/spacecraft', { name: `X${character}REF_FRAME = ITRF` });
        const body = await json(response);
        assert.equal(response.status, 400, `${codePoint}: ${JSON.stringify(body)}`);
        assert.equal(body.error, 'VALIDATION_ERROR');
        assert.ok(body.fieldErrors.name.includes(codePoint), `${codePoint}: ${body.fieldErrors.name}`);
      }
      const craft = await json(await post('/operations/spacecraft', { name: 'DOOR-CRAFT' }));
      const refusedField = async (method: string, path: string, body: unknown, field: string, codePoint: string) => {
        const response = await svc.request(method, path, { key, json: body });
        const envelope = await json(response);
        assert.equal(response.status, 400, `${path} ${field}: ${JSON.stringify(envelope)}`);
        assert.ok(envelope.fieldErrors[field]?.includes(codePoint), `${path} ${field}: ${JSON.stringify(envelope.fieldErrors)}`);
      };
      await refusedField('PATCH', `/operations/spacecraft/${craft.id}`, { name: 'A\uFEFF' }, 'name', 'U+FEFF');
      await refusedField('PATCH', `/operations/spacecraft/${craft.id}`, { externalKey: 'KEY\u200D' }, 'externalKey', 'U+200D');
      await refusedField('PATCH', `/operations/spacecraft/${craft.id}`, { cosparId: '2026\u2060-001A' }, 'cosparId', 'U+2060');
      await refusedField('POST', `/operations/spacecraft/${craft.id}/thrusters`, { name: 'Main\u2028', thrustN: 22, ispS: 220, direction: { x: 0, y: 0, z: 1 } }, 'name', 'U+2028');
      await refusedField('POST', `/operations/spacecraft/${craft.id}/payloads`, { name: 'C\u200BSAR', type: 'RADAR' }, 'name', 'U+200B');
      await refusedField('POST', '/operations/ground-stations', { name: 'GS\u061C', latitudeDeg: 1, longitudeDeg: 1, heightM: 0 }, 'name', 'U+061C');
      await refusedField('POST', '/operations/ground-stations', { name: 'GS-OK', aliases: ['ALIAS\u200F'], latitudeDeg: 1, longitudeDeg: 1, heightM: 0 }, 'aliases.0', 'U+200F');
      await refusedField('POST', '/operations/state-vectors', { spacecraftId: craft.id, epoch: SSO_EPOCH, referenceFrame: 'GCRF', mass: 1000, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S, originator: 'OPS\u2029' }, 'originator', 'U+2029');
      await refusedField('POST', `/operations/spacecraft/${craft.id}/tasks`, { name: 'hourly\u00AD', kind: 'GENERATE_TLE', schedule: { type: 'INTERVAL', intervalSeconds: 3600 } }, 'name', 'U+00AD');
      const burn = (name: string, purpose?: string) => ({
        maneuvers: [{ spacecraftId: craft.id, name, ...(purpose === undefined ? {} : { purpose }), attitudeMode: 'TNW', composition: [{ referenceEpoch: '2026-02-01T00:00:00Z', duration: 10, thrX: 0, thrY: 1, thrZ: 0, thrISP: 300, attitudeMode: 'TNW' }] }],
      });
      await refusedField('POST', '/operations/maneuvers', burn('BURN\uFEFF'), 'maneuvers.0.name', 'U+FEFF');
      await refusedField('POST', '/operations/maneuvers', burn('BURN-1', 'raise\u2028orbit'), 'maneuvers.0.purpose', 'U+2028');
      // an upload's file name is held to the same rule ("invoice\u202Efdp.cdm" would display reversed)
      const spoofed = await json(await upload('/operations/conjunctions/cdms', [{ name: 'invoice\u202Efdp.cdm', content: cdmFixtureText('CDMExample1.txt') }]));
      assert.match(spoofed.fieldErrors['files.0'], /U\+202E/);

      // names beyond ASCII: stored, and written intact into the OEM, the CSV and the iCalendar pass plan
      const station = await json(await post('/operations/ground-stations', { name: 'Ñandú 天文台', latitudeDeg: 78.23, longitudeDeg: 15.39, heightM: 450, elevationMaskDeg: 5 }));
      assert.equal(station.name, 'Ñandú 天文台');
      for (const name of ['Sentinel-6 Michael Freilich', '天宫', 'Ñandú']) {
        const created = await post('/operations/spacecraft', { name, launchMass: 1000, dryMass: 800, forceModel: J2_ONLY });
        assert.equal(created.status, 201, name);
        const id = (await json(created)).id;
        const state = await json(await post('/operations/state-vectors', { spacecraftId: id, epoch: SSO_EPOCH, referenceFrame: 'GCRF', mass: 1000, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S }));
        const oem = await svc.request('POST', `/operations/state-vectors/${state.id}/generate-oem`, { key, json: { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:30:00Z' } });
        const oemText = await oem.text();
        assert.equal(oem.status, 200, oemText.slice(0, 300));
        assert.match(oemText, new RegExp(`^OBJECT_NAME\\s+= ${name}$`, 'm'), name);
        const span = `/operations/spacecraft/${id}/passes?from=2023-03-08T06:30:00Z&to=2023-03-08T18:30:00Z`;
        const csv = await (await svc.request('GET', span, { key, headers: { Accept: 'text/csv' } })).text();
        const rows = csv.split('\r\n');
        assert.ok(rows.length > 3, `${name}: ${csv.slice(0, 200)}`);
        assert.ok(rows.slice(1, -1).every((row) => row.startsWith('Ñandú 天文台,')), csv.slice(0, 300));
        const ics = await (await svc.request('GET', span, { key, headers: { Accept: 'text/calendar' } })).text();
        const unfolded = ics.replace(/\r\n /g, '');
        assert.ok(unfolded.includes(`SUMMARY:${name} over Ñandú 天文台 (max `), `${name}: ${unfolded.slice(0, 600)}`);
        assert.ok(unfolded.includes('LOCATION:Ñandú 天文台'));
      }
    });

    test('a CDM with a NUL, U+2028, a bidi control or a zero-width character in a text field is refused as a file error naming its line; nothing of it is stored', async () => {
      await post('/operations/spacecraft', { name: 'SATELLITE A', noradId: 12345 });
      const base = cdmVariant('CDMExample1.txt', { messageId: 'TEXT-GOOD', creationDate: '2010-03-12T22:31:12.000', tca: '2010-03-13T22:37:52.618' });
      const set = (keyword: string, value: string, occurrence = 0) => {
        const lines = base.split('\n');
        const at = lines.map((l, i) => (new RegExp(`^${keyword}\\s*=`).test(l) ? i : -1)).filter((i) => i >= 0)[occurrence]!;
        lines[at] = `${keyword} = ${value}`;
        return { text: lines.join('\n'), line: at + 1 };
      };
      const cases = [
        { name: 'nul.cdm', ...set('OBJECT_NAME', 'FENGYUN\u00001C DEB', 1), keyword: 'OBJECT_NAME', codePoint: 'U+0000' },
        { name: 'separator.cdm', ...set('ORIGINATOR', 'JSPOC\u2028'), keyword: 'ORIGINATOR', codePoint: 'U+2028' },
        { name: 'bidi.cdm', ...set('MESSAGE_ID', 'TEXT\u202EBAD'), keyword: 'MESSAGE_ID', codePoint: 'U+202E' },
        { name: 'zero-width.cdm', ...set('OBJECT_DESIGNATOR', '30337\u200B', 1), keyword: 'OBJECT_DESIGNATOR', codePoint: 'U+200B' },
        { name: 'designator.cdm', ...set('INTERNATIONAL_DESIGNATOR', '1999-025AB\uFEFF', 1), keyword: 'INTERNATIONAL_DESIGNATOR', codePoint: 'U+FEFF' },
      ];
      const withComment = base.split('\n');
      const commentAt = withComment.findIndex((l) => l.startsWith('MESSAGE_ID')) + 1;
      withComment.splice(commentAt, 0, 'COMMENT screening \u2066note');
      cases.push({ name: 'comment.cdm', text: withComment.join('\n'), line: commentAt + 1, keyword: 'COMMENT', codePoint: 'U+2066' });
      const xml = cdmVariant('CDMExample1.txt', { messageId: 'TEXT-XML', notation: 'XML' });
      const xmlName = xml.split('\n').findIndex((l) => l.includes('<OBJECT_NAME>')) + 1;
      cases.push({ name: 'reference.xml', text: xml.replace('<OBJECT_NAME>', '<OBJECT_NAME>&#x202D;'), line: xmlName, keyword: 'OBJECT_NAME', codePoint: 'U+202D' });
      // the newest CREATION_DATE gives an event its values: a CDM dated 2200 is refused too (the header's line)
      cases.push({ name: 'future.cdm', text: cdmVariant('CDMExample1.txt', { messageId: 'TEXT-FUTURE', creationDate: '2200-01-01T00:00:00.000' }), line: 1, keyword: 'CREATION_DATE', codePoint: 'outside the supported range' });

      const response = await upload('/operations/conjunctions/cdms', [...cases.map((c) => ({ name: c.name, content: c.text })), { name: 'good.cdm', content: base }]);
      const body = await json(response);
      assert.equal(response.status, 207, JSON.stringify(body).slice(0, 500));
      for (const [index, c] of cases.entries()) {
        const result = body.results[index];
        assert.equal(result.status, 'failed', `${c.name}: ${JSON.stringify(result)}`);
        assert.equal(result.error, 'PARSE_ERROR', c.name);
        assert.equal(result.line, c.line, `${c.name}: ${result.message}`);
        assert.equal(result.keyword, c.keyword, c.name);
        assert.ok(result.message.includes(`line ${c.line}`) && result.message.includes(c.codePoint), `${c.name}: ${result.message}`);
        assert.equal(result.storedCount, 0);
        assert.doesNotMatch(result.message, /[\u0000\u2028\u202e\u202d\u200b\ufeff\u2066]/, 'the message names the character, never carries it');
      }
      assert.equal(body.results.at(-1).status, 'success');
      const events = await json(await svc.request('GET', '/operations/conjunctions', { key }));
      assert.equal(events.totalElements, 1, 'only the good file made an event');
      const eventId = body.results.at(-1).eventIds[0];
      const svg = await svc.request('GET', `/operations/conjunctions/${eventId}/encounter.svg`, { key });
      assert.equal(svg.status, 200);
      assert.equal(parseXmlDocument(await svg.text()).name, 'svg');
      assert.equal((await svc.request('GET', `/operations/conjunctions/${eventId}/cdm`, { key })).status, 200);
    });

    test('catalog: a 3LE name line or an OMM text field with a refused character, and an OMM EPOCH in 2200, refuse the file naming the line; a 2023 set then becomes current', async () => {
      const threeLine = catalogFixture('sample.3le').split('\n');
      threeLine[0] = '0 APSIS\u0000TEST LEO53 A';
      threeLine[3] = 'APSIS-TEST \u2028ISS-LIKE';
      const omm = catalogFixture('sample-spacetrack.kvn').split(/(?=CCSDS_OMM_VERS)/);
      const first = omm[0]!;
      const nameLine = lineOf(first, /^OBJECT_NAME/);
      const epochLine = lineOf(first, /^EPOCH/);
      const response = await upload('/operations/catalog', [
        { name: 'names.3le', content: threeLine.join('\n') },
        { name: 'name.kvn', content: first.replace(/^OBJECT_NAME = (.*)$/m, 'OBJECT_NAME = $1\u200F') },
        { name: 'future.kvn', content: first.replace(/^EPOCH = .*$/m, 'EPOCH = 2200-01-01T00:00:00') },
      ]);
      const body = await json(response);
      assert.equal(response.status, 207, JSON.stringify(body).slice(0, 400));
      const [names, name, future] = body.results;
      assert.deepEqual([names.status, names.error, names.errors.map((e: { line: number }) => e.line)], ['failed', 'PARSE_ERROR', [1, 4]]);
      assert.match(names.errors[0].message, /U\+0000 NULL/);
      assert.match(names.errors[1].message, /U\+2028 LINE SEPARATOR/);
      assert.equal(names.storedCount, 0);
      assert.deepEqual([name.status, name.line], ['failed', nameLine]);
      assert.match(name.errors[0].message, new RegExp(`line ${nameLine}: OBJECT_NAME must not contain U\\+200F RIGHT-TO-LEFT MARK`));
      assert.deepEqual([future.status, future.line], ['failed', epochLine]);
      assert.match(future.errors[0].message, /EPOCH 2200-01-01T00:00:00\.000000Z is outside the supported range 1957-10-04T00:00:00Z to 2100-12-31T23:59:59\.999Z/);
      assert.equal((await json(await svc.request('GET', '/operations/catalog/objects', { key }))).totalElements, 0, 'nothing of a refused file is stored');

      const good = await json(await upload('/operations/catalog', [{ name: 'first.kvn', content: first }]));
      assert.equal(good.results[0].status, 'success');
      assert.equal(good.results[0].objectsUpdated, 1);
      const object = await json(await svc.request('GET', '/operations/catalog/objects/99001', { key }));
      assert.match(object.epoch, /^2023-02-14T12:17:46/, 'the 2023 set is the current one');
    });

    test('OPM import, OCM maneuver import and TDM upload: a refused character in a text keyword is refused with the line', async () => {
      const craft = await json(await post('/operations/spacecraft', { name: 'FILE-CRAFT', cosparId: '1998-999A', launchMass: 3000, dryMass: 2500 }));
      const opm = fixture('opm', 'OPMExample1.txt').replace('OBJECT_NAME    = GODZILLA 5', 'OBJECT_NAME    = GODZILLA\u20285');
      const opmResponse = await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft.id}`, { key, body: filesForm([{ name: 'bad.opm', content: opm }]) });
      const opmBody = await json(opmResponse);
      assert.equal(opmResponse.status, 400, JSON.stringify(opmBody));
      assert.equal(opmBody.details.results[0].line, 6);
      assert.match(opmBody.details.results[0].message, /line 6: OBJECT_NAME must not contain U\+2028/);

      const ocm = fixture('ocm', 'OCMExample3.txt').replace('ORIGINATOR        = ESOC', 'ORIGINATOR        = ES\u202EOC');
      const ocmResponse = await svc.request('POST', `/operations/maneuvers/import?spacecraftId=${craft.id}`, { key, body: filesForm([{ name: 'bad.ocm', content: ocm }]) });
      const ocmBody = await json(ocmResponse);
      assert.equal(ocmResponse.status, 400, JSON.stringify(ocmBody));
      assert.equal(ocmBody.details.results[0].line, 3);
      assert.match(ocmBody.details.results[0].message, /^line 3: ORIGINATOR must not contain U\+202E/);

      const tdm = makeTdm({ participants: ['DSS-25', 'FILE-CRAFT'], start: '2026-11-02T00:00:00', count: 2 }).replace('PARTICIPANT_1 = DSS-25', 'PARTICIPANT_1 = DSS\u200B-25');
      const tdmResponse = await upload('/operations/measurements', [{ name: 'bad.tdm', content: tdm }]);
      const tdmBody = await json(tdmResponse);
      assert.ok(tdmResponse.status === 400 || tdmResponse.status === 207, JSON.stringify(tdmBody));
      const tdmResult = tdmBody.results?.[0] ?? tdmBody.details.results[0];
      assert.equal(tdmResult.status, 'failed');
      assert.match(tdmResult.errors[0].message, /line 6: PARTICIPANT_1 must not contain U\+200B ZERO WIDTH SPACE/);
    });
  });
}
