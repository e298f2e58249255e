/**
 * The audit logs: one row per authenticated request (API-key usage), and one per failed authentication. Rows are
 * written in batches (api/auth/auditLog.ts): one multi-row INSERT per batch instead of one write per request.
 */
import type { SqlExecutor } from './sql/db.ts';
import type { AuditEntry, StoredAuditEntry, AuthFailureReason, AuthFailureEntry, StoredAuthFailure } from '../domain/audit/model.ts';

/**
 * Rows per INSERT statement. A statement runs on the event loop (storage/sql/db.ts): 500 rows in one held it up to 37 ms
 * (bench:cdm-ingest, a GET client's audit rows of 100 ms); 50 take about a millisecond, and the storage layer yields
 * between statements.
 */
const ROWS_PER_STATEMENT = 50;

function placeholders(rows: number, columns: number): string {
  const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}

export async function insertAuditEntries(db: SqlExecutor, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const part = entries.slice(start, start + ROWS_PER_STATEMENT);
    await db.execute({
      sql: `INSERT INTO api_key_audit (api_key_id, organization_id, method, path, status, duration_ms, correlation_id,
              client_ip, created_at, entry_id) VALUES ${placeholders(part.length, 10)} ON CONFLICT (entry_id) DO NOTHING`,
      args: part.flatMap((e) => [e.apiKeyId, e.organizationId, e.method, e.path, e.status, e.durationMs, e.correlationId, e.clientIp, e.createdAt, e.entryId]),
    });
  }
}

export async function insertAuthFailures(db: SqlExecutor, entries: readonly AuthFailureEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const part = entries.slice(start, start + ROWS_PER_STATEMENT);
    await db.execute({
      sql: `INSERT INTO auth_failures (api_key_id, organization_id, key_prefix, reason, method, path, correlation_id, client_ip,
              created_at, entry_id) VALUES ${placeholders(part.length, 10)} ON CONFLICT (entry_id) DO NOTHING`,
      args: part.flatMap((e) => [e.apiKeyId, e.organizationId, e.keyPrefix, e.reason, e.method, e.path, e.correlationId, e.clientIp, e.createdAt, e.entryId]),
    });
  }
}

export async function listAuditEntries(db: SqlExecutor, apiKeyId: string): Promise<StoredAuditEntry[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM api_key_audit WHERE api_key_id = ? ORDER BY id',
    args: [apiKeyId],
  });
  return result.rows.map((row) => ({
    id: Number(row.id),
    entryId: row.entry_id == null ? null : String(row.entry_id),
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

/** Failed authentications, newest last; `clientIp` narrows to one address. */
export async function listAuthFailures(db: SqlExecutor, filter: { clientIp?: string; limit?: number } = {}): Promise<StoredAuthFailure[]> {
  const where = filter.clientIp === undefined ? '' : 'WHERE client_ip = ?';
  const result = await db.execute({
    sql: `SELECT * FROM (SELECT * FROM auth_failures ${where} ORDER BY id DESC LIMIT ?) ORDER BY id`,
    args: [...(filter.clientIp === undefined ? [] : [filter.clientIp]), filter.limit ?? 1000],
  });
  const text = (value: unknown) => (value == null ? null : String(value));
  return result.rows.map((row) => ({
    id: Number(row.id),
    entryId: text(row.entry_id),
    apiKeyId: text(row.api_key_id),
    organizationId: text(row.organization_id),
    keyPrefix: text(row.key_prefix),
    reason: String(row.reason) as AuthFailureReason,
    method: String(row.method),
    path: String(row.path),
    correlationId: String(row.correlation_id),
    clientIp: text(row.client_ip),
    createdAt: String(row.created_at),
  }));
}
