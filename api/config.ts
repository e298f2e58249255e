/** Runtime configuration from the environment (README → Configuration). */
import { availableParallelism } from 'node:os';
import { parseCidr } from './net/cidr.ts';

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  bootstrapApiKey: string | undefined;
  workers: number;
  eopFile: string | undefined;
  maxUploadBytes: number;
  trustProxy: boolean;
  /** CIDRs of our own reverse proxies (TRUSTED_PROXIES); see api/net/clientAddress.ts. */
  trustedProxies: string[];
  /** How long an API-key lookup is reused (ms); revocation takes effect within this bound. 0 disables the cache. */
  apiKeyCacheTtlMs: number;
  /** Failed authentications from one address within `authFailureWindowSeconds` before it is answered 429. */
  authFailureLimit: number;
  authFailureWindowSeconds: number;
  /** Audit rows are written in batches at least this often (ms). */
  auditFlushMs: number;
  /** Per-task-kind time budgets (ms) overriding the defaults of workers/budgets.ts (TASK_TIME_BUDGETS). */
  taskTimeBudgetsMs: Record<string, number>;
}

const MIB = 1024 * 1024;

function positiveInteger(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be ${allowZero ? 'a non-negative' : 'a positive'} integer, got "${text}"`);
  }
  return value;
}

/** `TRUSTED_PROXIES`: comma-separated IPv4/IPv6 CIDRs or addresses; an invalid entry stops start-up. */
function cidrList(name: string, text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) if (!parseCidr(entry)) throw new Error(`${name}: "${entry}" is not an IP address or CIDR range`);
  return entries;
}

/** `TASK_TIME_BUDGETS`: `task=ms` pairs, comma-separated, e.g. `ephemeris.generateOem=60000,tle.generate=20000`. */
function budgetList(name: string, text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (text === undefined || text.trim() === '') return out;
  for (const pair of text.split(',')) {
    const [task, ms] = pair.split('=').map((part) => part.trim());
    if (!task || ms === undefined) throw new Error(`${name}: "${pair}" is not of the form task=milliseconds`);
    out[task] = positiveInteger(`${name} (${task})`, ms, 0);
  }
  return out;
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
    trustedProxies: cidrList('TRUSTED_PROXIES', env.TRUSTED_PROXIES),
    apiKeyCacheTtlMs: positiveInteger('API_KEY_CACHE_TTL_MS', env.API_KEY_CACHE_TTL_MS, 5000, true),
    authFailureLimit: positiveInteger('AUTH_FAILURE_LIMIT', env.AUTH_FAILURE_LIMIT, 20),
    authFailureWindowSeconds: positiveInteger('AUTH_FAILURE_WINDOW_SECONDS', env.AUTH_FAILURE_WINDOW_SECONDS, 60),
    auditFlushMs: positiveInteger('AUDIT_FLUSH_MS', env.AUDIT_FLUSH_MS, 100),
    taskTimeBudgetsMs: budgetList('TASK_TIME_BUDGETS', env.TASK_TIME_BUDGETS),
  };
}
