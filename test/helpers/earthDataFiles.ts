/**
 * Earth-data files for tests, made from the bundled snapshots (real IERS and CelesTrak values) in the other formats
 * the service reads: IERS 20 C04 CSV rows cut at a date, the same rows in finals2000A columns (with predictions from
 * a date on — the flags, not the values, are the test's), and the CSSI space weather in CelesTrak's CSV layout.
 * These are format conversions for tests, not IERS or CelesTrak products.
 */
import { readFileSync } from 'node:fs';
import { BUNDLED_FILES } from '../../earthData/files.ts';
import { SpaceWeatherTable, isoDate } from '../../engine/spaceWeather/spaceWeather.ts';

const CSV_PATH = BUNDLED_FILES.EOP[1];
const CSV_TEXT = readFileSync(CSV_PATH, 'utf8');
const CSV_LINES = CSV_TEXT.split('\n').filter((l) => l.trim() !== '');

/** MJD of a YYYY-MM-DD date. */
export function mjdOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86400000) + 40587;
}

/** The bundled IERS 20 C04 CSV (2022-01-01 …) with its rows from `first` through `last` (YYYY-MM-DD, inclusive). */
export function eopCsv(last = '2023-08-28', first = '2022-01-01'): string {
  const [lo, hi] = [mjdOf(first), mjdOf(last)];
  const rows = CSV_LINES.slice(1).filter((l) => {
    const mjd = Number(l.split(';')[0]);
    return mjd >= lo && mjd <= hi;
  });
  return [CSV_LINES[0]!, ...rows].join('\n') + '\n';
}

const f = (v: number, width: number, digits: number) => v.toFixed(digits).padStart(width);

/**
 * The C04 CSV rows from `first` through `last` written in finals2000A columns (readme.finals2000A), flagged 'I' up to
 * `predictedFrom` (exclusive) and 'P' after it; a row without values ends the file as in finals2000A.all.
 */
export function finals2000A(last: string, predictedFrom: string, first = '2022-01-01'): string {
  const header = CSV_LINES[0]!.split(';');
  const col = (name: string) => header.indexOf(name);
  const [cx, cy, cu, cl, cdx, cdy] = ['x_pole', 'y_pole', 'UT1-UTC', 'LOD', 'dX', 'dY'].map(col) as number[];
  const [lo, hi, p] = [mjdOf(first), mjdOf(last), mjdOf(predictedFrom)];
  const lines: string[] = [];
  for (const line of CSV_LINES.slice(1)) {
    const v = line.split(';');
    const mjd = Number(v[0]);
    if (mjd < lo || mjd > hi) continue;
    const flag = mjd >= p ? 'P' : 'I';
    const date = `${v[1]!.slice(2)}${String(Number(v[2])).padStart(2)}${String(Number(v[3])).padStart(2)}`;
    lines.push(
      `${date} ${mjd.toFixed(2)} ${flag} ${f(Number(v[cx!]), 9, 6)}${f(0.00003, 9, 6)} ${f(Number(v[cy!]), 9, 6)}${f(0.00003, 9, 6)}  ` +
        `${flag}${f(Number(v[cu!]), 10, 7)}${f(0.00001, 10, 7)} ${f(Number(v[cl!]) * 1000, 7, 4)}${f(0.007, 7, 4)}  ` +
        `${flag} ${f(Number(v[cdx!]) * 1000, 9, 3)}${f(0.06, 9, 3)} ${f(Number(v[cdy!]) * 1000, 9, 3)}${f(0.06, 9, 3)}`,
    );
  }
  const next = hi + 1;
  const d = new Date((next - 40587) * 86400000);
  lines.push(`${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2)}${String(d.getUTCDate()).padStart(2)} ${next.toFixed(2)}`);
  return lines.join('\n') + '\n';
}

const SNAPSHOT = SpaceWeatherTable.parse(readFileSync(BUNDLED_FILES.SPACE_WEATHER, 'utf8'));

/** The bundled CSSI snapshot's rows from `first` on, in the CelesTrak CSV layout (SW-All.csv header and columns). */
export function spaceWeatherCsv(first = '2019-01-01'): string {
  const header =
    'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
  const lo = mjdOf(first);
  const lines = SNAPSHOT.rows()
    .filter((r) => r.mjd >= lo)
    .map((r) => {
      const type = r.kind === 'OBSERVED' ? 'OBS' : r.kind === 'DAILY_PREDICTED' ? 'PRD' : 'PRM';
      const ap = r.kind === 'OBSERVED' ? r.ap3h.join(',') : ',,,,,,,';
      return `${isoDate(r.mjd)},2544,1,,,,,,,,,,${ap},${r.apDaily},,,,${r.f107Observed},${r.f107Observed},${type},${r.f107ObservedCentred81},,,`;
    });
  return [header, ...lines].join('\n') + '\n';
}

/** The tz database's leap-seconds.list (tzdata 2026f, test/fixtures/time). */
export const LEAP_SECONDS_LIST = readFileSync(new URL('../fixtures/time/leap-seconds.list', import.meta.url), 'utf8');

/**
 * An IERS Leap_Second.dat (same layout as hpiers.obspm.fr/iers/bul/bulc/Leap_Second.dat) with the steps of the
 * leap-seconds.list above, or with one more step (`extraStep`) to stand for a leap second this build does not know.
 */
export function leapSecondDat(expires = '28 June 2027', extraStep?: { mjd: number; date: string; dat: number }): string {
  const steps = LEAP_SECONDS_LIST.split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [ntp, dat] = l.trim().split(/\s+/);
      const mjd = 15020 + Number(ntp) / 86400;
      const d = new Date((mjd - 40587) * 86400000);
      return `    ${mjd.toFixed(1)}    ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCMonth() + 1).padStart(2)} ${d.getUTCFullYear()}       ${dat}`;
    });
  if (extraStep) {
    const [y, m, d] = extraStep.date.split('-').map(Number) as [number, number, number];
    steps.push(`    ${extraStep.mjd.toFixed(1)}    ${String(d).padStart(2)} ${String(m).padStart(2)} ${y}       ${extraStep.dat}`);
  }
  return [
    '#  Value of TAI-UTC in second valid beetween the initial value until',
    '#  the epoch given on the next line. The last line reads that NO',
    '#  leap second was introduced since the corresponding date',
    '#  Updated through IERS Bulletin C 70 issued in July 2025',
    '#',
    `#  File expires on ${expires}`,
    '#',
    '#    MJD        Date        TAI-UTC (s)',
    '#           day month year',
    '#    ---    --------------   ------',
    '#',
    ...steps,
    '',
  ].join('\n');
}
