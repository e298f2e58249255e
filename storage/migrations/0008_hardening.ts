/** Issue 14 (hardening): the failed-authentication audit log. */
import type { Migration } from '../migrations.ts';

export const migration0008: Migration = {
  version: 8,
  name: 'failed authentications',
  statements: [
    // No key or organization when the secret matched nothing; key_prefix is a display prefix, never the secret.
    `CREATE TABLE auth_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_key_id TEXT,
      organization_id TEXT,
      key_prefix TEXT,
      reason TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      correlation_id TEXT NOT NULL,
      client_ip TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX auth_failures_ip_time ON auth_failures(client_ip, created_at)`,
  ],
};
