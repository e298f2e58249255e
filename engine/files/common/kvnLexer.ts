/**
 * Line-oriented lexer for CCSDS Keyword-Value Notation (KVN), shared by the OCM, OEM, OPM and TDM parsers.
 *
 * CCSDS 502.0-B-3 §7.4 / 503.0-B-2 §4.1: a KVN message is a sequence of lines; each line is blank, a comment
 * (`COMMENT text`), a block delimiter (`META_START`, `COVARIANCE_STOP`, ...), a keyword-value assignment
 * (`KEYWORD = value [units]`) or a raw data line (ephemeris, covariance, trajectory rows). Leading and trailing
 * white space (spaces and TABs) is not significant; any other character is part of the token (no String.trim: a
 * U+2028 or U+FEFF at the end of a value stays in it, so the text rule of ndmMessageParser.ts refuses it with its line
 * instead of dropping it silently). Every token carries its 1-based line number.
 *
 * The lexer never builds an array of all tokens: {@link KvnLineSplitter} cuts incoming text chunks into lines and
 * {@link lexKvnLine} turns one line into one token, so parsers can stream files of any size.
 */
import { describeTextProblem, textProblem, trimBlanks } from '../../text.ts';
import { CcsdsParseError, quoteInput } from './errors.ts';

export type KvnToken =
  /**
   * `KEYWORD = value`. `value` is the raw trimmed text after `=` (units still attached, see splitValueAndUnits).
   * `nil`: an XML element marked `nil="true"` (or `xsi:nil="true"`): present but explicitly without a value.
   */
  | { kind: 'entry'; keyword: string; value: string; units: string | null; line: number; nil?: boolean }
  /** `COMMENT text` (the text may be empty). */
  | { kind: 'comment'; text: string; line: number }
  /** `<BLOCK>_START` — the block name without the suffix, e.g. `META`, `COVARIANCE`, `MAN`. */
  | { kind: 'start'; block: string; line: number }
  /** `<BLOCK>_STOP`. */
  | { kind: 'stop'; block: string; line: number }
  /** Any other non-blank line: a data line. `text` is trimmed; `unterminated` when the file ends inside it (no line break). */
  | { kind: 'raw'; text: string; line: number; unterminated?: boolean };

const KEYWORD_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const BLOCK_PATTERN = /^([A-Z][A-Z0-9_]*?)_(START|STOP)$/;

/**
 * Turn one physical line into a token, or null for a blank line.
 * @param lineText the line without its terminator
 * @param line 1-based line number
 */
export function lexKvnLine(lineText: string, line: number): KvnToken | null {
  const text = trimBlanks(lineText);
  if (text === '') return null;

  // CCSDS 502.0-B-3 §7.7: comments are `COMMENT` followed by text; some producers write `COMMENT = text`.
  if (text.startsWith('COMMENT') && (text.length === 7 || text[7] === ' ' || text[7] === '\t' || text[7] === '=')) {
    let rest = trimBlanks(text.slice(7));
    if (rest.startsWith('=')) rest = trimBlanks(rest.slice(1));
    return { kind: 'comment', text: rest, line };
  }

  const block = BLOCK_PATTERN.exec(text);
  if (block) {
    return { kind: block[2] === 'START' ? 'start' : 'stop', block: block[1]!, line };
  }

  const equals = text.indexOf('=');
  if (equals > 0) {
    // `text` is trimmed already: only the blanks on either side of `=` remain to skip (no slice to trim again)
    let keywordEnd = equals;
    while (keywordEnd > 0 && isBlank(text.charCodeAt(keywordEnd - 1))) keywordEnd--;
    const keyword = text.slice(0, keywordEnd);
    if (KEYWORD_PATTERN.test(keyword)) {
      let valueStart = equals + 1;
      while (valueStart < text.length && isBlank(text.charCodeAt(valueStart))) valueStart++;
      return { kind: 'entry', keyword, value: text.slice(valueStart), units: null, line };
    }
    const problem = textProblem(keyword);
    throw new CcsdsParseError(line, problem ? `a keyword ${describeTextProblem(problem)}` : `malformed keyword ${quoteInput(keyword)} in ${quoteInput(text)}`);
  }
  return { kind: 'raw', text, line };
}

/** A KVN blank: space or TAB. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * Incremental splitter: feed text chunks of any size with {@link push}, receive complete lines (without
 * terminators, CRLF/LF/CR all accepted) with their 1-based numbers; call {@link end} after the last chunk.
 * Memory is bounded by the longest line, plus a guard against absurd line lengths (binary garbage).
 */
export class KvnLineSplitter {
  /** True while end() delivers the last line of a text that does not end with a line break. */
  lastLineUnterminated = false;
  private pending = '';
  private lineNumber = 0;
  private pendingCarriageReturn = false;
  private first = true;

  constructor(
    private readonly onLine: (text: string, line: number) => void,
    private readonly maxLineLength = 1 << 20,
  ) {}

  /** Number of the last line delivered. */
  get linesDelivered(): number {
    return this.lineNumber;
  }

  push(chunk: string): void {
    let text = chunk;
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // byte-order mark
    }
    if (this.pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.pendingCarriageReturn = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) {
        const piece = this.pending === '' ? text.slice(start, i) : this.pending + text.slice(start, i);
        this.pending = '';
        this.onLine(piece, ++this.lineNumber);
        if (c === 13) {
          if (i + 1 < text.length) {
            if (text.charCodeAt(i + 1) === 10) i++;
          } else {
            this.pendingCarriageReturn = true;
          }
        }
        start = i + 1;
      }
    }
    if (start < text.length) {
      this.pending += text.slice(start);
      if (this.pending.length > this.maxLineLength) {
        throw new CcsdsParseError(this.lineNumber + 1, `line longer than ${this.maxLineLength} characters`);
      }
    }
  }

  end(): void {
    if (this.pending !== '') {
      const piece = this.pending;
      this.pending = '';
      this.lastLineUnterminated = true;
      this.onLine(piece, ++this.lineNumber);
    }
  }
}

/** Lex a whole text lazily, one token at a time (blank lines skipped). */
export function* lexKvn(text: string): Generator<KvnToken> {
  let line = 0;
  let start = 0;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (start <= source.length) {
    let end = start;
    while (end < source.length && source.charCodeAt(end) !== 10 && source.charCodeAt(end) !== 13) end++;
    line++;
    const token = lexKvnLine(source.slice(start, end), line);
    if (token) yield token;
    if (end >= source.length) break;
    start = source.charCodeAt(end) === 13 && source.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
}
