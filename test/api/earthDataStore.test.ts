/**
 * EarthDataStore: which file of the data directory it selects, what it rejects, reloads (explicit and periodic),
 * the retry of a task whose file changed under it, and the staleness log at start. The compute pool here runs the
 * worker tasks in-process (same task table), so the test controls timing.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EarthDataStore } from '../../api/services/earthData.ts';
import { EarthDataChangedError, earthDataFileByRef } from '../../earthData/files.ts';
import { sha256Hex } from '../../domain/contentHash.ts';
import type { ComputePool } from '../../workers/poolTypes.ts';
import { runTask } from '../../workers/tasks.ts';
import { eopCsv, finals2000A, leapSecondDat, spaceWeatherCsv } from '../helpers/earthDataFiles.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-earth-'));
  dirs.push(dir);
  return dir;
}

function put(dir: string, kind: 'eop' | 'leap-seconds' | 'space-weather', name: string, text: string, mtimeS?: number): string {
  mkdirSync(join(dir, kind), { recursive: true });
  const path = join(dir, kind, name);
  writeFileSync(path, text);
  if (mtimeS !== undefined) utimesSync(path, mtimeS, mtimeS);
  return path;
}

/** In-process pool with a hook to inspect or replace task results. */
function inProcessPool(hook?: (task: string, input: unknown) => unknown | undefined): ComputePool & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async run(task, input) {
      calls.push(task);
      const replaced = hook?.(task, input);
      if (replaced !== undefined) return replaced as never;
      return (await runTask(task, input)) as never;
    },
    stats: () => ({ size: 1, running: 0, queueDepth: 0, maxQueue: 4 }),
    close: async () => {},
  };
}

const OPTIONS = { checkIntervalS: 0, maxAgeDays: 36500 };

test('empty (or missing) data directory: the bundled snapshots and the built-in leap-second table', async () => {
  const store = new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: join(dataDir(), 'absent') });
  const s = await store.start();
  assert.equal(s.status.eop.bundled, true);
  assert.match(s.status.eop.source, /^bundled: IERS EOP 14 C04 \+ 20 C04/);
  assert.deepEqual([s.status.eop.firstDate, s.status.eop.lastObservedDate, s.status.eop.predictionEnd], ['1962-01-01', '2023-08-28', null]);
  assert.equal(s.refs.eop.length, 2);
  assert.deepEqual([s.status.spaceWeather.lastObservedDate, s.status.spaceWeather.predictionEnd], ['2020-02-22', '2044-06-01']);
  assert.match(s.status.leapSeconds.source, /^built-in table/);
  assert.deepEqual([s.status.leapSeconds.lastObservedDate, s.status.leapSeconds.predictionEnd], ['2017-01-01', '2027-06-28']);
  assert.equal(s.status.leapSeconds.taiMinusUtcSeconds, 37);
  assert.deepEqual(s.rejected, []);
});

test('the newest valid file of each kind wins (by its observations, not its name or age on disk); bad files are reported with their line', async () => {
  const dir = dataDir();
  const older = put(dir, 'eop', 'eopc04.csv', eopCsv('2023-03-31'), 2_000_000_000); // modified later, observes less
  const newer = put(dir, 'eop', 'finals2000A.all', finals2000A('2023-08-28', '2023-07-01'), 1_900_000_000);
  put(dir, 'eop', 'broken.txt', 'MJD;Year;Month;Day;x_pole;y_pole;UT1-UTC;LOD;dX;dY\n59580;2022;01;01;0.05;0.27;x;0;0;0\n');
  put(dir, 'eop', '.finals2000A.all.download-1-ab', 'partial', 2_100_000_000); // the update command's temporary file
  const sw = put(dir, 'space-weather', 'SW-All.csv', spaceWeatherCsv());
  const leap = put(dir, 'leap-seconds', 'Leap_Second.dat', leapSecondDat('28 December 2027'));
  const store = new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir });
  const s = await store.start();
  assert.equal(s.status.eop.source, newer);
  assert.equal(s.refs.eop.length, 3, 'bundled history, then the data directory file');
  assert.deepEqual([s.status.eop.lastObservedDate, s.status.eop.predictionEnd, s.status.eop.format], ['2023-06-30', '2023-08-28', 'finals2000A']);
  assert.equal(s.status.spaceWeather.source, sw);
  assert.equal(s.status.spaceWeather.format, 'CSV');
  assert.equal(s.status.leapSeconds.source, leap);
  assert.equal(s.status.leapSeconds.predictionEnd, '2027-12-28', 'a file that agrees extends the validity to its expiry');
  assert.equal(s.status.leapSeconds.lastObservedDate, '2025-07-01');
  assert.equal(s.rejected.length, 1);
  assert.match(s.rejected[0]!.error, /broken.txt: EOP line 2: UT1-UTC 'x' is not a number/);
  assert.equal(s.rejected[0]!.line, 2);
  assert.ok(!s.refs.eop.some((r) => r.path === older));
});

test('an EOP file that starts after the bundled history ends is rejected (the table would interpolate across the gap)', async () => {
  const dir = dataDir();
  // synthetic: the 2022 rows moved 1000 days later (a rejection path; the values do not matter)
  const shifted = eopCsv('2022-12-31')
    .split('\n')
    .map((line, i) => {
      if (i === 0 || line === '') return line;
      const f = line.split(';');
      const mjd = Number(f[0]) + 1000;
      const d = new Date((mjd - 40587) * 86400000);
      return [mjd, d.getUTCFullYear(), String(d.getUTCMonth() + 1).padStart(2, '0'), String(d.getUTCDate()).padStart(2, '0'), ...f.slice(4)].join(';');
    })
    .join('\n');
  const path = put(dir, 'eop', 'late.csv', shifted);
  const s = await new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir }).start();
  assert.equal(s.status.eop.bundled, true);
  assert.equal(s.rejected[0]!.path, path);
  assert.match(s.rejected[0]!.error, /starts 2024-09-27, after the end of the bundled EOP history \(2023-08-28\)/);
});

test('reload: a new file is picked up, unchanged files are not read again, calls during a reload share the next one', async () => {
  const dir = dataDir();
  const pool = inProcessPool();
  const store = new EarthDataStore(pool, { ...OPTIONS, dataDir: dir });
  await store.start();
  const inspections = () => pool.calls.filter((c) => c.startsWith('earthData.')).length;
  const first = inspections();
  await store.reload('nothing changed');
  assert.equal(inspections(), first, 'no file read again');
  const path = put(dir, 'eop', 'eopc04.csv', eopCsv('2023-05-31'));
  const [a, b, c] = await Promise.all([store.reload('SIGHUP'), store.reload('SIGHUP'), store.reload('SIGHUP')]);
  assert.equal(a.status.eop.source, path);
  assert.equal(b, c, 'calls made while a reload runs share one later reload');
  assert.equal(store.snapshot().status.eop.lastObservedDate, '2023-05-31');
  // the file replaced in place (new content, same path) is read again
  writeFileSync(path, eopCsv('2023-06-30'));
  assert.equal((await store.reload('SIGHUP')).status.eop.lastObservedDate, '2023-06-30');
  // a file removed: back to the bundled data
  rmSync(path);
  assert.equal((await store.reload('SIGHUP')).status.eop.bundled, true);
});

test('periodic check: the data directory is looked at every APSIS_DATA_CHECK_INTERVAL_S', async () => {
  const dir = dataDir();
  const store = new EarthDataStore(inProcessPool(), { ...OPTIONS, checkIntervalS: 1, dataDir: dir });
  await store.start();
  try {
    const path = put(dir, 'space-weather', 'SW-All.csv', spaceWeatherCsv());
    const deadline = Date.now() + 15_000;
    while (store.snapshot().status.spaceWeather.source !== path && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(store.snapshot().status.spaceWeather.source, path);
  } finally {
    store.stop();
  }
});

test('a task whose file changed under the worker is retried once after a reload, with the new identities', async () => {
  const dir = dataDir();
  const path = put(dir, 'eop', 'eopc04.csv', eopCsv('2023-05-31'));
  let changedOnce = false;
  const seen: string[] = [];
  const pool = inProcessPool((task, input) => {
    if (task !== 'stateVectors.meanElements') return undefined;
    const refs = (input as { earthData: { eop: { path: string; sha256: string }[] } }).earthData.eop;
    seen.push(refs[refs.length - 1]!.sha256);
    if (!changedOnce) {
      changedOnce = true;
      // the file is replaced in place before the service noticed; a worker without the old content cached finds
      // the new content under the old identity and refuses (checked below on the real guard)
      writeFileSync(path, eopCsv('2023-06-30'));
      throw new EarthDataChangedError(path);
    }
    return undefined;
  });
  const store = new EarthDataStore(pool, { ...OPTIONS, dataDir: dir });
  await store.start();
  const { output, snapshot } = await store.run('stateVectors.meanElements', () => ({
    epoch: '2023-03-08T06:30:00.000000000Z',
    positionKm: [1078.7, 473.9, -6987.5],
    velocityKmS: [6.06, -4.36, 0.64],
    frame: 'ITRF' as const,
  }));
  assert.ok(output.altitudeKm > 600);
  assert.equal(seen.length, 2, 'retried once');
  assert.notEqual(seen[0], seen[1]);
  assert.equal(snapshot.status.eop.lastObservedDate, '2023-06-30');
  // the worker-side guard itself
  assert.throws(() => earthDataFileByRef('EOP', { path, sha256: sha256Hex(new TextEncoder().encode('other')) }), EarthDataChangedError);
});

test('a start with data older than APSIS_DATA_MAX_AGE_DAYS logs a warning per stale kind', async () => {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.join(' '));
  try {
    const now = Date.parse('2024-01-10T00:00:00Z');
    const store = new EarthDataStore(inProcessPool(), { checkIntervalS: 0, maxAgeDays: 30, dataDir: dataDir() }, () => now);
    const s = await store.start();
    assert.equal(s.status.eop.stale, true);
    assert.equal(s.status.eop.ageDays, 135);
    assert.equal(s.status.leapSeconds.stale, false);
  } finally {
    console.error = original;
  }
  const warnings = lines.map((l) => JSON.parse(l) as { level: string; message: string; kind: string; hint: string }).filter((l) => l.level === 'warn');
  assert.deepEqual(warnings.map((w) => w.kind).sort(), ['eop', 'spaceWeather']);
  assert.match(warnings[0]!.message, /older than APSIS_DATA_MAX_AGE_DAYS/);
  assert.match(warnings[0]!.hint, /npm run data:update/);
});

test('a leap-second file announcing a step the build lacks: reported in the status and logged, never applied', async () => {
  const dir = dataDir();
  put(dir, 'leap-seconds', 'Leap_Second.dat', leapSecondDat('28 June 2027', { mjd: 61222, date: '2026-07-01', dat: 38 }));
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.join(' '));
  let s;
  try {
    s = await new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir }).start();
  } finally {
    console.error = original;
  }
  assert.equal(s.status.leapSeconds.agreesWithBuiltIn, false);
  assert.equal(s.status.leapSeconds.stale, true);
  assert.match(s.status.leapSeconds.problems![0]!, /announces TAI-UTC = 38 s from 2026-07-01, which the built-in table lacks: update Apsis/);
  assert.equal(s.status.leapSeconds.predictionEnd, '2027-06-28', 'validity not extended by a disagreeing file');
  assert.deepEqual(s.coverage.leapSeconds.unknownSteps, [{ mjd: 61222, taiMinusUtcSeconds: 38 }]);
  assert.ok(lines.some((l) => /leap-second file disagrees with the built-in table/.test(l)));
});

test('EOP_FILE: an explicit EOP file wins over the data directory; a missing or malformed one stops the selection naming it', async () => {
  const dir = dataDir();
  put(dir, 'eop', 'finals2000A.all', finals2000A('2023-08-28', '2023-07-01'));
  const explicit = put(dataDir(), 'eop', 'eopc04_20.csv', eopCsv('2023-03-31'));
  const s = await new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir, eopFile: explicit }).start();
  assert.equal(s.status.eop.source, explicit, 'the override wins although the directory file observes longer');
  assert.equal(s.status.eop.lastObservedDate, '2023-03-31');
  await assert.rejects(new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir, eopFile: join(dir, 'absent.csv') }).start(), /EOP_FILE .*absent\.csv/);
  const bad = put(dataDir(), 'eop', 'bad.csv', 'MJD;Year;Month;Day;x_pole;y_pole;UT1-UTC;LOD;dX;dY\n59580;2022;01;01;0.05;0.27;x;0;0;0\n');
  await assert.rejects(new EarthDataStore(inProcessPool(), { ...OPTIONS, dataDir: dir, eopFile: bad }).start(), /EOP_FILE .*line 2/);
});
