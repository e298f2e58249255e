/**
 * Where a webhook may be sent, and the one way it is sent.
 *
 * A webhook URL is chosen by a client but requested by the server: without rules it lets any key holder make the
 * service call its own loopback, the cloud metadata address (169.254.169.254) or the private network behind it
 * (server-side request forgery, OWASP API7:2023). So, unless an administrator allows it (WEBHOOK_ALLOW_PRIVATE=true):
 *  - refused: loopback, private (RFC 1918, RFC 6598 shared), link-local (RFC 3927, fe80::/10), unique-local
 *    (fc00::/7, RFC 4193), multicast, unspecified and reserved ranges, IPv4 and IPv6 alike — an IPv4-mapped IPv6
 *    address (::ffff:a.b.c.d, RFC 4291 §2.5.5.2) is judged as its IPv4 address, and NAT64's 64:ff9b::/96 (RFC 6052)
 *    is refused as it may reach any IPv4 address;
 *  - the name is resolved once, each address checked, and the connection made to that checked address (the Host
 *    header and TLS server name stay the URL's): a name that resolves to 127.0.0.1, or that answers a public address
 *    when created and a private one later (DNS rebinding), is refused when the delivery connects, every time;
 *  - redirects are never followed: a 3xx is a failed attempt (its Location could point anywhere, past every rule).
 * node:http and node:https are used on Node and on Deno alike (Deno provides them).
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { cidrContains, parseCidr, parseIp, type Cidr } from './cidr.ts';

/** Ranges a webhook may not reach without WEBHOOK_ALLOW_PRIVATE (IANA special-purpose registries, RFC 6890). */
export const REFUSED_RANGES: ReadonlyArray<{ cidr: string; why: string }> = [
  { cidr: '0.0.0.0/8', why: 'unspecified ("this network", RFC 1122 §3.2.1.3)' },
  { cidr: '10.0.0.0/8', why: 'private (RFC 1918)' },
  { cidr: '100.64.0.0/10', why: 'shared address space (RFC 6598)' },
  { cidr: '127.0.0.0/8', why: 'loopback (RFC 1122)' },
  { cidr: '169.254.0.0/16', why: 'link-local (RFC 3927; cloud metadata services live here)' },
  { cidr: '172.16.0.0/12', why: 'private (RFC 1918)' },
  { cidr: '192.0.0.0/24', why: 'IETF protocol assignments (RFC 6890)' },
  { cidr: '192.168.0.0/16', why: 'private (RFC 1918)' },
  { cidr: '198.18.0.0/15', why: 'benchmarking (RFC 2544)' },
  { cidr: '224.0.0.0/4', why: 'multicast (RFC 5771)' },
  { cidr: '240.0.0.0/4', why: 'reserved (RFC 1112), with the broadcast address' },
  { cidr: '::/128', why: 'unspecified (RFC 4291 §2.5.2)' },
  { cidr: '::1/128', why: 'loopback (RFC 4291 §2.5.3)' },
  { cidr: '::/96', why: 'IPv4-compatible (deprecated, RFC 4291 §2.5.5.1)' },
  { cidr: '64:ff9b::/96', why: 'NAT64 (RFC 6052): reaches any IPv4 address' },
  { cidr: 'fc00::/7', why: 'unique-local (RFC 4193)' },
  { cidr: 'fe80::/10', why: 'link-local (RFC 4291 §2.5.6)' },
  { cidr: 'fec0::/10', why: 'site-local (deprecated, RFC 3879)' },
  { cidr: 'ff00::/8', why: 'multicast (RFC 4291 §2.7)' },
];

const PARSED_RANGES: ReadonlyArray<{ cidr: Cidr; why: string }> = REFUSED_RANGES.map((range) => ({ cidr: parseCidr(range.cidr)!, why: range.why }));

/** Why `address` (an IP literal) may not be a webhook target, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const bytes = parseIp(address);
  if (!bytes) return `${address} is not an IP address`;
  const range = PARSED_RANGES.find((r) => cidrContains(r.cidr, bytes));
  return range ? `${address} is ${range.why}` : null;
}

/** The longest URL a subscription takes. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Why `text` cannot be a webhook URL (a message for `fieldErrors.url`), or null. Checked at creation and on every
 * change of the URL; the addresses a name resolves to are checked again at each delivery (deliverWebhook).
 */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `the scheme must be https or http, not ${url.protocol.replace(/:$/, '')}`;
  if (url.username !== '' || url.password !== '') return 'must not carry credentials (user:password@); authenticate the request by its signature';
  if (url.hash !== '') return 'must not have a fragment (#…): it is never sent';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return 'has no host';
  if (allowPrivate) return null;
  if (isIP(host) !== 0) {
    const reason = refusedAddressReason(host);
    return reason ? `${reason}: not a webhook target unless the administrator sets WEBHOOK_ALLOW_PRIVATE=true` : null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return 'localhost is loopback (RFC 6761 §6.3): not a webhook target unless the administrator sets WEBHOOK_ALLOW_PRIVATE=true';
  }
  return null;
}

/** A delivery attempt that did not get an answer (refused target, DNS, connection, timeout). */
export class WebhookTransportError extends Error {}

/** Every address of a host name (node:dns `lookup` with `all`: the system's resolver, /etc/hosts included). */
export type HostLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves `hostname` and returns the first address it may connect to, or throws naming what was refused. IP literals
 * are checked as they are. `timeoutMs` bounds the lookup: the system's resolver (getaddrinfo on a libuv thread) cannot
 * be called back, and a resolver that does not answer would otherwise hold the delivery for as long as it likes.
 */
export async function checkedAddress(hostname: string, allowPrivate: boolean, timeoutMs = Infinity, resolve: HostLookup = systemLookup): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lookedUp = family !== 0 ? null : Promise.race([
    resolve(host),
    new Promise<never>((_, reject) => {
      if (Number.isFinite(timeoutMs)) timer = setTimeout(() => reject(Object.assign(new Error('no answer'), { code: `no answer within ${timeoutMs} ms (WEBHOOK_TIMEOUT_MS)` })), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  const candidates = lookedUp === null ? [{ address: host, family }] : await lookedUp.catch((error: unknown) => {
    throw new WebhookTransportError(`cannot resolve ${host}: ${(error as { code?: string }).code ?? String(error)}`);
  });
  if (allowPrivate) return candidates[0]!;
  const refused: string[] = [];
  for (const candidate of candidates) {
    const reason = refusedAddressReason(candidate.address);
    if (reason === null) return candidate;
    refused.push(reason);
  }
  throw new WebhookTransportError(`${host} resolves only to refused addresses (${refused.join('; ')}); WEBHOOK_ALLOW_PRIVATE=true allows them`);
}

export interface WebhookAttempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The bound of the whole attempt: the name's lookup, connect, send, answer. */
  timeoutMs: number;
  allowPrivate: boolean;
  /** How the URL's host name is resolved (the system's resolver; tests give a slow one). */
  lookup?: HostLookup;
}

/** The receiver's answer: its status (any; the caller decides what counts as delivered). */
export interface WebhookAnswer {
  statusCode: number;
  /** The redirect target a 3xx named (never followed; shown in the delivery log). */
  location: string | null;
}

/** The most of a receiver's answer body read (then discarded): a receiver cannot make us hold more. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST of a delivery: to the checked address of the URL's host, within `timeoutMs` for the whole exchange (the
 * host's lookup, connect, send, answer head and up to MAX_ANSWER_BYTES of body). Throws WebhookTransportError when no
 * answer came.
 */
export async function deliverWebhook(attempt: WebhookAttempt): Promise<WebhookAnswer> {
  const url = new URL(attempt.url);
  const started = performance.now();
  const target = await checkedAddress(url.hostname, attempt.allowPrivate, attempt.timeoutMs, attempt.lookup);
  // what the lookup used of the bound is not given again to the exchange
  const remainingMs = Math.max(1, attempt.timeoutMs - (performance.now() - started));
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const bodyBytes = Buffer.from(attempt.body, 'utf8');
  return await new Promise<WebhookAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = send(
      {
        host: target.address,
        family: target.family,
        port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        // the address is the checked one; Host and the TLS server name (certificate check) stay the URL's
        ...(secure && isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? { servername: url.hostname } : {}),
        headers: { ...attempt.headers, Host: url.host, 'Content-Type': 'application/json', 'Content-Length': String(bodyBytes.length), 'User-Agent': 'Apsis-Webhooks/1.0' },
        agent: false,
      },
      (response: IncomingMessage) => {
        let read = 0;
        const answer = { statusCode: response.statusCode ?? 0, location: typeof response.headers.location === 'string' ? response.headers.location : null };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            finish(() => resolve(answer));
          }
        });
        response.on('end', () => finish(() => resolve(answer)));
        response.on('error', () => finish(() => resolve(answer)));
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(new WebhookTransportError(`no answer within ${attempt.timeoutMs} ms (WEBHOOK_TIMEOUT_MS)`)));
      request.destroy();
    }, remainingMs);
    request.on('error', (error: Error) => finish(() => reject(new WebhookTransportError(`${(error as { code?: string }).code ?? 'error'}: ${error.message}`))));
    request.end(bodyBytes);
  });
}
