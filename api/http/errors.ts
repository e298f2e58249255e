/**
 * The shared error envelope (spec → Errors): `timestamp, status, error, message, path` and,
 * where useful, `code, correlationId, details, fieldErrors, params`. Services throw ApiError;
 * the app's error handler turns anything into an envelope and never leaks a stack trace.
 */
import type { Context } from 'hono';
import type { ZodError } from 'zod';

export interface ErrorEnvelope {
  timestamp: string;
  status: number;
  error: string;
  message: string;
  path: string;
  code?: string;
  correlationId?: string;
  details?: Record<string, unknown>;
  fieldErrors?: Record<string, string>;
  params?: Record<string, unknown>;
}

export interface ApiErrorOptions {
  code?: string;
  details?: Record<string, unknown>;
  fieldErrors?: Record<string, string>;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly options: ApiErrorOptions;
  constructor(status: number, error: string, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.options = options;
  }
}

export const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** zod issues → `fieldErrors` (dotted path → message; the first issue of a path wins). */
export function fieldErrorsFromZod(error: ZodError, target?: string): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || target || 'body';
    if (!(path in fieldErrors)) fieldErrors[path] = issue.message;
  }
  return fieldErrors;
}

/** 400 VALIDATION_ERROR naming the offending fields. */
export function validationError(fieldErrors: Record<string, string>, message?: string): ApiError {
  const names = Object.keys(fieldErrors);
  const text =
    message ?? (names.length > 0 ? `Invalid request: ${names.map((n) => `${n}: ${fieldErrors[n]}`).join('; ')}` : 'Invalid request');
  return new ApiError(400, 'VALIDATION_ERROR', text, { fieldErrors });
}

export function notFound(message: string, error = 'NOT_FOUND', options: ApiErrorOptions = {}): ApiError {
  return new ApiError(404, error, message, options);
}

export function conflict(error: string, message: string, options: ApiErrorOptions = {}): ApiError {
  return new ApiError(409, error, message, options);
}

/**
 * The one answer to cancelling a job that can no longer be cancelled (README → Jobs: cancelling): 409
 * JOB_NOT_CANCELLABLE with the job's status. A finished job (SUCCEEDED, FAILED, CANCELLED) never can; a RUNNING upload
 * job cannot either (it is all-or-nothing and ends within seconds), while a RUNNING batch stops on request.
 */
export function jobNotCancellable(what: string, id: string, status: string, codePrefix: string): ApiError {
  const why = status === 'RUNNING' ? 'it is running and ends on its own within seconds (only a QUEUED one can be cancelled)' : 'it has finished';
  return new ApiError(409, 'JOB_NOT_CANCELLABLE', `${what} ${id} is ${status}: ${why}`, {
    code: `${codePrefix}.not-cancellable`,
    details: { id, status },
  });
}

export function unprocessable(error: string, message: string, options: ApiErrorOptions = {}): ApiError {
  return new ApiError(422, error, message, options);
}

export function envelope(c: Context, status: number, error: string, message: string, options: ApiErrorOptions = {}): ErrorEnvelope {
  const body: ErrorEnvelope = {
    timestamp: new Date().toISOString(),
    status,
    error,
    message,
    path: new URL(c.req.url).pathname,
  };
  if (options.code) body.code = options.code;
  const correlationId = c.get('correlationId' as never) as string | undefined;
  if (correlationId) body.correlationId = correlationId;
  if (options.details) body.details = options.details;
  if (options.fieldErrors) body.fieldErrors = options.fieldErrors;
  if (options.params) body.params = options.params;
  return body;
}

export function errorResponse(c: Context, status: number, error: string, message: string, options: ApiErrorOptions = {}): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=UTF-8' });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(envelope(c, status, error, message, options)), { status, headers });
}
