/**
 * The audit's model: an entry per write (who, what, which resource) and per refused authentication (the reason), as
 * stored and listed. storage/audit.ts maps its rows to these types.
 */

export interface AuditEntry {
  /** Unique per row (migration 0023): a batch written again after an ambiguous failure skips the rows it stored. */
  entryId: string;
  apiKeyId: string;
  organizationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  correlationId: string;
  clientIp: string | null;
  /** When the request ended (ISO-8601 UTC, ms); the time of the request, not of the batch write. */
  createdAt: string;
}

export interface StoredAuditEntry extends Omit<AuditEntry, 'entryId'> {
  id: number;
  /** Null for rows stored before migration 0023. */
  entryId: string | null;
}

/** Why an authentication failed (machine token, stored as is). */
export type AuthFailureReason =
  | 'MISSING_CREDENTIALS'
  | 'MALFORMED_CREDENTIALS'
  | 'UNKNOWN_KEY'
  | 'REVOKED_KEY'
  | 'EXPIRED_KEY'
  | 'OWNER_DISABLED'
  | 'THROTTLED';

export interface AuthFailureEntry {
  /** Unique per row, as AuditEntry's. */
  entryId: string;
  /** The key, when the secret matched one (revoked, expired, disabled owner); else null. */
  apiKeyId: string | null;
  organizationId: string | null;
  /** Display prefix of the presented secret (never the secret): the stored prefix of a known key, else the same rule applied to the token. */
  keyPrefix: string | null;
  reason: AuthFailureReason;
  method: string;
  path: string;
  correlationId: string;
  clientIp: string | null;
  createdAt: string;
}

export interface StoredAuthFailure extends Omit<AuthFailureEntry, 'entryId'> {
  id: number;
  /** Null for rows stored before migration 0023. */
  entryId: string | null;
}
