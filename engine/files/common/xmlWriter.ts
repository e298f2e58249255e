/**
 * Helpers for writing CCSDS NDM/XML (505.0-B-2): escaped text and attributes, one element per keyword.
 * Values are checked like the KVN writer's (kvnWriter.ts: one line, no control characters) so that every file
 * written can be read back.
 */
import { checkText } from './kvnWriter.ts';

/** Text (or an attribute value) with the five XML special characters escaped. */
export function escapeXmlText(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** `<KEYWORD units="u">value</KEYWORD>`, the value checked as one line of safe text and escaped. */
export function xmlElement(keyword: string, value: string, units?: string): string {
  const checked = escapeXmlText(checkText(keyword, value));
  return units ? `<${keyword} units="${escapeXmlText(units)}">${checked}</${keyword}>` : `<${keyword}>${checked}</${keyword}>`;
}
