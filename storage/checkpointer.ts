/**
 * WAL checkpoints off the event loop. SQLite checkpoints automatically in whichever connection commits once the WAL
 * passes 1,000 pages, and that connection is on the event loop: during a bulk write, chunk commits regularly had to
 * copy the WAL into the database file and fsync it (measured: event-loop self-block p99 16–23 ms with, 6–9 ms
 * without). So the process's own connections run with `wal_autocheckpoint = 0` and a worker thread with a connection
 * of its own runs a PASSIVE checkpoint every 200 ms (storage/checkpointWorker.mjs). When that thread cannot start,
 * the automatic checkpoints stay on.
 */
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_INTERVAL_MS = 200;

export class Checkpointer {
  private constructor(private readonly worker: Worker) {}

  /** Starts the checkpoint thread for the database file at `path`; null when it could not start. */
  static async start(path: string, intervalMs = CHECKPOINT_INTERVAL_MS): Promise<Checkpointer | null> {
    try {
      const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), { workerData: { path, intervalMs } });
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(String(message)))));
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`checkpoint thread exited with code ${code}`)));
      });
      worker.unref();
      return new Checkpointer(worker);
    } catch {
      return null;
    }
  }

  /** Stops the thread after a last checkpoint. */
  async stop(): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => resolve());
    });
    this.worker.postMessage('stop');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await this.worker.terminate();
  }
}
