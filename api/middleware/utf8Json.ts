import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { errorResponse } from '../http/errors.ts';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A JSON body must be valid UTF-8 (RFC 8259 §8.1): decoded strictly here, so a byte sequence that is not UTF-8 is a
 * 400 naming the body instead of being stored as U+FFFD. The decoded text is handed to Hono's body cache, which the
 * route's JSON validator then parses.
 */
export function requireUtf8JsonBody() {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // Only bodies that can be JSON; reading `c.req.raw.body` of a GET would build a full Request object for nothing.
    const method = c.req.method;
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && JSON_MEDIA_TYPE.test(contentType) && c.req.raw.body !== null) {
      let text: string;
      try {
        text = decoder.decode(await c.req.arrayBuffer());
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        const message = 'The request body is not valid UTF-8';
        return errorResponse(c, 400, 'VALIDATION_ERROR', message, { fieldErrors: { body: message } });
      }
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    }
    await next();
  };
}
