/** Runtime configuration from the environment (README → Configuration). */
import { availableParallelism } from 'node:os';

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  bootstrapApiKey: string | undefined;
  workers: number;
  eopFile: string | undefined;
  maxUploadBytes: number;
  trustProxy: boolean;
  /** Lease of a background job (upload, orbit determination): how long after a killed process its job is taken over. */
  jobLeaseMs: number;
}

const MIB = 1024 * 1024;

function positiveInteger(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be ${allowZero ? 'a non-negative' : 'a positive'} integer, got "${text}"`);
  }
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    port: positiveInteger('PORT', env.PORT, 8080, true),
    databaseUrl: env.DATABASE_URL?.trim() || 'file:data/apsis.db',
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    bootstrapApiKey: env.BOOTSTRAP_API_KEY || undefined,
    workers: positiveInteger('WORKERS', env.WORKERS, availableParallelism()),
    eopFile: env.EOP_FILE || undefined,
    maxUploadBytes: positiveInteger('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 50 * MIB),
    trustProxy: (env.TRUST_PROXY ?? '').toLowerCase() === 'true',
    jobLeaseMs: positiveInteger('JOB_LEASE_MS', env.JOB_LEASE_MS, 60_000),
  };
}
