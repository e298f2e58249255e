/**
 * Helpers for writing KVN: aligned `KEYWORD = value` lines, checked values (one line, no leading/trailing
 * blanks, valid epochs, finite numbers) so that every file we write can be read back.
 */
import { parseEpochFields } from './definitions.ts';
import { CcsdsWriteError } from './errors.ts';
import { unsafeTextProblem } from '../../text.ts';
import { formatNumberLossless } from './values.ts';

/** Width the keywords are padded to (the examples of 502.0-B-2 align values in one column). */
export const KVN_KEYWORD_WIDTH = 20;

export function checkText(keyword: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new CcsdsWriteError(keyword, 'must be a single line of text');
  if (value.trim() === '') throw new CcsdsWriteError(keyword, 'must not be empty');
  if (value !== value.trim()) throw new CcsdsWriteError(keyword, 'must not start or end with white space');
  const problem = unsafeTextProblem(value);
  if (problem !== null) throw new CcsdsWriteError(keyword, problem);
  return value;
}

export function checkEpochText(keyword: string, value: string): string {
  parseEpochFields(value, 0, keyword); // throws CcsdsParseError without line: the caller gave a bad epoch
  return value;
}

/**
 * `KEYWORD = value [units]`, the line checked whole against the text rule (engine/text.ts) whatever wrote its value:
 * a KVN writer never emits a line break, NUL or bidi control inside a line, even for a value no caller checked.
 */
export function kvnLine(keyword: string, value: string, units?: string): string {
  for (const text of units === undefined ? [keyword, value] : [keyword, value, units]) {
    const problem = unsafeTextProblem(text);
    if (problem !== null) throw new CcsdsWriteError(keyword, problem);
  }
  const padded = keyword.length >= KVN_KEYWORD_WIDTH ? keyword : keyword + ' '.repeat(KVN_KEYWORD_WIDTH - keyword.length);
  return units ? `${padded} = ${value} [${units}]` : `${padded} = ${value}`;
}

export function kvnText(keyword: string, value: string): string {
  return kvnLine(keyword, checkText(keyword, value));
}

export function kvnNumber(keyword: string, value: number, units?: string): string {
  return kvnLine(keyword, formatNumberLossless(value), units);
}

export function kvnComment(text: string): string {
  if (/[\r\n]/.test(text)) throw new CcsdsWriteError('COMMENT', 'must be a single line of text');
  const problem = unsafeTextProblem(text);
  if (problem !== null) throw new CcsdsWriteError('COMMENT', problem);
  return text === '' ? 'COMMENT' : `COMMENT ${text}`;
}
