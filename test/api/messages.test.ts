/**
 * Issue 15 item 14: messages say what is wrong. An OPM without EPOCH says "missing EPOCH"; a garbage instant says it
 * is not an ISO-8601 instant; a span just over a limit does not print as the limit; every bad record of a tracking
 * file is listed, not only the first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { makeTdm } from '../helpers/tracking.ts';
import { createSpacecraft, createStateVector, ssoState } from './stateVectors.helpers.ts';

const OPM_WITHOUT_EPOCH = [
  'CCSDS_OPM_VERS = 2.0',
  'CREATION_DATE = 2023-03-08T00:00:00',
  'ORIGINATOR = TEST',
  'OBJECT_NAME = MSG-SAT',
  'OBJECT_ID = 2023-001A',
  'CENTER_NAME = EARTH',
  'REF_FRAME = GCRF',
  'TIME_SYSTEM = UTC',
  'X = 1078.7057558860126',
  'Y = 473.89419427067367',
  'Z = -6987.482439539717',
  'X_DOT = 6.0638805111585015',
  'Y_DOT = -4.359194026524568',
  'Z_DOT = 0.643596859521826',
  'MASS = 1000',
  '',
].join('\n');

describe('messages', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let stateVectorId: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { name: 'MSG-SAT', cosparId: '2023-001A' });
    stateVectorId = (await createStateVector(svc, key, ssoState(craft))).id;
  });
  after(async () => svc.close());

  test('an OPM without EPOCH: "missing EPOCH" (not "MASS before the state vector EPOCH")', async () => {
    const response = await svc.request('POST', `/operations/state-vectors/import?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'no-epoch.opm', content: OPM_WITHOUT_EPOCH }]) });
    assert.equal(response.status, 400);
    const result = (await response.json()).details.results[0];
    assert.match(result.message, /missing EPOCH/);
    assert.doesNotMatch(result.message, /MASS before/);
    assert.equal(result.line, 15, 'the line where the missing EPOCH became evident');
  });

  test('epoch=garbage: "not an ISO-8601 instant" (not "a time zone designator is required")', async () => {
    const response = await svc.request('GET', `/operations/spacecraft/${craft}/tle?epoch=garbage`, { key });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.match(body.fieldErrors.epoch, /not an ISO-8601 instant/);
    assert.doesNotMatch(body.fieldErrors.epoch, /zone designator/);
    const noZone = await svc.request('GET', `/operations/spacecraft/${craft}/tle?epoch=2024-01-01T00:00:00`, { key });
    assert.match((await noZone.json()).fieldErrors.epoch, /time zone designator/, 'a real instant without zone still says what it lacks');
  });

  test('a span of 30 days + 1 s is not printed as "30.000 days"', async () => {
    const response = await svc.request('POST', `/operations/state-vectors/${stateVectorId}/generate-oem`, {
      key,
      json: { initialDate: '2023-03-08T06:30:00Z', finalDate: '2023-04-07T06:30:01Z' },
    });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.doesNotMatch(body.message, /30\.000/);
    assert.match(body.message, /requested 30 d 00:00:01\)/);
  });

  test('every bad record of a tracking file is listed with its line (the message says how many more)', async () => {
    const good = makeTdm({ participants: ['DSS-1', 'MSG-SAT'], start: '2026-11-01T00:00:00', count: 5 });
    const bad = good
      .replace('RANGE = 2026-11-01T00:00:01.000 1001.000', 'RANGE = 2026-11-01T00:00:01.000 abc')
      .replace('ANGLE_2 = 2026-11-01T00:00:03.000 44.9700', 'ANGLE_2 = 2026-11-01T00:00:03.000 4x')
      .replace('RANGE = 2026-11-01T00:00:04.000 1004.000', 'RANGE = 2026-11-01T00:00:04.000');
    const response = await svc.request('POST', '/operations/measurements', { key, body: filesForm([{ name: 'bad.tdm', content: bad }]) });
    assert.equal(response.status, 207);
    const [result] = (await response.json()).results;
    assert.equal(result.status, 'failed');
    assert.equal(result.errors.length, 3);
    const lines = bad.split('\n');
    assert.deepEqual(
      result.errors.map((e: { message: string }) => Number(/^line (\d+):/.exec(e.message)![1])),
      [lines.findIndex((l) => l.endsWith(' abc')) + 1, lines.findIndex((l) => l.endsWith(' 4x')) + 1, lines.findIndex((l) => l === 'RANGE = 2026-11-01T00:00:04.000') + 1],
    );
    assert.match(result.message, /\(and 2 more errors; see errors\)$/);
    assert.equal(result.params.errorCount, 3);
    assert.equal(result.params.errorsTruncated, false);
    const inspect = await svc.request('POST', '/operations/measurements/inspect', { key, body: filesForm([{ name: 'bad.tdm', content: bad }], 'file') });
    const preview = await inspect.json();
    assert.equal(preview.valid, false);
    assert.equal(preview.errors.length, 3);
    assert.equal(preview.errorsTruncated, false);
  });
});
