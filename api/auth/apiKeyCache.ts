/**
 * A short-lived cache of API-key lookups (key, grants, owner state) by the SHA-256 of the presented secret, so a
 * burst of requests with one key reads the key once per `ttlMs` instead of once per request. Only found keys are
 * cached (a key created a moment ago works at once); concurrent lookups of one secret share one query.
 *
 * Consequence, documented: revoking a key, disabling its owner or changing its grants takes effect within `ttlMs`
 * (default 5 s) in every instance. Expiry is exact (checked against `expiresAt` on every request).
 */
import { sha256Hex } from '../../domain/contentHash.ts';
import { findApiKeyBySecretHash } from '../../storage/apiKeys.ts';
import type { ApiKeyWithOwner } from '../../domain/organizations/model.ts';
import type { SqlExecutor } from '../../storage/sql/db.ts';
import { traceClock, traceWork } from '../runtime/tailTrace.ts';

interface Entry {
  key: Promise<ApiKeyWithOwner | null>;
  expiresAt: number;
}

export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async lookup(db: SqlExecutor, secret: string): Promise<ApiKeyWithOwner | null> {
    const hash = sha256Hex(secret);
    if (this.ttlMs <= 0) return await findApiKeyBySecretHash(db, hash);
    const now = this.now();
    const cached = this.entries.get(hash);
    if (cached && cached.expiresAt > now) return await cached.key;
    if (cached) this.entries.delete(hash);
    const fromUs = traceClock();
    const key = findApiKeyBySecretHash(db, hash);
    void key.then(() => traceWork('API-key lookup', fromUs), () => undefined);
    const entry: Entry = { key, expiresAt: now + this.ttlMs };
    this.entries.set(hash, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      const found = await key;
      // Unknown secrets are not remembered: the next request looks again.
      if (!found && this.entries.get(hash) === entry) this.entries.delete(hash);
      return found;
    } catch (error) {
      if (this.entries.get(hash) === entry) this.entries.delete(hash);
      throw error;
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
