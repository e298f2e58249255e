/**
 * WAL checkpoints, and the WAL's restarts, off the event loop. SQLite checkpoints automatically in whichever connection commits once the WAL
 * passes 1,000 pages, and that connection is on the event loop: during a bulk write, chunk commits regularly had to
 * copy the WAL into the database file and fsync it (measured: event-loop self-block p99 16–23 ms with, 6–9 ms
 * without). So the process's own connections run with `wal_autocheckpoint = 0` and a worker thread with a connection
 * of its own runs a PASSIVE checkpoint every 200 ms (storage/sql/checkpointWorker.mjs). When that thread cannot start,
 * the automatic checkpoints stay on.
 *
 * The thread also keeps the writers of the event loop from restarting the WAL, which costs them an fsync of its new
 * header (5–20 ms), and restarts it itself with the process's write lock held (`useWriteLock`; the header comment of
 * checkpointWorker.mjs says how and why).
 */
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_INTERVAL_MS = 200;
/** The thread restarts the WAL once it holds this many frames (4 KiB pages: 16 MiB). */
export const WAL_RESTART_FRAMES = 4096;
/** Past this many frames it stops holding its snapshot (another instance's may block every restart): 256 MiB. */
export const WAL_MAX_HELD_FRAMES = 65_536;
/** How long the thread may hold the process's write lock before the lock is taken back. */
const LOCK_HOLD_LIMIT_MS = 10_000;

export class Checkpointer {
  private constructor(private readonly worker: Worker) {}

  /** Starts the checkpoint thread for the database file at `path`; null when it could not start. */
  static async start(path: string, intervalMs = CHECKPOINT_INTERVAL_MS, restartFrames = WAL_RESTART_FRAMES): Promise<Checkpointer | null> {
    try {
      const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), {
        workerData: { path, intervalMs, restartFrames, maxFrames: Math.max(WAL_MAX_HELD_FRAMES, restartFrames * 2) },
      });
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

  /**
   * Lets the thread take the process's write lock (storage/sql/db.ts hands in its lock): it asks, the lock is acquired
   * without blocking the event loop, the thread restarts the WAL and gives it back (or after LOCK_HOLD_LIMIT_MS).
   */
  useWriteLock(acquire: (timeoutMs: number) => Promise<() => void>): void {
    let release: (() => void) | null = null;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const giveBack = () => {
      clearTimeout(limit);
      const r = release;
      release = null;
      r?.();
    };
    this.worker.on('message', (message: unknown) => {
      const type = (message as { type?: string } | null)?.type;
      if (type === 'unlock') return giveBack();
      if (type !== 'lock') return;
      acquire(LOCK_HOLD_LIMIT_MS).then(
        (r) => {
          release = r;
          limit = setTimeout(giveBack, LOCK_HOLD_LIMIT_MS);
          limit.unref?.();
          this.worker.postMessage({ type: 'locked' });
        },
        () => this.worker.postMessage({ type: 'denied' }),
      );
    });
  }

  /** Stops the thread after a last checkpoint. */
  async stop(): Promise<void> {
    // only 'stopped' ends the wait: the thread's lock requests are messages too
    const stopped = new Promise<void>((resolve) => {
      this.worker.on('message', (message: unknown) => {
        if (message === 'stopped') resolve();
      });
      this.worker.once('exit', () => resolve());
    });
    this.worker.postMessage('stop');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await this.worker.terminate();
  }
}
