/** Deno entry point: `deno task start`. The same app, served by Deno.serve through api/runtime/denoServer.ts. */
import { loadConfig } from './config.ts';
import { logInfo } from './log.ts';
import { denoHandler } from './runtime/denoServer.ts';
import { metricsFetch } from './runtime/metricsServer.ts';
import { reloadEarthDataOnSignal } from './services/earthData.ts';
import { startService } from './service.ts';

declare const Deno: {
  serve(
    options: { port: number; hostname?: string; onListen?: (addr: { port: number }) => void; signal?: AbortSignal },
    handler: (request: Request, info: unknown) => Response | Promise<Response>,
  ): { finished: Promise<void> };
  addSignalListener(signal: string, handler: () => void): void;
  exit(code: number): never;
};

const config = loadConfig();
const service = await startService(config);
const abort = new AbortController();
const server = Deno.serve(
  {
    port: config.port,
    signal: abort.signal,
    onListen: ({ port }) => {
      logInfo('apsis listening (deno)', { port, workers: config.workers });
      console.log(`APSIS_LISTENING port=${port}`);
    },
  },
  denoHandler((request, info) => service.app.fetch(request, info), { bodyIdleTimeoutMs: config.bodyIdleTimeoutMs }),
);

const metricsServer = config.metricsPort === null
  ? null
  : Deno.serve(
    {
      port: config.metricsPort,
      hostname: config.metricsHost,
      signal: abort.signal,
      onListen: ({ port }) => {
        logInfo('metrics listening (deno)', { host: config.metricsHost, port });
        console.log(`APSIS_METRICS_LISTENING port=${port}`);
      },
    },
    metricsFetch(service.metrics),
  );

async function shutdown(): Promise<void> {
  abort.abort();
  await server.finished;
  await metricsServer?.finished;
  await service.close();
  Deno.exit(0);
}
Deno.addSignalListener('SIGHUP', () => reloadEarthDataOnSignal(service.earthData));
Deno.addSignalListener('SIGTERM', () => void shutdown());
Deno.addSignalListener('SIGINT', () => void shutdown());
