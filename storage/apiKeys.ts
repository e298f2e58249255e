/**
 * API keys. Only the SHA-256 of the secret is stored; the clear secret exists once, in the
 * creation result. `prefix` (the first characters of the secret) is kept for display.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256Hex } from '../domain/contentHash.ts';
import type { SqlExecutor } from './sql/db.ts';
import { nowIso } from './sql/db.ts';
import type { ApiKey, ApiKeyWithOwner, NewApiKey, ApiKeyGrants } from '../domain/organizations/model.ts';

const PREFIX_LENGTH = 12;

/** A fresh secret: 32 random bytes, base64url, with a recognisable prefix. */
export function generateSecret(): string {
  return `apsis_${randomBytes(32).toString('base64url')}`;
}

function fromRow(row: Record<string, unknown>): ApiKeyWithOwner {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    ownerId: String(row.owner_id),
    prefix: String(row.prefix),
    permissions: JSON.parse(String(row.permissions)) as string[],
    environments: JSON.parse(String(row.environments)) as string[],
    ipAllowlist: JSON.parse(String(row.ip_allowlist)) as string[],
    expiresAt: row.expires_at == null ? null : String(row.expires_at),
    revoked: Number(row.revoked) === 1,
    createdAt: String(row.created_at),
    ownerEmail: String(row.owner_email ?? ''),
    ownerDisabled: Number(row.owner_disabled ?? 0) === 1,
  };
}

const SELECT_WITH_OWNER = `SELECT k.*, o.email AS owner_email, o.disabled AS owner_disabled
  FROM api_keys k JOIN owners o ON o.id = k.owner_id`;

export async function createApiKey(db: SqlExecutor, input: NewApiKey): Promise<{ key: ApiKey; secret: string }> {
  const secret = input.secret ?? generateSecret();
  const key: ApiKey = {
    id: randomUUID(),
    organizationId: input.organizationId,
    ownerId: input.ownerId,
    prefix: secretPrefix(secret),
    permissions: [...input.permissions],
    environments: [...input.environments],
    ipAllowlist: [...input.ipAllowlist],
    expiresAt: input.expiresAt,
    revoked: false,
    createdAt: nowIso(),
  };
  await db.execute({
    sql: `INSERT INTO api_keys (id, organization_id, owner_id, prefix, secret_sha256, permissions, environments,
            ip_allowlist, expires_at, revoked, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    args: [
      key.id, key.organizationId, key.ownerId, key.prefix, sha256Hex(secret), JSON.stringify(key.permissions),
      JSON.stringify(key.environments), JSON.stringify(key.ipAllowlist), key.expiresAt, key.createdAt,
    ],
  });
  return { key, secret };
}

export async function findApiKeyBySecret(db: SqlExecutor, secret: string): Promise<ApiKeyWithOwner | null> {
  return await findApiKeyBySecretHash(db, sha256Hex(secret));
}

/** The key whose secret has this SHA-256 (hex), with its owner's state. */
export async function findApiKeyBySecretHash(db: SqlExecutor, secretSha256: string): Promise<ApiKeyWithOwner | null> {
  const result = await db.execute({ sql: `${SELECT_WITH_OWNER} WHERE k.secret_sha256 = ?`, args: [secretSha256] });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** Display prefix of a secret: never more than a quarter of it, so a short secret is not shown whole. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, Math.min(PREFIX_LENGTH, Math.floor(secret.length / 4)));
}

export async function findApiKeyById(db: SqlExecutor, id: string): Promise<ApiKeyWithOwner | null> {
  const result = await db.execute({ sql: `${SELECT_WITH_OWNER} WHERE k.id = ?`, args: [id] });
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

export async function listApiKeys(db: SqlExecutor, organizationId: string): Promise<ApiKeyWithOwner[]> {
  const result = await db.execute({
    sql: `${SELECT_WITH_OWNER} WHERE k.organization_id = ? ORDER BY k.created_at, k.id`,
    args: [organizationId],
  });
  return result.rows.map(fromRow);
}

/** Replaces the given grant lists of a key; returns false when there is no such key. */
export async function updateApiKeyGrants(db: SqlExecutor, id: string, grants: ApiKeyGrants): Promise<boolean> {
  const sets: string[] = [];
  const args: string[] = [];
  if (grants.permissions) (sets.push('permissions = ?'), args.push(JSON.stringify(grants.permissions)));
  if (grants.environments) (sets.push('environments = ?'), args.push(JSON.stringify(grants.environments)));
  if (grants.ipAllowlist) (sets.push('ip_allowlist = ?'), args.push(JSON.stringify(grants.ipAllowlist)));
  if (sets.length === 0) return (await findApiKeyById(db, id)) !== null;
  const result = await db.execute({ sql: `UPDATE api_keys SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] });
  return result.rowsAffected > 0;
}

export async function revokeApiKey(db: SqlExecutor, id: string): Promise<boolean> {
  const result = await db.execute({ sql: 'UPDATE api_keys SET revoked = 1 WHERE id = ?', args: [id] });
  return result.rowsAffected > 0;
}
