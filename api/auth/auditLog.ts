/**
 * Batched audit writes. Every authenticated request adds one API-key usage row, every failed authentication one
 * failure row; writing each in its own write transaction made the audit the most expensive part of a light
 * request (and queued every GET behind the process's write lock). Rows are buffered and written together, one
 * multi-row INSERT per table, at most `flushMs` after the first buffered row or at once when `maxRows` are waiting.
 * `close()` (service shutdown, SIGTERM) writes what is left, so no row of a request that got its response is lost
 * by a clean stop; a crash (kill -9) loses at most the rows of the last `flushMs`.
 *
 * A failed write does not fail any request. Rows the database could not take because it was unavailable (a libSQL
 * server restarting or cut off: storage/sql/remoteDb.ts) go back to the buffer and are written once it answers again,
 * up to MAX_HELD_ROWS — also when the write was cut off mid-answer and may have been applied (ambiguous): every row
 * has an id of its own (`entryId`, migration 0023) and the INSERT skips those already stored, so sending it again
 * neither loses a row nor counts one twice. Any other failed row (or one beyond MAX_HELD_ROWS) is logged with its
 * correlation id instead.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sql/db.ts';
import { insertAuditEntries, insertAuthFailures } from '../../storage/audit.ts';
import type { AuditEntry, AuthFailureEntry } from '../../domain/audit/model.ts';
import { DatabaseUnavailableError } from '../../storage/sql/dbErrors.ts';
import { logError } from '../log.ts';
import { traceClock, traceWork } from '../runtime/tailTrace.ts';

/** Rows kept for a database that is unavailable (about 300 bytes each). */
export const MAX_HELD_ROWS = 100_000;

export interface AuditLogOptions {
  /** Longest time a row waits in the buffer (default 100 ms). */
  flushMs?: number;
  /** Buffered rows that trigger an immediate write (default 200). */
  maxRows?: number;
}

export class AuditLog {
  private usage: AuditEntry[] = [];
  private failures: AuthFailureEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxRows: number;

  constructor(
    private readonly db: Db,
    options: AuditLogOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 100;
    this.maxRows = options.maxRows ?? 200;
  }

  /** Rows buffered and not yet handed to the database. */
  get pending(): number {
    return this.usage.length + this.failures.length;
  }

  recordUsage(entry: Omit<AuditEntry, 'entryId'>): void {
    this.usage.push({ ...entry, entryId: randomUUID() });
    this.schedule();
  }

  recordFailure(entry: Omit<AuthFailureEntry, 'entryId'>): void {
    this.failures.push({ ...entry, entryId: randomUUID() });
    this.schedule();
  }

  private schedule(): void {
    if (this.pending >= this.maxRows) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.flushMs);
    // The buffer never keeps a process alive; shutdown flushes it explicitly.
    this.timer.unref?.();
  }

  /** Writes every buffered row; resolves once they (and any earlier flush) are in the database or logged as lost. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const usage = this.usage;
    const failures = this.failures;
    this.usage = [];
    this.failures = [];
    // Flushes run one after another, in order.
    this.writing = this.writing.then(() => this.write(usage, failures));
    return this.writing;
  }

  private async write(usage: AuditEntry[], failures: AuthFailureEntry[]): Promise<void> {
    const fromUs = traceClock();
    if (usage.length > 0) {
      await insertAuditEntries(this.db, usage).catch((error: unknown) => {
        if (this.hold(error, usage.length, () => (this.usage = usage.concat(this.usage)))) return;
        for (const entry of usage) logError('audit write failed', { ...entry, error: String((error as Error)?.message ?? error) });
      });
    }
    if (failures.length > 0) {
      await insertAuthFailures(this.db, failures).catch((error: unknown) => {
        if (this.hold(error, failures.length, () => (this.failures = failures.concat(this.failures)))) return;
        for (const entry of failures) logError('auth failure audit write failed', { ...entry, error: String((error as Error)?.message ?? error) });
      });
    }
    traceWork('audit flush', fromUs, { rows: usage.length + failures.length });
  }

  /** Puts rows the unavailable database did not take back in front of the buffer; false when they cannot be held. */
  private hold(error: unknown, rows: number, putBack: () => void): boolean {
    // ambiguous too: the rows' ids make the INSERT safe to send again (see the header)
    if (!(error instanceof DatabaseUnavailableError) || this.pending + rows > MAX_HELD_ROWS) return false;
    putBack();
    if (!this.timer) {
      // tried again after a pause, not at once: the database is down
      this.timer = setTimeout(() => void this.flush(), Math.max(this.flushMs, error.retryAfterSeconds * 1000));
      this.timer.unref?.();
    }
    return true;
  }

  /** Stops the timer and writes what is buffered (service shutdown). */
  async close(): Promise<void> {
    await this.flush();
  }
}
