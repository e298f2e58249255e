/**
 * Adapter from XML events to the KVN token stream, so that each message parser has one state machine for both
 * notations (the approach of Orekit's `ParseToken`): CCSDS 505.0-B-2 maps every KVN keyword to an XML element of
 * the same name, and KVN blocks (`META_START`/`META_STOP`, ...) to container elements (`<metadata>`, ...).
 *
 * - the message root `<oem id="CCSDS_OEM_VERS" version="2.0">` becomes the entry `CCSDS_OEM_VERS = 2.0`;
 *   an `<ndm>` combined-instantiation wrapper is looked through (holding several messages when the mapping allows);
 * - a leaf element `<X units="km">1.0</X>` becomes the entry `X = 1.0` with units `km`; `<X nil="true"/>` (XML Schema's
 *   nil, used by CDM producers for an optional value they do not have) the entry `X = ` flagged `nil`;
 *   `<USER_DEFINED parameter="P">v</USER_DEFINED>` becomes `USER_DEFINED_P = v`;
 * - `<COMMENT>` becomes a comment, the raw-line elements (`<trajLine>`, `<manLine>`, `<covLine>`...) raw lines;
 * - container elements become start/stop tokens named by `blockNames` (unlisted containers keep their element name).
 */
import { describeTextProblem, textProblem } from '../../text.ts';
import { CcsdsParseError, quoteInput } from './errors.ts';
import type { KvnToken } from './kvnLexer.ts';
import { XmlEventReader, type XmlEvent } from './xmlReader.ts';

/**
 * `text` without leading and trailing XML white space (XML 1.0 §2.3 S: space, TAB, CR, LF) and nothing else: not
 * String.prototype.trim, which also drops U+2028, U+FEFF and the Unicode spaces, so a value ending in one would lose it
 * silently (the text rule of ndmMessageParser.ts refuses it with its line instead).
 */
function trimXmlSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
}

export interface XmlMessageMapping {
  /** Root element name of the message, e.g. `oem`. */
  rootElement: string;
  /** Version keyword, e.g. `CCSDS_OEM_VERS`. */
  versionKeyword: string;
  /** Element name → KVN block name for containers (`metadata` → `META`). */
  blockNames: Record<string, string>;
  /** Elements whose text is a raw data line (`trajLine` ...). */
  rawLineElements?: readonly string[];
  /** Elements that are containers even when empty. */
  emptyContainers?: readonly string[];
  /**
   * Several messages in one `<ndm>` combined instantiation (505.0-B-2 §3.3) are passed on one after the other, each
   * starting with its version entry; default false (one message per file). Catalogs of OMMs come this way.
   */
  multipleMessages?: boolean;
}

interface Frame {
  name: string;
  attributes: Record<string, string>;
  line: number;
  text: string;
  isContainer: boolean;
  isWrapper: boolean;
}

export class XmlTokenAdapter {
  private readonly stack: Frame[] = [];
  private readonly reader: XmlEventReader;
  private readonly rawLines: Set<string>;
  private readonly emptyContainers: Set<string>;
  private messageSeen = false;

  constructor(
    private readonly mapping: XmlMessageMapping,
    private readonly onToken: (token: KvnToken) => void,
  ) {
    this.rawLines = new Set(mapping.rawLineElements ?? []);
    this.emptyContainers = new Set(mapping.emptyContainers ?? []);
    this.reader = new XmlEventReader((event) => this.handle(event));
  }

  push(chunk: string): void {
    this.reader.push(chunk);
  }

  end(): void {
    this.reader.end();
    if (!this.messageSeen) {
      throw new CcsdsParseError(0, `XML: no <${this.mapping.rootElement}> message element found`);
    }
  }

  private handle(event: XmlEvent): void {
    if (event.type === 'open') this.open(event.name, event.attributes, event.line);
    else if (event.type === 'close') this.close(event.line);
    else this.text(event.text, event.line);
  }

  private open(name: string, attributes: Record<string, string>, line: number): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      if (name === 'ndm') {
        this.stack.push({ name, attributes, line, text: '', isContainer: true, isWrapper: true });
        return;
      }
      this.openMessage(name, attributes, line);
      return;
    }
    if (parent.isWrapper) {
      if (this.messageSeen && this.mapping.multipleMessages !== true) {
        throw new CcsdsParseError(line, `XML: only one <${this.mapping.rootElement}> message per file is supported`);
      }
      this.openMessage(name, attributes, line);
      return;
    }
    if (!parent.isContainer) {
      if (trimXmlSpace(parent.text) !== '') {
        throw new CcsdsParseError(line, `XML: element <${parent.name}> mixes text and child elements`, parent.name);
      }
      parent.isContainer = true;
      this.onToken({ kind: 'start', block: this.blockName(parent.name), line: parent.line });
    }
    this.stack.push({ name, attributes, line, text: '', isContainer: false, isWrapper: false });
  }

  private openMessage(name: string, attributes: Record<string, string>, line: number): void {
    if (name !== this.mapping.rootElement) {
      throw new CcsdsParseError(line, `XML: expected <${this.mapping.rootElement}> root element, got <${name}>`, name);
    }
    const version = attributes['version'];
    if (version === undefined) {
      throw new CcsdsParseError(line, `XML: <${name}> has no version attribute`, this.mapping.versionKeyword);
    }
    const id = attributes['id'];
    if (id !== undefined && id !== this.mapping.versionKeyword) {
      throw new CcsdsParseError(line, `XML: <${name}> id must be ${this.mapping.versionKeyword}, got ${quoteInput(id)}`);
    }
    this.messageSeen = true;
    this.stack.push({ name, attributes, line, text: '', isContainer: true, isWrapper: false });
    this.onToken({ kind: 'entry', keyword: this.mapping.versionKeyword, value: trimXmlSpace(version), units: null, line });
  }

  private close(line: number): void {
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.isWrapper || this.stack.length === 0 || this.stack[this.stack.length - 1]!.isWrapper) {
      // end of the message element (or of the wrapper)
      return;
    }
    if (frame.isContainer) {
      this.onToken({ kind: 'stop', block: this.blockName(frame.name), line });
      return;
    }
    if (this.emptyContainers.has(frame.name) || frame.name in this.mapping.blockNames) {
      if (trimXmlSpace(frame.text) !== '') {
        throw new CcsdsParseError(frame.line, `XML: <${frame.name}> must contain elements, not text`, frame.name);
      }
      const block = this.blockName(frame.name);
      this.onToken({ kind: 'start', block, line: frame.line });
      this.onToken({ kind: 'stop', block, line });
      return;
    }
    const value = trimXmlSpace(frame.text);
    if (frame.name === 'COMMENT') {
      this.onToken({ kind: 'comment', text: value, line: frame.line });
    } else if (this.rawLines.has(frame.name)) {
      this.onToken({ kind: 'raw', text: value, line: frame.line });
    } else if (frame.name === 'USER_DEFINED') {
      const parameter = frame.attributes['parameter'];
      if (!parameter) throw new CcsdsParseError(frame.line, 'XML: <USER_DEFINED> needs a parameter attribute', 'USER_DEFINED');
      // the parameter becomes a keyword (USER_DEFINED_<parameter>) that readers store and writers print: the text rule
      const problem = textProblem(parameter);
      if (problem !== null) throw new CcsdsParseError(frame.line, `the USER_DEFINED parameter ${describeTextProblem(problem)}`, 'USER_DEFINED');
      this.onToken({ kind: 'entry', keyword: `USER_DEFINED_${parameter}`, value, units: null, line: frame.line });
    } else {
      const nil = frame.attributes['nil'] === 'true' || frame.attributes['xsi:nil'] === 'true';
      this.onToken({ kind: 'entry', keyword: frame.name, value, units: frame.attributes['units'] ?? null, line: frame.line, ...(nil ? { nil } : {}) });
    }
  }

  private text(text: string, line: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame) return;
    if (frame.isContainer) {
      if (trimXmlSpace(text) !== '') {
        throw new CcsdsParseError(line, `XML: unexpected text ${quoteInput(trimXmlSpace(text))} in <${frame.name}>`, frame.name);
      }
      return;
    }
    frame.text += text;
  }

  private blockName(element: string): string {
    return this.mapping.blockNames[element] ?? element;
  }
}

/** True when the text starts like an XML document (after white space and a byte-order mark). */
export function looksLikeXml(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<');
}
