// Background WAL checkpoints for an embedded database (storage/checkpointer.ts): its own connection, a PASSIVE
// checkpoint every `intervalMs` (copies what it can, never waits for readers or writers). Plain JavaScript so that it
// starts the same way on Node and on Deno, without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

const db = new Database(workerData.path, { timeout: 0 });
const checkpoint = () => {
  try {
    db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
  } catch {
    // Busy (another checkpoint) or closing: the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage('stopped');
});
parentPort.postMessage('ready');
