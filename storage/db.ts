/**
 * The libSQL client: an embedded file by default, `:memory:` for tests, or a remote sqld
 * (`libsql://`, `http(s)://`) with an auth token. Everything else in storage/ takes a `Db`.
 */
import { createClient, type Client, type InStatement, type ResultSet, type Transaction } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Anything that can run a statement: the client itself or an open transaction. */
export interface SqlExecutor {
  execute(stmt: InStatement): Promise<ResultSet>;
}

export type Db = Client;
export type Tx = Transaction;

export interface DatabaseOptions {
  url: string;
  authToken?: string;
}

/** Local path of a `file:` URL (relative or absolute), or null for other URLs. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  if (url.startsWith('file://')) return fileURLToPath(url);
  return url.slice('file:'.length);
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const path = localFilePath(options.url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const client = createClient({ url: options.url, authToken: options.authToken, intMode: 'number' });
  if (path) {
    // WAL lets readers proceed while a writer commits; busy_timeout makes concurrent
    // writers (several service instances on one file) wait instead of failing at once.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  if (path || options.url === ':memory:') await client.execute('PRAGMA foreign_keys = ON');
  return client;
}

/** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await db.transaction('write');
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    await tx.rollback().catch(() => undefined);
    throw error;
  } finally {
    tx.close();
  }
}

/** Current instant as stored everywhere: ISO-8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** True when a libSQL error is a UNIQUE constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return text.includes('UNIQUE constraint failed') || (error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
