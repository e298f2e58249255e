/**
 * CDM reader and writer on Orekit's 37 CDM samples (test/fixtures/ccsds/cdm/, Apache-2.0, see SOURCES.md), with the
 * values checked against the files' own text; the comparison with everything Orekit 13.1 parsed from them is in
 * cdm-orekit.test.ts (it needs ../shared), and Orekit reading the files we write in cdm-orekit-readback.test.ts (it
 * needs Java and the Orekit build).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError, CcsdsWriteError } from '../../../engine/files/common/errors.ts';
import { detectFormat } from '../../../engine/files/common/detectFormat.ts';
import { cdmCovarianceMatrix6, parseCdm, type CdmMessage } from '../../../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn, writeCdmXml, type CdmToWrite } from '../../../engine/files/cdm/cdmWriter.ts';
import { fixture, fixtureNames } from './helpers.ts';
import { kvnCanonical, MALFORMED_CDM, validCdmFixtures, withoutLines } from './cdmHelpers.ts';

test('Orekit\'s CDM samples: the 31 it reads are read, the 6 it refuses are refused with their line and keyword', () => {
  const names = fixtureNames('cdm');
  assert.equal(names.length, 37);
  assert.equal(validCdmFixtures().length, 31);
  for (const name of validCdmFixtures()) {
    const cdm = parseCdm(fixture('cdm', name));
    assert.equal(cdm.notation, name.endsWith('.xml') ? 'XML' : 'KVN', name);
    assert.deepEqual(cdm.objects.map((o) => o.metadata.object), ['OBJECT1', 'OBJECT2'], name);
    assert.equal(detectFormat(fixture('cdm', name).slice(0, 4096)), 'CDM', name);
  }
  for (const [name, expected] of Object.entries(MALFORMED_CDM)) {
    assert.throws(
      () => parseCdm(fixture('cdm', name)),
      (e: unknown) => e instanceof CcsdsParseError && e.line === expected.line && e.keyword === expected.keyword && expected.message.test(e.message) && e.message.startsWith(`line ${expected.line}: `),
      name,
    );
  }
});

test('CDMExample1 (CCSDS 508.0-B-1 annex example): every value as written, in the standard\'s units', () => {
  const cdm = parseCdm(fixture('cdm', 'CDMExample1.txt'));
  assert.deepEqual(withoutLines(cdm.header), { version: '1.0', comments: [], classification: null, creationDate: '2010-03-12T22:31:12.000', originator: 'JSPOC', messageId: '201113719185', messageFor: null });
  const r = cdm.relativeMetadata;
  assert.equal(r.tca, '2010-03-13T22:37:52.618');
  assert.equal(r.missDistanceM, 715);
  assert.deepEqual(r.relativePositionRtnM, [null, null, null]);
  assert.equal(r.collisionProbability, null);
  const [o1, o2] = cdm.objects;
  assert.deepEqual(withoutLines(o1.metadata), {
    comments: [], object: 'OBJECT1', objectDesignator: '12345', catalogName: 'SATCAT', objectName: 'SATELLITE A',
    internationalDesignator: '1997−030E', objectType: null, operatorContactPosition: null, operatorOrganization: null,
    operatorPhone: null, operatorEmail: null, odmMessageLink: null, admMessageLink: null, ephemerisName: 'EPHEMERIS SATELLITE A',
    obsBeforeNextMessage: null, covarianceMethod: 'CALCULATED', covarianceSource: null, maneuverable: 'YES', orbitCenter: null,
    refFrame: 'EME2000', altCovType: null, altCovRefFrame: null, gravityModel: null, atmosphericModel: null,
    nBodyPerturbations: null, solarRadPressure: null, earthTides: null, intrackThrust: null,
  });
  assert.deepEqual(o1.stateVector.positionKm, [2570.097065, 2244.654904, 6281.497978]);
  assert.deepEqual(o1.stateVector.velocityKmS, [4.418769571, 4.833547743, -3.526774282]);
  assert.equal(o1.stateVector.line, 16);
  assert.equal(o1.rtnCovariance!.positionVelocity.length, 21);
  assert.equal(o1.rtnCovariance!.positionVelocity[0], 41.42);
  assert.equal(o1.rtnCovariance!.positionVelocity[20], 5.529e-5);
  assert.equal(o1.rtnCovariance!.dragRow, null);
  const full = cdmCovarianceMatrix6(o2.rtnCovariance!);
  assert.equal(full[1], -4.806e4); // CT_R, above the diagonal too
  assert.equal(full[6], -4.806e4);
  assert.equal(full[2 * 6 + 1], -758.88); // CN_T
  assert.equal(full[5 * 6 + 5], 5.178e-5);
  assert.equal(o2.metadata.maneuverable, 'NO');
  assert.equal(o2.metadata.objectName, 'FENGYUN 1C DEB');
  // the same message in other layouts
  assert.deepEqual(withoutLines(parseCdm(fixture('cdm', 'CDMExample5.txt'))), withoutLines(cdm));
  const xml = parseCdm(fixture('cdm', 'CDMExample1.xml'));
  for (const k of [0, 1] as const) {
    assert.deepEqual(xml.objects[k].stateVector.positionKm, cdm.objects[k].stateVector.positionKm);
    assert.deepEqual(xml.objects[k].rtnCovariance!.positionVelocity, cdm.objects[k].rtnCovariance!.positionVelocity);
  }
  assert.equal(xml.header.messageFor, 'SATELLITE A');
  assert.deepEqual(xml.relativeMetadata.relativeVelocityRtnMS, [-7.2, -14692.0, -1437.2]);
  assert.deepEqual(xml.relativeMetadata.comments, ['Relative Metadata/Data']);
});

test('CDM 2.0 (Orekit issue 940, KVN and XML): the 2.0 keywords, HBR, XYZ and sigma/eigenvector covariances, additional covariance metadata', () => {
  for (const name of ['CDMExample_issue_940.txt', 'CDMExample_issue_940.xml']) {
    const cdm = parseCdm(fixture('cdm', name));
    assert.equal(cdm.header.version, '2.0');
    assert.equal(cdm.header.classification, '"Free text - for examples see CDM pink book (CCSDS 508.0-P-1.0.2)"');
    const r = cdm.relativeMetadata;
    assert.equal(r.conjunctionId, '20220708T10hz SATELLITEA SATELLITEB');
    assert.equal(r.approachAngleDeg, 180);
    assert.equal(r.screenType, 'SHAPE');
    assert.equal(r.screenVolumeShape, 'ELLIPSOID');
    assert.equal(r.screenPcThreshold, 1e-3);
    assert.deepEqual(r.collisionPercentile, [50, 51, 52]);
    assert.equal(r.collisionProbability, 4.835e-5);
    assert.equal(r.collisionProbabilityMethod, 'FOSTER-1992');
    assert.equal(r.collisionMaxPcMethod, 'SCALE_COMBINED_COVAR');
    assert.equal(r.sefiFragmentationModel, 'NASA STD BREAKUP MODEL');
    assert.equal(r.previousMessageId, '201113719185-0');
    assert.equal(r.nextMessageEpoch, '2010-03-13T10:31:12.000');
    const [o1, o2] = cdm.objects;
    assert.equal(o1.metadata.altCovType, 'XYZ');
    assert.equal(o1.metadata.altCovRefFrame, 'EME2000');
    assert.equal(o1.metadata.obsBeforeNextMessage, 'YES');
    assert.equal(o1.metadata.covarianceSource, 'HAC Covariance');
    const ap = o1.additionalParameters!;
    assert.equal(ap.hardBodyRadiusM, 2.5);
    assert.equal(ap.oebParentFrame, 'OEB_YAW');
    assert.deepEqual([ap.oebQ1, ap.oebQ2, ap.oebQ3, ap.oebQc], [0.03123, 0.78543, 0.39158, 0.47832]);
    assert.deepEqual([ap.apoapsisAltitudeKm, ap.periapsisAltitudeKm, ap.inclinationDeg], [800, 750, 89]);
    assert.equal(ap.covConfidenceMethod, 'Wald test');
    assert.equal(o1.odParameters!.odEpoch, '2010-03-12T22:31:12.000');
    const xyz = o1.xyzCovariance!;
    assert.deepEqual(xyz.positionVelocity.slice(0, 3), [0.1, 0.2, 0.3]);
    assert.deepEqual(xyz.dragRow, [0.07, 0.08, 0.09, 0.001, 0.002, 0.003, 0.004]);
    assert.deepEqual(xyz.srpRow, [0.07, 0.08, 0.09, 0.001, 0.002, 0.003, 0.004, 0.005]);
    assert.deepEqual(xyz.thrustRow, [0.07, 0.08, 0.09, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006]);
    assert.equal(o1.rtnCovariance!.dragRow, null, 'CDRG_DRG … belong to the XYZ covariance read after the RTN one');
    assert.equal(o1.additionalCovarianceMetadata!.cscaleFactorMax, 1.5);
    assert.deepEqual(o1.additionalCovarianceMetadata!.dcpSensitivityVectorVelocity, [0.1, 0.2, 0.3]);
    assert.equal(o2.metadata.altCovType, 'CSIG3EIGVEC3');
    assert.deepEqual(o2.sigmaEigenvectorsCovariance!.values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual(cdm.userDefined!.parameters, { OBJ1_TIME_LASTOB_START: '2020-01-29T13:30:00' });
    assert.deepEqual(cdm.userDefined!.comments, ['User Parameters']);
  }
  const xml = parseCdm(fixture('cdm', 'CDMExample_issue_940.xml'));
  assert.equal(xml.objects[0].metadata.operatorEmail, 'JOHN.DOE@SOMEWHERE>NET');
  assert.equal(xml.objects[0].additionalParameters!.massKg, 2516);
  assert.equal(xml.objects[0].odParameters!.recommendedOdSpanDays, 7.88);
  assert.equal(xml.objects[0].odParameters!.residualsAcceptedPercent, 97.8);
  assert.equal(xml.objects[0].additionalParameters!.sedrWKg, 4.5457e-5);
  assert.equal(xml.objects[1].metadata.objectType, 'DEBRIS');
  assert.deepEqual(xml.objects[1].additionalParameters!.comments, ['Object2 Additional Parameters', 'Apogee Altitude=768 km', 'Perigee Altitude=414 km', 'Inclination=98.8 deg']);
});

test('Space-Track CDMs (XML nil and empty elements; CSpOC KVN): absent values, comments where Orekit puts them', () => {
  const nil = parseCdm(fixture('cdm', 'CDMExample_issue1319.xml'));
  assert.equal(nil.relativeMetadata.collisionProbability, null);
  assert.equal(nil.relativeMetadata.screenVolumeShape, null);
  assert.equal(nil.objects[0].metadata.orbitCenter, null);
  assert.equal(nil.objects[0].metadata.refFrame, 'ITRF');
  assert.equal(nil.objects[0].odParameters, null, 'an <odParameters> of nil elements only is no block');
  assert.equal(nil.objects[0].additionalParameters!.massKg, null);
  assert.equal(nil.objects[0].rtnCovariance!.thrustRow, null);
  assert.equal(nil.objects[0].rtnCovariance!.srpRow!.length, 8);
  assert.deepEqual(nil.relativeMetadata.comments, ['Screening Option = Covariance']);
  assert.equal(parseCdm(fixture('cdm', 'CDMExample_issue1458.xml')).relativeMetadata.collisionProbabilityMethod, null);

  const ion = parseCdm(fixture('cdm', 'ION_SCV8_vs_STARLINK_1233.txt'));
  assert.deepEqual(ion.header.comments, ['CDM_ID:519959713', 'MEETS EMERGENCY CRITERIA']);
  assert.equal(ion.header.messageFor, 'ION SCV-008');
  assert.equal(ion.relativeMetadata.collisionProbability, 0.004450713);
  assert.deepEqual(ion.relativeMetadata.relativeVelocityRtnMS, [1.9, -13954.8, 4100.4]);
  const o1 = ion.objects[0];
  assert.deepEqual(o1.metadata.comments, ['Screening Option = Covariance']);
  assert.equal(o1.metadata.maneuverable, 'N/A');
  assert.equal(o1.metadata.objectType, 'PAYLOAD');
  // KVN: the first comment after the metadata is the data section's, the next ones the first block's
  assert.deepEqual(o1.dataComments, ['Covariance Scale Factor = 1.000000']);
  assert.deepEqual(o1.odParameters!.comments, ['Exclusion Volume Radius = 5.000000 [m]']);
  assert.equal(o1.odParameters!.recommendedOdSpanDays, 4.04);
  assert.equal(o1.odParameters!.residualsAcceptedPercent, 99.7);
  assert.equal(o1.odParameters!.timeLastObStart, '2023-07-04T14:13:59.004000');
  assert.equal(o1.additionalParameters!.cdAreaOverMassM2Kg, 0.012382264312);
  assert.deepEqual(o1.additionalParameters!.comments, ['Apogee Altitude = 552   [km]', 'Perigee Altitude = 518   [km]', 'Inclination = 98.2  [deg]']);
  assert.deepEqual(o1.rtnCovariance!.dragRow, [0, 0, 0, 0, 0, 0, 0]);
  assert.equal(o1.rtnCovariance!.positionVelocity[14], 0.0001499094267380701);
  assert.equal(o1.rtnCovariance!.comments.length, 3);

  const alfano = parseCdm(fixture('cdm', 'AlfanoTestCase01.cdm'));
  assert.deepEqual(alfano.objects[0].metadata.comments, ['HBR                        = 15.0'], 'a comment after the relative metadata opens object 1\'s metadata');
  assert.deepEqual(alfano.objects[0].rtnCovariance!.srpRow!.slice(6), [0, 1e-12]);
});

const EXAMPLE = fixture('cdm', 'CDMExample1.txt');
function refuses(text: string, line: number, keyword: string, message: RegExp): void {
  assert.throws(
    () => parseCdm(text),
    (e: unknown) => e instanceof CcsdsParseError && e.line === line && e.keyword === keyword && message.test(e.message),
    `${keyword} at line ${line}: ${message}`,
  );
}

test('malformed CDMs: each refused with its line and keyword', () => {
  const lines = EXAMPLE.split('\n');
  const edit = (lineNumber: number, replacement: string | string[]) => {
    const copy = [...lines];
    copy.splice(lineNumber - 1, 1, ...([] as string[]).concat(replacement));
    return copy.join('\n');
  };
  refuses(edit(6, [lines[5]!, 'TCA = 2010-03-13T22:37:52.618']), 7, 'TCA', /TCA given twice in the relative metadata \(first at line 5\)/);
  refuses(edit(14, 'MANEUVERABLE = MAYBE'), 14, 'MANEUVERABLE', /must be one of YES, NO, N\/A, got "MAYBE"/);
  refuses(edit(6, 'MISS_DISTANCE = 715 [s]'), 6, 'MISS_DISTANCE', /units must be compatible with \[m\], got \[s\]/);
  refuses(edit(6, 'MISS_DISTANCE = -1 [m]'), 6, 'MISS_DISTANCE', /must be at least 0/);
  refuses(edit(6, [lines[5]!, 'COLLISION_PROBABILITY = 1.5']), 7, 'COLLISION_PROBABILITY', /must be at most 1/);
  refuses(edit(8, [lines[7]!, 'MISS_DISTANCE = 1 [m]']), 9, 'MISS_DISTANCE', /belongs to the relative metadata, which ends at OBJECT \(line 7\)/);
  refuses(edit(21, [lines[20]!, 'OBS_USED = 5']), 22, 'OBS_USED', /\(the OD parameters\) after the state vector of OBJECT1/);
  refuses(edit(7, 'OBJECT = OBJECT2'), 7, 'OBJECT', /OBJECT must be OBJECT1 here, got "OBJECT2"/);
  refuses(`${lines.join('\n')}\nOBJECT = OBJECT2\n`, lines.length + 1, 'OBJECT', /a CDM describes two objects/);
  refuses(lines.slice(0, 42).join('\n'), 42, 'OBJECT', /OBJECT = OBJECT2 is missing/);
  refuses(edit(15, 'REF_FRAME = ZZRF'), 15, 'REF_FRAME', /unknown reference frame "ZZRF"/);
  refuses(edit(5, 'TCA = 2010-02-30T22:37:52.618'), 5, 'TCA', /invalid epoch/);
  refuses(edit(42, [lines[41]!, 'CDRG_R = 1 [m**3/kg]']), 43, 'CDRG_T', /RTN covariance of OBJECT1 lacks CDRG_T \(7 terms from CDRG_R needed\)/);
  refuses(edit(42, [lines[41]!, 'CX_X = 1 [m**2]']), 43, 'CX_X', /needs ALT_COV_TYPE = XYZ/);
  refuses(edit(16, 'X = abc [km]'), 16, 'X', /X must be a number, got "abc"/);
  refuses(edit(9, ''), 16, 'CATALOG_NAME', /CATALOG_NAME is required in the metadata of OBJECT1 \(from line 7 to here\)/);
  refuses(edit(3, 'META_START'), 3, 'ORIGINATOR', /ORIGINATOR is required in the header/);
  refuses(edit(1, 'CCSDS_CDM_VERS = 3.0'), 1, 'CCSDS_CDM_VERS', /not supported \(supported: 1\.0, 2\.0\)/);
  refuses(edit(14, 'SCREEN_TYPE = PC'), 14, 'SCREEN_TYPE', /belongs to the relative metadata/);
  refuses(edit(6, [lines[5]!, 'SCREEN_TYPE = PC']), 7, 'SCREEN_PC_THRESHOLD', /SCREEN_PC_THRESHOLD is required when SCREEN_TYPE = PC/);
  assert.throws(() => parseCdm(''), /empty file/);
  const xml = fixture('cdm', 'CDMExample1.xml');
  assert.throws(() => parseCdm(xml.slice(0, xml.length - 40)), (e: unknown) => e instanceof CcsdsParseError && /truncated|ends/.test(e.message));
  assert.throws(() => parseCdm(xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE cdm [<!ENTITY x "y">]>')), /DOCTYPE declarations are refused/);
  // a value in other compatible units is converted to the standard's
  const inMetres = parseCdm(edit(16, 'X = 2570097.065 [m]'));
  assert.equal(inMetres.objects[0].stateVector.positionKm[0], 2570.097065);
});

/** A message read from `name`, written as `notation`, read back. */
function roundTrip(cdm: CdmMessage, notation: 'KVN' | 'XML'): CdmMessage {
  const text = notation === 'KVN' ? writeCdmKvn(cdm) : writeCdmXml(cdm);
  const back = parseCdm(text);
  assert.equal(back.notation, notation);
  return back;
}

test('writer: every sample written as KVN and as XML reads back identically (KVN from XML: same comments, same order)', () => {
  for (const name of validCdmFixtures()) {
    const cdm = parseCdm(fixture('cdm', name));
    assert.deepEqual(withoutLines(roundTrip(cdm, 'XML')), withoutLines(cdm), `${name} → XML`);
    const kvn = roundTrip(cdm, 'KVN');
    if (cdm.notation === 'KVN') assert.deepEqual(withoutLines(kvn), withoutLines(cdm), `${name} → KVN`);
    else assert.deepEqual(kvnCanonical(kvn), kvnCanonical(cdm), `${name} → KVN`);
  }
});

test('writer: numbers are written losslessly (shortest round-trip form), whatever their magnitude', () => {
  const cdm = parseCdm(fixture('cdm', 'CDMExample_issue_940.txt'));
  const awkward = [0.1 + 0.2, 1 / 3, -1e-300, 5e-324, 1.7976931348623157e308, -0, 123456789.123456789, 2 ** 53 + 2];
  cdm.objects[0].stateVector.positionKm = [1 / 3, -2 / 7, 6378.1363 + 1e-12];
  cdm.objects[0].rtnCovariance!.positionVelocity = Array.from({ length: 21 }, (_, k) => (k < awkward.length ? awkward[k]! : (k + 1) / 7));
  cdm.relativeMetadata.missDistanceM = 0.1 + 0.7;
  for (const notation of ['KVN', 'XML'] as const) {
    const back = roundTrip(cdm, notation);
    assert.deepEqual(back.objects[0].stateVector.positionKm, cdm.objects[0].stateVector.positionKm);
    assert.ok(back.objects[0].rtnCovariance!.positionVelocity.every((v, k) => Object.is(v, cdm.objects[0].rtnCovariance!.positionVelocity[k])), notation);
    assert.equal(back.relativeMetadata.missDistanceM, 0.1 + 0.7);
  }
});

test('writer: values it cannot write are refused with CcsdsWriteError naming the keyword', () => {
  const base = parseCdm(fixture('cdm', 'CDMExample_issue_940.txt'));
  const refusesToWrite = (change: (c: CdmToWrite) => void, keyword: string) => {
    const copy = structuredClone(base) as CdmToWrite;
    change(copy);
    for (const write of [writeCdmKvn, writeCdmXml]) {
      assert.throws(() => write(copy), (e: unknown) => e instanceof CcsdsWriteError && e.keyword === keyword, `${keyword} (${write.name})`);
    }
  };
  refusesToWrite((c) => (c.objects[0].metadata.objectName = 'SAT\nA'), 'OBJECT_NAME');
  refusesToWrite((c) => ((c.relativeMetadata as { tca: string | null }).tca = null), 'TCA');
  refusesToWrite((c) => ((c.objects[1].metadata as { maneuverable: string }).maneuverable = 'MAYBE'), 'MANEUVERABLE');
  refusesToWrite((c) => (c.relativeMetadata.missDistanceM = Number.NaN), 'MISS_DISTANCE');
  refusesToWrite((c) => (c.relativeMetadata.collisionProbability = 2), 'COLLISION_PROBABILITY');
  refusesToWrite((c) => (c.objects[0].metadata.altCovType = null), 'CX_X');
  refusesToWrite((c) => (c.objects[0].rtnCovariance!.positionVelocity = [1, 2, 3]), 'CR_R');
  refusesToWrite((c) => (c.objects[1].rtnCovariance!.dragRow = [1, 2]), 'CDRG_R');
  refusesToWrite((c) => (c.header.version = '3.0'), 'CCSDS_CDM_VERS');
  refusesToWrite((c) => (c.objects[1].metadata.object = 'OBJECT1'), 'OBJECT');
  refusesToWrite((c) => (c.userDefined!.parameters['BAD NAME'] = 'x'), 'USER_DEFINED_BAD NAME');
  refusesToWrite((c) => (c.objects[0].stateVector.comments = ['a\u202eb']), 'COMMENT');
});

test('XML: a comment belongs to the element it is in, wherever it stands in it', () => {
  const xml = fixture('cdm', 'CDMExample1.xml')
    .replace('<INTRACK_THRUST>NO</INTRACK_THRUST>', '<INTRACK_THRUST>NO</INTRACK_THRUST>\n<COMMENT>last in the metadata</COMMENT>')
    .replace('<RELATIVE_SPEED units="m/s">14762</RELATIVE_SPEED>', '<RELATIVE_SPEED units="m/s">14762</RELATIVE_SPEED><COMMENT>inside the relative metadata</COMMENT>');
  assert.notEqual(xml, fixture('cdm', 'CDMExample1.xml'));
  const cdm = parseCdm(xml);
  assert.ok(cdm.objects[0].metadata.comments.includes('last in the metadata'), JSON.stringify(cdm.objects[0].metadata.comments));
  assert.deepEqual(cdm.relativeMetadata.comments, ['Relative Metadata/Data', 'inside the relative metadata']);
  assert.ok(!cdm.objects[0].dataComments.includes('last in the metadata'));
});
