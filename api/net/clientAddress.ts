/**
 * The client address of a request, as IP allowlists and the audit log see it.
 *
 * Without TRUST_PROXY it is the socket peer. With TRUST_PROXY, `X-Forwarded-For` is read from the RIGHT: every
 * proxy appends the address it received the request from, so only the right-most entries were written by proxies
 * we run, and everything to their left is whatever the client sent (forgeable). The socket peer, then each entry
 * from the right, is skipped while it is one of our proxies (TRUSTED_PROXIES, CIDRs); the first address that is
 * not is the client. A request whose socket peer is not in TRUSTED_PROXIES did not come through our proxies and its
 * header is ignored. TRUST_PROXY without TRUSTED_PROXIES is refused: anyone who can reach the port directly could then
 * name any address (rotating it past the failed-authentication throttle, or throttling someone else's). When every hop is trusted, the left-most entry is the client. An
 * entry that is not an IP address ends the walk with no address (null: allowlists refuse it).
 */
import { cidrContains, parseCidr, parseIp, type Cidr } from './cidr.ts';

export const TRUST_PROXY_WITHOUT_PROXIES =
  'TRUST_PROXY=true requires TRUSTED_PROXIES (the addresses or CIDRs of your reverse proxies): without it any client that ' +
  'reaches the port directly could choose its own address through X-Forwarded-For';

export interface ProxyTrust {
  trustProxy: boolean;
  trustedProxies: readonly string[];
}

/** Parsed once per configuration (the middleware calls resolveClientAddress per request). */
export class ClientAddressResolver {
  private readonly trusted: Cidr[];

  constructor(private readonly options: ProxyTrust) {
    if (options.trustProxy && options.trustedProxies.length === 0) throw new Error(TRUST_PROXY_WITHOUT_PROXIES);
    this.trusted = options.trustedProxies.map((entry) => {
      const cidr = parseCidr(entry);
      if (!cidr) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
      return cidr;
    });
  }

  private isTrusted(address: Uint8Array): boolean {
    return this.trusted.some((cidr) => cidrContains(cidr, address));
  }

  /** `peer`: the socket's remote address; `forwardedFor`: the X-Forwarded-For header (all values joined by commas). */
  resolve(peer: string | null, forwardedFor: string | null | undefined): string | null {
    if (!this.options.trustProxy || !forwardedFor) return peer;
    const peerAddress = peer ? parseIp(peer) : null;
    if (!peerAddress || !this.isTrusted(peerAddress)) return peer;
    const hops = forwardedFor.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (hops.length === 0) return peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const address = parseIp(hops[i]!);
      if (!address) return null;
      if (i === 0 || !this.isTrusted(address)) return hops[i]!.replace(/^\[|\]$/g, '');
    }
    return peer;
  }
}
