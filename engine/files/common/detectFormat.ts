/**
 * Format detection from the content (never from the file name): CCSDS KVN by its first keyword
 * (`CCSDS_OEM_VERS = ...`, 502.0-B-3 §7.4 / 503.0-B-2 §4.2 / 508.0-B-1: the version keyword is the first line),
 * CCSDS XML by the root element (`<cdm>`, `<oem>`, `<opm>`, `<ocm>`, `<tdm>`, or the first message inside an `<ndm>` combined
 * instantiation, 505.0-B-2), SP3 by its first line `#a`, `#b`, `#c` or `#d`.
 *
 * Only the first bytes are needed (4 KiB is plenty); nothing is parsed beyond them.
 */
export type DetectedFormat = 'CDM' | 'OCM' | 'OEM' | 'OPM' | 'TDM' | 'SP3' | 'unknown';

const KVN_FIRST = /^CCSDS_(CDM|OCM|OEM|OPM|TDM)_VERS\s*=/;
const XML_ROOTS: Record<string, DetectedFormat> = { cdm: 'CDM', ocm: 'OCM', oem: 'OEM', opm: 'OPM', tdm: 'TDM' };

export function detectFormat(firstBytesText: string): DetectedFormat {
  const text = firstBytesText.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (/^#[abcd][PV]/.test(text)) return 'SP3';
  if (start.startsWith('<')) return detectXml(start);
  // KVN: skip blank lines, the version keyword must be the first non-blank line (COMMENT lines may not precede it)
  const firstLine = start.split(/\r\n|\r|\n/, 1)[0]!.trim();
  const kvn = KVN_FIRST.exec(firstLine);
  return kvn ? (kvn[1] as DetectedFormat) : 'unknown';
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
