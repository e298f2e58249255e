/**
 * Orekit 13.1 evaluates Chan's series as 1 − e^{−u/2} Σ (Chan1997.compute): the subtraction loses about
 * 16 ε Σ_m e^{−v/2}(v/2)^m/m! absolutely (v the squared Mahalanobis distance), which is large relative to a tiny Pc.
 * This is the allowance, relative to Orekit's value `orekitPc`, that the comparisons with Orekit's CHAN_1997 add.
 */
import type { EncounterPlane } from '../../../engine/collision/index.ts';

export function orekitChanRoundOff(plane: EncounterPlane, orekitPc: number): number {
  const v = (plane.xmM / plane.sigmaXM) ** 2 + (plane.ymM / plane.sigmaYM) ** 2;
  let weight = Math.exp(-0.5 * v);
  let weights = 0;
  for (let m = 0; m < 60; m++) {
    if (m > 0) weight *= (0.5 * v) / m;
    weights += weight;
  }
  return (16 * Number.EPSILON * weights) / orekitPc;
}
