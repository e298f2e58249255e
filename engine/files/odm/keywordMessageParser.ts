/**
 * The OPM and the OMM on the NDM reading skeleton (common/ndmMessageParser.ts), CCSDS 502.0-B-3 §3.2 and §4.2.
 *
 * Their KVN has no blocks: the header ends at the first token that is not a header keyword, and every section
 * (metadata, state vector or mean elements, spacecraft parameters, covariance, ...) is told by its keywords alone,
 * from the message's table keyword → section. In XML the section elements (`<stateVector>`, `<meanElements>`, ...)
 * only group those keywords, and `<metadata>` ends the header. This class reads what both messages read alike —
 * comments, USER_DEFINED_xxx parameters, the keywords of the table — and hands each entry to the message's reader,
 * which checks the order of its sections and builds them from the keywords read (keywordsRead.ts).
 */
import type { EntryToken, KeySpec } from '../common/keywords.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { NdmMessageParser, type NdmMessageSpec } from '../common/ndmMessageParser.ts';
import type { XmlMessageMapping } from '../common/xmlTokens.ts';
import { OdmKeywordsRead } from './keywordsRead.ts';
import { userDefinedParameterName } from './userDefinedParameters.ts';

/**
 * The XML of an OPM or OMM (505.0-B-2): the root `<opm>` or `<omm>`, whose `version` is CCSDS_xxx_VERS, holds
 * `<header>`, `<body>`, `<segment>`, `<metadata>` (read as META) and `<data>`, in which the section elements
 * (`sectionElements`, e.g. `<stateVector>`) group the keywords of their section.
 */
export function keywordMessageXml(format: 'OPM' | 'OMM', sectionElements: readonly string[]): XmlMessageMapping {
  return {
    rootElement: format.toLowerCase(),
    versionKeyword: `CCSDS_${format}_VERS`,
    blockNames: { metadata: 'META' },
    emptyContainers: ['header', 'body', 'segment', 'data', ...sectionElements],
  };
}

/** The XML elements the reading skips (NdmMessageSpec `containers`): the structure, `<metadata>` and the section elements. */
export function keywordMessageContainers(xml: XmlMessageMapping): ReadonlySet<string> {
  return new Set(['META', ...(xml.emptyContainers ?? [])]);
}

export abstract class OdmKeywordMessageParser<R, Section extends string> extends NdmMessageParser<R> {
  /** Every keyword of the table read so far, and the comments. */
  protected readonly keywords = new OdmKeywordsRead();
  /** `an OPM`: where an unexpected token is. */
  private readonly where: string;

  /** `keys`: keyword → (section, spec), every keyword of the message but the header's and USER_DEFINED_xxx. */
  constructor(
    spec: NdmMessageSpec,
    private readonly format: 'OPM' | 'OMM',
    private readonly keys: Readonly<Record<string, [Section, KeySpec]>>,
  ) {
    super(spec);
    this.where = `an ${format}`;
  }

  /** A USER_DEFINED_xxx entry (`name`: xxx); the comments before it are the data's already. */
  protected abstract userDefinedParameter(token: EntryToken, name: string): void;

  /** An entry of the message's table, in `section`, to be typed by `spec`. */
  protected abstract sectionKeyword(token: EntryToken, section: Section, spec: KeySpec): void;

  /** No blocks: the header ends at the first token that is not a header keyword. */
  protected override endsHeader(): boolean {
    return true;
  }

  /** The XML section elements carry no meaning beyond their keywords (`<metadata>` ends the header); a KVN block is an error. */
  protected override structureToken(token: Extract<KvnToken, { kind: 'start' | 'stop' }>): boolean {
    if (this.spec.containers.has(token.block)) {
      if (this.readingHeader && (token.block === 'META' || (token.block === 'header' && token.kind === 'stop'))) this.endHeader(token.line);
      return true;
    }
    return this.unexpected(token, `${this.where} (no blocks in ${this.format} KVN)`);
  }

  protected bodyToken(token: KvnToken): void {
    if (token.kind === 'comment') {
      this.keywords.comment(token.text);
      return;
    }
    if (token.kind !== 'entry') return this.unexpected(token, this.where);
    const parameter = userDefinedParameterName(token.keyword);
    if (parameter !== null) {
      this.keywords.fileComments(false);
      return this.userDefinedParameter(token, parameter);
    }
    const known = this.keys[token.keyword];
    if (!known) return this.unexpected(token, this.where);
    this.sectionKeyword(token, known[0], known[1]);
  }

  /** The keywords read, once the whole message is: it may end in its header, and the last comments are the data's. */
  protected keywordsAtEnd(): OdmKeywordsRead {
    if (this.readingHeader) this.endHeader(this.lastLine);
    this.keywords.fileComments(false);
    return this.keywords;
  }
}
