/**
 * Webhook delivery rules, pure: how many attempts a delivery gets, how long it waits before the
 * next, what counts as delivered, and when a subscription is disabled.
 *
 * Standard Webhooks (spec "Delivery behaviour" / "Retry schedule") asks for retries with exponential backoff and
 * jitter, and treats any 2xx as success and everything else — redirects included (they are not followed) — as a
 * failure to be retried.
 */

/** Attempts a delivery gets before it is FAILED for good (with a 5 s base: the last about 11 minutes after the first). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** The longest wait between two attempts, whatever the base. */
export const WEBHOOK_MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * The wait after failed attempt `attempt` (1-based): base · 2^(attempt − 1), capped, with "full jitter" on its upper
 * half (uniform in [d/2, d]): receivers that failed together are not all retried in the same instant, and no retry
 * comes sooner than half its nominal delay. `random` is [0, 1) (Math.random outside tests).
 */
export function retryDelayMs(attempt: number, baseMs: number, random: number): number {
  const nominal = Math.min(WEBHOOK_MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(nominal / 2 + (nominal / 2) * Math.min(Math.max(random, 0), 1));
}

/** A receiver's answer that counts as delivered: any 2xx (a 3xx is not followed and is a failure). */
export function isDelivered(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

/** The subscription is disabled once this many attempts in a row (of any of its deliveries) failed. */
export function shouldDisable(consecutiveFailures: number, disableAfter: number): boolean {
  return consecutiveFailures >= disableAfter;
}
