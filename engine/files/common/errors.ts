/**
 * Parse errors for CCSDS NDM (KVN and XML) and SP3 files.
 *
 * Every error names the 1-based line of the offending input, and the keyword when there is one,
 * so that an operator can fix the file: `line 12: THR_ISP must be a number, got "abc"`.
 */
import { escapeUnsafeText } from '../../text.ts';

export class CcsdsParseError extends Error {
  /** 1-based line number in the input text (0 when the error concerns the whole file, e.g. empty input). */
  readonly line: number;
  /** The keyword (KVN key, XML element, SP3 record type) the error is about, when known. */
  readonly keyword: string | undefined;
  /** The message without the `line N: ` prefix. */
  readonly detail: string;

  constructor(line: number, detail: string, keyword?: string) {
    super(line > 0 ? `line ${line}: ${detail}` : detail);
    this.name = 'CcsdsParseError';
    this.line = line;
    this.keyword = keyword;
    this.detail = detail;
  }
}

/**
 * A value that cannot be written into a CCSDS file (a line break in OBJECT_NAME, an empty ORIGINATOR, …). Values are
 * validated where they enter the service, so this is raised only for records stored before a rule existed; the API
 * answers it as a 422 naming the keyword, never as a 500.
 */
export class CcsdsWriteError extends Error {
  constructor(
    readonly keyword: string,
    readonly detail: string,
  ) {
    super(`${keyword} ${detail}`);
    this.name = 'CcsdsWriteError';
  }
}

/** Raised for errors found in SP3 files (same shape as {@link CcsdsParseError}, so callers can catch either). */
export class Sp3ParseError extends CcsdsParseError {
  constructor(line: number, detail: string, keyword?: string) {
    super(line, detail, keyword);
    this.name = 'Sp3ParseError';
  }
}

/**
 * Quote a fragment of the input for an error message, shortened so that huge garbage lines stay readable, with every
 * character the text rule refuses escaped (engine/text.ts: a bidi override or U+2028 quoted raw would act in the
 * message it is reported in).
 */
export function quoteInput(text: string, maxLength = 60): string {
  const shown = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  return escapeUnsafeText(JSON.stringify(shown));
}

/**
 * Receives an error in ONE data record (a TDM observation, an OEM or SP3 state line) so that reading can go on and
 * every bad record of a file is reported, not only the first. Structural errors (missing blocks, bad metadata) stay
 * fatal. Without a handler a data error is thrown like any other.
 */
export type DataErrorHandler = (error: CcsdsParseError) => void;

/** Runs `read` (the parse of one data record); a CcsdsParseError goes to `onDataError` when there is one. */
export function readDataRecord(onDataError: DataErrorHandler | undefined, read: () => void): boolean {
  if (!onDataError) {
    read();
    return true;
  }
  try {
    read();
    return true;
  } catch (error) {
    if (!(error instanceof CcsdsParseError)) throw error;
    onDataError(error);
    return false;
  }
}
