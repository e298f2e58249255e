/**
 * The Node adapter: the app served by @hono/node-server with the connection limits a public server needs. `npm start`
 * (api/server.ts) and the test harness (test/helpers/service.ts) both listen through `listenNode`, so every HTTP test
 * exercises the code path users reach.
 *
 * Timeouts (README → Limits and protections → Connections):
 *  - headers: a request's header block must arrive within HEADERS_TIMEOUT_MS of its first byte (slowloris), checked
 *    every CONNECTIONS_CHECK_MS; Node answers 408 and closes.
 *  - body idle: while a request body is being received, the socket may be silent for at most BODY_IDLE_TIMEOUT_MS; a
 *    stalled body is answered 408 (in the error envelope) and the socket closed. The whole body has no total bound, so
 *    a 50 MiB upload over a slow link works as long as bytes keep coming.
 *  - once the body is complete the socket may be silent while the server computes (the computation has its own time
 *    budget), and an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS.
 *  - header block size: MAX_HEADER_BYTES (64 KiB, Deno.serve's own limit); the app answers 431 in the error envelope
 *    from 16 KiB on (api/middleware/limits.ts), the same on Deno. Errors Node finds before the app sees a request (an
 *    oversized or malformed header block, a header timeout) are answered here in the same envelope.
 */
import { serve } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { declaresBody } from '../net/messageBody.ts';
import { BODY_IDLE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, stalledBodyMessage } from './timeouts.ts';

const CONNECTIONS_CHECK_MS = 1_000;
/** Node's own hard limit on the header block; the app refuses smaller oversized headers itself (431, envelope). */
export const MAX_HEADER_BYTES = 64 * 1024;

export interface NodeListener {
  port: number;
  server: Server;
  /** Stops accepting, lets in-flight requests finish, closes idle keep-alive connections. */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  hostname?: string;
  /** Overrides for tests of the timeouts themselves. */
  bodyIdleTimeoutMs?: number;
  headersTimeoutMs?: number;
}

/** What Node's HTTP parser reports before a request exists (codes of llhttp and node:http), as status and message. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, `The request's header fields exceed ${MAX_HEADER_BYTES} bytes`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request headers did not arrive in time'],
};
const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  socket.end(rawErrorResponse(status, message, '/'));
}

/** A complete HTTP/1.1 error response in the error envelope, for answers written straight to the socket. */
function rawErrorResponse(status: number, message: string, path: string): string {
  const body = JSON.stringify({ timestamp: new Date().toISOString(), status, error: REASONS[status] ?? 'Error', message, path });
  return `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

type Fetch = (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>;

export function listenNode(fetch: Fetch, options: ListenOptions): Promise<NodeListener> {
  const bodyIdleTimeoutMs = options.bodyIdleTimeoutMs ?? BODY_IDLE_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: fetch as never,
        port: options.port,
        hostname: options.hostname,
        serverOptions: {
          headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
          // No bound on a whole request: uploads on slow links go on while bytes arrive (the idle bound below).
          requestTimeout: 0,
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
          maxHeaderSize: MAX_HEADER_BYTES,
        },
      },
      (info: AddressInfo) => resolve({ port: info.port, server, close: () => closeServer(server) }),
    ) as Server;
    server.once('error', reject);
    server.on('clientError', answerClientError);
    // The body-idle bound: a socket's timer runs only while one of its requests is still receiving its body. The
    // listener is the request's own: Node destroys a timed-out socket silently unless the request (or server) listens.
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      // A request without a body (RFC 9112 §6.3: no Content-Length, or 0, and no Transfer-Encoding; every GET, HEAD and
      // most DELETEs) leaves the socket's timer alone: Node arms its keep-alive timer on that same socket timer when
      // the response finishes (http's resOnFinish), and a bodiless request's 'end' and 'close' come after that.
      // `complete` is false here even for a bodiless request (the parser finishes the message after this event).
      if (request.complete || !declaresBody(request.headers['content-length'], request.headers['transfer-encoding'])) return;
      const onTimeout = () => stalledBody(request, response, bodyIdleTimeoutMs);
      request.setTimeout(bodyIdleTimeoutMs, onTimeout);
      const stop = () => {
        request.off('timeout', onTimeout);
        // The body is in (or the request is over): the socket may be silent while the handler computes. Once the
        // response has finished, the timer is Node's keep-alive timer (a body read after an early answer, e.g. a
        // 401 or a 413, ends only then): clearing it would keep an idle connection open for ever.
        if (!response.writableFinished) request.socket.setTimeout(0);
      };
      request.once('end', stop);
      request.once('close', stop);
    });
  });
}

/**
 * A body that stopped arriving: answer 408 in the envelope when nothing was sent yet, then close the connection. The
 * request stream is destroyed, so the handler reading it fails and its computation (if any) is aborted.
 */
function stalledBody(request: IncomingMessage, response: ServerResponse, idleMs: number): void {
  if (request.socket.destroyed) return;
  if (!response.headersSent) {
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      status: 408,
      error: 'Request Timeout',
      message: stalledBodyMessage(idleMs),
      path: (request.url ?? '/').split('?')[0],
    });
    response.writeHead(408, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    response.end(body);
  }
  response.once('finish', () => request.socket.destroy());
  setTimeout(() => request.socket.destroy(), 1_000).unref();
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
