/**
 * Earth gravity field: fully normalized spherical-harmonic coefficients, their sources (EGM96 from `ootk-core`,
 * ICGEM `.gfc` text) and a numerically stable evaluation of the non-central acceleration in the Earth-fixed frame.
 *
 * Normalization (geodesy, 4π): P̄nm = sqrt((2−δm0)(2n+1)(n−m)!/(n+m)!)·Pnm, so C̄nm = Cnm / that factor
 * (Montenbruck & Gill 2000, eq. 3.14). Potential:
 *   U = (GM/r) Σn (ae/r)^n Σm P̄nm(sin φ)·(C̄nm cos mλ + S̄nm sin mλ)
 *
 * Recursion: Holmes & Featherstone (2002), "A unified approach to the Clenshaw summation and the recursive
 * computation of very high degree and order normalised associated Legendre functions", J. Geodesy 76, 279–299.
 * We use their modified functions q̄nm(t) = P̄nm(t)/u^m (t = sin φ, u = cos φ), computed by the standard forward
 * column recursion (their eqs. 11–13):
 *   q̄mm = sqrt((2m+1)/(2m))·q̄(m−1)(m−1)   (q̄00 = 1, q̄11 = √3)
 *   q̄nm = anm·t·q̄(n−1)m − bnm·q̄(n−2)m,  anm = sqrt((2n−1)(2n+1)/((n−m)(n+m))),
 *                                         bnm = sqrt((2n+1)(n+m−1)(n−m−1)/((n−m)(n+m)(2n−3)))
 * Dividing by u^m removes the sectoral underflow near the poles; the u^m factor is applied per order together
 * with cos mλ, sin mλ as the real and imaginary parts of ((x + iy)/r)^m. The derivative dq̄nm/dt follows by
 * differentiating the recursion. This is stable well beyond degree 100 in double precision (Holmes & Featherstone
 * report stability to degree ~2700 with additional scaling, which is unnecessary below degree ~1900).
 */
import { egm96 } from 'ootk-core/dist/data/values/egm96.js';
import { InvalidSettingError } from './errors.ts';

/** An immutable, normalized gravity field. */
export interface GravityFieldData {
  readonly name: string;
  /** Field GM (m³/s²). */
  readonly gmM3S2: number;
  /** Reference radius ae (m). */
  readonly radiusM: number;
  readonly maxDegree: number;
  readonly maxOrder: number;
  /** C̄nm at index n(n+1)/2 + m. */
  readonly c: Float64Array;
  /** S̄nm at index n(n+1)/2 + m. */
  readonly s: Float64Array;
}

export const EGM96_GM_M3S2 = 3.986004415e14;
export const EGM96_RADIUS_M = 6378136.3;

const triIndex = (n: number, m: number): number => (n * (n + 1)) / 2 + m;

/** EGM96 (tide-free, normalized, degree/order 36 as shipped by ootk-core). */
export function egm96Field(): GravityFieldData {
  let maxN = 0;
  for (const row of egm96 as readonly (readonly number[])[]) maxN = Math.max(maxN, row[0]!);
  const size = triIndex(maxN, maxN) + 1;
  const c = new Float64Array(size);
  const s = new Float64Array(size);
  for (const row of egm96 as readonly (readonly number[])[]) {
    const [n, m, cnm, snm] = row as [number, number, number, number];
    c[triIndex(n, m)] = cnm;
    s[triIndex(n, m)] = snm;
  }
  c[0] = 1;
  return Object.freeze({ name: 'EGM96', gmM3S2: EGM96_GM_M3S2, radiusM: EGM96_RADIUS_M, maxDegree: maxN, maxOrder: maxN, c, s });
}

/**
 * Parses an ICGEM `.gfc` file (http://icgem.gfz-potsdam.de format, ICGEM format description 2011/2023):
 * header keywords `earth_gravity_constant`, `radius`, `max_degree`, `norm` (only `fully_normalized` is accepted),
 * then `gfc n m C S [sigmaC sigmaS]` lines after `end_of_head`. Time-variable (`gfct`, `trnd`, ...) lines are
 * rejected rather than silently ignored. Pure function: text in, field out. Coefficients above `maxDegree`
 * are dropped (to bound memory).
 */
export function parseIcgemGfc(text: string, name = 'ICGEM', maxDegree = Number.POSITIVE_INFINITY): GravityFieldData {
  const lines = text.split(/\r?\n/);
  let gm = Number.NaN;
  let radius = Number.NaN;
  let declaredMax = -1;
  let norm = 'fully_normalized';
  let i = 0;
  let inHead = true;
  for (; i < lines.length && inHead; i++) {
    const parts = lines[i]!.trim().split(/\s+/);
    const key = parts[0]?.toLowerCase() ?? '';
    if (key === 'end_of_head') inHead = false;
    else if (key === 'earth_gravity_constant') gm = parseFortranNumber(parts[1]);
    else if (key === 'radius') radius = parseFortranNumber(parts[1]);
    else if (key === 'max_degree') declaredMax = Number.parseInt(parts[1] ?? '', 10);
    else if (key === 'norm') norm = (parts[1] ?? '').toLowerCase();
    else if (key === 'modelname' && parts[1]) name = parts[1];
  }
  if (inHead) throw new InvalidSettingError('gravityFile', 'missing end_of_head');
  if (!Number.isFinite(gm) || gm <= 0) throw new InvalidSettingError('gravityFile', 'missing or invalid earth_gravity_constant');
  if (!Number.isFinite(radius) || radius <= 0) throw new InvalidSettingError('gravityFile', 'missing or invalid radius');
  if (norm !== 'fully_normalized') throw new InvalidSettingError('gravityFile', `unsupported norm '${norm}' (fully_normalized only)`);
  const rows: [number, number, number, number][] = [];
  let maxN = 0;
  let maxM = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const parts = line.split(/\s+/);
    const key = parts[0]!.toLowerCase();
    if (key !== 'gfc') {
      throw new InvalidSettingError('gravityFile', `unsupported coefficient line key '${parts[0]}' (static 'gfc' lines only)`);
    }
    const n = Number.parseInt(parts[1] ?? '', 10);
    const m = Number.parseInt(parts[2] ?? '', 10);
    const cnm = parseFortranNumber(parts[3]);
    const snm = parseFortranNumber(parts[4]);
    if (!Number.isInteger(n) || !Number.isInteger(m) || m < 0 || m > n || !Number.isFinite(cnm) || !Number.isFinite(snm)) {
      throw new InvalidSettingError('gravityFile', `malformed line ${i + 1}: '${line}'`);
    }
    if (n > maxDegree) continue;
    rows.push([n, m, cnm, snm]);
    if (n > maxN) maxN = n;
    if (m > maxM) maxM = m;
  }
  if (declaredMax >= 0 && maxN > declaredMax) throw new InvalidSettingError('gravityFile', 'coefficients exceed max_degree');
  const size = triIndex(maxN, maxN) + 1;
  const c = new Float64Array(size);
  const s = new Float64Array(size);
  for (const [n, m, cnm, snm] of rows) {
    c[triIndex(n, m)] = cnm;
    s[triIndex(n, m)] = snm;
  }
  return Object.freeze({ name, gmM3S2: gm, radiusM: radius, maxDegree: maxN, maxOrder: maxM, c, s });
}

function parseFortranNumber(text: string | undefined): number {
  if (text === undefined) return Number.NaN;
  return Number(text.replace(/[dD]/, 'e'));
}

/**
 * Evaluates the non-central part (degrees 2..N) of a field, truncated to (degree, order), in the body-fixed frame.
 * Immutable after construction; owns its scratch arrays (one instance per propagation thread).
 */
export class HolmesFeatherstoneField {
  readonly field: GravityFieldData;
  readonly degree: number;
  readonly order: number;
  private readonly sect: Float64Array; // sqrt((2m+1)/(2m)) for m ≥ 2
  // Per order m, degrees m..N at mOffset[m] + (n − m) (m-major, the order of the column recursion, so the inner
  // loop reads each array sequentially): C̄nm, S̄nm (0 for n < 2: the central term is separate, degree 1 vanishes in
  // a geocentric field) and the recursion coefficients anm, bnm (0 where the recursion does not use them).
  // Interleaved as [anm, bnm, C̄nm, S̄nm] per (n, m) at 4·(mOffset[m] + n − m): one array read in order (four arrays
  // read side by side cost 12 % more of the whole evaluation, measured at 20×20).
  private readonly coef: Float64Array;
  private readonly mOffset: Int32Array;

  constructor(field: GravityFieldData, degree: number, order: number) {
    if (!Number.isInteger(degree) || degree < 0 || degree > field.maxDegree) {
      throw new InvalidSettingError('gravityDegree', `must be an integer in [0, ${field.maxDegree}]`, degree);
    }
    if (!Number.isInteger(order) || order < 0 || order > degree || order > field.maxOrder) {
      throw new InvalidSettingError('gravityOrder', `must be an integer in [0, min(degree, ${field.maxOrder})]`, order);
    }
    this.field = field;
    this.degree = degree;
    this.order = order;
    const N = degree;
    this.sect = new Float64Array(N + 2);
    for (let m = 2; m <= N + 1; m++) this.sect[m] = Math.sqrt((2 * m + 1) / (2 * m));
    this.mOffset = new Int32Array(order + 2);
    let off = 0;
    for (let m = 0; m <= order; m++) {
      this.mOffset[m] = off;
      off += N - m + 1;
    }
    this.mOffset[order + 1] = off;
    this.coef = new Float64Array(4 * off);
    for (let m = 0; m <= order; m++) {
      for (let n = m; n <= N; n++) {
        const k = this.mOffset[m]! + n - m;
        if (n >= 2) {
          this.coef[4 * k + 2] = field.c[triIndex(n, m)]!;
          this.coef[4 * k + 3] = field.s[triIndex(n, m)]!;
        }
        if (n > m) this.coef[4 * k] = Math.sqrt(((2 * n - 1) * (2 * n + 1)) / ((n - m) * (n + m)));
        if (n - m >= 2) this.coef[4 * k + 1] = Math.sqrt(((2 * n + 1) * (n + m - 1) * (n - m - 1)) / ((n - m) * (n + m) * (2 * n - 3)));
      }
    }
  }

  /**
   * Non-central acceleration (m/s², body frame) at body-frame position p (m); result in out3 (overwritten).
   * When `potential` is requested the non-central potential (m²/s²) is returned, otherwise 0.
   *
   * The hot loop of every propagation (~60 % of a full-model force evaluation at 20×20): the recursion keeps
   * q̄(n−1)m, q̄(n−2)m and their derivatives in locals, the powers (ae/r)^n are carried along, and the interleaved
   * coefficients are read in order.
   */
  acceleration(px: number, py: number, pz: number, out3: Float64Array): number {
    const N = this.degree;
    const M = this.order;
    const rho2 = px * px + py * py;
    const r2 = rho2 + pz * pz;
    const r = Math.sqrt(r2);
    const rho = Math.sqrt(rho2);
    const t = pz / r; // sin φ
    const u = rho / r; // cos φ
    let cl: number;
    let sl: number;
    if (rho > 1e-9 * r) {
      cl = px / rho;
      sl = py / rho;
    } else {
      cl = 1;
      sl = 0;
    }
    const gmr = this.field.gmM3S2 / r;
    const aor = this.field.radiusM / r;

    const coef = this.coef;
    const mOff = this.mOffset;
    const sect = this.sect;

    let sumR = 0; // Σ (n+1) ρn u^m q (C cos + S sin)           → ∂U/∂r ·(−r/GM·r)
    let sumPhi = 0; // Σ ρn dP̄/dφ (C cos + S sin)
    let sumLam = 0; // Σ ρn m u^(m−1) q (−C sin + S cos)
    let sumU = 0; // potential

    let qmm = 1; // q̄mm
    let um = 1; // u^m
    let umm1 = 0; // u^(m−1)
    let cosm = 1; // cos mλ
    let sinm = 0; // sin mλ
    let aorM = 1; // ρm = (ae/r)^m
    for (let m = 0; m <= M; m++) {
      if (m === 1) {
        qmm = Math.sqrt(3);
        umm1 = 1;
        um = u;
        cosm = cl;
        sinm = sl;
        aorM = aor;
      } else if (m >= 2) {
        qmm *= sect[m]!;
        umm1 = um;
        um *= u;
        const c2 = cosm * cl - sinm * sl;
        sinm = sinm * cl + cosm * sl;
        cosm = c2;
        aorM *= aor;
      }
      // column recursion over n for this m; the n = m term (q̄mm, derivative 0) first
      let k = 4 * mOff[m]!;
      const kEnd = 4 * mOff[m + 1]!;
      let w = aorM;
      let pc = w * coef[k + 2]!;
      let ps = w * coef[k + 3]!;
      let sC = pc * qmm; // Σ ρn q C
      let sS = ps * qmm;
      let sCn = (m + 1) * sC; // Σ (n+1) ρn q C
      let sSn = (m + 1) * sS;
      let sCd = 0; // Σ ρn q' C
      let sSd = 0;
      let q1 = qmm; // q̄(n−1)m
      let dq1 = 0;
      let q2 = 0; // q̄(n−2)m (b is 0 where it would be used for n = m + 1)
      let dq2 = 0;
      let np1 = m + 1;
      for (k += 4; k < kEnd; k += 4) {
        np1++;
        w *= aor;
        const a = coef[k]!;
        const b = coef[k + 1]!;
        const at = a * t;
        const qn = at * q1 - b * q2;
        const dqn = a * q1 + at * dq1 - b * dq2;
        q2 = q1;
        q1 = qn;
        dq2 = dq1;
        dq1 = dqn;
        pc = w * coef[k + 2]!;
        ps = w * coef[k + 3]!;
        const tc = pc * qn;
        const ts = ps * qn;
        sC += tc;
        sS += ts;
        sCn += np1 * tc;
        sSn += np1 * ts;
        sCd += pc * dqn;
        sSd += ps * dqn;
      }
      const cs = sC * cosm + sS * sinm;
      sumU += um * cs;
      sumR += um * (sCn * cosm + sSn * sinm);
      // dP̄/dφ = u^(m+1) q' − m t u^(m−1) q
      sumPhi += um * u * (sCd * cosm + sSd * sinm) - (m > 0 ? m * t * umm1 * cs : 0);
      if (m > 0) sumLam += m * umm1 * (-sC * sinm + sS * cosm);
    }
    // spherical gradient components
    const gr = (-gmr / r) * sumR;
    const gphi = (gmr / r) * sumPhi;
    const glam = (gmr / r) * sumLam;
    // e_r = (u cl, u sl, t), e_φ = (−t cl, −t sl, u), e_λ = (−sl, cl, 0)
    out3[0] = gr * u * cl - gphi * t * cl - glam * sl;
    out3[1] = gr * u * sl - gphi * t * sl + glam * cl;
    out3[2] = gr * t + gphi * u;
    return gmr * sumU;
  }
}

/**
 * Analytic J2 acceleration and its gradient ∂a/∂r in the body frame (Montenbruck & Gill 2000, eq. 3.36 and
 * §7.2.1 for the partials), for the variational equations. j2 = −√5·C̄20.
 */
export function j2AccelerationAndGradient(
  gm: number,
  ae: number,
  j2: number,
  x: number,
  y: number,
  z: number,
  acc3: Float64Array | null,
  grad9: Float64Array | null,
): void {
  const r2 = x * x + y * y + z * z;
  const r = Math.sqrt(r2);
  const k = (1.5 * j2 * gm * ae * ae) / (r2 * r2 * r); // 3/2 J2 GM ae² / r^5
  const z2r2 = (z * z) / r2;
  const fxy = k * (5 * z2r2 - 1);
  const fz = k * (5 * z2r2 - 3);
  if (acc3) {
    acc3[0] = fxy * x;
    acc3[1] = fxy * y;
    acc3[2] = fz * z;
  }
  if (grad9) {
    // a_x = k(5 z²/r² − 1) x, k ∝ r^−5. ∂k/∂x_i = −5 k x_i / r²; ∂(z²/r²)/∂x_i = (2 z δ_iz − 2 z² x_i / r²)/r²
    const pos = [x, y, z];
    for (let i = 0; i < 3; i++) {
      const xi = pos[i]!;
      const dk = (-5 * k * xi) / r2;
      const dz2r2 = ((i === 2 ? 2 * z : 0) - (2 * z * z * xi) / r2) / r2;
      // row a_x, a_y: d(fxy·x_j)/dx_i = (dk(5z²/r²−1) + 5k dz2r2) x_j + fxy δij
      const dfxy = dk * (5 * z2r2 - 1) + 5 * k * dz2r2;
      const dfz = dk * (5 * z2r2 - 3) + 5 * k * dz2r2;
      grad9[0 * 3 + i] = dfxy * x + (i === 0 ? fxy : 0);
      grad9[1 * 3 + i] = dfxy * y + (i === 1 ? fxy : 0);
      grad9[2 * 3 + i] = dfz * z + (i === 2 ? fz : 0);
    }
  }
}
