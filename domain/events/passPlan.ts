/**
 * A pass plan as a team imports it: CSV (RFC 4180: CRLF, fields quoted when they hold a comma or a quote, never a
 * line break) for spreadsheets, and iCalendar (RFC 5545) with one VEVENT per pass for calendars. Names are text the
 * text rule checked where it entered (engine/text.ts); the writers hold to it again for names stored before it.
 */
import { replaceUnsafeText } from '../../engine/text.ts';
import type { PassView } from './eventViews.ts';
import { UTCDate } from '@date-fns/utc';
import { format } from 'date-fns';

export const PASS_CSV_COLUMNS = [
  'stationName', 'stationId', 'number', 'aos', 'los', 'durationS', 'maxElevationTime', 'maxElevationDeg',
  'aosAzimuthDeg', 'maxAzimuthDeg', 'losAzimuthDeg', 'maxRangeKm', 'cutAtStart', 'cutAtEnd',
] as const;

/**
 * One CSV field: every character the text rule refuses replaced by a space (engine/text.ts: a line break, a NUL or a
 * bidi control in a name stored before the rule — a field never spans lines, so a line-oriented reader of the file
 * sees one row per pass), quoted when it must be (RFC 4180 §2.6–2.7); a text starting with = + - @ is prefixed with '
 * so a spreadsheet shows it instead of evaluating it (OWASP, "CSV injection").
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = replaceUnsafeText(value);
  const text = /^[=+\-@]/.test(safe) ? `'${safe}` : safe;
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function passPlanCsv(passes: readonly PassView[]): string {
  const lines = [PASS_CSV_COLUMNS.join(',')];
  for (const p of passes) {
    const row = [
      p.stationName, p.stationId, p.number, p.aos?.time ?? null, p.los?.time ?? null, p.durationS, p.maximum.time,
      p.maximum.elevationDeg, p.aos?.azimuthDeg ?? null, p.maximum.azimuthDeg, p.los?.azimuthDeg ?? null, p.maximum.rangeKm,
      p.cutAtStart, p.cutAtEnd,
    ];
    lines.push(row.map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, the lines of `text` (LF, CRLF or CR) joined by the
 * two-character escape backslash-n, and within a line every character the text rule refuses replaced by a space (engine/text.ts; TEXT
 * allows no control character, and a U+2028 or a bidi control in a name must not act in a calendar): the value stays
 * on its content line.
 */
export function icsText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => replaceUnsafeText(line).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,'))
    .join('\\n');
}

/** RFC 5545 §3.1: content lines longer than 75 octets are folded (CRLF + one space), never inside a UTF-8 sequence. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * `2023-01-16T08:55:31.428Z` → `20230116T085531Z` (RFC 5545 §3.3.5 DATE-TIME, UTC form), rounded down (`up`: up) to
 * the second (DATE-TIME has none finer). Display only: date-fns on a UTCDate, never an epoch's arithmetic.
 */
export function icsDateTime(iso: string, up = false): string {
  let ms = Date.parse(iso);
  ms = up ? Math.ceil(ms / 1000) * 1000 : Math.floor(ms / 1000) * 1000;
  return format(new UTCDate(ms), "yyyyMMdd'T'HHmmss'Z'");
}

export interface PassCalendarInput {
  spacecraftId: string;
  spacecraftName: string;
  /** When the plan was made (DTSTAMP). */
  generatedAt: string;
  passes: readonly PassView[];
}

/** One VEVENT per pass, from its start to its end (rounded outwards to whole seconds), stable UIDs. */
export function passPlanIcs(input: PassCalendarInput): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Apsis//Pass plan//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  const stamp = icsDateTime(input.generatedAt);
  const craftName = replaceUnsafeText(input.spacecraftName);
  for (const p of input.passes) {
    const stationName = replaceUnsafeText(p.stationName);
    const aos = p.aos ? `AOS ${p.aos.time} az ${p.aos.azimuthDeg.toFixed(1)}°` : `in view at the span start ${p.start}`;
    const los = p.los ? `LOS ${p.los.time} az ${p.los.azimuthDeg.toFixed(1)}°` : `in view at the span end ${p.end}`;
    const max = `max elevation ${p.maximum.elevationDeg.toFixed(2)}° at ${p.maximum.time} az ${p.maximum.azimuthDeg.toFixed(1)}° range ${p.maximum.rangeKm.toFixed(1)} km`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${input.spacecraftId}-${p.stationId}-${icsDateTime(p.start)}@apsis`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDateTime(p.start)}`,
      `DTEND:${icsDateTime(p.end, true)}`,
      `SUMMARY:${icsText(`${craftName} over ${stationName} (max ${p.maximum.elevationDeg.toFixed(1)}°)`)}`,
      `LOCATION:${icsText(stationName)}`,
      `DESCRIPTION:${icsText(`${aos}\n${max}\n${los}\nduration ${p.durationS.toFixed(1)} s`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
