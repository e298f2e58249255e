/**
 * Strict parser for two-line element sets in the layout written by format.ts (NORAD layout, see there).
 * It exists to prove round trips and to reject malformed text: every fixed blank column, every field shape,
 * both checksums, the Alpha-5 catalogue field and the agreement of the two catalogue numbers are checked.
 */
import { decodeCatalogNumber } from './alpha5.ts';
import { daysInYear, type TleEpoch } from './epoch.ts';
import { TleParseError } from './errors.ts';
import { tleChecksum } from './format.ts';

export interface ParsedTle {
  readonly catalogNumber: number;
  readonly classification: string;
  /** COSPAR id rebuilt from the designator (`98067A` → `1998-067A`), null when the field is blank. */
  readonly cosparId: string | null;
  readonly epoch: TleEpoch;
  readonly ndotOver2RevPerDay2: number;
  readonly nddotOver6RevPerDay3: number;
  readonly bstarPerEarthRadius: number;
  readonly ephemerisType: number;
  readonly elementSetNumber: number;
  readonly inclinationDeg: number;
  readonly raanDeg: number;
  readonly eccentricity: number;
  readonly argPerigeeDeg: number;
  readonly meanAnomalyDeg: number;
  readonly meanMotionRevPerDay: number;
  readonly revolutionNumberAtEpoch: number;
}

/** 1-based inclusive column slice, as the format documents count. */
function cols(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

function expect(cond: boolean, line: 1 | 2, message: string): asserts cond {
  if (!cond) throw new TleParseError(line, message);
}

function blanks(line: string, lineNo: 1 | 2, columns: readonly number[]): void {
  for (const c of columns) expect(line.charAt(c - 1) === ' ', lineNo, `column ${c} must be blank`);
}

/** Decimal-point-assumed exponent field " nnnnn-e" → number. */
function parseExponentField(text: string, lineNo: 1 | 2, name: string): number {
  const m = /^([ +-])(\d{5})([+-])(\d)$/.exec(text);
  expect(m !== null, lineNo, `${name} "${text}" is not ±nnnnn±e`);
  const value = Number(`0.${m[2]}e${m[3]}${m[4]}`);
  return m[1] === '-' ? -value : value;
}

function parseAngle(text: string, lineNo: 1 | 2, name: string, max: number): number {
  expect(/^ *\d{1,3}\.\d{4}$/.test(text), lineNo, `${name} "${text}" is not F8.4`);
  const value = Number(text);
  expect(value >= 0 && value < max, lineNo, `${name} ${value} outside [0, ${max})`);
  return value;
}

export function parseTleLines(line1: string, line2: string): ParsedTle {
  expect(line1.length === 69, 1, `has ${line1.length} characters, expected 69`);
  expect(line2.length === 69, 2, `has ${line2.length} characters, expected 69`);
  expect(line1.charAt(0) === '1', 1, 'must start with "1"');
  expect(line2.charAt(0) === '2', 2, 'must start with "2"');
  expect(Number(line1.charAt(68)) === tleChecksum(line1) && /\d/.test(line1.charAt(68)), 1, 'checksum mismatch');
  expect(Number(line2.charAt(68)) === tleChecksum(line2) && /\d/.test(line2.charAt(68)), 2, 'checksum mismatch');
  blanks(line1, 1, [2, 9, 18, 33, 44, 53, 62, 64]);
  blanks(line2, 2, [2, 8, 17, 26, 34, 43, 52]);

  const catalog1 = decodeCatalogNumber(cols(line1, 3, 7));
  const catalog2 = decodeCatalogNumber(cols(line2, 3, 7));
  expect(catalog1 !== null, 1, `catalogue number "${cols(line1, 3, 7)}" is neither digits nor Alpha-5`);
  expect(catalog2 !== null, 2, `catalogue number "${cols(line2, 3, 7)}" is neither digits nor Alpha-5`);
  expect(catalog1 === catalog2, 2, `catalogue number ${catalog2} differs from line 1 (${catalog1})`);

  const classification = cols(line1, 8, 8);
  expect(/^[UCS]$/.test(classification), 1, `classification "${classification}" is not U, C or S`);

  const designator = cols(line1, 10, 17);
  let cosparId: string | null = null;
  if (designator.trim() !== '') {
    const m = /^(\d{2})(\d{3})([A-Z]{1,3}) *$/.exec(designator);
    expect(m !== null, 1, `international designator "${designator}" is not yynnnp{1,3}`);
    const yy = Number(m[1]);
    cosparId = `${yy < 57 ? 2000 + yy : 1900 + yy}-${m[2]}${m[3]}`;
  }

  const epochText = cols(line1, 19, 32);
  const em = /^(\d{2})(\d{3}\.\d{8})$/.exec(epochText);
  expect(em !== null, 1, `epoch "${epochText}" is not yyddd.dddddddd`);
  const yy = Number(em[1]);
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  const dayOfYear = Number(em[2]);
  expect(dayOfYear >= 1 && dayOfYear < daysInYear(year) + 1, 1, `epoch day ${dayOfYear} outside year ${year}`);

  const ndotText = cols(line1, 34, 43);
  expect(/^[ +-]\.\d{8}$/.test(ndotText), 1, `ndot/2 "${ndotText}" is not ±.nnnnnnnn`);
  const ndotOver2RevPerDay2 = Number(ndotText.replace(' ', '').replace('+', ''));

  const nddotOver6RevPerDay3 = parseExponentField(cols(line1, 45, 52), 1, 'nddot/6');
  const bstarPerEarthRadius = parseExponentField(cols(line1, 54, 61), 1, 'B*');
  const ephemerisText = cols(line1, 63, 63);
  expect(/^\d$/.test(ephemerisText), 1, `ephemeris type "${ephemerisText}" is not a digit`);
  const elementText = cols(line1, 65, 68);
  expect(/^ *\d+$/.test(elementText), 1, `element set number "${elementText}" is not an integer`);

  const inclinationDeg = parseAngle(cols(line2, 9, 16), 2, 'inclination', 180.00005);
  const raanDeg = parseAngle(cols(line2, 18, 25), 2, 'RAAN', 360);
  const eccText = cols(line2, 27, 33);
  expect(/^\d{7}$/.test(eccText), 2, `eccentricity "${eccText}" is not 7 digits`);
  const argPerigeeDeg = parseAngle(cols(line2, 35, 42), 2, 'argument of perigee', 360);
  const meanAnomalyDeg = parseAngle(cols(line2, 44, 51), 2, 'mean anomaly', 360);
  const nText = cols(line2, 53, 63);
  expect(/^ *\d{1,2}\.\d{8}$/.test(nText), 2, `mean motion "${nText}" is not F11.8`);
  const revText = cols(line2, 64, 68);
  expect(/^ *\d+$/.test(revText), 2, `revolution number "${revText}" is not an integer`);

  return {
    catalogNumber: catalog1,
    classification,
    cosparId,
    epoch: { year, dayOfYear },
    ndotOver2RevPerDay2,
    nddotOver6RevPerDay3,
    bstarPerEarthRadius,
    ephemerisType: Number(ephemerisText),
    elementSetNumber: Number(elementText),
    inclinationDeg,
    raanDeg,
    eccentricity: Number(`0.${eccText}`),
    argPerigeeDeg,
    meanAnomalyDeg,
    meanMotionRevPerDay: Number(nText),
    revolutionNumberAtEpoch: Number(revText),
  };
}

/** Parse the text form: exactly two lines separated by one "\n" (a trailing newline is tolerated). */
export function parseTle(text: string): ParsedTle {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = body.split('\n');
  if (lines.length !== 2) throw new TleParseError(null, `expected 2 lines, got ${lines.length}`);
  return parseTleLines(lines[0]!, lines[1]!);
}
