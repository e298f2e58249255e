/**
 * CCSDS Conjunction Data Message writer, KVN and XML (CCSDS 508.0-B-1 and the CDM 2.0 draft keywords of
 * cdmKeywords.ts), from the structure the reader produces (cdmReader.ts `CdmMessage`; line numbers are not needed).
 *
 * - Every value is written in the standard's units with its units (`[m**2]` in KVN, `units="m**2"` in XML) and every
 *   number in shortest round-trip form, so reading the file back gives the same doubles (lossless).
 * - Values are checked as the reader checks them (required keywords, enumerations, ranges, epochs, frames, one-line
 *   text without control characters); a value that cannot be written raises CcsdsWriteError naming the keyword.
 * - The header's version is written as given (1.0 or 2.0).
 *
 * Comments: XML keeps every comment in its block. KVN has no block delimiters, so the reader gives the first comment
 * line after an object's metadata to the data section and the next ones to the first data block (see cdmReader.ts): a
 * message read from KVN is written back identically; one read from XML with several data-section comments, or with
 * comments on its first data block but none on the data section, comes back with the same comment lines, in the same
 * order, attached as that rule says.
 */
import { parseFrame } from '../common/definitions.ts';
import { CcsdsWriteError } from '../common/errors.ts';
import { checkEpochText, checkText, kvnComment, kvnLine, kvnText } from '../common/kvnWriter.ts';
import { formatNumberLossless } from '../common/values.ts';
import { escapeXmlText, xmlElement } from '../common/xmlWriter.ts';
import {
  CDM_BLOCK_FIELDS,
  COVARIANCE_ROW_RANGES,
  RTN_COVARIANCE_TERMS,
  XYZ_COVARIANCE_TERMS,
  type CdmCovarianceTerm,
  type CdmField,
} from './cdmKeywords.ts';
import type { CdmCovariance, CdmMessage } from './cdmReader.ts';

/** A structure with its `line` fields optional (what a writer needs of a read message, or one built from scratch). */
type LinesOptional<T> = T extends readonly unknown[]
  ? { [K in keyof T]: LinesOptional<T[K]> }
  : T extends object
    ? { [K in keyof T as K extends 'line' ? never : K]: LinesOptional<T[K]> } & (T extends { line: number } ? { line?: number } : unknown)
    : T;

/** What the writer needs: a CdmMessage without line numbers (format and notation are ignored). */
export type CdmToWrite = Omit<LinesOptional<CdmMessage>, 'format' | 'notation'> & { format?: 'CDM'; notation?: 'KVN' | 'XML' };

/** One `keyword = value [units]` (or element) to write. */
interface Entry {
  keyword: string;
  value: string;
  units?: string;
}

const SUPPORTED_VERSIONS = ['1.0', '2.0'];

function fail(keyword: string, detail: string): never {
  throw new CcsdsWriteError(keyword, detail);
}

/** The value of `field` in `block` as text, or null when absent; checked as the reader would check it. */
function fieldEntry(block: Record<string, unknown>, field: CdmField, where: string): Entry | null {
  const raw = block[field.field];
  const value = field.index !== undefined ? (Array.isArray(raw) ? raw[field.index] : undefined) : raw;
  if (value === null || value === undefined) {
    if (field.required) fail(field.keyword, `is required in ${where}`);
    return null;
  }
  const keyword = field.keyword;
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') fail(keyword, 'must be text');
      if (field.pattern && !field.pattern.regex.test(value)) fail(keyword, `must have the form ${field.pattern.description} (got ${value})`);
      return { keyword, value: checkText(keyword, value) };
    case 'enum':
      if (typeof value !== 'string' || !field.values!.includes(value)) fail(keyword, `must be one of ${field.values!.join(', ')} (got ${String(value)})`);
      return { keyword, value };
    case 'epoch':
      if (typeof value !== 'string') fail(keyword, 'must be an epoch string');
      return { keyword, value: checkEpochText(keyword, value) };
    case 'frame':
      if (typeof value !== 'string') fail(keyword, 'must be a frame name');
      return { keyword, value: parseFrame(value, 0, keyword) };
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(keyword, `must be a finite number (got ${String(value)})`);
      if (field.type === 'integer' && !Number.isSafeInteger(value)) fail(keyword, `must be an integer (got ${value})`);
      if (field.minimum !== undefined && value < field.minimum) fail(keyword, `must be at least ${field.minimum} (got ${value})`);
      if (field.maximum !== undefined && value > field.maximum) fail(keyword, `must be at most ${field.maximum} (got ${value})`);
      return { keyword, value: formatNumberLossless(value), ...(field.units ? { units: field.units } : {}) };
    }
    case 'numbers':
    case 'integers': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'number' || !Number.isFinite(v))) fail(keyword, 'must be a list of finite numbers');
      const list = value as number[];
      if (field.count !== undefined && list.length !== field.count) fail(keyword, `needs ${field.count} numbers (got ${list.length})`);
      if (list.length === 0) fail(keyword, 'needs at least one number');
      if (field.type === 'integers' && list.some((v) => !Number.isSafeInteger(v))) fail(keyword, 'must list integers');
      return { keyword, value: list.map(formatNumberLossless).join(' ') };
    }
  }
}

function fieldEntries(block: Record<string, unknown>, fields: readonly CdmField[], where: string, skip: ReadonlySet<string> = new Set()): Entry[] {
  return fields.filter((f) => !skip.has(f.keyword)).map((f) => fieldEntry(block, f, where)).filter((e): e is Entry => e !== null);
}

function covarianceEntries(covariance: LinesOptional<CdmCovariance>, terms: readonly CdmCovarianceTerm[], where: string): Entry[] {
  const rows: [keyof typeof COVARIANCE_ROW_RANGES, readonly number[] | null][] = [
    ['positionVelocity', covariance.positionVelocity],
    ['drag', covariance.dragRow],
    ['srp', covariance.srpRow],
    ['thrust', covariance.thrustRow],
  ];
  const entries: Entry[] = [];
  for (const [name, values] of rows) {
    const range = COVARIANCE_ROW_RANGES[name];
    const first = terms[range.from]!.keyword;
    if (values === null || values === undefined) {
      if (name === 'positionVelocity') fail(first, `is required in ${where}`);
      continue;
    }
    if (values.length !== range.count) fail(first, `${where}: the row starting at ${first} needs ${range.count} values (got ${values.length})`);
    values.forEach((value, k) => {
      const term = terms[range.from + k]!;
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(term.keyword, `must be a finite number (got ${String(value)})`);
      entries.push({ keyword: term.keyword, value: formatNumberLossless(value), units: term.units });
    });
  }
  return entries;
}

/** A logical block to write: its comments, its entries, and (XML) its element. */
interface Section {
  element: string;
  comments: readonly string[];
  entries: Entry[];
  /** XML: entries wrapped in a child element (RELATIVE_* in `<relativeStateVector>`). */
  nested?: { element: string; keywords: ReadonlySet<string> };
}

interface ObjectSections {
  metadata: Section;
  dataComments: readonly string[];
  data: Section[];
}

const RELATIVE_STATE_KEYWORDS: ReadonlySet<string> = new Set(
  CDM_BLOCK_FIELDS.relative.filter((f) => f.keyword.startsWith('RELATIVE_POSITION_') || f.keyword.startsWith('RELATIVE_VELOCITY_')).map((f) => f.keyword),
);

/** Checks the message and lays it out in blocks (shared by both notations). */
function layout(cdm: CdmToWrite): { header: Entry[]; headerComments: readonly string[]; relative: Section; objects: [ObjectSections, ObjectSections]; user: Section | null } {
  const header = cdm.header;
  if (!SUPPORTED_VERSIONS.includes(header.version)) fail('CCSDS_CDM_VERS', `must be one of ${SUPPORTED_VERSIONS.join(', ')} (got ${header.version})`);
  const headerEntries: Entry[] = [
    { keyword: 'CREATION_DATE', value: checkEpochText('CREATION_DATE', header.creationDate) },
    { keyword: 'ORIGINATOR', value: checkText('ORIGINATOR', header.originator) },
  ];
  if (header.messageFor) headerEntries.push({ keyword: 'MESSAGE_FOR', value: checkText('MESSAGE_FOR', header.messageFor) });
  if (header.messageId) headerEntries.push({ keyword: 'MESSAGE_ID', value: checkText('MESSAGE_ID', header.messageId) });
  if (header.classification) headerEntries.push({ keyword: 'CLASSIFICATION', value: checkText('CLASSIFICATION', header.classification) });

  const relativeValues = cdm.relativeMetadata as unknown as Record<string, unknown>;
  const relative: Section = {
    element: 'relativeMetadataData',
    comments: cdm.relativeMetadata.comments,
    entries: fieldEntries(relativeValues, CDM_BLOCK_FIELDS.relative, 'the relative metadata'),
    nested: { element: 'relativeStateVector', keywords: RELATIVE_STATE_KEYWORDS },
  };

  const objects = cdm.objects.map((object, index): ObjectSections => {
    const name = index === 0 ? 'OBJECT1' : 'OBJECT2';
    const metadata = object.metadata as unknown as Record<string, unknown>;
    if (metadata['object'] !== name) fail('OBJECT', `of the ${index === 0 ? 'first' : 'second'} object must be ${name} (got ${String(metadata['object'])})`);
    const altCovType = object.metadata.altCovType;
    const data: Section[] = [];
    const block = (element: string, value: { comments: readonly string[] } | null, fields: readonly CdmField[], what: string): void => {
      if (value) data.push({ element, comments: value.comments, entries: fieldEntries(value as unknown as Record<string, unknown>, fields, `${what} of ${name}`) });
    };
    block('odParameters', object.odParameters, CDM_BLOCK_FIELDS.od, 'the OD parameters');
    block('additionalParameters', object.additionalParameters, CDM_BLOCK_FIELDS.additional, 'the additional parameters');
    block('stateVector', object.stateVector, CDM_BLOCK_FIELDS.state, 'the state vector');
    if (!object.stateVector) fail('X', `the state vector of ${name} is required`);
    if (object.rtnCovariance) {
      data.push({ element: 'covarianceMatrix', comments: object.rtnCovariance.comments, entries: covarianceEntries(object.rtnCovariance, RTN_COVARIANCE_TERMS, `the RTN covariance of ${name}`) });
    } else if (altCovType === null) {
      fail('CR_R', `the RTN covariance of ${name} is required (unless ALT_COV_TYPE names another covariance)`);
    }
    if (object.xyzCovariance) {
      if (altCovType !== 'XYZ') fail('CX_X', `an XYZ covariance of ${name} needs ALT_COV_TYPE = XYZ`);
      data.push({ element: 'covarianceMatrix', comments: object.xyzCovariance.comments, entries: covarianceEntries(object.xyzCovariance, XYZ_COVARIANCE_TERMS, `the XYZ covariance of ${name}`) });
    } else if (altCovType === 'XYZ') {
      fail('CX_X', `ALT_COV_TYPE = XYZ needs the XYZ covariance of ${name}`);
    }
    if (object.sigmaEigenvectorsCovariance) {
      if (altCovType !== 'CSIG3EIGVEC3') fail('CSIG3EIGVEC3', `needs ALT_COV_TYPE = CSIG3EIGVEC3 in the metadata of ${name}`);
      block('covarianceMatrix', object.sigmaEigenvectorsCovariance, CDM_BLOCK_FIELDS.sigmaEigenvectors, 'the sigma/eigenvector covariance');
    } else if (altCovType === 'CSIG3EIGVEC3') {
      fail('CSIG3EIGVEC3', `ALT_COV_TYPE = CSIG3EIGVEC3 needs CSIG3EIGVEC3 for ${name}`);
    }
    block('covarianceMatrix', object.additionalCovarianceMetadata, CDM_BLOCK_FIELDS.additionalCovarianceMetadata, 'the additional covariance metadata');
    return {
      metadata: { element: 'metadata', comments: object.metadata.comments, entries: fieldEntries(metadata, CDM_BLOCK_FIELDS.metadata, `the metadata of ${name}`) },
      dataComments: object.dataComments,
      data,
    };
  }) as [ObjectSections, ObjectSections];
  if (objects.length !== 2) fail('OBJECT', 'a CDM describes two objects');

  let user: Section | null = null;
  if (cdm.userDefined) {
    const entries = Object.entries(cdm.userDefined.parameters).map(([name, value]): Entry => {
      if (!/^[A-Za-z0-9_]+$/.test(name)) fail(`USER_DEFINED_${name}`, 'parameter names are letters, digits and underscores');
      return { keyword: `USER_DEFINED_${name}`, value: checkText(`USER_DEFINED_${name}`, value) };
    });
    user = { element: 'userDefinedParameters', comments: cdm.userDefined.comments, entries };
  }
  return { header: headerEntries, headerComments: header.comments, relative, objects, user };
}

function kvnEntry(entry: Entry): string {
  return kvnLine(entry.keyword, entry.value, entry.units);
}

function kvnSection(section: Section): string[] {
  return [...section.comments.map(kvnComment), ...section.entries.map(kvnEntry)];
}

/** Write a CDM as KVN. */
export function writeCdmKvn(cdm: CdmToWrite): string {
  const parts = layout(cdm);
  const lines = [kvnLine('CCSDS_CDM_VERS', cdm.header.version)];
  lines.push(...parts.headerComments.map(kvnComment), ...parts.header.map((e) => kvnText(e.keyword, e.value)), '');
  lines.push(...kvnSection(parts.relative), '');
  parts.objects.forEach((object, index) => {
    lines.push(...kvnSection(object.metadata));
    lines.push(...object.dataComments.map(kvnComment));
    for (const section of object.data) lines.push(...kvnSection(section));
    if (index === 1 && parts.user) lines.push(...kvnSection(parts.user));
    lines.push('');
  });
  return `${lines.join('\n')}`;
}

function xmlSection(section: Section, indent: string): string[] {
  const inner = `${indent}  `;
  const lines = [`${indent}<${section.element}>`, ...section.comments.map((c) => `${inner}<COMMENT>${escapeXmlText(commentText(c))}</COMMENT>`)];
  let nestedOpen = false;
  for (const entry of section.entries) {
    const nested = section.nested?.keywords.has(entry.keyword) ?? false;
    if (nested && !nestedOpen) lines.push(`${inner}<${section.nested!.element}>`);
    if (!nested && nestedOpen) lines.push(`${inner}</${section.nested!.element}>`);
    nestedOpen = nested;
    // USER_DEFINED_xxx as an element of that name (Orekit 13.1's CDM XML reader refuses <USER_DEFINED parameter="xxx">)
    lines.push(`${nested ? `${inner}  ` : inner}${xmlElement(entry.keyword, entry.value, entry.units)}`);
  }
  if (nestedOpen) lines.push(`${inner}</${section.nested!.element}>`);
  lines.push(`${indent}</${section.element}>`);
  return lines;
}

/** A comment checked like a KVN one (one line, no control characters). */
function commentText(text: string): string {
  kvnComment(text);
  return text;
}

/** Write a CDM as XML (`<cdm id="CCSDS_CDM_VERS" version="…">`, the element layout of Orekit's and the 2.0 draft's). */
export function writeCdmXml(cdm: CdmToWrite): string {
  const parts = layout(cdm);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<cdm id="CCSDS_CDM_VERS" version="${escapeXmlText(cdm.header.version)}">`,
    '  <header>',
    ...parts.headerComments.map((c) => `    <COMMENT>${escapeXmlText(commentText(c))}</COMMENT>`),
    ...parts.header.map((e) => `    ${xmlElement(e.keyword, e.value)}`),
    '  </header>',
    '  <body>',
    ...xmlSection(parts.relative, '    '),
  ];
  parts.objects.forEach((object, index) => {
    lines.push('    <segment>', ...xmlSection(object.metadata, '      '), '      <data>');
    lines.push(...object.dataComments.map((c) => `        <COMMENT>${escapeXmlText(commentText(c))}</COMMENT>`));
    for (const section of object.data) lines.push(...xmlSection(section, '        '));
    if (index === 1 && parts.user) lines.push(...xmlSection(parts.user, '        '));
    lines.push('      </data>', '    </segment>');
  });
  lines.push('  </body>', '</cdm>', '');
  return lines.join('\n');
}
