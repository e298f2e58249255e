/**
 * Pieces shared by the NDM message readers: the NDM header (CCSDS 502.0-B-3 §3.2 / §4.2 / §5.2 / §6.2, 503.0-B-2
 * §3.2), version checks, and the driver that feeds KVN or XML text (notation detected from the first characters)
 * into a message parser — the reading skeleton the readers extend is ndmMessageParser.ts.
 */
import { CcsdsParseError, quoteInput } from './errors.ts';
import { KvnLineSplitter, lexKvnLine, type KvnToken } from './kvnLexer.ts';
import { readEpoch, type EntryToken } from './keywords.ts';
import { XmlTokenAdapter, looksLikeXml, type XmlMessageMapping } from './xmlTokens.ts';

export interface NdmHeader {
  /** Message version as written, e.g. `2.0`. */
  version: string;
  comments: string[];
  classification: string | null;
  /** CREATION_DATE as written (UTC per the standard). */
  creationDate: string;
  originator: string;
  messageId: string | null;
  /** Line of the version keyword. */
  line: number;
}

/** Accumulates header entries; returns false for keywords that are not header keywords. */
export class NdmHeaderBuilder {
  comments: string[] = [];
  classification: string | null = null;
  creationDate: string | null = null;
  originator: string | null = null;
  messageId: string | null = null;
  private lastLine = 0;
  private keywordSeen = false;

  /**
   * `commentsFirstOnly`: a COMMENT after a header keyword is not the header's. For the CDM (CCSDS 508.0-B-1: comments
   * only at the beginning of a section), whose KVN has no delimiter after the header, such a comment opens the
   * relative metadata. Otherwise header comments are accepted anywhere in the header.
   *
   * `blankCreationDateAllowed`: an empty CREATION_DATE is kept as written ('') instead of refused. CelesTrak writes
   * its OMM XML headers as `<CREATION_DATE/><ORIGINATOR/>`; the message reader that allows it says so.
   */
  constructor(
    readonly version: string,
    readonly line: number,
    private readonly commentsFirstOnly = false,
    private readonly blankCreationDateAllowed = false,
  ) {}

  accept(token: KvnToken): boolean {
    this.lastLine = token.line;
    if (token.kind === 'comment') {
      // CCSDS 502.0-B-3 §7.7.2: header comments come before the other header keywords
      if (this.commentsFirstOnly && this.keywordSeen) return false;
      this.comments.push(token.text);
      return true;
    }
    if (token.kind !== 'entry') return false;
    this.keywordSeen = true;
    switch (token.keyword) {
      case 'CLASSIFICATION':
        this.classification = token.value;
        return true;
      case 'CREATION_DATE':
        this.creationDate = this.blankCreationDateAllowed && token.value.trim() === '' ? '' : readEpoch(token.value, token.line, token.keyword, 'UTC');
        return true;
      case 'ORIGINATOR':
        this.originator = token.value;
        return true;
      case 'MESSAGE_ID':
        this.messageId = token.value;
        return true;
      default:
        return false;
    }
  }

  build(atLine: number = this.lastLine): NdmHeader {
    if (this.creationDate === null) throw new CcsdsParseError(atLine, 'CREATION_DATE is required in the header', 'CREATION_DATE');
    if (this.originator === null) throw new CcsdsParseError(atLine, 'ORIGINATOR is required in the header', 'ORIGINATOR');
    return {
      version: this.version,
      comments: this.comments,
      classification: this.classification,
      creationDate: this.creationDate,
      originator: this.originator,
      messageId: this.messageId,
      line: this.line,
    };
  }
}

/** Check the first entry is `versionKeyword = <supported version>`. */
export function readVersion(token: KvnToken, versionKeyword: string, supported: readonly string[]): EntryToken {
  if (token.kind !== 'entry' || token.keyword !== versionKeyword) {
    throw new CcsdsParseError(
      token.line,
      `the message must start with ${versionKeyword}, got ${token.kind === 'entry' ? token.keyword : token.kind === 'raw' ? quoteInput(token.text) : token.kind}`,
      versionKeyword,
    );
  }
  const version = token.value.trim();
  const normalized = /^\d+$/.test(version) ? `${version}.0` : version;
  if (!supported.includes(normalized)) {
    throw new CcsdsParseError(
      token.line,
      `${versionKeyword} ${quoteInput(version)} is not supported (supported: ${supported.join(', ')})`,
      versionKeyword,
    );
  }
  return { ...token, value: normalized };
}

/** Something that consumes tokens and, at the end, produces a result. */
export interface TokenConsumer {
  consume(token: KvnToken): void;
}

/**
 * Incremental source: push text chunks of a KVN or XML message (notation detected from the first non-blank
 * character), tokens are handed to the consumer as they become complete.
 */
export class NdmTokenSource {
  private kvn: KvnLineSplitter | null = null;
  private xml: XmlTokenAdapter | null = null;
  private head = '';

  constructor(
    private readonly consumer: TokenConsumer,
    private readonly xmlMapping: XmlMessageMapping,
  ) {}

  /** Notation in use, once known. */
  get notation(): 'KVN' | 'XML' | null {
    return this.kvn ? 'KVN' : this.xml ? 'XML' : null;
  }

  push(chunk: string): void {
    if (this.kvn) return this.kvn.push(chunk);
    if (this.xml) return this.xml.push(chunk);
    this.head += chunk;
    const trimmed = this.head.replace(/^\uFEFF/, '').trimStart();
    if (trimmed === '') return;
    this.select(looksLikeXml(trimmed));
    const buffered = this.head;
    this.head = '';
    this.push(buffered);
  }

  end(): void {
    if (!this.kvn && !this.xml) throw new CcsdsParseError(0, 'empty file');
    if (this.kvn) this.kvn.end();
    if (this.xml) this.xml.end();
  }

  private select(isXml: boolean): void {
    if (isXml) {
      this.xml = new XmlTokenAdapter(this.xmlMapping, (token) => this.consumer.consume(token));
    } else {
      const splitter = new KvnLineSplitter((text, line) => {
        const token = lexKvnLine(text, line);
        if (token?.kind === 'raw' && splitter.lastLineUnterminated) token.unterminated = true;
        if (token) this.consumer.consume(token);
      });
      this.kvn = splitter;
    }
  }
}

/** A token consumer that builds its result once the whole message has been read (ndmMessageParser.ts). */
export interface NdmParser<R> extends TokenConsumer {
  /** The message's XML mapping (root element, version keyword, containers). */
  readonly spec: { readonly xml: XmlMessageMapping };
  finish(notation: 'KVN' | 'XML'): R;
}

/** Incremental reader of one NDM message type (KVN or XML, detected from the first characters). */
export class NdmReader<R> {
  private readonly source: NdmTokenSource;

  constructor(private readonly parser: NdmParser<R>) {
    this.source = new NdmTokenSource(parser, parser.spec.xml);
  }

  push(chunk: string): this {
    this.source.push(chunk);
    return this;
  }

  end(): R {
    this.source.end();
    return this.parser.finish(this.source.notation!);
  }
}

/**
 * Split a data line into fields on blanks (spaces and TABs, the KVN white space; not on U+00A0 or the other Unicode
 * spaces that `\s` matches, which a number field then refuses with its line).
 */
export function splitFields(text: string): string[] {
  return text.split(/[ \t]+/).filter((field) => field !== '');
}
