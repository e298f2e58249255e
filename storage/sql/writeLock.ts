/**
 * One process-wide write lock, handed out in FIFO order: this instance's writes wait here, asynchronously, for each
 * other, and reach the database one at a time. Reads never take it.
 *  - Embedded (storage/sql/embeddedDb.ts): the libSQL driver is synchronous: a write that finds the database locked by
 *    another connection of the SAME process would block the event loop for the whole busy timeout, and the
 *    transaction holding the lock could never run to commit. The busy timeout is left for other processes (several
 *    instances on one file).
 *  - Remote (storage/sql/remoteDb.ts): sqld serialises writers itself, but a writer waiting for its write lock spins on
 *    a thread of its own, and a request the client stopped waiting for stays queued on the server. Under load, an
 *    instance's many writers (job claims, lease renewals, audit flushes, a staging upload, each retried on busy)
 *    piled up there by the hundred and starved the transaction holding the lock of CPU, and every write stalled for
 *    minutes (two cores, three instances, a 20 MB upload: test/api/sqld-faults.test.ts). One writer per instance
 *    keeps the server's queue as long as the number of instances.
 */
export class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  async acquire(timeoutMs: number): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Still queued: pass our turn on as soon as it comes, then report.
        void previous.then(release);
        reject(new Error(`database write lock not acquired within ${timeoutMs} ms (a write nested inside a transaction?)`));
      }, timeoutMs);
    });
    try {
      await Promise.race([previous, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    return release;
  }
}

/** How long a write waits for this process's earlier writes before it is reported as stuck. */
export const WRITE_LOCK_TIMEOUT_MS = 30_000;
