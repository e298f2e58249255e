/** Runtime configuration from the environment (README → Configuration). */
import { randomUUID } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { parseCidr } from './net/cidr.ts';
import { TRUST_PROXY_WITHOUT_PROXIES } from './net/clientAddress.ts';
import { BODY_IDLE_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from './runtime/timeouts.ts';
import { resolve } from 'node:path';
import { resolveDataDirectory } from '../earthData/files.ts';

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** DATABASE_URL is a libSQL read replica (sqld --primary-grpc-url): this instance reads its own writes through it (storage/sql/remoteDb.ts). */
  databaseReplica: boolean;
  /** A port of its own for GET /metrics without a key (null: only /metrics with read:metrics on PORT); 0 picks one. */
  metricsPort: number | null;
  /** The address the metrics port listens on. */
  metricsHost: string;
  bootstrapApiKey: string | undefined;
  workers: number;
  /** Earth-data directory (absolute): `eop/`, `leap-seconds/`, `space-weather/` below it. */
  dataDir: string;
  /** Seconds between checks of the data directory for new files (0 = only at start and on SIGHUP). */
  dataCheckIntervalS: number;
  /** Earth data whose observations are older than this at start are logged as a warning. */
  dataMaxAgeDays: number;
  /** EOP_FILE (absolute): an explicit EOP file that wins over the data directory's eop/ files. */
  eopFile: string | undefined;
  /** Where `data update` downloads each kind from. */
  dataUrls: { eop: string; leapSeconds: string; spaceWeather: string };
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
  /** A request's header block must arrive within this (ms) of its first byte (Node; README → Connections). */
  headersTimeoutMs: number;
  /** A request body may pause at most this long (ms) between bytes before the request is answered 408 (Node). */
  bodyIdleTimeoutMs: number;
  /** Lease of a background job (upload, orbit determination): how long after a killed process its job is taken over. */
  jobLeaseMs: number;
  /** How often an idle instance looks for screening chunks other instances queued (their creation wakes only their own). */
  screeningPollMs: number;
  /**
   * This instance's name in every lease it takes (`<queue>@<name>`) and in a screening chunk's `ranBy` (INSTANCE_NAME;
   * default host, process id and a random suffix): which instance holds or ran a job, for an operator reading the
   * database or the logs. Instances sharing a database need distinct names.
   */
  instanceName: string;
  /** Browser origins allowed to call the API (CORS_ORIGINS): `'*'` (any, never with credentials) or exact origins; empty: CORS off. */
  corsOrigins: '*' | string[];
  /** Webhook targets on loopback, private, link-local, … addresses are allowed (api/net/webhookTarget.ts); an administrator's choice. */
  webhookAllowPrivate: boolean;
  /** One delivery attempt's whole exchange (connect, send, answer) must end within this (ms). */
  webhookTimeoutMs: number;
  /** The first retry's nominal wait (ms); doubled per failed attempt, with jitter (domain/changes/delivery.ts). */
  webhookRetryBaseMs: number;
  /** A subscription is disabled after this many failed attempts in a row. */
  webhookDisableAfter: number;
  /** How often an idle instance looks for deliveries other instances queued (ms). */
  webhookPollMs: number;
  /** Changes older than this are removed from the change log; a feed token older than that is answered 410. */
  changeRetentionDays: number;
}

const MIB = 1024 * 1024;

/** INSTANCE_NAME: 1–64 of `A–Z a–z 0–9 . _ -` (it goes into leases, logs and API fields); absent: host-pid-random. */
function instanceName(text: string | undefined): string {
  const name = text?.trim();
  if (!name) return `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) throw new Error(`INSTANCE_NAME must be 1–64 characters of A–Z, a–z, 0–9, '.', '_' or '-' (got ${JSON.stringify(name.slice(0, 80))})`);
  return name;
}

/** `true` or `false` (any case; absent: false); anything else stops the start naming the variable. */
function booleanSetting(name: string, text: string | undefined): boolean {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false, not "${text}"`);
}

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

/**
 * `CORS_ORIGINS`: `*`, or comma-separated origins exactly as browsers send them in `Origin` (`scheme://host[:port]`, no
 * path, no trailing slash; the default port left out). Anything else stops start-up, naming the entry: an origin that
 * cannot match any browser's `Origin` would silently allow nothing.
 */
function originList(name: string, text: string | undefined): '*' | string[] {
  if (text === undefined || text.trim() === '') return [];
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.includes('*')) {
    if (entries.length > 1) throw new Error(`${name}: "*" allows every origin and cannot be combined with a list`);
    return '*';
  }
  for (const entry of entries) {
    let origin: string | null = null;
    try {
      const url = new URL(entry);
      origin = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
    } catch {
      origin = null;
    }
    if (origin !== entry) {
      throw new Error(`${name}: "${entry}" is not an origin as browsers send it (scheme://host[:port], lower case, no path or trailing slash${origin ? `; did you mean "${origin}"?` : ''})`);
    }
  }
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
/** The IERS and CelesTrak publication addresses (defaults of APSIS_EOP_URL, APSIS_LEAP_SECONDS_URL, APSIS_SPACE_WEATHER_URL). */
export const DEFAULT_DATA_URLS = {
  eop: 'https://datacenter.iers.org/data/9/finals2000A.all',
  leapSeconds: 'https://hpiers.obspm.fr/iers/bul/bulc/Leap_Second.dat',
  spaceWeather: 'https://celestrak.org/SpaceData/SW-All.csv',
} as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const config: Config = {
    port: positiveInteger('PORT', env.PORT, 8080, true),
    databaseUrl: env.DATABASE_URL?.trim() || 'file:data/apsis.db',
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    databaseReplica: booleanSetting('DATABASE_REPLICA', env.DATABASE_REPLICA),
    metricsPort: env.METRICS_PORT?.trim() ? positiveInteger('METRICS_PORT', env.METRICS_PORT, 0, true) : null,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    bootstrapApiKey: env.BOOTSTRAP_API_KEY || undefined,
    workers: positiveInteger('WORKERS', env.WORKERS, availableParallelism()),
    dataDir: resolveDataDirectory(env.APSIS_DATA_DIR),
    eopFile: env.EOP_FILE?.trim() ? resolve(env.EOP_FILE.trim()) : undefined,
    dataCheckIntervalS: positiveInteger('APSIS_DATA_CHECK_INTERVAL_S', env.APSIS_DATA_CHECK_INTERVAL_S, 600, true),
    dataMaxAgeDays: positiveInteger('APSIS_DATA_MAX_AGE_DAYS', env.APSIS_DATA_MAX_AGE_DAYS, 30),
    dataUrls: {
      eop: env.APSIS_EOP_URL?.trim() || DEFAULT_DATA_URLS.eop,
      leapSeconds: env.APSIS_LEAP_SECONDS_URL?.trim() || DEFAULT_DATA_URLS.leapSeconds,
      spaceWeather: env.APSIS_SPACE_WEATHER_URL?.trim() || DEFAULT_DATA_URLS.spaceWeather,
    },
    maxUploadBytes: positiveInteger('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 50 * MIB),
    trustProxy: (env.TRUST_PROXY ?? '').toLowerCase() === 'true',
    trustedProxies: cidrList('TRUSTED_PROXIES', env.TRUSTED_PROXIES),
    apiKeyCacheTtlMs: positiveInteger('API_KEY_CACHE_TTL_MS', env.API_KEY_CACHE_TTL_MS, 5000, true),
    authFailureLimit: positiveInteger('AUTH_FAILURE_LIMIT', env.AUTH_FAILURE_LIMIT, 20),
    authFailureWindowSeconds: positiveInteger('AUTH_FAILURE_WINDOW_SECONDS', env.AUTH_FAILURE_WINDOW_SECONDS, 60),
    auditFlushMs: positiveInteger('AUDIT_FLUSH_MS', env.AUDIT_FLUSH_MS, 100),
    taskTimeBudgetsMs: budgetList('TASK_TIME_BUDGETS', env.TASK_TIME_BUDGETS),
    jobLeaseMs: positiveInteger('JOB_LEASE_MS', env.JOB_LEASE_MS, 60_000),
    screeningPollMs: positiveInteger('SCREENING_POLL_MS', env.SCREENING_POLL_MS, 1_000),
    instanceName: instanceName(env.INSTANCE_NAME),
    headersTimeoutMs: positiveInteger('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, HEADERS_TIMEOUT_MS),
    bodyIdleTimeoutMs: positiveInteger('BODY_IDLE_TIMEOUT_MS', env.BODY_IDLE_TIMEOUT_MS, BODY_IDLE_TIMEOUT_MS),
    corsOrigins: originList('CORS_ORIGINS', env.CORS_ORIGINS),
    webhookAllowPrivate: booleanSetting('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE),
    webhookTimeoutMs: positiveInteger('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000),
    webhookRetryBaseMs: positiveInteger('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 5_000),
    webhookDisableAfter: positiveInteger('WEBHOOK_DISABLE_AFTER', env.WEBHOOK_DISABLE_AFTER, 20),
    webhookPollMs: positiveInteger('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1_000),
    changeRetentionDays: positiveInteger('CHANGE_RETENTION_DAYS', env.CHANGE_RETENTION_DAYS, 30),
  };
  if (config.trustProxy && config.trustedProxies.length === 0) throw new Error(TRUST_PROXY_WITHOUT_PROXIES);
  return config;
}
