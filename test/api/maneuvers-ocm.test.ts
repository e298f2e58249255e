/**
 * Stored maneuvers: CCSDS OCM import (rule 5), preview, export (rule 6) and the export → re-import round trip.
 * OCM samples: test/fixtures/ccsds/ocm (Orekit test resources, Apache-2.0; see test/fixtures/ccsds/SOURCES.md).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { createTestService, type TestService } from '../helpers/service.ts';
import { createOk, createSpacecraft, detailPath, getDetail, importFiles, listPath, maneuver, segment } from './maneuvers.helpers.ts';

const FIXTURES = new URL('../fixtures/ccsds/ocm/', import.meta.url);
const sample = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/** A minimal OCM with one or more thrust maneuvers; `meta` adds metadata lines. */
function ocm(options: {
  meta?: string[];
  wetMassKg?: number | null;
  maneuvers: Array<{ id: string; frame?: string; rows: string[]; composition?: string; units?: string; extra?: string[] }>;
}): string {
  const lines = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = TEST', '', 'META_START', ...(options.meta ?? []),
    'TIME_SYSTEM = UTC', 'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', ''];
  if (options.wetMassKg !== null) lines.push('PHYS_START', `WET_MASS = ${options.wetMassKg ?? 800} [kg]`, 'PHYS_STOP', '');
  for (const m of options.maneuvers) {
    lines.push('MAN_START', `MAN_ID = ${m.id}`, 'MAN_BASIS = PLANNED', 'MAN_DEVICE_ID = THR_1', `MAN_REF_FRAME = ${m.frame ?? 'RTN'}`, ...(m.extra ?? []),
      `MAN_COMPOSITION = ${m.composition ?? 'TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP'}`);
    if (m.units !== '') lines.push(`MAN_UNITS = ${m.units ?? '[s, N, N, N, s]'}`);
    lines.push(...m.rows, 'MAN_STOP', '');
  }
  return lines.join('\n');
}

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

describe('OCM import: samples and file rules', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { name: 'Sample host', launchMass: 2000 });
  });
  after(async () => svc.close());

  test('the malformed OCM samples fail with the line of the error (400, nothing stored)', async () => {
    const expected: Record<string, number> = {
      'OCM-incompatible-units-dimension.txt': 13,
      'OCM-missing-maneuver-time.txt': 18,
      'OCM-missing-t0.txt': 10,
      'OCM-unknown-frame.txt': 12,
      'OCM-wrong-nb-elements.txt': 13,
      'OCM-wrong-time-span.txt': 11,
    };
    for (const [name, line] of Object.entries(expected)) {
      const response = await importFiles(svc, key, [{ name, content: sample(name) }], { spacecraftId: craft });
      assert.equal(response.status, 400, name);
      const body = await response.json();
      assert.equal(body.error, 'VALIDATION_ERROR');
      const result = body.details.results[0];
      assert.equal(result.status, 'failed');
      assert.equal(result.filename, name);
      assert.equal(result.line, line, `${name}: ${result.message}`);
      assert.match(result.message, new RegExp(`^line ${line}: `));
    }
  });

  test('a valid sample with a thrust maneuver imports it (deployments skipped); TIME_ABSOLUTE, WET_MASS, RSW_ROTATING', async () => {
    const response = await importFiles(svc, key, [{ name: 'OCMExample3.txt', content: sample('OCMExample3.txt') }], { spacecraftId: craft });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.deepEqual(body, {
      successCount: 1,
      failureCount: 0,
      results: [
        { filename: 'OCMExample3.txt', status: 'success', spacecraftId: craft, maneuverIds: ['E_W_20160305B'], skippedManeuverIds: ['CUBESAT_DEPLOY'], warnings: [] },
      ],
    });
    const detail = await getDetail(svc, key, 'E_W_20160305B', craft);
    assert.equal(detail.name, 'E_W_20160305B');
    assert.equal(detail.purpose, 'ORBIT');
    assert.equal(detail.attitudeMode, 'RSW_ROTATING');
    assert.deepEqual(detail.composition, [
      { referenceEpoch: '1998-12-18T14:36:35.117200Z', duration: 100, thrX: 0, thrY: 0.5, thrZ: 0, thrISP: 300, attitudeMode: 'RSW_ROTATING' },
    ]);
    assert.equal(detail.initialMass, 100, 'the OCM WET_MASS, not the launch mass');
    assert.ok(Math.abs((detail.acceleration as number) - 0.005) < 1e-15);
    assert.equal(detail.end, '1998-12-18T14:38:15.117200Z');
  });

  test('valid samples without importable thrust maneuvers fail naming a line', async () => {
    for (const [name, pattern] of [
      ['OCMExample1.txt', /no thrust maneuver/],
      ['OCMExample2.txt', /no thrust maneuver/],
      ['OCMExample2.xml', /no thrust maneuver/],
      ['OCMExample5ITRF.txt', /no thrust maneuver/],
      ['OCMMinimal.txt', /lacks MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP/],
      // thrust given in an inertial frame (TOD) cannot become an attitude mode
      ['OCMExample4.txt', /line 233: MAN_REF_FRAME TOD is not a supported attitude mode/],
    ] as const) {
      const response = await importFiles(svc, key, [{ name, content: sample(name) }], { spacecraftId: craft });
      assert.equal(response.status, 400, name);
      const result = (await response.json()).details.results[0];
      assert.match(result.message, pattern, name);
      assert.equal(typeof result.line, 'number');
    }
  });

  test('OCMExample4 with local-orbital frames: TIME_RELATIVE rows are relative to EPOCH_TZERO; target from metadata', async () => {
    const polysat = await createSpacecraft(svc, key, { name: 'PolySat', cosparId: '2000-053A', launchMass: 900 });
    const text = sample('OCMExample4.txt').replace('MAN_REF_FRAME             = TOD', 'MAN_REF_FRAME             = RIC')
      .replace('MAN_REF_FRAME             = TNW_INERTIAL', 'MAN_REF_FRAME             = TNW_ROTATING');
    const response = await importFiles(svc, key, [{ name: 'example4-local.txt', content: text }]);
    assert.equal(response.status, 200, await response.clone().text());
    const result = (await response.json()).results[0];
    assert.equal(result.spacecraftId, polysat, 'COSPAR id beats the (case-insensitive) name, both agree here');
    assert.deepEqual(result.maneuverIds, ['maneuver 1', 'maneuver 2']);
    assert.deepEqual(result.skippedManeuverIds, ['maneuver 3']);
    const m1 = await getDetail(svc, key, 'maneuver 1', polysat);
    assert.equal(m1.attitudeMode, 'RTN');
    assert.deepEqual((m1.composition as Array<{ referenceEpoch: string }>).map((s) => s.referenceEpoch), ['2019-07-23T00:00:00.000000Z', '2019-07-23T00:10:00.000000Z']);
    assert.equal(m1.initialMass, 600);
    const m2 = await getDetail(svc, key, 'maneuver 2', polysat);
    assert.equal(m2.attitudeMode, 'TNW');
    assert.deepEqual((m2.composition as Array<{ referenceEpoch: string }>).map((s) => s.referenceEpoch), ['2019-07-23T00:16:40.000000Z', '2019-07-23T00:26:40.000000Z']);
    assert.equal(m2.end, '2019-07-23T00:30:00.000000Z');
  });

  test('content errors name their line: thrust, ISP, duration, WET_MASS, MAN_UNITS, MAN_ID length', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['zero thrust', ocm({ maneuvers: [{ id: 'Z', rows: ['2025-02-01T00:00:00 10 0 0 0 300'] }] }), /^line 21: THR_X, THR_Y, THR_Z the resulting thrust/],
      ['ISP', ocm({ maneuvers: [{ id: 'I', rows: ['2025-02-01T00:00:00 10 1 0 0 20000'] }] }), /^line 21: THR_ISP must be between 50 and 10000/],
      ['duration', ocm({ maneuvers: [{ id: 'D', rows: ['2025-02-01T00:00:00 0 1 0 0 300'] }] }), /^line 21: MAN_DURA must be a positive/],
      ['no WET_MASS', ocm({ wetMassKg: null, maneuvers: [{ id: 'W', rows: ['2025-02-01T00:00:00 10 1 0 0 300'] }] }), /^line 10: PHYS WET_MASS is required/],
      ['MAN_UNITS', ocm({ maneuvers: [{ id: 'U', units: '[s, km, N, N, s]', rows: ['2025-02-01T00:00:00 10 1 0 0 300'] }] }), /^line 20: .*MAN_UNITS/],
      ['no ISP column', ocm({ maneuvers: [{ id: 'N', composition: 'TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z', units: '[s, N, N, N]', rows: ['2025-02-01T00:00:00 10 1 0 0'] }] }), /^line 19: .*lacks THR_ISP/],
      ['long MAN_ID', ocm({ maneuvers: [{ id: 'M'.repeat(64), rows: ['2025-02-01T00:00:00 10 1 0 0 300'] }] }), /^line 15: MAN_ID .* at most 63/],
      ['inertial frame', ocm({ maneuvers: [{ id: 'F', frame: 'EME2000', rows: ['2025-02-01T00:00:00 10 1 0 0 300'] }] }), /^line 18: MAN_REF_FRAME EME2000/],
    ];
    for (const [label, text, pattern] of cases) {
      const response = await importFiles(svc, key, [{ name: `${label}.ocm`, content: text }], { spacecraftId: craft });
      assert.equal(response.status, 400, label);
      const result = (await response.json()).details.results[0];
      assert.match(result.message, pattern, `${label}: ${result.message}`);
      assert.equal(result.line, Number(/^line (\d+)/.exec(result.message)![1]));
    }
  });

  test('XML OCM: imports, resolves by COSPAR id, and names the line of a bad data line', async () => {
    const xmlCraft = await createSpacecraft(svc, key, { name: 'XMLSAT', cosparId: '2020-001A' });
    const xml = (isp: number) => [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ocm id="CCSDS_OCM_VERS" version="3.0">',
      '  <header><CREATION_DATE>2025-01-01T00:00:00</CREATION_DATE><ORIGINATOR>TEST</ORIGINATOR></header>',
      '  <body><segment>',
      '    <metadata>',
      '      <INTERNATIONAL_DESIGNATOR>2020-001A</INTERNATIONAL_DESIGNATOR>',
      '      <TIME_SYSTEM>UTC</TIME_SYSTEM>',
      '      <EPOCH_TZERO>2025-01-01T00:00:00</EPOCH_TZERO>',
      '    </metadata>',
      '    <data>',
      '      <phys><WET_MASS units="kg">500</WET_MASS></phys>',
      '      <man>',
      '        <MAN_ID>XML-1</MAN_ID>',
      '        <MAN_DEVICE_ID>THR</MAN_DEVICE_ID>',
      '        <MAN_REF_FRAME>TNW</MAN_REF_FRAME>',
      '        <MAN_COMPOSITION>TIME_RELATIVE,MAN_DURA,THR_X,THR_Y,THR_Z,THR_ISP</MAN_COMPOSITION>',
      '        <MAN_UNITS>[s,N,N,N,s]</MAN_UNITS>',
      '        <manLine>100 10 1 0 0 300</manLine>',
      `        <manLine>200 10 1 0 0 ${isp}</manLine>`,
      '      </man>',
      '    </data>',
      '  </segment></body>',
      '</ocm>',
    ].join('\n');
    const bad = await importFiles(svc, key, [{ name: 'bad.xml', content: xml(20) }]);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).details.results[0].line, 19);
    const good = await importFiles(svc, key, [{ name: 'good.xml', content: xml(300) }]);
    assert.equal(good.status, 200);
    const detail = await getDetail(svc, key, 'XML-1', xmlCraft);
    assert.deepEqual((detail.composition as Array<{ referenceEpoch: string }>).map((s) => s.referenceEpoch), ['2025-01-01T00:01:40.000000Z', '2025-01-01T00:03:20.000000Z']);
    assert.equal(detail.initialMass, 500);
  });

  test('multipart validation: no files or a blank file name → 400', async () => {
    const empty = await svc.request('POST', '/operations/maneuvers/import', { key, body: new FormData() });
    assert.equal(empty.status, 400);
    const form = new FormData();
    form.append('files', new Blob(['x']), ' ');
    assert.equal((await svc.request('POST', '/operations/maneuvers/import', { key, body: form })).status, 400);
    const text = new FormData();
    text.append('files', 'not a file part');
    assert.equal((await svc.request('POST', '/operations/maneuvers/import', { key, body: text })).status, 400);
  });
});

describe('OCM import: status outcomes, atomic files, preview (rule 5)', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { name: 'Unique One', noradId: 25544, externalKey: 'EXT-1' });
    await createSpacecraft(svc, key, { name: 'Twin' });
    await createSpacecraft(svc, key, { name: 'TWIN' });
  });
  after(async () => svc.close());

  const file = (id: string, start: string, meta: string[] = ['OBJECT_DESIGNATOR = 25544']) =>
    ocm({ meta, maneuvers: [{ id, rows: [`${start} 60 0 1 0 300`] }] });

  test('200 when every file succeeds (target by NORAD id, externalKey, or our id)', async () => {
    const response = await importFiles(svc, key, [
      { name: 'a.ocm', content: file('OK-1', '2025-03-01T00:00:00') },
      { name: 'b.ocm', content: file('OK-2', '2025-03-01T01:00:00', ['OBJECT_NAME = EXT-1']) },
      { name: 'c.ocm', content: file('OK-3', '2025-03-01T02:00:00', [`OBJECT_DESIGNATOR = ${craft}`]) },
    ]);
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.successCount, 3);
    assert.equal(body.failureCount, 0);
    assert.ok(body.results.every((r: { spacecraftId: string }) => r.spacecraftId === craft));
  });

  test('207 mixed: each file atomic and independent; a failed file adds none of its records', async () => {
    const twoManeuvers = ocm({
      meta: ['OBJECT_DESIGNATOR = 25544'],
      maneuvers: [
        { id: 'MIX-1', rows: ['2025-04-01T00:00:00 60 0 1 0 300'] },
        { id: 'MIX-2', rows: ['2025-03-01T00:00:30 60 0 1 0 300'] }, // overlaps OK-1
      ],
    });
    const response = await importFiles(svc, key, [
      { name: 'bad.ocm', content: twoManeuvers },
      { name: 'good.ocm', content: file('MIX-3', '2025-04-02T00:00:00') },
    ]);
    assert.equal(response.status, 207);
    const body = await response.json();
    assert.equal(body.successCount, 1);
    assert.equal(body.failureCount, 1);
    const [bad, good] = body.results;
    assert.equal(bad.status, 'failed');
    assert.equal(bad.error, 'MANEUVER_CONFLICT');
    assert.equal(bad.code, 'import.maneuver.overlap');
    assert.deepEqual(bad.conflictingManeuverIds, ['OK-1']);
    assert.equal(typeof bad.line, 'number');
    assert.equal(good.status, 'success');
    assert.equal((await svc.request('GET', detailPath('MIX-1', craft), { key })).status, 404, 'MIX-1 rolled back with its file');
    assert.equal((await svc.request('GET', detailPath('MIX-3', craft), { key })).status, 200);
  });

  test('maneuvers of one file that overlap each other: 400 VALIDATION_ERROR naming both maneuvers and their lines (not 409)', async () => {
    const selfOverlapping = ocm({
      meta: ['OBJECT_DESIGNATOR = 25544'],
      maneuvers: [
        { id: 'SELF-1', rows: ['2025-10-01T00:00:00 60 0 1 0 300'] },
        { id: 'SELF-2', rows: ['2025-10-01T00:00:30 60 0 1 0 300'] },
      ],
    });
    const response = await importFiles(svc, key, [{ name: 'self.ocm', content: selfOverlapping }]);
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error, 'VALIDATION_ERROR');
    const [result] = body.details.results;
    assert.equal(result.code, 'import.file.overlap');
    const lineOf = (id: string) => selfOverlapping.split('\n').indexOf(`MAN_ID = ${id}`) + 1;
    assert.equal(result.line, lineOf('SELF-1') - 1, 'the line of the first maneuver block (MAN_START)');
    assert.match(result.message, new RegExp(`"SELF-1" \\(line ${lineOf('SELF-1') - 1}\\) overlaps maneuver "SELF-2" \\(line ${lineOf('SELF-2') - 1}\\)`));
    assert.deepEqual(result.conflictingManeuverIds, ['SELF-1', 'SELF-2']);
    assert.equal((await svc.request('GET', detailPath('SELF-1', craft), { key })).status, 404);
    // the preview says the same without storing anything
    const preview = await importFiles(svc, key, [{ name: 'self.ocm', content: selfOverlapping }], { inspect: true });
    assert.equal((await preview.json()).code, 'import.file.overlap');
  });

  test('207 for an all-ambiguous batch (two craft named Twin; and no match at all)', async () => {
    const response = await importFiles(svc, key, [
      { name: 'twin.ocm', content: file('T-1', '2025-05-01T00:00:00', ['OBJECT_NAME = twin']) },
      { name: 'nobody.ocm', content: file('T-2', '2025-05-01T00:00:00', ['OBJECT_NAME = Nobody']) },
    ]);
    assert.equal(response.status, 207);
    const body = await response.json();
    assert.equal(body.successCount, 0);
    assert.equal(body.failureCount, 2);
    assert.equal(body.results[0].status, 'ambiguous');
    assert.equal(body.results[0].code, 'import.target.ambiguous');
    assert.equal(body.results[0].candidateSpacecraftIds.length, 2);
    assert.equal(body.results[1].status, 'ambiguous');
    assert.equal(body.results[1].code, 'import.target.unresolved');
    // the spacecraftId query settles it
    const retry = await importFiles(svc, key, [{ name: 'twin.ocm', content: file('T-1', '2025-05-01T00:00:00', ['OBJECT_NAME = twin']) }], {
      spacecraftId: body.results[0].candidateSpacecraftIds[1],
    });
    assert.equal(retry.status, 200);
  });

  test('the spacecraftId query must not contradict a unique metadata match; unknown query id → 404', async () => {
    const other = (await (await svc.request('GET', `/operations/spacecraft?name=Twin&status=Active`, { key })).json()).content[0].id;
    const response = await importFiles(svc, key, [{ name: 'x.ocm', content: file('MM', '2025-06-01T00:00:00') }], { spacecraftId: other });
    assert.equal(response.status, 400);
    assert.equal((await response.json()).details.results[0].code, 'import.target.mismatch');
    const unknown = await importFiles(svc, key, [{ name: 'x.ocm', content: file('MM', '2025-06-01T00:00:00') }], { spacecraftId: 'nope' });
    assert.equal(unknown.status, 404);
  });

  test('400 when every file is invalid; 409 when every file conflicts with stored records (existing MAN_ID → use PUT)', async () => {
    const invalid = await importFiles(svc, key, [
      { name: 'x1.ocm', content: 'CCSDS_OCM_VERS = 3.0\nnonsense' },
      { name: 'x2.ocm', content: file('ISP', '2025-07-01T00:00:00').replace(' 300\n', ' 20\n') },
    ]);
    assert.equal(invalid.status, 400);
    const invalidBody = await invalid.json();
    assert.equal(invalidBody.error, 'VALIDATION_ERROR');
    assert.deepEqual(invalidBody.details.results.map((r: { line: number }) => typeof r.line), ['number', 'number']);

    const conflicting = await importFiles(svc, key, [
      { name: 'again.ocm', content: file('OK-1', '2025-08-01T00:00:00') },
      { name: 'overlap.ocm', content: file('NEW-OVERLAP', '2025-03-01T00:00:30') },
    ]);
    assert.equal(conflicting.status, 409);
    const body = await conflicting.json();
    assert.equal(body.error, 'MANEUVER_CONFLICT');
    assert.deepEqual(body.details.results.map((r: { code: string }) => r.code), ['import.maneuver.exists', 'import.maneuver.overlap']);
    assert.match(body.details.results[0].message, /use PUT/);
    // the existing record is unchanged
    assert.equal((await getDetail(svc, key, 'OK-1', craft)).start, '2025-03-01T00:00:00.000000Z');
  });

  test('preview: contentHash is the SHA-256 of the bytes; bound import succeeds; nothing stored by the preview', async () => {
    const content = file('PREVIEWED', '2025-09-01T00:00:00');
    const preview = await importFiles(svc, key, [{ name: 'p.ocm', content }], { inspect: true });
    assert.equal(preview.status, 200);
    const body = await preview.json();
    assert.equal(body.status, 'ready');
    assert.equal(body.contentHash, sha256(content));
    assert.match(body.resolutionFingerprint, /^[0-9a-f]{64}$/);
    assert.equal(body.spacecraftId, craft);
    assert.equal(body.resolvedBy, 'noradId');
    assert.deepEqual(body.maneuvers, [{ maneuverId: 'PREVIEWED', start: '2025-09-01T00:00:00.000000Z', end: '2025-09-01T00:01:00.000000Z', segmentCount: 1 }]);
    assert.equal((await svc.request('GET', detailPath('PREVIEWED', craft), { key })).status, 404);
    const bound = await importFiles(svc, key, [{ name: 'p.ocm', content }], {
      headers: { 'X-Content-Hash': body.contentHash, 'X-Resolution-Fingerprint': body.resolutionFingerprint },
    });
    assert.equal(bound.status, 200);
    // the preview of an invalid file reports it (with its line), still with hashes
    const badPreview = await (await importFiles(svc, key, [{ name: 'bad.ocm', content: 'CCSDS_OCM_VERS = 3.0\nnonsense' }], { inspect: true })).json();
    assert.equal(badPreview.status, 'failed');
    assert.equal(badPreview.line, 2);
    assert.equal(badPreview.contentHash, sha256('CCSDS_OCM_VERS = 3.0\nnonsense'));
  });

  test('stale preview: different content or a changed resolution → 409 IMPORT_STALE_PREVIEW, nothing stored', async () => {
    const inspected = file('STALE-1', '2025-10-01T00:00:00', ['OBJECT_NAME = Unique One']);
    const preview = await (await importFiles(svc, key, [{ name: 's.ocm', content: inspected }], { inspect: true })).json();
    assert.equal(preview.status, 'ready');
    const changed = file('STALE-1', '2025-10-01T00:00:01', ['OBJECT_NAME = Unique One']);
    const stale = await importFiles(svc, key, [{ name: 's.ocm', content: changed }], {
      headers: { 'X-Content-Hash': preview.contentHash, 'X-Resolution-Fingerprint': preview.resolutionFingerprint },
    });
    assert.equal(stale.status, 409);
    const staleBody = await stale.json();
    assert.equal(staleBody.error, 'IMPORT_STALE_PREVIEW');
    assert.equal(staleBody.code, 'import.commit.preview.stale');
    // the resolution changes: a second craft now carries the same name → the target became ambiguous
    await createSpacecraft(svc, key, { name: 'unique one' });
    const resolution = await importFiles(svc, key, [{ name: 's.ocm', content: inspected }], {
      headers: { 'X-Content-Hash': preview.contentHash, 'X-Resolution-Fingerprint': preview.resolutionFingerprint },
    });
    assert.equal(resolution.status, 409);
    assert.equal((await resolution.json()).code, 'import.commit.preview.stale');
    assert.equal((await svc.request('GET', detailPath('STALE-1', craft), { key })).status, 404);
    // preview-bound files go one at a time
    const two = await importFiles(svc, key, [{ name: 'a', content: inspected }, { name: 'b', content: inspected }], {
      headers: { 'X-Content-Hash': preview.contentHash },
    });
    assert.equal(two.status, 400);
  });
});

describe('OCM export (rule 6) and round trip', () => {
  let svc: TestService;
  let key: string;
  let craft: string;
  let second: string;
  before(async () => {
    svc = await createTestService();
    key = (await svc.key()).secret;
    craft = await createSpacecraft(svc, key, { name: 'Exporter', launchMass: 1200, dryMass: 700, cosparId: '2024-001A', noradId: 60000 });
    second = await createSpacecraft(svc, key, { name: 'Second', launchMass: 300 });
    await createOk(svc, key, [
      maneuver(craft, 'E1', [segment('2025-01-01T00:00:00.123456789Z', 120.5, { thrX: 1.25, thrY: -0.5, thrZ: 0 })], { purpose: 'phasing' }),
      maneuver(craft, 'E2, with comma', [
        segment('2025-01-02T00:00:00Z', 30, { attitudeMode: 'RTN', thrX: 0, thrY: 0, thrZ: 4, thrISP: 220 }),
        segment('2025-01-02T01:00:00Z', 30, { attitudeMode: 'QSW', thrX: 0, thrY: 2, thrZ: 0, thrISP: 220 }),
      ], { attitudeMode: 'RSW_ROTATING' }),
      maneuver(craft, 'E3/ü', [segment('2025-01-03T00:00:00Z', 10)]),
      maneuver(second, 'S1', [segment('2025-01-01T00:00:00Z', 10)]),
    ]);
    const renamed = await svc.request('PUT', detailPath('E3/ü', craft), {
      key,
      json: { name: 'Third burn (renamed)', purpose: 'trim', attitudeMode: 'TNW', composition: [segment('2025-01-03T00:00:00Z', 10)] },
    });
    assert.equal(renamed.status, 200);
  });
  after(async () => svc.close());

  const exportQuery = (query: string) => svc.request('GET', `/operations/maneuvers/export?${query}`, { key });
  const ids = (...values: string[]) => values.map((v) => `maneuverIds=${encodeURIComponent(v)}`).join('&');

  test('every selection error → 400 VALIDATION_ERROR', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `M${i}`);
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `c${i}`).join(',');
    const cases: Array<[string, string]> = [
      ['missing selection', ''],
      ['spacecraftIds only', `spacecraftIds=${craft}`],
      ['empty spacecraftIds', `spacecraftIds=&${ids('E1')}`],
      ['empty maneuverIds', `spacecraftIds=${craft}&maneuverIds=`],
      ['maneuverIds without spacecraftIds', ids('E1')],
      ['two spacecraftIds by ids (repeated)', `spacecraftIds=${craft}&spacecraftIds=${second}&${ids('E1')}`],
      ['two spacecraftIds by ids (comma)', `spacecraftIds=${craft},${second}&${ids('E1')}`],
      ['mixed: ids and startDate', `spacecraftIds=${craft}&${ids('E1')}&startDate=2025-01-01T00:00:00Z`],
      ['mixed: ids and both dates', `spacecraftIds=${craft}&${ids('E1')}&startDate=2025-01-01T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['duplicate maneuverIds', `spacecraftIds=${craft}&${ids('E1', 'E1')}`],
      ['101 maneuverIds', `spacecraftIds=${craft}&${ids(...many)}`],
      ['maneuverId over 63 chars', `spacecraftIds=${craft}&${ids('x'.repeat(64))}`],
      ['range without endDate', `spacecraftIds=${craft}&startDate=2025-01-01T00:00:00Z`],
      ['range without startDate', `spacecraftIds=${craft}&endDate=2025-01-01T00:00:00Z`],
      ['range end before start', `spacecraftIds=${craft}&startDate=2025-02-01T00:00:00Z&endDate=2025-01-01T00:00:00Z`],
      ['range end equal start', `spacecraftIds=${craft}&startDate=2025-02-01T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['range date without zone', `spacecraftIds=${craft}&startDate=2025-01-01T00:00:00&endDate=2025-02-01T00:00:00Z`],
      ['range date only (no day expansion)', `spacecraftIds=${craft}&startDate=2025-01-01&endDate=2025-02-01`],
      ['range duplicated startDate', `spacecraftIds=${craft}&startDate=2025-01-01T00:00:00Z&startDate=2025-01-02T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['range duplicated spacecraftIds', `spacecraftIds=${craft}&spacecraftIds=${craft}&startDate=2025-01-01T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['range empty spacecraftIds element', `spacecraftIds=${craft},&startDate=2025-01-01T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['range 51 spacecraftIds', `spacecraftIds=${fiftyOne}&startDate=2025-01-01T00:00:00Z&endDate=2025-02-01T00:00:00Z`],
      ['format parameter', `spacecraftIds=${craft}&${ids('E1')}&format=ocm`],
    ];
    for (const [label, query] of cases) {
      const response = await exportQuery(query);
      assert.equal(response.status, 400, label);
      const body = await response.json();
      assert.equal(body.error, 'VALIDATION_ERROR', label);
      assert.ok(Object.keys(body.fieldErrors).length > 0, label);
    }
  });

  test('by one id → text/plain OCM without MAN_BASIS; commas and Unicode in ids are literal; unknown id → 404', async () => {
    const response = await exportQuery(`spacecraftIds=${craft}&${ids('E2, with comma')}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain/);
    const text = await response.text();
    assert.match(text, /^CCSDS_OCM_VERS\s+= 3\.0/);
    assert.match(text, /MAN_ID\s+= E2, with comma/);
    assert.match(text, /MAN_REF_FRAME\s+= RSW_ROTATING/);
    assert.match(text, /WET_MASS\s+= 1200 \[kg\]/);
    assert.match(text, /OBJECT_DESIGNATOR\s+= /);
    assert.doesNotMatch(text, /MAN_BASIS/);
    assert.match(response.headers.get('content-disposition')!, /filename="[A-Za-z0-9._-]+\.ocm"/);
    assert.equal((await exportQuery(`spacecraftIds=${craft}&${ids('E3/ü')}`)).status, 200);
    const unknown = await exportQuery(`spacecraftIds=${craft}&${ids('E1', 'nope')}`);
    assert.equal(unknown.status, 404);
    assert.deepEqual((await unknown.json()).details.maneuverIds, ['nope']);
  });

  test('by several ids → application/zip with one stable, sanitized file per maneuver', async () => {
    const response = await exportQuery(`spacecraftIds=${craft}&${ids('E1', 'E2, with comma', 'E3/ü')}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const hash = (s: string) => sha256(s).slice(0, 8);
    assert.deepEqual(Object.keys(entries), [
      `${craft}_E1.ocm`,
      `${craft}_E2__with_comma-${hash('E2, with comma')}.ocm`,
      `${craft}_E3__-${hash('E3/ü')}.ocm`,
    ]);
    const withoutCreationDate = (text: string) => text.replace(/^CREATION_DATE.*$/m, '');
    for (const [name, id] of [[`${craft}_E1.ocm`, 'E1'], [`${craft}_E3__-${hash('E3/ü')}.ocm`, 'E3/ü']] as const) {
      const single = await (await exportQuery(`spacecraftIds=${craft}&${ids(id)}`)).text();
      assert.equal(withoutCreationDate(strFromU8(entries[name]!)), withoutCreationDate(single), name);
    }
  });

  test('by range: one spacecraft → text/plain; several → zip of <spacecraftId>.ocm; exact instants', async () => {
    const one = await exportQuery(`spacecraftIds=${craft}&startDate=2025-01-01T00:00:00Z&endDate=2025-01-02T00:00:00Z`);
    assert.equal(one.status, 200);
    const text = await one.text();
    // E2 starts exactly at endDate: not included (no expansion to day boundaries)
    assert.deepEqual([...text.matchAll(/^MAN_ID\s+= (.*)$/gm)].map((m) => m[1]), ['E1']);
    const several = await exportQuery(`spacecraftIds=${craft},${second}&startDate=2024-12-31T00:00:00Z&endDate=2025-02-01T00:00:00Z`);
    assert.equal(several.headers.get('content-type'), 'application/zip');
    const entries = unzipSync(new Uint8Array(await several.arrayBuffer()));
    assert.deepEqual(Object.keys(entries), [`${craft}.ocm`, `${second}.ocm`]);
    assert.deepEqual([...strFromU8(entries[`${craft}.ocm`]!).matchAll(/^MAN_ID\s+= (.*)$/gm)].map((m) => m[1]), ['E1', 'E2, with comma', 'E3/ü']);
    assert.deepEqual([...strFromU8(entries[`${second}.ocm`]!).matchAll(/^MAN_ID\s+= (.*)$/gm)].map((m) => m[1]), ['S1']);
    const missing = await exportQuery(`spacecraftIds=${craft},unknown&startDate=2024-12-31T00:00:00Z&endDate=2025-02-01T00:00:00Z`);
    assert.equal(missing.status, 404);
  });

  test('POST export is 405; a body or format parameter is not part of the contract', async () => {
    const response = await svc.request('POST', '/operations/maneuvers/export', { key, json: { spacecraftIds: [craft], format: 'OCM' } });
    assert.equal(response.status, 405);
  });

  test('exported OCM re-imports to identical records (export → delete → import)', async () => {
    // an imported record with its own wet mass, next to records using the launch mass
    const imported = await importFiles(svc, key, [{
      name: 'wet.ocm',
      content: ocm({ wetMassKg: 950.25, maneuvers: [{ id: 'WET', frame: 'QSW', rows: ['2025-01-04T00:00:00.5 15 0 0 -3 410'] }] }),
    }], { spacecraftId: craft });
    assert.equal(imported.status, 200);
    const window = listPath([craft], '2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    const listed = (await (await svc.request('GET', window, { key })).json()).items as Array<{ maneuverId: string }>;
    const maneuverIds = listed.map((i) => i.maneuverId);
    assert.equal(maneuverIds.length, 4);
    const before = await Promise.all(maneuverIds.map((id) => getDetail(svc, key, id, craft)));
    const exported = await exportQuery(`spacecraftIds=${craft}&startDate=2024-01-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`);
    assert.equal(exported.status, 200);
    const text = await exported.text();
    assert.doesNotMatch(text, /MAN_BASIS/);
    for (const id of maneuverIds) assert.equal((await svc.request('DELETE', detailPath(id, craft), { key })).status, 204);
    // no spacecraftId: the exported metadata identifies the craft
    const reimport = await importFiles(svc, key, [{ name: `${craft}.ocm`, content: text }]);
    assert.equal(reimport.status, 200, await reimport.clone().text());
    const after = await Promise.all(maneuverIds.map((id) => getDetail(svc, key, id, craft)));
    const strip = (d: Record<string, unknown>) => ({ ...d, displayId: undefined });
    assert.deepEqual(after.map(strip), before.map(strip));
    assert.notDeepEqual(after.map((d) => d.displayId), before.map((d) => d.displayId));
    const wet = after.find((d) => d.maneuverId === 'WET')!;
    assert.equal(wet.initialMass, 950.25);
    assert.equal((after.find((d) => d.maneuverId === 'E3/ü')!).name, 'Third burn (renamed)');
  });
});
