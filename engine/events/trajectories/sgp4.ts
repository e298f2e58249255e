/**
 * Trajectory adapter (c): SGP4/SDP4 from a two-line element set, rotated from TEME to GCRF.
 *
 * SGP4 is satellite.js (Vallado's 2006 code, WGS-72 constants, opsmode 'i'; see engine/tle/fit.ts), fed the
 * TLE text after engine/tle's strict parser has checked it. Its TEME output (true equator, mean equinox of date)
 * goes to GCRF through the IAU-76/FK5 chain of engine/frames (TEME → TOD by the equation of the equinoxes →
 * MOD → EME2000 → GCRF, Vallado 4th ed. §3.7; the conversion of the events reference). The rotation is inertial
 * (no rate term) and changes only by precession–nutation (< 2e-9 rad/s), so it is computed exactly at nodes one
 * hour apart and interpolated linearly between them: the error of linear interpolation of a rotation turning by
 * θ ≤ 7e-6 rad per node interval is ≤ θ²/8 < 1e-11 rad (< 0.1 mm at GEO).
 *
 * The velocity is SGP4's own velocity output, which is not exactly the time derivative of its position (up to
 * 0.02 m/s, events reference README "Apsides"): apsides from r·v use it, as the reference does.
 */
import { sgp4, twoline2satrec, type SatRec } from 'satellite.js';
import { epochOfTleEpoch } from '../../products/tleProduct.ts';
import type { EopProvider } from '../../frames/stateFrames.ts';
import { buildTransform } from '../../frames/index.ts';
import { parseTleLines } from '../../tle/parse.ts';
import type { Epoch } from '../../time/epoch.ts';
import { requireInSpan, type Trajectory } from '../trajectory.ts';

/** Spacing of the exact TEME → GCRF rotations (s). */
export const TEME_NODE_SPACING_S = 3600;

/** SGP4 failed at an instant (satellite.js error code: 1 eccentricity, 2 mean motion, 3 perturbed eccentricity, 4 semi-latus rectum, 6 decayed). */
export class Sgp4PropagationError extends Error {
  readonly code = 'SGP4_PROPAGATION_FAILED';
  constructor(
    readonly tS: number,
    readonly sgp4Error: number,
  ) {
    super(`SGP4 fails ${tS.toFixed(3)} s after the trajectory epoch (satellite.js error ${sgp4Error}${sgp4Error === 6 ? ': the orbit has decayed' : ''})`);
    this.name = 'Sgp4PropagationError';
  }
}

export interface Sgp4TrajectoryOptions {
  /** Time origin of the trajectory (t = 0); default the TLE epoch. */
  readonly epoch?: Epoch;
  /** Span to cover, seconds from the origin. */
  readonly startS: number;
  readonly endS: number;
  /** EOP for the TEME → GCRF rotation (nutation corrections, as engine/frames/stateFrames.ts `convertState`). */
  readonly eop: EopProvider;
}

export class Sgp4Trajectory implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  /** The TLE epoch, s from `epoch`. */
  readonly tleEpochS: number;
  private readonly satrec: SatRec;
  private readonly firstNodeS: number;
  private readonly rotations: Float64Array; // 9 per node, TEME → GCRF, row-major

  /** Throws TleParseError (naming the line) for malformed text. */
  constructor(line1: string, line2: string, options: Sgp4TrajectoryOptions) {
    const parsed = parseTleLines(line1, line2);
    const tleEpoch = epochOfTleEpoch(parsed.epoch);
    this.epoch = options.epoch ?? tleEpoch;
    this.tleEpochS = tleEpoch.secondsSince(this.epoch);
    if (!(options.endS >= options.startS)) throw new RangeError(`endS (${options.endS}) must not precede startS (${options.startS})`);
    this.startS = options.startS;
    this.endS = options.endS;
    this.satrec = twoline2satrec(line1, line2);
    if (this.satrec.error !== 0) throw new Sgp4PropagationError(this.tleEpochS, this.satrec.error);
    const h = TEME_NODE_SPACING_S;
    this.firstNodeS = Math.floor(this.startS / h) * h;
    const nodeCount = Math.floor((this.endS - this.firstNodeS) / h) + 2;
    this.rotations = new Float64Array(9 * nodeCount);
    for (let k = 0; k < nodeCount; k++) {
      const at = this.epoch.plusSeconds(this.firstNodeS + k * h);
      this.rotations.set(buildTransform('TEME', 'GCRF', at, options.eop.at(at)).rotation, 9 * k);
    }
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    // satellite.js allocates its result object; nothing else here does.
    const pv = sgp4(this.satrec, (tS - this.tleEpochS) / 60);
    if (pv === null || this.satrec.error !== 0) throw new Sgp4PropagationError(tS, this.satrec.error);
    const u = (tS - this.firstNodeS) / TEME_NODE_SPACING_S;
    const k = Math.min(Math.floor(u), this.rotations.length / 9 - 2);
    const f = u - k;
    const a = 9 * k;
    const m = this.rotations;
    const p = pv.position;
    const v = pv.velocity;
    for (let r = 0; r < 3; r++) {
      const m0 = m[a + 3 * r]! + f * (m[a + 9 + 3 * r]! - m[a + 3 * r]!);
      const m1 = m[a + 3 * r + 1]! + f * (m[a + 9 + 3 * r + 1]! - m[a + 3 * r + 1]!);
      const m2 = m[a + 3 * r + 2]! + f * (m[a + 9 + 3 * r + 2]! - m[a + 3 * r + 2]!);
      out[r] = m0 * p.x + m1 * p.y + m2 * p.z;
      out[3 + r] = m0 * v.x + m1 * v.y + m2 * v.z;
    }
  }
}
