/**
 * Run it like a service, over the socket on `npm start` and `deno task start`: GET /metrics in the
 * Prometheus text format — read back by Prometheus's own parser (client_python's, test/helpers/prometheus.ts) and
 * checked family by family — for a key holding read:metrics only (403 otherwise, 401 without a key), and without a
 * key on METRICS_PORT; /livez and /readyz for a load balancer, /readyz failing with the check that failed when the
 * database is gone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PERMISSIONS } from '../../api/permissions.ts';
import { RUNTIMES, startWireService, type WireService } from '../helpers/serverProcess.ts';
import { parsePrometheusText, prometheusParserSkipReason } from '../helpers/prometheus.ts';

const parserSkip = prometheusParserSkipReason();

/** The samples of a scrape by Prometheus's parser, and the type of each family. */
function parseExposition(text: string) {
  const families = parsePrometheusText(text);
  return { types: new Map(families.map((f) => [f.name, f.type])), samples: families.flatMap((f) => f.samples) };
}

for (const runtime of RUNTIMES) {
  describe(`metrics, liveness and readiness (${runtime})`, { timeout: 300_000, skip: parserSkip ?? false }, () => {
    let svc: WireService;
    let key: string;
    let scraper: string;
    let metricsPort: number;
    before(async () => {
      svc = await startWireService(runtime, { METRICS_PORT: '0' });
      key = (await svc.key({ organization: 'metrics' })).secret;
      scraper = (await svc.key({ organization: 'metrics', permissions: ['read:metrics'] })).secret;
      metricsPort = Number(/APSIS_METRICS_LISTENING port=(\d+)/.exec(svc.server.output())?.[1]);
      assert.ok(metricsPort > 0, svc.server.output().slice(-500));
    });
    after(async () => svc?.close());

    test('GET /metrics: the text format, requests by route template and status, latency, pool, jobs, database, event loop', async () => {
      const craft = await (await svc.request('POST', '/operations/spacecraft', { key, json: { name: 'METRICS-1' } })).json();
      for (let i = 0; i < 3; i++) assert.equal((await svc.request('GET', `/operations/spacecraft/${craft.id}`, { key })).status, 200);
      assert.equal((await svc.request('GET', '/operations/spacecraft/no-such-id', { key })).status, 404);
      const response = await svc.request('GET', '/metrics', { key: scraper });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const { types, samples } = parseExposition(await response.text());
      const find = (name: string, labels: Record<string, string> = {}) =>
        samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
      // client_python names a counter's family without its _total suffix
      assert.equal(types.get('apsis_http_requests'), 'counter');
      assert.equal(types.get('apsis_http_request_duration_seconds'), 'histogram');
      const got = find('apsis_http_requests_total', { method: 'GET', route: '/operations/spacecraft/:id', status: '200' });
      assert.equal(got[0]?.value, 3, 'three GETs of one spacecraft, under the route template (not its id)');
      assert.equal(find('apsis_http_requests_total', { route: '/operations/spacecraft/:id', status: '404' })[0]?.value, 1);
      assert.equal(find('apsis_http_request_duration_seconds_count', { route: '/operations/spacecraft/:id', status: '200' })[0]?.value, 3);
      assert.ok(!samples.some((s) => s.labels.route?.includes(craft.id)), 'no label value per id');
      assert.ok((find('apsis_pool_workers')[0]?.value ?? 0) >= 1);
      assert.ok(find('apsis_pool_queued_tasks').length === 1 && find('apsis_pool_running_tasks').length === 1);
      assert.equal(types.get('apsis_jobs'), 'gauge');
      assert.ok(find('apsis_db_statement_duration_seconds_count', { kind: 'read' })[0]!.value > 0);
      assert.ok(find('apsis_db_statement_duration_seconds_count', { kind: 'write' })[0]!.value > 0);
      assert.ok(find('nodejs_eventloop_lag_p99_seconds').length === 1, 'the event-loop delay');
      assert.equal(types.get('apsis_lease_takeovers'), 'counter');
      assert.equal(types.get('apsis_webhook_deliveries'), 'counter');
    });

    test('GET /metrics needs read:metrics (401 without a key, 403 without the permission); METRICS_PORT serves it without one', async () => {
      assert.equal((await svc.request('GET', '/metrics', {})).status, 401);
      const other = (await svc.key({ organization: 'metrics', permissions: PERMISSIONS.filter((p) => p !== 'read:metrics') })).secret;
      assert.equal((await svc.request('GET', '/metrics', { key: other })).status, 403);
      const open = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(open.status, 200);
      assert.ok(parseExposition(await open.text()).samples.some((s) => s.name === 'apsis_http_requests_total'));
      assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/operations/spacecraft`)).status, 404, 'that port serves the metrics only');
    });

    test('GET /livez and /readyz without a key: alive and ready, every check named', async () => {
      const live = await svc.request('GET', '/livez', {});
      assert.deepEqual([live.status, await live.json()], [200, { status: 'UP' }]);
      const ready = await svc.request('GET', '/readyz', {});
      const body = await ready.json();
      assert.equal(ready.status, 200, JSON.stringify(body));
      assert.deepEqual(body, { status: 'READY', checks: { migrations: { ok: true }, database: { ok: true }, pool: { ok: true }, earthData: { ok: true } } });
    });
  });
}
