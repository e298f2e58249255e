// Time scales against the astropy/ERFA oracle (the project's time-scale reference set, copied to test/fixtures/time,
// plus oracle_extra.json generated with the oracle's timescales.py; see test/fixtures/time/tools/make-oracle-cases.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Epoch, taiMinusUtcSeconds, type TimeScale } from '../../../engine/time/index.ts';
import { fixtureJson, labelDiffSeconds } from './helpers.ts';

interface RefCase {
  id: string;
  utc: string;
  iso: Record<string, string>;
  offsets_s: Record<string, number>;
  gps_week: number;
  gps_seconds_of_week: number;
  jd_tt_two_part: [number, number];
  mjd_utc: number;
}
interface ExtraCase {
  kind: 'range' | 'leap' | 'rubber';
  utc: string;
  tai: string;
  tt: string;
  tdb: string;
  tcg: string;
  tcb: string;
  gps: string;
  tai_minus_utc_s: number;
  tdb_minus_tt_s: number;
  jd_tt: [number, number];
  mjd_utc: number;
}

const ref = fixtureJson<{ cases: RefCase[] }>('timescales.json').cases;
const extra = fixtureJson<{ cases: ExtraCase[] }>('oracle_extra.json').cases;

// Oracle labels carry 9 digits, so 0.5 ns of the budget is the oracle's own rounding.
const TOL_EXACT_S = 0.6e-9; // TAI, TT, GPS, UTC: pure arithmetic
const TOL_TCG_S = 1e-9; // requirement 0.1 µs (reached 0.52 ns = oracle label rounding)
const TOL_TDB_S = 2e-9; // requirement 1 µs; truncated Fairhead–Bretagnon series (reached 1.1 ns incl. 0.5 ns label rounding)
const TOL_TCB_S = 2e-9; // TCB inherits the TDB series error (reached 1.0 ns)

function maxAbs(values: number[]): number {
  return values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
}

test('reference timescales.json (15 cases): TAI/TT/GPS/UT1 labels identical to 1 ns, TDB ≤ 2 ns, TCG ≤ 1 ns, TCB ≤ 2 ns', () => {
  const worst: Record<string, number> = {};
  for (const c of ref) {
    const e = Epoch.parse(c.utc, 'UTC');
    assert.equal(e.toString('UTC', 9), c.utc, `${c.id} UTC round trip`);
    for (const s of ['tai', 'tt', 'gps'] as const) {
      assert.equal(e.toString(s.toUpperCase() as TimeScale, 9), c.iso[s], `${c.id} ${s} label`);
    }
    for (const [s, tol] of [['tdb', TOL_TDB_S], ['tcg', TOL_TCG_S], ['tcb', TOL_TCB_S]] as const) {
      const d = labelDiffSeconds(e, s.toUpperCase() as TimeScale, c.iso[s]!);
      worst[s] = Math.max(worst[s] ?? 0, Math.abs(d));
      assert.ok(Math.abs(d) <= tol, `${c.id} ${s}: ${d} s exceeds ${tol} s`);
      // Inverse: parsing the oracle label in that scale gives back the UTC instant.
      const back = Epoch.parse(c.iso[s]!, s.toUpperCase() as TimeScale);
      assert.ok(Math.abs(back.secondsSince(e)) <= tol, `${c.id} ${s} inverse: ${back.secondsSince(e)} s`);
    }
    assert.equal(e.taiMinusUtcSeconds(), c.offsets_s.tai_minus_utc, `${c.id} TAI−UTC`);
    assert.ok(Math.abs(e.tdbMinusTtSeconds() - c.offsets_s.tdb_minus_tt!) <= TOL_TDB_S, `${c.id} TDB−TT`);
    const g = e.gpsWeek();
    assert.equal(g.week, c.gps_week, `${c.id} GPS week`);
    assert.ok(Math.abs(g.secondsOfWeek - c.gps_seconds_of_week) <= 1e-9, `${c.id} GPS SOW ${g.secondsOfWeek}`);
    const jd = e.julianDate('TT');
    assert.equal(jd.jd1, c.jd_tt_two_part[0], `${c.id} jd1`);
    assert.ok(Math.abs(jd.jd2 - c.jd_tt_two_part[1]) * 86400 <= 1e-9, `${c.id} jd2 ${jd.jd2} vs ${c.jd_tt_two_part[1]}`);
    assert.ok(Math.abs(e.mjd('UTC') - c.mjd_utc) * 86400 <= 2e-6, `${c.id} MJD(UTC) ${e.mjd('UTC')} (1 double: µs)`);
    if (c.iso.ut1 !== undefined) {
      const dut1 = c.offsets_s.ut1_minus_utc!;
      const d = labelDiffSeconds(e, 'UT1', c.iso.ut1, dut1);
      assert.ok(Math.abs(d) <= TOL_EXACT_S, `${c.id} UT1 label off by ${d} s`);
      const back = Epoch.parse(c.iso.ut1, 'UT1', dut1);
      assert.ok(Math.abs(back.secondsSince(e)) <= TOL_EXACT_S, `${c.id} UT1 inverse off by ${back.secondsSince(e)} s`);
    }
  }
  // Reached: TDB 0.51 ns, TCG 0.45 ns, TCB 0.36 ns (oracle labels are rounded to 1 ns).
  console.log(`timescales.json worst |Δ|: ${JSON.stringify(worst)}`);
});

test('TDB/TCG/TCB over 1950–2100 (301 oracle instants): TDB ≤ 2 ns (req. 1 µs), TCG ≤ 1 ns, TCB ≤ 2 ns', () => {
  const dTdb: number[] = [];
  const dTcg: number[] = [];
  const dTcb: number[] = [];
  const dDtdb: number[] = [];
  for (const c of extra.filter((x) => x.kind === 'range')) {
    const e = Epoch.parse(c.utc);
    // Pre-1972 the oracle's own two-part JD arithmetic leaves ≤ 1 ns noise, so compare numerically.
    const dTt = labelDiffSeconds(e, 'TT', c.tt);
    assert.ok(Math.abs(dTt) <= 1e-9, `${c.utc} TT off by ${dTt} s`);
    dTdb.push(labelDiffSeconds(e, 'TDB', c.tdb));
    dTcg.push(labelDiffSeconds(e, 'TCG', c.tcg));
    dTcb.push(labelDiffSeconds(e, 'TCB', c.tcb));
    dDtdb.push(e.tdbMinusTtSeconds() - c.tdb_minus_tt_s);
    const back = Epoch.parse(c.tcb, 'TCB');
    assert.ok(Math.abs(back.secondsSince(e)) <= TOL_TCB_S, `${c.utc} TCB inverse ${back.secondsSince(e)}`);
  }
  assert.equal(dTdb.length, 301);
  console.log(
    `1950-2100 worst |Δ| s: TDB label ${maxAbs(dTdb)}, TDB−TT ${maxAbs(dDtdb)}, TCG ${maxAbs(dTcg)}, TCB ${maxAbs(dTcb)}`,
  );
  assert.ok(maxAbs(dDtdb) <= TOL_TDB_S, `TDB−TT worst ${maxAbs(dDtdb)} s`);
  assert.ok(maxAbs(dTdb) <= TOL_TDB_S, `TDB worst ${maxAbs(dTdb)} s`);
  assert.ok(maxAbs(dTcg) <= TOL_TCG_S, `TCG worst ${maxAbs(dTcg)} s`);
  assert.ok(maxAbs(dTcb) <= TOL_TCB_S, `TCB worst ${maxAbs(dTcb)} s`);
});

test('every leap second 1972–2017 (135 edge instants): TAI labels exact to the ns, UTC round trip exact', () => {
  let n = 0;
  for (const c of extra.filter((x) => x.kind === 'leap')) {
    const e = Epoch.parse(c.utc);
    assert.equal(e.toString('TAI', 9), c.tai, `${c.utc} → TAI`);
    assert.equal(e.toString('GPS', 9), c.gps, `${c.utc} → GPS`);
    assert.equal(e.taiMinusUtcSeconds(), c.tai_minus_utc_s, `${c.utc} TAI−UTC`);
    // Back from TAI to the UTC label (23:59:60.x must come back as such).
    const fromTai = Epoch.parse(c.tai, 'TAI');
    // Same instant to the representation's resolution (a double of seconds of day: 1.5e-11 s).
    assert.ok(fromTai.equals(e, 2e-11), `${c.utc} via TAI: ${fromTai.secondsSince(e)} s`);
    assert.equal(fromTai.toString('UTC', c.utc.split('.')[1]!.length), c.utc, `${c.utc} printed back`);
    assert.ok(Math.abs(e.mjd('UTC') - c.mjd_utc) * 86400 <= 2e-6, `${c.utc} quasi-MJD`);
    assert.equal(e.isInLeapSecond(), c.utc.includes(':60'), `${c.utc} isInLeapSecond`);
    n++;
  }
  assert.equal(n, 27 * 5);
});

test('rubber-second UTC 1960–1971 (10 oracle instants, ERFA eraDat/eraUtctai model): TAI within 1 ns', () => {
  for (const c of extra.filter((x) => x.kind === 'rubber')) {
    const e = Epoch.parse(c.utc);
    const d = labelDiffSeconds(e, 'TAI', c.tai);
    assert.ok(Math.abs(d) <= 1e-9, `${c.utc}: TAI off by ${d} s`);
    // The oracle's tai_minus_utc_s is erfa.dat at 0h of the UTC date; ours at the instant adds the day's drift.
    const utcDay = e.label('UTC').day;
    assert.ok(Math.abs(taiMinusUtcSeconds(utcDay, 0) - c.tai_minus_utc_s) <= 1e-9, `${c.utc} ΔAT at 0h`);
    const back = Epoch.parse(c.tai, 'TAI');
    assert.ok(Math.abs(back.secondsSince(e)) <= 1e-9);
    assert.equal(back.toString('UTC', 1), Epoch.parse(c.utc).toString('UTC', 1), `${c.utc} UTC label back`);
  }
});

test('GPS week rollover 2048 and GPS week round trip (exact)', () => {
  const e = Epoch.parse('2019-04-06T23:59:42');
  assert.deepEqual(e.gpsWeek(), { week: 2048, secondsOfWeek: 0 });
  assert.ok(Epoch.fromGpsWeek(2048, 0).equals(e));
  assert.equal(Epoch.fromGpsWeek(0, 0).toString('GPS', 0), '1980-01-06T00:00:00');
  assert.equal(Epoch.fromGpsWeek(0, 0).toString('UTC', 0), '1980-01-06T00:00:00');
});

test('TCG/TCB at T0 = 1977-01-01T00:00:32.184 TT: TCG = TT exactly, TCB = TDB − TDB0 (IAU 2006 B3)', () => {
  const t0 = Epoch.parse('1977-01-01T00:00:32.184', 'TT');
  assert.equal(t0.toString('TCG', 12), '1977-01-01T00:00:32.184000000000');
  const tdb = t0.label('TDB');
  const tcb = t0.label('TCB');
  const d = (tcb.day - tdb.day) * 86400 + tcb.seconds - tdb.seconds;
  // LB·(TDB − TDB0 − T0)/(1 − LB) is not zero at TT = T0 because TDB ≠ TT there; it is < 1 ns.
  assert.ok(Math.abs(d - 6.55e-5) < 1e-9, `TCB − TDB at T0 = ${d}`);
});
