/**
 * `Accept` header negotiation for endpoints that produce exactly one media type (TLE: text/plain).
 * RFC 9110 §12.5.1: `Accept = #( media-range [ weight ] )`, `media-range = ( "*∕*" / type "/*" / type "/" subtype )
 * *( OWS ";" OWS parameter )`, `weight = OWS ";" OWS "q=" qvalue` with qvalue 0..1 and at most three decimals.
 * Absent or empty header → acceptable (no preference). A range with q=0 excludes the type. Anything that does not
 * parse as that grammar is "malformed".
 */
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
  const [type, subtype] = mediaType.toLowerCase().split('/') as [string, string];
  // The most specific matching range decides (RFC 9110: "the most specific reference has precedence").
  let best: { specificity: number; q: number } | null = null;
  for (const r of ranges) {
    let specificity = -1;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (r.type === type && r.subtype === '*') specificity = 1;
    else if (r.type === '*' && r.subtype === '*') specificity = 0;
    if (specificity < 0) continue;
    if (!best || specificity > best.specificity || (specificity === best.specificity && r.q > best.q)) best = { specificity, q: r.q };
  }
  return best && best.q > 0 ? 'acceptable' : 'unsupported';
}

/**
 * The media type to answer among `offered` (in the server's order of preference, the first being the default), by
 * the Accept header: the highest q, then the most specific range, then the server's order. Null when none is
 * acceptable; 'malformed' for a header that does not parse.
 */
export function chooseMediaType(header: string | undefined, offered: readonly string[]): string | null | 'malformed' {
  if (header === undefined || header.trim() === '') return offered[0] ?? null;
  const ranges = parseAccept(header);
  if (ranges === null) return 'malformed';
  let best: { type: string; q: number; specificity: number; order: number } | null = null;
  offered.forEach((mediaType, order) => {
    const [type, subtype] = mediaType.toLowerCase().split('/') as [string, string];
    // the most specific range that matches decides this type's q (RFC 9110 §12.5.1)
    let match: { specificity: number; q: number } | null = null;
    for (const r of ranges) {
      const specificity = r.type === type && r.subtype === subtype ? 2 : r.type === type && r.subtype === '*' ? 1 : r.type === '*' && r.subtype === '*' ? 0 : -1;
      if (specificity < 0) continue;
      if (!match || specificity > match.specificity || (specificity === match.specificity && r.q > match.q)) match = { specificity, q: r.q };
    }
    if (!match || match.q <= 0) return;
    if (!best || match.q > best.q || (match.q === best.q && match.specificity > best.specificity)) best = { type: mediaType, q: match.q, specificity: match.specificity, order };
  });
  return best === null ? null : (best as { type: string }).type;
}
