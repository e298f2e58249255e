/**
 * The Orekit 13.1 event references, read from outside the repository (`REFERENCE_DIR`; E1 LEO, E2 HEO, E3 TLE LEO): case inputs, the
 * reference events and their per-event tolerances, and the comparison of our events with them. The folder is not
 * marked redistributable, so it is read in place and the tests that need it skip when it is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { InterpolatedEarthEnvironment } from '../../../engine/propagation/earthEnvironment.ts';
import { Epoch } from '../../../engine/time/epoch.ts';
import { type EventPrediction, type EventStationInput } from '../../../engine/events/index.ts';
import { oemTrajectory, type Trajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { azimuthDifference } from './helpers.ts';

export const REFERENCE_DIR = fileURLToPath(new URL('../../../../shared/reference/events/', import.meta.url));
export const REFERENCE_ABSENT = existsSync(REFERENCE_DIR + 'E1/events.json')
  ? false
  : `../shared/reference/events is not present (fresh clone): the Orekit event references are not redistributable`;

export type CaseId = 'E1' | 'E2' | 'E3';

interface RefTime { t_s: number; tolerance_s: number }
interface RefPoint extends RefTime { azimuth_deg: number; range_km: number; elevation_deg: number }
export interface RefPass {
  station: string;
  pass: number;
  cut_at_start: boolean;
  cut_at_end: boolean;
  aos: RefPoint | null;
  los: RefPoint | null;
  max: RefPoint & { tolerance_s: number | null; elevation_tolerance_deg: number; at_span_edge: boolean };
  local_maxima: number;
  all_local_maxima?: (RefPoint & { tolerance_s: number })[];
}
interface RefContact extends RefTime { rate_deg_s: number }
export interface RefEclipse {
  cut_at_start: boolean;
  cut_at_end: boolean;
  has_umbra: boolean;
  penumbra_entry: RefContact | null;
  umbra_entry: RefContact | null;
  umbra_exit: RefContact | null;
  penumbra_exit: RefContact | null;
  shadow_duration_s: number;
  umbra_duration_s: number;
}
export interface RefNode extends RefTime { type: 'ascending' | 'descending'; longitude_deg: number; right_ascension_deg: number }
export interface RefApsis extends RefTime { type: 'perigee' | 'apogee'; radius_km: number; radius_tolerance_km: number; altitude_km: number }

export interface ReferenceCase {
  id: CaseId;
  epoch: Epoch;
  spanS: number;
  stations: EventStationInput[];
  caseJson: {
    trajectory: {
      initial_state_gcrf?: { pos_km: number[]; vel_km_s: number[] };
      tle_line1?: string;
      tle_line2?: string;
      spacecraft?: { mass_kg: number; area_m2: number; cd: number; cr: number };
    };
  };
  events: { passes: RefPass[]; eclipses: RefEclipse[]; nodes: RefNode[]; apsides: RefApsis[] };
}

export function loadCase(id: CaseId): ReferenceCase {
  const dir = `${REFERENCE_DIR}${id}/`;
  const caseJson = JSON.parse(readFileSync(dir + 'case.json', 'utf8'));
  const events = JSON.parse(readFileSync(dir + 'events.json', 'utf8'));
  const stations: EventStationInput[] = caseJson.stations.map((s: { name: string; lat_deg: number; lon_deg: number; alt_m: number; elevation_mask_deg: number }) => ({
    id: s.name,
    name: s.name,
    latitudeDeg: s.lat_deg,
    longitudeDeg: s.lon_deg,
    heightM: s.alt_m,
    elevationMaskDeg: s.elevation_mask_deg,
  }));
  return { id, epoch: Epoch.parse(caseJson.span.start_utc.replace('Z', ''), 'UTC'), spanS: caseJson.span.duration_s, stations, caseJson, events };
}

/** The case's OEM as a trajectory (t = 0 at the span start). */
export function caseOem(c: ReferenceCase): Trajectory {
  return oemTrajectory(parseOem(readFileSync(`${REFERENCE_DIR}${c.id}/${c.id}.oem`, 'utf8')), c.epoch);
}

/** The Earth environment over the case span (bundled IERS 20 C04, the EOP series the reference used). */
export function caseEnvironment(c: ReferenceCase): InterpolatedEarthEnvironment {
  return new InterpolatedEarthEnvironment({ epoch: c.epoch, startS: 0, endS: c.spanS, eop: bundledEopTable() });
}

/** Extra tolerances of quantities the reference gives without one: azimuths (deg) and range at the maximum (km). */
export const AZIMUTH_TOLERANCE_DEG = 0.01;
export const RANGE_TOLERANCE_KM = 0.01;
/** The task's AOS/LOS bound (every reference tolerance_s is at least this). */
export const AOS_LOS_LIMIT_S = 0.1;

export interface Reached {
  aosLosS: number;
  maxTimeOverTolerance: number;
  maxElevationDeg: number;
  azimuthDeg: number;
  rangeAtMaxKm: number;
  contactOverTolerance: number;
  contactS: number;
  nodeS: number;
  apsisOverTolerance: number;
  apsisRadiusKm: number;
}

/**
 * Asserts that `ours` holds exactly the reference events of the case (counts per station and per kind: nothing
 * missed, nothing extra) and that each is within its tolerance; returns the largest differences.
 */
export function compareWithReference(c: ReferenceCase, ours: EventPrediction): Reached {
  const r: Reached = { aosLosS: 0, maxTimeOverTolerance: 0, maxElevationDeg: 0, azimuthDeg: 0, rangeAtMaxKm: 0, contactOverTolerance: 0, contactS: 0, nodeS: 0, apsisOverTolerance: 0, apsisRadiusKm: 0 };
  const ev = c.events;
  // ---- passes, station by station in time order ----
  for (const station of c.stations) {
    const refs = ev.passes.filter((p) => p.station === station.name);
    const mine = ours.passes!.filter((p) => p.stationName === station.name);
    assert.equal(mine.length, refs.length, `${c.id} ${station.name}: ${mine.length} passes, reference ${refs.length}`);
    refs.forEach((rp, i) => {
      const p = mine[i]!;
      const what = `${c.id} ${station.name} pass ${rp.pass}`;
      assert.equal(p.cutAtStart, rp.cut_at_start, `${what} cut at start`);
      assert.equal(p.cutAtEnd, rp.cut_at_end, `${what} cut at end`);
      for (const [ref, got, name] of [[rp.aos, p.aos, 'AOS'], [rp.los, p.los, 'LOS']] as const) {
        assert.equal(got === null, ref === null, `${what} ${name} presence`);
        if (ref === null || got === null) continue;
        const dt = Math.abs(got.tS - ref.t_s);
        assert.ok(dt <= Math.min(AOS_LOS_LIMIT_S, ref.tolerance_s), `${what} ${name} off by ${dt} s`);
        const daz = Math.abs(azimuthDifference(got.azimuthDeg, ref.azimuth_deg));
        assert.ok(daz <= AZIMUTH_TOLERANCE_DEG, `${what} ${name} azimuth off by ${daz}°`);
        r.aosLosS = Math.max(r.aosLosS, dt);
        r.azimuthDeg = Math.max(r.azimuthDeg, daz);
      }
      const m = p.maximum;
      const dEl = Math.abs(m.elevationDeg - rp.max.elevation_deg);
      assert.ok(dEl <= rp.max.elevation_tolerance_deg, `${what} maximum elevation off by ${dEl}°`);
      assert.equal(m.atSpanEdge, rp.max.at_span_edge, `${what} maximum at the span edge`);
      if (rp.max.tolerance_s !== null) {
        const ratio = Math.abs(m.tS - rp.max.t_s) / rp.max.tolerance_s;
        assert.ok(ratio <= 1, `${what} maximum time off by ${Math.abs(m.tS - rp.max.t_s)} s (tolerance ${rp.max.tolerance_s} s)`);
        r.maxTimeOverTolerance = Math.max(r.maxTimeOverTolerance, ratio);
      } else {
        assert.equal(m.tS, rp.max.t_s, `${what} maximum at the span edge`);
      }
      const dAz = Math.abs(azimuthDifference(m.azimuthDeg, rp.max.azimuth_deg));
      const dRange = Math.abs(m.rangeKm - rp.max.range_km);
      assert.ok(dAz <= AZIMUTH_TOLERANCE_DEG, `${what} azimuth at maximum off by ${dAz}°`);
      assert.ok(dRange <= RANGE_TOLERANCE_KM, `${what} range at maximum off by ${dRange} km`);
      r.maxElevationDeg = Math.max(r.maxElevationDeg, dEl);
      r.azimuthDeg = Math.max(r.azimuthDeg, dAz);
      r.rangeAtMaxKm = Math.max(r.rangeAtMaxKm, dRange);
      assert.equal(p.localMaxima.length, rp.local_maxima, `${what} local maxima`);
      (rp.all_local_maxima ?? []).forEach((lm, k) => {
        const got = p.localMaxima[k]!;
        assert.ok(Math.abs(got.tS - lm.t_s) <= lm.tolerance_s, `${what} local maximum ${k + 1} time`);
        assert.ok(Math.abs(got.elevationDeg - lm.elevation_deg) <= rp.max.elevation_tolerance_deg, `${what} local maximum ${k + 1} elevation`);
      });
    });
  }
  // ---- eclipses ----
  const eclipses = ours.eclipses!;
  assert.equal(eclipses.length, ev.eclipses.length, `${c.id}: ${eclipses.length} eclipses, reference ${ev.eclipses.length}`);
  ev.eclipses.forEach((re, i) => {
    const e = eclipses[i]!;
    const what = `${c.id} eclipse ${i + 1}`;
    assert.equal(e.cutAtStart, re.cut_at_start, `${what} cut at start`);
    assert.equal(e.cutAtEnd, re.cut_at_end, `${what} cut at end`);
    assert.equal(e.hasUmbra, re.has_umbra, `${what} umbra`);
    assert.ok(e.umbra.length <= 1, `${what}: one umbra interval`);
    const u = e.umbra[0] ?? null;
    const pairs = [
      [re.penumbra_entry, e.penumbraEntry, 'penumbra entry'],
      [re.umbra_entry, u?.entry ?? null, 'umbra entry'],
      [re.umbra_exit, u?.exit ?? null, 'umbra exit'],
      [re.penumbra_exit, e.penumbraExit, 'penumbra exit'],
    ] as const;
    const tol: Record<string, number> = {};
    for (const [ref, got, name] of pairs) {
      assert.equal(got === null, ref === null, `${what} ${name} presence`);
      if (ref === null || got === null) continue;
      const dt = Math.abs(got.tS - ref.t_s);
      assert.ok(dt <= ref.tolerance_s, `${what} ${name} off by ${dt} s (tolerance ${ref.tolerance_s} s)`);
      assert.ok(Math.sign(got.rateDegS) === Math.sign(ref.rate_deg_s), `${what} ${name} rate sign`);
      r.contactOverTolerance = Math.max(r.contactOverTolerance, dt / ref.tolerance_s);
      r.contactS = Math.max(r.contactS, dt);
      tol[name] = ref.tolerance_s;
    }
    const shadowTol = (tol['penumbra entry'] ?? 0) + (tol['penumbra exit'] ?? 0);
    assert.ok(Math.abs(e.shadowDurationS - re.shadow_duration_s) <= shadowTol, `${what} shadow duration`);
    const umbraTol = (tol['umbra entry'] ?? 0) + (tol['umbra exit'] ?? 0);
    assert.ok(Math.abs(e.umbraDurationS - re.umbra_duration_s) <= umbraTol, `${what} umbra duration`);
  });
  // ---- nodes ----
  const nodes = ours.nodes!;
  assert.equal(nodes.length, ev.nodes.length, `${c.id}: ${nodes.length} nodes, reference ${ev.nodes.length}`);
  ev.nodes.forEach((rn, i) => {
    const n = nodes[i]!;
    assert.equal(n.type.toLowerCase(), rn.type, `${c.id} node ${i + 1} type`);
    const dt = Math.abs(n.tS - rn.t_s);
    assert.ok(dt <= rn.tolerance_s, `${c.id} node ${i + 1} off by ${dt} s`);
    r.nodeS = Math.max(r.nodeS, dt);
  });
  // ---- apsides ----
  const apsides = ours.apsides!;
  assert.equal(apsides.length, ev.apsides.length, `${c.id}: ${apsides.length} apsides, reference ${ev.apsides.length}`);
  ev.apsides.forEach((ra, i) => {
    const a = apsides[i]!;
    assert.equal(a.type.toLowerCase(), ra.type, `${c.id} apsis ${i + 1} type`);
    const dt = Math.abs(a.tS - ra.t_s);
    const dr = Math.abs(a.radiusKm - ra.radius_km);
    assert.ok(dt <= ra.tolerance_s, `${c.id} apsis ${i + 1} off by ${dt} s (tolerance ${ra.tolerance_s} s)`);
    assert.ok(dr <= ra.radius_tolerance_km, `${c.id} apsis ${i + 1} radius off by ${dr} km`);
    r.apsisOverTolerance = Math.max(r.apsisOverTolerance, dt / ra.tolerance_s);
    r.apsisRadiusKm = Math.max(r.apsisRadiusKm, dr);
  });
  return r;
}

export function formatReached(label: string, r: Reached): string {
  const e = (x: number) => x.toExponential(1);
  return (
    `reached ${label}: AOS/LOS ${e(r.aosLosS)} s, max elevation ${e(r.maxElevationDeg)}° (time ${e(r.maxTimeOverTolerance)} of tol), ` +
    `azimuth ${e(r.azimuthDeg)}°, range at max ${e(r.rangeAtMaxKm)} km, eclipse contacts ${r.contactS.toFixed(3)} s ` +
    `(${r.contactOverTolerance.toFixed(2)} of tol), nodes ${e(r.nodeS)} s, apsides ${e(r.apsisOverTolerance)} of tol / ${e(r.apsisRadiusKm)} km`
  );
}
