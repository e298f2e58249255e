/**
 * OMM reader (KVN and XML, one message or a catalog of them) and the TLE/3LE catalog reader, against the samples of
 * test/fixtures/conjunction/catalog (written by tools/make_gp_samples.py in CelesTrak's and Space-Track's layouts)
 * and python-sgp4's states of the same element sets (gp_oracle_sgp4.json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sgp4 } from 'satellite.js';
import { parseOmm } from '../../../engine/files/omm/ommReader.ts';
import { ommToElementSet, readOmmCatalog } from '../../../engine/files/omm/ommCatalog.ts';
import { readTleCatalog } from '../../../engine/tle/catalog.ts';
import { exactTleLines, satrecOf, type GpElementSet } from '../../../engine/tle/gpElements.ts';
import { parseTleLines } from '../../../engine/tle/parse.ts';

const DIR = new URL('../../fixtures/conjunction/catalog/', import.meta.url);
const read = (name: string): string => readFileSync(new URL(name, DIR), 'utf8');

interface OracleState { tsince_min: number; error: number; r_km: number[]; v_km_s: number[] }
interface OracleObject { norad_id: number; name: string; line1: string; line2: string; epoch_utc: string; deep_space: boolean; from_tle: OracleState[]; from_omm: OracleState[] }
const oracle = JSON.parse(read('gp_oracle_sgp4.json')) as { objects: OracleObject[]; precise_variants: { norad_id: number; fields: Record<string, string>; states: OracleState[] }[] };

/** The element-set fields that must agree between a TLE and the OMM made from it. */
function comparable(e: GpElementSet): Omit<GpElementSet, 'source' | 'name'> {
  const { source: _s, name: _n, ...rest } = e;
  return rest;
}

test('a 3LE/TLE catalog is read with names, CRLF, blank lines and a record without a name', () => {
  const { entries, errors } = readTleCatalog(read('sample.3le'));
  assert.deepEqual(errors, []);
  assert.equal(entries.length, 8);
  assert.deepEqual(entries.map((e) => e.noradId), oracle.objects.map((o) => o.norad_id));
  assert.equal(entries[0]!.name, 'APSIS-TEST LEO53 A'); // "0 " prefix dropped
  assert.equal(entries[1]!.name, 'APSIS-TEST ISS-LIKE'); // 24-column padding dropped
  assert.equal(entries[3]!.name, null); // bare TLE
  assert.equal(entries[0]!.epochUtc, '2023-02-14T12:17:46.665888');
  assert.deepEqual(entries[4]!.source, { format: 'TLE', line: 12 });
  const p = parseTleLines(oracle.objects[7]!.line1, oracle.objects[7]!.line2);
  assert.equal(entries[7]!.cosparId, '2007-999ZD');
  assert.equal(entries[7]!.bstarPerEarthRadius, p.bstarPerEarthRadius);
  assert.equal(entries[7]!.nddotOver6RevPerDay3, 1.2e-6);
});

test('a bad line is named and the rest of the catalog is still read', () => {
  const lines = read('sample.3le').split(/\r?\n/);
  // line 2 of object 2 (file line 6) gets a wrong checksum; line 1 of object 3 (file line 8) loses its line 2
  lines[5] = lines[5]!.slice(0, 68) + String((Number(lines[5]!.charAt(68)) + 1) % 10);
  lines.splice(8, 1);
  lines.splice(0, 0, '2 12345  this is not a record');
  const { entries, errors } = readTleCatalog(lines.join('\n'));
  assert.deepEqual(
    errors.map((e) => [e.line, e.message]),
    [
      [1, 'line 2 of an element set without its line 1'],
      [7, 'TLE line 2: checksum mismatch'],
      [9, 'line 1 of an element set is not followed by its line 2'],
    ],
  );
  assert.equal(errors[1]!.noradId, 99002);
  assert.deepEqual(entries.map((e) => e.noradId), [99001, 99004, 99005, 99006, 99007, 99008]);
});

test('CelesTrak OMM XML (<ndm> of many <omm>, blank header) gives the element sets of the TLEs', () => {
  const { entries, errors } = readOmmCatalog(read('sample-celestrak.xml'));
  assert.deepEqual(errors, []);
  const tles = readTleCatalog(read('sample.3le')).entries;
  assert.equal(entries.length, tles.length);
  entries.forEach((omm, i) => {
    assert.deepEqual(comparable(omm), comparable(tles[i]!), `object ${omm.noradId}`);
    assert.equal(omm.name, oracle.objects[i]!.name);
    assert.equal(omm.source?.format, 'OMM');
  });
  const message = parseOmm(read('sample-celestrak.xml').replace(/<\/omm>[\s\S]*<\/ndm>/, '</omm></ndm>'));
  assert.equal(message.header.creationDate, '');
  assert.equal(message.warnings.length, 2);
});

test('Space-Track OMM KVN (messages one after the other, units, USER_DEFINED) gives the same element sets', () => {
  const { entries, errors } = readOmmCatalog(read('sample-spacetrack.kvn'));
  assert.deepEqual(errors, []);
  const xml = readOmmCatalog(read('sample-celestrak.xml')).entries;
  entries.forEach((e, i) => assert.deepEqual(comparable(e), comparable(xml[i]!), `object ${e.noradId}`));
  const first = parseOmm(read('sample-spacetrack.kvn').split(/(?=CCSDS_OMM_VERS)/)[1]!);
  assert.equal(first.header.originator, '18 SPCS');
  assert.equal(first.userDefined['TLE_LINE1'], oracle.objects[1]!.line1);
  assert.equal(first.userDefined['DECAY_DATE'], '');
  assert.equal(first.meanElements.meanMotionRevPerDay, 15.49852375); // "[rev/day]" read as the standard unit
});

test('SGP4 from an OMM and from its TLE gives python-sgp4\'s states (TEME, 7 days, every regime)', () => {
  const fromTle = readTleCatalog(read('sample.3le')).entries;
  const fromOmm = readOmmCatalog(read('sample-celestrak.xml')).entries;
  let worstPositionM = 0;
  let worstVelocityMS = 0;
  let worstTleOmmM = 0;
  oracle.objects.forEach((o, i) => {
    const a = satrecOf(fromTle[i]!);
    const b = satrecOf(fromOmm[i]!);
    assert.equal(a.method, o.deep_space ? 'd' : 'n');
    for (const [k, ref] of o.from_omm.entries()) {
      const pa = sgp4(a, ref.tsince_min)!;
      const pb = sgp4(b, ref.tsince_min)!;
      const refTle = o.from_tle[k]!;
      const dp = (p: typeof pa, r: OracleState): number => Math.hypot(p.position.x - r.r_km[0]!, p.position.y - r.r_km[1]!, p.position.z - r.r_km[2]!) * 1000;
      const dv = (p: typeof pa, r: OracleState): number => Math.hypot(p.velocity.x - r.v_km_s[0]!, p.velocity.y - r.v_km_s[1]!, p.velocity.z - r.v_km_s[2]!) * 1000;
      worstPositionM = Math.max(worstPositionM, dp(pb, ref), dp(pa, refTle));
      worstVelocityMS = Math.max(worstVelocityMS, dv(pb, ref), dv(pa, refTle));
      worstTleOmmM = Math.max(worstTleOmmM, Math.hypot(pa.position.x - pb.position.x, pa.position.y - pb.position.y, pa.position.z - pb.position.z) * 1000);
    }
  });
  // satellite.js and python-sgp4 are two ports of Vallado's code; SDP4's epoch terms see the epoch to 1 ms here
  console.log(`# SGP4 vs python-sgp4: ≤ ${worstPositionM.toExponential(2)} m, ≤ ${worstVelocityMS.toExponential(2)} m/s; OMM vs TLE: ${worstTleOmmM} m`);
  assert.ok(worstPositionM < 1e-3, `position within 1 mm of python-sgp4 (${worstPositionM.toExponential(2)} m)`);
  assert.ok(worstVelocityMS < 1e-6, `velocity within 1 µm/s (${worstVelocityMS.toExponential(2)} m/s)`);
  assert.equal(worstTleOmmM, 0, 'an OMM and its TLE give the same satrec');
  for (const e of fromOmm) assert.notEqual(exactTleLines(e), null, `${e.noradId} is carried exactly by a TLE`);
  console.log(`# SGP4 vs python-sgp4: ≤ ${worstPositionM.toExponential(2)} m, ≤ ${worstVelocityMS.toExponential(2)} m/s; OMM vs TLE: ${worstTleOmmM} m`);
});

test('OMM errors name the keyword and line; one bad message does not stop the catalog', () => {
  const kvn = read('sample-spacetrack.kvn');
  const messages = kvn.split(/(?=CCSDS_OMM_VERS)/);
  messages[1] = messages[1]!.replace('MEAN_ELEMENT_THEORY = SGP4', 'MEAN_ELEMENT_THEORY = SGP4-XP');
  messages[2] = messages[2]!.replace(/ECCENTRICITY = .*\n/, 'ECCENTRICITY = 0.00x1\n');
  messages[3] = messages[3]!.replace(/BSTAR = (.*)\n/, 'BSTAR = $1 [1/km]\n');
  messages[4] = messages[4]!.replace(/NORAD_CAT_ID = .*\n/, '');
  const { entries, errors } = readOmmCatalog(messages.join(''));
  assert.deepEqual(entries.map((e) => e.noradId), [99001, 99006, 99007, 99008]);
  assert.equal(errors.length, 4);
  assert.match(errors[0]!.message, /line 46: MEAN_ELEMENT_THEORY is SGP4-XP.*SGP4-XP needs its own propagator/);
  assert.match(errors[1]!.message, /line \d+: ECCENTRICITY must be a number, got "0.00x1"/);
  assert.match(errors[2]!.message, /BSTAR units must be \[1\/ER\], got \[1\/km\]/);
  assert.match(errors[3]!.message, /NORAD_CAT_ID is required/);

  const xml = read('sample-celestrak.xml').replace('<REF_FRAME>TEME</REF_FRAME>', '<REF_FRAME>GCRF</REF_FRAME>');
  const x = readOmmCatalog(xml);
  assert.equal(x.entries.length, 7);
  assert.match(x.errors[0]!.message, /line 4: REF_FRAME is GCRF; SGP4 mean elements are in TEME/);
  // a truncated XML file: what was read before the break is kept, the break is reported
  const truncated = read('sample-celestrak.xml').slice(0, 3000);
  const t = readOmmCatalog(truncated);
  assert.ok(t.entries.length >= 1 && t.entries.length < 8);
  assert.match(t.errors[t.errors.length - 1]!.message, /XML: document ends/);
});

test('ommToElementSet refuses SEMI_MAJOR_AXIS sets and accepts the standard\'s day-of-year epoch', () => {
  const text = [
    'CCSDS_OMM_VERS = 2.0', 'CREATION_DATE = 2007-065T16:00:00', 'ORIGINATOR = NOAA/USA',
    'OBJECT_NAME = GOES 9', 'OBJECT_ID = 1995-025A', 'CENTER_NAME = EARTH', 'REF_FRAME = TEME', 'TIME_SYSTEM = UTC',
    'MEAN_ELEMENT_THEORY = SGP/SGP4', 'EPOCH = 2007-064T10:34:41.4264', 'MEAN_MOTION = 1.00273272 [rev/day]',
    'ECCENTRICITY = 0.0005013', 'INCLINATION = 3.0539 [deg]', 'RA_OF_ASC_NODE = 81.7939 [deg]', 'ARG_OF_PERICENTER = 249.2363 [deg]',
    'MEAN_ANOMALY = 150.1602 [deg]', 'GM = 398600.8 [km**3/s**2]', 'EPHEMERIS_TYPE = 0', 'CLASSIFICATION_TYPE = U',
    'NORAD_CAT_ID = 23581', 'ELEMENT_SET_NO = 0925', 'REV_AT_EPOCH = 4316', 'BSTAR = 0.0001 [1/ER]',
    'MEAN_MOTION_DOT = -0.00000113 [rev/day**2]', 'MEAN_MOTION_DDOT = 0.0 [rev/day**3]', '',
  ].join('\n');
  const e = ommToElementSet(parseOmm(text));
  assert.equal(e.epochUtc, '2007-03-05T10:34:41.426400');
  assert.equal(e.epoch.year, 2007);
  assert.ok(Math.abs(e.epoch.dayOfYear - (64 + (10 * 3600 + 34 * 60 + 41.4264) / 86400)) < 1e-12);
  assert.equal(e.elementSetNumber, 925);
  assert.throws(() => ommToElementSet(parseOmm(text.replace('MEAN_MOTION = 1.00273272 [rev/day]', 'SEMI_MAJOR_AXIS = 42164.2 [km]'))), /MEAN_MOTION is required for SGP4 mean elements/);
  assert.throws(() => parseOmm(text.replace('INCLINATION = 3.0539 [deg]', 'BSTAR = 0.0001\nINCLINATION = 3.0539 [deg]')), /line 14: INCLINATION belongs to the mean elements, which come before the TLE parameters/);
});

test('an element set with more digits than a TLE holds is propagated from its full-precision numbers', () => {
  for (const variant of oracle.precise_variants) {
    const f = variant.fields;
    const keys = ['OBJECT_NAME', 'OBJECT_ID', 'CENTER_NAME', 'REF_FRAME', 'TIME_SYSTEM', 'MEAN_ELEMENT_THEORY', 'EPOCH', 'MEAN_MOTION', 'ECCENTRICITY', 'INCLINATION', 'RA_OF_ASC_NODE', 'ARG_OF_PERICENTER', 'MEAN_ANOMALY', 'EPHEMERIS_TYPE', 'CLASSIFICATION_TYPE', 'NORAD_CAT_ID', 'ELEMENT_SET_NO', 'REV_AT_EPOCH', 'BSTAR', 'MEAN_MOTION_DOT', 'MEAN_MOTION_DDOT'];
    const text = ['CCSDS_OMM_VERS = 3.0', 'CREATION_DATE = 2023-02-15T00:00:00', 'ORIGINATOR = APSIS TEST', ...keys.map((k) => `${k} = ${f[k]}`), ''].join('\n');
    const { entries, errors } = readOmmCatalog(text);
    assert.deepEqual(errors, []);
    assert.equal(exactTleLines(entries[0]!), null, 'more digits than a TLE holds');
    const satrec = satrecOf(entries[0]!);
    let worst = 0;
    for (const at of variant.states) {
      const p = sgp4(satrec, at.tsince_min)!;
      worst = Math.max(worst, Math.hypot(p.position.x - at.r_km[0]!, p.position.y - at.r_km[1]!, p.position.z - at.r_km[2]!) * 1000);
    }
    // near-Earth: identical; SDP4 (Molniya): the millisecond epoch of json2satrec in the resonance terms
    assert.ok(worst < (satrec.method === 'd' ? 5e-3 : 1e-5), `${variant.norad_id}: ${worst} m from python-sgp4`);
    console.log(`# ${variant.norad_id} (${satrec.method === 'd' ? 'SDP4' : 'SGP4'}) full-precision OMM: ${worst.toExponential(2)} m from python-sgp4 over 7 days`);
  }
});
