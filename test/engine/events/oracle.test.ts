/**
 * Events against an independent implementation, on a fresh clone: test/fixtures/events/oracle_events.json, made by
 * make_oracle_events.py there (ERFA + python-sgp4: IERS 2010 Earth orientation with the bundled C04 EOP, ERFA's
 * DE-grade Sun, the exact plane-section ellipsoid limb, a 1 s scan with bisection; no code shared with the engine).
 * Two synthetic TLEs (an SSO ~780 km in March, a 51.6° LEO ~400 km at the June solstice), one day each, four
 * stations. Same criteria as against the Orekit references: every pass, contact, node and apsis found and nothing
 * extra; AOS/LOS ≤ 0.1 s and within tolerance_s; maximum elevation ≤ 0.002° and its time within tolerance_s;
 * azimuths ≤ 0.01°, range at the maximum ≤ 0.01 km; eclipse contacts within max(1 s, 0.02°/|rate|) (the oracle's
 * Sun and limb differ from the engine's by ≤ 0.01° and ≤ 0.25 s: README of the events reference); nodes ≤ 0.01 s;
 * apsides within tolerance_s and 0.001 km.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Epoch } from '../../../engine/time/epoch.ts';
import { predictEvents, type EventStationInput, type ShadowContact } from '../../../engine/events/index.ts';
import { Sgp4Trajectory } from '../../../engine/trajectories/index.ts';
import { bundledEopTable } from '../../../earthData/files.ts';
import { azimuthDifference, environmentFor } from './helpers.ts';

interface OracleTime { t_s: number; tolerance_s: number }
interface OracleCase {
  id: string;
  description: string;
  tle: [string, string];
  span: { start_mjd_utc: number; duration_s: number };
  stations: EventStationInput[];
  passes: {
    station: string;
    aos: OracleTime & { azimuth_deg: number };
    los: OracleTime & { azimuth_deg: number };
    max: OracleTime & { elevation_deg: number; azimuth_deg: number; range_km: number; elevation_tolerance_deg: number };
    local_maxima: number;
  }[];
  eclipses: {
    in_shadow_at_start: boolean;
    in_shadow_at_end: boolean;
    in_umbra_at_start: boolean;
    in_umbra_at_end: boolean;
    penumbra_contacts: (OracleTime & { entry: boolean; rate_deg_s: number })[];
    umbra_contacts: (OracleTime & { entry: boolean; rate_deg_s: number })[];
  };
  nodes: (OracleTime & { type: string })[];
  apsides: (OracleTime & { type: string; radius_km: number; radius_tolerance_km: number })[];
}

const FIXTURE = JSON.parse(readFileSync(new URL('../../fixtures/events/oracle_events.json', import.meta.url), 'utf8')) as { cases: OracleCase[] };

for (const c of FIXTURE.cases) {
  test(`${c.id} (${c.description}): events match the independent ERFA/SGP4 implementation`, () => {
    const epoch = Epoch.fromMjd(c.span.start_mjd_utc, 'UTC');
    const span = c.span.duration_s;
    const trajectory = new Sgp4Trajectory(c.tle[0], c.tle[1], { epoch, startS: 0, endS: span, eop: bundledEopTable() });
    const ours = predictEvents({
      trajectory,
      environment: environmentFor(epoch, span),
      fromS: 0,
      toS: span,
      passes: { stations: c.stations },
      eclipses: true,
      nodes: true,
      apsides: true,
    });
    const reached = { aosLos: 0, maxEl: 0, maxTime: 0, az: 0, range: 0, contact: 0, contactRatio: 0, node: 0, apsis: 0 };
    for (const station of c.stations) {
      const refs = c.passes.filter((p) => p.station === station.id);
      const mine = ours.passes!.filter((p) => p.stationId === station.id);
      assert.equal(mine.length, refs.length, `${c.id} ${station.name}: ${mine.length} passes, oracle ${refs.length}`);
      refs.forEach((rp, i) => {
        const p = mine[i]!;
        const what = `${c.id} ${station.name} pass ${i + 1}`;
        for (const [ref, got] of [[rp.aos, p.aos!], [rp.los, p.los!]] as const) {
          const dt = Math.abs(got.tS - ref.t_s);
          assert.ok(dt <= Math.min(0.1, ref.tolerance_s), `${what}: AOS/LOS off by ${dt} s`);
          const daz = Math.abs(azimuthDifference(got.azimuthDeg, ref.azimuth_deg));
          assert.ok(daz <= 0.01, `${what}: azimuth off by ${daz}°`);
          reached.aosLos = Math.max(reached.aosLos, dt);
          reached.az = Math.max(reached.az, daz);
        }
        const dEl = Math.abs(p.maximum.elevationDeg - rp.max.elevation_deg);
        const dT = Math.abs(p.maximum.tS - rp.max.t_s);
        assert.ok(dEl <= rp.max.elevation_tolerance_deg, `${what}: maximum elevation off by ${dEl}°`);
        assert.ok(dT <= rp.max.tolerance_s, `${what}: maximum time off by ${dT} s`);
        const daz = Math.abs(azimuthDifference(p.maximum.azimuthDeg, rp.max.azimuth_deg));
        const dr = Math.abs(p.maximum.rangeKm - rp.max.range_km);
        assert.ok(daz <= 0.01 && dr <= 0.01, `${what}: at the maximum azimuth off by ${daz}°, range by ${dr} km`);
        assert.equal(p.localMaxima.length, rp.local_maxima, `${what}: local maxima`);
        Object.assign(reached, {
          maxEl: Math.max(reached.maxEl, dEl),
          maxTime: Math.max(reached.maxTime, dT),
          az: Math.max(reached.az, daz),
          range: Math.max(reached.range, dr),
        });
      });
    }
    const eclipses = ours.eclipses!;
    const e = c.eclipses;
    assert.equal(eclipses[0]!.cutAtStart, e.in_shadow_at_start, 'in shadow at the start');
    assert.equal(eclipses[eclipses.length - 1]!.cutAtEnd, e.in_shadow_at_end, 'in shadow at the end');
    const contacts = (kind: string, mine: { c: ShadowContact; entry: boolean }[], refs: OracleCase['eclipses']['penumbra_contacts']) => {
      assert.equal(mine.length, refs.length, `${c.id}: ${mine.length} ${kind} contacts, oracle ${refs.length}`);
      refs.forEach((r, i) => {
        const m = mine[i]!;
        assert.equal(m.entry, r.entry, `${c.id} ${kind} contact ${i + 1}: entry or exit`);
        const dt = Math.abs(m.c.tS - r.t_s);
        assert.ok(dt <= r.tolerance_s, `${c.id} ${kind} contact ${i + 1} off by ${dt} s`);
        reached.contact = Math.max(reached.contact, dt);
        reached.contactRatio = Math.max(reached.contactRatio, dt / r.tolerance_s);
      });
    };
    contacts(
      'penumbra',
      eclipses.flatMap((x) => [...(x.penumbraEntry ? [{ c: x.penumbraEntry, entry: true }] : []), ...(x.penumbraExit ? [{ c: x.penumbraExit, entry: false }] : [])]),
      e.penumbra_contacts,
    );
    contacts(
      'umbra',
      eclipses.flatMap((x) => x.umbra.flatMap((u) => [...(u.entry ? [{ c: u.entry, entry: true }] : []), ...(u.exit ? [{ c: u.exit, entry: false }] : [])])),
      e.umbra_contacts,
    );
    assert.equal(ours.nodes!.length, c.nodes.length, `${c.id} nodes`);
    c.nodes.forEach((r, i) => {
      const n = ours.nodes![i]!;
      assert.equal(n.type.toLowerCase(), r.type);
      const dt = Math.abs(n.tS - r.t_s);
      assert.ok(dt <= r.tolerance_s, `${c.id} node ${i + 1} off by ${dt} s`);
      reached.node = Math.max(reached.node, dt);
    });
    assert.equal(ours.apsides!.length, c.apsides.length, `${c.id} apsides`);
    c.apsides.forEach((r, i) => {
      const a = ours.apsides![i]!;
      assert.equal(a.type.toLowerCase(), r.type);
      const dt = Math.abs(a.tS - r.t_s);
      assert.ok(dt <= r.tolerance_s && Math.abs(a.radiusKm - r.radius_km) <= r.radius_tolerance_km, `${c.id} apsis ${i + 1} off by ${dt} s`);
      reached.apsis = Math.max(reached.apsis, dt);
    });
    const x = (v: number) => v.toExponential(1);
    console.log(
      `reached ${c.id}: AOS/LOS ${x(reached.aosLos)} s, max elevation ${x(reached.maxEl)}° / ${x(reached.maxTime)} s, azimuth ${x(reached.az)}°, ` +
        `range ${x(reached.range)} km, contacts ${reached.contact.toFixed(3)} s (${reached.contactRatio.toFixed(2)} of tol), nodes ${x(reached.node)} s, apsides ${x(reached.apsis)} s`,
    );
  });
}
