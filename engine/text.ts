/**
 * Text that may be stored and written into files: the characters refused everywhere a person-given text enters the
 * service (names, identifiers, comments) and everywhere one is written (KVN/XML writers).
 *
 * - C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F): line breaks split a KVN line, NUL ends C
 *   strings in other tools, the rest are invisible.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a text display in an
 *   order other than the one it is stored in ("Trojan Source", CVE-2021-42574), so an operator would read one name
 *   and a tool another.
 * - Lone UTF-16 surrogates (a JSON string may carry `\ud800` escaped): not a character, no UTF-8 form; files written
 *   with one are not valid UTF-8.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` may not be stored or written; null when it may. */
export function unsafeTextProblem(text: string): string | null {
  if (CONTROL.test(text)) return 'must not contain control characters (line breaks, tabs, NUL)';
  if (BIDI_CONTROL.test(text)) return 'must not contain bidirectional override or isolate characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** `text` with every refused character replaced by a space (runs folded into one) and trimmed: for names copied into
 * a file where refusing the whole export would be worse than a readable substitute. */
export function replaceUnsafeText(text: string): string {
  return text
    .replace(new RegExp(`(?:${CONTROL.source}|${BIDI_CONTROL.source}|${LONE_SURROGATE.source})+`, 'g'), ' ')
    .trim();
}
