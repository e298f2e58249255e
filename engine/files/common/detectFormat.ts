/**
 * Format detection from the content (never from the file name): CCSDS KVN by its first keyword
 * (`CCSDS_OEM_VERS = ...`, 502.0-B-3 §7.4 / 503.0-B-2 §4.2 / 508.0-B-1: the version keyword is the first line),
 * CCSDS XML by the root element (`<cdm>`, `<oem>`, `<opm>`, `<ocm>`, `<omm>`, `<tdm>`, or the first message inside an
 * `<ndm>` combined instantiation, 505.0-B-2), SP3 by its first line `#a`, `#b`, `#c` or `#d`, a TLE/3LE catalog by a
 * complete line 1 followed by a line 2 among its first lines (after an optional name line).
 *
 * Only the first bytes are needed (4 KiB is plenty); nothing is parsed beyond them.
 */
export type DetectedFormat = 'CDM' | 'OCM' | 'OEM' | 'OMM' | 'OPM' | 'TDM' | 'SP3' | 'TLE' | 'unknown';

const KVN_FIRST = /^CCSDS_(CDM|OCM|OEM|OMM|OPM|TDM)_VERS\s*=/;
const XML_ROOTS: Record<string, DetectedFormat> = { cdm: 'CDM', ocm: 'OCM', oem: 'OEM', omm: 'OMM', opm: 'OPM', tdm: 'TDM' };
const TLE_LINE_1 = /^1 [0-9A-Z ]{5}[UCS ] .{59}\d$/;
const TLE_LINE_2 = /^2 [0-9A-Z ]{5} /;

export function detectFormat(firstBytesText: string): DetectedFormat {
  const text = firstBytesText.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (/^#[abcd][PV]/.test(text)) return 'SP3';
  if (start.startsWith('<')) return detectXml(start);
  // KVN: skip blank lines, the version keyword must be the first non-blank line (COMMENT lines may not precede it)
  const firstLine = start.split(/\r\n|\r|\n/, 1)[0]!.trim();
  const kvn = KVN_FIRST.exec(firstLine);
  if (kvn) return kvn[1] as DetectedFormat;
  // TLE/3LE: a complete line 1 (69 columns ending with its checksum digit) then a line 2, first or after a name
  const lines = start.split(/\r\n|\r|\n/).map((l) => l.replace(/[ \t]+$/, '')).filter((l) => l !== '').slice(0, 3);
  for (let k = 0; k < 2 && k + 1 < lines.length; k++) {
    if (TLE_LINE_1.test(lines[k]!) && TLE_LINE_2.test(lines[k + 1]!)) return 'TLE';
  }
  return 'unknown';
}

function detectXml(text: string): DetectedFormat {
  // walk over the prolog (declaration, comments, processing instructions); a DOCTYPE makes it unknown
  const tags = /<(\?[^>]*\?>|!--[\s\S]*?-->|!|\/?)([A-Za-z_][\w.:-]*)?/g;
  let match: RegExpExecArray | null;
  let insideNdm = false;
  while ((match = tags.exec(text)) !== null) {
    const marker = match[1]!;
    if (marker.startsWith('?') || marker.startsWith('!--')) continue;
    if (marker === '/' && insideNdm) continue; // e.g. </COMMENT> before the first message of an <ndm>
    if (marker === '!' || marker === '/') return 'unknown';
    const name = (match[2] ?? '').replace(/^.*:/, '').toLowerCase();
    if (name in XML_ROOTS) return XML_ROOTS[name]!;
    if (name === 'ndm' && !insideNdm) {
      insideNdm = true;
      continue;
    }
    if (insideNdm && name === 'comment') continue;
    return 'unknown';
  }
  return 'unknown';
}
