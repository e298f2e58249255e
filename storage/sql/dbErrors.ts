/**
 * The database could not be reached (a libSQL server down, restarting, or cut off), or stayed busy, for longer than
 * the retries allow (storage/sql/remoteDb.ts). The API answers 503 with Retry-After; job runners pause. `ambiguous`: a
 * write was sent and its answer lost, so it may or may not have been applied (never retried for that reason).
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly ambiguous = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}
