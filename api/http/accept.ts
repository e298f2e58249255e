/**
 * `Accept` header negotiation for endpoints that produce exactly one media type (TLE: text/plain).
 * RFC 9110 §12.5.1: `Accept = #( media-range [ weight ] )`, `media-range = ( "*∕*" / type "/*" / type "/" subtype )
 * *( OWS ";" OWS parameter )`, `weight = OWS ";" OWS "q=" qvalue` with qvalue 0..1 and at most three decimals.
 * Absent or empty header → acceptable (no preference). A range with q=0 excludes the type. Anything that does not
 * parse as that grammar is "malformed".
 */
import { ApiError } from './errors.ts';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const RANGE_RE = new RegExp(`^(${TOKEN})/(${TOKEN})$`);
const PARAM_RE = new RegExp(`^(${TOKEN})=(${TOKEN}|${QUOTED})$`);
const QVALUE_RE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

export type AcceptVerdict = 'acceptable' | 'unsupported' | 'malformed';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** Parses an Accept value; null when malformed. */
export function parseAccept(header: string): MediaRange[] | null {
  const ranges: MediaRange[] = [];
  for (const element of header.split(',')) {
    const trimmed = element.trim();
    if (trimmed === '') continue; // #rule: empty list elements are allowed
    const [range, ...params] = trimmed.split(';').map((p) => p.trim());
    const m = RANGE_RE.exec(range!);
    if (!m) return null;
    const type = m[1]!.toLowerCase();
    const subtype = m[2]!.toLowerCase();
    if (type === '*' && subtype !== '*') return null;
    let q = 1;
    for (const param of params) {
      const p = PARAM_RE.exec(param);
      if (!p) return null;
      if (p[1]!.toLowerCase() === 'q') {
        if (!QVALUE_RE.test(p[2]!)) return null;
        q = Number(p[2]);
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** Whether `mediaType` (`type/subtype`) is acceptable under the header (undefined = header absent). */
export function negotiate(header: string | undefined, mediaType: string): AcceptVerdict {
  if (header === undefined || header.trim() === '') return 'acceptable';
  const ranges = parseAccept(header);
  if (ranges === null) return 'malformed';
  return qualityOf(ranges, mediaType) > 0 ? 'acceptable' : 'unsupported';
}

/** The q the header gives `mediaType`: the most specific matching range decides (RFC 9110 §12.5.1); 0 when none. */
function qualityOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.toLowerCase().split('/') as [string, string];
  let best: { specificity: number; q: number } | null = null;
  for (const r of ranges) {
    let specificity = -1;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (r.type === type && r.subtype === '*') specificity = 1;
    else if (r.type === '*' && r.subtype === '*') specificity = 0;
    if (specificity < 0) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && r.q > best.q)) best = { specificity, q: r.q };
  }
  return best?.q ?? 0;
}

/**
 * For endpoints with several representations: the offered media type the header prefers (highest q; on a tie the
 * first offered, the endpoint's default), 'unsupported' when it accepts none, 'malformed' when it does not parse.
 */
export function chooseMediaType<T extends string>(header: string | undefined, offered: readonly T[]): T | 'unsupported' | 'malformed' {
  if (header === undefined || header.trim() === '') return offered[0]!;
  const ranges = parseAccept(header);
  if (ranges === null) return 'malformed';
  let choice: T | null = null;
  let bestQ = 0;
  for (const type of offered) {
    const q = qualityOf(ranges, type);
    if (q > bestQ) {
      bestQ = q;
      choice = type;
    }
  }
  return choice ?? 'unsupported';
}

/**
 * `chooseMediaType` for a route: the chosen type, or the 406 envelope (`code`) naming the Accept header and what is
 * available — one answer for every endpoint with several representations.
 */
export function requireMediaType<T extends string>(header: string | undefined, offered: readonly T[], code: string): T {
  const chosen = chooseMediaType(header, offered);
  if (chosen !== 'unsupported' && chosen !== 'malformed') return chosen;
  throw new ApiError(406, 'Not Acceptable', chosen === 'malformed' ? `Malformed Accept header: ${header}` : `Available as ${offered.join(', ')} (Accept: ${header})`, {
    code,
    details: { accept: header ?? null, available: [...offered] },
  });
}
