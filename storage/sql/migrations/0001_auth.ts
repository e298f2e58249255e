/** Organizations, owners, API keys, the audit log and display sequences. */
import type { Migration } from '../migrations.ts';

export const migration0001: Migration = {
  version: 1,
  name: 'organizations, owners, api keys, audit log',
  statements: [
    `CREATE TABLE organizations (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE owners (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      email TEXT NOT NULL,
      disabled INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      UNIQUE (organization_id, email)
    )`,
    `CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      organization_id TEXT NOT NULL REFERENCES organizations(id),
      owner_id TEXT NOT NULL REFERENCES owners(id),
      prefix TEXT NOT NULL,
      secret_sha256 TEXT NOT NULL UNIQUE,
      permissions TEXT NOT NULL,
      environments TEXT NOT NULL,
      ip_allowlist TEXT NOT NULL,
      expires_at TEXT,
      revoked INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX api_keys_org ON api_keys(organization_id)`,
    `CREATE TABLE api_key_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_key_id TEXT NOT NULL,
      organization_id TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      status INTEGER NOT NULL,
      duration_ms REAL NOT NULL,
      correlation_id TEXT NOT NULL,
      client_ip TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX api_key_audit_key_time ON api_key_audit(api_key_id, created_at)`,
    `CREATE TABLE display_sequences (
      organization_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      last_value INTEGER NOT NULL,
      PRIMARY KEY (organization_id, kind)
    )`,
  ],
};
