/**
 * Conjunction assessment over the socket: CDM upload → events → Pc → pictures.
 *
 * References: the Pc of an uploaded CDM is the engine's (engine/collision `cdmCollisionProbabilities` on the same
 * file, equal to the last bit: the service runs the same computation on its pool), and through it NASA CARA's values
 * of the Alfano cases as Orekit 13.1's unit tests assert them (test/fixtures/conjunction/orekit_cdm_test_values.json,
 * within those tests' absolute tolerances) and, when ../shared exists, Orekit's pc.json (LAAS_2015 within 1e-6
 * relative, the engine's tolerance; the ITRF file too, converted with the service's bundled IERS C04 EOP).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cdmCollisionProbabilities } from '../../engine/collision/cdmEncounter.ts';
import { PC_METHODS } from '../../engine/collision/probability.ts';
import { parseCdm } from '../../engine/files/cdm/cdmReader.ts';
import { bundledEopTable } from '../../earthData/files.ts';
import { ENCOUNTER_COLOURS } from '../../domain/plots/encounterSvg.ts';
import { TIMELINE_COLOURS } from '../../domain/plots/timelineSvg.ts';
import { PERMISSIONS } from '../../api/permissions.ts';
import { MALFORMED_CDM } from '../engine/files/cdmHelpers.ts';
import { findChromium, renderSvgPixels } from '../helpers/chromium.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { ASSESS_TASK_ITEMS } from '../../api/services/conjunctions/assessment.ts';
import { CDM_CONTENTS_PER_INSERT, CDMS_PER_INSERT } from '../../storage/conjunctions.ts';
import { cdmFixtureText, cdmVariant } from './conjunctions.helpers.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const OREKIT_TESTS = JSON.parse(readFileSync(`${FIXTURES}conjunction/orekit_cdm_test_values.json`, 'utf8')) as {
  alfano: { file: string; combined_hbr_m: number; expected_pc: number; tolerance: number }[];
};
const SHARED_PC = fileURLToPath(new URL('../../../shared/reference/conjunction/cdm/orekit/pc.json', import.meta.url));

type Json = Record<string, any>;

describe('conjunction events over the socket', { timeout: 600_000 }, () => {
  let svc: TestService;
  let key: string;
  let craftA: string;

  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    // OBJECT1 of Orekit's CDMExample files: NORAD 12345, "SATELLITE A"
    craftA = (await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'SATELLITE A', noradId: 12345 } })).json()).id;
  });
  after(async () => svc.close());

  const upload = async (files: Array<{ name: string; content: string | Uint8Array }>, secret = key) =>
    svc.request('POST', '/operations/conjunctions/cdms', { key: secret, body: filesForm(files) });
  const get = async (path: string, secret = key, headers: Record<string, string> = {}) => svc.request('GET', path, { key: secret, headers });
  const json = async (response: Response): Promise<Json> => (await response.json()) as Json;

  test('three CDMs of one approach (one with the objects the other way round) form one event with a three-point timeline; another approach a day later is another event', async () => {
    const base = 'CDMExample1.txt';
    const files = [
      { name: 'e1-a.cdm', content: cdmVariant(base, { messageId: 'EV1-A', creationDate: '2010-03-10T12:00:00.000', tca: '2010-03-13T22:37:52.618', missDistanceM: 900, statedPc: 1e-9, covarianceScale: 4 }) },
      { name: 'e1-b.cdm', content: cdmVariant(base, { messageId: 'EV1-B', creationDate: '2010-03-11T12:00:00.000', tca: '2010-03-13T22:38:10.000', missDistanceM: 800, statedPc: 2e-8, covarianceScale: 2, swapObjects: true }) },
      { name: 'e1-c.cdm', content: cdmVariant(base, { messageId: 'EV1-C', creationDate: '2010-03-12T22:31:12.000', tca: '2010-03-13T22:37:52.618', missDistanceM: 715, statedPc: 4e-8 }) },
      { name: 'e2.cdm', content: cdmVariant(base, { messageId: 'EV2-A', creationDate: '2010-03-13T00:00:00.000', tca: '2010-03-14T22:30:00.000' }) },
    ];
    const response = await upload(files);
    const body = await json(response);
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.deepEqual(body.results.map((r: Json) => r.status), ['success', 'success', 'success', 'success']);
    assert.equal(body.successCount, 4);
    const [e1a, e1b, e1c, e2] = body.results.map((r: Json) => r.eventIds[0]);
    assert.equal(e1a, e1b, 'the swapped CDM joins the same event');
    assert.equal(e1a, e1c);
    assert.notEqual(e2, e1a, 'a TCA a day later is another event');

    const event = await json(await get(`/operations/conjunctions/${e1a}`));
    assert.equal(event.cdmCount, 3);
    assert.equal(event.primarySpacecraftId, craftA);
    assert.equal(event.secondary.objectDesignator, '30337');
    assert.equal(event.secondary.objectName, 'FENGYUN 1C DEB');
    assert.equal(event.timeline.length, 3, 'three-point timeline');
    assert.deepEqual(event.timeline.map((c: Json) => c.messageId), ['EV1-A', 'EV1-B', 'EV1-C'], 'oldest CREATION_DATE first');
    assert.deepEqual(event.timeline.map((c: Json) => c.missDistanceM), [900, 800, 715]);
    assert.deepEqual(event.timeline.map((c: Json) => c.statedPc), [1e-9, 2e-8, 4e-8]);
    // TCA − CREATION_DATE: 3 d 10:37:52.618, 2 d 10:38:10, 1 d 00:06:40.618 (to a millisecond: seconds since 1970 as doubles)
    for (const [k, seconds] of [297_472.618, 211_090, 86_800.618].entries()) assert.ok(Math.abs(event.timeline[k].timeToTcaS - seconds) < 1e-3, `${event.timeline[k].timeToTcaS} vs ${seconds}`);
    // the latest CDM (newest CREATION_DATE) gives the event's values
    assert.equal(event.latestCdmId, event.timeline[2].id);
    assert.equal(event.tca, '2010-03-13T22:37:52.618000Z');
    assert.equal(event.missDistanceM, 715);
    assert.equal(event.statedPc, 4e-8);
    assert.equal(event.latestCdm.primaryObject, 'OBJECT1');
    // each CDM's Pc is the engine's with the radius the service used (no radius in the file: 5 m + 5 m default)
    for (const [k, file] of files.slice(0, 3).entries()) {
      const expected = cdmCollisionProbabilities(parseCdm(file.content), { combinedHardBodyRadiusM: 10, methods: ['LAAS_2015'] }).probabilities[0]!.value;
      assert.equal(event.timeline[k].pc, expected, `${file.name}: stored Pc is the engine's`);
      assert.equal(event.timeline[k].hardBodyRadiusM, 10);
    }
    assert.equal(event.pc, event.timeline[2].pc);
    assert.equal(event.riskLevel, 'LOW', '5.7e-8 < 1e-7');
    assert.equal(event.recomputed.probability.value, event.pc, 'recomputed with the default method = stored');
    assert.equal(event.recomputed.hardBodyRadius.source, 'SPACECRAFT_AND_DEFAULT');
    assert.deepEqual(event.recomputed.hardBodyRadius.objects.map((o: Json) => o.source), ['ORGANIZATION_DEFAULT', 'ORGANIZATION_DEFAULT']);

    // a later CDM with a far-off TCA still within the window of the event's span joins it; beyond, a new event
    const late = await json(await upload([{ name: 'e1-d.cdm', content: cdmVariant(base, { messageId: 'EV1-D', creationDate: '2010-03-13T06:00:00.000', tca: '2010-03-13T22:47:00.000' }) }]));
    assert.equal(late.results[0].eventIds[0], e1a, '22:47:00 is within 10 min of 22:38:10');
    const other = await json(await upload([{ name: 'e3.cdm', content: cdmVariant(base, { messageId: 'EV3-A', creationDate: '2010-03-13T06:00:00.000', tca: '2010-03-13T23:10:00.000' }) }]));
    assert.notEqual(other.results[0].eventIds[0], e1a, '23:10:00 is 23 min after the span');
    const timeline = await (await get(`/operations/conjunctions/${e1a}/timeline.svg`)).text();
    assert.equal((timeline.match(/class="miss"/g) ?? []).length, 4, 'one miss-distance point per CDM');
  });

  test('a KVN file of several messages: each stored; errors name the file\'s line; a file is atomic', async () => {
    const one = cdmVariant('CDMExample1.txt', { messageId: 'MULTI-1', creationDate: '2011-01-01T00:00:00.000', tca: '2011-01-02T00:00:00.000' });
    const two = cdmVariant('CDMExample1.txt', { messageId: 'MULTI-2', creationDate: '2011-01-01T06:00:00.000', tca: '2011-01-02T00:00:10.000' });
    const ok = await json(await upload([{ name: 'two.cdm', content: `${one}\n${two}` }]));
    assert.equal(ok.results[0].status, 'success');
    assert.equal(ok.results[0].cdmCount, 2);
    assert.equal(ok.results[0].storedCount, 2);
    assert.equal(new Set(ok.results[0].eventIds).size, 1);

    // the second message of the file is Orekit's malformed sample: the file fails at the file's line, nothing stored
    const good = cdmVariant('CDMExample1.txt', { messageId: 'ATOMIC-1', creationDate: '2012-01-01T00:00:00.000', tca: '2012-01-02T00:00:00.000' });
    const goodLines = good.split('\n').length - (good.endsWith('\n') ? 1 : 0);
    const bad = cdmFixtureText('CDM-covariance-wrong-entry-format.txt');
    const response = await upload([{ name: 'atomic.cdm', content: `${good}${good.endsWith('\n') ? '' : '\n'}${bad}` }]);
    const body = await json(response);
    assert.equal(response.status, 207);
    const result = body.results[0];
    assert.equal(result.status, 'failed');
    assert.equal(result.error, 'PARSE_ERROR');
    assert.equal(result.code, 'import.conjunction.cdm.parse_failed');
    assert.equal(result.keyword, 'CRDOT_T');
    assert.equal(result.line, goodLines + 65, 'line 65 of the second message, counted in the file');
    assert.match(result.message, new RegExp(`^line ${goodLines + 65}: CRDOT_T must be a number`));
    assert.equal(result.errors[0].messageIndex, 1);
    assert.equal(result.storedCount, 0);
    // nothing of it was stored: its good message is new when uploaded alone
    const alone = await json(await upload([{ name: 'good.cdm', content: good }]));
    assert.equal(alone.results[0].status, 'success');
  });

  test('a file of more messages than one write statement or one Pc task takes (and staged): every message stored with its own bytes and its own Pc', async () => {
    // more than WRITE_GROUP_MESSAGES (200: the file is written staged), not a multiple of the statement or task sizes
    const count = 203;
    // (on either backend: the embedded file's statement sizes and a libSQL server's)
    for (const size of [...Object.values(CDMS_PER_INSERT), ...Object.values(CDM_CONTENTS_PER_INSERT)]) {
      assert.ok(count % size !== 0 && count > 2 * size, `${count} against statements of ${size}`);
    }
    assert.ok(count > 2 * ASSESS_TASK_ITEMS && count % ASSESS_TASK_ITEMS !== 0);
    // each message its own covariance scale, so each has its own Pc: an outcome matched to the wrong message shows
    const texts = Array.from({ length: count }, (_, k) => {
      const text = cdmVariant('CDMExample1.txt', {
        messageId: `BOUNDARY-${k}`, creationDate: '2015-01-01T00:00:00.000', tca: `2015-01-02T00:00:${String(k % 60).padStart(2, '0')}.${String(k).padStart(3, '0')}`,
        covarianceScale: 1 + k / 50, hardBodyRadiusComment: 20,
      });
      return text.endsWith('\n') ? text : `${text}\n`;
    });
    const body = await json(await upload([{ name: 'boundary.cdm', content: texts.join('') }]));
    const result = body.results[0];
    assert.equal(result.status, 'success', result.message);
    assert.equal(result.storedCount, count);
    assert.equal(result.cdms.length, count);
    assert.deepEqual(result.cdms.map((c: Json) => c.messageIndex), texts.map((_, k) => k));
    for (const [k, cdm] of (result.cdms as Json[]).entries()) {
      assert.equal(cdm.status, 'stored');
      assert.equal(await (await get(`/operations/conjunctions/${cdm.eventId}/cdms/${cdm.cdmId}`)).text(), texts[k], `message ${k}: its bytes as received`);
    }
    const event = await json(await get(`/operations/conjunctions/${result.cdms[0].eventId}`));
    assert.equal(event.cdmCount, count, 'one event of all of them');
    // the stored Pc (LAAS_2015, the default) of each message is the engine's on that message's own text
    const pcOf = new Map((event.timeline as Json[]).map((c) => [c.messageId, c.pc]));
    assert.equal(new Set(pcOf.values()).size, count, 'a Pc of its own for each message');
    for (const [k, text] of texts.entries()) {
      assert.equal(pcOf.get(`BOUNDARY-${k}`), cdmCollisionProbabilities(parseCdm(text)).probabilities[0]!.value, `message ${k}: the engine's Pc`);
    }
    // the JSON the reader thread handed over as UTF-8 bytes is stored as text (CAST), as every other CDM's
    const types = (await svc.db.execute({ sql: "SELECT DISTINCT typeof(stated) AS stated, typeof(encounter_states) AS states FROM conjunction_cdms WHERE message_id LIKE 'BOUNDARY-%'", args: [] })).rows;
    assert.deepEqual(types.map((r) => [r.stated, r.states]), [['text', 'text']]);
  });

  test('a provider\'s batch of 600 CDMs in one file on a one-worker pool: stored, not refused as a full compute queue', async () => {
    // The test service has one pool worker, whose queue takes 4 tasks: the file's six read batches handed to the pool
    // at once (and its six Pc tasks) filled it, and the upload was answered 503 "retry later" whatever the load.
    const count = 600;
    const texts = Array.from({ length: count }, (_, k) => {
      const text = cdmVariant('CDMExample1.txt', { messageId: `PROVIDER-BATCH-${k}`, creationDate: '2015-02-01T00:00:00.000', tca: `2015-02-02T00:${String(Math.floor(k / 60)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}.000` });
      return text.endsWith('\n') ? text : `${text}\n`;
    });
    const response = await upload([{ name: 'provider-batch.cdm', content: texts.join('') }]);
    const body = await json(response);
    assert.equal(response.status, 200, JSON.stringify(body).slice(0, 300));
    assert.equal(body.results[0].status, 'success', body.results[0].message);
    assert.equal(body.results[0].storedCount, count);
    assert.ok((body.results[0].cdms as Json[]).every((c) => c.status === 'stored'));
  });

  test('four providers\' batches of 600 CDMs at once on a one-worker pool: all stored; an upload under way waits for room on the pool', async () => {
    // Each upload keeps up to two read batches and two Pc tasks on the pool: together more than a one-worker pool
    // queues (4), which refused some of them with 503, half-way through their files.
    const count = 600;
    const batch = (provider: string) =>
      Array.from({ length: count }, (_, k) => {
        const text = cdmVariant('CDMExample1.txt', { messageId: `${provider}-${k}`, creationDate: '2015-03-01T00:00:00.000', tca: `2015-03-02T0${'ABCD'.indexOf(provider) + 1}:${String(Math.floor(k / 60)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}.000` });
        return text.endsWith('\n') ? text : `${text}\n`;
      }).join('');
    // made first: 2,400 CDMs written hold this process's event loop (the server's too) for seconds, past the server's
    // keep-alive timeout; one turn of the loop lets it close the idle pooled sockets before fetch reuses one (ECONNRESET)
    const files = ['A', 'B', 'C', 'D'].map((provider) => ({ name: `provider-${provider}.cdm`, content: batch(provider) }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const responses = await Promise.all(files.map((file) => upload([file])));
    for (const response of responses) {
      const body = await json(response);
      assert.equal(response.status, 200, JSON.stringify(body).slice(0, 300));
      assert.equal(body.results[0].storedCount, count);
    }
  });

  test('Orekit\'s malformed samples are refused with their line and keyword; a file naming none of our spacecraft fails naming the designators', async () => {
    const names = Object.keys(MALFORMED_CDM);
    const response = await upload(names.map((name) => ({ name, content: cdmFixtureText(name) })));
    assert.equal(response.status, 207);
    const body = await json(response);
    assert.equal(body.failureCount, names.length);
    for (const [k, name] of names.entries()) {
      const result = body.results[k];
      const expected = MALFORMED_CDM[name]!;
      assert.equal(result.status, 'failed', name);
      assert.equal(result.line, expected.line, name);
      assert.equal(result.keyword, expected.keyword, name);
      assert.match(result.message, expected.message, name);
    }
    // Alfano's case 01: objects 1001 and 1002, none of ours
    const unresolved = await json(await upload([{ name: 'alfano01.cdm', content: cdmFixtureText('AlfanoTestCase01.cdm') }]));
    const result = unresolved.results[0];
    assert.equal(result.status, 'failed');
    assert.equal(result.error, 'UNRESOLVED_OBJECTS');
    assert.equal(result.code, 'import.conjunction.cdm.unresolved_objects');
    assert.equal(result.line, 1);
    assert.match(result.message, /neither object is a spacecraft of this organization: OBJECT1 \(OBJECT_DESIGNATOR "1001".*OBJECT2 \(OBJECT_DESIGNATOR "1002"/);
  });

  test('duplicates: the same file, the same ORIGINATOR and MESSAGE_ID with other content, the same bytes under another name, twice in one request', async () => {
    const first = cdmVariant('CDMExample1.txt', { messageId: 'DUP-1', creationDate: '2013-01-01T00:00:00.000', tca: '2013-01-02T00:00:00.000' });
    const stored = await json(await upload([{ name: 'dup.cdm', content: first }, { name: 'dup-again.cdm', content: first }]));
    assert.deepEqual(stored.results.map((r: Json) => r.status), ['success', 'duplicate']);
    const cdmId = stored.results[0].cdms[0].cdmId;
    assert.equal(stored.results[1].cdms[0].cdmId, cdmId);
    const sameId = cdmVariant('CDMExample1.txt', { messageId: 'DUP-1', creationDate: '2013-01-01T00:00:00.000', tca: '2013-01-02T00:00:00.000', missDistanceM: 1 });
    const response = await upload([{ name: 'dup.cdm', content: first }, { name: 'renamed.cdm', content: first }, { name: 'same-id.cdm', content: sameId }]);
    assert.equal(response.status, 200, 'duplicates are not failures');
    const body = await json(response);
    for (const result of body.results) {
      assert.equal(result.status, 'duplicate');
      assert.equal(result.code, 'import.conjunction.cdm.duplicate');
      assert.equal(result.params.duplicateOfCdmId, cdmId);
      assert.equal(result.storedCount, 0);
    }
    assert.match(body.results[2].message, /same originator and MESSAGE_ID/);
    const event = await json(await get(`/operations/conjunctions/${stored.results[0].eventIds[0]}`));
    assert.equal(event.cdmCount, 1, 'stored once');
  });

  test('as received (bytes, KVN and XML), parsed (JSON), and the latest written by our writer (KVN, XML) by Accept', async () => {
    const kvn = cdmFixtureText('CDMExample_issue942.txt').replace('201113719185', 'ASREC-KVN').replace('2010-03-13T22:37:52.618', '2014-03-13T22:37:52.618');
    const xml = cdmVariant('CDMExample1.txt', { messageId: 'ASREC-XML', creationDate: '2014-01-01T00:00:00.000', tca: '2014-01-02T00:00:00.000', notation: 'XML' });
    const body = await json(await upload([{ name: 'k.txt', content: kvn }, { name: 'x.xml', content: xml }]));
    const [k, x] = body.results.map((r: Json) => r.cdms[0]);
    const kvnResponse = await get(`/operations/conjunctions/${k.eventId}/cdms/${k.cdmId}`);
    assert.equal(kvnResponse.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await kvnResponse.text(), kvn, 'the bytes as received');
    const xmlResponse = await get(`/operations/conjunctions/${x.eventId}/cdms/${x.cdmId}`);
    assert.equal(xmlResponse.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.equal(await xmlResponse.text(), xml);
    const parsed = await json(await get(`/operations/conjunctions/${k.eventId}/cdms/${k.cdmId}`, key, { Accept: 'application/json' }));
    assert.equal(parsed.header.messageId, 'ASREC-KVN');
    assert.equal(parsed.relativeMetadata.missDistanceM, 715);
    assert.equal(parsed.objects[1].metadata.objectDesignator, '30337');
    assert.equal((await get(`/operations/conjunctions/${k.eventId}/cdms/${k.cdmId}`, key, { Accept: 'application/xml' })).status, 406);
    assert.equal((await get(`/operations/conjunctions/${k.eventId}/cdms/${k.cdmId}`, key, { Accept: 'text/html;;' })).status, 406);
    const written = await get(`/operations/conjunctions/${k.eventId}/cdm`);
    assert.equal(written.headers.get('content-type'), 'text/plain; charset=utf-8');
    const writtenXml = await get(`/operations/conjunctions/${k.eventId}/cdm`, key, { Accept: 'application/xml' });
    assert.equal(writtenXml.headers.get('content-type'), 'application/xml; charset=utf-8');
    const original = parseCdm(kvn);
    for (const text of [await written.text(), await writtenXml.text()]) {
      const again = parseCdm(text);
      assert.equal(again.header.messageId, 'ASREC-KVN');
      assert.deepEqual(again.objects.map((o) => o.stateVector.positionKm), original.objects.map((o) => o.stateVector.positionKm));
      assert.deepEqual(again.objects.map((o) => o.rtnCovariance!.positionVelocity), original.objects.map((o) => o.rtnCovariance!.positionVelocity));
    }
    assert.equal((await get(`/operations/conjunctions/${k.eventId}/cdm`, key, { Accept: 'application/json' })).status, 406);
  });

  test('Pc of uploaded reference CDMs equals the engine\'s, NASA CARA\'s values (Orekit\'s tests) and, with ../shared, Orekit\'s pc.json', async (t) => {
    const pcJson = existsSync(SHARED_PC) ? (JSON.parse(readFileSync(SHARED_PC, 'utf8')) as { results: Record<string, Json> }) : null;
    if (!pcJson) t.diagnostic('../shared/reference/conjunction/cdm/orekit/pc.json absent: checked against the engine and Orekit\'s test values only');
    let worstShared = 0;
    for (const c of OREKIT_TESTS.alfano) {
      const text = cdmFixtureText(c.file);
      // each case names its objects n001 and n002: n001 is ours
      const designator = parseCdm(text).objects[0].metadata.objectDesignator;
      await svc.request('POST', '/operations/spacecraft', { key, json: { name: `ALFANO ${designator}`, noradId: Number(designator) } });
      const body = await json(await upload([{ name: c.file, content: text }]));
      assert.equal(body.results[0].status, 'success', `${c.file}: ${body.results[0].message}`);
      const eventId = body.results[0].eventIds[0];
      const what = await json(await get(`/operations/conjunctions/${eventId}/probability`));
      assert.equal(what.hardBodyRadius.source, 'CDM', 'the CDM\'s comment HBR');
      assert.equal(what.hardBodyRadius.combinedM, c.combined_hbr_m);
      const engine = cdmCollisionProbabilities(parseCdm(text));
      assert.deepEqual(what.probabilities.map((p: Json) => p.method), [...PC_METHODS]);
      for (const [k, p] of what.probabilities.entries()) {
        assert.equal(p.value, engine.probabilities[k]!.value, `${c.file} ${p.method}: the engine's value`);
      }
      for (const method of ['LAAS_2015', 'PATERA_2005', 'ALFANO_2005']) {
        const value = what.probabilities.find((p: Json) => p.method === method).value;
        assert.ok(Math.abs(value - c.expected_pc) <= c.tolerance, `${c.file} ${method}: ${value} vs CARA ${c.expected_pc} ± ${c.tolerance}`);
      }
      const event = await json(await get(`/operations/conjunctions/${eventId}`));
      assert.equal(event.pc, engine.probabilities[0]!.value, 'stored (LAAS_2015) = engine');
      if (pcJson) {
        const reference = pcJson.results[c.file]!.pc.LAAS_2015.value as number;
        const relative = Math.abs(event.pc - reference) / reference;
        worstShared = Math.max(worstShared, relative);
        assert.ok(relative <= 1e-6, `${c.file}: ${event.pc} vs Orekit ${reference}`);
      }
    }
    // A real CSpOC CDM with ITRF states (converted with the bundled IERS C04 EOP), radii from its comments (5 + 5 m)
    await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'ION SCV-008', noradId: 55051 } });
    const ion = cdmFixtureText('ION_SCV8_vs_STARLINK_1233.txt');
    const body = await json(await upload([{ name: 'ion.txt', content: ion }]));
    assert.equal(body.results[0].status, 'success', body.results[0].message);
    const event = await json(await get(`/operations/conjunctions/${body.results[0].eventIds[0]}`));
    assert.equal(event.recomputed.hardBodyRadius.combinedM, 10);
    assert.equal(event.recomputed.encounter.inertialFrame, 'GCRF');
    assert.equal(event.recomputed.encounter.eopCovered, true);
    const engine = cdmCollisionProbabilities(parseCdm(ion), { eop: bundledEopTable(), methods: ['LAAS_2015'] }).probabilities[0]!.value;
    assert.equal(event.pc, engine);
    assert.equal(event.statedPc, parseCdm(ion).relativeMetadata.collisionProbability);
    if (pcJson) {
      const reference = pcJson.results['ION_SCV8_vs_STARLINK_1233.txt']!.pc.LAAS_2015.value as number;
      const relative = Math.abs(event.pc - reference) / reference;
      assert.ok(relative <= 1e-6, `ION: ${event.pc} vs Orekit ${reference}`);
      t.diagnostic(`LAAS_2015 through the API vs Orekit pc.json: Alfano worst ${worstShared.toExponential(2)}, ION ${relative.toExponential(2)} relative`);
    }
  });

  test('the hard-body radius: the spacecraft\'s hardBodyRadiusM plus the organization default; a change reassesses stored Pc; the what-if radius', async () => {
    const org = await svc.key({ organization: 'org-hbr' });
    const craft = await json(await svc.request('POST', '/operations/spacecraft', { key: org.secret, json: { name: 'SATELLITE A', noradId: 12345, hardBodyRadiusM: 2 } }));
    assert.equal(craft.hardBodyRadiusM, 2);
    const text = cdmVariant('CDMExample1.txt', { messageId: 'HBR-1' });
    const body = await json(await upload([{ name: 'hbr.cdm', content: text }], org.secret));
    const eventId = body.results[0].eventIds[0];
    const pcWith = (r: number) => cdmCollisionProbabilities(parseCdm(text), { combinedHardBodyRadiusM: r, methods: ['LAAS_2015'] }).probabilities[0]!.value;
    let event = await json(await get(`/operations/conjunctions/${eventId}`, org.secret));
    assert.equal(event.pc, pcWith(7), '2 m (spacecraft) + 5 m (default)');
    assert.deepEqual(event.recomputed.hardBodyRadius.objects, [
      { object: 'OBJECT1', radiusM: 2, source: 'SPACECRAFT' },
      { object: 'OBJECT2', radiusM: 5, source: 'ORGANIZATION_DEFAULT' },
    ]);
    // PATCH the craft's radius: the stored Pc follows before the answer
    const tag = (await get(`/operations/spacecraft/${craft.id}`, org.secret)).headers.get('etag')!;
    assert.equal((await svc.request('PATCH', `/operations/spacecraft/${craft.id}`, { key: org.secret, json: { hardBodyRadiusM: 3 }, headers: { 'If-Match': tag } })).status, 200);
    event = await json(await get(`/operations/conjunctions/${eventId}`, org.secret));
    assert.equal(event.pc, pcWith(8));
    assert.equal(event.timeline[0].hardBodyRadiusM, 8);
    // settings: another default radius, another method
    const settings = await get('/operations/conjunctions/settings', org.secret);
    const current = await json(settings);
    assert.deepEqual(current, { defaultHardBodyRadiusM: 5, riskThresholds: { mediumPc: 1e-7, highPc: 1e-4 }, eventGroupingWindowS: 600, defaultPcMethod: 'LAAS_2015', updatedAt: null });
    const put = await svc.request('PUT', '/operations/conjunctions/settings', {
      key: org.secret,
      headers: { 'If-Match': settings.headers.get('etag')! },
      json: { defaultHardBodyRadiusM: 4, riskThresholds: { mediumPc: 1e-9, highPc: 1e-6 }, eventGroupingWindowS: 300, defaultPcMethod: 'PATERA_2005' },
    });
    assert.equal(put.status, 200);
    assert.ok(put.headers.get('etag'));
    const stale = await svc.request('PUT', '/operations/conjunctions/settings', {
      key: org.secret, headers: { 'If-Match': settings.headers.get('etag')! }, json: { ...current, updatedAt: undefined, defaultHardBodyRadiusM: 6 },
    });
    assert.equal(stale.status, 412, 'the old ETag');
    event = await json(await get(`/operations/conjunctions/${eventId}`, org.secret));
    const patera = cdmCollisionProbabilities(parseCdm(text), { combinedHardBodyRadiusM: 7, methods: ['PATERA_2005'] }).probabilities[0]!.value;
    assert.equal(event.pcMethod, 'PATERA_2005');
    assert.equal(event.pc, patera, '3 m + 4 m, Patera');
    assert.equal(event.riskLevel, 'MEDIUM', `${patera} between the new thresholds 1e-9 and 1e-6`);
    // the detail's method is selectable without changing what is stored
    const chan = await json(await get(`/operations/conjunctions/${eventId}?method=CHAN_1997`, org.secret));
    assert.equal(chan.recomputed.method, 'CHAN_1997');
    assert.equal(chan.recomputed.probability.value, cdmCollisionProbabilities(parseCdm(text), { combinedHardBodyRadiusM: 7, methods: ['CHAN_1997'] }).probabilities[0]!.value);
    assert.equal(chan.pc, patera);
    // what-if
    const what = await json(await get(`/operations/conjunctions/${eventId}/probability?method=LAAS_2015&hardBodyRadiusM=20`, org.secret));
    assert.equal(what.hardBodyRadius.source, 'REQUEST');
    assert.deepEqual(what.probabilities.map((p: Json) => p.value), [pcWith(20)]);
  });

  test('list filters: spacecraft, TCA range, minimum Pc, maximum miss distance, risk level; sort', async () => {
    const org = await svc.key({ organization: 'org-filters' });
    const a = await json(await svc.request('POST', '/operations/spacecraft', { key: org.secret, json: { name: 'SATELLITE A', noradId: 12345 } }));
    await svc.request('POST', '/operations/spacecraft', { key: org.secret, json: { name: 'FENGYUN', noradId: 30337 } });
    const files = [
      // one of ours against debris 30337 — with both ours, the event also lists under the second craft
      { name: 'f1.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'F1', creationDate: '2015-01-01T00:00:00.000', tca: '2015-01-02T00:00:00.000', missDistanceM: 100, hardBodyRadiusComment: 300 }) },
      { name: 'f2.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'F2', creationDate: '2015-02-01T00:00:00.000', tca: '2015-02-02T00:00:00.000', missDistanceM: 5000 }) },
    ];
    const body = await json(await upload(files, org.secret));
    const [e1, e2] = body.results.map((r: Json) => r.eventIds[0]);
    const list = async (query: string) => (await json(await get(`/operations/conjunctions?${query}`, org.secret))).content.map((e: Json) => e.id);
    assert.deepEqual(await list(''), [e2, e1], 'default tca,desc');
    assert.deepEqual(await list('sort=tca,asc'), [e1, e2]);
    assert.deepEqual(await list(`spacecraftId=${a.id}`), [e2, e1]);
    assert.deepEqual(await list('tcaFrom=2015-01-15T00:00:00Z'), [e2]);
    assert.deepEqual(await list('tcaTo=2015-01-15T00:00:00Z'), [e1]);
    assert.deepEqual(await list('maxMissDistanceM=1000'), [e1]);
    const high = await json(await get(`/operations/conjunctions/${e1}`, org.secret));
    assert.ok(high.pc >= 1e-4, `R = 300 m from the CDM: ${high.pc}`);
    assert.equal(high.riskLevel, 'HIGH');
    assert.deepEqual(await list('minPc=1e-4'), [e1]);
    assert.deepEqual(await list('riskLevel=HIGH'), [e1]);
    assert.deepEqual(await list('riskLevel=LOW,MEDIUM'), [e2]);
    assert.deepEqual(await list('riskLevel=UNKNOWN'), []);
    assert.deepEqual(await list('sort=pc,desc'), [e1, e2]);
  });

  test('organizations are isolated (404), permissions are enforced (403)', async () => {
    const body = await json(await upload([{ name: 'iso.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'ISO-1', creationDate: '2016-01-01T00:00:00.000', tca: '2016-01-02T00:00:00.000' }) }]));
    const { eventIds: [eventId], cdms: [{ cdmId }] } = body.results[0];
    const other = (await svc.key({ organization: 'org-other' })).secret;
    for (const path of ['', '/cdm', '/probability', '/encounter.svg', '/timeline.svg', `/cdms/${cdmId}`]) {
      const response = await get(`/operations/conjunctions/${eventId}${path}`, other);
      assert.equal(response.status, 404, path);
    }
    assert.equal((await json(await get('/operations/conjunctions', other))).totalElements, 0);
    // another organization's upload does not see our spacecraft: the same file fails there
    const theirs = await json(await upload([{ name: 'iso.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'ISO-1' }) }], other));
    assert.equal(theirs.results[0].error, 'UNRESOLVED_OBJECTS');

    const readOnly = (await svc.key({ permissions: PERMISSIONS.filter((p) => p !== 'write:conjunctions') })).secret;
    const writeOnly = (await svc.key({ permissions: PERMISSIONS.filter((p) => p !== 'read:conjunctions') })).secret;
    assert.equal((await upload([{ name: 'x.cdm', content: 'x' }], readOnly)).status, 403);
    assert.equal((await svc.request('PUT', '/operations/conjunctions/settings', { key: readOnly, json: {} })).status, 403);
    for (const path of ['/operations/conjunctions', '/operations/conjunctions/settings', `/operations/conjunctions/${eventId}`, `/operations/conjunctions/${eventId}/encounter.svg`, `/operations/conjunctions/${eventId}/cdms/${cdmId}`]) {
      const response = await get(path, writeOnly);
      assert.equal(response.status, 403, path);
      assert.equal((await json(response)).error, 'ACCESS_ERROR');
    }
    assert.equal((await get(`/operations/conjunctions/${eventId}`, readOnly)).status, 200);
  });

  test('validation: a 400 naming the field for every parameter and body', async () => {
    const body = await json(await upload([{ name: 'val.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'VAL-1', creationDate: '2017-01-01T00:00:00.000', tca: '2017-01-02T00:00:00.000' }) }]));
    const eventId = body.results[0].eventIds[0];
    const fieldOf = async (response: Response, field: string, what: string) => {
      assert.equal(response.status, 400, what);
      const error = await json(response);
      assert.equal(error.error, 'VALIDATION_ERROR', what);
      assert.ok(error.fieldErrors?.[field], `${what}: names ${field} (${JSON.stringify(error.fieldErrors)})`);
    };
    for (const [query, field] of [
      ['minPc=2', 'minPc'], ['minPc=abc', 'minPc'], ['maxMissDistanceM=-1', 'maxMissDistanceM'], ['riskLevel=SEVERE', 'riskLevel'],
      ['tcaFrom=yesterday', 'tcaFrom'], ['tcaFrom=2017-02-01T00:00:00Z&tcaTo=2017-01-01T00:00:00Z', 'tcaTo'], ['sort=bogus,asc', 'sort'],
      ['size=0', 'size'], [`spacecraftId=${'x'.repeat(129)}`, 'spacecraftId'],
    ] as const) {
      await fieldOf(await get(`/operations/conjunctions?${query}`), field, query);
    }
    await fieldOf(await get(`/operations/conjunctions/${eventId}?method=FOSTER`), 'method', 'detail method');
    await fieldOf(await get(`/operations/conjunctions/${eventId}/probability?method=FOSTER`), 'method', 'what-if method');
    for (const radius of ['0', '-3', '0.0009', '2001', 'ten']) {
      await fieldOf(await get(`/operations/conjunctions/${eventId}/probability?hardBodyRadiusM=${radius}`), 'hardBodyRadiusM', `hardBodyRadiusM=${radius}`);
    }
    const valid = { defaultHardBodyRadiusM: 5, riskThresholds: { mediumPc: 1e-7, highPc: 1e-4 }, eventGroupingWindowS: 600, defaultPcMethod: 'LAAS_2015' };
    for (const [change, field] of [
      [{ riskThresholds: { mediumPc: 1e-4, highPc: 1e-7 } }, 'riskThresholds.highPc'],
      [{ riskThresholds: { mediumPc: 0, highPc: 1e-4 } }, 'riskThresholds.mediumPc'],
      [{ eventGroupingWindowS: 0 }, 'eventGroupingWindowS'],
      [{ eventGroupingWindowS: 86_401 }, 'eventGroupingWindowS'],
      [{ defaultHardBodyRadiusM: 0 }, 'defaultHardBodyRadiusM'],
      [{ defaultHardBodyRadiusM: 0.0009 }, 'defaultHardBodyRadiusM'],
      [{ defaultHardBodyRadiusM: 1001 }, 'defaultHardBodyRadiusM'],
      [{ defaultPcMethod: 'FOSTER' }, 'defaultPcMethod'],
      [{ defaultPcMethod: undefined }, 'defaultPcMethod'],
      [{ extra: 1 }, 'body'],
    ] as const) {
      const response = await svc.request('PUT', '/operations/conjunctions/settings', { key, json: { ...valid, ...change } });
      if (field === 'body') {
        assert.equal(response.status, 400, 'an unknown field');
        continue;
      }
      await fieldOf(response, field, JSON.stringify(change));
    }
    await fieldOf(await svc.request('PATCH', `/operations/spacecraft/${craftA}`, { key, json: { hardBodyRadiusM: 0 } }), 'hardBodyRadiusM', 'spacecraft hardBodyRadiusM');
    // upload: no file; a text field where a file belongs; an empty file name
    const empty = new FormData();
    empty.append('note', 'no file');
    await fieldOf(await svc.request('POST', '/operations/conjunctions/cdms', { key, body: empty }), 'files', 'no files');
    const text = new FormData();
    text.append('files', 'CCSDS_CDM_VERS = 1.0');
    await fieldOf(await svc.request('POST', '/operations/conjunctions/cdms', { key, body: text }), 'files', 'a text field');
    assert.equal((await get(`/operations/conjunctions/${eventId}/cdms/nope`)).status, 404);
    assert.equal((await get('/operations/conjunctions/nope')).status, 404);
  });

  test('the encounter and timeline pictures in headless Chromium', async (t) => {
    const chromium = findChromium();
    const body = await json(await upload([
      { name: 'pic-1.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'PIC-1', creationDate: '2018-01-01T00:00:00.000', tca: '2018-01-03T00:00:00.000', statedPc: 3e-8, covarianceScale: 3 }) },
      { name: 'pic-2.cdm', content: cdmVariant('CDMExample1.txt', { messageId: 'PIC-2', creationDate: '2018-01-02T00:00:00.000', tca: '2018-01-03T00:00:00.000', statedPc: 6e-8, hardBodyRadiusComment: 60 }) },
    ]));
    const eventId = body.results[0].eventIds[0];
    const encounter = await get(`/operations/conjunctions/${eventId}/encounter.svg`);
    assert.equal(encounter.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    const encounterText = await encounter.text();
    const timelineText = await (await get(`/operations/conjunctions/${eventId}/timeline.svg`)).text();
    for (const cls of ['sigma1', 'sigma3', 'hard-body', 'miss']) assert.match(encounterText, new RegExp(`class="${cls}"`));
    assert.equal((timelineText.match(/class="pc"/g) ?? []).length, 2);
    assert.equal((timelineText.match(/class="stated"/g) ?? []).length, 2);
    if (!chromium) {
      t.skip('no Chromium found (install Debian\'s chromium or set CHROMIUM_PATH): the pictures were checked as text only');
      return;
    }
    const drawn = renderSvgPixels(chromium, encounterText, 640, 760, { ...ENCOUNTER_COLOURS });
    assert.ok(drawn.loaded, JSON.stringify(drawn));
    if (drawn.loaded) {
      for (const [name, count] of Object.entries(drawn.counts)) assert.ok(count > 30, `encounter: ${name} drawn (${count} px)`);
      t.diagnostic(`encounter.svg pixels: ${JSON.stringify(drawn.counts)}`);
    }
    const timeline = renderSvgPixels(chromium, timelineText, 900, 680, { pc: TIMELINE_COLOURS.pc, stated: TIMELINE_COLOURS.stated, miss: TIMELINE_COLOURS.miss, high: TIMELINE_COLOURS.high });
    assert.ok(timeline.loaded, JSON.stringify(timeline));
    if (timeline.loaded) {
      for (const [name, count] of Object.entries(timeline.counts)) assert.ok(count > 30, `timeline: ${name} drawn (${count} px)`);
      t.diagnostic(`timeline.svg pixels: ${JSON.stringify(timeline.counts)}`);
    }
    // a broken document does not load
    assert.equal(renderSvgPixels(chromium, encounterText.replace('</svg>', ''), 640, 760, {}).loaded, false);
  });
});
