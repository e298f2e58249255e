/**
 * The brute-force check of a screening ("no approach missed"), shared by the engine bench
 * (bench/screening-engine.ts) and the API bench (bench/screening.ts): for each object of a subset of the catalog and
 * each primary, the distance every second over the span (cubic Hermite between 30 s nodes of each trajectory,
 * < 0.1 m), except where the node distances prove, with |v_rel| ≤ 22.4 km/s (twice the escape speed at the Earth's
 * surface), that it stays above 25 km. Every 1-s local minimum under the volume's radius must be a screening approach
 * (TCA within 1 s), and every screening approach of the subset a 1-s minimum under 25 km.
 */
import { buildPrimary, gpTrajectory, temeTable } from '../../engine/collision/screening/objects.ts';
import type { PrimaryInput } from '../../engine/collision/screening/index.ts';
import type { GpElementSet } from '../../engine/tle/gpElements.ts';
import type { Epoch } from '../../engine/time/epoch.ts';

export interface BruteForceInput {
  start: Epoch;
  spanS: number;
  /** Radius of the screening sphere, km (minima under it must be reported). */
  radiusKm: number;
  primaries: readonly PrimaryInput[];
  subset: readonly GpElementSet[];
  /** The screening's approaches (primary id, NORAD id, TCA in s from the span start). */
  approaches: ReadonlyArray<{ primaryId: string; secondaryNoradId: number; tcaS: number }>;
}

export interface BruteForceOutcome {
  bruteMinima: number;
  fineNodeIntervals: number;
  missed: string[];
  subsetApproaches: number;
  unmatched: number;
  elapsedMs: number;
}

/** Distances are checked under 25 km; the screening's sphere must be smaller (20 km in the benches). */
const CHECK_KM = 25;
const NODE_S = 30;
/** Bound on |v_rel|, km/s: twice the escape speed at the Earth's surface. */
const MAX_RELATIVE_SPEED_KM_S = 22.4;

export function bruteForceCheck(input: BruteForceInput): BruteForceOutcome {
  const b0 = performance.now();
  const { start, spanS, radiusKm, primaries, subset } = input;
  const table = temeTable(start, spanS);
  const nodes = Math.floor(spanS / NODE_S) + 1;
  const sample = (traj: { stateAt(t: number, out: Float64Array): void }, until: number): Float64Array => {
    const out = new Float64Array(6 * nodes).fill(Number.NaN);
    const s = new Float64Array(6);
    for (let k = 0; k < nodes && k * NODE_S <= until; k++) {
      traj.stateAt(k * NODE_S, s);
      out.set(s, 6 * k);
    }
    return out;
  };
  const primaryNodes = primaries.map((p, i) => sample(buildPrimary(p, i, start, spanS, table).trajectory, spanS));
  // cubic Hermite position at fraction f of a node interval (positions p0, p1, velocities v0, v1 times h)
  const hermite = (a: Float64Array, k: number, f: number, i: number): number => {
    const h = NODE_S;
    const p0 = a[6 * k + i]!, p1 = a[6 * k + 6 + i]!, m0 = a[6 * k + 3 + i]! * h, m1 = a[6 * k + 9 + i]! * h;
    const f2 = f * f, f3 = f2 * f;
    return (2 * f3 - 3 * f2 + 1) * p0 + (f3 - 2 * f2 + f) * m0 + (-2 * f3 + 3 * f2) * p1 + (f3 - f2) * m1;
  };
  const approachesByPair = new Map<string, number[]>();
  for (const a of input.approaches) {
    const key = `${a.primaryId}|${a.secondaryNoradId}`;
    approachesByPair.set(key, [...(approachesByPair.get(key) ?? []), a.tcaS]);
  }
  const missed: string[] = [];
  const matched = new Set<string>();
  let bruteMinima = 0;
  let fineNodeIntervals = 0;
  for (const elements of subset) {
    const built = gpTrajectory(elements, table);
    if ('problem' in built) continue;
    const s = new Float64Array(6);
    try {
      built.trajectory.stateAt(spanS, s);
    } catch {
      continue; // decays in the span: the screening reports it; the brute force skips it
    }
    const secondaryNodes = sample(built.trajectory, spanS);
    primaries.forEach((p, pi) => {
      const pn = primaryNodes[pi]!;
      const d = (k: number): number => Math.hypot(secondaryNodes[6 * k]! - pn[6 * k]!, secondaryNodes[6 * k + 1]! - pn[6 * k + 1]!, secondaryNodes[6 * k + 2]! - pn[6 * k + 2]!);
      let prev2 = Number.POSITIVE_INFINITY;
      let prev1 = Number.POSITIVE_INFINITY;
      let prevT = -1;
      let dA = d(0);
      for (let k = 0; k + 1 < nodes; k++) {
        const dB = d(k + 1);
        if (0.5 * (dA + dB - MAX_RELATIVE_SPEED_KM_S * NODE_S) <= CHECK_KM) {
          fineNodeIntervals++;
          for (let j = prevT === k * NODE_S ? 1 : 0; j <= NODE_S; j++) {
            const f = j / NODE_S;
            const x = hermite(secondaryNodes, k, f, 0) - hermite(pn, k, f, 0);
            const y = hermite(secondaryNodes, k, f, 1) - hermite(pn, k, f, 1);
            const z = hermite(secondaryNodes, k, f, 2) - hermite(pn, k, f, 2);
            const dist = Math.hypot(x, y, z);
            const tS = k * NODE_S + j;
            if (prevT === tS - 1 && prev2 >= prev1 && prev1 < dist && prev1 < CHECK_KM && tS - 2 >= 0) {
              bruteMinima++;
              const tca = tS - 1;
              const found = (approachesByPair.get(`${p.id}|${elements.noradId}`) ?? []).find((x2) => Math.abs(x2 - tca) <= 1);
              if (found !== undefined) matched.add(`${p.id}|${elements.noradId}|${found}`);
              else if (prev1 < radiusKm) missed.push(`${p.id} × ${elements.noradId} near ${tca} s at ${prev1.toFixed(3)} km`);
            }
            prev2 = prevT === tS - 1 ? prev1 : Number.POSITIVE_INFINITY;
            prev1 = dist;
            prevT = tS;
          }
        }
        dA = dB;
      }
    });
  }
  const subsetIds = new Set(subset.map((e) => e.noradId));
  const subsetApproaches = input.approaches.filter((a) => subsetIds.has(a.secondaryNoradId));
  const unmatched = subsetApproaches.filter((a) => !matched.has(`${a.primaryId}|${a.secondaryNoradId}|${a.tcaS}`));
  return { bruteMinima, fineNodeIntervals, missed, subsetApproaches: subsetApproaches.length, unmatched: unmatched.length, elapsedMs: performance.now() - b0 };
}
