import type { ServiceMetrics } from './metrics.ts';
/** What the app needs from outside, and what middleware puts on the request context. */
import type { Db } from '../storage/sql/db.ts';
import type { AuditLog } from './auth/auditLog.ts';
import type { ComputePool } from '../workers/poolTypes.ts';
import type { EarthDataStore } from './services/earthData.ts';
import type { Config } from './config.ts';
import type { Permission } from './permissions.ts';

export interface AppDeps {
  db: Db;
  /** This instance's metrics (api/metrics.ts). */
  metrics: ServiceMetrics;
  pool: ComputePool;
  config: Config;
  /** Batched writer of the API-key usage and failed-authentication audit rows. */
  audit: AuditLog;
  /** The current Earth data (EOP, leap seconds, space weather) and the one way tasks get it (`earthData.run`). */
  earthData: EarthDataStore;
  /** Background runner of tracking-upload jobs; uploads wake it, job reads show its in-process progress. */
  jobRunner?: { wake(): void; progressOf?(jobId: string): number | undefined; forget?(jobId: string): void };
  /** Background runner of orbit-determination jobs; new jobs wake it. */
  odRunner?: { wake(): void };
  /** Background runner of scheduled task runs; task writes wake it. */
  taskRunner?: { wake(): void };
  /** Background runner of batch OEM jobs; a new batch wakes it. */
  batchRunner?: { wake(): void };
  /** Runner of screening chunks; a new screening wakes it. */
  screeningRunner?: { wake(): void };
  /** Runner of the webhook outbox; a test event wakes it (other instances' deliveries are found by its poll). */
  webhookRunner?: { wake(): void };
  /** Background runner of avoidance plans; a new plan wakes it. */
  avoidanceRunner?: { wake(): void };
}

/** The authenticated caller. The organization comes from the key only, never from a request field. */
export interface Caller {
  apiKeyId: string;
  organizationId: string;
  ownerId: string;
  permissions: ReadonlySet<Permission | string>;
}

export type AppEnv = {
  Variables: {
    correlationId: string;
    caller: Caller;
    deps: AppDeps;
  };
};
