/**
 * Test harness: a real service (an embedded libSQL file, the real worker pool) listening on a socket through the same
 * Node adapter as `npm start` (api/runtime/nodeServer.ts), driven by a real HTTP client (fetch; node:http when a test
 * needs a chosen source address), plus helpers to mint organizations and keys. Every HTTP test uses this.
 *
 * `handle` sends a request through the app's `fetch` in-process: only for unit tests of one handler or middleware
 * (a peer address that cannot be bound on this machine, say), named as such in the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssertionError } from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { loadConfig, type Config } from '../../api/config.ts';
import { openApiDocument } from '../../api/openapi.ts';
import { startService, type Service } from '../../api/service.ts';
import { listenNode, type NodeListener } from '../../api/runtime/nodeServer.ts';
import { OPERATIONS_ENVIRONMENT, PERMISSIONS } from '../../api/permissions.ts';
import { createApiKey } from '../../storage/apiKeys.ts';
import type { Db } from '../../storage/sql/db.ts';
import { ensureOrganization } from '../../storage/organizations.ts';
import { ensureOwner } from '../../storage/owners.ts';
import { OpenApiContract } from './openapiContract.ts';
import { testDatabase } from './database.ts';

export interface TestService extends Service {
  /** Base URL of the listening server (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  port: number;
  /** Sends a request over the socket. `json` sets the body and Content-Type. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** In-process (app.fetch, no socket): unit tests of a single handler only. */
  handle(method: string, path: string, options?: RequestOptions): Promise<Response>;
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
  /**
   * Source address of the client's socket. Over the socket only loopback addresses can be bound (any 127.x.y.z, or
   * ::1 with a service started with `listenHostname: '::'`); `handle` accepts any address.
   */
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
 * A service on a fresh database of this run's backend (test/helpers/database.ts): an embedded file as in production
 * (WAL, one connection per transaction; libSQL's `:memory:` client has a single connection that a transaction
 * blocks), or a libSQL server of its own.
 */
export interface TestServiceOptions {
  /** Address the server listens on: `127.0.0.1` (default) or `::` (dual stack, for IPv6 peers). */
  listenHostname?: string;
}

export async function createTestService(overrides: Partial<Config> = {}, options: TestServiceOptions = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-test-'));
  const database = await testDatabase(dir);
  const config: Config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    workers: 1,
    port: 0,
    // an empty data directory of its own (the bundled Earth data), no periodic check, no staleness log
    dataDir: join(dir, 'earth-data'),
    dataCheckIntervalS: 0,
    dataMaxAgeDays: 36500,
    ...overrides,
  };
  let service: Service;
  try {
    service = await startService(config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const listenHostname = options.listenHostname ?? '127.0.0.1';
  let listener: NodeListener;
  try {
    listener = await listenNode(service.app.fetch, { port: 0, hostname: listenHostname, headersTimeoutMs: config.headersTimeoutMs, bodyIdleTimeoutMs: config.bodyIdleTimeoutMs });
  } catch (error) {
    await service.close();
    await database.close();
    throw error;
  }
  const baseUrl = `http://${listenHostname === '::' ? '127.0.0.1' : listenHostname}:${listener.port}`;
  // Every test service of a process has the same routes: one document (and compiled validators) per process.
  sharedContract ??= new OpenApiContract(openApiDocument(service.app));
  const contract = sharedContract;

  const checkContract = async (method: string, path: string, response: Response, options: RequestOptions) => {
    if (options.skipContractCheck || method === 'HEAD') return;
    const problems = contract.check(method, new URL(path, 'http://x').pathname, response, await response.clone().text());
    if (problems.length > 0) {
      throw new AssertionError({ message: `The response contradicts the OpenAPI document:\n${problems.join('\n')}` });
    }
  };
  const prepare = (options: RequestOptions): { headers: Headers; body: BodyInit | undefined } => {
    const headers = new Headers(options.headers);
    if (options.key !== undefined) headers.set('Authorization', `Bearer ${options.key}`);
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    return { headers, body };
  };

  return {
    ...service,
    baseUrl,
    port: listener.port,
    async close() {
      try {
        await listener.close();
        await service.close();
      } finally {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async request(method, path, options = {}) {
      const { headers, body } = prepare(options);
      const response =
        options.remoteAddress === undefined
          ? await fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal, redirect: 'manual' })
          : await requestFrom(options.remoteAddress, listener.port, method, path, headers, body, options.signal);
      await checkContract(method, path, response, options);
      return response;
    },
    async handle(method, path, options = {}) {
      const { headers, body } = prepare(options);
      const request = new Request(`http://apsis.test${path}`, { method, headers, body, signal: options.signal });
      const response = await service.app.fetch(request, { remoteAddress: options.remoteAddress ?? '127.0.0.1' });
      await checkContract(method, path, response, options);
      return response;
    },
    key: (options = {}) => mintKey(service.db, options),
  };
}

/** Creates (or reuses) an organization and its owner, and a fresh key for them; returns the secret once. */
export async function mintKey(db: Db, options: KeyOptions = {}): Promise<{ secret: string; id: string; organizationId: string }> {
  const org = await ensureOrganization(db, options.organization ?? 'org-a');
  const owner = await ensureOwner(db, org.id, options.owner ?? `ops@${org.name}.example`);
  const { key, secret } = await createApiKey(db, {
    organizationId: org.id,
    ownerId: owner.id,
    permissions: [...(options.permissions ?? PERMISSIONS)],
    environments: options.environments ?? [OPERATIONS_ENVIRONMENT],
    ipAllowlist: options.ipAllowlist ?? [],
    expiresAt: options.expiresAt ?? null,
  });
  return { secret, id: key.id, organizationId: org.id };
}

/**
 * A request over the socket from a chosen loopback source address (node:http, which can bind `localAddress`; fetch
 * cannot). The answer is turned into a fetch Response so tests read it the same way.
 */
async function requestFrom(
  localAddress: string,
  port: number,
  method: string,
  path: string,
  headers: Headers,
  body: BodyInit | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const v6 = localAddress.includes(':');
  if (!(v6 ? localAddress === '::1' : localAddress.startsWith('127.'))) {
    throw new Error(`remoteAddress ${localAddress} cannot be bound on this machine: only 127.x.y.z or ::1 (use handle() for a unit test)`);
  }
  const encoded = body === undefined ? undefined : new Response(body);
  const payload = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  const outgoing: Record<string, string> = {};
  // A body such as FormData brings its own Content-Type (multipart, with its boundary), as fetch would send it.
  const bodyType = encoded?.headers.get('content-type');
  if (bodyType) outgoing['content-type'] = bodyType;
  headers.forEach((value, name) => (outgoing[name] = value));
  if (payload) outgoing['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: v6 ? '::1' : '127.0.0.1', port, method, path, headers: outgoing, localAddress, signal },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (Array.isArray(value)) value.forEach((v) => responseHeaders.append(name, v));
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const status = incoming.statusCode ?? 0;
          const nullBody = status === 204 || status === 304 || method === 'HEAD';
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
