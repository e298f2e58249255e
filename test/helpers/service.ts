/**
 * Test harness: a real service (in-memory libSQL, real worker pool) driven through the app's
 * `fetch`, plus helpers to mint organizations and keys. Every HTTP test uses this.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../api/config.ts';
import { startService, type Service } from '../../api/service.ts';
import { OPERATIONS_ENVIRONMENT, PERMISSIONS } from '../../api/permissions.ts';
import { createApiKey } from '../../storage/apiKeys.ts';
import { ensureOrganization } from '../../storage/organizations.ts';
import { ensureOwner } from '../../storage/owners.ts';

export interface TestService extends Service {
  /** Sends a request through app.fetch. `json` sets the body and Content-Type. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Creates (or reuses) an organization and returns a fresh key secret for it. */
  key(options?: KeyOptions): Promise<{ secret: string; id: string; organizationId: string }>;
}

/** A multipart body with one file part per entry, all under `field` (default `files`, repeated). */
export function filesForm(files: Array<{ name: string; content: string | Uint8Array }>, field = 'files'): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.content as BlobPart]), file.name);
  return form;
}

export interface RequestOptions {
  key?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Socket peer address seen by the app (defaults to 127.0.0.1). */
  remoteAddress?: string;
}

export interface KeyOptions {
  organization?: string;
  owner?: string;
  permissions?: readonly string[];
  environments?: string[];
  ipAllowlist?: string[];
  expiresAt?: string | null;
}

/**
 * A service on a fresh embedded database file (as in production: WAL, one connection per
 * transaction; libSQL's `:memory:` client has a single connection that a transaction blocks).
 */
export async function createTestService(overrides: Partial<Config> = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-test-'));
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: `file:${join(dir, 'apsis.db')}`,
    workers: 1,
    port: 0,
    // an empty data directory of its own (the bundled Earth data), no periodic check, no staleness log
    dataDir: join(dir, 'earth-data'),
    dataCheckIntervalS: 0,
    dataMaxAgeDays: 36500,
    ...overrides,
  };
  const service = await startService(config);
  return {
    ...service,
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async request(method, path, options = {}) {
      const headers = new Headers(options.headers);
      if (options.key !== undefined) headers.set('Authorization', `Bearer ${options.key}`);
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      }
      const request = new Request(`http://apsis.test${path}`, { method, headers, body });
      return await service.app.fetch(request, { remoteAddress: options.remoteAddress ?? '127.0.0.1' });
    },
    async key(options = {}) {
      const org = await ensureOrganization(service.db, options.organization ?? 'org-a');
      const owner = await ensureOwner(service.db, org.id, options.owner ?? `ops@${org.name}.example`);
      const { key, secret } = await createApiKey(service.db, {
        organizationId: org.id,
        ownerId: owner.id,
        permissions: [...(options.permissions ?? PERMISSIONS)],
        environments: options.environments ?? [OPERATIONS_ENVIRONMENT],
        ipAllowlist: options.ipAllowlist ?? [],
        expiresAt: options.expiresAt ?? null,
      });
      return { secret, id: key.id, organizationId: org.id };
    },
  };
}
