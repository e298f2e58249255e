/**
 * The one rule for text that may be stored and written into files: which code points a person- or file-given text
 * (a name, an identifier, an originator, a comment) may hold wherever it enters the service — JSON fields, CCSDS
 * files (OEM, OPM, OCM, OMM, TDM, CDM: every keyword value and comment), TLE/3LE name lines — and wherever one is
 * written (KVN, XML, CSV, iCalendar, SVG). Refused, each with its code point, its name and the reason:
 *
 * - C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F, General_Category Cc): LF, CR, VT, FF and
 *   U+0085 NEXT LINE break a KVN, CSV or iCalendar line; NUL ends a string in C tools and, like every C0 control but
 *   TAB/LF/CR, is not a character of XML 1.0 (§2.2 Char), so an SVG or XML carrying it is not well-formed; TAB is
 *   not allowed in KVN (CCSDS 502.0-B-3 §7.4 and 508.0-B-1 §6.2.1: printable characters and blanks only); the others
 *   are invisible. (A KVN data line may still separate its fields with TABs: see `allowTab`.)
 * - U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: mandatory line breaks (UAX #14 class BK) and JavaScript
 *   line terminators, so `X\u2028REF_FRAME = ITRF` reads as an injected line to a line splitter.
 * - Bidirectional formatting characters (UAX #9 §2: embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069,
 *   the implicit marks U+061C, U+200E, U+200F): the text would display in another order than it is stored
 *   ("Trojan Source", CVE-2021-42574; UTR #36 §2, bidirectional text spoofing), so an operator reads one name and a
 *   tool matches another.
 * - Zero-width characters and the byte-order mark (U+200B–U+200D, U+2060, U+FEFF): invisible, so two names that
 *   look identical differ (UTR #36 §2, UTS #39 §3.1; a BOM at the very start of a FILE is its encoding signature and
 *   is skipped by the readers, never part of a value).
 * - Every other format character (General_Category Cf, listed below from Unicode 15.1 so Node and Deno agree whatever
 *   their ICU version): soft hyphen, Arabic number signs, invisible operators, deprecated format characters,
 *   interlinear annotations, tags (the invisible "ASCII smuggling" block)... They are invisible or change how what
 *   follows is shown; none belongs in a name. The decision for the default-ignorable characters that are NOT Cf:
 *   variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF: emoji presentation "🛰️", CJK ideographic variants), the
 *   combining grapheme joiner and the Hangul fillers are allowed — they are part of real text.
 * - Unpaired UTF-16 surrogates (a JSON string may carry `\ud800` escaped): not a character, no UTF-8 form.
 * - Noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF, …, U+10FFFF; Unicode
 *   §23.7 and Corrigendum #9): reserved for a process's own use, never interchanged; U+FFFE and U+FFFF are not XML
 *   1.0 characters either.
 *
 * Everything else is allowed, spaces (U+0020, no-break and ideographic spaces), letters of every script, marks,
 * symbols, emoji, private-use characters and code points this Unicode version does not assign: "Sentinel-6 Michael
 * Freilich", "天宫", "Ñandú" and "🛰" are names. Text that passes the rule is also XML 1.0 Char text, a single KVN,
 * CSV and iCalendar line, and valid UTF-8.
 */

/** One refused character of a text. */
export interface TextProblem {
  /** Position of the character in the text, in code points, counted from 1. */
  position: number;
  /** Its code point (a lone surrogate's own value). */
  codePoint: number;
  /** `U+2028 LINE SEPARATOR` (a description in parentheses where the character has no single name here). */
  character: string;
  /** Why it is refused. */
  reason: string;
}

export interface TextRuleOptions {
  /**
   * Accept U+0009 CHARACTER TABULATION (default false). Only for a KVN data line (OEM states, OCM rows), whose fields
   * are split on blanks and TABs and parsed as numbers, epochs or identifiers each checked itself: files from some
   * producers separate them with TABs. Never for a value that is kept as text.
   */
  allowTab?: boolean;
}

const REASON = {
  control: 'a control character (C0/C1): invisible, and outside the printable characters and blanks of a KVN line (CCSDS 502.0-B-3 §7.4, 508.0-B-1 §6.2.1)',
  lineBreak: 'a line break (a value must stay on its line of a KVN, CSV or iCalendar file)',
  nul: 'NUL ends a string in C tools and is not a character of XML 1.0 (§2.2 Char): a file holding it is not well-formed',
  bidi: 'a bidirectional formatting character (UAX #9 §2): the text would display in another order than it is stored (Trojan Source, CVE-2021-42574; UTR #36 §2, bidirectional text spoofing)',
  invisible: 'an invisible zero-width character: two texts that look identical would differ (UTR #36 §2, UTS #39 §3.1)',
  format: 'an invisible format character (General_Category Cf): it changes how the text is shown, not what it says',
  surrogate: 'an unpaired UTF-16 surrogate: not a character and without a UTF-8 form',
  noncharacter: 'a noncharacter (Unicode §23.7): reserved for internal use, never interchanged; U+FFFE/U+FFFF are not XML 1.0 characters',
} as const;

const C0_NAMES = [
  'NULL', 'START OF HEADING', 'START OF TEXT', 'END OF TEXT', 'END OF TRANSMISSION', 'ENQUIRY', 'ACKNOWLEDGE', 'ALERT',
  'BACKSPACE', 'CHARACTER TABULATION', 'LINE FEED (LF)', 'LINE TABULATION', 'FORM FEED (FF)', 'CARRIAGE RETURN (CR)',
  'SHIFT OUT', 'SHIFT IN', 'DATA LINK ESCAPE', 'DEVICE CONTROL ONE', 'DEVICE CONTROL TWO', 'DEVICE CONTROL THREE',
  'DEVICE CONTROL FOUR', 'NEGATIVE ACKNOWLEDGE', 'SYNCHRONOUS IDLE', 'END OF TRANSMISSION BLOCK', 'CANCEL', 'END OF MEDIUM',
  'SUBSTITUTE', 'ESCAPE', 'INFORMATION SEPARATOR FOUR', 'INFORMATION SEPARATOR THREE', 'INFORMATION SEPARATOR TWO',
  'INFORMATION SEPARATOR ONE',
];
/** The C1 controls' name aliases (Unicode NameAliases.txt); U+0080, U+0081 and U+0099 have only figment names there. */
const C1_NAMES = [
  'PADDING CHARACTER', 'HIGH OCTET PRESET', 'BREAK PERMITTED HERE', 'NO BREAK HERE', 'INDEX', 'NEXT LINE (NEL)',
  'START OF SELECTED AREA', 'END OF SELECTED AREA', 'CHARACTER TABULATION SET', 'CHARACTER TABULATION WITH JUSTIFICATION',
  'LINE TABULATION SET', 'PARTIAL LINE FORWARD', 'PARTIAL LINE BACKWARD', 'REVERSE LINE FEED', 'SINGLE SHIFT TWO',
  'SINGLE SHIFT THREE', 'DEVICE CONTROL STRING', 'PRIVATE USE ONE', 'PRIVATE USE TWO', 'SET TRANSMIT STATE',
  'CANCEL CHARACTER', 'MESSAGE WAITING', 'START OF GUARDED AREA', 'END OF GUARDED AREA', 'START OF STRING',
  'SINGLE GRAPHIC CHARACTER INTRODUCER', 'SINGLE CHARACTER INTRODUCER', 'CONTROL SEQUENCE INTRODUCER', 'STRING TERMINATOR',
  'OPERATING SYSTEM COMMAND', 'PRIVACY MESSAGE', 'APPLICATION PROGRAM COMMAND',
];
const LINE_BREAK_CONTROLS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x85]);

type Kind = keyof typeof REASON;
/** [first, last, kind, name or names (one per code point of the range), or a description for the whole range]. */
type Range = readonly [number, number, Kind, readonly string[] | string];

/** The refused ranges above U+009F, ascending (the format characters: Unicode 15.1 DerivedGeneralCategory.txt, Cf). */
const RANGES: readonly Range[] = [
  [0x00ad, 0x00ad, 'format', ['SOFT HYPHEN']],
  [0x0600, 0x0605, 'format', ['ARABIC NUMBER SIGN', 'ARABIC SIGN SANAH', 'ARABIC FOOTNOTE MARKER', 'ARABIC SIGN SAFHA', 'ARABIC SIGN SAMVAT', 'ARABIC NUMBER MARK ABOVE']],
  [0x061c, 0x061c, 'bidi', ['ARABIC LETTER MARK']],
  [0x06dd, 0x06dd, 'format', ['ARABIC END OF AYAH']],
  [0x070f, 0x070f, 'format', ['SYRIAC ABBREVIATION MARK']],
  [0x0890, 0x0891, 'format', ['ARABIC POUND MARK ABOVE', 'ARABIC PIASTRE MARK ABOVE']],
  [0x08e2, 0x08e2, 'format', ['ARABIC DISPUTED END OF AYAH']],
  [0x180e, 0x180e, 'format', ['MONGOLIAN VOWEL SEPARATOR']],
  [0x200b, 0x200d, 'invisible', ['ZERO WIDTH SPACE', 'ZERO WIDTH NON-JOINER', 'ZERO WIDTH JOINER']],
  [0x200e, 0x200f, 'bidi', ['LEFT-TO-RIGHT MARK', 'RIGHT-TO-LEFT MARK']],
  [0x2028, 0x2029, 'lineBreak', ['LINE SEPARATOR', 'PARAGRAPH SEPARATOR']],
  [0x202a, 0x202e, 'bidi', ['LEFT-TO-RIGHT EMBEDDING', 'RIGHT-TO-LEFT EMBEDDING', 'POP DIRECTIONAL FORMATTING', 'LEFT-TO-RIGHT OVERRIDE', 'RIGHT-TO-LEFT OVERRIDE']],
  [0x2060, 0x2060, 'invisible', ['WORD JOINER']],
  [0x2061, 0x2064, 'format', ['FUNCTION APPLICATION', 'INVISIBLE TIMES', 'INVISIBLE SEPARATOR', 'INVISIBLE PLUS']],
  [0x2065, 0x2065, 'format', 'reserved default-ignorable code point'],
  [0x2066, 0x2069, 'bidi', ['LEFT-TO-RIGHT ISOLATE', 'RIGHT-TO-LEFT ISOLATE', 'FIRST STRONG ISOLATE', 'POP DIRECTIONAL ISOLATE']],
  [0x206a, 0x206f, 'format', ['INHIBIT SYMMETRIC SWAPPING', 'ACTIVATE SYMMETRIC SWAPPING', 'INHIBIT ARABIC FORM SHAPING', 'ACTIVATE ARABIC FORM SHAPING', 'NATIONAL DIGIT SHAPES', 'NOMINAL DIGIT SHAPES']],
  [0xfdd0, 0xfdef, 'noncharacter', 'noncharacter'],
  [0xfeff, 0xfeff, 'invisible', ['ZERO WIDTH NO-BREAK SPACE (byte-order mark)']],
  [0xfff9, 0xfffb, 'format', ['INTERLINEAR ANNOTATION ANCHOR', 'INTERLINEAR ANNOTATION SEPARATOR', 'INTERLINEAR ANNOTATION TERMINATOR']],
  [0x110bd, 0x110bd, 'format', ['KAITHI NUMBER SIGN']],
  [0x110cd, 0x110cd, 'format', ['KAITHI NUMBER SIGN ABOVE']],
  [0x13430, 0x1343f, 'format', 'Egyptian hieroglyph format control'],
  [0x1bca0, 0x1bca3, 'format', ['SHORTHAND FORMAT LETTER OVERLAP', 'SHORTHAND FORMAT CONTINUING OVERLAP', 'SHORTHAND FORMAT DOWN STEP', 'SHORTHAND FORMAT UP STEP']],
  [0x1d173, 0x1d17a, 'format', ['MUSICAL SYMBOL BEGIN BEAM', 'MUSICAL SYMBOL END BEAM', 'MUSICAL SYMBOL BEGIN TIE', 'MUSICAL SYMBOL END TIE', 'MUSICAL SYMBOL BEGIN SLUR', 'MUSICAL SYMBOL END SLUR', 'MUSICAL SYMBOL BEGIN PHRASE', 'MUSICAL SYMBOL END PHRASE']],
  [0xe0000, 0xe007f, 'format', 'tag character'],
];

const hex = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Kind and name of a refused code point, or null when the rule allows it. */
function classify(codePoint: number): { kind: Kind; name: string } | null {
  if (codePoint < 0x20) return { kind: codePoint === 0 ? 'nul' : LINE_BREAK_CONTROLS.has(codePoint) ? 'lineBreak' : 'control', name: C0_NAMES[codePoint]! };
  if (codePoint < 0x7f) return null;
  if (codePoint === 0x7f) return { kind: 'control', name: 'DELETE' };
  if (codePoint <= 0x9f) return { kind: LINE_BREAK_CONTROLS.has(codePoint) ? 'lineBreak' : 'control', name: C1_NAMES[codePoint - 0x80]! };
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return { kind: 'surrogate', name: '(unpaired surrogate)' };
  if ((codePoint & 0xfffe) === 0xfffe) return { kind: 'noncharacter', name: '(noncharacter)' };
  for (const [first, last, kind, names] of RANGES) {
    if (codePoint < first) return null;
    if (codePoint <= last) return { kind, name: typeof names === 'string' ? `(${names})` : names[codePoint - first]! };
  }
  return null;
}

/** Printable ASCII only: the common case, decided by one scan. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The first character of `text` the rule refuses, or null when it holds none. */
export function textProblem(text: string, options: TextRuleOptions = {}): TextProblem | null {
  if (PRINTABLE_ASCII.test(text)) return null;
  let position = 0;
  for (let i = 0; i < text.length; i++) {
    position++;
    let codePoint = text.charCodeAt(i);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (codePoint === 0x09 && options.allowTab) continue;
    const refused = classify(codePoint);
    if (refused !== null) {
      return { position, codePoint, character: `${hex(codePoint)} ${refused.name}`, reason: REASON[refused.kind] };
    }
  }
  return null;
}

/** A problem as one sentence fragment, to follow what the text is: `must not contain U+2028 LINE SEPARATOR at character 2: …`. */
export function describeTextProblem(problem: TextProblem): string {
  return `must not contain ${problem.character} at character ${problem.position}: ${problem.reason}`;
}

/** Why `text` may not be stored or written (describeTextProblem); null when it may. */
export function unsafeTextProblem(text: string): string | null {
  const problem = textProblem(text);
  return problem === null ? null : describeTextProblem(problem);
}

/** Every code point the rule refuses (a lone surrogate as itself: the `u` flag matches it alone). */
function isRefusedCharacter(character: string): boolean {
  return classify(character.codePointAt(0)!) !== null;
}

/**
 * `text` with every refused character replaced by a space (a run of them, with the spaces around it, folded into one)
 * and trimmed: for a text copied into a
 * file or picture where refusing the whole output would be worse than a readable substitute (a name stored before
 * the rule, shown in an SVG title, a CSV cell or an iCalendar summary).
 */
export function replaceUnsafeText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.trim();
  let out = '';
  let pendingSpace = false;
  for (const character of text) {
    if (isRefusedCharacter(character)) {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace) {
      pendingSpace = false;
      // the run becomes one space with the blanks around it
      if (character === ' ' && (out === '' || out.endsWith(' '))) continue;
      if (out !== '' && !out.endsWith(' ') && character !== ' ') out += ' ';
    }
    out += character;
  }
  return out.trim();
}

/**
 * `text` with every refused character written as its escape (`\u2028`, `\u{E0041}`) and the rest as it is: for a
 * fragment of hostile input quoted in an error message, which must not carry the character it reports.
 */
export function escapeUnsafeText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (classify(codePoint) === null) out += character;
    else out += codePoint > 0xffff ? `\\u{${codePoint.toString(16).toUpperCase()}}` : `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/**
 * `text` without its leading and trailing blanks (spaces and TABs) only. Readers trim with this rather than
 * String.prototype.trim, which also drops U+2028, U+FEFF, U+00A0 and the other Unicode spaces: a value ending in a
 * refused character would otherwise lose it silently while the file kept it.
 */
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x09)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
