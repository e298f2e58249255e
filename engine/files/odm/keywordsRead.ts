/**
 * The keywords an OPM or OMM has read, CCSDS 502.0-B-3 §3.2 (OPM) and §4.2 (OMM).
 *
 * Neither message has block delimiters in KVN: their sections (metadata, state vector or mean elements, spacecraft
 * parameters, covariance, ...) are told apart by their keywords alone, each keyword appearing once in the message
 * (tables 3-3 and 3-4, 4-1 to 4-3). So a reader keeps one table of every keyword's value and line, and keeps each
 * COMMENT until the keyword after it says whose it is: the metadata's or the data's (§7.7: comments come at the
 * start of the section they describe).
 */
import { readEntryValue, required, type EntryToken, type KeySpec } from '../common/keywords.ts';

/** Where an absent required keyword is reported: the line (the message's last) and the part of the message named. */
export interface MissingKeywordReport {
  line: number;
  /** `an OPM`, `the OMM metadata`: "K is required in <where>". */
  where: string;
}

/** Keyword → (section, spec) of a message whose sections are recognized by their keywords, from each section's table. */
export function keywordSections<Section extends string>(tables: Record<Section, Record<string, KeySpec>>): Record<string, [Section, KeySpec]> {
  const sections: Record<string, [Section, KeySpec]> = {};
  for (const section of Object.keys(tables) as Section[]) {
    for (const [keyword, spec] of Object.entries(tables[section])) sections[keyword] = [section, spec];
  }
  return sections;
}

/** The keywords read so far, each once, with its value (typed, in the standard units) and its line. */
export class OdmKeywordsRead {
  readonly values: Record<string, string | number> = {};
  readonly lines: Record<string, number> = {};
  /** The comments of the metadata (OdmObjectMetadata `comments`). */
  readonly metadataComments: string[] = [];
  /** The comments of the data sections, in order. */
  readonly dataComments: string[] = [];
  private pendingComments: string[] = [];

  has(keyword: string): boolean {
    return keyword in this.values;
  }

  /** A COMMENT: its section is the one of the keyword that follows it. */
  comment(text: string): void {
    this.pendingComments.push(text);
  }

  /** The comments read since the last keyword, taken for a part of the message that keeps its own (an OPM maneuver). */
  takeComments(): string[] {
    const comments = this.pendingComments;
    this.pendingComments = [];
    return comments;
  }

  /** The comments read since the last keyword go to the metadata's or the data's. */
  fileComments(metadata: boolean): void {
    if (this.pendingComments.length === 0) return;
    (metadata ? this.metadataComments : this.dataComments).push(...this.pendingComments);
    this.pendingComments = [];
  }

  /** The entry typed by `spec`, an epoch checked in the TIME_SYSTEM read so far (none yet: UTC). */
  valueOf(token: EntryToken, spec: KeySpec): string | number {
    const timeSystem = typeof this.values['TIME_SYSTEM'] === 'string' ? (this.values['TIME_SYSTEM'] as string) : undefined;
    return readEntryValue(token, spec, timeSystem) as string | number;
  }

  /** Keeps the entry's value and line; the comments before it go to its section (the metadata, or the data). */
  keep(token: EntryToken, value: string | number, metadata: boolean): void {
    this.fileComments(metadata);
    this.values[token.keyword] = value;
    this.lines[token.keyword] = token.line;
  }

  /** The first line of those of `keywords` that were read, or null when none was: where that section starts. */
  firstLine(keywords: Iterable<string>): number | null {
    let first: number | null = null;
    for (const keyword of keywords) {
      const line = this.lines[keyword];
      if (line !== undefined && (first === null || line < first)) first = line;
    }
    return first;
  }

  /** A required keyword's value, or "line N: K is required in <where>". */
  required(keyword: string, missing: MissingKeywordReport): string | number {
    return required(this.values[keyword], missing.line, keyword, missing.where);
  }

  requiredText(keyword: string, missing: MissingKeywordReport): string {
    return String(this.required(keyword, missing));
  }

  requiredNumber(keyword: string, missing: MissingKeywordReport): number {
    return this.required(keyword, missing) as number;
  }

  optionalText(keyword: string): string | null {
    return keyword in this.values ? String(this.values[keyword]) : null;
  }

  optionalNumber(keyword: string): number | null {
    return keyword in this.values ? (this.values[keyword] as number) : null;
  }
}
