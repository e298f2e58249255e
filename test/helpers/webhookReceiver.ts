/**
 * A webhook receiver the tests start on loopback: records every request (headers, body, when it came and ended) and
 * answers as each path's behaviour says — so a test can make a receiver fail twice then succeed, redirect, or hold a
 * request open. Per `webhook-id` it also records the most attempts in flight at once (the outbox must never run two
 * attempts of one delivery concurrently).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  id: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

/** How a path answers the n-th request (1-based) of one webhook-id: a status, or `hold` (never answered by us). */
export type Behaviour = (attemptOfId: number, hook: ReceivedHook) => number | { status: number; headers?: Record<string, string> } | 'hold';

export interface WebhookReceiver {
  url(path: string): string;
  received: ReceivedHook[];
  /** The most attempts of one webhook-id that were in flight at the same time, per id. */
  maxConcurrentById: Map<string, number>;
  on(path: string, behaviour: Behaviour): void;
  /** Resolves once `predicate` holds for the received list (polling every 50 ms), or rejects after `timeoutMs`. */
  until(predicate: (received: ReceivedHook[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const behaviours = new Map<string, Behaviour>();
  const attemptsById = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const maxConcurrentById = new Map<string, number>();
  const held = new Set<ServerResponse>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      const id = headers['webhook-id'] ?? '';
      const hook: ReceivedHook = { path, id, headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      received.push(hook);
      const attempt = (attemptsById.get(id) ?? 0) + 1;
      attemptsById.set(id, attempt);
      const now = (inFlight.get(id) ?? 0) + 1;
      inFlight.set(id, now);
      maxConcurrentById.set(id, Math.max(maxConcurrentById.get(id) ?? 0, now));
      const done = () => inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
      response.on('close', done);
      const answer = (behaviours.get(path) ?? (() => 200))(attempt, hook);
      if (answer === 'hold') {
        held.add(response);
        return;
      }
      const { status, headers: extra } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      response.writeHead(status, { 'Content-Type': 'text/plain', ...(extra ?? {}) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    maxConcurrentById,
    on: (path, behaviour) => void behaviours.set(path, behaviour),
    async until(predicate, timeoutMs = 30_000, what = 'the expected webhook requests') {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received: ${JSON.stringify(received.map((r) => [r.path, r.id, r.body.slice(0, 80)]))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
