/**
 * The Orekit OD reference scenarios (test/fixtures/od, see its README) set up through HTTP: the spacecraft with the
 * reference properties and force model, the three stations with the stated noise as their sigmas, the TDM files
 * uploaded (jobs waited for), and state vectors at the OD epoch (truth, a priori, or an along-track offset).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestService } from './service.ts';
import { filesForm } from './service.ts';

export const OD_FIXTURES = fileURLToPath(new URL('../fixtures/od/', import.meta.url));
export type ScenarioId = 'V1' | 'V2';
export const SCENARIO_FILES: Record<ScenarioId, string[]> = { V1: ['V1_range.tdm', 'V1_rangerate.tdm'], V2: ['V2_azel.tdm'] };
/** The stated noise of the simulated data (reference README): 5 m, 1 mm/s, 0.01° per angle. */
export const NOISE = { rangeKm: 0.005, rangeRateKmS: 1e-6, angleDeg: 0.01 };

export interface TruthFile {
  od_epoch_utc: string;
  truth_state_at_od_epoch_gcrf: { pos_km: number[]; vel_km_s: number[] };
  a_priori_state_gcrf: { pos_km: number[]; vel_km_s: number[] };
  spacecraft_properties: { mass_kg: number; area_m2: number; cd: number; cr: number };
  /** [t_s, x, y, z, vx, vy, vz] every 60 s (km, km/s, GCRF). */
  samples: number[][];
}

export interface SolutionFile {
  solution: { iterations: number; estimated_state_gcrf: { pos_km: number[]; vel_km_s: number[] }; sigmas: number[]; rms_normalized_residuals: number };
  error_vs_truth: { position_error_m: number; velocity_error_m_s: number };
  timing: { wall_ms_min: number; wall_ms_median: number };
}

export const readFixture = (name: string): string => readFileSync(OD_FIXTURES + name, 'utf8');
export const loadTruth = (): TruthFile => JSON.parse(readFixture('truth.json')) as TruthFile;
export const loadSolution = (id: ScenarioId): SolutionFile => JSON.parse(readFixture(`${id}_solution.json`)) as SolutionFile;

/** The truth state moved by `alongTrackKm` along S of the RSW frame (W = r×v/|r×v|, S = W×R). */
export function offsetAlongTrack(state: { pos_km: number[]; vel_km_s: number[] }, alongTrackKm: number): number[] {
  const [x, y, z] = state.pos_km as [number, number, number];
  const [vx, vy, vz] = state.vel_km_s as [number, number, number];
  const r = Math.hypot(x, y, z);
  const R = [x / r, y / r, z / r];
  const h = [y * vz - z * vy, z * vx - x * vz, x * vy - y * vx];
  const hn = Math.hypot(h[0]!, h[1]!, h[2]!);
  const W = h.map((c) => c / hn);
  const S = [W[1]! * R[2]! - W[2]! * R[1]!, W[2]! * R[0]! - W[0]! * R[2]!, W[0]! * R[1]! - W[1]! * R[0]!];
  return [x + alongTrackKm * S[0]!, y + alongTrackKm * S[1]!, z + alongTrackKm * S[2]!];
}

export interface Scenario {
  spacecraftId: string;
  stationIds: Record<string, string>;
  epoch: string;
  truth: TruthFile;
}

async function ok(res: Response, status: number): Promise<any> {
  const body = await res.json();
  assert.equal(res.status, status, JSON.stringify(body));
  return body;
}

/** Waits for upload jobs to end; asserts they succeeded. */
export async function waitForJobs(svc: Pick<TestService, 'request'>, key: string, jobIds: string[], timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (const jobId of jobIds) {
    for (;;) {
      const job = await ok(await svc.request('GET', `/operations/measurements/jobs/${jobId}`, { key }), 200);
      if (job.status === 'SUCCEEDED') break;
      assert.notEqual(job.status, 'FAILED', job.error);
      assert.ok(Date.now() < until, `job ${jobId} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Spacecraft `ODREF-<id>` (mass 500 kg, 1 m² for drag and SRP, Cd 2.2, Cr 1.5, the default full force model — the
 * reference's), the three stations (10° mask, sigmas = the stated noise), and the scenario's TDM files uploaded.
 */
export async function setUpScenario(svc: Pick<TestService, 'request'>, key: string, id: ScenarioId): Promise<Scenario> {
  const truth = loadTruth();
  const p = truth.spacecraft_properties;
  const craft = await ok(
    await svc.request('POST', '/operations/spacecraft', {
      key,
      json: { name: `ODREF-${id}`, launchMass: p.mass_kg, dryMass: p.mass_kg, dragArea: p.area_m2, srpArea: p.area_m2, dragCoefficient: p.cd, reflectivityCoefficient: p.cr },
    }),
    201,
  );
  const stationFile = JSON.parse(readFixture('stations.json')) as { min_elevation_deg: number; stations: Array<{ name: string; lat_deg: number; lon_deg: number; alt_m: number }> };
  const stationIds: Record<string, string> = {};
  for (const s of stationFile.stations) {
    const existing = await ok(await svc.request('GET', `/operations/ground-stations?name=${encodeURIComponent(s.name)}`, { key }), 200);
    if (existing.content.length > 0) {
      stationIds[s.name] = existing.content[0].id;
      continue;
    }
    const station = await ok(
      await svc.request('POST', '/operations/ground-stations', {
        key,
        json: {
          name: s.name, latitudeDeg: s.lat_deg, longitudeDeg: s.lon_deg, heightM: s.alt_m, elevationMaskDeg: stationFile.min_elevation_deg,
          sigma: { rangeM: NOISE.rangeKm * 1000, rangeRateMS: NOISE.rangeRateKmS * 1000, angleDeg: NOISE.angleDeg },
        },
      }),
      201,
    );
    stationIds[s.name] = station.id;
  }
  const files = SCENARIO_FILES[id].map((name) => ({ name, content: readFixture(name) }));
  const upload = await ok(await svc.request('POST', '/operations/measurements', { key, body: filesForm(files) }), 202);
  await waitForJobs(svc, key, upload.results.map((r: { jobId: string }) => r.jobId));
  return { spacecraftId: craft.id, stationIds, epoch: truth.od_epoch_utc, truth };
}

/** Stores a GCRF state vector of the scenario's craft at the OD epoch; returns its id (SV-<n>). */
export async function storeState(svc: Pick<TestService, 'request'>, key: string, scenario: Scenario, positionKm: number[], velocityKmS: number[]): Promise<string> {
  const sv = await ok(
    await svc.request('POST', '/operations/state-vectors', {
      key,
      json: {
        spacecraftId: scenario.spacecraftId, epoch: scenario.epoch, referenceFrame: 'GCRF', mass: scenario.truth.spacecraft_properties.mass_kg,
        position: positionKm, velocity: velocityKmS,
      },
    }),
    201,
  );
  return sv.id;
}

/**
 * RMS of the noise actually drawn in a scenario, per component: observed (TDM) − noise_free (Orekit's model on the
 * truth, in the solution file). Residuals of the truth state must reproduce it.
 */
export function realizedNoiseRms(id: ScenarioId): Record<string, number[]> {
  const solution = JSON.parse(readFixture(`${id}_solution.json`)) as { residuals: Array<[string, string, string, number | number[], string]> };
  const noiseFree = new Map<string, number[]>();
  for (const [type, station, epoch, value] of solution.residuals) noiseFree.set(`${type}|${station}|${epoch.slice(0, 19)}`, Array.isArray(value) ? value : [value]);
  const observed = new Map<string, number[]>();
  for (const file of SCENARIO_FILES[id]) {
    let station = '';
    for (const line of readFixture(file).split('\n')) {
      const participant = /^PARTICIPANT_1\s*=\s*(\S+)/.exec(line);
      if (participant) station = participant[1]!;
      const data = /^(RANGE|DOPPLER_INSTANTANEOUS|ANGLE_1|ANGLE_2)\s*=\s*(\S+)\s+(\S+)/.exec(line);
      if (!data) continue;
      const type = data[1] === 'RANGE' ? 'RANGE' : data[1] === 'DOPPLER_INSTANTANEOUS' ? 'RANGE_RATE' : 'AZEL';
      const key = `${type}|${station}|${data[2]!.slice(0, 19)}`;
      const values = observed.get(key) ?? [];
      values[data[1] === 'ANGLE_2' ? 1 : 0] = Number(data[3]);
      observed.set(key, values);
    }
  }
  const sums: Record<string, { n: number; sum2: number[] }> = {};
  for (const [key, values] of observed) {
    const truth = noiseFree.get(key);
    if (!truth) throw new Error(`no noise-free value for ${key}`);
    const type = key.split('|')[0]!;
    const acc = (sums[type] ??= { n: 0, sum2: values.map(() => 0) });
    acc.n++;
    values.forEach((v, i) => {
      let d = v - truth[i]!;
      if (type === 'AZEL' && i === 0) d = ((d + 540) % 360) - 180;
      acc.sum2[i]! += d * d;
    });
  }
  return Object.fromEntries(Object.entries(sums).map(([type, { n, sum2 }]) => [type, sum2.map((s) => Math.sqrt(s / n))]));
}
