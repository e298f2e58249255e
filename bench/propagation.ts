/**
 * Propagation benchmark: `npm run bench:propagation`.
 *
 * One-day full-model propagations (EGM96 20×20, Harris–Priester, SRP with conical shadow, Sun and Moon; 800 kg,
 * 60 s outputs) of a LEO (SSO 700 km), a GTO (250 × 35,786 km) and a HEO (500 × 12,000 km, 63.4°), and a 30-day
 * LEO, at dP = 1e-3, 1e-4 and 1e-5 m (the default). Timed: environment construction (EOP/nutation nodes, Sun/Moon
 * nodes) + propagate(). Printed beside the times: integration steps, force-model evaluations and the largest
 * position difference over the outputs from the converged reference (our own run at dP = 1e-9 m, same model).
 *
 * Orekit 13.1 side by side: when Orekit is available (`OREKIT_RUN_JAVA`, default /work/orekit-build/run-java.sh),
 * test/fixtures/propagation/tools/OrekitPropagation.java runs the same one-day cases with Orekit's settings
 * (DormandPrince853, tolerances from dP, 60 s outputs) in a JVM that the benchmark drives one run at a time,
 * alternating with its own runs, so both are timed under the same load on this shared machine. Orekit's error is
 * against Orekit's own converged run (dP 1e-10 m). Without Orekit the table says so and the README's figures apply.
 */
import { readFileSync, existsSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { propagate, DEFAULT_POSITION_TOLERANCE_M, type PropagationRequest } from '../engine/propagation/propagator.ts';
import { InterpolatedEarthEnvironment } from '../engine/propagation/earthEnvironment.ts';
import { EopTable, type EopRow } from '../engine/frames/eop.ts';
import { Epoch } from '../engine/time/epoch.ts';
import { HarrisPriesterAtmosphere } from '../engine/forces/harrisPriester.ts';
import { Nrlmsise00Atmosphere } from '../engine/forces/nrlmsise00Atmosphere.ts';
import { bundledEarthData } from '../earthData/files.ts';

const FIX = new URL('../test/fixtures/propagation/', import.meta.url);
type OrbitFile = { orbit: { epoch_utc: string; initial_state_gcrf: { pos_km: number[]; vel_km_s: number[] } } };
const orbitFile = (name: string): OrbitFile => JSON.parse(readFileSync(new URL(name, FIX), 'utf8')) as OrbitFile;
const ref = orbitFile('SSO_700_98.2.json');
const gto = orbitFile('GTO_250x35786_27.json');
// the HEO's initial state is Orekit's Cartesian conversion of its elements (tools/OrekitPropagation.java)
const heo = orbitFile('HEO_500x12000_63.4.json');

function loadEop(): EopTable {
  const lines = readFileSync(new URL('eopc04_20.2023-03.csv', FIX), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const h = lines[0]!.split(';');
  const c = (n: string): number => h.indexOf(n);
  const rows: EopRow[] = lines.slice(1).map((l) => {
    const f = l.split(';');
    return {
      mjd: Number(f[c('MJD')]),
      xpArcsec: Number(f[c('x_pole')]),
      ypArcsec: Number(f[c('y_pole')]),
      dut1Seconds: Number(f[c('UT1-UTC')]),
      lodSeconds: Number(f[c('LOD')]),
      dxArcsec: Number(f[c('dX')]),
      dyArcsec: Number(f[c('dY')]),
      ddPsiArcsec: 0,
      ddEpsArcsec: 0,
      predicted: false,
    };
  });
  return EopTable.fromRows(rows);
}
const eop = loadEop();

const SC = { massKg: 800, dryMassKg: 500, dragAreaM2: 2, dragCoefficient: 2.2, srpAreaM2: 2, reflectivityCoefficient: 1.3 };

function request(orbit: OrbitFile, days: number, dP: number, env: InterpolatedEarthEnvironment): PropagationRequest {
  const times: number[] = [];
  for (let t = 0; t <= days * 86400; t += 60) times.push(t);
  return {
    positionKm: orbit.orbit.initial_state_gcrf.pos_km,
    velocityKmS: orbit.orbit.initial_state_gcrf.vel_km_s,
    spacecraft: SC,
    outputTimesS: times,
    environment: env,
    integrator: { positionToleranceM: dP },
  };
}

interface Timed {
  ms: number;
  cpuMs: number;
  states: Float64Array;
  evals: number;
  steps: number;
}

function timed(orbit: OrbitFile, epoch: Epoch, days: number, dP: number): Timed {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS: days * 86400, eop });
  const res = propagate(request(orbit, days, dP, env));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, states: res.statesKm, evals: res.statistics.evaluations, steps: res.statistics.steps };
}

function maxDevM(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i += 6) m = Math.max(m, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!) * 1000);
  return m;
}

function median(xs: number[]): number {
  const s = [...xs].sort((p, q) => p - q);
  return s[Math.floor(s.length / 2)]!;
}

/** The Orekit timing partner (one JVM, one request line and one answer line at a time). */
class OrekitPartner {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;

  constructor(runJava: string) {
    const tool = fileURLToPath(new URL('../test/fixtures/propagation/tools/OrekitPropagation.java', import.meta.url));
    this.child = spawn(runJava, [tool], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (d: Buffer) => process.stderr.write(`[orekit] ${d.toString()}`));
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  private async ask(line: string): Promise<string[]> {
    this.child.stdin.write(line + '\n');
    const next = await this.lines.next();
    if (next.done) throw new Error(`Orekit partner ended on '${line}'`);
    const f = next.value.trim().split(/\s+/);
    if (f[0] === 'error') throw new Error(next.value);
    return f;
  }

  /** Defines orbit NAME on the Orekit side from our initial GCRF state (km, km/s; shortest round-trip decimals). */
  async define(name: string, epochUtc: string, state: number[]): Promise<void> {
    await this.ask(`define ${name} ${epochUtc} ${state.map(String).join(' ')}`);
  }

  async run(name: string, dP: number): Promise<{ ms: number; cpuMs: number; steps: number; evals: number; devM: number }> {
    const f = await this.ask(`run ${name} ${dP}`);
    return { ms: Number(f[3]), cpuMs: Number(f[4]), steps: Number(f[5]), evals: Number(f[6]), devM: Number(f[7]) };
  }

  close(): void {
    this.child.stdin.end('quit\n');
  }
}

const runJava = process.env.OREKIT_RUN_JAVA ?? '/work/orekit-build/run-java.sh';
const orekit = existsSync(runJava) && process.env.OREKIT_RUN_JAVA !== '' ? new OrekitPartner(runJava) : null;

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const load = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`Apsis propagation benchmark — ${cpu}, ${os.cpus().length} CPUs, Node ${process.version}, load ${load()}`);
console.log('full model: EGM96 20×20 + Harris–Priester + SRP (conical shadow, events) + Sun/Moon; 800 kg; 60 s outputs');
console.log(
  orekit
    ? `Orekit 13.1 timed alternately in one JVM (${runJava}); its error is against its own dP 1e-10 m run\n`
    : 'Orekit not available (OREKIT_RUN_JAVA): no side-by-side timing; see the README for Orekit figures\n',
);

const cases = [
  { label: 'SSO 700 km, 1 day', name: 'SSO', orbit: ref, epoch: Epoch.parse('2023-03-08T06:30:00', 'UTC'), days: 1, rounds: 15 },
  { label: 'GTO 250×35786 km, 1 day', name: 'GTO', orbit: gto, epoch: Epoch.parse('2023-03-21T12:00:00', 'UTC'), days: 1, rounds: 15 },
  { label: 'HEO 500×12000 km, 1 day', name: 'HEO', orbit: heo, epoch: Epoch.parse(heo.orbit.epoch_utc, 'UTC'), days: 1, rounds: 15 },
  { label: 'SSO 700 km, 30 days', name: null, orbit: ref, epoch: Epoch.parse('2023-03-01T06:30:00', 'UTC'), days: 30, rounds: 3 },
];
if (orekit) {
  // the same initial states on both sides; then the JVM's warm-up (its JIT compiles for several runs)
  for (const c of cases) {
    if (c.name === null) continue;
    const st = c.orbit.orbit.initial_state_gcrf;
    await orekit.define(c.name, c.epoch.toString('UTC', 3), [...st.pos_km, ...st.vel_km_s]);
  }
  for (let w = 0; w < 4; w++) for (const c of cases) if (c.name !== null) await orekit.run(c.name, 1e-3);
}
const tolerances = [1e-3, 1e-4, DEFAULT_POSITION_TOLERANCE_M];
const orekitAnchor = new Map<string, number>(); // Orekit's median at dP 1e-3 m per case
console.log('case                     | dP [m] | Apsis ms median (min) | CPU ms | steps | evals | dev [m] | Orekit ms median (min) | CPU ms | steps | evals | dev [m] | Orekit/Apsis');
console.log('-------------------------|--------|-----------------------|--------|-------|-------|---------|------------------------|--------|-------|-------|---------|-------------');
const summary: string[] = [];
for (const c of cases) {
  const conv = timed(c.orbit, c.epoch, c.days, 1e-9).states;
  for (const dP of tolerances) {
    const withOrekit = orekit !== null && c.name !== null;
    for (let w = 0; w < 3; w++) {
      timed(c.orbit, c.epoch, c.days, dP); // warm-up
      if (withOrekit) await orekit.run(c.name!, dP);
    }
    if (withOrekit) for (let w = 0; w < 2; w++) await orekit.run(c.name!, dP); // the JIT needs longer
    const ours: Timed[] = [];
    const theirs: Awaited<ReturnType<OrekitPartner['run']>>[] = [];
    for (let r = 0; r < c.rounds; r++) {
      ours.push(timed(c.orbit, c.epoch, c.days, dP));
      if (withOrekit) theirs.push(await orekit.run(c.name!, dP));
    }
    const last = ours[ours.length - 1]!;
    const med = median(ours.map((x) => x.ms));
    let line =
      `${c.label.padEnd(25)}| ${dP.toExponential(0).padEnd(7)}| ${`${med.toFixed(1)} (${Math.min(...ours.map((x) => x.ms)).toFixed(1)})`.padStart(21)} ` +
      `| ${median(ours.map((x) => x.cpuMs)).toFixed(1).padStart(6)} | ${String(last.steps).padStart(5)} | ${String(last.evals).padStart(5)} | ${maxDevM(last.states, conv).toFixed(3).padStart(7)} `;
    if (withOrekit) {
      const o = theirs[theirs.length - 1]!;
      const omed = median(theirs.map((x) => x.ms));
      if (dP === 1e-3) orekitAnchor.set(c.label, omed);
      line +=
        `| ${`${omed.toFixed(1)} (${Math.min(...theirs.map((x) => x.ms)).toFixed(1)})`.padStart(22)} | ${median(theirs.map((x) => x.cpuMs)).toFixed(1).padStart(6)} ` +
        `| ${String(o.steps).padStart(5)} | ${String(o.evals).padStart(5)} | ${o.devM.toFixed(3).padStart(7)} | ${(omed / med).toFixed(1)}× (CPU ${(median(theirs.map((x) => x.cpuMs)) / median(ours.map((x) => x.cpuMs))).toFixed(1)}×)`;
      if (dP !== 1e-3) summary.push(`${c.label}: Apsis at dP ${dP.toExponential(0)} (${maxDevM(last.states, conv).toFixed(3)} m) is ${(orekitAnchor.get(c.label)! / med).toFixed(1)}× faster than Orekit at dP 1e-3`);
    } else {
      line += '|                        |        |       |       |         |';
    }
    console.log(line);
  }
}
if (orekit) {
  orekit.close();
  console.log('\n' + summary.join('\n'));
}
console.log(`load after: ${load()}`);

// ---- NRLMSISE-00 next to Harris–Priester ----
// The Orekit NRLMSISE-00 reference (test/fixtures/atmosphere): LEO 400 km 51.6°, 2023-02-01, mass 500 kg, 1 m², Cd 2.2,
// Cr 1.5, bundled CSSI space weather and IERS 20 C04 EOP. Orekit 13.1 on the reference machine: 949 ms (dP 1e-6 m,
// 896 steps), 347 ms (dP 1e-3 m, 405 steps).
const msisRef = JSON.parse(readFileSync(new URL('../test/fixtures/atmosphere/msis_propagation_LEO_400.json', import.meta.url), 'utf8')) as {
  settings: { epoch_utc: string };
  initial_state_gcrf: { pos_km: number[]; vel_km_s: number[] };
  samples: number[][];
};
const earth = bundledEarthData();
const msisEpoch = Epoch.parse(msisRef.settings.epoch_utc);
const LEO_SC = { massKg: 500, dragAreaM2: 1, dragCoefficient: 2.2, srpAreaM2: 1, reflectivityCoefficient: 1.5 };

function timedAtmosphere(
  state: { pos_km: number[]; vel_km_s: number[] },
  epoch: Epoch,
  spacecraft: typeof LEO_SC,
  atmosphere: 'HARRIS_PRIESTER' | 'NRLMSISE00',
  outputTimesS: number[],
): { ms: number; states: Float64Array; evals: number; steps: number } {
  const t0 = performance.now();
  const endS = outputTimesS[outputTimesS.length - 1]!;
  const env = new InterpolatedEarthEnvironment({ epoch, startS: 0, endS, eop: earth.eop });
  const nrlmsise00 = new Nrlmsise00Atmosphere({ spaceWeather: earth.spaceWeather, epoch, ut1MinusUtcSeconds: earth.eop.at(epoch).dut1Seconds });
  const res = propagate({
    positionKm: state.pos_km,
    velocityKmS: state.vel_km_s,
    spacecraft,
    forceModel: { atmosphere, nrlmsise00 },
    outputTimesS,
    environment: env,
  });
  return { ms: performance.now() - t0, states: res.statesKm, evals: res.statistics.evaluations, steps: res.statistics.steps };
}

console.log('\nNRLMSISE-00 drag (gtd7d, CSSI space weather) next to Harris–Priester; full model otherwise, 60 s outputs, default dP');
console.log('case                         | atmosphere      | ms median (min) | steps | evals | vs Orekit NRLMSISE-00 [m]');
console.log('-----------------------------|-----------------|-----------------|-------|-------|--------------------------');
const minute = (days: number) => Array.from({ length: days * 1440 + 1 }, (_, i) => i * 60);
const atmosphereCases = [
  { label: 'LEO 400 km 51.6°, 1 day', state: msisRef.initial_state_gcrf, epoch: msisEpoch, sc: LEO_SC, times: msisRef.samples.map((s) => s[0]!), ref: msisRef.samples },
  { label: 'SSO 700 km, 1 day', state: ref.orbit.initial_state_gcrf, epoch: Epoch.parse('2023-03-08T06:30:00', 'UTC'), sc: { ...LEO_SC, ...SC }, times: minute(1), ref: null },
];
for (const c of atmosphereCases) {
  for (const atmosphere of ['HARRIS_PRIESTER', 'NRLMSISE00'] as const) {
    for (let w = 0; w < 3; w++) timedAtmosphere(c.state, c.epoch, c.sc, atmosphere, c.times);
    const times: number[] = [];
    let last = timedAtmosphere(c.state, c.epoch, c.sc, atmosphere, c.times);
    for (let r = 0; r < 10; r++) {
      last = timedAtmosphere(c.state, c.epoch, c.sc, atmosphere, c.times);
      times.push(last.ms);
    }
    let dev = '';
    if (c.ref) {
      let m = 0;
      c.ref.forEach((s, i) => (m = Math.max(m, Math.hypot(last.states[6 * i]! - s[1]!, last.states[6 * i + 1]! - s[2]!, last.states[6 * i + 2]! - s[3]!) * 1000)));
      dev = m.toFixed(2);
    }
    console.log(
      `${c.label.padEnd(29)}| ${atmosphere.padEnd(16)}| ${median(times).toFixed(1).padStart(7)} (${Math.min(...times).toFixed(1)})`.padEnd(67) +
        `| ${String(last.steps).padStart(5)} | ${String(last.evals).padStart(6)}| ${dev}`,
    );
  }
}

// one density evaluation (the whole NRLMSISE-00 cost per force evaluation: drivers, geodetic, gtd7d)
{
  const atm = new Nrlmsise00Atmosphere({ spaceWeather: earth.spaceWeather, epoch: msisEpoch, ut1MinusUtcSeconds: 0 });
  const hp = new HarrisPriesterAtmosphere();
  const n = 200_000;
  const run = (f: (i: number) => number) => {
    let s = 0;
    for (let i = 0; i < n / 4; i++) s += f(i); // warm-up
    const t0 = performance.now();
    for (let i = 0; i < n; i++) s += f(i);
    return { us: ((performance.now() - t0) / n) * 1000, s };
  };
  const pos = (i: number, k: number) => 6778e3 * (k === 0 ? Math.cos(i * 1e-3) : Math.sin(i * 1e-3));
  const m = run((i) => atm.density(i * 0.4, pos(i, 0), pos(i, 1), 1.5e6, 1.4e11, 2e10));
  const h = run((i) => hp.density(pos(i, 0), pos(i, 1), 1.5e6, 1.4e11, 2e10, 1e9));
  console.log(`\ndensity per evaluation: NRLMSISE-00 ${m.us.toFixed(2)} µs, Harris–Priester ${h.us.toFixed(3)} µs`);
}
