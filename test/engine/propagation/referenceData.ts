/** Loads the thinned Orekit reference fixtures (see test/fixtures/propagation/README.md). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/propagation/', import.meta.url));

export interface ReferenceCase {
  reference_dP_m: number;
  columns: string;
  final_mass_kg: number;
  samples: number[][];
  burn?: { thrust_N: number; isp_s: number; start_offset_s: number; duration_s: number; final_mass_kg: number };
}

export interface ReferenceOrbit {
  orbit: { name: string; epoch_utc: string; mass_kg: number; initial_state_gcrf: { pos_km: number[]; vel_km_s: number[] } };
  constants: Record<string, number | string>;
  cases: Record<'two_body' | 'J2_only' | 'gravity_20x20' | 'full' | 'full_with_burn', ReferenceCase>;
}

export function loadReference(name: 'SSO_700_98.2' | 'GTO_250x35786_27'): ReferenceOrbit {
  return JSON.parse(readFileSync(FIXTURES + name + '.json', 'utf8')) as ReferenceOrbit;
}

/** Max position (m) and velocity (m/s) differences over all samples. */
export function compareSamples(samples: number[][], statesKm: Float64Array): { maxPosM: number; maxVelMS: number; finalPosM: number } {
  let maxPosM = 0;
  let maxVelMS = 0;
  let finalPosM = 0;
  samples.forEach((s, i) => {
    const dp = Math.hypot(statesKm[6 * i]! - s[1]!, statesKm[6 * i + 1]! - s[2]!, statesKm[6 * i + 2]! - s[3]!) * 1000;
    const dv = Math.hypot(statesKm[6 * i + 3]! - s[4]!, statesKm[6 * i + 4]! - s[5]!, statesKm[6 * i + 5]! - s[6]!) * 1000;
    maxPosM = Math.max(maxPosM, dp);
    maxVelMS = Math.max(maxVelMS, dv);
    finalPosM = dp;
  });
  return { maxPosM, maxVelMS, finalPosM };
}

import { EopTable, type EopRow } from '../../../engine/frames/eop.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';

/** The IERS 20 C04 March 2023 excerpt (semicolon CSV as in Orekit's test resources) as an EopTable. */
export function loadEop2023(): EopTable {
  const text = readFileSync(FIXTURES + 'eopc04_20.2023-03.csv', 'utf8');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0]!.split(';');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`missing column ${name}`);
    return i;
  };
  const [iMjd, iX, iY, iUt1, iLod, iDx, iDy] = ['MJD', 'x_pole', 'y_pole', 'UT1-UTC', 'LOD', 'dX', 'dY'].map(col) as number[];
  const rows: EopRow[] = lines.slice(1).map((l) => {
    const f = l.split(';');
    return {
      mjd: Number(f[iMjd!]),
      xpArcsec: Number(f[iX!]),
      ypArcsec: Number(f[iY!]),
      dut1Seconds: Number(f[iUt1!]),
      lodSeconds: Number(f[iLod!]),
      dxArcsec: Number(f[iDx!]),
      dyArcsec: Number(f[iDy!]),
      ddPsiArcsec: 0,
      ddEpsArcsec: 0,
      predicted: false,
    };
  });
  return EopTable.fromRows(rows);
}

export function referenceEpoch(ref: ReferenceOrbit): Epoch {
  return Epoch.parse(ref.orbit.epoch_utc, 'UTC');
}

/** The propagator's default environment for a reference orbit (1 day span plus margins). */
export function referenceEnvironment(ref: ReferenceOrbit, startS = 0, endS = 86400): InterpolatedEarthEnvironment {
  return new InterpolatedEarthEnvironment({ epoch: referenceEpoch(ref), startS, endS, eop: loadEop2023() });
}
