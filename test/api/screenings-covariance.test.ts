/**
 * The covariances of a screening's approaches, over the socket ("Pc when both covariances exist").
 *
 * Set-up (screenings.helpers.ts): A and B cross 2 km apart at EPOCH; B's period is 2.5 s longer, so they cross again
 * at the opposite node half an orbit later (≈ 10 km) and one orbit later (≈ 19 km). A's state vector carries a GCRF
 * covariance; a CDM received for the organization gives B's RTN covariance at the EPOCH encounter.
 *  - the EPOCH approach: both covariances known → the organization's method (LAAS_2015), not a maximum; its Pc equals
 *    engine/collision's computed here from the approach's states (read back from its screening CDM), A's covariance
 *    propagated here with the propagator's STM (P = Φ P₀ Φᵀ, tested against finite differences in
 *    test/domain/screenings/covariances.test.ts) and rotated into RTN by hand, and B's covariance from the CDM.
 *    Tolerance 1e-6 relative: the states as printed in the CDM (about 13 significant digits) and the integrator's
 *    output at TCA (a step landing) against the dense output the search used (≪ 1 mm).
 *  - the approaches away from the CDM's TCA (outside the 10-min event grouping window): A's covariance only →
 *    Alfriend's maximum over it, flagged MAXIMUM_PROBABILITY_ONE_COVARIANCE, the secondary's source NONE.
 *  - the screening CDMs carry COVARIANCE_METHOD = CALCULATED for an object whose covariance was known, DEFAULT else.
 * Without covariances (screenings.test.ts) nothing changes: both sources NONE, the flagged isotropic maximum.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { collisionProbability } from '../../engine/collision/probability.ts';
import { encounterPlane, shortTermEncounter } from '../../engine/collision/encounter.ts';
import { parseCdm } from '../../engine/files/cdm/cdmReader.ts';
import { writeCdmKvn } from '../../engine/files/cdm/cdmWriter.ts';
import { propagateStoredState } from '../../engine/propagation/storedState.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { bundledEarthData } from '../../earthData/files.ts';
import { screeningApproachCdm } from '../../domain/conjunctions/screeningCdm.ts';
import { buildStoredStatePropagation } from '../../api/services/states/storedState.ts';
import { findStateVector } from '../../storage/stateVectors.ts';
import { findSpacecraftById } from '../../storage/spacecraft.ts';
import { createTestService, filesForm, type TestService } from '../helpers/service.ts';
import { CROSSER_STATE, EPOCH, PRIMARY_STATE } from './screenings.helpers.ts';

type Json = Record<string, any>;
const SCREENINGS = '/operations/conjunctions/screenings';
const START = Epoch.parseInstant(EPOCH).plusSeconds(-1800).toIsoString(3);
const A_NORAD = 90001;
const B_NORAD = 90002;

/** A's covariance at EPOCH, GCRF, km² …: σ 200 m / 0.2 m/s, position–velocity correlated. */
const P0: number[][] = (() => {
  const sigma = [0.2, 0.15, 0.25, 2e-4, 1.5e-4, 1e-4];
  return sigma.map((si, i) => sigma.map((sj, j) => (i === j ? 1 : (i < 3) === (j < 3) ? 0.1 : -0.2) * si * sj));
})();

/** B's covariance in its RTN at the CDM's TCA, m² …: 300 m radial-ish, 1 km in-track, 150 m cross-track. */
const B_RTN_M2 = [90000, 0, 0, 0, 0, 0, 0, 1e6, 0, 0, 0, 0, 0, 0, 22500, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1];

describe('screening covariances over the socket', { timeout: 600_000 }, () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let primary: string;
  let stateVectorNumber: number;
  let uploadedCdmId: string;

  const request = (method: string, path: string, options: { json?: unknown; body?: BodyInit } = {}) =>
    svc.request(method, path, { key, ...(options.json !== undefined ? { json: options.json } : {}), ...(options.body !== undefined ? { body: options.body } : {}) });
  const json = async (response: Response): Promise<Json> => (await response.json()) as Json;

  before(async () => {
    svc = await createTestService({ workers: 2 });
    const minted = await svc.key({ organization: 'screening-covariance' });
    key = minted.secret;
    organizationId = minted.organizationId;
    const craft = async (name: string, noradId: number, state: { position: number[]; velocity: number[] }, covariance?: number[][]) => {
      const created = await json(await request('POST', '/operations/spacecraft', { json: { name, noradId, launchMass: 500, dryMass: 400, dragArea: 1, srpArea: 1 } }));
      const stored = await request('POST', '/operations/state-vectors', {
        json: { spacecraftId: created.id, epoch: EPOCH, referenceFrame: 'GCRF', mass: 500, position: state.position, velocity: state.velocity, ...(covariance ? { covariance: { matrix: covariance } } : {}) },
      });
      const body = await json(stored);
      assert.equal(stored.status, 201, JSON.stringify(body));
      return { id: created.id as string, stateVectorId: body.id as string };
    };
    const a = await craft('COV-A', A_NORAD, PRIMARY_STATE, P0);
    primary = a.id;
    stateVectorNumber = Number(a.stateVectorId.replace(/^SV-/, ''));
    await craft('COV-B', B_NORAD, CROSSER_STATE);

    // A CDM received for the EPOCH encounter (as Space-Track would send it): B's covariance CALCULATED.
    const object = (designator: number, name: string, state: { position: number[]; velocity: number[] }, covarianceRtnM2?: number[]) => ({
      designator: String(designator), name, internationalDesignator: 'UNKNOWN', objectType: 'PAYLOAD' as const, maneuverable: 'YES' as const,
      ephemerisName: 'NONE', stateGcrf: [...state.position, ...state.velocity], ...(covarianceRtnM2 ? { covarianceRtnM2 } : {}),
    });
    const a6 = Array.from({ length: 36 }, (_, i) => (i % 7 === 0 ? (i < 21 ? 4e4 : 1e-2) : 0));
    const text = writeCdmKvn(screeningApproachCdm({
      originator: 'CSPOC', messageId: 'RECEIVED-1', creationDate: '2023-02-14T12:00:00Z', tca: EPOCH, missDistanceM: 2000,
      relativeSpeedMS: 1327, relativePositionRtnM: [2000, 0, 0], relativeVelocityRtnMS: [0, 0, 1327],
      volume: { shape: 'SPHERE', radiusM: 10000 }, spanStart: '2023-02-14T00:00:00Z', spanEnd: '2023-02-21T00:00:00Z', pcThreshold: 0,
      pc: 1e-5, pcIsMaximumProbability: false, combinedHardBodyRadiusM: 10, comments: [],
      objects: [object(A_NORAD, 'COV-A', PRIMARY_STATE, a6), object(B_NORAD, 'COV-B', CROSSER_STATE, B_RTN_M2)],
    }));
    const uploaded = await json(await request('POST', '/operations/conjunctions/cdms', { body: filesForm([{ name: 'received.cdm', content: text }]) }));
    uploadedCdmId = uploaded.results?.[0]?.cdms?.[0]?.cdmId;
    assert.ok(uploadedCdmId, JSON.stringify(uploaded));
  });
  after(async () => svc?.close());

  test('A\'s propagated covariance and B\'s from the received CDM: the organization\'s method at the CDM\'s encounter, Alfriend\'s maximum over A\'s elsewhere', async () => {
    const created = await json(await request('POST', SCREENINGS, {
      json: { primaries: [{ spacecraftId: primary }], secondaries: 'FLEET', start: START, durationDays: 0.1, volume: { shape: 'SPHERE', radiusKm: 30 }, pcThreshold: 0 },
    }));
    let done: Json = created;
    for (let i = 0; i < 600 && !['SUCCEEDED', 'FAILED'].includes(done.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await json(await request('GET', `${SCREENINGS}/${created.id}`));
    }
    assert.equal(done.status, 'SUCCEEDED', JSON.stringify(done));
    const page = await json(await request('GET', `${SCREENINGS}/${created.id}/approaches?sort=tca,asc`));
    const approaches = page.content as Json[];
    const atCdm = approaches.find((a) => Math.abs(Epoch.parseInstant(a.tca).secondsSince(Epoch.parseInstant(EPOCH))) < 5);
    assert.ok(atCdm, JSON.stringify(approaches.map((a) => a.tca)));
    const elsewhere = approaches.filter((a) => a !== atCdm);
    assert.ok(elsewhere.length >= 1, 'the crossings half an orbit and an orbit later');

    // --- both known: LAAS_2015 (the organization's default), not a maximum
    const { epoch: primaryEpoch, ...primaryUsed } = atCdm.covariances.primary;
    assert.deepEqual(primaryUsed, { source: 'STATE_VECTOR', reference: `SV-${stateVectorNumber}`, toTca: 'PROPAGATED' });
    assert.equal(Epoch.parseInstant(primaryEpoch).secondsSince(Epoch.parseInstant(EPOCH)), 0);
    assert.equal(atCdm.covariances.secondary.source, 'CDM');
    assert.equal(atCdm.covariances.secondary.reference, uploadedCdmId);
    assert.equal(atCdm.covariances.secondary.toTca, 'CDM_TCA_WITHIN_WINDOW');
    assert.equal(atCdm.pcMethod, 'LAAS_2015');
    assert.equal(atCdm.pcIsMaximumProbability, false);
    assert.ok(!atCdm.flags.some((f: Json) => String(f.code).startsWith('MAXIMUM_PROBABILITY')), JSON.stringify(atCdm.flags));

    // the approach's states, from its screening CDM; its covariances there are CALCULATED
    const cdmText = await (await request('GET', `/operations/conjunctions/${atCdm.conjunctionEventId}/cdms/${atCdm.cdmId}`)).text();
    assert.equal((cdmText.match(/COVARIANCE_METHOD\s*=\s*CALCULATED/g) ?? []).length, 2, cdmText);
    const cdm = parseCdm(cdmText);
    const stateOf = (k: 0 | 1) => { const s = cdm.objects[k].stateVector; return [...s.positionKm, ...s.velocityKmS] as number[]; };
    const sA = stateOf(0);
    const sB = stateOf(1);

    // A's covariance at TCA, independently: the STM of the same propagation set-up, Φ P0 Φᵀ, RTN by hand, m²
    const sv = (await findStateVector(svc.db, organizationId, stateVectorNumber))!;
    const spacecraft = (await findSpacecraftById(svc.db, organizationId, primary))!;
    const spanStart = Epoch.parseInstant(START);
    const setUp = await buildStoredStatePropagation(svc.db, organizationId, sv, spacecraft, spanStart, spanStart.plusSeconds(8640));
    const expectedPrimary = (tca: string, state: number[]) => {
      const t = Epoch.parseInstant(tca).secondsSince(Epoch.parseInstant(EPOCH));
      const phi = propagateStoredState(setUp, Float64Array.of(t), bundledEarthData(), undefined, { stm: true }).result.stm!;
      const p0 = P0.flat();
      const fp = new Array<number>(36).fill(0);
      const p = new Array<number>(36).fill(0);
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let l = 0; l < 6; l++) fp[i * 6 + j] += phi[i * 6 + l]! * p0[l * 6 + j]!;
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let l = 0; l < 6; l++) p[i * 6 + j] += fp[i * 6 + l]! * phi[j * 6 + l]!;
      const r = state.slice(0, 3);
      const v = state.slice(3);
      const unit = (x: number[]) => x.map((c) => c / Math.hypot(...x));
      const cross = (x: number[], y: number[]) => [x[1]! * y[2]! - x[2]! * y[1]!, x[2]! * y[0]! - x[0]! * y[2]!, x[0]! * y[1]! - x[1]! * y[0]!];
      const R = unit(r);
      const N = unit(cross(r, v));
      const m = [R, cross(N, R), N];
      const out = new Array<number>(9).fill(0); // position block: enough for the 2-D Pc
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) out[i * 3 + j] += m[i]![a]! * p[a * 6 + b]! * m[j]![b]! * 1e6;
      return out;
    };
    const encounterOf = (s: number[], covariance: number[]) => ({
      positionM: [s[0]! * 1000, s[1]! * 1000, s[2]! * 1000] as [number, number, number],
      velocityMS: [s[3]! * 1000, s[4]! * 1000, s[5]! * 1000] as [number, number, number],
      covariance, covarianceFrame: 'RTN' as const,
    });
    const bPosition = [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => B_RTN_M2[i * 6 + j]!));
    const expected = collisionProbability(encounterPlane(shortTermEncounter(encounterOf(sA, expectedPrimary(atCdm.tca, sA)), encounterOf(sB, bPosition), 10)), 'LAAS_2015').value;
    assert.ok(expected > 1e-12, `expected Pc ${expected}`);
    assert.ok(Math.abs(atCdm.pc - expected) <= 1e-6 * expected, `Pc ${atCdm.pc} vs ${expected} computed here`);
    console.log(`# both covariances: Pc ${atCdm.pc.toExponential(4)}, ${(Math.abs(atCdm.pc - expected) / expected).toExponential(2)} relative from the one computed here`);

    // --- A's covariance only, away from the CDM's TCA: Alfriend's maximum over A's propagated covariance
    for (const a of elsewhere) {
      assert.equal(a.covariances.primary.source, 'STATE_VECTOR');
      assert.equal(a.covariances.secondary.source, 'NONE', 'the CDM\'s TCA is more than the 10-min window away');
      assert.equal(a.pcMethod, 'ALFRIEND_1999_MAX');
      assert.equal(a.pcIsMaximumProbability, true);
      assert.ok(a.flags.some((f: Json) => f.code === 'MAXIMUM_PROBABILITY_ONE_COVARIANCE'), JSON.stringify(a.flags));
      const text = await (await request('GET', `/operations/conjunctions/${a.conjunctionEventId}/cdms/${a.cdmId}`)).text();
      const parsed = parseCdm(text);
      assert.deepEqual(parsed.objects.map((o: any) => o.metadata.covarianceMethod), ['CALCULATED', 'DEFAULT']);
      const s1 = [...parsed.objects[0].stateVector.positionKm, ...parsed.objects[0].stateVector.velocityKmS];
      const s2 = [...parsed.objects[1].stateVector.positionKm, ...parsed.objects[1].stateVector.velocityKmS];
      const max = collisionProbability(encounterPlane(shortTermEncounter(encounterOf(s1, expectedPrimary(a.tca, s1)), encounterOf(s2, new Array<number>(9).fill(0)), 10)), 'ALFRIEND_1999_MAX').value;
      console.log(`# primary covariance only, ${a.tca}: Pc ${a.pc.toExponential(4)}, ${(Math.abs(a.pc - max) / max).toExponential(2)} relative`);
      assert.ok(Math.abs(a.pc - max) <= 1e-6 * max, `Pc ${a.pc} vs ${max} at ${a.tca} (${(Epoch.parseInstant(a.tca).secondsSince(Epoch.parseInstant(EPOCH)) / 60).toFixed(1)} min from the state epoch)`);
    }
  });
});
