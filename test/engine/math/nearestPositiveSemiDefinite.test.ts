/**
 * engine/math/covariance.ts `nearestPositiveSemiDefinite` (Higham 1988): on CCSDS CDM example 1's object-1 6×6 RTN
 * covariance (Orekit's CDMExample1.txt, not positive semi-definite: one eigenvalue −6.1e-3), the result has no negative
 * eigenvalue, is symmetric, and is the input less its negative eigen-component (Frobenius distance = |λ_min|, Higham's
 * Theorem 2.1 for a symmetric input); a positive semi-definite matrix comes back unchanged.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseCdm } from '../../../engine/files/cdm/cdmReader.ts';
import { fromLowerTriangle, nearestPositiveSemiDefinite, symmetricEigenvalues } from '../../../engine/math/covariance.ts';

const cdm = parseCdm(readFileSync(new URL('../../fixtures/ccsds/cdm/CDMExample1.txt', import.meta.url), 'utf8'));

test('CDM example 1, object 1: the nearest positive semi-definite matrix drops only the negative eigen-component', () => {
  const a = fromLowerTriangle(cdm.objects[0].rtnCovariance!.positionVelocity);
  const { matrix, smallestEigenvalue, repaired } = nearestPositiveSemiDefinite(a, 6);
  assert.equal(repaired, true);
  assert.ok(Math.abs(smallestEigenvalue - -6.108e-3) < 1e-5, String(smallestEigenvalue));
  const eigen = symmetricEigenvalues(matrix, 6);
  const largest = Math.max(...eigen);
  for (const lambda of eigen) assert.ok(lambda >= -1e-12 * largest, `eigenvalue ${lambda}`);
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) assert.equal(matrix[i * 6 + j], matrix[j * 6 + i]);
  let frobenius = 0;
  for (let k = 0; k < 36; k++) frobenius += (matrix[k]! - a[k]!) ** 2;
  assert.ok(Math.abs(Math.sqrt(frobenius) - Math.abs(smallestEigenvalue)) < 1e-9, `distance ${Math.sqrt(frobenius)}`);
  // the position block (what a 2-D Pc reads) moves by less than 1e-2 m² of its 41–2,533 m²
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) assert.ok(Math.abs(matrix[i * 6 + j]! - a[i * 6 + j]!) < 1e-2);
});

test('a positive semi-definite covariance comes back as it is', () => {
  const b = fromLowerTriangle(cdm.objects[1].rtnCovariance!.positionVelocity);
  const { matrix, repaired, smallestEigenvalue } = nearestPositiveSemiDefinite(b, 6);
  assert.equal(repaired, false);
  assert.ok(smallestEigenvalue > 0);
  assert.deepEqual(Array.from(matrix), Array.from(b));
});
