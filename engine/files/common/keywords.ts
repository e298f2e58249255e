/**
 * Typed reading of KVN entries: each message declares, per block, a table keyword → value type (and the standard
 * units of numeric keywords), and {@link readEntryValue} validates and converts one entry, naming its line.
 */
import { CcsdsParseError, quoteInput } from './errors.ts';
import type { KvnToken } from './kvnLexer.ts';
import { parseEpochFields, parseFrame, parseTimeSystem, timeScaleOf } from './definitions.ts';
import { Epoch, EpochParseError } from '../../time/epoch.ts';
import { isCcsdsNumber, parseInteger, parseNumber, splitValueAndUnits, unitConversionFactor } from './values.ts';

export type KeyType =
  | 'text'
  | 'number'
  | 'integer'
  | 'epoch'
  /** an absolute epoch, or seconds relative to a reference epoch (OCM EPOCH_TZERO) */
  | 'epochOrRelative'
  | 'frame'
  | 'timeSystem'
  /** a bracketed or comma separated list kept as text */
  | 'list'
  /** `YES` / `NO` */
  | 'boolean'
  /** space separated numbers, e.g. DC_REF_DIR = 1.0 0.0 0.0 */
  | 'numbers';

export interface KeySpec {
  type: KeyType;
  /** Standard units of a numeric keyword; a value given in compatible units is converted to these. */
  units?: string;
  /** Epochs checked for syntax only (e.g. NEXT_LEAP_EPOCH: a future leap second our table cannot know yet). */
  syntaxOnly?: boolean;
}

/** The spec of a numeric keyword in its standard `units` (none: a pure number, whose units are not checked). */
export function numberKey(units?: string): KeySpec {
  return units ? { type: 'number', units } : { type: 'number' };
}

export type KeyValue = string | number | boolean | number[];
export type EntryToken = Extract<KvnToken, { kind: 'entry' }>;

/** Value and units of an entry, whichever notation it came from (KVN `v [u]` or XML `units="u"`). */
export function entryValueAndUnits(token: EntryToken): { value: string; units: string | null } {
  if (token.units !== null) return { value: token.value, units: token.units };
  return splitValueAndUnits(token.value);
}

/**
 * Check a CCSDS epoch string and return it unchanged: syntax and calendar ranges always; for the time systems
 * Apsis converts (UTC, TAI, TT, TDB, TCG, TCB, GPS, UT1) also through `Epoch.parse`, so that for instance a
 * `23:59:60` outside a real UTC leap second is reported with its line. Mission-relative systems (MET, MRT),
 * SCLK and GMST get the syntax check only.
 */
export function readEpoch(text: string, line: number, keyword: string, timeSystem?: string): string {
  parseEpochFields(text, line, keyword, timeSystem === 'MET' || timeSystem === 'MRT');
  const scale = timeScaleOf(timeSystem ?? 'UTC');
  if (scale !== null) {
    // a trailing Z is tolerated whatever the time system (CCSDS 502.0-B-3 §7.5.10 makes it optional)
    const plain = scale !== 'UTC' && text.endsWith('Z') ? text.slice(0, -1) : text;
    try {
      Epoch.parse(plain, scale, 0);
    } catch (error) {
      if (error instanceof EpochParseError || error instanceof RangeError) {
        throw new CcsdsParseError(line, `${keyword}: ${error.message} (${scale})`, keyword);
      }
      throw error;
    }
  }
  return text;
}

/** Validate and convert one entry according to its spec. */
export function readEntryValue(token: EntryToken, spec: KeySpec, timeSystem?: string): KeyValue {
  const { value, units } = entryValueAndUnits(token);
  const keyword = token.keyword;
  const line = token.line;
  if (value === '' && spec.type !== 'text') {
    throw new CcsdsParseError(line, `${keyword} has no value`, keyword);
  }
  switch (spec.type) {
    case 'text':
      return token.value; // text keeps everything, including bracketed parts
    case 'list':
      return token.value; // lists never carry units; keep bracketed lists (TRAJ_UNITS = [km, km]) intact
    case 'number':
    case 'integer': {
      const number = spec.type === 'number' ? parseNumber(value, line, keyword) : parseInteger(value, line, keyword);
      if (units !== null && spec.units !== undefined) {
        const factor = unitConversionFactor(units, spec.units, line, keyword);
        return factor === 1 ? number : number * factor;
      }
      return number;
    }
    case 'numbers': {
      const parts = value.split(/[ \t,]+/).filter((p) => p !== '');
      return parts.map((p) => parseNumber(p, line, keyword));
    }
    case 'epoch':
      if (spec.syntaxOnly) {
        parseEpochFields(value, line, keyword);
        return value;
      }
      return readEpoch(value, line, keyword, timeSystem);
    case 'epochOrRelative':
      if (isCcsdsNumber(value)) return parseNumber(value, line, keyword);
      return readEpoch(value, line, keyword, timeSystem);
    case 'frame':
      return parseFrame(value, line, keyword);
    case 'timeSystem':
      return parseTimeSystem(value, line, keyword);
    case 'boolean': {
      const upper = value.toUpperCase();
      if (upper === 'YES' || upper === 'TRUE') return true;
      if (upper === 'NO' || upper === 'FALSE') return false;
      throw new CcsdsParseError(line, `${keyword} must be YES or NO, got ${quoteInput(value)}`, keyword);
    }
  }
}

/** Throw the standard "unexpected keyword" error. */
export function unexpectedKeyword(token: EntryToken, where: string): never {
  throw new CcsdsParseError(token.line, `unexpected keyword ${token.keyword} in ${where}`, token.keyword);
}

/**
 * A keyword of a metadata or data block appears once per block (CCSDS 502.0-B-3 and 503.0-B-2 list each at most
 * once): a second occurrence (e.g. two OBJECT_IDs in one META block) is an error naming both lines, never a silent
 * overwrite. `seen` maps the block's keywords read so far to their tokens; `token` is added.
 */
export function rejectRepeatedKeyword(seen: Record<string, EntryToken>, token: EntryToken, where: string): void {
  const first = seen[token.keyword];
  if (first !== undefined) {
    throw new CcsdsParseError(token.line, `${token.keyword} given twice in ${where} (first at line ${first.line})`, token.keyword);
  }
  seen[token.keyword] = token;
}

/** Describe a token for "unexpected ..." errors. */
export function describeToken(token: KvnToken): string {
  switch (token.kind) {
    case 'entry':
      return `keyword ${token.keyword}`;
    case 'comment':
      return 'COMMENT';
    case 'start':
      return `${token.block}_START`;
    case 'stop':
      return `${token.block}_STOP`;
    case 'raw':
      return `data line ${quoteInput(token.text)}`;
  }
}

/** Require a value read earlier, or throw `line N: KEY is required in <block>`. */
export function required<T>(value: T | null | undefined, line: number, keyword: string, where: string): T {
  if (value === null || value === undefined) {
    throw new CcsdsParseError(line, `${keyword} is required in ${where}`, keyword);
  }
  return value;
}
