// Background WAL checkpoints for an embedded database (storage/sql/checkpointer.ts), and the WAL's restarts. Plain
// JavaScript so that it starts the same way on Node and on Deno, without a TypeScript loader.
//
// Every `intervalMs`: a PASSIVE checkpoint on a connection of its own (copies what it can, never waits for readers or
// writers). Besides, this thread keeps a read transaction open on a second connection, refreshed at each checkpoint,
// whose snapshot lies in the WAL. Why: when a checkpoint has copied the whole WAL, the next writer restarts it from its
// beginning and, in synchronous=NORMAL, fsyncs the new WAL header first (SQLite wal.c, sqlite3WalFrames: syncHeader)
// — on the event loop, 5–20 ms on this machine's disk (strace of bench:cdm-ingest). A reader holding a WAL snapshot
// makes that writer skip the restart (walRestartLog finds a read mark taken) and append instead, without a sync. The
// WAL is restarted here instead, with the process's write lock held (asked of the main thread, which waits for it
// without blocking), by a one-page write of its own that pays the header's fsync on this thread: when the WAL has
// passed `restartFrames` frames (and once at start, so that the first snapshot held is in the WAL).
//
// Messages: to the main thread 'ready', { type: 'lock' } (it answers { type: 'locked' } once it holds the write lock,
// or { type: 'denied' }), { type: 'unlock' }, 'stopped'; from it those answers and 'stop'.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

const { path, intervalMs, restartFrames, maxFrames } = workerData;
const checkpointer = new Database(path, { timeout: 0 });
// The reader may wait a little for a read mark (the checkpoint and this process's writers take them too): a reader
// that fails to start leaves the WAL to be copied whole and restarted by the next writer.
const reader = new Database(path, { timeout: 1000 });
checkpointer.exec('PRAGMA synchronous = NORMAL');
const applicationId = checkpointer.prepare('PRAGMA application_id').get().application_id;
const checkpointStatement = checkpointer.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const readStatement = reader.prepare('SELECT 1 FROM sqlite_schema LIMIT 1');

/** { log, checkpointed } frames, or null when busy or closing. */
function checkpoint() {
  try {
    const row = checkpointStatement.get();
    return { log: Number(row.log), checkpointed: Number(row.checkpointed) };
  } catch {
    return null; // busy (another process's checkpoint) or closing: the next tick tries again
  }
}

/** Whether the reader holds a snapshot now. */
let holding = false;

function endRead() {
  holding = false;
  try {
    if (reader.inTransaction) reader.exec('COMMIT');
  } catch {
    // nothing to end
  }
}

/**
 * A read transaction on the newest snapshot (its read mark is in the WAL whenever the WAL holds uncopied frames);
 * false when it could not start.
 */
function beginRead() {
  endRead();
  try {
    reader.exec('BEGIN');
    readStatement.get();
    holding = true;
    return true;
  } catch {
    endRead();
    return false;
  }
}

let stopping = false;
let restarting = false;
let restartAskedAt = 0;
/** A request the main thread never answered is given up after this long (its writes may be stuck). */
const RESTART_ASK_TIMEOUT_MS = 10_000;

function requestRestart() {
  restarting = true;
  restartAskedAt = Date.now();
  parentPort.postMessage({ type: 'lock' });
}

/** With the process's write lock held: copy the rest, restart the WAL with a write of this thread, hold a new snapshot. */
function restartWithLock() {
  try {
    if (stopping) return;
    endRead();
    const state = checkpoint();
    if (state && state.log === state.checkpointed) {
      // rewriting the header's application id (unchanged) is a one-page write: this connection restarts the WAL
      checkpointer.exec(`PRAGMA application_id = ${applicationId}`);
    }
    beginRead();
  } catch {
    beginRead();
  } finally {
    restarting = false;
    parentPort.postMessage({ type: 'unlock' });
  }
}

function tick() {
  if (restarting && Date.now() - restartAskedAt > RESTART_ASK_TIMEOUT_MS) restarting = false;
  if (stopping || restarting) return;
  if (!started) {
    started = true;
    requestRestart();
    return;
  }
  // Never copy the WAL whole without a snapshot held: the next writer would restart it.
  if (!holding && !beginRead()) return;
  let state = checkpoint();
  if (state === null) return;
  if (state.log > state.checkpointed) {
    // frames beyond the held snapshot: hold the newest one (its mark in the WAL) and copy up to it. Without a
    // snapshot held, copying the whole WAL would let the next writer restart it: leave the rest for the next tick.
    if (!beginRead()) return;
    state = checkpoint() ?? state;
  }
  if (state.log > maxFrames) {
    // another instance's reader may keep every restart from happening: let writers restart it as SQLite does
    endRead();
  } else if (state.log >= restartFrames) {
    requestRestart();
  }
}

beginRead();
/** The first tick restarts the WAL, so the snapshot held from then on is in it. */
let started = false;
const timer = setInterval(tick, intervalMs);
parentPort.on('message', (message) => {
  if (message && message.type === 'locked') {
    restartWithLock();
    return;
  }
  if (message && message.type === 'denied') {
    restarting = false;
    return;
  }
  if (message !== 'stop') return;
  stopping = true;
  clearInterval(timer);
  endRead();
  checkpoint();
  reader.close();
  checkpointer.close();
  parentPort.postMessage('stopped');
});
parentPort.postMessage('ready');
