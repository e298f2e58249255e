/**
 * Reading a catalog of two-line element sets: the TLE (2 lines per object) and 3LE (a name line first) files that
 * Space-Track and CelesTrak publish, mixed freely in one file.
 *
 * Every record is read on its own: a malformed record gives one error naming its file line (the line of the bad
 * field: line 1 or line 2 of the set, or the name line) and reading goes on with the next record, so a caller sees
 * every bad line of a file at once and decides itself whether the file is taken whole or not at all.
 *
 * Layout accepted (CelesTrak "NORAD Two-Line Element Set Format"; Space-Track 3LE):
 *  - a name line is any line that is not a TLE line: `ISS (ZARYA)`, or `0 ISS (ZARYA)` (3LE: the "0 " prefix is
 *    dropped); at most 24 characters are meaningful but longer names are kept whole; the name is text that reaches
 *    files (screening CDMs, the catalog's answers), so it must pass the text rule (engine/text.ts: no NUL, line or
 *    paragraph separator, bidi control, zero-width character...), else the name line is the bad line;
 *  - the epoch must lie in the supported span (engine/time/supportedRange.ts, 1957-10-04 to 2100): the two-digit
 *    year already keeps it in 1957–2056, so this refuses the days of 1957 before Sputnik 1 (the line 1 is the bad line);
 *  - line 1 and line 2 as engine/tle/parse.ts checks them (69 columns, checksums, fixed blanks, the same catalogue
 *    number);
 *  - blank lines anywhere; CRLF, LF or CR line ends; trailing white space after column 69 is ignored.
 */
import { describeTextProblem, escapeUnsafeText, textProblem, trimBlanks, type TextProblem } from '../text.ts';
import { Epoch } from '../time/epoch.ts';
import { supportedEpochProblem } from '../time/supportedRange.ts';
import { tleEpochToUtcString } from './epoch.ts';
import { TleParseError } from './errors.ts';
import type { GpElementSet } from './gpElements.ts';
import { parseTleLines } from './parse.ts';

/** One bad record of a catalog file: its file line (1-based) and what is wrong. */
export interface CatalogLineError {
  readonly line: number;
  readonly message: string;
  /** Catalogue number, when the record got that far. */
  readonly noradId?: number;
}

export interface CatalogReadResult {
  readonly entries: GpElementSet[];
  readonly errors: CatalogLineError[];
}

const isLine1 = (text: string): boolean => text.startsWith('1 ') || text === '1';
const isLine2 = (text: string): boolean => text.startsWith('2 ') || text === '2';

/** Splits text into lines (CRLF, LF, CR), right-trimmed. */
function linesOf(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\n|\r/).map((l) => l.replace(/[ \t]+$/, ''));
}

/** Reads a TLE/3LE catalog (module comment). */
export function readTleCatalog(text: string): CatalogReadResult {
  const lines = linesOf(text);
  const entries: GpElementSet[] = [];
  const errors: CatalogLineError[] = [];
  let i = 0;
  const nextNonBlank = (from: number): number => {
    let k = from;
    // blank = spaces and TABs only: a line holding nothing but U+2028 or U+FEFF is a bad name line, not skipped
    while (k < lines.length && trimBlanks(lines[k]!) === '') k++;
    return k;
  };
  while ((i = nextNonBlank(i)) < lines.length) {
    const first = lines[i]!;
    let name: string | null = null;
    let nameLine = 0;
    let nameProblem: TextProblem | null = null;
    let l1 = i;
    if (!isLine1(first)) {
      if (isLine2(first)) {
        errors.push({ line: i + 1, message: 'line 2 of an element set without its line 1' });
        i++;
        continue;
      }
      name = trimBlanks(first.startsWith('0 ') ? first.slice(2) : first);
      nameLine = i + 1;
      nameProblem = textProblem(name);
      l1 = nextNonBlank(i + 1);
      if (l1 >= lines.length || !isLine1(lines[l1]!)) {
        errors.push({
          line: nameLine,
          message: nameProblem !== null ? `the name ${describeTextProblem(nameProblem)}` : `name line ${escapeUnsafeText(JSON.stringify(name))} is not followed by line 1 of an element set`,
        });
        i = i + 1;
        continue;
      }
    }
    const l2 = nextNonBlank(l1 + 1);
    if (l2 >= lines.length || !isLine2(lines[l2]!)) {
      errors.push({ line: l1 + 1, message: 'line 1 of an element set is not followed by its line 2' });
      i = l1 + 1;
      continue;
    }
    const catalog = /^\d \s*(\d{1,5})/.exec(lines[l1]!);
    const noradOf = catalog ? { noradId: Number(catalog[1]) } : {};
    if (nameProblem !== null) errors.push({ line: nameLine, message: `the name ${describeTextProblem(nameProblem)}`, ...noradOf });
    try {
      const p = parseTleLines(lines[l1]!, lines[l2]!);
      const epochUtc = tleEpochToUtcString(p.epoch);
      const epochProblem = supportedEpochProblem(Epoch.parse(epochUtc, 'UTC'));
      if (epochProblem !== null) {
        errors.push({ line: l1 + 1, message: `epoch ${epochProblem}`, noradId: p.catalogNumber });
      }
      if (nameProblem !== null || epochProblem !== null) {
        i = l2 + 1;
        continue;
      }
      entries.push({
        noradId: p.catalogNumber,
        name,
        cosparId: p.cosparId,
        classification: p.classification,
        epoch: p.epoch,
        epochUtc,
        meanMotionRevPerDay: p.meanMotionRevPerDay,
        eccentricity: p.eccentricity,
        inclinationDeg: p.inclinationDeg,
        raanDeg: p.raanDeg,
        argPerigeeDeg: p.argPerigeeDeg,
        meanAnomalyDeg: p.meanAnomalyDeg,
        bstarPerEarthRadius: p.bstarPerEarthRadius,
        ndotOver2RevPerDay2: p.ndotOver2RevPerDay2,
        nddotOver6RevPerDay3: p.nddotOver6RevPerDay3,
        ephemerisType: p.ephemerisType,
        elementSetNumber: p.elementSetNumber,
        revolutionNumberAtEpoch: p.revolutionNumberAtEpoch,
        source: { format: 'TLE', line: nameLine > 0 ? nameLine : l1 + 1 },
      });
    } catch (error) {
      if (!(error instanceof TleParseError)) throw error;
      const where = error.line === 2 ? l2 : l1;
      errors.push({ line: where + 1, message: error.message, ...noradOf });
    }
    i = l2 + 1;
  }
  return { entries, errors };
}
