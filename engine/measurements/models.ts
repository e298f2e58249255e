/**
 * Measurement models (after Orekit's `Range`, `RangeRate`, `AngularAzEl`, `AngularRaDec` and `PV`): each gives the
 * computed value and its partial derivatives with respect to the spacecraft's GCRF state at the signal's transit
 * time t_T, including the dependence of the light time on that state.
 *
 * Conventions (the reference README "Exact meaning of each TDM value", CCSDS 503.0-B-2):
 *  - Signals travel in straight lines at c in GCRF, so the Earth's rotation during the flight (Sagnac) is included.
 *    Downlink: c·(t_R − t_T) = |r_sat(t_T) − r_sta(t_R)|; uplink: c·(t_T − t_E) = |r_sat(t_T) − r_sta(t_E)|.
 *  - Time tag at reception (RECEIVE, t_R) or transmission (TRANSMIT: t_E for two-way, t_T for one-way downlink).
 *  - RANGE (km): two-way c·(t_R − t_E)/2 (half the round-trip light path); one-way c·(t_R − t_T).
 *  - RANGE_RATE (km/s, positive when the range grows): ρ̇_d = (v_sat(t_T) − v_sta(t_R))·û_d,
 *    ρ̇_u = (v_sat(t_T) − v_sta(t_E))·û_u; two-way (ρ̇_d + ρ̇_u)/2, one-way ρ̇_d.
 *  - AZEL (deg): ρ = r_sat(t_T) − r_sta(t_R) in the station's East-North-Zenith frame at t_R (WGS84 normal);
 *    azimuth from north towards east in [0, 360), elevation above the plane normal to the geodetic zenith.
 *  - RADEC (deg): the same ρ in the frame of the data (GCRF/ICRF, EME2000, MOD, TOD, TEME): topocentric right
 *    ascension in [0, 360) and declination; no aberration.
 *  - PV (km, km/s): the state at the time tag (no light time) in the data's frame.
 *  No troposphere, ionosphere, Shapiro delay, transponder delay or clock offsets.
 *
 * Partials: with the state x = (r, v) at the nominal transit instant t*, a perturbation moves the transit time by
 * ∂t_T; the trajectory near t* is r + v·δt, v + a·δt. Differentiating each light-time equation
 * c·(t_r − t_e) = |p_r(t_r) − p_e(t_e)| gives the time derivatives in closed form (e.g. downlink with t_R fixed:
 * ∂t_T = −û_dᵀ[I 0] / (c + û_d·v)); every vector then follows by the chain rule. Verified against central
 * differences in test/engine/measurements/partials.test.ts.
 *
 * SI inside; values and partials leave in km, km/s and degrees (∂/∂ of the state in km and km/s).
 */
import { SPEED_OF_LIGHT_M_S } from '../constants.ts';
import type { EarthEnvironment } from '../forces/types.ts';
import { normalizeAngle0To2Pi, RAD_TO_DEG } from '../math/angles.ts';
import type { ObservableKind } from './observables.ts';
import { StationKinematics, rotateTransposed, type GroundStation } from './station.ts';
import type { LocalTrajectory } from './trajectory.ts';

const C = SPEED_OF_LIGHT_M_S;
/** deg per km from rad per m. */
const ANGLE_PARTIAL_SCALE = RAD_TO_DEG * 1000;
const MAX_LIGHT_TIME_ITERATIONS = 12;
const LIGHT_TIME_TOLERANCE_S = 1e-15;

/** A measurement ready for the models: times relative to the propagation epoch, frames resolved. */
export interface PreparedMeasurement {
  readonly kind: ObservableKind;
  readonly dimension: number;
  /** RANGE / RANGE_RATE: path 1,2,1. */
  readonly twoWay: boolean;
  /** Time tag at reception (else at transmission). */
  readonly receiveTag: boolean;
  /** Time tag, seconds from the propagation epoch. */
  readonly tagS: number;
  /** Null for PV. */
  readonly station: GroundStation | null;
  /** Earth rotation vector in ITRF at the tag (rad/s). */
  readonly spinItrf: Float64Array;
  /** Precession–nutation rate Ω in GCRF at the tag (rad/s; `precessionNutationRateGcrf`). */
  readonly precessionNutationRateGcrf: Float64Array;
  /** RADEC, and PV in an inertial frame: GCRF → data frame rotation (row-major). Null: GCRF itself. */
  readonly frameRotation: Float64Array | null;
  /** PV given in ITRF. */
  readonly earthFixed: boolean;
}

/** Output of one model evaluation (overwritten by each call). */
export class ModelEvaluation {
  dimension = 1;
  /** km, km/s or deg. */
  readonly value = new Float64Array(6);
  /** dimension × 6 row-major: ∂value/∂(r km, v km/s) of the GCRF state at `transitS`. */
  readonly partials = new Float64Array(36);
  /** Transit (spacecraft) time, s from the propagation epoch. */
  transitS = 0;
  /** Reception at the station. */
  receiveS = 0;
  /** Emission at the station (two-way; else equal to transitS). */
  emitS = 0;
  /** Geometric elevation (deg) of the spacecraft at the reception instant (no light time); NaN for PV. */
  elevationDeg = Number.NaN;
}

/** Evaluates the models; owns its scratch (one instance per thread, no allocation per call). */
export class MeasurementModels {
  private readonly env: EarthEnvironment;
  private readonly kinR: StationKinematics;
  private readonly kinE: StationKinematics;
  // spacecraft at transit
  private readonly rT = new Float64Array(3);
  private readonly vT = new Float64Array(3);
  private readonly aT = new Float64Array(3);
  private readonly rTmp = new Float64Array(3);
  private readonly vTmp = new Float64Array(3);
  private readonly aTmp = new Float64Array(3);
  // unit vectors and time derivatives (6-vectors)
  private readonly ud = new Float64Array(3);
  private readonly uu = new Float64Array(3);
  private readonly dtT = new Float64Array(6);
  private readonly dtR = new Float64Array(6);
  private readonly dtE = new Float64Array(6);
  private readonly axes = new Float64Array(9);
  private readonly rot = new Float64Array(9);
  private readonly q = new Float64Array(3);
  private readonly drho = new Float64Array(18);
  private tT = 0;
  private tR = 0;
  private tE = 0;
  private rhoD = 0;
  private rhoU = 0;
  // light times kept apart from the absolute times: c·ulp(86400 s) is 4 mm
  private tauD = 0;
  private tauU = 0;

  constructor(env: EarthEnvironment) {
    this.env = env;
    this.kinR = new StationKinematics(env);
    this.kinE = new StationKinematics(env);
  }

  evaluate(m: PreparedMeasurement, traj: LocalTrajectory, out: ModelEvaluation): ModelEvaluation {
    out.dimension = m.dimension;
    out.partials.fill(0);
    if (m.kind === 'PV') return this.pv(m, traj, out);
    const station = m.station!;
    const twoWay = m.twoWay && (m.kind === 'RANGE' || m.kind === 'RANGE_RATE');
    this.dtT.fill(0);
    this.dtR.fill(0);
    this.dtE.fill(0);
    if (m.receiveTag) {
      this.tR = m.tagS;
      this.kinR.at(this.tR, station, m.spinItrf, m.precessionNutationRateGcrf);
      this.downlinkBackward(traj);
      if (twoWay) this.uplinkBackward(traj, station, m.spinItrf, m.precessionNutationRateGcrf);
    } else if (twoWay) {
      this.tE = m.tagS;
      this.kinE.at(this.tE, station, m.spinItrf, m.precessionNutationRateGcrf);
      this.uplinkForward(traj);
      this.downlinkForward(traj, station, m.spinItrf, m.precessionNutationRateGcrf);
    } else {
      this.tT = m.tagS;
      traj.at(this.tT, this.rT, this.vT, this.aT);
      this.downlinkForward(traj, station, m.spinItrf, m.precessionNutationRateGcrf);
    }
    if (!twoWay) {
      this.tE = this.tT;
      this.tauU = 0;
    }
    out.transitS = this.tT;
    out.receiveS = this.tR;
    out.emitS = this.tE;
    out.elevationDeg = this.geometricElevationDeg(traj, station);
    switch (m.kind) {
      case 'RANGE':
        this.range(twoWay, out);
        break;
      case 'RANGE_RATE':
        this.rangeRate(twoWay, out);
        break;
      case 'AZEL':
        this.azel(station, out);
        break;
      case 'RADEC':
        this.radec(m, out);
        break;
    }
    return out;
  }

  // ---- light time ----

  /** t_R known (kinR set): solves c·(t_R − t_T) = |r(t_T) − s_R| and ∂t_T. */
  private downlinkBackward(traj: LocalTrajectory): void {
    const s = this.kinR.position;
    traj.at(this.tR, this.rT, this.vT, this.aT);
    let tau = dist(this.rT, s) / C;
    for (let k = 0; k < MAX_LIGHT_TIME_ITERATIONS; k++) {
      traj.at(this.tR - tau, this.rT, this.vT, this.aT);
      const rho = dist(this.rT, s);
      const uv = ((this.rT[0]! - s[0]!) * this.vT[0]! + (this.rT[1]! - s[1]!) * this.vT[1]! + (this.rT[2]! - s[2]!) * this.vT[2]!) / rho;
      const step = (C * tau - rho) / (C + uv);
      tau -= step;
      if (Math.abs(step) <= LIGHT_TIME_TOLERANCE_S) break;
    }
    this.tauD = tau;
    this.tT = this.tR - tau;
    traj.at(this.tT, this.rT, this.vT, this.aT);
    this.rhoD = unit(this.rT, s, this.ud);
    const den = C + dot(this.ud, this.vT);
    for (let i = 0; i < 3; i++) this.dtT[i] = -this.ud[i]! / den;
  }

  /** t_T known (with ∂t_T): solves c·(t_R − t_T) = |r_T − s(t_R)| and ∂t_R. */
  private downlinkForward(_traj: LocalTrajectory, station: GroundStation, spin: Float64Array, omega: Float64Array): void {
    let tau = 0;
    this.kinR.at(this.tT, station, spin, omega);
    tau = dist(this.rT, this.kinR.position) / C;
    for (let k = 0; k < MAX_LIGHT_TIME_ITERATIONS; k++) {
      this.kinR.at(this.tT + tau, station, spin, omega);
      const s = this.kinR.position;
      const sv = this.kinR.velocity;
      const rho = dist(this.rT, s);
      const us = ((this.rT[0]! - s[0]!) * sv[0]! + (this.rT[1]! - s[1]!) * sv[1]! + (this.rT[2]! - s[2]!) * sv[2]!) / rho;
      const step = (C * tau - rho) / (C + us);
      tau -= step;
      if (Math.abs(step) <= LIGHT_TIME_TOLERANCE_S) break;
    }
    this.tauD = tau;
    this.tR = this.tT + tau;
    this.kinR.at(this.tR, station, spin, omega);
    this.rhoD = unit(this.rT, this.kinR.position, this.ud);
    const ud = this.ud;
    const a = C + dot(ud, this.vT);
    const den = C + dot(ud, this.kinR.velocity);
    for (let j = 0; j < 6; j++) this.dtR[j] = (a * this.dtT[j]! + (j < 3 ? ud[j]! : 0)) / den;
  }

  /** t_T known (with ∂t_T): solves c·(t_T − t_E) = |r_T − s(t_E)| and ∂t_E. */
  private uplinkBackward(_traj: LocalTrajectory, station: GroundStation, spin: Float64Array, omega: Float64Array): void {
    this.kinE.at(this.tT, station, spin, omega);
    let tau = dist(this.rT, this.kinE.position) / C;
    for (let k = 0; k < MAX_LIGHT_TIME_ITERATIONS; k++) {
      this.kinE.at(this.tT - tau, station, spin, omega);
      const s = this.kinE.position;
      const sv = this.kinE.velocity;
      const rho = dist(this.rT, s);
      const us = ((this.rT[0]! - s[0]!) * sv[0]! + (this.rT[1]! - s[1]!) * sv[1]! + (this.rT[2]! - s[2]!) * sv[2]!) / rho;
      const step = (C * tau - rho) / (C - us);
      tau -= step;
      if (Math.abs(step) <= LIGHT_TIME_TOLERANCE_S) break;
    }
    this.tauU = tau;
    this.tE = this.tT - tau;
    this.kinE.at(this.tE, station, spin, omega);
    this.rhoU = unit(this.rT, this.kinE.position, this.uu);
    const uu = this.uu;
    const a = C - dot(uu, this.vT);
    const den = C - dot(uu, this.kinE.velocity);
    for (let j = 0; j < 6; j++) this.dtE[j] = (a * this.dtT[j]! - (j < 3 ? uu[j]! : 0)) / den;
  }

  /** t_E known (kinE set): solves c·(t_T − t_E) = |r(t_T) − s_E| and ∂t_T. */
  private uplinkForward(traj: LocalTrajectory): void {
    const s = this.kinE.position;
    traj.at(this.tE, this.rT, this.vT, this.aT);
    let tau = dist(this.rT, s) / C;
    for (let k = 0; k < MAX_LIGHT_TIME_ITERATIONS; k++) {
      traj.at(this.tE + tau, this.rT, this.vT, this.aT);
      const rho = dist(this.rT, s);
      const uv = ((this.rT[0]! - s[0]!) * this.vT[0]! + (this.rT[1]! - s[1]!) * this.vT[1]! + (this.rT[2]! - s[2]!) * this.vT[2]!) / rho;
      const step = (C * tau - rho) / (C - uv);
      tau -= step;
      if (Math.abs(step) <= LIGHT_TIME_TOLERANCE_S) break;
    }
    this.tauU = tau;
    this.tT = this.tE + tau;
    traj.at(this.tT, this.rT, this.vT, this.aT);
    this.rhoU = unit(this.rT, s, this.uu);
    const den = C - dot(this.uu, this.vT);
    for (let i = 0; i < 3; i++) this.dtT[i] = this.uu[i]! / den;
  }

  private geometricElevationDeg(traj: LocalTrajectory, station: GroundStation): number {
    traj.at(this.tR, this.rTmp, this.vTmp, this.aTmp);
    const R = this.kinR.rotation;
    const s = this.kinR.position;
    const z = this.axes;
    rotateTransposed(R, station.zenith[0]!, station.zenith[1]!, station.zenith[2]!, z, 0);
    const dx = this.rTmp[0]! - s[0]!;
    const dy = this.rTmp[1]! - s[1]!;
    const dz = this.rTmp[2]! - s[2]!;
    const n = Math.sqrt(dx * dx + dy * dy + dz * dz);
    return Math.asin((dx * z[0]! + dy * z[1]! + dz * z[2]!) / n) * RAD_TO_DEG;
  }

  // ---- observables ----

  private range(twoWay: boolean, out: ModelEvaluation): void {
    const half = twoWay ? 0.5 : 1;
    const dStart = twoWay ? this.dtE : this.dtT;
    out.value[0] = (half * C * (twoWay ? this.tauD + this.tauU : this.tauD)) / 1000;
    for (let j = 0; j < 6; j++) out.partials[j] = half * C * (this.dtR[j]! - dStart[j]!);
  }

  /**
   * Adds w·∂ρ̇/∂x of one leg into out.partials row 0 and returns ρ̇ (m/s). s, ṡ, s̈: the station at its end of the
   * leg, dts its time derivative; û and ρ the leg's unit vector (spacecraft − station) and length.
   */
  private legRangeRate(
    u: Float64Array,
    rho: number,
    s: StationKinematics,
    dts: Float64Array,
    w: number,
    out: Float64Array,
  ): number {
    const vT = this.vT;
    const sv = s.velocity;
    const sa = s.acceleration;
    const dvx = vT[0]! - sv[0]!;
    const dvy = vT[1]! - sv[1]!;
    const dvz = vT[2]! - sv[2]!;
    const rr = dvx * u[0]! + dvy * u[1]! + dvz * u[2]!;
    const q = this.q;
    q[0] = dvx - rr * u[0]!;
    q[1] = dvy - rr * u[1]!;
    q[2] = dvz - rr * u[2]!;
    const uA = dot(u, this.aT);
    const uSa = dot(u, sa);
    const qV = dot(q, vT);
    const qS = dot(q, sv);
    for (let j = 0; j < 6; j++) {
      const dtT = this.dtT[j]!;
      const dtS = dts[j]!;
      // û·(∂v_T − ∂ṡ) + q·(∂r_T − ∂s)/ρ
      let d = uA * dtT - uSa * dtS + (qV * dtT - qS * dtS) / rho;
      if (j < 3) d += q[j]! / rho;
      else d += u[j - 3]!;
      out[j] += w * d;
    }
    return rr;
  }

  private rangeRate(twoWay: boolean, out: ModelEvaluation): void {
    const w = twoWay ? 0.5 : 1;
    let rate = this.legRangeRate(this.ud, this.rhoD, this.kinR, this.dtR, w, out.partials);
    if (twoWay) rate = 0.5 * (rate + this.legRangeRate(this.uu, this.rhoU, this.kinE, this.dtE, 0.5, out.partials));
    out.value[0] = rate / 1000;
  }

  /** ∂ρ/∂x (3 × 6, column j at drho[3j..3j+2]) of ρ = r_T − s_R. */
  private relativePartials(): Float64Array {
    const d = this.drho;
    const vT = this.vT;
    const sv = this.kinR.velocity;
    for (let j = 0; j < 6; j++) {
      const a = this.dtT[j]!;
      const b = this.dtR[j]!;
      for (let i = 0; i < 3; i++) d[3 * j + i] = (j === i ? 1 : 0) + vT[i]! * a - sv[i]! * b;
    }
    return d;
  }

  private azel(station: GroundStation, out: ModelEvaluation): void {
    const R = this.kinR.rotation;
    const ax = this.axes; // E, N, Z in GCRF
    rotateTransposed(R, station.east[0]!, station.east[1]!, station.east[2]!, ax, 0);
    rotateTransposed(R, station.north[0]!, station.north[1]!, station.north[2]!, ax, 3);
    rotateTransposed(R, station.zenith[0]!, station.zenith[1]!, station.zenith[2]!, ax, 6);
    const s = this.kinR.position;
    const rx = this.rT[0]! - s[0]!;
    const ry = this.rT[1]! - s[1]!;
    const rz = this.rT[2]! - s[2]!;
    const e = rx * ax[0]! + ry * ax[1]! + rz * ax[2]!;
    const n = rx * ax[3]! + ry * ax[4]! + rz * ax[5]!;
    const z = rx * ax[6]! + ry * ax[7]! + rz * ax[8]!;
    const h2 = e * e + n * n;
    const h = Math.sqrt(h2);
    out.value[0] = normalizeAngle0To2Pi(Math.atan2(e, n)) * RAD_TO_DEG;
    out.value[1] = Math.atan2(z, h) * RAD_TO_DEG;
    // d(axis)/dt_R = w × axis (axes rotate with the Earth); ρ·(w × A) = A·(ρ × w)
    const w = this.kinR.spinGcrf;
    const cx = ry * w[2]! - rz * w[1]!;
    const cy = rz * w[0]! - rx * w[2]!;
    const cz = rx * w[1]! - ry * w[0]!;
    const eDot = cx * ax[0]! + cy * ax[1]! + cz * ax[2]!;
    const nDot = cx * ax[3]! + cy * ax[4]! + cz * ax[5]!;
    const zDot = cx * ax[6]! + cy * ax[7]! + cz * ax[8]!;
    const d = this.relativePartials();
    const p = out.partials;
    const r2 = h2 + z * z;
    for (let j = 0; j < 6; j++) {
      const b = this.dtR[j]!;
      const dx = d[3 * j]!, dy = d[3 * j + 1]!, dz = d[3 * j + 2]!;
      const de = dx * ax[0]! + dy * ax[1]! + dz * ax[2]! + eDot * b;
      const dn = dx * ax[3]! + dy * ax[4]! + dz * ax[5]! + nDot * b;
      const dzz = dx * ax[6]! + dy * ax[7]! + dz * ax[8]! + zDot * b;
      p[j] = ((n * de - e * dn) / h2) * ANGLE_PARTIAL_SCALE;
      p[6 + j] = ((h2 * dzz - z * (e * de + n * dn)) / (h * r2)) * ANGLE_PARTIAL_SCALE;
    }
  }

  private radec(m: PreparedMeasurement, out: ModelEvaluation): void {
    const s = this.kinR.position;
    const M = m.frameRotation;
    let x = this.rT[0]! - s[0]!;
    let y = this.rT[1]! - s[1]!;
    let z = this.rT[2]! - s[2]!;
    if (M) {
      const x1 = M[0]! * x + M[1]! * y + M[2]! * z;
      const y1 = M[3]! * x + M[4]! * y + M[5]! * z;
      const z1 = M[6]! * x + M[7]! * y + M[8]! * z;
      x = x1;
      y = y1;
      z = z1;
    }
    const h2 = x * x + y * y;
    const h = Math.sqrt(h2);
    const r2 = h2 + z * z;
    out.value[0] = normalizeAngle0To2Pi(Math.atan2(y, x)) * RAD_TO_DEG;
    out.value[1] = Math.atan2(z, h) * RAD_TO_DEG;
    const d = this.relativePartials();
    const p = out.partials;
    for (let j = 0; j < 6; j++) {
      let dx = d[3 * j]!, dy = d[3 * j + 1]!, dz = d[3 * j + 2]!;
      if (M) {
        const a = M[0]! * dx + M[1]! * dy + M[2]! * dz;
        const b = M[3]! * dx + M[4]! * dy + M[5]! * dz;
        const c = M[6]! * dx + M[7]! * dy + M[8]! * dz;
        dx = a;
        dy = b;
        dz = c;
      }
      p[j] = ((x * dy - y * dx) / h2) * ANGLE_PARTIAL_SCALE;
      p[6 + j] = ((h2 * dz - z * (x * dx + y * dy)) / (h * r2)) * ANGLE_PARTIAL_SCALE;
    }
  }

  private pv(m: PreparedMeasurement, traj: LocalTrajectory, out: ModelEvaluation): ModelEvaluation {
    const t = m.tagS;
    out.transitS = t;
    out.receiveS = t;
    out.emitS = t;
    out.elevationDeg = Number.NaN;
    traj.at(t, this.rT, this.vT, this.aT);
    const r = this.rT;
    const v = this.vT;
    const p = out.partials;
    if (m.earthFixed) {
      const R = this.rot;
      this.env.gcrfToItrf(t, R);
      const w = m.spinItrf;
      const px = R[0]! * r[0]! + R[1]! * r[1]! + R[2]! * r[2]!;
      const py = R[3]! * r[0]! + R[4]! * r[1]! + R[5]! * r[2]!;
      const pz = R[6]! * r[0]! + R[7]! * r[1]! + R[8]! * r[2]!;
      // v_ITRF = R v − w × (R r)
      out.value[0] = px / 1000;
      out.value[1] = py / 1000;
      out.value[2] = pz / 1000;
      out.value[3] = (R[0]! * v[0]! + R[1]! * v[1]! + R[2]! * v[2]! - (w[1]! * pz - w[2]! * py)) / 1000;
      out.value[4] = (R[3]! * v[0]! + R[4]! * v[1]! + R[5]! * v[2]! - (w[2]! * px - w[0]! * pz)) / 1000;
      out.value[5] = (R[6]! * v[0]! + R[7]! * v[1]! + R[8]! * v[2]! - (w[0]! * py - w[1]! * px)) / 1000;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          p[6 * i + j] = R[3 * i + j]!;
          p[6 * (3 + i) + 3 + j] = R[3 * i + j]!;
        }
      }
      // ∂(−w × R r)/∂r = −[w×] R: column j is −w × (column j of R)
      for (let j = 0; j < 3; j++) {
        const c0 = R[j]!, c1 = R[3 + j]!, c2 = R[6 + j]!;
        p[18 + j] = -(w[1]! * c2 - w[2]! * c1);
        p[24 + j] = -(w[2]! * c0 - w[0]! * c2);
        p[30 + j] = -(w[0]! * c1 - w[1]! * c0);
      }
      return out;
    }
    const M = m.frameRotation;
    for (let i = 0; i < 3; i++) {
      if (M) {
        out.value[i] = (M[3 * i]! * r[0]! + M[3 * i + 1]! * r[1]! + M[3 * i + 2]! * r[2]!) / 1000;
        out.value[3 + i] = (M[3 * i]! * v[0]! + M[3 * i + 1]! * v[1]! + M[3 * i + 2]! * v[2]!) / 1000;
        for (let j = 0; j < 3; j++) {
          p[6 * i + j] = M[3 * i + j]!;
          p[6 * (3 + i) + 3 + j] = M[3 * i + j]!;
        }
      } else {
        out.value[i] = r[i]! / 1000;
        out.value[3 + i] = v[i]! / 1000;
        p[6 * i + i] = 1;
        p[6 * (3 + i) + 3 + i] = 1;
      }
    }
    return out;
  }
}

function dist(a: Float64Array, b: Float64Array): number {
  const x = a[0]! - b[0]!;
  const y = a[1]! - b[1]!;
  const z = a[2]! - b[2]!;
  return Math.sqrt(x * x + y * y + z * z);
}

/** out = (a − b)/|a − b|; returns |a − b|. */
function unit(a: Float64Array, b: Float64Array, out: Float64Array): number {
  const x = a[0]! - b[0]!;
  const y = a[1]! - b[1]!;
  const z = a[2]! - b[2]!;
  const n = Math.sqrt(x * x + y * y + z * z);
  out[0] = x / n;
  out[1] = y / n;
  out[2] = z / n;
  return n;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
