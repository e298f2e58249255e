/**
 * IPv4 and IPv6 CIDR matching for API-key IP allowlists (RFC 4632, RFC 4291 §2.3).
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match IPv4 ranges, since Node reports IPv4
 * clients on dual-stack sockets in that form.
 */

/** Parses an IPv4 or IPv6 address into 16 bytes (IPv4 as ::ffff:a.b.c.d), or null when invalid. */
export function parseIp(text: string): Uint8Array | null {
  const address = text.trim().replace(/^\[|\]$/g, '').split('%')[0]!;
  const v4 = parseIpv4(address);
  if (v4) return mapped(v4);
  return parseIpv6(address);
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

function mapped(v4: number[]): Uint8Array {
  const bytes = new Uint8Array(16);
  bytes[10] = 0xff;
  bytes[11] = 0xff;
  bytes.set(v4, 12);
  return bytes;
}

function parseIpv6(text: string): Uint8Array | null {
  if (!text.includes(':')) return null;
  let head = text;
  let tailV4: number[] | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (!tailV4) return null;
    head = text.slice(0, lastColon + 1) + '0:0';
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const out: number[] = [];
    for (const group of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const left = parseGroups(halves[0]!);
  const right = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  if (tailV4) bytes.set(tailV4, 12);
  return bytes;
}

export interface Cidr {
  network: Uint8Array;
  /** Prefix length in bits over the 128-bit form. */
  prefixBits: number;
}

/** Parses `a.b.c.d/n`, `x::y/n` or a bare address (a host route); null when invalid. */
export function parseCidr(text: string): Cidr | null {
  const [addressText, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !addressText) return null;
  const isV4 = parseIpv4(addressText) !== null;
  const network = parseIp(addressText);
  if (!network) return null;
  const maxBits = isV4 ? 32 : 128;
  let prefix = maxBits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > maxBits) return null;
  }
  return { network, prefixBits: isV4 ? prefix + 96 : prefix };
}

export function cidrContains(cidr: Cidr, address: Uint8Array): boolean {
  let bits = cidr.prefixBits;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((cidr.network[i]! & mask) !== (address[i]! & mask)) return false;
  }
  return true;
}

/** True when `ip` lies in any of the CIDR ranges; invalid entries never match. */
export function ipAllowed(ip: string | null, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  if (!ip) return false;
  const address = parseIp(ip);
  if (!address) return false;
  return allowlist.some((entry) => {
    const cidr = parseCidr(entry);
    return cidr !== null && cidrContains(cidr, address);
  });
}
