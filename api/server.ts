/**
 * Node entry point: `npm start`. Serves on PORT; SIGTERM/SIGINT stop accepting, drain, close pool and DB; SIGHUP
 * re-reads the Earth-data directory (new EOP, leap-second, space-weather files) without dropping requests.
 */
import { loadConfig } from './config.ts';
import { logError, logInfo } from './log.ts';
import { listenNode } from './runtime/nodeServer.ts';
import { reloadEarthDataOnSignal } from './services/earthData.ts';
import { startService } from './service.ts';
import { startEventLoopProbe } from './runtime/eventLoopProbe.ts';
import { metricsFetch } from './runtime/metricsServer.ts';
import { startTailTrace, tailTimeline, traceClock, traceWork } from './runtime/tailTrace.ts';
import { loopSlice } from '../storage/sql/eventLoopSlice.ts';
import { writeFileSync } from 'node:fs';

const config = loadConfig();
// Benchmarks only (bench/lib/server.ts): the event-loop probe, reported on SIGUSR2.
if (process.env.APSIS_EVENT_LOOP_PROBE === '1') startEventLoopProbe();
// Benchmarks only (bench/lib/server.ts, BENCH_TRACE_TAIL=1): the event loop's timeline, written to that file at exit.
const tailTraceFile = process.env.APSIS_TRACE_TAIL;
if (tailTraceFile) {
  startTailTrace();
  loopSlice.observeWaits((waitedMs, queued) => traceWork('slice wait', traceClock() - waitedMs * 1000, { queued }));
  process.once('exit', () => writeFileSync(tailTraceFile, JSON.stringify(tailTimeline())));
}
const service = await startService(config);
const listener = await listenNode(service.app.fetch, { port: config.port, headersTimeoutMs: config.headersTimeoutMs, bodyIdleTimeoutMs: config.bodyIdleTimeoutMs });
logInfo('apsis listening', { port: listener.port, database: config.databaseUrl.startsWith('file:') ? config.databaseUrl : 'remote', workers: config.workers });
// Machine-readable line for scripts and tests that start us on PORT=0.
console.log(`APSIS_LISTENING port=${listener.port}`);
const metricsListener = config.metricsPort === null
  ? null
  : await listenNode(metricsFetch(service.metrics), { port: config.metricsPort, hostname: config.metricsHost });
if (metricsListener) {
  logInfo('metrics listening', { host: config.metricsHost, port: metricsListener.port });
  console.log(`APSIS_METRICS_LISTENING port=${metricsListener.port}`);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logInfo('shutting down', { signal });
  // Stops accepting and resolves once in-flight requests have completed.
  await listener.close();
  await metricsListener?.close();
  try {
    await service.close();
  } catch (error) {
    logError('error during shutdown', { error: String(error) });
  }
  process.exit(0);
}
process.on('SIGHUP', () => reloadEarthDataOnSignal(service.earthData));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
