/**
 * `npm run bench:remote-statements`: the storage layer's own round trips to a libSQL server, without HTTP — what one
 * statement costs on `ws://` sqld (storage/sql/remoteDb.ts) beside the embedded file (storage/sql/embeddedDb.ts), both
 * through `openDatabase`:
 *
 *  - a primary-key SELECT, one at a time (the round trip) and 50 at a time (statements per second, p99);
 *  - a one-row INSERT outside a transaction, one at a time and 16 at a time;
 *  - a 3-statement write transaction (`inTransaction`), 16 at a time (BUSY retries counted by the observer's time).
 *
 * With each figure the CPU time sqld used per statement (its share of the work: the serial part when several
 * instances share one server). BENCH_BACKENDS, DATABASE_URL and BENCH_DURATION_MS (default 3000) as elsewhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction, openDatabase, type Db } from '../storage/sql/db.ts';
import { compareBackends, loadAverage, type BenchBackend, type Figure } from './lib/backends.ts';
import { percentile } from './lib/server.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);

async function measure(label: string, concurrency: number, backend: BenchBackend, one: (i: number) => Promise<unknown>): Promise<Figure[]> {
  const latencies: number[] = [];
  let i = 0;
  let failures = 0;
  const cpu0 = backend.cpuSeconds();
  const until = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await one(i++);
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = backend.cpuSeconds() - cpu0;
  const rate = latencies.length / seconds;
  console.log(
    `${label.padEnd(40)} ${Math.round(rate).toString().padStart(7)} /s   p50 ${percentile(latencies, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(latencies, 99).toFixed(2).padStart(7)} ms   ` +
      `failures ${failures}${backend.sqld ? `   sqld CPU ${((cpu / latencies.length) * 1e6).toFixed(0)} µs each (${((100 * cpu) / seconds).toFixed(0)} % of a core)` : ''}   (load ${loadAverage()})`,
  );
  return [
    { name: `${label}: /s`, value: rate, unit: '/s', better: 'higher', digits: 0 },
    { name: `${label}: p50`, value: percentile(latencies, 50), unit: 'ms', better: 'lower', digits: 2 },
    { name: `${label}: p99`, value: percentile(latencies, 99), unit: 'ms', better: 'lower', digits: 2 },
  ];
}

async function runOn(backend: BenchBackend): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-bench-statements-'));
  const db: Db = await openDatabase({ url: backend.url ?? `file:${join(dir, 'bench.db')}` });
  try {
    await db.execute('CREATE TABLE IF NOT EXISTS bench_rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL)');
    await db.execute('DELETE FROM bench_rows');
    for (let k = 0; k < 1000; k += 100) {
      await db.batch(Array.from({ length: 100 }, (_, j) => ({ sql: 'INSERT INTO bench_rows (id, name, value) VALUES (?, ?, ?)', args: [k + j, `row-${k + j}`, k + j] })), 'write');
    }
    const read = (i: number) => db.execute({ sql: 'SELECT id, name, value FROM bench_rows WHERE id = ?', args: [i % 1000] });
    let next = 1_000_000;
    const write = () => db.execute({ sql: 'INSERT INTO bench_rows (id, name, value) VALUES (?, ?, ?)', args: [next++, 'w', 1] });
    const transaction = () =>
      inTransaction(db, async (tx) => {
        const id = next++;
        await tx.execute({ sql: 'INSERT INTO bench_rows (id, name, value) VALUES (?, ?, ?)', args: [id, 't', 1] });
        await tx.execute({ sql: 'SELECT value FROM bench_rows WHERE id = ?', args: [id] });
        await tx.execute({ sql: 'UPDATE bench_rows SET value = value + 1 WHERE id = ?', args: [id] });
      });
    const figures: Figure[] = [];
    await measure('warm-up', 8, backend, read);
    figures.push(...(await measure('SELECT by key, 1 at a time', 1, backend, read)));
    figures.push(...(await measure('SELECT by key, 50 at a time', 50, backend, read)));
    figures.push(...(await measure('INSERT, 1 at a time', 1, backend, write)));
    figures.push(...(await measure('INSERT, 16 at a time', 16, backend, write)));
    figures.push(...(await measure('3-statement transaction, 1 at a time', 1, backend, transaction)));
    figures.push(...(await measure('3-statement transaction, 16 at a time', 16, backend, transaction)));
    return figures;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await compareBackends('bench:remote-statements', runOn);
