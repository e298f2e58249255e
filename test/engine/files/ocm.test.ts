import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { parseOcm } from '../../../engine/files/ocm/ocmReader.ts';
import { writeOcmManeuvers, type OcmManeuverFileInput } from '../../../engine/files/ocm/ocmWriter.ts';
import { fixture } from './helpers.ts';

test('OCM example 3: header, metadata, PHYS and both maneuver blocks with typed columns', () => {
  const ocm = parseOcm(fixture('ocm', 'OCMExample3.txt'));
  assert.equal(ocm.notation, 'KVN');
  assert.equal(ocm.header.version, '3.0');
  assert.equal(ocm.header.originator, 'ESOC');
  assert.equal(ocm.metadata.timeSystem, 'UTC');
  assert.equal(ocm.metadata.epochTzero, '1998-12-18T14:28:15.1172');
  assert.equal(ocm.physicalProperties?.wetMassKg, 100);
  assert.equal(ocm.physicalProperties?.values['DRAG_CONST_AREA'], 10);
  assert.equal(ocm.trajectories.length, 1);
  assert.equal(ocm.trajectories[0]!.rowCount, 4);
  assert.equal(ocm.trajectories[0]!.trajType, 'CARTPVA');
  assert.equal(ocm.maneuvers.length, 2);
  const deploy = ocm.maneuvers[0]!;
  assert.equal(deploy.id, 'CUBESAT_DEPLOY');
  assert.equal(deploy.rows.length, 10);
  assert.equal(deploy.rows[2]!.fields['DEPLOY_ID'], 'CUBESAT_12');
  assert.equal(deploy.rows[2]!.fields['DEPLOY_DV_X'], -4.867e-5);
  assert.equal(deploy.rows[2]!.timeRelativeS, 520);
  assert.deepEqual(deploy.comments, ['Ten 1kg objects deployed from 200kg host over 100 s timespan', '20 deg off of back-track direction']);
  const burn = ocm.maneuvers[1]!;
  assert.equal(burn.id, 'E_W_20160305B');
  assert.equal(burn.deviceId, 'THR_01');
  assert.equal(burn.purpose, 'ORBIT');
  assert.equal(burn.refFrame, 'RSW_ROTATING');
  assert.equal(burn.basis, 'CANDIDATE');
  assert.equal(burn.rows.length, 1);
  const row = burn.rows[0]!;
  assert.equal(row.line, 63);
  assert.equal(row.timeAbsolute, '1998-12-18T14:36:35.1172');
  assert.equal(row.timeRelativeS, 500);
  assert.equal(row.durationS, 100);
  assert.deepEqual([row.thrustXN, row.thrustYN, row.thrustZN, row.ispS], [0, 0.5, 0, 300]);
  assert.equal(row.deltaMassKg, null);
  assert.equal(row.fields['THR_INTERP'], 'ON');
  assert.equal(row.fields['THR_EFFIC'], 0.95);
  assert.equal(ocm.perturbations?.values['GM'], 398600.4415);
  assert.equal(ocm.orbitDetermination?.values['OBS_USED'], 273);
});

test('OCM example 4: every block and keyword, all maneuver fields, DELTA_MASS', () => {
  const ocm = parseOcm(fixture('ocm', 'OCMExample4.txt'));
  assert.equal(ocm.header.messageId, 'ABC-12_34');
  assert.equal(ocm.metadata.objectName, 'POLYSAT');
  assert.equal(ocm.metadata.internationalDesignator, '2000-053A');
  assert.equal(ocm.metadata.objectDesignator, '18SPCS 18571');
  assert.equal(ocm.metadata.values['TIME_SPAN'], 0.041550925925);
  assert.equal(ocm.physicalProperties?.wetMassKg, 600);
  assert.equal(ocm.physicalProperties?.dryMassKg, 500);
  assert.equal(ocm.physicalProperties?.initialWetMassKg, 700);
  assert.deepEqual(ocm.trajectories.map((t) => t.trajType), ['CARTPVA', 'CARTP', 'KEPLERIAN']);
  assert.deepEqual(ocm.covariances.map((c) => [c.ordering, c.rowCount]), [['LTM', 3], ['UTMWCC', 1]]);
  assert.equal(ocm.maneuvers.length, 3);
  const first = ocm.maneuvers[0]!;
  assert.equal(first.id, 'maneuver 1');
  assert.equal(first.prevId, 'maneuver 0');
  assert.equal(first.frameEpoch, 2.3);
  assert.equal(first.dcType, 'TIME');
  assert.equal(first.rows[1]!.timeAbsolute, '2019-07-23T00:10:00');
  assert.equal(first.rows[1]!.timeRelativeS, 600);
  assert.equal(first.rows[1]!.deltaMassKg, -5);
  assert.equal(first.rows[1]!.fields['ACC_X'], 0.000734092785);
  assert.equal(first.rows[1]!.ispS, 330);
  assert.equal(ocm.maneuvers[1]!.rows[1]!.fields['DV_DIR_SIGMA'], 4.2);
  assert.equal(ocm.userDefined?.values['USER_DEFINED_LIBRARY'], 'OREKIT');
});

test('OCM: the other valid samples parse, KVN and XML give the same metadata', () => {
  for (const name of ['OCMExample1.txt', 'OCMExample5ITRF.txt', 'OCMMinimal.txt']) parseOcm(fixture('ocm', name));
  const kvn = parseOcm(fixture('ocm', 'OCMExample2.txt'));
  const xml = parseOcm(fixture('ocm', 'OCMExample2.xml'));
  assert.equal(xml.notation, 'XML');
  assert.equal(xml.header.messageId, kvn.header.messageId);
  assert.equal(xml.metadata.epochTzero, kvn.metadata.epochTzero);
  assert.equal(xml.metadata.internationalDesignator, '1998-999A');
  assert.equal(xml.physicalProperties?.wetMassKg, 100);
  assert.equal(xml.metadata.values['TAIMUTC_AT_TZERO'], 36);
  assert.equal(xml.userDefined?.values['USER_DEFINED_EARTH_MODEL'], 'WGS-84');
  assert.equal(xml.trajectories[0]!.trajType, 'CARTPVA');
  const minimal = parseOcm(fixture('ocm', 'OCMMinimal.txt'));
  assert.equal(minimal.maneuvers[0]!.rows[0]!.timeRelativeS, 0);
});

test('OCM: every malformed sample fails with its line', () => {
  const expected: Record<string, RegExp> = {
    'OCM-incompatible-units-dimension.txt': /^line 13: TRAJ_UNITS units must be compatible with \[km\*\*2\/s\], got \[m\]$/,
    'OCM-missing-maneuver-time.txt': /^line 18: MAN_COMPOSITION must start with TIME_ABSOLUTE or TIME_RELATIVE/,
    'OCM-missing-t0.txt': /^line 10: EPOCH_TZERO is required in the metadata$/,
    'OCM-unknown-frame.txt': /^line 12: TRAJ_REF_FRAME: unknown reference frame "ZZRF"$/,
    'OCM-wrong-nb-elements.txt': /^line 13: TRAJ_UNITS has 6 entries but TRAJ_TYPE CARTP has 3 columns$/,
    'OCM-wrong-time-span.txt': /^line 11: TIME_SPAN must be a number, got "WRONG"$/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    assert.throws(() => parseOcm(fixture('ocm', name)), (e: unknown) => e instanceof CcsdsParseError && pattern.test(e.message), name);
  }
});

test('OCM: targeted errors name line and keyword', () => {
  const base = 'CCSDS_OCM_VERS = 3.0\nCREATION_DATE = 2024-01-01T00:00:00\nORIGINATOR = X\nMETA_START\nEPOCH_TZERO = 2024-01-01T00:00:00\nMETA_STOP\nMAN_START\nMAN_ID = M1\nMAN_DEVICE_ID = T1\nMAN_COMPOSITION = TIME_RELATIVE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP\nMAN_UNITS = [s, N, N, N, s]\n';
  assert.equal(parseOcm(`${base}0 10 1 0 0 300\nMAN_STOP\n`).maneuvers[0]!.rows[0]!.ispS, 300);
  assert.throws(() => parseOcm(`${base}0 10 1 0 0 abc\nMAN_STOP\n`), (e: unknown) => e instanceof CcsdsParseError && e.message === 'line 12: THR_ISP must be a number, got "abc"' && e.keyword === 'THR_ISP');
  assert.throws(() => parseOcm(`${base}0 10 1 0 0\nMAN_STOP\n`), /line 12: maneuver line must have 6 fields/);
  assert.throws(() => parseOcm(`${base}0 10 1 0 0 300\n`), /MAN_STOP missing/);
  assert.throws(() => parseOcm(base.replace('[s, N, N, N, s]', '[s, N, N, N]') + '0 10 1 0 0 300\nMAN_STOP\n'), /line 11: MAN_UNITS has 4 entries but MAN_COMPOSITION has 5 columns/);
  assert.throws(() => parseOcm(base.replace('[s, N, N, N, s]', '[s, N, N, km, s]') + '0 10 1 0 0 300\nMAN_STOP\n'), /line 11: MAN_UNITS units must be compatible with \[N\], got \[km\]/);
  // compatible units are converted to the standard ones (mN → N)
  const converted = parseOcm(base.replace('[s, N, N, N, s]', '[s, mN, N, N, s]') + '0 10 1500 0 0 300\nMAN_STOP\n');
  assert.equal(converted.maneuvers[0]!.rows[0]!.thrustXN, 1.5);
  assert.throws(() => parseOcm(base.replace('MAN_DEVICE_ID = T1\n', '') + '0 10 1 0 0 300\nMAN_STOP\n'), /line 12: MAN_DEVICE_ID is required/);
  assert.throws(() => parseOcm(base.replace('MAN_DEVICE_ID = T1', 'MAN_DEVICE_ID = T1\nDC_TYPE = TIME') + '0 10 1 0 0 300\nMAN_STOP\n'), /line 14: DC_WIN_OPEN is required when DC_TYPE is TIME/);
  assert.throws(() => parseOcm(base.replace('META_STOP', 'TIME_SYSTEM = MARS\nMETA_STOP')), /line 6: TIME_SYSTEM "MARS" is not a CCSDS time system/);
  assert.throws(() => parseOcm(base.replace('= TIME_RELATIVE', '= TIME_ABSOLUTE') + '2024-02-30T00:00:00 10 1 0 0 300\nMAN_STOP\n'), /line 12: TIME_ABSOLUTE: invalid epoch "2024-02-30T00:00:00" \(day out of range\)$/);
});

test('OCM writer: stored maneuvers re-read to identical data', () => {
  const input: OcmManeuverFileInput = {
    creationDate: '2024-05-01T12:00:00.000',
    originator: 'APSIS',
    messageId: 'EXPORT-1',
    objectName: 'SAT A',
    internationalDesignator: '2024-012B',
    objectDesignator: '59001',
    timeSystem: 'UTC',
    epochTzero: '2024-05-02T00:00:00.000',
    wetMassKg: 512.125,
    dryMassKg: 400.5,
    maneuvers: [
      {
        id: 'RAISE-1',
        deviceId: 'THR_MAIN',
        purpose: 'ORBIT',
        refFrame: 'TNW_INERTIAL',
        rows: [
          { timeAbsolute: '2024-05-02T00:00:00.000', durationS: 120.5, thrustXN: 1 / 3, thrustYN: 0.1, thrustZN: -2.2e-7, ispS: 220.7, deltaMassKg: -0.0123 },
          { timeAbsolute: '2024-05-02T01:35:12.123456', durationS: 60, thrustXN: 1, thrustYN: 0, thrustZN: 0, ispS: 220.7, deltaMassKg: -0.006 },
        ],
      },
      {
        id: 'PLANE 2',
        deviceId: 'THR_AUX',
        refFrame: 'RTN',
        rows: [{ timeAbsolute: '2024-05-03T00:00:00', durationS: 5, thrustXN: 0, thrustYN: 0, thrustZN: 0.02, ispS: 65 }],
      },
    ],
  };
  const text = writeOcmManeuvers(input);
  assert.doesNotMatch(text, /MAN_BASIS/);
  const ocm = parseOcm(text);
  assert.equal(ocm.header.originator, 'APSIS');
  assert.equal(ocm.header.messageId, 'EXPORT-1');
  assert.equal(ocm.metadata.objectName, 'SAT A');
  assert.equal(ocm.metadata.internationalDesignator, '2024-012B');
  assert.equal(ocm.metadata.objectDesignator, '59001');
  assert.equal(ocm.metadata.epochTzero, input.epochTzero);
  assert.equal(ocm.physicalProperties?.wetMassKg, 512.125);
  assert.equal(ocm.physicalProperties?.dryMassKg, 400.5);
  assert.equal(ocm.maneuvers.length, 2);
  for (let m = 0; m < 2; m++) {
    const written = input.maneuvers[m]!;
    const read = ocm.maneuvers[m]!;
    assert.equal(read.id, written.id);
    assert.equal(read.deviceId, written.deviceId);
    assert.equal(read.purpose, written.purpose ?? null);
    assert.equal(read.refFrame, written.refFrame);
    assert.equal(read.basis, null);
    assert.deepEqual(
      read.rows.map((r) => ({ timeAbsolute: r.timeAbsolute, durationS: r.durationS, thrustXN: r.thrustXN, thrustYN: r.thrustYN, thrustZN: r.thrustZN, ispS: r.ispS, deltaMassKg: r.deltaMassKg })),
      written.rows.map((r) => ({ ...r, deltaMassKg: r.deltaMassKg ?? null })),
    );
  }
  assert.throws(() => writeOcmManeuvers({ ...input, objectName: 'two\nlines' }), /single line/);
  assert.throws(() => writeOcmManeuvers({ ...input, epochTzero: 'tomorrow' }), /invalid epoch/);
  assert.throws(() => writeOcmManeuvers({ ...input, maneuvers: [{ ...input.maneuvers[0]!, refFrame: 'ZZRF' }] }), /unknown reference frame/);
});
