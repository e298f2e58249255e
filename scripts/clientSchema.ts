/**
 * The TypeScript types of the generated client (clients/typescript/schema.d.ts): openapi-typescript with its DEFAULT
 * settings over the service's own OpenAPI document (GET /openapi.json). `npm run client:generate` writes them; the
 * test test/api/clientSchema.test.ts regenerates them in memory and fails when the committed file differs, so the
 * client cannot drift from the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { loadConfig } from '../api/config.ts';
import { startService } from '../api/service.ts';

export const CLIENT_SCHEMA_PATH = 'clients/typescript/schema.d.ts';

const HEADER =
  '/**\n' +
  ' * Types of the Apsis Operations API, generated from GET /openapi.json by openapi-typescript (default settings).\n' +
  ' * Do not edit: run `npm run client:generate`. A test fails when this file and the API differ.\n' +
  ' */\n\n';

/** The text of schema.d.ts for `document` (deterministic: same document, same text). */
export async function clientSchemaSource(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as OpenAPI3);
  return HEADER + astToString(ast);
}

/**
 * The document as the service serves it: a throwaway service (empty database in a temporary directory, one worker,
 * no Earth-data checks) answers GET /openapi.json in-process.
 */
export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-client-'));
  const service = await startService({
    ...loadConfig({}),
    databaseUrl: `file:${join(dir, 'apsis.db')}`,
    workers: 1,
    port: 0,
    dataDir: join(dir, 'earth-data'),
    dataCheckIntervalS: 0,
    dataMaxAgeDays: 36500,
  });
  try {
    const response = await service.app.request('/openapi.json');
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
