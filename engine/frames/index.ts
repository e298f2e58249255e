/**
 * Public surface of engine/frames: frame ids, transforms between any pair, the raw GCRF→ITRF rotation for
 * the propagator, and the IAU 1976/1980 and IERS 2010 model functions. `Epoch`-based conveniences convert an
 * epoch to the two-part TT and UT1 Julian dates the pure functions take.
 */
import type { Epoch } from '../time/epoch.ts';
import type { Mat3 } from '../math/mat3.ts';
import { Iers2010Workspace, gcrfToItrfMatrix, type PolarMotionAndPoleOffsets } from './iers2010.ts';
import {
  type FrameEop,
  type FrameId,
  type FrameTimes,
  type FrameTransform,
  ZERO_FRAME_EOP,
  buildTransformAt,
} from './transforms.ts';

export * from './transforms.ts';
export {
  IAU2000A_TERM_COUNTS,
  Iers2010Workspace,
  celestialToIntermediateMatrix,
  earthRotationAngleRad,
  earthRotationRateRadPerS,
  equationOfEquinoxesComplementaryRad,
  gcrfToItrfMatrix,
  gcrfToTirsMatrix,
  meanObliquityIau2006Rad,
  nutationIau2000a,
  nutationIau2006a,
  polarMotionMatrix,
  precessionNutationMatrixIau2006a,
  tioLocatorRad,
  type PolarMotionAndPoleOffsets,
} from './iers2010.ts';
export {
  IAU1980_TERM_COUNT,
  equationOfEquinoxes1994Rad,
  frameBiasMatrix,
  gmst1982Rad,
  meanObliquityIau1980Rad,
  nutationIau1980,
  nutationMatrix,
  precessionIau1976Matrix,
} from './iau1980.ts';

/** EOP as the frames read them, plus UT1−UTC (structurally compatible with eop.ts `EopValues`). */
export interface FrameEopWithDut1 extends FrameEop {
  readonly dut1Seconds: number;
}

/** All-zero EOP including UT1−UTC = 0. */
export const ZERO_EOP: FrameEopWithDut1 = Object.freeze({ ...ZERO_FRAME_EOP, dut1Seconds: 0 });

/** Two-part TT and UT1 Julian dates of `epoch` for the given UT1−UTC. */
export function frameTimesOf(epoch: Epoch, dut1Seconds: number): FrameTimes {
  const tt = epoch.julianDate('TT');
  const ut1 = epoch.julianDateUt1(dut1Seconds);
  return { ttJd1: tt.jd1, ttJd2: tt.jd2, ut1Jd1: ut1.jd1, ut1Jd2: ut1.jd2 };
}

/**
 * Transform between two frames at `epoch` with the EOP values in force there (e.g. `EopTable.at(epoch)`).
 * Inertial-only pairs (GCRF, EME2000, MOD, TOD, TEME) do not depend on UT1 or polar motion; with no EOP,
 * GCRF↔TEME is Orekit's `getTEME()` (IAU-76/80 without corrections).
 */
export function buildTransform(
  from: FrameId,
  to: FrameId,
  epoch: Epoch,
  eop: FrameEopWithDut1 = ZERO_EOP,
  ws?: Iers2010Workspace,
): FrameTransform {
  return buildTransformAt(from, to, frameTimesOf(epoch, eop.dut1Seconds), eop, ws);
}

/**
 * GCRF → ITRF rotation (IERS 2010) at `epoch` into a caller-supplied Float64Array(9) (row-major);
 * see `gcrfToItrfMatrix` for the cost. Convenience for callers holding an Epoch.
 */
export function gcrfToItrfRotation(
  out: Mat3,
  epoch: Epoch,
  eop: PolarMotionAndPoleOffsets & { readonly dut1Seconds: number },
  ws?: Iers2010Workspace,
): Mat3 {
  const t = frameTimesOf(epoch, eop.dut1Seconds);
  return gcrfToItrfMatrix(out, t.ttJd1, t.ttJd2, t.ut1Jd1, t.ut1Jd2, eop, ws);
}
