/** State vectors through HTTP: store, validation, list/get/delete, latest rules, permissions, organizations. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestService, type TestService } from '../helpers/service.ts';
import { inTransaction } from '../../storage/sql/db.ts';
import { insertStateVector } from '../../storage/stateVectors.ts';
import type { NewStateVector } from '../../domain/stateVectors/model.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { canonicalInstant, epochKey } from '../../domain/maneuvers/model.ts';
import {
  createSpacecraft,
  createStateVector,
  diagonalCovariance,
  SSO_EPOCH,
  SSO_POSITION_KM,
  SSO_VELOCITY_KM_S,
  ssoState,
  type StateVectorView,
} from './stateVectors.helpers.ts';

let svc: TestService;
let key: string;
let orgId: string;
before(async () => {
  svc = await createTestService();
  const k = await svc.key({ organization: 'sv-org' });
  key = k.secret;
  orgId = k.organizationId;
});
after(async () => {
  await svc.close();
});

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('manual create', () => {
  test('stores every field, SV-<n> ids, DSST mean elements, covariance with standard deviations', async () => {
    const sc = await createSpacecraft(svc, key);
    const sv = await createStateVector(svc, key, ssoState(sc, { covariance: { matrix: diagonalCovariance() }, originator: 'FDS' }));
    assert.match(sv.id, /^SV-\d+$/);
    assert.equal(sv.spacecraftId, sc);
    assert.equal(sv.epoch, '2023-03-08T06:30:00.000000Z');
    assert.deepEqual(sv.position, SSO_POSITION_KM);
    assert.deepEqual(sv.velocity, SSO_VELOCITY_KM_S);
    assert.equal(sv.referenceFrame, 'GCRF');
    assert.equal(sv.mass, 1000);
    assert.equal(sv.originator, 'FDS');
    assert.equal(sv.sourceType, 'MANUAL');
    assert.equal(sv.converged, null);
    assert.equal(sv.hasCovariance, true);
    assert.equal(sv.covariance!.frame, 'GCRF');
    for (const s of sv.covariance!.standardDeviations.positionKm) assert.ok(Math.abs(s - 0.01) < 1e-15);
    for (const s of sv.covariance!.standardDeviations.velocityKmS) assert.ok(Math.abs(s - 1e-5) < 1e-18);
    assert.equal(sv.meanElementsTheory, 'DSST');
    // SSO 700 km: mean a within a few km of the osculating one, i ≈ 98.2°
    assert.ok(Math.abs(sv.meanElements!.semiMajorAxisKm! - 7087) < 10, JSON.stringify(sv.meanElements));
    assert.ok(Math.abs(sv.meanElements!.inclinationDeg! - 98.19) < 0.05);
    assert.deepEqual(sv.warnings, []);
    const again = await createStateVector(svc, key, ssoState(sc));
    assert.equal(Number(again.id.slice(3)), Number(sv.id.slice(3)) + 1);
    assert.equal(again.hasCovariance, false);
    assert.equal(again.covariance, null);
    const got = await svc.request('GET', `/operations/state-vectors/${sv.id}`, { key });
    assert.equal(got.status, 200);
    assert.deepEqual(await body(got), sv);
  });

  test('each organization has its own SV sequence; another organization gets 404 on get, delete, opm, oem', async () => {
    const other = await svc.key({ organization: 'sv-other-org' });
    const scOther = await createSpacecraft(svc, other.secret);
    const first = await createStateVector(svc, other.secret, ssoState(scOther));
    assert.equal(first.id, 'SV-1');
    const sc = await createSpacecraft(svc, key);
    await createStateVector(svc, key, ssoState(sc));
    const mine = await createStateVector(svc, key, ssoState(sc));
    assert.ok(Number(mine.id.slice(3)) >= 2); // the other organization only has SV-1
    for (const [method, path, json] of [
      ['GET', `/operations/state-vectors/${mine.id}`, undefined],
      ['GET', `/operations/state-vectors/${mine.id}/opm`, undefined],
      ['DELETE', `/operations/state-vectors/${mine.id}`, undefined],
      ['POST', `/operations/state-vectors/${mine.id}/generate-oem`, { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:30:00Z' }],
    ] as const) {
      const r = await svc.request(method, path, { key: other.secret, ...(json ? { json } : {}) });
      assert.equal(r.status, 404, `${method} ${path}`);
    }
    // SV-1 read with our key is our own SV-1, never the other organization's
    const r = await svc.request('GET', `/operations/state-vectors/${first.id}`, { key });
    assert.equal(r.status, 200);
    assert.notEqual((await body<StateVectorView>(r)).spacecraftId, scOther);
    // creating on another organization's spacecraft is a 404
    const cross = await svc.request('POST', '/operations/state-vectors', { key, json: ssoState(scOther) });
    assert.equal(cross.status, 404);
    // latest for another org's spacecraft is a 404
    const latest = await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${scOther}`, { key });
    assert.equal(latest.status, 404);
  });

  test('perigee below 120 km is stored with a warning; a state inside the Earth is 422', async () => {
    const sc = await createSpacecraft(svc, key);
    // 200 km circular-ish position with a velocity too low: perigee deep below 120 km
    const low = await createStateVector(svc, key, {
      spacecraftId: sc, epoch: SSO_EPOCH, position: [6578.137, 0, 0], velocity: [0, 7.0, 0], referenceFrame: 'GCRF',
    });
    assert.ok(low.warnings.some((w) => w.includes('perigee altitude') && w.includes('120 km')), JSON.stringify(low.warnings));
    const inside = await svc.request('POST', '/operations/state-vectors', {
      key, json: { spacecraftId: sc, epoch: SSO_EPOCH, position: [6000, 0, 0], velocity: [0, 7.5, 0], referenceFrame: 'GCRF' },
    });
    assert.equal(inside.status, 422);
    assert.equal((await body<{ error: string }>(inside)).error, 'STATE_INSIDE_EARTH');
  });

  test('400 for each invalid field: covariance not PSD, not symmetric, wrong shape; bad epoch; bad frame; zero velocity', async () => {
    const sc = await createSpacecraft(svc, key);
    const notPsd = diagonalCovariance();
    notPsd[0]![1] = notPsd[1]![0] = 2e-4; // correlation 2
    const asym = diagonalCovariance();
    asym[0]![1] = 1e-5;
    const cases: Array<[Record<string, unknown>, string]> = [
      [ssoState(sc, { covariance: { matrix: notPsd } }), 'covariance.matrix'],
      [ssoState(sc, { covariance: { matrix: asym } }), 'covariance.matrix'],
      [ssoState(sc, { covariance: { matrix: [[1, 0], [0, 1]] } }), 'covariance.matrix'],
      [ssoState(sc, { epoch: '2023-03-08T06:30:00' }), 'epoch'],
      [ssoState(sc, { referenceFrame: 'ECLIPJ2000' }), 'referenceFrame'],
      [ssoState(sc, { velocity: [0, 0, 0] }), 'velocity'],
      [ssoState(sc, { position: [1, 2] }), 'position'],
    ];
    for (const [json, field] of cases) {
      const r = await svc.request('POST', '/operations/state-vectors', { key, json });
      assert.equal(r.status, 400, field);
      const e = await body<{ error: string; fieldErrors: Record<string, string> }>(r);
      assert.equal(e.error, 'VALIDATION_ERROR');
      assert.ok(Object.keys(e.fieldErrors).some((k) => k.startsWith(field)), `${field}: ${JSON.stringify(e.fieldErrors)}`);
    }
    // a PSD covariance with correlations is accepted (RTN frame)
    const correlated = diagonalCovariance();
    correlated[0]![3] = correlated[3]![0] = 0.5 * Math.sqrt(1e-4 * 1e-10);
    const ok = await createStateVector(svc, key, ssoState(sc, { covariance: { frame: 'RTN', matrix: correlated } }));
    assert.equal(ok.covariance!.frame, 'RTN');
  });
});

describe('list, get, delete', () => {
  test('filters, paging, epoch desc by default, unknown sort 400, delete then 404', async () => {
    const sc = await createSpacecraft(svc, key);
    const epochs = ['2023-03-08T06:30:00Z', '2023-03-09T06:30:00Z', '2023-03-10T06:30:00Z'];
    const ids: string[] = [];
    for (const epoch of epochs) ids.push((await createStateVector(svc, key, ssoState(sc, { epoch }))).id);
    const list = await svc.request('GET', `/operations/state-vectors?spacecraftId=${sc}`, { key });
    const page = await body<{ content: StateVectorView[]; totalElements: number }>(list);
    assert.equal(page.totalElements, 3);
    assert.deepEqual(page.content.map((s) => s.id), [...ids].reverse());
    const window = await body<{ content: StateVectorView[] }>(
      await svc.request('GET', `/operations/state-vectors?spacecraftId=${sc}&startDate=2023-03-09T06:30:00Z&endDate=2023-03-10T00:00:00Z`, { key }),
    );
    assert.deepEqual(window.content.map((s) => s.id), [ids[1]]);
    const paged = await body<{ content: StateVectorView[]; totalPages: number }>(
      await svc.request('GET', `/operations/state-vectors?spacecraftId=${sc}&size=2&page=1&sort=epoch,asc`, { key }),
    );
    assert.equal(paged.totalPages, 2);
    assert.deepEqual(paged.content.map((s) => s.id), [ids[2]]);
    const bySource = await body<{ content: StateVectorView[] }>(await svc.request('GET', `/operations/state-vectors?spacecraftId=${sc}&sourceType=OPM_IMPORT`, { key }));
    assert.equal(bySource.content.length, 0);
    assert.equal((await svc.request('GET', '/operations/state-vectors?sort=mass,asc', { key })).status, 400);
    assert.equal((await svc.request('GET', '/operations/state-vectors?sourceType=TLE', { key })).status, 400);
    assert.equal((await svc.request('GET', '/operations/state-vectors?startDate=yesterday', { key })).status, 400);
    assert.equal((await svc.request('DELETE', `/operations/state-vectors/${ids[0]}`, { key })).status, 204);
    assert.equal((await svc.request('GET', `/operations/state-vectors/${ids[0]}`, { key })).status, 404);
    assert.equal((await svc.request('DELETE', `/operations/state-vectors/${ids[0]}`, { key })).status, 404);
    assert.equal((await svc.request('GET', '/operations/state-vectors/SV-abc', { key })).status, 404);
  });
});

describe('latest', () => {
  async function insertOd(spacecraftId: string, epoch: string, converged: boolean): Promise<string> {
    const e = Epoch.parseInstant(epoch);
    const record: NewStateVector = {
      spacecraftId, epoch: canonicalInstant(e), epochKey: epochKey(e),
      positionKm: [SSO_POSITION_KM[0]!, SSO_POSITION_KM[1]!, SSO_POSITION_KM[2]!],
      velocityKmS: [SSO_VELOCITY_KM_S[0]!, SSO_VELOCITY_KM_S[1]!, SSO_VELOCITY_KM_S[2]!],
      referenceFrame: 'GCRF', massKg: 1000, originator: 'OD', creationDate: new Date().toISOString(),
      sourceType: 'ORBIT_DETERMINATION', orbitSolutionId: `sol-${epoch}`, converged, covariance: null, meanElements: null,
      warnings: [], sourceFile: null,
    };
    const { displayNumber } = await inTransaction(svc.db, (tx) => insertStateVector(tx, orgId, record));
    return `SV-${displayNumber}`;
  }

  test('converged OD and manual rows eligible; non-converged only with includeNonConverged; 400 without spacecraftId; 404 when none', async () => {
    const sc = await createSpacecraft(svc, key);
    const none = await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc}`, { key });
    assert.equal(none.status, 404);
    const manual = await createStateVector(svc, key, ssoState(sc, { epoch: '2023-03-08T00:00:00Z' }));
    const converged = await insertOd(sc, '2023-03-09T00:00:00Z', true);
    const nonConverged = await insertOd(sc, '2023-03-10T00:00:00Z', false);
    const latest = await body<StateVectorView>(await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc}`, { key }));
    assert.equal(latest.id, converged);
    assert.equal(latest.converged, true);
    assert.equal(latest.sourceType, 'ORBIT_DETERMINATION');
    const all = await body<StateVectorView>(await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc}&includeNonConverged=true`, { key }));
    assert.equal(all.id, nonConverged);
    assert.equal(all.converged, false);
    // a newer manual state beats the converged OD row
    const newerManual = await createStateVector(svc, key, ssoState(sc, { epoch: '2023-03-09T12:00:00Z' }));
    assert.equal((await body<StateVectorView>(await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc}`, { key }))).id, newerManual.id);
    assert.notEqual(manual.id, newerManual.id);
    // only a non-converged row: 404 by default
    const sc2 = await createSpacecraft(svc, key);
    await insertOd(sc2, '2023-03-10T00:00:00Z', false);
    assert.equal((await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc2}`, { key })).status, 404);
    assert.equal((await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc2}&includeNonConverged=true`, { key })).status, 200);
    const missing = await svc.request('GET', '/operations/state-vectors/latest', { key });
    assert.equal(missing.status, 400);
    assert.ok('spacecraftId' in (await body<{ fieldErrors: Record<string, string> }>(missing)).fieldErrors);
  });
});

describe('permissions', () => {
  test('read:statevectors, write:statevectors and read:ephemeris are required', async () => {
    const sc = await createSpacecraft(svc, key);
    const sv = await createStateVector(svc, key, ssoState(sc));
    const readOnly = (await svc.key({ organization: 'sv-org', permissions: ['read:statevectors'] })).secret;
    const noPerms = (await svc.key({ organization: 'sv-org', permissions: ['read:spacecraft'] })).secret;
    assert.equal((await svc.request('GET', `/operations/state-vectors/${sv.id}`, { key: readOnly })).status, 200);
    assert.equal((await svc.request('GET', `/operations/state-vectors/${sv.id}/opm`, { key: readOnly })).status, 200);
    assert.equal((await svc.request('POST', '/operations/state-vectors', { key: readOnly, json: ssoState(sc) })).status, 403);
    assert.equal((await svc.request('DELETE', `/operations/state-vectors/${sv.id}`, { key: readOnly })).status, 403);
    const oem = await svc.request('POST', `/operations/state-vectors/${sv.id}/generate-oem`, {
      key: readOnly, json: { initialDate: SSO_EPOCH, finalDate: '2023-03-08T07:30:00Z' },
    });
    assert.equal(oem.status, 403);
    assert.equal((await body<{ error: string }>(oem)).error, 'ACCESS_ERROR');
    assert.equal((await svc.request('GET', '/operations/state-vectors', { key: noPerms })).status, 403);
    assert.equal((await svc.request('GET', `/operations/state-vectors/latest?spacecraftId=${sc}`, { key: noPerms })).status, 403);
    assert.equal((await svc.request('GET', '/operations/state-vectors')).status, 401);
  });
});
