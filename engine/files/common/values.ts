/**
 * Value syntax shared by all CCSDS NDM messages: numbers, integers, units.
 *
 * CCSDS 502.0-B-3 §7.5.6 / 503.0-B-2 §4.3: numbers are written with an optional sign, digits, an optional
 * decimal point and an optional exponent (`E` or `e`). Leading zeros (`-063.042`), a bare trailing point (`1.`)
 * and a bare leading point (`.357`) occur in real files and are accepted. `Infinity`, hexadecimal, empty strings
 * and anything JavaScript's `Number()` would silently coerce are refused.
 */
import { DEG_TO_RAD } from '../../math/angles.ts';
import { CcsdsParseError, quoteInput } from './errors.ts';

const NUMBER_PATTERN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER_PATTERN = /^[+-]?\d+$/;

/** True when `text` is a CCSDS number. */
export function isCcsdsNumber(text: string): boolean {
  return NUMBER_PATTERN.test(text);
}

/** Parse a CCSDS number or throw `line N: KEY must be a number, got "…"`. */
export function parseNumber(text: string, line: number, keyword: string): number {
  if (!NUMBER_PATTERN.test(text)) {
    throw new CcsdsParseError(line, `${keyword} must be a number, got ${quoteInput(text)}`, keyword);
  }
  const value = Number(text);
  if (!Number.isFinite(value)) {
    throw new CcsdsParseError(line, `${keyword} is out of range, got ${quoteInput(text)}`, keyword);
  }
  return value;
}

/** Parse a CCSDS integer or throw. */
export function parseInteger(text: string, line: number, keyword: string): number {
  if (!INTEGER_PATTERN.test(text)) {
    throw new CcsdsParseError(line, `${keyword} must be an integer, got ${quoteInput(text)}`, keyword);
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new CcsdsParseError(line, `${keyword} is out of range, got ${quoteInput(text)}`, keyword);
  }
  return value;
}

/**
 * Print a number so that parsing it gives back exactly the same double (shortest round-trip form,
 * ECMAScript Number::toString). Exponents are written `1e-7` / `1e+21`, both valid CCSDS numbers.
 */
export function formatNumberLossless(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write non-finite number ${value}`);
  if (Object.is(value, -0)) return '-0.0';
  return String(value);
}

/**
 * Split a KVN value into its value and its optional trailing units, `6503.514 [km]` → (`6503.514`, `km`).
 * CCSDS 502.0-B-3 §7.4.7: units are displayed in square brackets after the value. A value that is entirely a
 * bracketed list (`[km, km, km]`, used by TRAJ_UNITS / MAN_UNITS) is returned as value with no units.
 */
export function splitValueAndUnits(raw: string): { value: string; units: string | null } {
  const trimmed = raw.trim();
  if (!trimmed.endsWith(']')) return { value: trimmed, units: null };
  const open = trimmed.lastIndexOf('[');
  if (open <= 0) return { value: trimmed, units: null };
  const value = trimmed.slice(0, open).trim();
  if (value === '') return { value: trimmed, units: null };
  return { value, units: trimmed.slice(open + 1, -1).trim() };
}

/** Parse a bracketed units list `[km, km/s, n/a]` into its entries. */
export function parseUnitsList(raw: string, line: number, keyword: string): string[] {
  const trimmed = raw.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  const units = inner.split(',').map((u) => u.trim());
  if (units.some((u) => u === '')) {
    throw new CcsdsParseError(line, `${keyword} has an empty entry in ${quoteInput(trimmed)}`, keyword);
  }
  return units;
}

// ---------------------------------------------------------------------------------------------------------------
// Units (CCSDS 502.0-B-3 Annex B / SANA units registry): dimension analysis so that compatible units are converted
// and incompatible ones are refused with the line number.
// ---------------------------------------------------------------------------------------------------------------

/** Exponents of [length, mass, time, angle] and the scale to SI (m, kg, s, rad). */
export interface ParsedUnit {
  dimension: readonly [number, number, number, number];
  scaleToSi: number;
}

const ATOMS: Record<string, ParsedUnit> = {
  m: { dimension: [1, 0, 0, 0], scaleToSi: 1 },
  km: { dimension: [1, 0, 0, 0], scaleToSi: 1e3 },
  cm: { dimension: [1, 0, 0, 0], scaleToSi: 1e-2 },
  mm: { dimension: [1, 0, 0, 0], scaleToSi: 1e-3 },
  kg: { dimension: [0, 1, 0, 0], scaleToSi: 1 },
  g: { dimension: [0, 1, 0, 0], scaleToSi: 1e-3 },
  s: { dimension: [0, 0, 1, 0], scaleToSi: 1 },
  min: { dimension: [0, 0, 1, 0], scaleToSi: 60 },
  h: { dimension: [0, 0, 1, 0], scaleToSi: 3600 },
  d: { dimension: [0, 0, 1, 0], scaleToSi: 86400 },
  day: { dimension: [0, 0, 1, 0], scaleToSi: 86400 },
  yr: { dimension: [0, 0, 1, 0], scaleToSi: 365.25 * 86400 },
  N: { dimension: [1, 1, -2, 0], scaleToSi: 1 },
  mN: { dimension: [1, 1, -2, 0], scaleToSi: 1e-3 },
  kN: { dimension: [1, 1, -2, 0], scaleToSi: 1e3 },
  deg: { dimension: [0, 0, 0, 1], scaleToSi: DEG_TO_RAD },
  '°': { dimension: [0, 0, 0, 1], scaleToSi: DEG_TO_RAD },
  rad: { dimension: [0, 0, 0, 1], scaleToSi: 1 },
  // one revolution (OMM MEAN_MOTION [rev/day], 502.0-B-3 table 4-2)
  rev: { dimension: [0, 0, 0, 1], scaleToSi: 2 * Math.PI },
  '%': { dimension: [0, 0, 0, 0], scaleToSi: 0.01 },
  '#': { dimension: [0, 0, 0, 0], scaleToSi: 1 },
  'n/a': { dimension: [0, 0, 0, 0], scaleToSi: 1 },
  '1': { dimension: [0, 0, 0, 0], scaleToSi: 1 },
  // magnetic flux density and solar flux units: own dimensions are irrelevant here, they only need to be distinct
  nT: { dimension: [0, 1, -2, 0], scaleToSi: 1e-9 },
  SFU: { dimension: [0, 1, -2, 0], scaleToSi: 1e-22 },
  Hz: { dimension: [0, 0, -1, 0], scaleToSi: 1 },
  W: { dimension: [2, 1, -3, 0], scaleToSi: 1 },
  dB: { dimension: [0, 0, 0, 0], scaleToSi: 1 },
  RU: { dimension: [0, 0, 0, 0], scaleToSi: 1 },
};

/**
 * Parse a unit expression such as `km**3/s**2`, `kg*m**2`, `km/s²`, `√km`, `#/yr` or, as CCSDS 508.0-B-1 writes the
 * CDM covariance units, `m**3/(kg*s)` (a parenthesized group, optionally raised to a power). Products and quotients
 * associate left to right (`a/b*c` is (a/b)·c, SANA units registry). Returns null when the expression uses an
 * unknown symbol or is not well formed.
 */
export function parseUnit(text: string): ParsedUnit | null {
  const known = PARSED_UNITS.get(text);
  if (known !== undefined) return known;
  const unit = parseUnitExpression(text);
  // a file repeats a handful of unit expressions thousands of times (CDM covariances): remember them, boundedly
  if (PARSED_UNITS.size < MAX_REMEMBERED_UNITS) PARSED_UNITS.set(text, unit);
  return unit;
}

const PARSED_UNITS = new Map<string, ParsedUnit | null>();
const MAX_REMEMBERED_UNITS = 512;

function parseUnitExpression(text: string): ParsedUnit | null {
  const normalized = text.trim().replace(/²/g, '**2').replace(/³/g, '**3');
  if (normalized === 'n/a') return ATOMS['n/a']!;
  const tokens = normalized.match(/\*\*|[*/()√]|[^\s*/()√]+/g) ?? [];
  let position = 0;
  const exponentAfter = (): number | null => {
    if (tokens[position] !== '**') return 1;
    position++;
    const power = tokens[position++];
    return power !== undefined && /^-?\d+(?:\.\d+)?$/.test(power) ? Number(power) : null;
  };
  // factor := ['√'] (atom | '(' product ')') ['**' number]
  const factor = (): ParsedUnit | null => {
    let root = 1;
    if (tokens[position] === '√') {
      root = 0.5;
      position++;
    }
    let base: ParsedUnit | null;
    if (tokens[position] === '(') {
      position++;
      base = product();
      if (tokens[position++] !== ')') return null;
    } else {
      base = ATOMS[tokens[position++] ?? ''] ?? null;
    }
    const exponent = exponentAfter();
    if (base === null || exponent === null) return null;
    const power = root * exponent;
    return { dimension: base.dimension.map((d) => d * power) as unknown as ParsedUnit['dimension'], scaleToSi: base.scaleToSi ** power };
  };
  // product := factor (('*' | '/') factor)*
  const product = (): ParsedUnit | null => {
    let result = factor();
    while (result !== null && (tokens[position] === '*' || tokens[position] === '/')) {
      const sign = tokens[position++] === '/' ? -1 : 1;
      const next = factor();
      if (next === null) return null;
      result = {
        dimension: result.dimension.map((d, k) => d + sign * next.dimension[k]!) as unknown as ParsedUnit['dimension'],
        scaleToSi: result.scaleToSi * next.scaleToSi ** sign,
      };
    }
    return result;
  };
  const unit = product();
  return unit !== null && position === tokens.length ? unit : null;
}

/**
 * Factor that converts a value written in `givenUnits` into `expectedUnits` (e.g. m → km gives 1e-3), or throw
 * `line N: KEY units must be compatible with [km], got [s]` when the dimensions differ.
 */
export function unitConversionFactor(givenUnits: string, expectedUnits: string, line: number, keyword: string): number {
  const given = parseUnit(givenUnits);
  const expected = parseUnit(expectedUnits);
  if (!expected) throw new Error(`internal: unknown expected unit ${expectedUnits} for ${keyword}`);
  if (!given) {
    throw new CcsdsParseError(line, `${keyword} has unknown units [${givenUnits}], expected [${expectedUnits}]`, keyword);
  }
  const sameDimension = given.dimension.every((d, k) => Math.abs(d - expected.dimension[k]!) < 1e-12);
  if (!sameDimension) {
    throw new CcsdsParseError(
      line,
      `${keyword} units must be compatible with [${expectedUnits}], got [${givenUnits}]`,
      keyword,
    );
  }
  // `n/a` stands for "no unit": interchangeable with any dimensionless unit, without scaling
  if (givenUnits.trim() === 'n/a' || expectedUnits === 'n/a') return 1;
  return given.scaleToSi / expected.scaleToSi;
}
