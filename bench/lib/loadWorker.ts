/**
 * The thread of `startLoadInThread` (bench/lib/load.ts): runs `runLoad` with the options it is given until the
 * parent posts 'stop', then posts the result back. Latencies are measured here, on an event loop of their own, so
 * what the benchmark's main thread does meanwhile (sending a 13 MiB upload, reading its answer) is not counted.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runLoad, type ThreadLoadOptions } from './load.ts';

const options = workerData as ThreadLoadOptions;
let running = true;
parentPort!.on('message', (message) => {
  if (message === 'stop') running = false;
});
parentPort!.postMessage({ type: 'ready' });
const result = await runLoad({
  baseUrl: options.baseUrl,
  path: (i) => options.paths[i % options.paths.length]!,
  headers: options.headers,
  connections: options.connections,
  durationMs: options.durationMs,
  pauseMs: options.pauseMs,
  keepGoing: () => running,
});
parentPort!.postMessage({ type: 'result', latencies: result.latencies, errors: result.errors, seconds: result.seconds, statuses: [...result.statuses] });
