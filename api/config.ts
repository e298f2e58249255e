/** Runtime configuration from the environment (README → Configuration). */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { resolveDataDirectory } from '../resources/earthData/files.ts';

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
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

/** The IERS and CelesTrak publication addresses (defaults of APSIS_EOP_URL, APSIS_LEAP_SECONDS_URL, APSIS_SPACE_WEATHER_URL). */
export const DEFAULT_DATA_URLS = {
  eop: 'https://datacenter.iers.org/data/9/finals2000A.all',
  leapSeconds: 'https://hpiers.obspm.fr/iers/bul/bulc/Leap_Second.dat',
  spaceWeather: 'https://celestrak.org/SpaceData/SW-All.csv',
} as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    port: positiveInteger('PORT', env.PORT, 8080, true),
    databaseUrl: env.DATABASE_URL?.trim() || 'file:data/apsis.db',
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
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
    jobLeaseMs: positiveInteger('JOB_LEASE_MS', env.JOB_LEASE_MS, 60_000),
  };
}
