/**
 * The Deno adapter: what api/server.deno.ts puts between Deno.serve and the app, for the connection limits Deno.serve
 * does not have (README → Limits and protections → Connections).
 *
 * Deno.serve (Deno 2.9) has no timeout option at all — its options are signal, onError, onListen, port, hostname,
 * reusePort, tcpBacklog, automaticCompression (`deno types`) — and its HTTP/1.1 connections are served by hyper with
 * keep-alive on and no timer (ext/http/http_next.rs), so there is no header timeout, no body timeout and no idle
 * keep-alive timeout, and a handler cannot close a connection. What the service can bound itself:
 *
 *  - body idle: a request body read that makes no progress for BODY_IDLE_TIMEOUT_MS fails with 408 in the error
 *    envelope (the same answer and message as on Node): the handler stops, whatever it buffered is freed and any
 *    computation it started is aborted, and the client is told. Deno answers it with `connection: close` (the body
 *    was not read to its end), but the socket itself stays open until the client closes it or sends the rest.
 *
 *  - HEAD: Deno.serve sends `content-length: 0` with a response that has no body, which for a HEAD whose GET is
 *    streamed (a coded answer: its length is known only once coded) is false (RFC 9110 §8.6); given an empty stream
 *    instead, it sends no Content-Length, as RFC 9110 §9.3.2 allows. (A HEAD whose GET length is known carries it:
 *    api/middleware/representation.ts `headLikeGet`.)
 *
 * What it cannot: a header block that never ends (the handler is not called before it is complete) and an idle
 * keep-alive connection (no handler runs on it). Both need a reverse proxy in front (nginx `client_header_timeout`,
 * `keepalive_timeout`), or Node.
 */
import { ApiError } from '../http/errors.ts';
import { declaresBody } from '../net/messageBody.ts';
import { stalledBodyMessage } from './timeouts.ts';

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

/** The app's fetch with the bounds above, for Deno.serve. */
export function denoHandler(fetch: Handler, options: { bodyIdleTimeoutMs: number }): Handler {
  return async (request, info) => {
    const response = await fetch(boundBodyIdle(request, options.bodyIdleTimeoutMs), info);
    return request.method === 'HEAD' ? headOfUnstatedLength(response) : response;
  };
}

/** A HEAD answer without Content-Length and without a body, as one Deno sends without a length (see above). */
export function headOfUnstatedLength(response: Response): Response {
  const { status } = response;
  if (response.body !== null || response.headers.has('content-length') || status < 200 || status === 204 || status === 205 || status === 304) return response;
  return new Response(new ReadableStream({ start: (controller) => controller.close() }), response);
}

/**
 * `request` with a body that fails with 408 when a read of it waits more than `idleMs` for bytes. The timer runs only
 * while someone waits for the next chunk (high-water mark 0: nothing is read ahead), so a handler that computes before
 * it reads, or never reads, is never cut off; the whole body has no bound, only each wait does. A request without a
 * body (its framing says so, RFC 9112 §6.3) is returned as it is. The wrapped request keeps the original's signal
 * (a Request made from another follows its signal), so a client that leaves still aborts the request's work.
 */
export function boundBodyIdle(request: Request, idleMs: number): Request {
  const source = request.body;
  if (source === null || !declaresBody(request.headers.get('content-length'), request.headers.get('transfer-encoding'))) return request;
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ApiError(408, 'Request Timeout', stalledBodyMessage(idleMs))), idleMs);
        });
        try {
          const next = await Promise.race([reader.read(), stalled]);
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          // The reader of this body (a JSON or multipart parse) fails with the 408, which the app's error handler
          // answers; the network side is released.
          controller.error(error);
          reader.cancel(error).catch(() => undefined);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Request(request, { body, duplex: 'half' } as RequestInit);
}
