/**
 * Orbit-determination benchmark: `npm run bench:od`.
 *
 * Engine level (this process, no HTTP): batch least squares of the Orekit reference scenarios V1 (205 two-way ranges
 * + 205 range rates) and V2 (205 az/el pairs), 1 day, and V3 (HEO, 1215 ranges + 1215 range rates + 1215 az/el pairs,
 * 48 h; from ../shared/reference/od/V3, skipped with a note without it), full force model (EGM96 20×20,
 * Harris–Priester, SRP, Sun and Moon), from the stated a priori with the default optimizer — next to Orekit 13.1's
 * `BatchLSEstimator.estimate()` wall time from the reference (`timing` of each solution file, same machine class,
 * load given there; goal for V3: ≥ 10× faster); then the integrator tolerance
 * against accuracy (our estimate vs Orekit's and vs the truth), and residuals of 2,000 and 20,000 measurements over a
 * day (`measurements.residuals`, one propagation with dense output).
 *
 * Sections are a list: the API side appends the end-to-end figure (HTTP upload → OD job → solution) with
 * `sections.push(...)` from its own module, so the table stays one.
 */
import os from 'node:os';
import { estimateOrbit, OD_POSITION_TOLERANCE_M } from '../engine/estimation/leastSquares/batchLeastSquares.ts';
import type { EstimationInput, EstimationResult } from '../engine/estimation/common/types.ts';
import { computeResiduals } from '../engine/measurements/residuals.ts';
import type { ObservableKind } from '../engine/measurements/observables.ts';
import type { MeasurementInput } from '../engine/measurements/types.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { bundledEarthData } from '../earthData/files.ts';
import { odApiSection } from './lib/odApiSection.ts';
import { loadMeasurements, loadOdCase, loadSolution, loadStations, loadTruth, propagationInput, type OdCaseId, type ScenarioId } from '../test/engine/measurements/odReference.ts';
import { SHARED_OD } from '../test/engine/measurements/orekitModelCases.ts';

export interface BenchRow {
  what: string;
  /** Our figure (ms, median of the timed runs). */
  ms: number;
  /** Orekit's on the same work, when there is one (ms). */
  orekitMs?: number;
  detail: string;
}

export interface BenchSection {
  title: string;
  run(): Promise<BenchRow[]> | BenchRow[];
}

const earth = bundledEarthData();
const truth = loadTruth();
const SIGMA = { rangeM: 5, rangeRateMS: 0.001, angleDeg: 0.01 };
const stations = loadStations().map((s) => ({ ...s, sigma: SIGMA }));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function fitInput(id: ScenarioId, dP: number): EstimationInput {
  return { apriori: propagationInput(truth.a_priori_state_gcrf, truth.od_epoch_utc, truth, dP), solveFor: {}, stations, measurements: loadMeasurements(id).measurements };
}

function errorM(a: number[], b: number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * 1000;
}

/** A warm-up fit (JIT, like Orekit's reported runs), then `rounds` timed ones: median wall and CPU time, the last result. */
function timedFits(input: EstimationInput, rounds: number): { ms: number; cpuMs: number; minMs: number; res: EstimationResult } {
  estimateOrbit(input, earth);
  const wall: number[] = [];
  const cpu: number[] = [];
  let res: EstimationResult | null = null;
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    res = estimateOrbit(input, earth);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ms: median(wall), cpuMs: median(cpu), minMs: Math.min(...wall), res: res! };
}

const estimation: BenchSection = {
  title: `Estimation (engine), default optimizer and dP = ${OD_POSITION_TOLERANCE_M} m, median of 5 after a warm-up (V3: of 3)`,
  run() {
    const rows: BenchRow[] = [];
    for (const id of ['V1', 'V2', 'V3'] as OdCaseId[]) {
      const c = loadOdCase(id, SHARED_OD);
      if (c === null) {
        console.log(`(${id} skipped: ${SHARED_OD}${id} is not here)`);
        continue;
      }
      const input = { apriori: c.apriori, solveFor: {}, stations: c.stations.map((s) => ({ ...s, sigma: SIGMA })), measurements: c.measurements };
      const { ms, cpuMs, minMs, res } = timedFits(input, id === 'V3' ? 3 : 5);
      const o = c.orekit;
      rows.push({
        what: `${id} estimate (${res.residuals.length} measurements)`,
        ms,
        orekitMs: o.timing.wallMsMedian,
        detail:
          `cpu ${cpuMs.toFixed(0)} ms, min ${minMs.toFixed(0)} ms; ${res.iterations.length} evaluations (Orekit ${o.iterations}); error vs truth ` +
          `${errorM(res.positionKm, c.truthState.pos_km).toFixed(3)} m (Orekit ${o.positionErrorM.toFixed(3)} m); Orekit load ${o.timing.loadAverage.toFixed(1)}, its min ` +
          `${(o.timing.wallMsMin / 1000).toFixed(1)} s${id === 'V3' ? `; goal ≥ 10× faster (≤ ${(o.timing.wallMsMedian / 10).toFixed(0)} ms): ${o.timing.wallMsMedian / ms >= 10 ? 'met' : 'NOT met'}` : ''}`,
      });
    }
    return rows;
  },
};

const tolerance: BenchSection = {
  title: 'Integrator tolerance vs accuracy (Orekit estimates at dP = 1e-6 m)',
  run() {
    const rows: BenchRow[] = [];
    for (const id of ['V1', 'V2'] as ScenarioId[]) {
      const sol = loadSolution(id);
      for (const dP of [1e-3, 1e-4, 1e-5, 1e-6]) {
        const { ms, cpuMs, res } = timedFits(fitInput(id, dP), 1);
        rows.push({
          what: `${id} dP ${dP.toExponential(0)} m`,
          ms,
          detail: `cpu ${cpuMs.toFixed(0)} ms; ${res.iterations.length} evaluations; ${errorM(res.positionKm, sol.solution.estimated_state_gcrf.pos_km).toFixed(3)} m from Orekit's estimate, ${errorM(res.positionKm, truth.truth_state_at_od_epoch_gcrf.pos_km).toFixed(3)} m from the truth; weighted RMS ${res.iterations.at(-1)!.weightedRms.toFixed(4)}`,
        });
      }
    }
    return rows;
  },
};

/** `count` measurements spread evenly over the day, cycling through kinds and stations (time tags every 86400/count s). */
function syntheticMeasurements(count: number): MeasurementInput[] {
  const epoch = Epoch.parse(truth.od_epoch_utc, 'UTC');
  const kinds: { kind: ObservableKind; dim: number }[] = [{ kind: 'RANGE', dim: 1 }, { kind: 'RANGE_RATE', dim: 1 }, { kind: 'AZEL', dim: 2 }];
  const out: MeasurementInput[] = [];
  for (let i = 0; i < count; i++) {
    const k = kinds[i % kinds.length]!;
    out.push({
      id: `m${i}`, kind: k.kind, epochUtc: epoch.plusSeconds(((i + 1) * 86400) / (count + 1)).toIsoString(6), observed: new Array(k.dim).fill(0),
      sigma: null, twoWay: true, timetag: 'RECEIVE', stationId: stations[i % stations.length]!.id, frame: null, outlier: false,
    });
  }
  return out;
}

const residuals: BenchSection = {
  title: 'Residuals of stored measurements against an orbit (engine: propagation + models + statistics), median of 5',
  run() {
    const rows: BenchRow[] = [];
    const propagation = propagationInput(truth.truth_state_at_od_epoch_gcrf, truth.od_epoch_utc, truth);
    for (const count of [2000, 20000]) {
      const measurements = syntheticMeasurements(count);
      computeResiduals({ propagation, stations, measurements }, earth);
      const times: number[] = [];
      const cpu: number[] = [];
      for (let r = 0; r < 5; r++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const out = computeResiduals({ propagation, stations, measurements }, earth);
        times.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        if (out.residuals.length !== count) throw new Error('residual count');
      }
      rows.push({ what: `${count} measurements, 1 day`, ms: median(times), detail: `cpu ${median(cpu).toFixed(0)} ms; min ${Math.min(...times).toFixed(1)} ms` });
    }
    return rows;
  },
};

export const sections: BenchSection[] = [estimation, tolerance, residuals, odApiSection];

export async function main(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Apsis orbit-determination benchmark — ${cpu}, ${os.cpus().length} CPUs, Node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  for (const section of sections) {
    console.log(`## ${section.title}`);
    for (const row of await section.run()) {
      const vs = row.orekitMs !== undefined ? ` | Orekit ${(row.orekitMs / 1000).toFixed(1)} s → ${(row.orekitMs / row.ms).toFixed(0)}× faster` : '';
      console.log(`${row.what.padEnd(34)} | ${row.ms.toFixed(1).padStart(8)} ms${vs} | ${row.detail}`);
    }
    console.log('');
  }
  console.log(`load after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
