/**
 * Helpers of the wire tests: what a test reaches past the API for (a record as an older version stored it), polling,
 * and raw HTTP/1.1 exchanges on a socket of their own.
 */
import { connect } from 'node:net';
import type { Db } from '../../storage/sql/db.ts';

/** Gives a spacecraft a name the API no longer accepts, as a record stored before the rule at the door would have. */
export async function renameSpacecraftRaw(db: Db, spacecraftId: string, name: string): Promise<void> {
  const result = await db.execute({ sql: 'UPDATE spacecraft SET name = ? WHERE id = ?', args: [name, spacecraftId] });
  if (result.rowsAffected !== 1) throw new Error(`no spacecraft ${spacecraftId}`);
}

/** Polls `probe` every 100 ms until it returns non-null; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What came back on a raw socket: the bytes (latin1), when the first arrived and when the server closed (null: not within the wait). */
export interface RawExchange {
  text: string;
  answeredAfterMs: number | null;
  closedAfterMs: number | null;
}

/**
 * A raw HTTP/1.1 exchange on a fresh socket: what was sent is exactly `request`; resolves with what came back and
 * when, once the server closes the connection or after `waitMs` (then the client closes it).
 */
export function rawExchange(port: number, request: string, waitMs: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let text = '';
    let answeredAfterMs: number | null = null;
    socket.on('data', (chunk) => {
      answeredAfterMs ??= performance.now() - started;
      text += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, answeredAfterMs, closedAfterMs: performance.now() - started });
    });
    socket.on('error', () => undefined);
    socket.write(request);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, answeredAfterMs, closedAfterMs: null });
    }, waitMs);
  });
}
