/**
 * The service's metrics in the Prometheus text format (prom-client, a registry of this instance's own): what a
 * platform team's Prometheus scrapes from GET /metrics (permission read:metrics) or from METRICS_PORT.
 *
 *  - apsis_http_requests_total, apsis_http_request_duration_seconds: by method, route (the route's template, e.g.
 *    `/operations/spacecraft/:id`; `unmatched` for a path no route has, so the label set stays bounded) and status;
 *  - apsis_pool_workers, apsis_pool_running_tasks, apsis_pool_queued_tasks: the compute pool now;
 *  - apsis_jobs: durable jobs by kind and state (the database's counts, read at most every JOB_COUNTS_TTL_MS);
 *  - apsis_lease_takeovers_total: claims that took a job over from a runner whose lease had run out, by table;
 *  - apsis_db_statement_duration_seconds: by backend (embedded, remote) and kind (read, write);
 *  - apsis_webhook_deliveries_total: webhook delivery attempts by outcome (api/webhooks);
 *  - Node's own (prom-client's default collectors: event-loop delay nodejs_eventloop_lag_*, CPU, memory, GC, handles).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../storage/sql/db.ts';
import { jobCountsByState } from '../storage/jobCounts.ts';
import type { JobCount } from '../domain/jobs/model.ts';
import { leaseTakeovers } from '../storage/sql/leasedJobs.ts';
import type { ComputePool } from '../workers/poolTypes.ts';

/** How long a scrape reuses the job counts (six GROUP BYs over the job tables). */
export const JOB_COUNTS_TTL_MS = 5_000;

const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'apsis_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'apsis_http_request_duration_seconds',
    help: 'Time from the request to its answer (the answer\'s head; a streamed body may take longer), by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly dbStatementDuration = new Histogram({
    name: 'apsis_db_statement_duration_seconds',
    help: 'Time of a database statement (embedded: the driver\'s; remote: the round trip with its retries), by backend and kind',
    labelNames: ['backend', 'kind'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: 'apsis_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, failed, disabled)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private jobCounts: { at: number; counts: Promise<JobCount[]> } | null = null;
  private readonly takeoversSeen = new Map<string, number>();

  constructor(private readonly backend: 'embedded' | 'remote') {
    this.registry.setDefaultLabels({});
    collectDefaultMetrics({ register: this.registry });
  }

  /** What the database tells of its statements (storage/sql/db.ts DatabaseOptions.onStatement). */
  readonly observeStatement = (kind: 'read' | 'write', seconds: number): void => {
    this.dbStatementDuration.observe({ backend: this.backend, kind }, seconds);
  };

  /** The gauges read at each scrape: the pool, the jobs, the lease takeovers. */
  attach(deps: { db: Db; pool: ComputePool }): void {
    const pool = (pick: (s: ReturnType<ComputePool['stats']>) => number) => function (this: Gauge) {
      this.set(pick(deps.pool.stats()));
    };
    new Gauge({ name: 'apsis_pool_workers', help: 'Compute pool workers', registers: [this.registry], collect: pool((s) => s.size) });
    new Gauge({ name: 'apsis_pool_running_tasks', help: 'Tasks running on the compute pool', registers: [this.registry], collect: pool((s) => s.running) });
    new Gauge({ name: 'apsis_pool_queued_tasks', help: 'Tasks waiting for a worker', registers: [this.registry], collect: pool((s) => s.queueDepth) });
    const metrics = this;
    new Gauge({
      name: 'apsis_jobs',
      help: 'Durable jobs by kind and state (read from the database, shared by every instance)',
      labelNames: ['kind', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { kind, state, count } of await metrics.currentJobCounts(deps.db)) this.set({ kind, state }, count);
      },
    });
    new Counter({
      name: 'apsis_lease_takeovers_total',
      help: 'Claims of this instance that took a job over from a runner whose lease had run out, by table',
      labelNames: ['table'] as const,
      registers: [this.registry],
      collect() {
        for (const [table, count] of leaseTakeovers) {
          const delta = count - (metrics.takeoversSeen.get(table) ?? 0);
          if (delta > 0) this.inc({ table }, delta);
          metrics.takeoversSeen.set(table, count);
        }
      },
    });
  }

  private currentJobCounts(db: Db): Promise<JobCount[]> {
    const now = Date.now();
    if (!this.jobCounts || now - this.jobCounts.at > JOB_COUNTS_TTL_MS) {
      const counts = jobCountsByState(db);
      // a failed read is not kept: the next scrape asks again
      counts.catch(() => (this.jobCounts = null));
      this.jobCounts = { at: now, counts };
    }
    return this.jobCounts.counts;
  }

  /** One request answered. */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** The scrape's text, and its media type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
