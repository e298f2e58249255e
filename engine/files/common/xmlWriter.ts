/**
 * Helpers for writing XML: CCSDS NDM/XML (505.0-B-2) and the service's SVG pictures. Escaped text and attributes, one
 * element per keyword. Values are checked like the KVN writer's (kvnWriter.ts: one line, the text rule of
 * engine/text.ts) so that every file written can be read back, and whatever reaches {@link escapeXmlText} comes out
 * as XML 1.0 Char text, so no writer can emit a document that is not well-formed.
 */
import { replaceUnsafeText } from '../../text.ts';
import { checkText } from './kvnWriter.ts';

/**
 * What XML 1.0 §2.2 does not allow in a document: anything but TAB, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and
 * U+10000–U+10FFFF (C0 controls such as NUL, lone surrogates, U+FFFE, U+FFFF). Not even a character reference can
 * carry one (§4.1, WFC Legal Character).
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text (or an attribute value) with the five XML special characters escaped and every character XML 1.0 forbids
 * replaced by U+FFFD REPLACEMENT CHARACTER (defence in depth: the values written are checked before, but a raw NUL
 * in a name stored before the rule made encounter.svg unreadable by every XML parser).
 */
export function escapeXmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * A text shown to people in an XML picture (an SVG title, label or note): every character the text rule refuses
 * (engine/text.ts: line breaks, bidi controls that would reorder the label, zero-width characters…) replaced by a
 * space, then escaped. The pictures never refuse to draw for a name stored before the rule.
 */
export function escapeXmlDisplayText(text: string): string {
  return escapeXmlText(replaceUnsafeText(text));
}

/** `<KEYWORD units="u">value</KEYWORD>`, the value checked as one line of safe text and escaped. */
export function xmlElement(keyword: string, value: string, units?: string): string {
  const checked = escapeXmlText(checkText(keyword, value));
  return units ? `<${keyword} units="${escapeXmlText(units)}">${checked}</${keyword}>` : `<${keyword}>${checked}</${keyword}>`;
}
