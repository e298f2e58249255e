/**
 * Trajectory adapter (c): SGP4/SDP4 from a two-line element set (or any general-perturbations element set), rotated
 * from TEME to GCRF.
 *
 * SGP4 is satellite.js (Vallado's 2006 code, WGS-72 constants, opsmode 'i'; see engine/tle/fit.ts), fed the
 * TLE text after engine/tle's strict parser has checked it, or a satrec built from an element set
 * (engine/tle/gpElements.ts, e.g. read from a CCSDS OMM). Its TEME output (true equator, mean equinox of date)
 * goes to GCRF through the IAU-76/FK5 chain of engine/frames (TEME → TOD by the equation of the equinoxes →
 * MOD → EME2000 → GCRF, Vallado 4th ed. §3.7; the conversion of the events reference). The rotation is inertial
 * (no rate term) and changes only by precession–nutation (< 2e-9 rad/s), so it is computed exactly at nodes one
 * hour apart and interpolated linearly between them: the error of linear interpolation of a rotation turning by
 * θ ≤ 7e-6 rad per node interval is ≤ θ²/8 < 1e-11 rad (< 0.1 mm at GEO). The table of nodes depends only on the
 * time origin and the span, so a whole catalog shares one (`TemeToGcrfTable`).
 *
 * The velocity is SGP4's own velocity output, which is not exactly the time derivative of its position (up to
 * 0.02 m/s, events reference README "Apsides"): apsides from r·v use it, as the reference does.
 */
import { sgp4, twoline2satrec, type SatRec } from 'satellite.js';
import { epochOfTleEpoch } from '../products/tleProduct.ts';
import type { EopProvider } from '../frames/stateFrames.ts';
import { buildTransform } from '../frames/index.ts';
import { parseTleLines } from '../tle/parse.ts';
import type { Epoch } from '../time/epoch.ts';
import { requireInSpan, type Trajectory } from './trajectory.ts';

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

/**
 * TEME → GCRF rotations at nodes `TEME_NODE_SPACING_S` apart covering [startS, endS] (s from `epoch`), interpolated
 * linearly in between (module comment). Shared by every SGP4 trajectory with the same time origin and span.
 */
export class TemeToGcrfTable {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  private readonly firstNodeS: number;
  private readonly rotations: Float64Array; // 9 per node, TEME → GCRF, row-major
  private readonly lastNode: number;

  constructor(epoch: Epoch, startS: number, endS: number, eop: EopProvider) {
    if (!(endS >= startS)) throw new RangeError(`endS (${endS}) must not precede startS (${startS})`);
    this.epoch = epoch;
    this.startS = startS;
    this.endS = endS;
    const h = TEME_NODE_SPACING_S;
    this.firstNodeS = Math.floor(startS / h) * h;
    const nodeCount = Math.floor((endS - this.firstNodeS) / h) + 2;
    this.rotations = new Float64Array(9 * nodeCount);
    this.lastNode = nodeCount - 2;
    for (let k = 0; k < nodeCount; k++) {
      const at = epoch.plusSeconds(this.firstNodeS + k * h);
      this.rotations.set(buildTransform('TEME', 'GCRF', at, eop.at(at)).rotation, 9 * k);
    }
  }

  /** The TEME → GCRF rotation at tS (row-major 3×3, interpolated like `rotate`) into out. */
  rotationAt(tS: number, out: Float64Array): void {
    const u = (tS - this.firstNodeS) / TEME_NODE_SPACING_S;
    const k = Math.max(0, Math.min(Math.floor(u), this.lastNode));
    const f = u - k;
    const m = this.rotations;
    for (let i = 0; i < 9; i++) out[i] = m[9 * k + i]! + f * (m[9 * k + 9 + i]! - m[9 * k + i]!);
  }

  /** Rotates a TEME position (km) and velocity (km/s) at tS into out[0..6) (GCRF); tS within [startS, endS]. */
  rotate(tS: number, px: number, py: number, pz: number, vx: number, vy: number, vz: number, out: Float64Array): void {
    const u = (tS - this.firstNodeS) / TEME_NODE_SPACING_S;
    const k = Math.max(0, Math.min(Math.floor(u), this.lastNode));
    const f = u - k;
    const a = 9 * k;
    const m = this.rotations;
    for (let r = 0; r < 3; r++) {
      const m0 = m[a + 3 * r]! + f * (m[a + 9 + 3 * r]! - m[a + 3 * r]!);
      const m1 = m[a + 3 * r + 1]! + f * (m[a + 9 + 3 * r + 1]! - m[a + 3 * r + 1]!);
      const m2 = m[a + 3 * r + 2]! + f * (m[a + 9 + 3 * r + 2]! - m[a + 3 * r + 2]!);
      out[r] = m0 * px + m1 * py + m2 * pz;
      out[3 + r] = m0 * vx + m1 * vy + m2 * vz;
    }
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

/**
 * SGP4 from an initialised satrec (engine/tle/gpElements.ts `satrecOf`, from a TLE or an OMM) whose element-set
 * epoch is `elementsEpoch`, over the span of a rotation table (its time origin is the table's, which a whole
 * catalog shares). Throws Sgp4PropagationError when the satrec failed to initialise.
 */
export class SatrecTrajectory implements Trajectory {
  readonly epoch: Epoch;
  readonly startS: number;
  readonly endS: number;
  /** The element set's epoch, s from `epoch`. */
  readonly tleEpochS: number;
  readonly satrec: SatRec;
  private readonly table: TemeToGcrfTable;

  constructor(satrec: SatRec, elementsEpoch: Epoch, table: TemeToGcrfTable) {
    this.epoch = table.epoch;
    this.startS = table.startS;
    this.endS = table.endS;
    this.tleEpochS = elementsEpoch.secondsSince(table.epoch);
    if (satrec.error !== 0) throw new Sgp4PropagationError(this.tleEpochS, satrec.error);
    this.satrec = satrec;
    this.table = table;
  }

  stateAt(tS: number, out: Float64Array): void {
    requireInSpan(this, tS);
    // satellite.js allocates its result object; nothing else here does.
    const pv = sgp4(this.satrec, (tS - this.tleEpochS) / 60);
    if (pv === null || this.satrec.error !== 0) throw new Sgp4PropagationError(tS, this.satrec.error);
    const p = pv.position;
    const v = pv.velocity;
    this.table.rotate(tS, p.x, p.y, p.z, v.x, v.y, v.z, out);
  }
}

/** SGP4 from the two lines of a TLE, with its own rotation table. */
export class Sgp4Trajectory extends SatrecTrajectory {
  /** Throws TleParseError (naming the line) for malformed text. */
  constructor(line1: string, line2: string, options: Sgp4TrajectoryOptions) {
    const parsed = parseTleLines(line1, line2);
    const tleEpoch = epochOfTleEpoch(parsed.epoch);
    const origin = options.epoch ?? tleEpoch;
    if (!(options.endS >= options.startS)) throw new RangeError(`endS (${options.endS}) must not precede startS (${options.startS})`);
    const satrec = twoline2satrec(line1, line2);
    if (satrec.error !== 0) throw new Sgp4PropagationError(tleEpoch.secondsSince(origin), satrec.error);
    super(satrec, tleEpoch, new TemeToGcrfTable(origin, options.startS, options.endS, options.eop));
  }
}
