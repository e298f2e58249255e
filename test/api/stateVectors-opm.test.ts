/** OPM import (CCSDS samples: valid, malformed with line numbers, maneuvers as warnings) and OPM export round trip. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { createSpacecraft, createStateVector, diagonalCovariance, ssoState, type StateVectorView } from './stateVectors.helpers.ts';

const OPM_DIR = new URL('../fixtures/ccsds/opm/', import.meta.url);
const read = (name: string): string => readFileSync(new URL(name, OPM_DIR), 'utf8');

interface ImportBody {
  successCount: number;
  failureCount: number;
  results: Array<{ filename: string; status: string; stateVectorId: string | null; spacecraftId: string | null; warnings: string[]; message?: string; line?: number }>;
}

let svc: TestService;
let key: string;
before(async () => {
  svc = await createTestService();
  key = (await svc.key({ organization: 'opm-org' })).secret;
});
after(async () => {
  await svc.close();
});

async function importFiles(
  files: Array<[string, string]>,
  spacecraftId?: string,
  allowDuplicate = false,
): Promise<{ status: number; body: ImportBody & { details?: ImportBody } }> {
  const form = filesForm(files.map(([name, content]) => ({ name, content })));
  const params = new URLSearchParams();
  if (spacecraftId) params.set('spacecraftId', spacecraftId);
  if (allowDuplicate) params.set('allowDuplicate', 'true');
  const query = params.size > 0 ? `?${params}` : '';
  const r = await svc.request('POST', `/operations/state-vectors/import${query}`, { key, body: form });
  return { status: r.status, body: (await r.json()) as ImportBody & { details?: ImportBody } };
}

async function get(id: string): Promise<StateVectorView> {
  return (await (await svc.request('GET', `/operations/state-vectors/${id}`, { key })).json()) as StateVectorView;
}

describe('OPM import', () => {
  test('valid samples import (KVN and XML, OPM 2.0 and 3.0) with per-file results and warnings', async () => {
    const sc = await createSpacecraft(svc, key);
    const names = ['OPMExample1.txt', 'OPMExample2.txt', 'OPMExample3.txt', 'OPMExample3.xml', 'OPMExample4.txt', 'OPMExample5.txt', 'OPMExamplePartialManeuver.txt'];
    // Several Orekit samples carry the same state (Example2, Example4, PartialManeuver): allowDuplicate keeps each file's own record.
    const { status, body } = await importFiles(names.map((n) => [n, read(n)]), sc, true);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.successCount, names.length);
    const byName = new Map(body.results.map((r) => [r.filename, r]));
    for (const r of body.results) {
      assert.equal(r.status, 'success', r.filename);
      assert.equal(r.spacecraftId, sc);
      assert.match(r.stateVectorId!, /^SV-\d+$/);
    }
    // Example1: ITRF2000, spacecraft mass
    const ex1 = await get(byName.get('OPMExample1.txt')!.stateVectorId!);
    assert.equal(ex1.sourceType, 'OPM_IMPORT');
    assert.equal(ex1.referenceFrame, 'ITRF');
    assert.equal(ex1.epoch, '1998-12-18T14:28:15.117200Z');
    assert.deepEqual(ex1.position, [6503.514, 1239.647, -717.49]);
    assert.equal(ex1.mass, 3000);
    assert.equal(ex1.originator, 'JAXA');
    assert.ok(ex1.warnings.some((w) => w.includes('ITRF2000 stored as ITRF')));
    // maneuvers are warnings, never silently dropped
    const ex2 = byName.get('OPMExample2.txt')!;
    assert.equal(ex2.warnings.filter((w) => w.includes('OPM maneuver')).length, 2, JSON.stringify(ex2.warnings));
    assert.equal(byName.get('OPMExample5.txt')!.warnings.filter((w) => w.includes('OPM maneuver')).length, 3);
    assert.equal(byName.get('OPMExamplePartialManeuver.txt')!.warnings.filter((w) => w.includes('OPM maneuver')).length, 1);
    // GPS time system converted to UTC (GPS − UTC = 14 s in 2006)
    assert.equal((await get(byName.get('OPMExample5.txt')!.stateVectorId!)).epoch, '2006-06-02T23:59:46.000000Z');
    // covariance: Example3 in REF_FRAME (TOD), Example4 in RTN; the XML sample's matrix is not PSD: dropped with a warning
    const ex3 = await get(byName.get('OPMExample3.txt')!.stateVectorId!);
    assert.equal(ex3.hasCovariance, true);
    assert.equal(ex3.covariance!.frame, 'TOD');
    assert.equal(ex3.covariance!.matrix[1]![0], 4.618927349220216e-4);
    assert.equal(ex3.covariance!.matrix[0]![1], 4.618927349220216e-4);
    const ex4 = await get(byName.get('OPMExample4.txt')!.stateVectorId!);
    assert.equal(ex4.covariance!.frame, 'RTN');
    // user-defined parameters are kept with the state and written back on export
    assert.deepEqual(ex4.userDefinedParameters, { OBJ1_TIME_LASTOB_START: '2020-01-29T13:30:00' });
    const ex4Opm = await (await svc.request('GET', `/operations/state-vectors/${ex4.id}/opm`, { key })).text();
    assert.match(ex4Opm, /^USER_DEFINED_OBJ1_TIME_LASTOB_START\s+= 2020-01-29T13:30:00$/m);
    const reimported = await importFiles([['ex4-again.opm', ex4Opm]], sc, true);
    assert.equal(reimported.status, 200, JSON.stringify(reimported.body));
    assert.deepEqual((await get(reimported.body.results[0]!.stateVectorId!)).userDefinedParameters, ex4.userDefinedParameters);
    // spacecraft areas/coefficients in an OPM are not silently dropped either
    assert.ok(ex2.warnings.some((w) => /SOLAR_RAD_AREA.*DRAG_AREA.*not stored/.test(w)), JSON.stringify(ex2.warnings));
    assert.deepEqual(ex1.userDefinedParameters, {});
    const xml = await get(byName.get('OPMExample3.xml')!.stateVectorId!);
    assert.equal(xml.hasCovariance, false);
    assert.ok(xml.warnings.some((w) => w.includes('covariance dropped') && w.includes('positive semi-definite')), JSON.stringify(xml.warnings));
    assert.equal(xml.meanElementsTheory, 'DSST');
  });

  test('malformed samples fail with their line numbers; a mixed batch is 207', async () => {
    const sc = await createSpacecraft(svc, key);
    const expected: Array<[string, number, string]> = [
      ['OPM-incompatible-units.txt', 20, 'SOLAR_RAD_AREA'],
      ['OPM-number-format-error.txt', 17, 'SEMI_MAJOR_AXIS'],
      ['OPM-unknown-frame.txt', 7, 'REF_FRAME'],
      ['OPM-wrong-keyword.txt', 11, 'WRONG_KEYWORD'],
      ['OPM-no-designator.txt', 11, 'TIME_SYSTEM'],
    ];
    for (const [name, line, keyword] of expected) {
      const { status, body } = await importFiles([[name, read(name)]], sc);
      assert.equal(status, 400, name);
      const result = body.details!.results[0]!;
      assert.equal(result.status, 'failed');
      assert.equal(result.line, line, `${name}: ${result.message}`);
      assert.ok(result.message!.includes(`line ${line}`) && result.message!.includes(keyword), result.message);
    }
    const mixed = await importFiles([['OPMExample1.txt', read('OPMExample1.txt')], ['OPM-wrong-keyword.txt', read('OPM-wrong-keyword.txt')]], sc);
    assert.equal(mixed.status, 207);
    assert.deepEqual(mixed.body.results.map((r) => r.status), ['success', 'failed']);
    const empty = await svc.request('POST', '/operations/state-vectors/import', { key, body: new FormData() });
    assert.equal(empty.status, 400);
    const unknownTarget = await importFiles([['OPMExample1.txt', read('OPMExample1.txt')]], 'no-such-spacecraft');
    assert.equal(unknownTarget.status, 404);
  });

  test('the target resolves from OBJECT_ID (COSPAR id); unresolved and ambiguous files are reported', async () => {
    const unresolved = await importFiles([['OPMExample2.txt', read('OPMExample2.txt')]]);
    assert.equal(unresolved.status, 400);
    const sc = await createSpacecraft(svc, key, { cosparId: '2000-028A' });
    const resolved = await importFiles([['OPMExample2.txt', read('OPMExample2.txt')]]);
    assert.equal(resolved.status, 200);
    assert.equal(resolved.body.results[0]!.spacecraftId, sc);
    await createSpacecraft(svc, key, { cosparId: '2000-028A' });
    const ambiguous = await importFiles([['OPMExample2.txt', read('OPMExample2.txt')]]);
    assert.equal(ambiguous.status, 207);
    assert.equal(ambiguous.body.results[0]!.status, 'ambiguous');
  });
});

describe('OPM export', () => {
  test('an exported OPM re-imports to the identical state, covariance and mass', async () => {
    const sc = await createSpacecraft(svc, key, { cosparId: '2023-001B', name: 'EXPORT-SAT' });
    const cov = diagonalCovariance();
    cov[0]![4] = cov[4]![0] = 1.234567890123e-8;
    const original = await createStateVector(svc, key, ssoState(sc, { epoch: '2023-03-08T06:30:00.123456789Z', referenceFrame: 'TOD', covariance: { frame: 'TNW', matrix: cov } }));
    const exported = await svc.request('GET', `/operations/state-vectors/${original.id}/opm`, { key });
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type')!, /^text\/plain/);
    const text = await exported.text();
    assert.match(text, /^CCSDS_OPM_VERS\s+= 2\.0$/m);
    assert.match(text, /^OBJECT_ID\s+= 2023-001B$/m);
    assert.match(text, /^REF_FRAME\s+= TOD$/m);
    assert.match(text, /^COV_REF_FRAME\s+= TNW$/m);
    const { status, body } = await importFiles([[`${original.id}.opm`, text]]);
    assert.equal(status, 200, JSON.stringify(body));
    const again = await get(body.results[0]!.stateVectorId!);
    assert.equal(again.spacecraftId, sc);
    assert.equal(again.epoch, original.epoch);
    assert.deepEqual(again.position, original.position);
    assert.deepEqual(again.velocity, original.velocity);
    assert.equal(again.referenceFrame, original.referenceFrame);
    assert.equal(again.mass, original.mass);
    assert.deepEqual(again.covariance, original.covariance);
    assert.deepEqual(again.meanElements, original.meanElements);
  });
});
