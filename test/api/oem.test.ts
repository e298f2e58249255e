/**
 * OEM generation through HTTP: every file is read back with our own OEM parser; first line = stored state in the
 * requested frame and time system; each 400 cause; 404/422; backwards propagation; floor truncation; covariance in
 * RTN and TNW against Orekit (rotation-only convention); stored maneuvers as finite burns.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createTestService, type TestService } from '../helpers/service.ts';
import { parseOem, type OemMessage } from '../../engine/files/oem/oemReader.ts';
import { fromLowerTriangle, toNested } from '../../engine/math/covariance.ts';
import { convertState } from '../../engine/frames/stateFrames.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { bundledEopTable } from '../../earthData/files.ts';
import { createSpacecraft, createStateVector, SSO_EPOCH, SSO_POSITION_KM, SSO_VELOCITY_KM_S, ssoState } from './stateVectors.helpers.ts';

interface LofReference {
  epoch_utc: string;
  initial_covariance_gcrf_km: number[][];
  epochs: Array<{ t_s: number; cov_RTN: number[][]; cov_TNW: number[][] }>;
}
const LOF_REFERENCE = JSON.parse(readFileSync(new URL('../fixtures/stateVectors/covariance_SSO_700_J2_lof.json', import.meta.url), 'utf8')) as LofReference;
const J2_ONLY = { gravityDegree: 2, gravityOrder: 0, atmosphere: 'NONE', solarRadiationPressure: false, thirdBodies: [] };

let svc: TestService;
let key: string;
before(async () => {
  svc = await createTestService({ workers: 2 });
  key = (await svc.key({ organization: 'oem-org' })).secret;
});
after(async () => {
  await svc.close();
});

async function oem(id: string, json: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const r = await svc.request('POST', `/operations/state-vectors/${id}/generate-oem`, { key, json });
  return { status: r.status, text: await r.text() };
}

async function oemOk(id: string, json: Record<string, unknown>): Promise<{ text: string; parsed: OemMessage }> {
  const { status, text } = await oem(id, json);
  assert.equal(status, 200, text);
  return { text, parsed: parseOem(text) };
}

describe('OEM content', () => {
  test('header, metadata and data read back; first line = stored state in each frame, epochs in each time system', async () => {
    const sc = await createSpacecraft(svc, key, { cosparId: '2023-042A', noradId: 55555 });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const eop = bundledEopTable();
    const epoch = Epoch.parseInstant(SSO_EPOCH);
    const frames = ['GCRF', 'EME2000', 'ITRF', 'TOD', 'MOD', 'TEME'] as const;
    const systems = ['UTC', 'TAI', 'TT', 'TDB', 'TCG', 'TCB', 'GPS'] as const;
    for (let k = 0; k < frames.length; k++) {
      const frame = frames[k]!;
      const timeSystem = systems[k]!;
      const { text, parsed } = await oemOk(sv.id, { initialDate: SSO_EPOCH, finalDate: '2023-03-08T12:30:00Z', referenceFrame: frame, timeSystem, timeBetweenPoints: 3600 });
      assert.match(text, /^CCSDS_OEM_VERS\s+= 2\.0\n/);
      assert.equal(parsed.header.version, '2.0');
      assert.equal(parsed.header.originator, 'APSIS');
      assert.equal(parsed.segments.length, 1);
      const { metadata, states } = parsed.segments[0]!;
      assert.equal(metadata.objectId, '2023-042A');
      assert.equal(metadata.centerName, 'EARTH');
      assert.equal(metadata.refFrame, frame);
      assert.equal(metadata.timeSystem, timeSystem);
      assert.equal(metadata.interpolation, 'LAGRANGE');
      assert.equal(metadata.interpolationDegree, 6);
      assert.equal(states.length, 7);
      assert.equal(metadata.startTime, states[0]!.epoch);
      assert.equal(metadata.stopTime, states[6]!.epoch);
      assert.equal(states[0]!.epoch, epoch.toString(timeSystem, 6));
      assert.equal(states[6]!.epoch, epoch.plusSeconds(6 * 3600).toString(timeSystem, 6));
      const expected = convertState([...SSO_POSITION_KM, ...SSO_VELOCITY_KM_S], 'GCRF', frame, epoch, eop);
      const s = states[0]!;
      for (let i = 0; i < 3; i++) {
        assert.ok(Math.abs(s.positionKm[i]! - expected[i]!) <= 1e-6, `${frame} position[${i}] ${s.positionKm[i]} vs ${expected[i]}`);
        assert.ok(Math.abs(s.velocityKmS[i]! - expected[3 + i]!) <= 1e-9, `${frame} velocity[${i}] ${s.velocityKmS[i]} vs ${expected[3 + i]}`);
      }
      // the bundled EOP (14 C04 + 20 C04) cover March 2023: no warning
      assert.doesNotMatch(text, /COMMENT (EOP|LEAP_SECONDS|SPACE_WEATHER):/);
    }
  });

  test('OBJECT_ID falls back to NORAD then to our id; off-grid finalDate is the last point; indicators are ignored', async () => {
    const noradOnly = await createSpacecraft(svc, key, { noradId: 43210 });
    const plain = await createSpacecraft(svc, key);
    const a = await createStateVector(svc, key, ssoState(noradOnly));
    const b = await createStateVector(svc, key, ssoState(plain));
    const oa = await oemOk(a.id, { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:00:30Z', timeBetweenPoints: 600, covarianceFrameValid: true, dateRangeValid: false, timeSpanValid: true });
    assert.equal(oa.parsed.segments[0]!.metadata.objectId, '43210');
    const epochs = oa.parsed.segments[0]!.states.map((s) => s.epoch);
    assert.deepEqual(epochs, ['2023-03-08T06:30:00.000000', '2023-03-08T06:40:00.000000', '2023-03-08T06:50:00.000000', '2023-03-08T07:00:00.000000', '2023-03-08T07:00:30.000000']);
    const ob = await oemOk(b.id, { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:00:00Z' });
    assert.equal(ob.parsed.segments[0]!.metadata.objectId, plain);
    assert.equal(ob.parsed.segments[0]!.states.length, 31);
    assert.match(ob.text, /^2023-03-08T06:31:00\.000000 +-?\d+\.\d{6} /m);
  });
});

describe('OEM request validation', () => {
  test('400 for each invalid field, with the 30-day message; 404 unknown id; 422 covariance and force-model preconditions', async () => {
    const sc = await createSpacecraft(svc, key);
    const sv = await createStateVector(svc, key, ssoState(sc));
    const base = { initialDate: SSO_EPOCH, finalDate: '2023-03-09T06:30:00Z' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ finalDate: base.finalDate }, 'initialDate'],
      [{ initialDate: base.initialDate }, 'finalDate'],
      [{ ...base, initialDate: 'not-a-date' }, 'initialDate'],
      [{ ...base, initialDate: '2023-03-08T06:30:00' }, 'initialDate'],
      [{ ...base, finalDate: base.initialDate }, 'finalDate'],
      [{ ...base, finalDate: '2023-03-07T06:30:00Z' }, 'finalDate'],
      [{ ...base, referenceFrame: 'ICRF' }, 'referenceFrame'],
      [{ ...base, timeBetweenPoints: 59 }, 'timeBetweenPoints'],
      [{ ...base, timeBetweenPoints: 86401 }, 'timeBetweenPoints'],
      [{ ...base, timeBetweenPoints: 60.5 }, 'timeBetweenPoints'],
      [{ ...base, timeSystem: 'UT1' }, 'timeSystem'],
      [{ ...base, includeCovariance: 'yes' }, 'includeCovariance'],
      [{ ...base, covarianceFrame: 'QSW' }, 'covarianceFrame'],
    ];
    for (const [json, field] of cases) {
      const r = await svc.request('POST', `/operations/state-vectors/${sv.id}/generate-oem`, { key, json });
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(json)}`);
      const e = (await r.json()) as { error: string; fieldErrors: Record<string, string> };
      assert.equal(e.error, 'VALIDATION_ERROR');
      assert.ok(field in e.fieldErrors, `${field}: ${JSON.stringify(e.fieldErrors)}`);
    }
    const tooLong = await svc.request('POST', `/operations/state-vectors/${sv.id}/generate-oem`, { key, json: { ...base, finalDate: '2023-04-07T06:30:00.001Z' } });
    assert.equal(tooLong.status, 400);
    assert.match(((await tooLong.json()) as { message: string }).message, /span cannot exceed 30 days/);
    assert.equal((await oem('SV-999999', base)).status, 404);
    assert.equal((await oem('nonsense', base)).status, 404);
    const noCov = await svc.request('POST', `/operations/state-vectors/${sv.id}/generate-oem`, { key, json: { ...base, includeCovariance: true } });
    assert.equal(noCov.status, 422);
    assert.equal(((await noCov.json()) as { error: string }).error, 'COVARIANCE_UNAVAILABLE');
    const bare = await createSpacecraft(svc, key, { dragArea: null, srpArea: null, launchMass: null, dryMass: null });
    const bareSv = await createStateVector(svc, key, ssoState(bare, { mass: null }));
    const incomplete = await svc.request('POST', `/operations/state-vectors/${bareSv.id}/generate-oem`, { key, json: base });
    assert.equal(incomplete.status, 422);
    const body = (await incomplete.json()) as { error: string; details: { missingFields: string[] } };
    assert.equal(body.error, 'FORCE_MODEL_INCOMPLETE');
    assert.deepEqual(body.details.missingFields.map((f) => f.split(' ')[0]), ['mass', 'dragArea', 'srpArea']);
  });
});

describe('OEM propagation', () => {
  test('backwards propagation: an OEM ending at the state epoch ends on the stored state, and forwards again returns to it', async () => {
    const sc = await createSpacecraft(svc, key);
    const sv = await createStateVector(svc, key, ssoState(sc));
    const back = await oemOk(sv.id, { initialDate: '2023-03-08T04:30:00Z', finalDate: SSO_EPOCH, timeBetweenPoints: 600 });
    const states = back.parsed.segments[0]!.states;
    assert.equal(states.length, 13);
    assert.equal(states[0]!.epoch, '2023-03-08T04:30:00.000000');
    const last = states[12]!;
    for (let i = 0; i < 3; i++) assert.ok(Math.abs(last.positionKm[i]! - SSO_POSITION_KM[i]!) <= 1e-6);
    // the state two hours earlier must differ from the stored one (really propagated) and lead back to it
    assert.ok(Math.hypot(...states[0]!.positionKm.map((p, i) => p - SSO_POSITION_KM[i]!)) > 1000);
    const earlier = await createStateVector(svc, key, ssoState(sc, { epoch: '2023-03-08T04:30:00Z', position: states[0]!.positionKm, velocity: states[0]!.velocityKmS }));
    const forward = await oemOk(earlier.id, { initialDate: '2023-03-08T04:30:00Z', finalDate: SSO_EPOCH, timeBetweenPoints: 600 });
    const end = forward.parsed.segments[0]!.states[12]!;
    const dKm = Math.hypot(...end.positionKm.map((p, i) => p - SSO_POSITION_KM[i]!));
    assert.ok(dKm < 1e-3, `forward after backward misses by ${dKm * 1000} m`);
  });

  // J2 + Harris–Priester drag, and the full default model (whose density-node and shadow events once hid the floor)
  for (const [label, body] of [['J2 + drag', { forceModel: { ...J2_ONLY, atmosphere: 'HARRIS_PRIESTER' } }], ['full default model', {}]] as const) test(`reaching the 100 km floor ends the ephemeris there with a COMMENT (${label})`, async () => {
    const sc = await createSpacecraft(svc, key, body);
    // 300 km altitude, horizontal speed well below circular: perigee far below 100 km
    const sv = await createStateVector(svc, key, { spacecraftId: sc, epoch: SSO_EPOCH, position: [6678.137, 0, 0], velocity: [0, 7.4, 0.8], referenceFrame: 'GCRF', mass: 1000 });
    assert.ok(sv.warnings.some((w) => w.includes('perigee altitude')));
    const { text, parsed } = await oemOk(sv.id, { initialDate: SSO_EPOCH, finalDate: '2023-03-08T12:30:00Z', timeBetweenPoints: 60 });
    assert.match(text, /COMMENT Propagation stopped at the 100 km altitude floor at 2023-03-08T\d\d:\d\d:\d\d\.\d{6} UTC/);
    const segment = parsed.segments[0]!;
    assert.ok(segment.states.length > 1 && segment.states.length < 60, `${segment.states.length} points`);
    assert.equal(segment.metadata.stopTime, segment.states[segment.states.length - 1]!.epoch);
    const lastRadius = Math.hypot(...segment.states[segment.states.length - 1]!.positionKm);
    assert.ok(lastRadius < 6378.137 + 160, `last radius ${lastRadius}`);
  });

  for (const frame of ['RTN', 'TNW'] as const) {
    test(`covariance through the STM in ${frame} matches Orekit (rotation-only local frame)`, async () => {
      const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
      const sv = await createStateVector(svc, key, {
        spacecraftId: sc, epoch: `${LOF_REFERENCE.epoch_utc}Z`, position: SSO_POSITION_KM, velocity: SSO_VELOCITY_KM_S,
        referenceFrame: 'GCRF', mass: 1000, covariance: { frame: 'GCRF', matrix: LOF_REFERENCE.initial_covariance_gcrf_km },
      });
      const { text, parsed } = await oemOk(sv.id, {
        initialDate: `${LOF_REFERENCE.epoch_utc}Z`, finalDate: '2023-03-08T12:30:00Z', timeBetweenPoints: 3600, includeCovariance: true, covarianceFrame: frame,
      });
      assert.match(text, new RegExp(`COVARIANCE_START\\nCOMMENT Covariance in the local orbital frame ${frame} .*no frame-rate term`));
      const covariances = parsed.segments[0]!.covariances;
      assert.equal(covariances.length, 7);
      for (let k = 0; k < 7; k++) {
        const c = covariances[k]!;
        assert.equal(c.refFrame, frame);
        assert.equal(c.epoch, parsed.segments[0]!.states[k]!.epoch);
        const ours = toNested(fromLowerTriangle(c.lowerTriangle));
        const ref = frame === 'RTN' ? LOF_REFERENCE.epochs[k]!.cov_RTN : LOF_REFERENCE.epochs[k]!.cov_TNW;
        for (let i = 0; i < 6; i++) {
          for (let j = 0; j <= i; j++) {
            const scale = Math.sqrt(ref[i]![i]! * ref[j]![j]!);
            const diff = Math.abs(ours[i]![j]! - ref[i]![j]!) / scale;
            assert.ok(diff < 1e-4, `t=${LOF_REFERENCE.epochs[k]!.t_s} [${i}][${j}] ours ${ours[i]![j]} ref ${ref[i]![j]} (${diff})`);
          }
        }
      }
    });
  }

  test('stored maneuvers in the span are applied as finite burns', async () => {
    const sc = await createSpacecraft(svc, key, { forceModel: J2_ONLY });
    const sv = await createStateVector(svc, key, ssoState(sc));
    const request = { initialDate: SSO_EPOCH, finalDate: '2023-03-08T08:30:00Z', timeBetweenPoints: 600 };
    const before = await oemOk(sv.id, request);
    assert.match(before.text, /COMMENT No maneuvers in the span/);
    const created = await svc.request('POST', '/operations/maneuvers', {
      key,
      json: { maneuvers: [{ spacecraftId: sc, name: 'RAISE', attitudeMode: 'TNW', composition: [{ referenceEpoch: '2023-03-08T07:00:00Z', duration: 600, thrX: 10, thrY: 0, thrZ: 0, thrISP: 300, attitudeMode: 'TNW' }] }] },
    });
    assert.equal(created.status, 201, await created.clone().text());
    const withBurn = await oemOk(sv.id, request);
    assert.match(withBurn.text, /COMMENT 1 stored maneuver segment\(s\) applied as finite burns/);
    const a = before.parsed.segments[0]!.states;
    const b = withBurn.parsed.segments[0]!.states;
    // identical before ignition, different after: Δv = 10 N × 600 s / ~1000 kg ≈ 6 m/s along-track
    assert.deepEqual(b[3]!.positionKm, a[3]!.positionKm);
    const dvKmS = Math.hypot(...b[6]!.velocityKmS.map((v, i) => v - a[6]!.velocityKmS[i]!));
    assert.ok(dvKmS > 1e-3, `velocity change ${dvKmS} km/s`);
  });
});
