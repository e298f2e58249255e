// Space-weather parsers (CSSI text, CelesTrak CSV) and the NRLMSISE-00 drivers against Orekit 13.1's
// CssiSpaceWeatherData (the inputs listed in the atmosphere references) and against values read off the file by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NrlmsiseDrivers, SpaceWeatherParseError, SpaceWeatherRangeError, SpaceWeatherTable, isoDate } from '../../../engine/spaceWeather/spaceWeather.ts';
import { Epoch } from '../../../engine/time/epoch.ts';

const SNAPSHOT = readFileSync(new URL('../../../resources/space-weather/SpaceWeather-All-v1.2_snapshot_20200224.txt', import.meta.url), 'utf8');
const atmosphere = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/atmosphere/${name}`, import.meta.url), 'utf8')) as T;
const table = SpaceWeatherTable.parse(SNAPSHOT);

test('CSSI snapshot: sections, duplicates of MONTHLY_FIT skipped, coverage', () => {
  assert.equal(table.format, 'CSSI');
  const rows = table.rows();
  assert.equal(rows.filter((r) => r.kind === 'OBSERVED').length, 22790);
  assert.equal(rows.filter((r) => r.kind === 'DAILY_PREDICTED').length, 44);
  assert.equal(rows.filter((r) => r.kind === 'MONTHLY').length, 290, '334 MONTHLY_FIT lines minus the 44 repeated daily ones');
  assert.deepEqual([isoDate(table.firstMjd), isoDate(table.lastObservedMjd), isoDate(table.lastDailyMjd), isoDate(table.lastMjd)], [
    '1957-10-01',
    '2020-02-22',
    '2020-04-06',
    '2044-06-01',
  ]);
  assert.equal(table.updated, '2020 Feb 22 06:40:00.01');
  assert.match(table.describe(), /CSSI 1957-10-01 \.\. 2044-06-01 \(observed to 2020-02-22, 23124 rows\)/);
});

test('drivers in the observed era, read off the file by hand (2019-06-13 … 15 lines)', () => {
  const d = table.nrlmsiseDriversAt(Epoch.parse('2019-06-15T10:30:00Z'));
  assert.equal(d.f107, 68.0, 'observed F10.7 of the previous day (06-14)');
  assert.equal(d.f107A, 68.9, 'observed 81-day centred mean of 06-15');
  // 06-15 ap: 2 4 5 5 3 3 0 3 (Ap 3); 06-14: 9 6 9 6 6 4 3 3; 06-13: 5 6 7 5 9 6 6 27
  assert.deepEqual(Array.from(d.ap), [3, 5, 5, 4, 2, 46 / 8, 71 / 8]);
  // at a 3-hour boundary the new bin applies
  assert.equal(table.nrlmsiseDriversAt(Epoch.parse('2019-06-15T09:00:00Z')).ap[1], 5);
  assert.equal(table.nrlmsiseDriversAt(Epoch.parse('2019-06-15T08:59:59.999Z')).ap[1], 5);
  assert.equal(table.nrlmsiseDriversAt(Epoch.parse('2019-06-15T06:00:00Z')).ap[1], 5);
  assert.equal(table.nrlmsiseDriversAt(Epoch.parse('2019-06-15T05:59:59Z')).ap[1], 4);
});

interface DensityPoint {
  id: string;
  epoch_utc: string;
  inputs: { f107A: number; f107: number; ap: number[] };
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

function assertDrivers(d: NrlmsiseDrivers, ref: { f107A: number; f107: number; ap: number[] }, what: string): void {
  assert.ok(rel(d.f107, ref.f107) <= 1e-12, `${what} f107 ${d.f107} vs ${ref.f107}`);
  assert.ok(rel(d.f107A, ref.f107A) <= 1e-12, `${what} f107A ${d.f107A} vs ${ref.f107A}`);
  ref.ap.forEach((v, k) => assert.ok(rel(d.ap[k]!, v) <= 1e-12, `${what} ap[${k}] ${d.ap[k]} vs ${v}`));
}

test('drivers in 2023 (monthly fit, interpolated) equal Orekit CssiSpaceWeatherData at the 20 density points (1e-12)', () => {
  for (const p of atmosphere<{ points: DensityPoint[] }>('msis_density.json').points) {
    assertDrivers(table.nrlmsiseDriversAt(Epoch.parse(p.epoch_utc)), p.inputs, p.id);
  }
});

test('drivers along the 1-day LEO trajectory equal Orekit every 600 s (1e-12)', () => {
  const ref = atmosphere<{ settings: { epoch_utc: string }; case: { density_along_trajectory: { rows: { t_s: number; f107: number; f107A: number; ap: number[] }[] } } }>(
    'msis_propagation_LEO_400.json',
  );
  const epoch = Epoch.parse(ref.settings.epoch_utc);
  const out = new NrlmsiseDrivers();
  for (const row of ref.case.density_along_trajectory.rows) {
    assertDrivers(table.nrlmsiseDrivers(epoch.plusSeconds(row.t_s).mjd('UTC'), out), row, `t=${row.t_s}`);
  }
});

test('drivers across the end of the observations and of the daily predictions', () => {
  // 2020-02-23 is the first predicted day: its 3-hour values are still "observed-era" bins until 02-23 24:00
  const feb23 = table.nrlmsiseDriversAt(Epoch.parse('2020-02-23T12:00:00Z'));
  assert.equal(feb23.ap[1], 5);
  assert.equal(feb23.f107, table.rows().find((r) => isoDate(r.mjd) === '2020-02-22')!.f107Observed);
  // after the last daily row (2020-04-06) everything is interpolated towards 2020-05-01 (Ap 3, F10.7 60.4, ctr 65.7)
  const apr16 = table.nrlmsiseDriversAt(Epoch.parse('2020-04-16T00:00:00Z'));
  const w = 10 / 25;
  assert.ok(Math.abs(apr16.ap[0]! - (5 * (1 - w) + 3 * w)) < 1e-12);
  assert.ok(Math.abs(apr16.f107A - (69.3 * (1 - w) + 65.7 * w)) < 1e-12);
  assert.ok(Math.abs(apr16.f107 - (70.9 * (1 - (w - 1 / 25)) + 60.4 * (w - 1 / 25))) < 1e-12);
  assert.throws(() => table.nrlmsiseDriversAt(Epoch.parse('2044-06-02T00:00:00Z')), SpaceWeatherRangeError);
  assert.throws(() => table.nrlmsiseDriversAt(Epoch.parse('1957-10-01T12:00:00Z')), /no space weather at 1957-10-01/);
});

/** The CSSI rows of a date range written in the CelesTrak CSV layout (header and column meanings of SW-All.csv). */
function toCelestrakCsv(rows: ReturnType<SpaceWeatherTable['rows']>): string {
  const header =
    'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
  const lines = rows.map((r) => {
    const type = r.kind === 'OBSERVED' ? 'OBS' : r.kind === 'DAILY_PREDICTED' ? 'PRD' : 'PRM';
    const ap = r.kind === 'OBSERVED' ? r.ap3h.join(',') : ',,,,,,,';
    return `${isoDate(r.mjd)},2544,1,,,,,,,,,,${ap},${r.apDaily},,,,${r.f107Observed},${r.f107Observed},${type},${r.f107ObservedCentred81},,,`;
  });
  return [header, ...lines].join('\n') + '\n';
}

test('CelesTrak CSV: the same rows give the same drivers; blank 3-hour ap of predicted rows take AP_AVG', () => {
  const rows = table.rows().filter((r) => r.mjd >= table.lastObservedMjd - 60);
  const csv = SpaceWeatherTable.parse(toCelestrakCsv(rows));
  assert.equal(csv.format, 'CSV');
  assert.deepEqual([csv.lastObservedMjd, csv.lastDailyMjd, csv.lastMjd], [table.lastObservedMjd, table.lastDailyMjd, table.lastMjd]);
  for (const iso of ['2020-01-10T07:00:00Z', '2020-02-23T05:00:00Z', '2020-03-30T18:00:00Z', '2021-07-04T00:00:00Z', '2031-01-15T12:00:00Z']) {
    const a = csv.nrlmsiseDriversAt(Epoch.parse(iso));
    const b = table.nrlmsiseDriversAt(Epoch.parse(iso));
    assert.deepEqual([a.f107, a.f107A, ...a.ap], [b.f107, b.f107A, ...b.ap], iso);
  }
  // CelesTrak's own predicted-row layout: only AP_AVG given
  const text =
    'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81\n' +
    '2026-08-02,2632,21,20,17,23,57,40,33,27,30,247,7,6,9,67,27,18,12,15,17,1.1,5,128,126.9,128.4,OBS,134.0,131.2,135.8,132.9\n' +
    '2026-08-03,2632,22,,,,,,,,,,,,,,,,,,12,,,95,111.7,113.1,PRD,133.5,130.0,,\n';
  const small = SpaceWeatherTable.parse(text);
  assert.deepEqual(small.rows()[1]!.ap3h, [12, 12, 12, 12, 12, 12, 12, 12]);
  assert.deepEqual(small.rows()[0]!.ap3h, [7, 6, 9, 67, 27, 18, 12, 15]);
  assert.equal(small.rows()[0]!.f107Observed, 126.9);
});

test('malformed files fail with the line: truncation, section counts, bad numbers, unknown format', () => {
  const lines = SNAPSHOT.split('\n');
  const cut = lines.slice(0, 22900).join('\n');
  assert.throws(() => SpaceWeatherTable.parse(cut), (e: unknown) => e instanceof SpaceWeatherParseError && /no END MONTHLY_FIT/.test(e.message));
  const halfLine = lines.slice(0, 5000).concat(lines[5000]!.slice(0, 70)).join('\n');
  assert.throws(() => SpaceWeatherTable.parse(halfLine), /line 5001: data lines are 130 characters long/);
  const dropped = lines.filter((_, i) => i !== 100).join('\n');
  assert.throws(() => SpaceWeatherTable.parse(dropped), /section OBSERVED has 22789 data lines, NUM_OBSERVED_POINTS announced 22790/);
  const badNumber = lines.map((l, i) => (i === 200 ? `${l.slice(0, 113)}  x.x${l.slice(118)}` : l)).join('\n');
  assert.throws(() => SpaceWeatherTable.parse(badNumber), /line 201: observed F10.7 \(columns 114-118\) ' {2}x.x' is not a number/);
  assert.throws(() => SpaceWeatherTable.parse('hello\n'), /not a CelesTrak space-weather file/);
  assert.throws(() => SpaceWeatherTable.parse('DATE,AP_AVG\n2020-01-01,3\n'), /header has no AP1 column/);
  const csv = toCelestrakCsv(table.rows().slice(-5));
  assert.throws(() => SpaceWeatherTable.parse(csv.slice(0, csv.length - 20)), /expected 31 fields like the header/);
  // a seeded fuzz: mutated lines either parse or fail with a line-numbered error, never anything else
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const base = lines.slice(0, 40).concat(lines.slice(22805)).join('\n').replace('NUM_OBSERVED_POINTS 22790', 'NUM_OBSERVED_POINTS 25');
  assert.ok(SpaceWeatherTable.parse(base).size > 0);
  for (let k = 0; k < 300; k++) {
    const chars = base.split('');
    for (let m = 0; m < 3; m++) chars[Math.floor(rand() * chars.length)] = String.fromCharCode(32 + Math.floor(rand() * 90));
    try {
      SpaceWeatherTable.parse(chars.join(''));
    } catch (error) {
      assert.ok(error instanceof SpaceWeatherParseError, String(error));
    }
  }
});
