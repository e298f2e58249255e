/**
 * Slows down guessing: failed authentications are counted per client address; once an address has `limit`
 * failures within `windowMs`, every request from it is answered 429 with Retry-After for `windowMs` (checked before
 * the key, so a blocked address learns nothing about the keys it tries), after which its count starts again.
 * A successful authentication does not reset the count (one valid key must not license unlimited guesses). Kept
 * in memory per instance, for at most `maxAddresses` addresses (the least recently failing are forgotten first).
 */

interface AddressState {
  windowStart: number;
  failures: number;
  blockedUntil: number;
}

export class AuthFailureThrottle {
  private readonly addresses = new Map<string, AddressState>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxAddresses = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private static keyOf(address: string | null): string {
    return address ?? '(unknown)';
  }

  /** Seconds the address must wait, or 0 when it may try. */
  retryAfterSeconds(address: string | null): number {
    const state = this.addresses.get(AuthFailureThrottle.keyOf(address));
    if (!state) return 0;
    const remaining = state.blockedUntil - this.now();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  /** Counts one failure; true when this failure made the address blocked. */
  recordFailure(address: string | null): boolean {
    const key = AuthFailureThrottle.keyOf(address);
    const now = this.now();
    let state = this.addresses.get(key);
    if (state) this.addresses.delete(key);
    if (!state || now - state.windowStart >= this.windowMs || (state.blockedUntil > 0 && state.blockedUntil <= now)) {
      state = { windowStart: now, failures: 0, blockedUntil: 0 };
    }
    state.failures++;
    // Re-inserted: the map's order is least recently failing first.
    this.addresses.set(key, state);
    if (this.addresses.size > this.maxAddresses) this.addresses.delete(this.addresses.keys().next().value!);
    if (state.failures >= this.limit && state.blockedUntil === 0) {
      state.blockedUntil = now + this.windowMs;
      return true;
    }
    return false;
  }
}
