/**
 * Avoidance burns against Orekit 13.1 (issue 38, "Checks"): the post-burn state at the TCA of an impulsive and of a
 * constant-thrust burn, re-propagated by engine/avoidance/repropagation.ts, against Orekit's `ImpulseManeuver` and
 * `ConstantThrustManeuver` propagation of the same burn (test/fixtures/avoidance/orekit_burns.json, made by
 * tools/OrekitAvoidanceBurns.java: the same TCA state, force model, mass, thrust, Isp, the burn held in RTN through
 * LofOffset(GCRF, QSW), the finite burn centred on the burn time). The fixture is committed, so this runs without Java.
 *
 * Tolerance: the README's propagation tolerance for a full-model propagation with a finite burn against Orekit 13.1 is
 * 25 m (docs/engine.md, "full + 1 N finite burn"). Asserted here, much tighter: 1 cm on the position and 0.01 mm/s on
 * the velocity at the TCA; the displacement the burn causes (burned minus unburned state at the TCA, each side against
 * its own unburned back-and-forth) within 1e-6 of itself + 5 mm; the one-way back-propagation (the TCA state to the
 * burn, where the force models' difference does not cancel as it largely does on the way back) within 1 m.
 * Measured (2026-12-03): at the TCA 9–30 µm and ≤ 0.05 µm/s from Orekit for every burn, the burn displacements
 * (1.8–4.5 km) within 1–23 µm; one way 1.1 mm (LEO, 9525 s) and 3.4 mm (HEO, 7650 s). What this discriminates: a
 * finite burn started at the burn time instead of centred on it lands 10.7 m (LEO) and 43.6 m (HEO) from Orekit's
 * state for the oblique burns (measured by shifting the lead time by D/2), TNW instead of QSW axes turn the oblique
 * burn by the flight-path angle, a wrong mass flow changes the delivered Δv; each far beyond 5 mm.
 *
 * A last test re-runs the Java program when Java 17 and the local Orekit build are there (`../orekit-build/run-java.sh`,
 * or APSIS_OREKIT_BUILD=<dir>, see test/fixtures/avoidance/README.md) and checks that it reproduces the committed
 * fixture; without them (CI) it is skipped with the reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  avoidancePropagation,
  burnPoints,
  linearTradeSpace,
  repropagateCandidate,
  type AvoidanceBurn,
  type BurnExecution,
  type RepropagatedCandidate,
} from '../../../engine/avoidance/index.ts';
import { propagate } from '../../../engine/propagation/propagator.ts';
import { DenseOutputTrajectory } from '../../../engine/trajectories/denseOutput.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { EARTH, syntheticEncounter } from './scenarios.ts';

interface OrekitState { pos_km: number[]; vel_km_s: number[]; mass_kg: number }
interface OrekitCase {
  coast_start_state_gcrf: OrekitState;
  coast_start_offset_s: number;
  name: string;
  tca_epoch_utc: string;
  tca_state_gcrf: OrekitState;
  lead_time_s: number;
  delta_v_m_s: number;
  thrust_n: number;
  isp_s: number;
  propellant_kg: number;
  finite_duration_s: number;
  finite_start_offset_s: number;
  no_burn_at_tca: OrekitState;
  impulsive: { direction_rtn: number[]; at_tca: OrekitState };
  finite: { direction_rtn: number[]; at_tca: OrekitState }[];
}
interface OrekitFixture {
  settings: { mass_kg: number; drag_area_m2: number; cd: number; srp_area_m2: number; cr: number };
  cases: OrekitCase[];
}

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE_TEXT = readFileSync(join(REPO, 'test/fixtures/avoidance/orekit_burns.json'), 'utf8');
const FIXTURE = JSON.parse(FIXTURE_TEXT) as OrekitFixture;
const S = FIXTURE.settings;
const SPACECRAFT = { massKg: S.mass_kg, dragAreaM2: S.drag_area_m2, dragCoefficient: S.cd, srpAreaM2: S.srp_area_m2, reflectivityCoefficient: S.cr };
/** Our engine's full model at 20×20: EGM96, Harris–Priester, SRP, Sun and Moon (the propagator's defaults). */
const FULL = { gravityDegree: 20, gravityOrder: 20 } as const;
const NO_ERRORS = { magnitudeFraction: 0, pointingRad: 0 };

const POSITION_TOLERANCE_M = 0.01;
const VELOCITY_TOLERANCE_MM_S = 0.01;
const BURN_RELATIVE_TOLERANCE = 1e-6;
const BURN_FLOOR_M = 0.005;
const ONE_WAY_TOLERANCE_M = 1;

const vec = (s: OrekitState): Float64Array => Float64Array.from([...s.pos_km, ...s.vel_km_s]);
const posDiffM = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * 1000;
const velDiffMmS = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.hypot(a[3]! - b[3]!, a[4]! - b[4]!, a[5]! - b[5]!) * 1e6;
/** (a − b) − (c − d) in position, m: one side's burn displacement against the other's. */
const displacementDiffM = (a: ArrayLike<number>, b: ArrayLike<number>, c: ArrayLike<number>, d: ArrayLike<number>): number =>
  Math.hypot(...[0, 1, 2].map((i) => a[i]! - b[i]! - (c[i]! - d[i]!))) * 1000;

/** The re-propagated trajectory at the nominal TCA instant (its t = 0 is the burn start). */
function atNominalTca(c: RepropagatedCandidate, epoch: Epoch): Float64Array {
  const out = new Float64Array(6);
  new DenseOutputTrajectory(c.trajectory, epoch.plusSeconds(c.burnStartOffsetS)).stateAt(-c.burnStartOffsetS, out);
  return out;
}

for (const oc of FIXTURE.cases) {
  test(`${oc.name}: impulsive and constant-thrust burns at the TCA vs Orekit 13.1 ImpulseManeuver / ConstantThrustManeuver, ≤ ${POSITION_TOLERANCE_M} m and ≤ ${VELOCITY_TOLERANCE_MM_S} mm/s (README: 25 m); the burn's displacement within ${BURN_RELATIVE_TOLERANCE} + ${BURN_FLOOR_M} m`, (t) => {
    const epoch = Epoch.parse(oc.tca_epoch_utc, 'UTC');
    const tca = vec(oc.tca_state_gcrf);
    const encounter = syntheticEncounter(tca, 'LEO');
    const propagation = avoidancePropagation(epoch, EARTH, SPACECRAFT, FULL);

    // our own back-and-forth without a burn (the closure Orekit's no_burn_at_tca is)
    const coast = -oc.coast_start_offset_s;
    const back = propagate({ positionKm: tca.subarray(0, 3), velocityKmS: tca.subarray(3, 6), spacecraft: SPACECRAFT, ...propagation.dynamicsAt(0, -coast, 0), outputTimesS: [-coast] });
    const b0 = back.statesKm;
    const forth = propagate({ positionKm: b0.subarray(0, 3), velocityKmS: b0.subarray(3, 6), spacecraft: SPACECRAFT, ...propagation.dynamicsAt(-coast, 0, coast), outputTimesS: [coast] });
    const oursNoBurn = forth.statesKm;
    const orekitNoBurn = vec(oc.no_burn_at_tca);
    // one way: the back-propagated state (the round trip cancels most of the force models' difference, this does not)
    const orekitBack = vec(oc.coast_start_state_gcrf);
    const oneWayM = posDiffM(b0, orekitBack);
    t.diagnostic(`one way, ${coast.toFixed(1)} s back from the TCA: ours − Orekit ${oneWayM.toFixed(6)} m, ${velDiffMmS(b0, orekitBack).toFixed(5)} mm/s`);
    assert.ok(Math.abs(oc.coast_start_offset_s - (-oc.lead_time_s - 600 - oc.finite_duration_s / 2)) < 1e-9);
    assert.ok(oneWayM <= ONE_WAY_TOLERANCE_M, `one way ${oneWayM} m from Orekit`);
    t.diagnostic(`no burn, back ${coast.toFixed(1)} s and forth: ours − Orekit ${posDiffM(oursNoBurn, orekitNoBurn).toFixed(6)} m, ${velDiffMmS(oursNoBurn, orekitNoBurn).toFixed(5)} mm/s; closure ours ${posDiffM(oursNoBurn, tca).toFixed(6)} m, Orekit ${posDiffM(orekitNoBurn, tca).toFixed(6)} m`);

    // (1) impulsive along-track: the candidate as the trade space builds it (its GCRF Δv from the RTN at the burn point)
    const [point] = burnPoints(tca, [oc.lead_time_s], propagation);
    const linear = linearTradeSpace({ encounter, burnPoints: [point!], directions: ['ALONG_TRACK_PLUS'], deltaVSizesMetersPerSecond: [oc.delta_v_m_s], executionErrors: NO_ERRORS, ispS: oc.isp_s });
    const impulseBurn = linear.candidates[0]!;
    const runs: { label: string; execution: BurnExecution; burn: AvoidanceBurn; orekit: OrekitState }[] = [
      { label: 'impulsive along-track', execution: { kind: 'IMPULSIVE', ispS: oc.isp_s }, burn: impulseBurn, orekit: oc.impulsive.at_tca },
      ...oc.finite.map((f) => {
        const n = Math.hypot(f.direction_rtn[0]!, f.direction_rtn[1]!, f.direction_rtn[2]!);
        const dvRtn = f.direction_rtn.map((x) => (x / n) * oc.delta_v_m_s) as [number, number, number];
        return {
          label: `finite ${oc.thrust_n} N RTN (${f.direction_rtn.join(', ')})`,
          execution: { kind: 'FINITE', thrustN: oc.thrust_n, ispS: oc.isp_s } as BurnExecution,
          burn: { leadTimeS: oc.lead_time_s, direction: 'OPTIMAL', deltaVMetersPerSecond: oc.delta_v_m_s, deltaVRtnMetersPerSecond: dvRtn, deltaVGcrfMetersPerSecond: [0, 0, 0] } as AvoidanceBurn,
          orekit: f.at_tca,
        };
      }),
    ];
    for (const r of runs) {
      const c = repropagateCandidate({ encounter, propagation, burn: r.burn, execution: r.execution, executionErrors: NO_ERRORS });
      const ours = atNominalTca(c, epoch);
      const orekit = vec(r.orekit);
      const dp = posDiffM(ours, orekit);
      const dv = velDiffMmS(ours, orekit);
      const moved = posDiffM(orekit, orekitNoBurn);
      const burnDiff = displacementDiffM(ours, oursNoBurn, orekit, orekitNoBurn);
      t.diagnostic(
        `${r.label}: burn ${c.burnDurationS.toFixed(3)} s from ${c.burnStartOffsetS.toFixed(3)} s; displacement at TCA ${moved.toFixed(1)} m; ` +
          `ours − Orekit ${dp.toFixed(6)} m, ${dv.toFixed(5)} mm/s; burn displacement ours − Orekit ${burnDiff.toFixed(6)} m; mass ${c.massAfterBurnKg.toFixed(9)} kg (Orekit ${r.orekit.mass_kg.toFixed(9)})`,
      );
      if (r.execution.kind === 'FINITE') {
        assert.ok(Math.abs(c.burnDurationS - oc.finite_duration_s) < 1e-9, `duration ${c.burnDurationS} vs ${oc.finite_duration_s}`);
        assert.ok(Math.abs(c.burnStartOffsetS - oc.finite_start_offset_s) < 1e-9, `start ${c.burnStartOffsetS} vs ${oc.finite_start_offset_s}`);
      }
      assert.ok(Math.abs(c.propellantKg - oc.propellant_kg) < 1e-12);
      assert.ok(Math.abs(c.massAfterBurnKg - r.orekit.mass_kg) < 1e-6, `mass ${c.massAfterBurnKg} vs Orekit ${r.orekit.mass_kg}`);
      assert.ok(moved > 100, 'the burn must move the primary measurably');
      assert.ok(dp <= POSITION_TOLERANCE_M, `${r.label}: ${dp} m from Orekit`);
      assert.ok(dv <= VELOCITY_TOLERANCE_MM_S, `${r.label}: ${dv} mm/s from Orekit`);
      assert.ok(burnDiff <= BURN_RELATIVE_TOLERANCE * moved + BURN_FLOOR_M, `${r.label}: the burn's displacement is ${burnDiff} m from Orekit's`);
    }
  });
}

const OREKIT_BUILD = process.env['APSIS_OREKIT_BUILD'] ?? join(REPO, '..', 'orekit-build');
const RUN_JAVA = join(OREKIT_BUILD, 'run-java.sh');
const javaAvailable = existsSync(RUN_JAVA) && spawnSync('java', ['-version'], { encoding: 'utf8' }).status === 0;

/** Every number of two JSON values equal to 1e-12 relative, everything else equal. */
function sameJson(a: unknown, b: unknown, where: string): void {
  if (typeof a === 'number' && typeof b === 'number') {
    assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a)), `${where}: ${a} vs ${b}`);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    assert.equal(a.length, b.length, where);
    a.forEach((x, i) => sameJson(x, b[i], `${where}[${i}]`));
  } else if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    assert.deepEqual(Object.keys(a).sort(), Object.keys(b).sort(), where);
    for (const k of Object.keys(a)) sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${where}.${k}`);
  } else {
    assert.equal(a, b, where);
  }
}

test(
  'the committed Orekit fixture is what tools/OrekitAvoidanceBurns.java prints (Orekit 13.1 build)',
  { skip: javaAvailable ? false : `needs Java 17 and the Orekit 13.1 build (${RUN_JAVA}, or APSIS_OREKIT_BUILD=<dir>; see test/fixtures/avoidance/README.md): not present here (CI has neither)` },
  () => {
    const run = spawnSync(RUN_JAVA, [join(REPO, 'test/fixtures/avoidance/tools/OrekitAvoidanceBurns.java')], { encoding: 'utf8', maxBuffer: 1 << 24 });
    assert.equal(run.status, 0, run.stderr);
    sameJson(JSON.parse(run.stdout), JSON.parse(FIXTURE_TEXT), 'orekit_burns');
  },
);
