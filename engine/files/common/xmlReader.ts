/**
 * A small, SAFE, incremental XML reader for CCSDS NDM/XML messages (CCSDS 505.0-B-2), written here so that no
 * general-purpose XML library (with DTD processing, external entities, XInclude...) is ever involved.
 *
 * Supported: elements, attributes, character data, CDATA sections, comments, processing instructions (skipped),
 * the five predefined entities (`&lt; &gt; &amp; &quot; &apos;`) and numeric character references.
 * Refused with a CcsdsParseError naming the line: any `<!DOCTYPE`, internal or external DTD subset, `<!ENTITY`,
 * any other named entity reference (so no XXE and no entity expansion bombs), mismatched tags, text outside the
 * root element, several root elements, truncated documents.
 *
 * Text is fed in chunks ({@link XmlEventReader.push}); events are delivered as soon as they are complete, so a
 * large TDM or OEM in XML is read with memory bounded by the largest single token.
 */
import { CcsdsParseError, quoteInput } from './errors.ts';

export type XmlEvent =
  | { type: 'open'; name: string; attributes: Record<string, string>; line: number; selfClosing: boolean }
  | { type: 'close'; name: string; line: number }
  | { type: 'text'; text: string; line: number };

const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.:\-]*$/;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replace entity and character references; refuse everything but the predefined ones. */
export function decodeXmlText(raw: string, line: number): string {
  if (raw.indexOf('&') < 0) return raw;
  let countedUpTo = 0;
  return raw.replace(/&([^;\s<&]{0,32})(;?)/g, (_match, body: string, semicolon: string, offset: number) => {
    line += countNewlines(raw, countedUpTo, offset); // report the line of the reference itself
    countedUpTo = offset;
    if (semicolon !== ';') throw new CcsdsParseError(line, `XML: unterminated entity reference "&${body}"`);
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      const digitsOk = body[1] === 'x' || body[1] === 'X' ? /^#[xX][0-9a-fA-F]+$/.test(body) : /^#[0-9]+$/.test(body);
      // XML 1.0 §4.1 WFC Legal Character: the referenced character must match Char (§2.2): TAB, LF, CR, U+0020–U+D7FF,
      // U+E000–U+FFFD, U+10000–U+10FFFF (so no &#0; &#1; or &#xFFFE;)
      const isChar = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (!digitsOk || !Number.isFinite(code) || !isChar) {
        throw new CcsdsParseError(line, `XML: invalid character reference "&${body};"`);
      }
      return String.fromCodePoint(code);
    }
    const replacement = PREDEFINED_ENTITIES[body];
    if (replacement === undefined) {
      throw new CcsdsParseError(
        line,
        `XML: entity "&${body};" is not allowed (only the predefined entities and character references are; ` +
          'DTDs and custom or external entities are refused)',
      );
    }
    return replacement;
  });
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Incremental XML event reader. */
export class XmlEventReader {
  private buffer = '';
  private position = 0;
  private line = 1;
  private readonly openElements: string[] = [];
  private rootSeen = false;
  private rootClosed = false;
  private first = true;

  constructor(
    private readonly onEvent: (event: XmlEvent) => void,
    private readonly maxTokenLength = 1 << 22,
  ) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.buffer = this.position === 0 ? this.buffer + text : this.buffer.slice(this.position) + text;
    this.position = 0;
    this.process(false);
    if (this.buffer.length - this.position > this.maxTokenLength) {
      throw new CcsdsParseError(this.line, `XML: token longer than ${this.maxTokenLength} characters`);
    }
  }

  end(): void {
    this.process(true);
    if (this.position < this.buffer.length) {
      throw new CcsdsParseError(this.line, 'XML: document ends inside a tag, comment or CDATA section');
    }
    if (!this.rootSeen) throw new CcsdsParseError(this.line, 'XML: no root element');
    if (this.openElements.length > 0) {
      throw new CcsdsParseError(
        this.line,
        `XML: document ends before </${this.openElements[this.openElements.length - 1]}> (truncated file?)`,
      );
    }
  }

  private process(final: boolean): void {
    const buf = this.buffer;
    while (this.position < buf.length) {
      const start = this.position;
      if (buf.charCodeAt(start) !== 60 /* < */) {
        let end = buf.indexOf('<', start);
        if (end < 0) {
          if (!final) return;
          end = buf.length;
        }
        this.emitText(buf.slice(start, end), this.line);
        this.advance(start, end);
        continue;
      }
      // markup
      if (buf.startsWith('<!--', start)) {
        const end = buf.indexOf('-->', start + 4);
        if (end < 0) return;
        this.advance(start, end + 3);
        continue;
      }
      if (buf.startsWith('<![CDATA[', start)) {
        const end = buf.indexOf(']]>', start + 9);
        if (end < 0) return;
        this.emitCdata(buf.slice(start + 9, end), this.line);
        this.advance(start, end + 3);
        continue;
      }
      if (buf.startsWith('<!', start)) {
        const head = buf.slice(start, start + 9);
        if (!final && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head))) return; // need more input
        const what = /^<!DOCTYPE/i.test(buf.slice(start, start + 9))
          ? 'DOCTYPE declarations'
          : /^<!ENTITY/i.test(buf.slice(start, start + 8))
            ? 'entity declarations'
            : 'markup declarations';
        throw new CcsdsParseError(
          this.line,
          `XML: ${what} are refused (no DTD, no external or custom entities are processed)`,
        );
      }
      if (buf.startsWith('<?', start)) {
        const end = buf.indexOf('?>', start + 2);
        if (end < 0) return;
        this.advance(start, end + 2);
        continue;
      }
      const end = this.findTagEnd(buf, start + 1);
      if (end < 0) return;
      const tagLine = this.line;
      this.handleTag(buf.slice(start + 1, end), tagLine);
      this.advance(start, end + 1);
    }
  }

  /** Index of the `>` closing the tag, skipping quoted attribute values; -1 if not in the buffer yet. */
  private findTagEnd(buf: string, from: number): number {
    let quote = 0;
    for (let i = from; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) {
        quote = c;
      } else if (c === 62) {
        return i;
      } else if (c === 60) {
        throw new CcsdsParseError(this.line + countNewlines(buf, from, i), 'XML: "<" inside a tag');
      }
    }
    return -1;
  }

  private advance(from: number, to: number): void {
    this.line += countNewlines(this.buffer, from, to);
    this.position = to;
  }

  private emitText(raw: string, line: number): void {
    if (this.openElements.length === 0) {
      if (raw.trim() !== '') {
        throw new CcsdsParseError(line, `XML: text outside the root element: ${quoteInput(raw.trim())}`);
      }
      return;
    }
    this.onEvent({ type: 'text', text: decodeXmlText(raw, line), line });
  }

  private emitCdata(raw: string, line: number): void {
    if (this.openElements.length === 0) throw new CcsdsParseError(line, 'XML: CDATA outside the root element');
    this.onEvent({ type: 'text', text: raw, line });
  }

  private handleTag(body: string, line: number): void {
    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      const expected = this.openElements.pop();
      if (expected === undefined) throw new CcsdsParseError(line, `XML: unexpected closing tag </${name}>`);
      if (name !== expected) {
        throw new CcsdsParseError(line, `XML: closing tag </${name}> does not match <${expected}>`, name);
      }
      if (this.openElements.length === 0) this.rootClosed = true;
      this.onEvent({ type: 'close', name, line });
      return;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const nameMatch = /^[^\s/>]+/.exec(inner);
    const name = nameMatch ? nameMatch[0] : '';
    if (!NAME_PATTERN.test(name)) throw new CcsdsParseError(line, `XML: invalid element name ${quoteInput(name)}`);
    const attributes = this.parseAttributes(inner.slice(name.length), line, name);
    if (this.openElements.length === 0) {
      if (this.rootSeen || this.rootClosed) {
        throw new CcsdsParseError(line, `XML: second root element <${name}>`, name);
      }
      this.rootSeen = true;
    }
    this.onEvent({ type: 'open', name, attributes, line, selfClosing });
    if (selfClosing) {
      if (this.openElements.length === 0) this.rootClosed = true;
      this.onEvent({ type: 'close', name, line });
    } else {
      this.openElements.push(name);
    }
  }

  private parseAttributes(text: string, line: number, element: string): Record<string, string> {
    const attributes: Record<string, string> = {};
    const pattern = /\s*([A-Za-z_][A-Za-z0-9_.:\-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
    let index = 0;
    while (index < text.length) {
      if (text.slice(index).trim() === '') break;
      pattern.lastIndex = index;
      const match = pattern.exec(text);
      if (!match) {
        throw new CcsdsParseError(line, `XML: malformed attributes in <${element}>: ${quoteInput(text.trim())}`, element);
      }
      const attributeName = match[1]!;
      if (attributeName in attributes) {
        throw new CcsdsParseError(line, `XML: duplicate attribute ${attributeName} in <${element}>`, element);
      }
      attributes[attributeName] = decodeXmlText(match[3] ?? match[4] ?? '', line);
      index = pattern.lastIndex;
      if (index < text.length && !/\s/.test(text[index]!)) {
        if (text.slice(index).trim() !== '') {
          throw new CcsdsParseError(line, `XML: attributes of <${element}> must be separated by white space`, element);
        }
      }
    }
    return attributes;
  }
}

/** A fully read element (for small documents and tests). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** Read a whole (small) document into a tree. */
export function parseXmlDocument(text: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const reader = new XmlEventReader((event) => {
    if (event.type === 'open') {
      const element: XmlElement = { name: event.name, attributes: event.attributes, children: [], text: '', line: event.line };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      stack.push(element);
    } else if (event.type === 'close') {
      stack.pop();
    } else {
      const current = stack[stack.length - 1];
      if (current) current.text += event.text;
    }
  });
  reader.push(text);
  reader.end();
  if (!root) throw new CcsdsParseError(0, 'XML: no root element');
  return root;
}
