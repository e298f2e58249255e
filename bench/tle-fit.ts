/**
 * Fit-only benchmark of the TLE engine: wall time per state → mean-elements fit (no formatting, no HTTP).
 *   LEO 550 km / 53°  → fixed-point path (SGP4)
 *   GEO i = 0, e = 0   → least-squares path (SDP4; the fixed point does not contract there)
 * Usage: `npx tsx bench/tle-fit.ts [iterations]`. The exported `benchmarkTleFit` lets bench/tle.ts reuse it.
 * Orekit 13.1 reference on this class of machine: 0.04 ms (fixed point), 0.3 ms (least squares).
 */
import { fitTleMeanElements, SGP4_MU_KM3_PER_S2, type TemeState } from '../engine/tle/fit.ts';
import type { TleEpoch } from '../engine/tle/epoch.ts';

export interface TleFitBenchCase {
  readonly name: string;
  readonly state: TemeState;
  readonly epoch: TleEpoch;
}

export interface TleFitBenchResult {
  readonly name: string;
  readonly method: string;
  readonly model: string;
  readonly sgp4EvaluationsPerFit: number;
  readonly fits: number;
  readonly msPerFit: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** Two-body Keplerian → Cartesian with the WGS-72 μ (only to build benchmark input states). */
function keplerToState(aKm: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, meanAnomalyDeg: number): TemeState {
  const mu = SGP4_MU_KM3_PER_S2;
  const d = Math.PI / 180;
  let ecc = meanAnomalyDeg * d;
  for (let k = 0; k < 30; k++) ecc -= (ecc - e * Math.sin(ecc) - meanAnomalyDeg * d) / (1 - e * Math.cos(ecc));
  const nu = 2 * Math.atan2(Math.sqrt(1 + e) * Math.sin(ecc / 2), Math.sqrt(1 - e) * Math.cos(ecc / 2));
  const p = aKm * (1 - e * e);
  const r = p / (1 + e * Math.cos(nu));
  const xp = r * Math.cos(nu);
  const yp = r * Math.sin(nu);
  const vxp = -Math.sqrt(mu / p) * Math.sin(nu);
  const vyp = Math.sqrt(mu / p) * (e + Math.cos(nu));
  const [cO, sO, cw, sw, ci, si] = [Math.cos(raanDeg * d), Math.sin(raanDeg * d), Math.cos(argpDeg * d), Math.sin(argpDeg * d), Math.cos(iDeg * d), Math.sin(iDeg * d)];
  const rot = [
    [cO * cw - sO * sw * ci, -cO * sw - sO * cw * ci],
    [sO * cw + cO * sw * ci, -sO * sw + cO * cw * ci],
    [sw * si, cw * si],
  ] as const;
  return {
    positionKm: rot.map((q) => q[0] * xp + q[1] * yp),
    velocityKmPerS: rot.map((q) => q[0] * vxp + q[1] * vyp),
  };
}

export const DEFAULT_TLE_FIT_CASES: readonly TleFitBenchCase[] = [
  { name: 'LEO 550 km 53° (fixed point)', state: keplerToState(6928.137, 0.0012, 53, 140, 75, 210), epoch: { year: 2022, dayOfYear: 45.25 } },
  { name: 'GEO i=0 e=0 (least squares)', state: keplerToState(42164.17, 0, 0, 0, 0, 100), epoch: { year: 2024, dayOfYear: 100.25 } },
];

/** Time `fits` fits per case after a warm-up; returns per-fit figures. */
export function benchmarkTleFit(fits = 2000, cases: readonly TleFitBenchCase[] = DEFAULT_TLE_FIT_CASES): TleFitBenchResult[] {
  const results: TleFitBenchResult[] = [];
  for (const c of cases) {
    const first = fitTleMeanElements(c.state, c.epoch);
    for (let k = 0; k < Math.min(200, fits); k++) fitTleMeanElements(c.state, c.epoch); // JIT warm-up
    const samples = new Float64Array(fits);
    const start = performance.now();
    for (let k = 0; k < fits; k++) {
      const t = performance.now();
      fitTleMeanElements(c.state, c.epoch);
      samples[k] = performance.now() - t;
    }
    const total = performance.now() - start;
    samples.sort();
    results.push({
      name: c.name,
      method: first.method,
      model: first.model,
      sgp4EvaluationsPerFit: first.sgp4Evaluations,
      fits,
      msPerFit: total / fits,
      p50Ms: samples[Math.floor(fits * 0.5)]!,
      p99Ms: samples[Math.min(fits - 1, Math.floor(fits * 0.99))]!,
    });
  }
  return results;
}

export function printTleFitBench(results: readonly TleFitBenchResult[]): void {
  for (const r of results) {
    console.log(
      `${r.name.padEnd(32)} ${r.method.padEnd(18)} ${r.model}  ${String(r.sgp4EvaluationsPerFit).padStart(4)} SGP4 evals/fit  ` +
        `${r.msPerFit.toFixed(4)} ms/fit (p50 ${r.p50Ms.toFixed(4)}, p99 ${r.p99Ms.toFixed(4)}, n=${r.fits})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('bench/tle-fit.ts')) {
  const fits = Number(process.argv[2] ?? 2000);
  printTleFitBench(benchmarkTleFit(fits));
}
