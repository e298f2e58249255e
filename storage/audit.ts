/** API-key usage audit log: one row per authenticated request. */
import type { SqlExecutor } from './db.ts';
import { nowIso } from './db.ts';

export interface AuditEntry {
  apiKeyId: string;
  organizationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  correlationId: string;
  clientIp: string | null;
}

export interface StoredAuditEntry extends AuditEntry {
  id: number;
  createdAt: string;
}

export async function insertAuditEntry(db: SqlExecutor, entry: AuditEntry): Promise<void> {
  await db.execute({
    sql: `INSERT INTO api_key_audit (api_key_id, organization_id, method, path, status, duration_ms, correlation_id,
            client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      entry.apiKeyId, entry.organizationId, entry.method, entry.path, entry.status, entry.durationMs,
      entry.correlationId, entry.clientIp, nowIso(),
    ],
  });
}

export async function listAuditEntries(db: SqlExecutor, apiKeyId: string): Promise<StoredAuditEntry[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM api_key_audit WHERE api_key_id = ? ORDER BY id',
    args: [apiKeyId],
  });
  return result.rows.map((row) => ({
    id: Number(row.id),
    apiKeyId: String(row.api_key_id),
    organizationId: String(row.organization_id),
    method: String(row.method),
    path: String(row.path),
    status: Number(row.status),
    durationMs: Number(row.duration_ms),
    correlationId: String(row.correlation_id),
    clientIp: row.client_ip == null ? null : String(row.client_ip),
    createdAt: String(row.created_at),
  }));
}
