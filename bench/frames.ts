/**
 * Frames benchmark (npm run bench:frames): GCRF → ITRF (IERS 2010) for
 *   1. one state with the transform built per call (a different epoch each call), and
 *   2. one prebuilt transform applied to 1e6 states,
 * plus, for reference, the raw GCRF→ITRF matrix fill the propagator calls, GCRF→TEME builds, Sun and Moon,
 * and the nutation series evaluated the naive way (one sin/cos per term, as ERFA nut00a) to show what the
 * multiple-angle tables buy. Single thread. Goal: build ≥ 100k/s, apply ≥ 10M/s.
 */
import iau2000aJson from '../resources/nutation/iau2000a.json' with { type: 'json' };
import { Epoch } from '../engine/time/epoch.ts';
import {
  Iers2010Workspace,
  buildTransform,
  buildTransformAt,
  gcrfToItrfMatrix,
  nutationIau2000a,
  type FrameEopWithDut1,
} from '../engine/frames/index.ts';
import { moonPositionGcrfKm, sunPositionGcrfKm } from '../engine/bodies/index.ts';

const eop: FrameEopWithDut1 = {
  dut1Seconds: -0.1515106, xpArcsec: 0.202051, ypArcsec: 0.319107, lodSeconds: 0.0004, dxArcsec: 0.0002,
  dyArcsec: -0.0001, ddPsiArcsec: 0, ddEpsArcsec: 0,
};
const start = Epoch.parse('2019-09-23T07:50:00', 'UTC');
const tt0 = start.julianDate('TT');
const ut0 = start.julianDateUt1(eop.dut1Seconds);
const state = Float64Array.from([6524.834, 6862.875, 6448.296, 4.901327, 5.533756, -1.976341]);

function rate(label: string, count: number, seconds: number, unit: string): void {
  console.log(`${label.padEnd(58)} ${(count / seconds).toExponential(3).padStart(10)} ${unit}/s  (${((seconds / count) * 1e9).toFixed(1)} ns each)`);
}

function time(fn: () => number): number {
  const t0 = process.hrtime.bigint();
  const n = fn();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (!Number.isFinite(n)) throw new Error('benchmark sink not finite');
  return s;
}

// Naive IAU 2000A: one sin/cos per term (ERFA nut00a layout) — the "before" of the optimisation.
const N = iau2000aJson as unknown as { nals_t: number[][]; lunisolar_longitude_coefficients: number[][];
  lunisolar_obliquity_coefficients: number[][]; napl_t: number[][]; nutation_coefficients_longitude: number[][];
  nutation_coefficients_obliquity: number[][]; planetary_argument_constant_rad: number[];
  planetary_argument_rate_rad_per_century: number[] };
const LSM = Float64Array.from(N.nals_t.flat());
const LSC = Float64Array.from(N.nals_t.flatMap((_, j) => [...N.lunisolar_longitude_coefficients[j], ...N.lunisolar_obliquity_coefficients[j]]));
const PLM = Float64Array.from(N.napl_t.flat());
const PLC = Float64Array.from(N.napl_t.flatMap((_, j) => [...N.nutation_coefficients_longitude[j], ...N.nutation_coefficients_obliquity[j]]));
const AS = Math.PI / 648000;
function naiveNutation(t: number, out: Float64Array, pa: Float64Array): void {
  const l = ((485868.249036 + t * (1717915923.2178 + t * (31.8792 + t * (0.051635 + t * -0.00024470)))) % 1296000) * AS;
  const lp = ((1287104.79305 + t * (129596581.0481 + t * (-0.5532 + t * (0.000136 + t * -0.00001149)))) % 1296000) * AS;
  const f = ((335779.526232 + t * (1739527262.8478 + t * (-12.7512 + t * (-0.001037 + t * 0.00000417)))) % 1296000) * AS;
  const d = ((1072260.70369 + t * (1602961601.2090 + t * (-6.3706 + t * (0.006593 + t * -0.00003169)))) % 1296000) * AS;
  const om = ((450160.398036 + t * (-6962890.5431 + t * (7.4722 + t * (0.007702 + t * -0.00005939)))) % 1296000) * AS;
  let dp = 0, de = 0;
  for (let j = LSM.length / 5 - 1; j >= 0; j--) {
    const a = LSM[5 * j] * l + LSM[5 * j + 1] * lp + LSM[5 * j + 2] * f + LSM[5 * j + 3] * d + LSM[5 * j + 4] * om;
    const s = Math.sin(a), c = Math.cos(a);
    dp += (LSC[6 * j] + LSC[6 * j + 1] * t) * s + LSC[6 * j + 2] * c;
    de += (LSC[6 * j + 3] + LSC[6 * j + 4] * t) * c + LSC[6 * j + 5] * s;
  }
  for (let k = 0; k < 14; k++) pa[k] = N.planetary_argument_constant_rad[k] + N.planetary_argument_rate_rad_per_century[k] * t;
  pa[13] *= t;
  for (let j = PLM.length / 14 - 1; j >= 0; j--) {
    let a = 0;
    for (let k = 0; k < 14; k++) a += PLM[14 * j + k] * pa[k];
    const s = Math.sin(a), c = Math.cos(a);
    dp += PLC[4 * j] * s + PLC[4 * j + 1] * c;
    de += PLC[4 * j + 2] * s + PLC[4 * j + 3] * c;
  }
  out[0] = dp * AS * 1e-7;
  out[1] = de * AS * 1e-7;
}

function main(): void {
  console.log(`node ${process.version}; one thread`);
  const ws = new Iers2010Workspace();
  const out = new Float64Array(6);
  const m = new Float64Array(9);
  const nut = new Float64Array(2);
  const pa = new Float64Array(14);
  const stepDays = 0.000123456;

  // Agreement of the two nutation evaluations (sanity for the comparison below).
  naiveNutation(0.1973, nut, pa);
  const naive = [nut[0], nut[1]];
  nutationIau2000a(2451545, 0.1973 * 36525, nut, ws);
  console.log(`nutation fast vs naive: ${(Math.max(Math.abs(nut[0] - naive[0]), Math.abs(nut[1] - naive[1])) / AS * 1e6).toExponential(1)} µas`);

  for (let round = 0; round < 2; round++) {
    const warm = round === 0;
    const nB = warm ? 20000 : 200000;
    let sink = 0;
    let s = time(() => {
      for (let i = 0; i < nB / 10; i++) {
        naiveNutation(0.19 + i * 1e-6, nut, pa);
        sink += nut[0];
      }
      return sink;
    });
    if (!warm) rate('IAU 2000A nutation, naive (sin/cos per term)', nB / 10, s, 'evals');
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        nutationIau2000a(tt0.jd1, tt0.jd2 + i * stepDays, nut, ws);
        sink += nut[0];
      }
      return sink;
    });
    if (!warm) rate('IAU 2000A nutation, multiple-angle tables', nB, s, 'evals');
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        gcrfToItrfMatrix(m, tt0.jd1, tt0.jd2 + i * stepDays, ut0.jd1, ut0.jd2 + i * stepDays, eop, ws);
        sink += m[0];
      }
      return sink;
    });
    if (!warm) rate('gcrfToItrfMatrix (raw 3x3 fill, reused workspace)', nB, s, 'matrices');
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        const times = { ttJd1: tt0.jd1, ttJd2: tt0.jd2 + i * stepDays, ut1Jd1: ut0.jd1, ut1Jd2: ut0.jd2 + i * stepDays };
        buildTransformAt('GCRF', 'ITRF', times, eop, ws).applyPositionVelocity(state, out);
        sink += out[0];
      }
      return sink;
    });
    if (!warm) rate('GCRF→ITRF build + apply per call (buildTransformAt, ws)', nB, s, 'transforms');
    const nE = nB / 4;
    s = time(() => {
      for (let i = 0; i < nE; i++) {
        buildTransform('GCRF', 'ITRF', start.plusSeconds(i * 10.7), eop).applyPositionVelocity(state, out);
        sink += out[0];
      }
      return sink;
    });
    if (!warm) rate('GCRF→ITRF build + apply per call (Epoch API, no ws)', nE, s, 'transforms');
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        const times = { ttJd1: tt0.jd1, ttJd2: tt0.jd2 + i * stepDays, ut1Jd1: ut0.jd1, ut1Jd2: ut0.jd2 + i * stepDays };
        buildTransformAt('GCRF', 'TEME', times).applyPositionVelocity(state, out);
        sink += out[0];
      }
      return sink;
    });
    if (!warm) rate('GCRF→TEME build + apply per call', nB, s, 'transforms');

    const tr = buildTransform('GCRF', 'ITRF', start, eop);
    const nS = warm ? 100000 : 1000000;
    const states = new Float64Array(6 * nS);
    for (let i = 0; i < 6 * nS; i++) states[i] = state[i % 6] * (1 + 1e-7 * (i % 97));
    const outs = new Float64Array(6 * nS);
    s = time(() => {
      for (let i = 0, o = 0; i < nS; i++, o += 6) tr.applyPositionVelocity(states, outs, o, o);
      return outs[6 * nS - 1];
    });
    if (!warm) rate('prebuilt GCRF→ITRF applyPositionVelocity, 1e6 states', nS, s, 'states');
    s = time(() => {
      tr.applyPositionVelocityMany(states, outs, nS);
      return outs[6 * nS - 1];
    });
    if (!warm) rate('prebuilt GCRF→ITRF applyPositionVelocityMany, 1e6 states', nS, s, 'states');

    const r = new Float64Array(3);
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        sunPositionGcrfKm(tt0.jd1, tt0.jd2 + i * stepDays, r);
        sink += r[0];
      }
      return sink;
    });
    if (!warm) rate('Sun position (GCRF)', nB, s, 'evals');
    s = time(() => {
      for (let i = 0; i < nB; i++) {
        moonPositionGcrfKm(tt0.jd1, tt0.jd2 + i * stepDays, r);
        sink += r[0];
      }
      return sink;
    });
    if (!warm) rate('Moon position (GCRF)', nB, s, 'evals');
  }
}

main();
