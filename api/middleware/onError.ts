/**
 * The app's error handler: anything a route or middleware throws becomes an answer in the error envelope — an
 * ApiError as it says, the pool's refusals and budget stops and an unavailable database as 503s, a file that cannot be written as 422, Hono's
 * body-parsing errors as 400 — and anything else a logged 500 that never leaks a stack trace.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { CcsdsWriteError } from '../../engine/files/common/errors.ts';
import { DatabaseUnavailableError } from '../../storage/sql/dbErrors.ts';
import { PoolSaturatedError, TaskCancelledError, TaskTimeoutError } from '../../workers/poolTypes.ts';
import { ApiError, errorResponse, REASON_PHRASES } from '../http/errors.ts';
import { logError, logInfo } from '../log.ts';

export function toErrorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    return errorResponse(c, error.status, error.error, error.message, error.options);
  }
  if (error instanceof PoolSaturatedError) {
    return errorResponse(c, 503, 'SERVICE_UNAVAILABLE', error.message, {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
  if (error instanceof DatabaseUnavailableError) {
    // A libSQL server down, restarting, cut off or busy past the retries (storage/sql/remoteDb.ts): retry shortly.
    logError('database unavailable', { correlationId: c.get('correlationId'), ambiguous: error.ambiguous, error: error.message });
    return errorResponse(c, 503, 'DATABASE_UNAVAILABLE', error.ambiguous
      ? 'The database stopped answering while the request was written: it may or may not have been applied; check before you retry'
      : 'The database is unavailable; retry after Retry-After seconds', {
      code: 'database.unavailable',
      details: { retryAfterSeconds: error.retryAfterSeconds, ambiguous: error.ambiguous },
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
  if (error instanceof TaskTimeoutError) {
    return errorResponse(c, 503, 'COMPUTE_TIME_BUDGET_EXCEEDED', error.message, {
      code: 'compute.time-budget.exceeded',
      details: { task: error.task, budgetMs: error.budgetMs },
    });
  }
  if (error instanceof TaskCancelledError) {
    // The client went away: nobody reads this answer.
    logInfo('request cancelled by the client; its computation was stopped', { correlationId: c.get('correlationId'), task: error.task });
    return errorResponse(c, 503, 'REQUEST_CANCELLED', error.message);
  }
  if (error instanceof CcsdsWriteError) {
    // A stored text no file may hold (stored before the rule at the door): the record's owner can fix it.
    return errorResponse(c, 422, 'UNWRITABLE_TEXT', `The file cannot be written: ${error.message}; correct the record and retry`, {
      code: 'file.text.unwritable',
      details: { keyword: error.keyword },
    });
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON / form bodies in its validators.
    if (error.status === 400) {
      const message = error.message || 'Malformed request body';
      return errorResponse(c, 400, 'VALIDATION_ERROR', message, { fieldErrors: { body: message } });
    }
    return errorResponse(c, error.status, REASON_PHRASES[error.status] ?? 'Error', error.message || 'Request failed');
  }
  logError('unexpected error', {
    correlationId: c.get('correlationId'),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error),
  });
  return errorResponse(c, 500, 'Internal Server Error', 'An unexpected error occurred');
}
