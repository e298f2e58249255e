// EOP parsers (C04, finals2000A), interpolation and coverage: row values against the files and the astropy oracle,
// interpolation against Orekit 13.1's EOPHistory (fixtures/time/eop_orekit_cases.json), and how far that scheme is from
// the oracle's linear interpolation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { EopParseError, EopTable } from '../../../engine/frames/eop.ts';
import { Epoch } from '../../../engine/time/index.ts';
import { BUNDLED_FILES, bundledEopTable, EarthDataFileError, readEarthDataFile } from '../../../earthData/files.ts';
import { fileURLToPath } from 'node:url';
import { fixture, fixtureJson } from './helpers.ts';

const [BUNDLED_EOP_FILE, BUNDLED_EOP_RECENT_FILE] = BUNDLED_FILES.EOP;
/** One EOP file, parsed (cached by identity in earthData/files.ts). */
function loadEopTable(path: string): EopTable {
  const { parsed } = readEarthDataFile('EOP', path);
  if (parsed.kind !== 'EOP') throw new Error('not EOP');
  return parsed.table;
}
const c04 = loadEopTable(BUNDLED_EOP_FILE);

interface FrameEopCase {
  id: string;
  epoch_utc: string;
  eop: { dut1_s: number; xp_arcsec: number; yp_arcsec: number; lod_s: number; dx_arcsec: number; dy_arcsec: number };
}
interface OrekitEopCase {
  utc: string;
  dut1_s: number;
  lod_s: number;
  xp_arcsec: number;
  yp_arcsec: number;
  dx_arcsec: number;
  dy_arcsec: number;
}
interface InterpCase {
  utc: string;
  covered: boolean;
  eop: { dut1: number; xp: number; yp: number; lod: number; dx: number; dy: number };
}

test('bundled C04: 22,248 rows 1962-01-01..2022-11-29, row values exact', () => {
  assert.equal(c04.format, 'C04');
  assert.equal(c04.size, 22248);
  assert.equal(c04.firstMjd, 37665);
  assert.equal(c04.lastMjd, 59912);
  assert.equal(c04.describe(), 'EOP C04 1962-01-01 .. 2022-11-29 (22248 rows)');
  const v = c04.at(Epoch.parse('2017-01-01T00:00:00'));
  // Row "2017   1   1  57754   0.080406   0.263110   0.5912977   0.0010160  -0.000041  -0.000127"
  assert.deepEqual(
    [v.xpArcsec, v.ypArcsec, v.lodSeconds, v.dxArcsec, v.dyArcsec, v.covered],
    [0.080406, 0.26311, 0.001016, -0.000041, -0.000127, true],
  );
  assert.ok(Math.abs(v.dut1Seconds - 0.5912977) < 1e-12);
  assert.equal(loadEopTable(BUNDLED_EOP_FILE), c04, 'parsed once per process');
});

/**
 * Largest difference allowed between our (Orekit's) interpolation and the oracle's linear one between daily rows:
 * UT1 0.1 ms, LOD 0.05 ms, pole 0.3 mas, celestial pole offsets 0.05 mas (0 at the rows themselves). Measured on the
 * 45 oracle instants: UT1 0.029 ms, LOD 0.018 ms, pole 0.12 mas, dX/dY 0.011 mas.
 */
const LINEAR_GAP = { dut1: 1e-4, xp: 3e-4, yp: 3e-4, lod: 5e-5, dx: 5e-5, dy: 5e-5 } as Record<string, number>;

/** Compares our values with the oracle's linear ones: equal (1e-12) at a row instant, within LINEAR_GAP between. */
function compareWithLinear(label: string, ours: Record<string, number>, oracle: Record<string, number>, atRow: boolean, worst: Record<string, number>): void {
  for (const name of Object.keys(LINEAR_GAP)) {
    const d = Math.abs(ours[name]! - oracle[name]!);
    worst[name] = Math.max(worst[name] ?? 0, d);
    const bound = atRow ? 1e-12 : LINEAR_GAP[name]!;
    assert.ok(d <= bound, `${label} ${name}: ${ours[name]} vs oracle ${oracle[name]} (Δ ${d} > ${bound})`);
  }
}

const valuesOf = (v: { dut1Seconds: number; xpArcsec: number; ypArcsec: number; lodSeconds: number; dxArcsec: number; dyArcsec: number }) => ({
  dut1: v.dut1Seconds, xp: v.xpArcsec, yp: v.ypArcsec, lod: v.lodSeconds, dx: v.dxArcsec, dy: v.dyArcsec,
});

test('interpolation = Orekit 13.1 EOPHistory (83 instants, both bundled files, leap second, table ends): |Δ| ≤ 1e-12 s / arcsec', () => {
  const cases = fixtureJson<{ csv: OrekitEopCase[]; c04: OrekitEopCase[] }>('eop_orekit_cases.json');
  const worst: Record<string, number> = {};
  for (const [table, list] of [[loadEopTable(BUNDLED_EOP_RECENT_FILE), cases.csv], [c04, cases.c04]] as const) {
    for (const c of list) {
      const v = table.at(Epoch.parse(c.utc));
      assert.ok(v.covered, c.utc);
      const pairs: Array<[number, number, string]> = [
        [v.dut1Seconds, c.dut1_s, 'dut1'], [v.lodSeconds, c.lod_s, 'lod'], [v.xpArcsec, c.xp_arcsec, 'xp'],
        [v.ypArcsec, c.yp_arcsec, 'yp'], [v.dxArcsec, c.dx_arcsec, 'dx'], [v.dyArcsec, c.dy_arcsec, 'dy'],
      ];
      for (const [ours, ref, name] of pairs) {
        const d = Math.abs(ours - ref);
        worst[name] = Math.max(worst[name] ?? 0, d);
        assert.ok(d <= 1e-12, `${c.utc} ${name}: ${ours} vs Orekit ${ref} (Δ ${d})`);
      }
    }
  }
  console.log(`Orekit EOPHistory worst |Δ| ${JSON.stringify(worst)}`);
});

test('frame oracle EOP (20 cases, astropy linear interpolation of the same C04): equal at rows, within 0.1 ms / 0.3 mas between', () => {
  const worst: Record<string, number> = {};
  for (const c of fixtureJson<{ cases: FrameEopCase[] }>('eop_oracle_cases.json').cases) {
    const e = Epoch.parse(c.epoch_utc);
    const v = c04.at(e);
    assert.ok(v.covered, c.id);
    const oracle = { dut1: c.eop.dut1_s, xp: c.eop.xp_arcsec, yp: c.eop.yp_arcsec, lod: c.eop.lod_s, dx: c.eop.dx_arcsec, dy: c.eop.dy_arcsec };
    compareWithLinear(c.id, valuesOf(v), oracle, e.label('UTC').seconds === 0, worst);
  }
  console.log(`frame-case EOP: worst |ours − astropy linear| ${JSON.stringify(worst)} (oracle values printed to 1e-7 s / 1e-6 arcsec)`);
});

test('inside days and across leap seconds (25 oracle instants): equal to astropy at rows, within 0.1 ms / 0.3 mas between', () => {
  const worst: Record<string, number> = {};
  for (const c of fixtureJson<{ cases: InterpCase[] }>('eop_interp_cases.json').cases) {
    const e = Epoch.parse(c.utc);
    const v = c04.at(e);
    assert.equal(v.covered, c.covered, `${c.utc} covered`);
    if (c.utc.startsWith('1968-01-31')) {
      // ΔAT stepped by −0.1 s at 1968-02-01 (rubber-second UTC). astropy only removes whole-second steps
      // (round(Δ)), so it interpolates through this 0.1 s step; we interpolate UT1−TAI, which is continuous.
      const f = 23 / 24;
      assert.ok(Math.abs(v.dut1Seconds - c.eop.dut1 - f * 0.1) < 2e-3, `${c.utc} differs by the removed step`);
      continue;
    }
    compareWithLinear(c.utc, valuesOf(v), c.eop, e.label('UTC').seconds === 0, worst);
  }
  console.log(`interpolation: worst |ours − astropy linear| ${JSON.stringify(worst)}`);
});

test('UT1 is continuous through the 2016-12-31 leap second (step < 1 µs per 0.5 s)', () => {
  const dut1 = c04.dut1();
  const instants = ['2016-12-31T23:59:59.5', '2016-12-31T23:59:60.0', '2016-12-31T23:59:60.5', '2017-01-01T00:00:00.0', '2017-01-01T00:00:00.5'];
  const ut1 = instants.map((t) => {
    const jd = Epoch.parse(t).julianDateUt1(dut1(Epoch.parse(t)));
    return (jd.jd1 - 2457755) * 86400 + jd.jd2 * 86400;
  });
  for (let i = 1; i < ut1.length; i++) {
    const step = ut1[i]! - ut1[i - 1]!;
    assert.ok(Math.abs(step - 0.5) < 1e-6, `UT1 step ${i}: ${step}`);
  }
});

test('outside coverage: zeros with covered=false, never throws; empty table likewise', () => {
  for (const t of ['1961-12-31T23:59:59', '2022-11-29T00:00:00.001', '2100-01-01T00:00:00', '1950-01-01T00:00:00']) {
    const v = c04.at(Epoch.parse(t));
    assert.deepEqual(v, { dut1Seconds: 0, xpArcsec: 0, ypArcsec: 0, lodSeconds: 0, dxArcsec: 0, dyArcsec: 0, ddPsiArcsec: 0, ddEpsArcsec: 0, covered: false });
  }
  const empty = EopTable.empty();
  assert.equal(empty.at(Epoch.parse('2020-01-01')).covered, false);
  assert.ok(Number.isNaN(empty.firstMjd) && Number.isNaN(empty.lastMjd));
  assert.equal(empty.describe(), 'no EOP data');
});

test('finals2000A (hand-made fixture in the readme.finals2000A column layout): values, units, flags, coverage', () => {
  const text = fixture('finals2000A.sample');
  const t = EopTable.parse(text);
  assert.equal(t.format, 'finals2000A');
  assert.equal(t.firstMjd, 57751);
  assert.equal(t.lastMjd, 57756, 'the empty tail row (17 1 4) ends the coverage');
  const a = t.at(Epoch.parse('2016-12-29T00:00:00'));
  const expected = [0.08457, 0.26421, -0.406099, 0.000806, -0.000024, -0.000056];
  [a.xpArcsec, a.ypArcsec, a.dut1Seconds, a.lodSeconds, a.dxArcsec, a.dyArcsec].forEach((v, i) =>
    assert.ok(Math.abs(v - expected[i]!) < 1e-14, `field ${i}: ${v} vs ${expected[i]}`),
  );
  assert.equal(a.predicted, false);
  // Midday between rows, UT1 across the leap second 2016-12-31 → 2017-01-01 interpolated as UT1−TAI: within 0.2 ms
  // of the straight line between the rows with the 1 s step removed (the cubic only bends it; the scheme itself is
  // checked against Orekit above).
  const m = t.at(Epoch.parse('2016-12-31T12:00:00'));
  const f = 43200 / 86401;
  assert.ok(Math.abs(m.dut1Seconds - (-0.40775 + f * (0.591299 - 1 - -0.40775))) < 2e-4, `${m.dut1Seconds}`);
  assert.ok(Math.abs(m.xpArcsec - (0.08129 + f * (0.08041 - 0.08129))) < 1e-3);
  // Predicted rows: flagged; blank LOD and blank nutation read as 0.
  const p = t.at(Epoch.parse('2017-01-03T00:00:00'));
  assert.deepEqual([p.lodSeconds, p.dxArcsec, p.dyArcsec, p.predicted, p.covered], [0, 0, 0, true, true]);
  assert.equal(t.at(Epoch.parse('2017-01-01T06:00:00')).predicted, true, 'interval ending on a prediction');
  assert.equal(t.at(Epoch.parse('2017-01-03T00:00:01')).covered, false);
  assert.deepEqual(EopTable.fromFinals2000A(text).rows().map((r) => r.mjd), [57751, 57752, 57753, 57754, 57755, 57756]);
});

test('C04 20-format (# header, hour + fractional MJD columns) and the dPsi/dEps variant parse', () => {
  const head = '# YR  MM  DD  HH       MJD        x(")        y(")  UT1-UTC(s)       dX(")      dY(")       xrt(")      yrt(")      LOD(s)';
  const rows = [
    '2016  12  31   0  57753.00    0.081284    0.263013  -0.4077492   -0.000032   -0.000127    0.000000    0.000000   0.0009173',
    '2017   1   1   0  57754.00    0.080406    0.263110   0.5912977   -0.000041   -0.000127    0.000000    0.000000   0.0010160',
  ];
  const t = EopTable.parse(['# EOP (IERS) 20 C04 TIME SERIES', head, ...rows].join('\n'));
  assert.equal(t.format, 'C04');
  const v = t.at(Epoch.parse('2017-01-01T00:00:00'));
  assert.deepEqual([v.xpArcsec, v.dxArcsec, v.lodSeconds, v.ddPsiArcsec], [0.080406, -0.000041, 0.001016, 0]);
  const psi = EopTable.parse([head.replace('dX(")', 'dPsi(")').replace('dY(")', 'dEps(")'), ...rows].join('\n'));
  const w = psi.at(Epoch.parse('2017-01-01T00:00:00'));
  assert.deepEqual([w.dxArcsec, w.dyArcsec, w.ddPsiArcsec, w.ddEpsArcsec], [0, 0, -0.000041, -0.000127]);
});

test('bad EOP lines are rejected with their line number', () => {
  const c04Text = readFileSync(BUNDLED_EOP_FILE, 'utf8').split('\n').slice(0, 20);
  const expectLine = (text: string, line: number, why: RegExp) =>
    assert.throws(
      () => EopTable.parse(text),
      (e: unknown) => e instanceof EopParseError && e.line === line && why.test(e.message),
      `line ${line} ${why}`,
    );
  // Line 15 is the first data row of the bundled file (1962-01-01); line 16 is 1962-01-02 (MJD 37666).
  assert.match(c04Text[14]!, /^1962   1   1  37665/);
  const bad1 = [...c04Text];
  bad1[15] = bad1[15]!.replace('0.214100', '0.21x100');
  expectLine(bad1.join('\n'), 16, /y '0.21x100' is not a number/);
  const bad2 = [...c04Text];
  bad2[16] = bad2[16]!.replace('37667', '37668');
  expectLine(bad2.join('\n'), 17, /date 1962-1-3 does not match MJD 37668/);
  const bad3 = [...c04Text];
  bad3[17] = 'this is not a data line';
  expectLine(bad3.join('\n'), 18, /not a C04 data line/);
  const bad4 = [...c04Text];
  [bad4[17], bad4[18]] = [bad4[18]!, bad4[17]!];
  expectLine(bad4.join('\n'), 19, /MJD 37668 is not after the previous row \(37669\)/);
  const bad5 = [...c04Text];
  bad5[16] = bad5[16]!.slice(0, 60);
  expectLine(bad5.join('\n'), 17, /expected 16 \(14 C04\)/);
  const fin = fixture('finals2000A.sample').split('\n');
  const f1 = [...fin];
  f1[2] = f1[2]!.slice(0, 58) + 'abcdefghij' + f1[2]!.slice(68);
  expectLine(f1.join('\n'), 3, /UT1-UTC \(cols 59-68\)/);
  const f2 = [...fin];
  f2[1] = f2[1]!.slice(0, 16) + 'X' + f2[1]!.slice(17);
  expectLine(f2.join('\n'), 2, /flag \(col 17\) must be I or P/);
  const f3 = [...fin];
  f3[3] = f3[3]!.slice(0, 18) + ' '.repeat(28) + f3[3]!.slice(46);
  expectLine(f3.join('\n'), 4, /missing polar motion/);
  expectLine('hello\nworld\n', 1, /no EOP data rows/);
});

/** The EOP reference set beside the repository (not part of a fresh clone). */
const REFERENCE_EOP_DIR = fileURLToPath(new URL('../../../../shared/reference/eop', import.meta.url));
const REFERENCE_EOP_ABSENT = existsSync(REFERENCE_EOP_DIR) ? false : `the EOP reference parts are not present (${REFERENCE_EOP_DIR}): fresh clone`;

test('the vendored file is byte-identical to the reference set parts it was assembled from', { skip: REFERENCE_EOP_ABSENT }, () => {
  const dir = REFERENCE_EOP_DIR;
  const parts = readdirSync(dir).filter((n) => n.startsWith('eopc04_IAU2000.62-now.part')).sort();
  assert.equal(parts.length, 21);
  const bundled = readFileSync(BUNDLED_EOP_FILE);
  let offset = 0;
  for (const name of parts) {
    const buf = readFileSync(`${dir}/${name}`);
    assert.ok(bundled.subarray(offset, offset + buf.length).equals(buf), name);
    offset += buf.length;
  }
  assert.equal(offset, bundled.length);
});

test('EOP files by path: format detected, parsed once per identity, bad files fail loudly with the path and line', () => {
  const finalsPath = fileURLToPath(new URL('../../fixtures/time/finals2000A.sample', import.meta.url));
  assert.equal(loadEopTable(finalsPath).format, 'finals2000A');
  assert.equal(loadEopTable(finalsPath).describe(), 'EOP finals2000A 2016-12-29 .. 2017-01-03 (6 rows)');
  assert.equal(bundledEopTable().describe(), 'EOP C04 1962-01-01 .. 2023-08-28 (22520 rows)');
  assert.throws(() => loadEopTable('/nonexistent/finals2000A.all'), /\/nonexistent\/finals2000A.all: cannot read/);
  const badPath = fileURLToPath(new URL('../../fixtures/time/leap-seconds.list', import.meta.url));
  assert.throws(
    () => loadEopTable(badPath),
    (e: unknown) => e instanceof EarthDataFileError && e.line === 1 && /leap-seconds.list: EOP line 1: no EOP data rows/.test(e.message),
  );
});

test('IERS 20 C04 semicolon CSV: columns by header name, values as published, errors name the line', () => {
  const csv = loadEopTable(BUNDLED_EOP_RECENT_FILE);
  assert.equal(csv.format, 'C04_CSV');
  assert.equal(csv.describe(), 'EOP C04_CSV 2022-01-01 .. 2023-08-28 (605 rows)');
  // 2023-02-10 row of the file: 59985;2023;02;10;;x;…;UT1-UTC;…;LOD;…;dX;…;dY;…
  const row = readFileSync(BUNDLED_EOP_RECENT_FILE, 'utf8').split('\n').find((l) => l.startsWith('59985;'))!.split(';');
  const at = csv.at(Epoch.fromLabel('UTC', 59985, 0));
  assert.equal(at.xpArcsec, Number(row[5]));
  assert.equal(at.ypArcsec, Number(row[7]));
  assert.ok(Math.abs(at.dut1Seconds - Number(row[14])) < 1e-12);
  assert.equal(at.lodSeconds, Number(row[16]));
  assert.equal(at.dxArcsec, Number(row[23]));
  assert.equal(at.dyArcsec, Number(row[25]));
  const head = 'MJD;Year;Month;Day;Type;x_pole;sigma_x_pole;y_pole;sigma_y_pole;UT1-UTC;LOD;dX;dY';
  assert.throws(() => EopTable.parse(`${head}\n59580;2022;01;01;;0.05;0;0.27;0;-0.11;0;0;0\n59581;2022;01;03;;0.05;0;0.27;0;-0.11;0;0;0`),
    (e: unknown) => e instanceof EopParseError && e.line === 3 && /does not match MJD/.test(e.message));
  assert.throws(() => EopTable.parse(`${head}\n59580;2022;01;01;;0.05;0;0.27`),
    (e: unknown) => e instanceof EopParseError && e.line === 2 && /expected 13 fields/.test(e.message));
  assert.throws(() => EopTable.parse('MJD;Year;Month;Day;x_pole\n'), (e: unknown) => e instanceof EopParseError && /no 'y_pole' column/.test(e.message));
});

test('bundled table: 14 C04 up to 2021-12-31, then 20 C04 (the newer series wins where both cover a day)', () => {
  const bundled = bundledEopTable();
  const csv = loadEopTable(BUNDLED_EOP_RECENT_FILE);
  // the 4-row stencils (and the derived pole rates of the 14 C04 rows) reach up to 3 rows across the junction: away
  // from it each side interpolates its own file alone
  for (const mjd of [59400, 59576]) {
    const e = Epoch.fromLabel('UTC', mjd, 43200);
    assert.deepEqual(bundled.at(e), c04.at(e));
  }
  for (const mjd of [59581, 59900, 59985, 60182]) {
    const e = Epoch.fromLabel('UTC', mjd, 43200);
    assert.deepEqual(bundled.at(e), csv.at(e));
  }
  // at the junction's rows the values are the rows' own
  assert.equal(bundled.at(Epoch.fromLabel('UTC', 59579, 0)).xpArcsec, c04.at(Epoch.fromLabel('UTC', 59579, 0)).xpArcsec);
  assert.equal(bundled.at(Epoch.fromLabel('UTC', 59580, 0)).xpArcsec, csv.at(Epoch.fromLabel('UTC', 59580, 0)).xpArcsec);
  assert.equal(bundled.at(Epoch.fromLabel('UTC', 60185, 0)).covered, false);
  assert.deepEqual(bundled.coverage(), { format: 'C04', rows: 22520, firstMjd: 37665, lastObservedMjd: 60184, lastMjd: 60184 });
});
