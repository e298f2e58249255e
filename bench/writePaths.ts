/**
 * `npm run bench:write-paths`: the candidate designs of the bulk-write study, measured side by side on the same
 * data (a 500,000-measurement TDM, parsed into the batches the job runner receives; and 40,000 maneuvers through the
 * OCM import) while the main thread serves "requests":
 *
 *  - event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution): p99 and max;
 *  - a read probe: one `SELECT` of a spacecraft every 5 ms, latency from when it was due (what a GET waits);
 *  - a write probe: one small INSERT every 50 ms through the process write lock (an audit flush, a POST);
 *  - the main thread's own blocking: on a shared machine a late tick is often the thread waiting for a core, which
 *    the design does not cause. /proc/self/task/<pid>/schedstat gives the time the main thread spent waiting in
 *    the run queue; lateness minus that wait is the part of each delay the design itself causes — CPU work and
 *    synchronous I/O such as an fsync ("self-block").
 *
 * Designs (bulk TDM job):
 *  0  one transaction on the main thread, no yield (main before that study);
 *  A0 one transaction whose statements yield to the event loop every 4 ms (storage/sql/db.ts cooperative transactions);
 *  A  staged chunks: 500-row transactions hidden from readers + one small publishing transaction (storage/sql/stagedWrites.ts);
 *  B  a writer thread with its own connection, one transaction, batches transferred to it, the main thread only
 *     reads; small writes either on the main thread's own connection (B-direct: they meet the writer's lock and
 *     SQLite's busy timeout, synchronously) or routed to the writer thread (B-routed: queued behind the bulk).
 *
 * Env: MEASUREMENTS (default 500000), MANEUVERS (default 40000), DESIGNS (comma list, default all).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MeasurementSink, streamTrackingFile, type MeasurementBatch } from '../engine/tracking/index.ts';
import { importManeuverFiles } from '../api/services/maneuvers/import.ts';
import { createSpacecraft } from '../api/services/spacecraft/spacecraft.ts';
import { inTransaction } from '../storage/sql/db.ts';
import { openEmbeddedDatabase, type EmbeddedDb as Db } from '../storage/sql/embeddedDb.ts';
import { insertMeasurementColumns, measurementInsertContext, MEASUREMENTS_TABLE, type MeasurementGroupRow } from '../storage/measurements.ts';
import { migrate } from '../storage/sql/migrations.ts';
import { ensureOrganization } from '../storage/organizations.ts';
import { StagedBatch } from '../storage/sql/stagedWrites.ts';
import { createPool } from '../workers/pool.ts';
import { machineDescription, percentile } from './lib/server.ts';
import { tdmKvnChunks } from './parsers.ts';

const MEASUREMENTS = Number(process.env.MEASUREMENTS ?? 500_000);
const MANEUVERS = Number(process.env.MANEUVERS ?? 40_000);
const DESIGNS = (process.env.DESIGNS ?? '0,A0,A,B-direct,B-routed,ocm').split(',');
const tmp = mkdtempSync(join(tmpdir(), 'apsis-write-paths-'));

interface Probes {
  stop(): Promise<{
    eldP99: number; eldMax: number; selfP99: number; selfMax: number; readP99: number; readMax: number; reads: number;
    writeP99: number; writeMax: number; writes: number; writeErrors: number;
  }>;
}

/** Time (ms) the main thread has spent runnable but waiting for a core, so far (Linux schedstat, ns resolution). */
function mainThreadRunQueueMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

/**
 * Starts the event-loop monitor, the read probe and the write probe (`write` performs one small write). Resolves once
 * the monitor has ticked (its first tick only sets its reference time: a block before it would go unrecorded).
 */
async function startProbes(db: Db, spacecraftId: string, write: () => Promise<void>): Promise<Probes> {
  const eld = monitorEventLoopDelay({ resolution: 1 });
  eld.enable();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const reads: number[] = [];
  const writes: number[] = [];
  const selfBlocks: number[] = [];
  let writeErrors = 0;
  let running = true;
  const readLoop = (async () => {
    while (running) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.execute({ sql: 'SELECT * FROM spacecraft WHERE id = ?', args: [spacecraftId] });
      reads.push(performance.now() - due);
    }
  })();
  const selfLoop = (async () => {
    let last = performance.now();
    let lastWait = mainThreadRunQueueMs();
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const now = performance.now();
      const wait = mainThreadRunQueueMs();
      selfBlocks.push(Math.max(0, now - last - 5 - (wait - lastWait)));
      last = now;
      lastWait = wait;
    }
  })();
  const writeLoop = (async () => {
    while (running) {
      const due = performance.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        await write();
      } catch {
        writeErrors++;
      }
      writes.push(performance.now() - due);
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([readLoop, writeLoop, selfLoop]);
      // One more monitor tick, so that a block that just ended is recorded.
      await new Promise((resolve) => setTimeout(resolve, 20));
      eld.disable();
      return {
        eldP99: eld.percentile(99) / 1e6, eldMax: eld.max / 1e6, selfP99: percentile(selfBlocks, 99), selfMax: Math.max(0, ...selfBlocks),
        readP99: percentile(reads, 99), readMax: Math.max(...reads), reads: reads.length,
        writeP99: percentile(writes, 99), writeMax: Math.max(...writes), writes: writes.length, writeErrors,
      };
    },
  };
}

const smallWrite = (db: Db) => () =>
  db.execute({ sql: `INSERT INTO auth_failures (reason, method, path, correlation_id, created_at) VALUES ('UNKNOWN_KEY', 'GET', '/probe', 'probe', ?)`, args: [new Date().toISOString()] }).then(() => undefined);

async function fresh(name: string): Promise<{ db: Db; url: string; organizationId: string; spacecraftId: string }> {
  const url = `file:${join(tmp, `${name}.db`)}`;
  const db = await openEmbeddedDatabase({ url });
  await migrate(db);
  const org = await ensureOrganization(db, 'bench');
  const spacecraftId = (await createSpacecraft(db, org.id, { name: 'SAT-1' })).id;
  return { db, url, organizationId: org.id, spacecraftId };
}

/** The TDM's batches as the job receives them (8,192 rows each), and the groups they refer to. */
async function parsedBatches(spacecraftId: string): Promise<{ batches: MeasurementBatch[]; groups: MeasurementGroupRow[] }> {
  const text = [...tdmKvnChunks(Math.ceil((MEASUREMENTS * 4) / 3), 'SAT-1')].join('');
  const batches: MeasurementBatch[] = [];
  const result = await streamTrackingFile(text, new MeasurementSink(8192, (batch) => batches.push(batch)));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const groups = batches.flatMap((b) => b.newGroups).map((g) => ({ spacecraftId, type: g.type, units: g.units, participants: g.participants, station: 'DSS-25', frame: g.frame }));
  return { batches, groups };
}

function report(label: string, ms: number, rows: number, p: Awaited<ReturnType<Probes['stop']>>): void {
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(5)} s ${String(Math.round(rows / (ms / 1000))).padStart(7)} rows/s | ` +
      `loop delay p99 ${f(p.eldP99)} max ${f(p.eldMax)} ms (self-block p99 ${f(p.selfP99)} max ${f(p.selfMax)}) | read p99 ${f(p.readP99)} max ${f(p.readMax)} ms (${p.reads}) | ` +
      `small write p99 ${f(p.writeP99)} max ${f(p.writeMax)} ms (${p.writes}${p.writeErrors ? `, ${p.writeErrors} failed` : ''})`,
  );
}

async function bulkDesign(design: string): Promise<void> {
  const { db, url, organizationId, spacecraftId } = await fresh(`bulk-${design}`);
  const { batches, groups } = await parsedBatches(spacecraftId);
  const rows = batches.reduce((n, b) => n + b.count, 0);
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const send = (message: Record<string, unknown>, transfer: Transferable[] = []) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker!.postMessage({ ...message, id }, transfer as never);
    });
  if (design.startsWith('B')) {
    // The worker registers tsx itself (its entry is TypeScript).
    const entry = new URL('./lib/writerThread.ts', import.meta.url).href;
    worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
    worker.on('message', (m: { done: number; error?: string }) => {
      const p = pending.get(m.done);
      pending.delete(m.done);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve();
    });
    await send({ open: url });
  }
  const write = design === 'B-routed'
    ? () => send({ write: { sql: `INSERT INTO auth_failures (reason, method, path, correlation_id, created_at) VALUES ('UNKNOWN_KEY', 'GET', '/probe', 'probe', ?)`, args: [new Date().toISOString()] } })
    : smallWrite(db);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const probes = await startProbes(db, spacecraftId, write);
  const started = performance.now();
  const context = measurementInsertContext(organizationId, 'bench-job', 'bench.tdm');
  if (design === '0') {
    // Main before the study: the raw client's transaction, every statement back to back.
    const tx = await db.client.transaction('write');
    for (const batch of batches) await insertMeasurementColumns(tx, context, groups, batch);
    await tx.commit();
  } else if (design === 'A0') {
    await inTransaction(db, async (tx) => {
      for (const batch of batches) await insertMeasurementColumns(tx, context, groups, batch);
    });
  } else if (design === 'A') {
    const staged = await StagedBatch.open(db, { kind: 'measurement_jobs', key: 'bench-job', owner: 'bench' }, [MEASUREMENTS_TABLE]);
    const stagedContext = { ...context, batchId: staged.id };
    for (const batch of batches) {
      for (let from = 0; from < batch.count; from += 500) {
        await staged.chunk((tx) => insertMeasurementColumns(tx, stagedContext, groups, batch, from, Math.min(batch.count, from + 500)).then(() => undefined));
      }
    }
    await staged.publish();
  } else {
    await send({ begin: true });
    for (const batch of batches) await send({ rows: batch, groups, context }, [batch.group.buffer, batch.values.buffer, batch.sigma.buffer, batch.hasSigma.buffer]);
    await send({ commit: true });
  }
  const ms = performance.now() - started;
  const figures = await probes.stop();
  report(`TDM ${MEASUREMENTS} meas, design ${design}`, ms, rows, figures);
  if (worker) {
    await send({ close: true });
    await worker.terminate();
  }
  db.close();
}

async function ocmImport(): Promise<void> {
  const { db, organizationId, spacecraftId } = await fresh('ocm');
  const pool = await createPool({ size: 2 });
  const lines = ['CCSDS_OCM_VERS = 3.0', 'CREATION_DATE = 2025-01-01T00:00:00', 'ORIGINATOR = BENCH', 'META_START', 'OBJECT_NAME = SAT-1',
    'TIME_SYSTEM = UTC', 'EPOCH_TZERO = 2025-01-01T00:00:00', 'META_STOP', 'PHYS_START', 'WET_MASS = 800 [kg]', 'PHYS_STOP'];
  for (let i = 0; i < MANEUVERS; i++) {
    const t = new Date(Date.UTC(2025, 0, 1) + i * 600_000).toISOString().slice(0, 19);
    lines.push('MAN_START', `MAN_ID = M${i}`, 'MAN_BASIS = PLANNED', 'MAN_DEVICE_ID = THR_1', 'MAN_REF_FRAME = RTN',
      'MAN_COMPOSITION = TIME_ABSOLUTE, MAN_DURA, THR_X, THR_Y, THR_Z, THR_ISP', 'MAN_UNITS = [s, N, N, N, s]', `${t} 60 0 1 0 300`, 'MAN_STOP');
  }
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
  await pool.run('diagnostics.cpuSpin', { durationMs: 1 });
  const probes = await startProbes(db, spacecraftId, smallWrite(db));
  const started = performance.now();
  const result = await importManeuverFiles(db, pool, organizationId, [{ filename: 'big.ocm', bytes }], spacecraftId, {});
  const ms = performance.now() - started;
  const figures = await probes.stop();
  if (result.body.successCount !== 1) throw new Error(`OCM import failed: ${JSON.stringify(result.body).slice(0, 400)}`);
  report(`OCM import, ${MANEUVERS} maneuvers`, ms, MANEUVERS, figures);
  await pool.close();
  db.close();
}

try {
  console.log(`write paths: ${machineDescription()}`);
  for (const design of DESIGNS) {
    if (design === 'ocm') await ocmImport();
    else await bulkDesign(design);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
