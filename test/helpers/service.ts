/**
 * Test harness: a real service (in-memory libSQL, real worker pool) driven through the app's
 * `fetch`, plus helpers to mint organizations and keys. Every HTTP test uses this.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssertionError } from 'node:assert/strict';
import { loadConfig, type Config } from '../../api/config.ts';
import { openApiDocument } from '../../api/openapi.ts';
import { startService, type Service } from '../../api/service.ts';
import { OPERATIONS_ENVIRONMENT, PERMISSIONS } from '../../api/permissions.ts';
import { createApiKey } from '../../storage/apiKeys.ts';
import { ensureOrganization } from '../../storage/organizations.ts';
import { ensureOwner } from '../../storage/owners.ts';
import { OpenApiContract } from './openapiContract.ts';

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
  /** Aborting it is the client going away (the request's signal aborts, as the servers do on a closed connection). */
  signal?: AbortSignal;
  /**
   * Skip the check of the response against the OpenAPI document (see openapiContract.ts). Only for requests that
   * provoke what no document can promise (e.g. a deliberately broken server).
   */
  skipContractCheck?: boolean;
}

export interface KeyOptions {
  organization?: string;
  owner?: string;
  permissions?: readonly string[];
  environments?: string[];
  ipAllowlist?: string[];
  expiresAt?: string | null;
}

let sharedContract: OpenApiContract | null = null;

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
  // Every test service of a process has the same routes: one document (and compiled validators) per process.
  sharedContract ??= new OpenApiContract(openApiDocument(service.app));
  const contract = sharedContract;
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
      const request = new Request(`http://apsis.test${path}`, { method, headers, body, signal: options.signal });
      const response = await service.app.fetch(request, { remoteAddress: options.remoteAddress ?? '127.0.0.1' });
      if (!options.skipContractCheck && method !== 'HEAD') {
        const problems = contract.check(method, new URL(request.url).pathname, response, await response.clone().text());
        if (problems.length > 0) {
          throw new AssertionError({ message: `The response contradicts the OpenAPI document:\n${problems.join('\n')}` });
        }
      }
      return response;
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
