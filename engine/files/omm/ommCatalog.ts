/**
 * A catalog of OMMs → general-perturbations element sets (engine/tle/gpElements.ts), the type a TLE catalog gives
 * too, so SGP4 runs the same way from either.
 *
 * Files accepted: one OMM; a KVN file of OMMs one after the other (each starting with CCSDS_OMM_VERS, as
 * Space-Track's and CelesTrak's KVN output); an XML `<ndm>` combined instantiation holding many `<omm>` elements
 * (as both publishers' XML output; CelesTrak writes `<header><CREATION_DATE/><ORIGINATOR/></header>`, which
 * ommReader.ts accepts). Every message is read on its own: a bad message gives one error naming the line and
 * keyword and the others are still read; the caller decides whether the file is taken whole. Malformed XML (a tag
 * that does not close, ...) stops the reading there: what was read before is returned with the error.
 *
 * An element set usable by SGP4 needs (502.0-B-3 §4.2.4 and its annex on TLE-related parameters): CENTER_NAME
 * EARTH, REF_FRAME TEME, TIME_SYSTEM UTC, MEAN_ELEMENT_THEORY SGP4 (or SGP/SGP4, the standard's own example),
 * MEAN_MOTION (not SEMI_MAJOR_AXIS), and the TLE parameters with NORAD_CAT_ID (the catalog key) and BSTAR.
 * SGP4-XP sets (BTERM/AGOM) are refused: they need another propagator. Absent optional TLE parameters stay null.
 * The EPOCH must lie in the supported span, 1957-10-04T00:00:00Z to 2100-12-31T23:59:59.999Z (engine/time/
 * supportedRange.ts): the newest epoch wins, so a set dated 2200 would pin the object's current set for good.
 */
import { CcsdsParseError } from '../common/errors.ts';
import type { KvnToken } from '../common/kvnLexer.ts';
import { NdmTokenSource } from '../common/ndmReader.ts';
import { Epoch } from '../../time/epoch.ts';
import { mjdFromCalendarDate } from '../../time/leapSeconds.ts';
import { supportedEpochProblem } from '../../time/supportedRange.ts';
import type { CatalogLineError, CatalogReadResult } from '../../tle/catalog.ts';
import type { GpElementSet } from '../../tle/gpElements.ts';
import { OMM_XML_MAPPING, OmmParser, type OmmMessage } from './ommReader.ts';

const SGP4_THEORIES = new Set(['SGP4', 'SGP/SGP4']);

/** UTC ISO text (µs) → TLE-style epoch (year, day of year with days of 86400 s, as SGP4 counts). */
function tleEpochOfIso(iso: string): { year: number; dayOfYear: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(iso)!;
  const year = Number(m[1]);
  const day = mjdFromCalendarDate(year, Number(m[2]), Number(m[3])) - mjdFromCalendarDate(year, 1, 1);
  const seconds = Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]);
  return { year, dayOfYear: 1 + day + seconds / 86400 };
}

/**
 * The element set of one OMM, or a CcsdsParseError naming the keyword (and its line) that makes it unusable by
 * SGP4 (module comment).
 */
export function ommToElementSet(message: OmmMessage): GpElementSet {
  const meta = message.metadata;
  const fail = (line: number, keyword: string, why: string): never => {
    throw new CcsdsParseError(message.keywordLines[keyword] ?? line, `${keyword} ${why}`, keyword);
  };
  if (meta.centerName.trim().toUpperCase() !== 'EARTH') fail(meta.line, 'CENTER_NAME', `is ${meta.centerName}; SGP4 element sets are Earth-centred`);
  if (meta.refFrame.trim().toUpperCase() !== 'TEME') fail(meta.line, 'REF_FRAME', `is ${meta.refFrame}; SGP4 mean elements are in TEME`);
  if (meta.timeSystem !== 'UTC') fail(meta.line, 'TIME_SYSTEM', `is ${meta.timeSystem}; SGP4 element sets are in UTC`);
  const theory = meta.meanElementTheory.trim().toUpperCase();
  if (!SGP4_THEORIES.has(theory)) {
    fail(meta.line, 'MEAN_ELEMENT_THEORY', `is ${meta.meanElementTheory}; only SGP4 element sets (SGP4, SGP/SGP4) can be propagated here${theory === 'SGP4-XP' ? ' (SGP4-XP needs its own propagator)' : ''}`);
  }
  const mean = message.meanElements;
  if (mean.meanMotionRevPerDay === null) fail(mean.line, 'MEAN_MOTION', 'is required for SGP4 mean elements (SEMI_MAJOR_AXIS is given instead)');
  const tle = message.tleParameters;
  if (tle === null) return fail(mean.line, 'NORAD_CAT_ID', 'is required: the OMM has no TLE parameters');
  if (tle.noradCatId === null) fail(tle.line, 'NORAD_CAT_ID', 'is required: a catalog object is known by it');
  if (tle.bstar === null) fail(tle.line, 'BSTAR', tle.btermM2Kg !== null ? 'is required (BTERM is for SGP4-XP)' : 'is required for SGP4');
  if (tle.ephemerisType !== null && tle.ephemerisType !== 0) {
    fail(tle.line, 'EPHEMERIS_TYPE', `is ${tle.ephemerisType}; SGP4 element sets have 0${tle.ephemerisType === 4 ? ' (4 is SGP4-XP)' : ''}`);
  }
  const epoch = Epoch.parse(mean.epoch.endsWith('Z') ? mean.epoch.slice(0, -1) : mean.epoch, 'UTC');
  // the newest epoch is an object's current set: a set dated 2200 would stay current whatever came later, and one
  // before Sputnik 1 is no observation (engine/time/supportedRange.ts, the span of every epoch that enters)
  const epochProblem = supportedEpochProblem(epoch);
  if (epochProblem !== null) fail(mean.line, 'EPOCH', epochProblem);
  const epochUtc = epoch.toString('UTC', 6);
  const cosparId = meta.objectId.trim() === '' ? null : meta.objectId.trim();
  return {
    noradId: tle.noradCatId!,
    name: meta.objectName.trim() === '' ? null : meta.objectName.trim(),
    cosparId,
    classification: tle.classificationType,
    epoch: tleEpochOfIso(epochUtc),
    epochUtc,
    meanMotionRevPerDay: mean.meanMotionRevPerDay!,
    eccentricity: mean.eccentricity,
    inclinationDeg: mean.inclinationDeg,
    raanDeg: mean.raOfAscNodeDeg,
    argPerigeeDeg: mean.argOfPericenterDeg,
    meanAnomalyDeg: mean.meanAnomalyDeg,
    bstarPerEarthRadius: tle.bstar!,
    ndotOver2RevPerDay2: tle.meanMotionDot,
    nddotOver6RevPerDay3: tle.meanMotionDdot,
    ephemerisType: tle.ephemerisType,
    elementSetNumber: tle.elementSetNo,
    revolutionNumberAtEpoch: tle.revAtEpoch,
    source: { format: 'OMM', line: message.header.line },
  };
}

/** Feeds the tokens of many messages to one OmmParser each. */
class OmmCatalogConsumer {
  readonly entries: GpElementSet[] = [];
  readonly errors: CatalogLineError[] = [];
  /** The notation of the file (known once its first characters are read). */
  notationOf: () => 'KVN' | 'XML' = () => 'KVN';
  private parser: OmmParser | null = null;
  private failed = false;
  private strayReported = false;

  consume(token: KvnToken): void {
    if (token.kind === 'entry' && token.keyword === OMM_XML_MAPPING.versionKeyword) {
      this.finishMessage();
      this.parser = new OmmParser();
      this.failed = false;
    } else if (this.parser === null) {
      if (!this.strayReported) this.errors.push({ line: token.line, message: `line ${token.line}: the file must start with ${OMM_XML_MAPPING.versionKeyword}` });
      this.strayReported = true;
      return;
    }
    if (this.failed) return;
    try {
      this.parser.consume(token);
    } catch (error) {
      this.fail(error);
    }
  }

  finishMessage(): void {
    const parser = this.parser;
    this.parser = null;
    if (parser === null || this.failed) return;
    try {
      this.entries.push(ommToElementSet(parser.finish(this.notationOf())));
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error: unknown): void {
    if (!(error instanceof CcsdsParseError)) throw error;
    this.failed = true;
    this.errors.push({ line: error.line, message: error.message });
  }
}

/** Reads every OMM of a file (module comment). */
export function readOmmCatalog(text: string): CatalogReadResult {
  const consumer = new OmmCatalogConsumer();
  const source = new NdmTokenSource(consumer, { ...OMM_XML_MAPPING, multipleMessages: true });
  consumer.notationOf = () => source.notation ?? 'KVN';
  try {
    source.push(text);
    source.end();
    consumer.finishMessage();
  } catch (error) {
    if (!(error instanceof CcsdsParseError)) throw error;
    consumer.errors.push({ line: error.line, message: error.message });
  }
  return { entries: consumer.entries, errors: consumer.errors };
}
