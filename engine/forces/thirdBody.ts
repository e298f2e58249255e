/**
 * Point-mass third-body attraction (Sun, Moon): direct term minus the indirect term (the body's attraction on the
 * Earth), Montenbruck & Gill 2000, eq. 3.37; as Orekit's `ThirdBodyAttraction`.
 */
import type { ForceEvaluation, ForceModel } from './types.ts';

/** DE430 header values (m³/s²), as in the reference README. */
export const GM_SUN_M3S2 = 1.3271244004127946e20;
export const GM_MOON_M3S2 = 4.902800118457551e12;

export type ThirdBodyName = 'SUN' | 'MOON';

export class ThirdBodyAttraction implements ForceModel {
  readonly name: string;
  readonly needsEnvironment = true;
  readonly body: ThirdBodyName;
  readonly gmM3S2: number;

  constructor(body: ThirdBodyName, gmM3S2: number = body === 'SUN' ? GM_SUN_M3S2 : GM_MOON_M3S2) {
    this.body = body;
    this.gmM3S2 = gmM3S2;
    this.name = `THIRD_BODY_${body}`;
  }

  addAcceleration(ev: ForceEvaluation, acc3: Float64Array): number {
    let s: Float64Array;
    if (this.body === 'SUN') {
      ev.ensureSun();
      s = ev.sunGcrfM;
    } else {
      ev.ensureMoon();
      s = ev.moonGcrfM;
    }
    const r = ev.rGcrfM;
    const sx = s[0]!;
    const sy = s[1]!;
    const sz = s[2]!;
    const dx = sx - r[0]!;
    const dy = sy - r[1]!;
    const dz = sz - r[2]!;
    const d2 = dx * dx + dy * dy + dz * dz;
    const s2 = sx * sx + sy * sy + sz * sz;
    const kd = this.gmM3S2 / (d2 * Math.sqrt(d2));
    const ks = this.gmM3S2 / (s2 * Math.sqrt(s2));
    acc3[0] += kd * dx - ks * sx;
    acc3[1] += kd * dy - ks * sy;
    acc3[2] += kd * dz - ks * sz;
    return 0;
  }
}
