/** Connection timeouts of the HTTP servers (defaults of HEADERS_TIMEOUT_MS and BODY_IDLE_TIMEOUT_MS; api/runtime/nodeServer.ts). */

/** Slowloris: a header block must be complete within 10 s of its first byte. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A body may pause 30 s between bytes: a 50 MiB upload at any speed works while bytes flow. */
export const BODY_IDLE_TIMEOUT_MS = 30_000;
/**
 * An idle keep-alive connection is closed after 5 s (Node's default), as `Keep-Alive: timeout=5` tells the client; Node
 * closes it 1 s later than it says (HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER), so that a client reusing it at the last
 * moment does not meet a closed socket.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The message of the 408 answered to a body that stopped arriving (Node: api/runtime/nodeServer.ts; Deno: denoServer.ts). */
export function stalledBodyMessage(idleMs: number): string {
  return `The request body stalled: no bytes arrived for ${idleMs / 1000} s`;
}
