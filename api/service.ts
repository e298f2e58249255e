/**
 * Service assembly shared by the Node and Deno entry points and by tests: open the database,
 * migrate, apply BOOTSTRAP_API_KEY, start the compute pool, build the app.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createApiKey, findApiKeyBySecret } from '../storage/apiKeys.ts';
import { inTransaction, openDatabase, type Db } from '../storage/sql/db.ts';
import { migrate } from '../storage/sql/migrations.ts';
import { RemoteDb } from '../storage/sql/remoteDb.ts';
import { isEmbeddedUrl } from '../storage/sql/dbUrl.ts';
import { ServiceMetrics } from './metrics.ts';
import { randomUUID } from 'node:crypto';
import { ensureOrganization } from '../storage/organizations.ts';
import { ensureOwner } from '../storage/owners.ts';
import { createPool } from '../workers/pool.ts';
import type { ComputePool } from '../workers/poolTypes.ts';
import { createApp } from './app.ts';
import { AuditLog } from './auth/auditLog.ts';
import { MeasurementJobRunner } from './jobs/measurementJobRunner.ts';
import { StagedWriteSweeper } from './jobs/stagedWriteSweeper.ts';
import { OrbitDeterminationRunner } from './jobs/orbitDeterminationRunner.ts';
import { TaskRunRunner } from './jobs/taskRunner.ts';
import { EphemerisBatchRunner } from './jobs/ephemerisBatchRunner.ts';
import { ScreeningRunner } from './jobs/screeningRunner.ts';
import { WebhookRunner } from './jobs/webhookRunner.ts';
import { AvoidancePlanRunner } from './jobs/avoidancePlanRunner.ts';
import { refreshPendingCatalogRanges } from './services/catalog.ts';
import { EarthDataStore } from './services/earthData.ts';
import type { Config } from './config.ts';
import type { AppEnv } from './context.ts';
import { OPERATIONS_ENVIRONMENT, PERMISSIONS } from './permissions.ts';

export interface Service {
  app: OpenAPIHono<AppEnv>;
  db: Db;
  pool: ComputePool;
  config: Config;
  jobRunner: MeasurementJobRunner;
  audit: AuditLog;
  odRunner: OrbitDeterminationRunner;
  taskRunner: TaskRunRunner;
  batchRunner: EphemerisBatchRunner;
  screeningRunner: ScreeningRunner;
  webhookRunner: WebhookRunner;
  avoidanceRunner: AvoidancePlanRunner;
  earthData: EarthDataStore;
  metrics: ServiceMetrics;
  close(): Promise<void>;
}

export const BOOTSTRAP_ORGANIZATION = 'default';
export const BOOTSTRAP_OWNER_EMAIL = 'bootstrap@apsis.local';

/** Idempotently creates org `default`, an owner and a key with this secret holding every permission. */
export async function applyBootstrapKey(db: Db, secret: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (await findApiKeyBySecret(tx, secret)) return;
    const org = await ensureOrganization(tx, BOOTSTRAP_ORGANIZATION);
    const owner = await ensureOwner(tx, org.id, BOOTSTRAP_OWNER_EMAIL);
    await createApiKey(tx, {
      organizationId: org.id,
      ownerId: owner.id,
      permissions: [...PERMISSIONS],
      environments: [OPERATIONS_ENVIRONMENT],
      ipAllowlist: [],
      expiresAt: null,
      secret,
    });
  });
}

export async function openStorage(config: Config, metrics?: ServiceMetrics): Promise<Db> {
  const db = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken, onStatement: metrics?.observeStatement });
  await migrate(db);
  if (config.databaseReplica) {
    if (!(db instanceof RemoteDb)) throw new Error('DATABASE_REPLICA=true needs a libSQL server URL (ws://, http(s)://, libsql://), not an embedded file');
    // reads wait for this instance's own writes to reach the replica (storage/sql/remoteDb.ts)
    await db.startReadYourWrites(randomUUID());
  }
  if (config.bootstrapApiKey) await applyBootstrapKey(db, config.bootstrapApiKey);
  return db;
}

export async function startService(config: Config): Promise<Service> {
  const metrics = new ServiceMetrics(isEmbeddedUrl(config.databaseUrl) ? 'embedded' : 'remote');
  const db = await openStorage(config, metrics);
  // The object list's ranges an upload published and did not refresh (its process was killed in between): refreshed
  // before this instance serves, so the list shows every published object at once after a restart.
  await refreshPendingCatalogRanges(db);
  const pool = await createPool({ size: config.workers, budgetsMs: config.taskTimeBudgetsMs });
  const earthData = new EarthDataStore(pool, { dataDir: config.dataDir, checkIntervalS: config.dataCheckIntervalS, maxAgeDays: config.dataMaxAgeDays, eopFile: config.eopFile });
  try {
    await earthData.start();
  } catch (error) {
    await pool.close();
    await db.close();
    throw error;
  }
  // every lease this instance takes names it: `<queue>@<instance>` (a screening chunk's ranBy is the instance itself)
  const leased = (queue: string) => ({ leaseMs: config.jobLeaseMs, owner: `${queue}@${config.instanceName}` });
  const jobRunner = new MeasurementJobRunner(db, pool, leased('uploads'));
  const odRunner = new OrbitDeterminationRunner(db, earthData, leased('od'));
  const taskRunner = new TaskRunRunner({ db, pool, config, earthData, odRunner }, leased('tasks'));
  const batchRunner = new EphemerisBatchRunner({ db, pool, earthData }, leased('batches'));
  const screeningRunner = new ScreeningRunner({ db, pool, earthData }, { leaseMs: config.jobLeaseMs, pollMs: config.screeningPollMs, owner: config.instanceName });
  const webhookRunner = new WebhookRunner(
    db,
    { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs, retryBaseMs: config.webhookRetryBaseMs, disableAfter: config.webhookDisableAfter },
    { leaseMs: config.jobLeaseMs, pollMs: config.webhookPollMs, owner: `webhooks@${config.instanceName}` },
    (outcome) => metrics.webhookDeliveries.inc({ outcome }),
  );
  const avoidanceRunner = new AvoidancePlanRunner(db, earthData, leased('avoidance'));
  const audit = new AuditLog(db, { flushMs: config.auditFlushMs });
  metrics.attach({ db, pool });
  const app = createApp({ db, pool, config, audit, earthData, metrics, jobRunner, odRunner, taskRunner, batchRunner, screeningRunner, webhookRunner, avoidanceRunner });
  // Picks up jobs queued before this start, including ones a killed process left RUNNING.
  jobRunner.start();
  odRunner.start();
  taskRunner.start();
  batchRunner.start();
  screeningRunner.start();
  webhookRunner.start();
  avoidanceRunner.start();
  const sweeper = new StagedWriteSweeper(db, undefined, config.changeRetentionDays * 86_400_000);
  sweeper.start();
  return {
    app,
    db,
    pool,
    config,
    jobRunner,
    audit,
    odRunner,
    taskRunner,
    batchRunner,
    screeningRunner,
    webhookRunner,
    avoidanceRunner,
    earthData,
    metrics,
    async close() {
      earthData.stop();
      await Promise.all([jobRunner.stop(), odRunner.stop(), taskRunner.stop(), batchRunner.stop(), screeningRunner.stop(), webhookRunner.stop(), avoidanceRunner.stop()]);
      await sweeper.stop();
      // After the HTTP server has stopped (the entry points close it first): every answered request's audit row.
      await audit.close();
      await pool.close();
      await db.close();
    },
  };
}
