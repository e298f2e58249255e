/**
 * The Pc of a stored CDM whose covariance is DEFAULT (domain/conjunctions/assessment.ts): the maximum probability,
 * flagged, whatever method was asked — never a method's estimate on a made-up covariance.
 *
 * References: with neither covariance known the maximum is Alfriend et al. (1999)'s closed form R²/(e·d²) (the
 * isotropic Gaussian's Pc R²/(2σ²)·exp(−d²/(2σ²)) at its maximising σ² = d²/2), to 1e-12 relative; with one known,
 * the screening's own approach Pc (engine/collision/screening approachProbability) on the same states, to 1e-12: an
 * approach and the event made of its CDM carry one Pc.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { assessedPcMethod, assessEncounter, isEstimatedCovariance, storedAssessment } from '../../../domain/conjunctions/assessment.ts';
import { readCdmMessage, type EncounterStates } from '../../../domain/conjunctions/cdmDigest.ts';
import { approachProbability } from '../../../engine/collision/screening/approach.ts';
import { bundledEopTable } from '../../../earthData/files.ts';

const example = readFileSync(new URL('../../fixtures/ccsds/cdm/CDMExample1.txt', import.meta.url));

function states(): EncounterStates {
  const read = readCdmMessage(example, 1, bundledEopTable());
  assert.ok(read.ok && read.digest.encounterStates, 'the example has states at TCA');
  return read.digest.encounterStates;
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

test('COVARIANCE_METHOD DEFAULT is not an estimate; CALCULATED (any case) is', () => {
  assert.equal(isEstimatedCovariance('DEFAULT'), false);
  assert.equal(isEstimatedCovariance(' default '), false);
  assert.equal(isEstimatedCovariance('CALCULATED'), true);
  // the method a stored Pc must have (what a reassessment compares with): the one asked, or the maximum
  assert.equal(assessedPcMethod(['CALCULATED', 'CALCULATED'], 'PATERA_2005'), 'PATERA_2005');
  assert.equal(assessedPcMethod(['CALCULATED', 'DEFAULT'], 'PATERA_2005'), 'ALFRIEND_1999_MAX');
});

test('both covariances CALCULATED: the method asked, an estimate (unchanged)', () => {
  const outcome = assessEncounter({ states: states(), hardBodyRadiusM: 10, covarianceMethods: ['CALCULATED', 'CALCULATED'] }, ['LAAS_2015', 'CHAN_1997']);
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.probabilities.map((p) => [p.method, p.isMaximumProbability]), [['LAAS_2015', false], ['CHAN_1997', false]]);
  assert.notEqual(outcome.encounter.mahalanobisDistance, null);
  assert.equal(storedAssessment(outcome).method, 'LAAS_2015');
});

test('both DEFAULT: Alfriend’s maximum R²/(e·d²) whatever method was asked, flagged, no Mahalanobis distance', () => {
  const s = states();
  const outcome = assessEncounter({ states: s, hardBodyRadiusM: 10, covarianceMethods: ['DEFAULT', 'DEFAULT'] }, ['LAAS_2015', 'PATERA_2005']);
  assert.ok(outcome.ok);
  // d: the miss in the encounter plane (the CDM's states at TCA are rounded: |r2 − r1| is 3e-7 larger relatively)
  const d = Math.hypot(outcome.encounter.xmM, outcome.encounter.ymM);
  assert.equal(outcome.probabilities.length, 1, 'no estimate by any method on a made-up covariance');
  const [p] = outcome.probabilities;
  assert.equal(p!.method, 'ALFRIEND_1999_MAX');
  assert.equal(p!.isMaximumProbability, true);
  assert.equal(p!.flags[0]!.code, 'MAXIMUM_PROBABILITY_NO_COVARIANCE');
  assert.ok(relative(p!.value, 100 / (Math.E * d * d)) < 1e-12, `${p!.value} vs ${100 / (Math.E * d * d)}`);
  assert.equal(outcome.encounter.mahalanobisDistance, null);
  const stored = storedAssessment(outcome);
  assert.equal(stored.method, 'ALFRIEND_1999_MAX');
  assert.equal(stored.pcDetail!.isMaximumProbability, true);
});

test('OBJECT2 DEFAULT: the maximum over a scaling of OBJECT1’s covariance, the screening approach’s own Pc', () => {
  const s = states();
  const outcome = assessEncounter({ states: s, hardBodyRadiusM: 10, covarianceMethods: ['CALCULATED', 'DEFAULT'] }, ['LAAS_2015']);
  assert.ok(outcome.ok);
  const [p] = outcome.probabilities;
  const km = (o: EncounterStates['object1']) => [...o.positionM.map((v) => v / 1000), ...o.velocityMS.map((v) => v / 1000)];
  const approach = approachProbability('LAAS_2015', km(s.object1), km(s.object2), 10, { rtnM2: s.object1.covariance }, undefined);
  assert.equal(p!.method, approach.pc!.method);
  assert.equal(p!.flags[0]!.code, 'MAXIMUM_PROBABILITY_ONE_COVARIANCE');
  assert.match(p!.flags[0]!.message, /OBJECT2 \(COVARIANCE_METHOD = DEFAULT\)/);
  assert.ok(relative(p!.value, approach.pc!.value) < 1e-12, `${p!.value} vs ${approach.pc!.value}`);
  // the estimate the defect gave: LAAS on the DEFAULT covariance as if it were one
  const asIfEstimated = assessEncounter({ states: s, hardBodyRadiusM: 10, covarianceMethods: ['CALCULATED', 'CALCULATED'] }, ['LAAS_2015']);
  assert.ok(asIfEstimated.ok);
  assert.notEqual(asIfEstimated.probabilities[0]!.value, p!.value);
});
