/**
 * Staleness said out loud: which Earth data a computation over a time span used beyond their observations.
 *
 * `earthDataWarnings(coverage, span)` compares a span with the coverage of the EOP, space-weather and leap-second
 * data it ran with and returns one warning per kind that the span leaves:
 *  - EOP_PREDICTED: after the last observed EOP row, inside the file's predictions (finals2000A 'P' rows);
 *  - EOP_MISSING: outside the table altogether (zero corrections: UT1 = UTC, no polar motion, no dX/dY);
 *  - SPACE_WEATHER_PREDICTED: (NRLMSISE-00 only) after the end of the last observed space-weather day, when the
 *    atmosphere ran on daily or monthly predictions;
 *  - LEAP_SECONDS_UNVERIFIED: after the leap-second data's expiry date (UTC assumes no new leap second);
 *  - LEAP_SECOND_NOT_APPLIED: the span reaches a leap second that a leap-second file announces and this build's
 *    table lacks (UTC after it is off by 1 s).
 * Each names the kind, the first epoch of the span concerned, the last covered date and the source file. The API
 * turns them into `Warning` headers, OEM COMMENT lines and `warnings[]` entries (api/services/earthData.ts). Pure.
 */
import type { EopCoverage } from '../frames/eop.ts';
import type { SpaceWeatherCoverage } from '../spaceWeather/spaceWeather.ts';
import { Epoch, isoDateFromMjd } from '../time/epoch.ts';
import type { LeapSecondStep } from '../time/leapSecondFiles.ts';

export type EarthDataKind = 'EOP' | 'SPACE_WEATHER' | 'LEAP_SECONDS';
export type EarthDataWarningCode = 'EOP_PREDICTED' | 'EOP_MISSING' | 'SPACE_WEATHER_PREDICTED' | 'LEAP_SECONDS_UNVERIFIED' | 'LEAP_SECOND_NOT_APPLIED';

export interface EarthDataWarning {
  kind: EarthDataKind;
  code: EarthDataWarningCode;
  /** First instant of the span concerned (UTC, ISO-8601 with milliseconds). */
  epoch: string;
  /** Last date the data cover with observations (YYYY-MM-DD); null when they observe nothing. */
  lastCoveredDate: string | null;
  /** End of the predictions that were used (YYYY-MM-DD), null when none were. */
  predictionEnd: string | null;
  /** The file (or bundled snapshot) the data came from. */
  source: string;
  /** One line of plain ASCII naming all of the above, for headers and comments. */
  message: string;
}

/** The Earth data a computation ran with, by their coverage (plain data: crosses the worker boundary). */
export interface EarthDataCoverage {
  eop: EopCoverage & { source: string };
  spaceWeather: SpaceWeatherCoverage & { source: string };
  leapSeconds: {
    source: string;
    /** The leap-second information is known to hold up to this UTC day (MJD). */
    validUntilMjd: number;
    /** Steps a leap-second file announces that the built-in table lacks. */
    unknownSteps: LeapSecondStep[];
  };
}

export interface EarthDataSpan {
  start: Epoch;
  end: Epoch;
  /** The computation used space weather (an NRLMSISE-00 atmosphere). */
  spaceWeather: boolean;
}

export function earthDataWarnings(coverage: EarthDataCoverage, span: EarthDataSpan): EarthDataWarning[] {
  const [a, b] = span.start.isBefore(span.end) ? [span.start, span.end] : [span.end, span.start];
  const startMjd = a.mjd('UTC');
  const endMjd = b.mjd('UTC');
  const out: EarthDataWarning[] = [];
  const iso = (mjd: number) => Epoch.fromMjd(mjd, 'UTC').toIsoString(3);
  const date = (mjd: number) => (Number.isFinite(mjd) ? isoDateFromMjd(mjd) : null);

  // EOP
  const eop = coverage.eop;
  const observedTo = eop.lastObservedMjd;
  const before = !(eop.rows > 0) || startMjd < eop.firstMjd;
  const afterTable = !(eop.rows > 0) || endMjd > eop.lastMjd;
  const afterObserved = !Number.isFinite(observedTo) || endMjd > observedTo;
  if (before || afterTable) {
    const from = before ? startMjd : Math.max(startMjd, eop.lastMjd);
    const predicted = Number.isFinite(observedTo) && eop.lastMjd > observedTo && endMjd > observedTo;
    const where = eop.rows > 0 ? `outside the EOP table (${date(eop.firstMjd)} .. ${date(eop.lastMjd)})` : 'with no EOP table';
    out.push({
      kind: 'EOP',
      code: 'EOP_MISSING',
      epoch: iso(from),
      lastCoveredDate: date(observedTo),
      predictionEnd: predicted ? date(eop.lastMjd) : null,
      source: eop.source,
      message:
        `EOP: the span reaches ${iso(from)}, ${where}, source ${eop.source}: zero corrections used there ` +
        `(UT1=UTC, no polar motion), Earth-fixed positions may be off by hundreds of metres` +
        (predicted ? `; predicted values used from ${date(observedTo)} to ${date(eop.lastMjd)}` : ''),
    });
  } else if (afterObserved) {
    const from = Number.isFinite(observedTo) ? Math.max(startMjd, observedTo) : startMjd;
    out.push({
      kind: 'EOP',
      code: 'EOP_PREDICTED',
      epoch: iso(from),
      lastCoveredDate: date(observedTo),
      predictionEnd: date(eop.lastMjd),
      source: eop.source,
      message:
        `EOP: the span reaches ${iso(from)}, after the last observed EOP (${date(observedTo) ?? 'none'}, source ${eop.source}): ` +
        `predicted values used (predictions to ${date(eop.lastMjd)})`,
    });
  }

  // Space weather (NRLMSISE-00): observed through the end of the last observed day
  if (span.spaceWeather) {
    const sw = coverage.spaceWeather;
    const observedEnd = sw.lastObservedMjd + 1;
    if (endMjd > observedEnd) {
      const from = Math.max(startMjd, observedEnd);
      out.push({
        kind: 'SPACE_WEATHER',
        code: 'SPACE_WEATHER_PREDICTED',
        epoch: iso(from),
        lastCoveredDate: date(sw.lastObservedMjd),
        predictionEnd: date(sw.lastMjd),
        source: sw.source,
        message:
          `SPACE_WEATHER: the span reaches ${iso(from)}, after the last observed space weather (${date(sw.lastObservedMjd)}, source ${sw.source}): ` +
          `NRLMSISE-00 used predicted F10.7 and Ap (daily to ${date(sw.lastDailyMjd)}, monthly to ${date(sw.lastMjd)})`,
      });
    }
  }

  // Leap seconds
  const leap = coverage.leapSeconds;
  const unknown = leap.unknownSteps.find((s) => endMjd >= s.mjd);
  if (unknown) {
    const from = Math.max(startMjd, unknown.mjd);
    out.push({
      kind: 'LEAP_SECONDS',
      code: 'LEAP_SECOND_NOT_APPLIED',
      epoch: iso(from),
      lastCoveredDate: date(unknown.mjd - 1),
      predictionEnd: null,
      source: leap.source,
      message:
        `LEAP_SECONDS: ${leap.source} announces TAI-UTC = ${unknown.taiMinusUtcSeconds} s from ${date(unknown.mjd)}, which this build's ` +
        `table does not apply: UTC from ${iso(from)} on is off by 1 s (update Apsis)`,
    });
  } else if (endMjd > leap.validUntilMjd) {
    const from = Math.max(startMjd, leap.validUntilMjd);
    out.push({
      kind: 'LEAP_SECONDS',
      code: 'LEAP_SECONDS_UNVERIFIED',
      epoch: iso(from),
      lastCoveredDate: date(leap.validUntilMjd),
      predictionEnd: null,
      source: leap.source,
      message:
        `LEAP_SECONDS: the span reaches ${iso(from)}, after the leap-second data expire (${date(leap.validUntilMjd)}, source ${leap.source}): ` +
        'UTC assumes no leap second after that date',
    });
  }
  return out;
}
