/**
 * The one reading skeleton of every NDM message (OEM, OPM, OCM, TDM): version line → header → metadata blocks →
 * the message's own data sections, fed token by token by ndmReader.ts (KVN lines and XML elements alike). A message
 * reader extends {@link NdmMessageParser} and writes only what its standard adds: the keywords of its blocks and
 * its data.
 */
import { describeTextProblem, textProblem, type TextRuleOptions } from '../../text.ts';
import { CcsdsParseError } from './errors.ts';
import type { KvnToken } from './kvnLexer.ts';
import { describeToken, readEntryValue, rejectRepeatedKeyword, unexpectedKeyword, type EntryToken, type KeySpec, type KeyValue } from './keywords.ts';
import { NdmHeaderBuilder, readVersion, type NdmHeader, type NdmParser } from './ndmReader.ts';
import type { XmlMessageMapping } from './xmlTokens.ts';

/** What a message type tells the reading skeleton. */
export interface NdmMessageSpec {
  /** XML element names and the version keyword (`CCSDS_OEM_VERS`: the first KVN line, the XML root's version). */
  xml: XmlMessageMapping;
  /** Supported versions, normalized (`2.0`). */
  versions: readonly string[];
  /** XML structural elements without a KVN counterpart (`header`, `body`, `segment`…): skipped. */
  containers: ReadonlySet<string>;
  /** Header comments only before the header's first keyword (see NdmHeaderBuilder); default false. */
  headerCommentsFirstOnly?: boolean;
  /** Keep an empty CREATION_DATE as written (ndmReader.ts `NdmHeaderBuilder`); default false. */
  blankCreationDateAllowed?: boolean;
}

/** A metadata block being read (META_START … META_STOP): its comments and its keywords, typed and with their tokens. */
export class MetadataBlock {
  readonly comments: string[] = [];
  readonly values: Record<string, KeyValue> = {};
  readonly tokens: Record<string, EntryToken> = {};

  /** `line`: the line of META_START (or `<metadata>`). */
  constructor(readonly line: number) {}

  /** A text value read, or null. */
  text(keyword: string): string | null {
    const value = this.values[keyword];
    return typeof value === 'string' ? value : null;
  }

  /** A numeric value read, or null. */
  number(keyword: string): number | null {
    const value = this.values[keyword];
    return typeof value === 'number' ? value : null;
  }

  /** Throws "line N: K is required in the metadata" for the first of `keywords` not read (N: `line`, META_STOP). */
  require(keywords: readonly string[], line: number): void {
    for (const keyword of keywords) {
      if (!(keyword in this.values)) throw new CcsdsParseError(line, `${keyword} is required in the metadata`, keyword);
    }
  }
}

/**
 * Every text a token carries against the text rule (engine/text.ts), before any reader sees it, so no message type can
 * keep a NUL, a line or paragraph separator, a bidi control, a zero-width character or a lone surrogate in a value it
 * stores or writes again: a keyword's value and units, a comment, a data line. A data line may separate its fields with TABs (each field is then parsed as a number, an epoch or an
 * identifier); a value or comment may not hold one (CCSDS 502.0-B-3 §7.4, 508.0-B-1 §6.2.1: no TAB in KVN). The error
 * names the line and the keyword, as every parse error does.
 */
function checkTokenText(token: KvnToken): void {
  // no closure here: this runs for every token of every file (a closure per token cost the CDM reader a third more time)
  switch (token.kind) {
    case 'entry':
      // the keyword itself is ASCII already: KVN's keyword pattern, XML's element-name pattern, and xmlTokens.ts checks
      // the one free-form part, a USER_DEFINED parameter attribute
      refuseText(token, token.value, NO_TAB, token.keyword, token.keyword);
      if (token.units !== null) refuseText(token, token.units, NO_TAB, `the units of ${token.keyword}`, token.keyword);
      return;
    case 'comment':
      refuseText(token, token.text, NO_TAB, 'COMMENT', 'COMMENT');
      return;
    case 'raw':
      refuseText(token, token.text, TAB_SEPARATES, 'a data line', undefined);
      return;
    default:
      return;
  }
}

const NO_TAB: TextRuleOptions = { allowTab: false };
const TAB_SEPARATES: TextRuleOptions = { allowTab: true };

/** Throws "line N: <what> must not contain U+… <name> at character k: <reason>" when `text` breaks the rule. */
function refuseText(token: KvnToken, text: string, options: TextRuleOptions, what: string, keyword: string | undefined): void {
  const problem = textProblem(text, options);
  if (problem !== null) throw new CcsdsParseError(token.line, `${what} ${describeTextProblem(problem)}`, keyword);
}

/**
 * The shared skeleton of the message readers, fed token by token (KVN lines and XML elements alike):
 *  0. every text of every token is checked by the text rule ({@link checkTokenText});
 *  1. the version entry must come first (`CCSDS_xxx_VERS = <supported version>`, 502.0-B-3 §7.4.2);
 *  2. the header keywords (COMMENT, CLASSIFICATION, CREATION_DATE, ORIGINATOR, MESSAGE_ID, and those the message adds
 *     through {@link headerToken}) follow; the header ends
 *     at `</header>` or at the first token {@link endsHeader} accepts (META_START unless the message says otherwise),
 *     any other token is "unexpected … in the header";
 *  3. everything after the header goes to {@link bodyToken}, where the message reads its metadata blocks with
 *     {@link openMetadata} / {@link metadataToken} and its data sections itself.
 * XML structural elements (`containers`) are skipped wherever they appear.
 */
export abstract class NdmMessageParser<R> implements NdmParser<R> {
  /** Line of the last token read: where a truncated file is reported. */
  protected lastLine = 0;
  /** The header, once it is complete. */
  protected header: NdmHeader | null = null;
  /** The metadata block being read (or the last one read). */
  protected metadata: MetadataBlock | null = null;
  private phase: 'version' | 'header' | 'body' = 'version';
  private headerBuilder: NdmHeaderBuilder | null = null;

  constructor(readonly spec: NdmMessageSpec) {}

  consume(token: KvnToken): void {
    this.lastLine = token.line;
    checkTokenText(token);
    if (this.phase === 'version') {
      const version = readVersion(token, this.spec.xml.versionKeyword, this.spec.versions);
      this.headerBuilder = new NdmHeaderBuilder(version.value, version.line, this.spec.headerCommentsFirstOnly ?? false, this.spec.blankCreationDateAllowed === true);
      this.phase = 'header';
      return;
    }
    if ((token.kind === 'start' || token.kind === 'stop') && this.structureToken(token)) return;
    if (this.phase === 'header') {
      if (this.headerBuilder!.accept(token) || this.headerToken(token)) return;
      if (!this.endsHeader(token)) this.unexpected(token, 'the header');
      this.endHeader(token.line);
    }
    this.bodyToken(token);
  }

  /** The whole message has been read: checks it is complete and returns it. */
  finish(notation: 'KVN' | 'XML'): R {
    if (this.phase === 'version') throw new CcsdsParseError(0, `empty file: ${this.spec.xml.versionKeyword} expected`);
    return this.finishMessage(notation);
  }

  /** A token after the header. */
  protected abstract bodyToken(token: KvnToken): void;

  /** The message once every token has been read (the version line was there). */
  protected abstract finishMessage(notation: 'KVN' | 'XML'): R;

  /** Called once, when the header is complete. */
  protected onHeader(_header: NdmHeader): void {}

  /** True while the header is being read (the file may end there). */
  protected get readingHeader(): boolean {
    return this.phase === 'header';
  }

  /** A header keyword the message adds to the NDM header (CDM: MESSAGE_FOR); true when taken. */
  protected headerToken(_token: KvnToken): boolean {
    return false;
  }

  /** A non-header token that ends the header (default META_START); any other is unexpected in the header. */
  protected endsHeader(token: KvnToken): boolean {
    return token.kind === 'start' && token.block === 'META';
  }

  /** Handles a block start or stop before it reaches the body; true when done with it. Skips the XML containers. */
  protected structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (!this.spec.containers.has(token.block)) return false;
    if (token.kind === 'stop' && token.block === 'header' && this.phase === 'header') this.endHeader(token.line);
    return true;
  }

  /** Completes the header at `line` (CREATION_DATE and ORIGINATOR are required). */
  protected endHeader(line: number): void {
    this.header = this.headerBuilder!.build(line);
    this.phase = 'body';
    this.onHeader(this.header);
  }

  /** Throws "unexpected keyword K in <where>" (or the token's description for other tokens). */
  protected unexpected(token: KvnToken, where: string): never {
    if (token.kind === 'entry') unexpectedKeyword(token, where);
    throw new CcsdsParseError(token.line, `unexpected ${describeToken(token)} in ${where}`);
  }

  /** Starts a metadata block at `line` (META_START or `<metadata>`). */
  protected openMetadata(line: number): MetadataBlock {
    this.metadata = new MetadataBlock(line);
    return this.metadata;
  }

  /**
   * One token of the open metadata block: a comment is kept; an entry must be one of `keys` (else "unexpected
   * keyword K in the metadata"), at most once (else "K given twice in <repeatWhere> (first at line N)"), and is
   * typed and converted with its epochs checked in the block's TIME_SYSTEM read so far; `check` may refuse or
   * normalize the value. True at META_STOP (the caller then builds its metadata); any other token is unexpected.
   */
  protected metadataToken(
    token: KvnToken,
    keys: Readonly<Record<string, KeySpec>>,
    repeatWhere: string,
    check?: (token: EntryToken, value: KeyValue) => KeyValue,
  ): boolean {
    const block = this.metadata!;
    if (token.kind === 'comment') {
      block.comments.push(token.text);
      return false;
    }
    if (token.kind === 'entry') {
      const spec = keys[token.keyword];
      if (!spec) this.unexpected(token, 'the metadata');
      rejectRepeatedKeyword(block.tokens, token, repeatWhere);
      const value = readEntryValue(token, spec, block.text('TIME_SYSTEM') ?? undefined);
      block.values[token.keyword] = check ? check(token, value) : value;
      return false;
    }
    if (token.kind === 'stop' && token.block === 'META') return true;
    this.unexpected(token, 'the metadata');
  }
}

