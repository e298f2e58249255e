/**
 * A screening approach as a conjunction observation (domain/screenings/approachObservations.ts): the typed hand-off
 * from the screening to the events.
 *
 * The reference for the digest is the other path, the one every received CDM takes: the written KVN read back by the
 * CDM reader (domain/conjunctions/cdmDigest.ts readCdmMessage). Both must agree on every identity and epoch exactly,
 * and on the states at TCA to the KVN's printed precision (positions 1e-9 relative); the observation's own Pc is the
 * approach's (engine/collision/screening approachProbability) to the bit, with its flags, and its radius the one the
 * approach used with where each part came from — not a value read back from the CDM's `HBR =` comment.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCdmMessage } from '../../../domain/conjunctions/cdmDigest.ts';
import { approachObservation, type ApproachObservationContext } from '../../../domain/screenings/approachObservations.ts';
import { approachProbability } from '../../../engine/collision/screening/approach.ts';
import type { ScreeningApproach } from '../../../engine/collision/screening/types.ts';
import { bundledEopTable } from '../../../earthData/files.ts';

const eop = bundledEopTable();

/** A LEO crossing 120 m apart at TCA (GCRF, km and km/s), the separation (z) normal to the relative velocity (−y, 10.4 km/s). */
const PRIMARY_STATE: [number, number, number, number, number, number] = [6878.137, 0, 0, 0, 5.2, 5.2];
const SECONDARY_STATE: [number, number, number, number, number, number] = [6878.137, 0, 0.12, 0, -5.2, 5.2];

function approachWith(primaryCovarianceRtnM2?: readonly number[]): ScreeningApproach {
  const missDistanceM = 120;
  const probability = approachProbability('LAAS_2015', PRIMARY_STATE, SECONDARY_STATE, 12, primaryCovarianceRtnM2 ? { rtnM2: primaryCovarianceRtnM2 } : undefined, undefined);
  return {
    primaryId: '0', secondaryNoradId: 43_001, secondaryName: 'DEBRIS A', tcaS: 3600, tcaUtc: '2026-03-01T01:00:00.000000Z', missDistanceM,
    relativeSpeedMS: Math.hypot(0, 10.4, 0) * 1000, relativePositionRtnM: [0, 120 / Math.SQRT2, 120 / Math.SQRT2], relativeVelocityRtnMS: [0, -10_400 / Math.SQRT2, 10_400 / Math.SQRT2],
    primaryStateGcrf: PRIMARY_STATE, secondaryStateGcrf: SECONDARY_STATE, combinedHardBodyRadiusM: 12, ...probability,
  };
}

const context: ApproachObservationContext = {
  cdm: {
    originator: 'APSIS', messageIdPrefix: 'SCREENING-s1', creationDate: '2026-03-01T00:00:00.000Z',
    volume: { shape: 'SPHERE', radiusM: 10_000 }, spanStart: '2026-03-01T00:00:00.000Z', spanEnd: '2026-03-02T00:00:00.000Z', pcThreshold: 1e-7,
    comments: ['Apsis conjunction screening s1'],
  },
  primaries: {
    '0': {
      spacecraftId: 'craft-1', designator: '99001', name: 'OUR-SAT', internationalDesignator: '2026-001A', objectType: 'PAYLOAD', maneuverable: 'YES',
      ephemerisName: 'NONE (propagated)', hardBodyRadiusM: 7, ownHardBodyRadius: true,
    },
  },
  fleet: {},
  secondaryHardBodyRadiusM: 5,
};

test('no covariance known: the digest equals the written CDM read back; the Pc is the approach’s flagged maximum; the radius as used', () => {
  const approach = approachWith();
  const observation = approachObservation(approach, 4, {}, context, eop);
  const read = readCdmMessage(new TextEncoder().encode(observation.text), 1, eop);
  assert.ok(read.ok, 'the written CDM is a CDM our reader takes');
  const fromText = read.digest;
  const typed = observation.digest;
  for (const field of ['notation', 'version', 'originator', 'messageId', 'creationDate', 'creationDateS', 'tca', 'tcaS'] as const) {
    assert.deepEqual(typed[field], fromText[field], field);
  }
  assert.equal(typed.messageId, 'SCREENING-s1-5');
  assert.deepEqual(typed.objects, fromText.objects, 'identities, frames and COVARIANCE_METHOD');
  assert.deepEqual(typed.objects.map((o) => o.covarianceMethod), ['DEFAULT', 'DEFAULT']);
  assert.ok(typed.encounterStates && fromText.encounterStates);
  for (const object of ['object1', 'object2'] as const) {
    const [a, b] = [typed.encounterStates[object], fromText.encounterStates[object]];
    a.positionM.forEach((x, k) => assert.ok(Math.abs(x - b.positionM[k]!) <= 1e-9 * 7e6, `${object} position ${k}: ${x} vs ${b.positionM[k]}`));
    a.velocityMS.forEach((v, k) => assert.ok(Math.abs(v - b.velocityMS[k]!) <= 1e-6, `${object} velocity ${k}`));
    a.covariance.forEach((c, k) => assert.ok(Math.abs(c - b.covariance[k]!) <= 1e-9 * Math.max(1, Math.abs(b.covariance[k]!)), `${object} covariance ${k}`));
  }
  // the reader takes the comment `HBR = 12` as the CDM's radius; the observation's radius is a field of its own
  assert.equal(fromText.hardBodyRadius?.combinedM, 12);
  assert.equal(typed.hardBodyRadius, null);
  assert.deepEqual(observation.assessed.radius.objects, [
    { object: 'OBJECT1', radiusM: 7, source: 'SPACECRAFT' },
    { object: 'OBJECT2', radiusM: 5, source: 'ORGANIZATION_DEFAULT' },
  ]);
  assert.equal(observation.assessed.radius.combinedM, approach.combinedHardBodyRadiusM);
  assert.deepEqual(observation.spacecraftIds, ['craft-1', null]);

  const stored = observation.assessed.stored;
  assert.equal(stored.pc, approach.pc!.value, 'the approach’s Pc, not computed again');
  assert.ok(Math.abs(stored.pc! - 144 / (Math.E * 120 * 120)) < 1e-12 * stored.pc!, 'R²/(e·d²) (Alfriend et al. 1999)');
  assert.equal(stored.method, 'ALFRIEND_1999_MAX');
  assert.equal(stored.pcDetail!.isMaximumProbability, true);
  assert.equal(stored.pcDetail!.flags[0]!.code, 'MAXIMUM_PROBABILITY_NO_COVARIANCE');
  assert.equal(stored.computedMissDistanceM, 120);
});

test('the primary’s covariance known: CALCULATED for it, and still the approach’s Pc (a maximum over one covariance)', () => {
  // RTN position block, m²: 50 m radial, 200 m in-track, 30 m cross-track σ
  const covariance = [2500, 0, 0, 0, 40_000, 0, 0, 0, 900];
  const approach = approachWith(covariance);
  const observation = approachObservation(approach, 0, { primaryRtnM2: covariance }, { ...context, fleet: { '43001': { spacecraftId: 'craft-2', designator: '43001', name: 'OUR-OTHER', internationalDesignator: '2026-002A', objectType: 'PAYLOAD', maneuverable: 'NO', ephemerisName: 'NONE' } } }, eop);
  assert.deepEqual(observation.digest.objects.map((o) => o.covarianceMethod), ['CALCULATED', 'DEFAULT']);
  assert.deepEqual(observation.spacecraftIds, ['craft-1', 'craft-2'], 'a fleet secondary is ours, by id');
  assert.equal(observation.digest.objects[1].name, 'OUR-OTHER');
  const stored = observation.assessed.stored;
  assert.equal(stored.pc, approach.pc!.value);
  assert.equal(stored.method, 'ALFRIEND_1999_MAX');
  assert.equal(stored.pcDetail!.flags[0]!.code, 'MAXIMUM_PROBABILITY_ONE_COVARIANCE');
  const position = observation.digest.encounterStates!.object1.covariance;
  assert.deepEqual([position[0], position[7], position[14]], [2500, 40_000, 900], 'the covariance the Pc used, in the CDM');
});
