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
 *  - header block size: MAX_HEADER_BYTES; larger is 431 from Node itself, and the app's own header check answers 431
 *    in the error envelope below that (api/middleware/limits.ts), the same on Deno.
 */
import { serve } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HEADERS_TIMEOUT_MS = 10_000;
export const BODY_IDLE_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
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
    // The body-idle bound: a socket's timer runs only while one of its requests is still receiving its body.
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.complete) return;
      const socket = request.socket;
      const onTimeout = () => stalledBody(request, response, bodyIdleTimeoutMs);
      socket.setTimeout(bodyIdleTimeoutMs, onTimeout);
      const stop = () => {
        socket.setTimeout(0);
        socket.off('timeout', onTimeout);
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
      message: `The request body stalled: no bytes arrived for ${idleMs / 1000} s`,
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
