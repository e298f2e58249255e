/**
 * `npm run data:update` / `npm run admin -- data update` against a local HTTP server on the loopback (no internet):
 * good files installed atomically with the previous one kept, and every bad download — 404, truncated file, a body
 * cut short, a file that disagrees with the current one, offline — leaves the good file untouched with a clear
 * message and exit code.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDataCommand } from '../../api/cli/admin.ts';
import { eopCsv, finals2000A, LEAP_SECONDS_LIST, spaceWeatherCsv } from '../helpers/earthDataFiles.ts';

const FINALS_OLD = finals2000A('2023-05-31', '2023-05-01');
const FINALS_NEW = finals2000A('2023-08-28', '2023-07-01');
/** The same file with UT1 − UTC off by 10 ms on every row: another series or a damaged file. */
const FINALS_SHIFTED = FINALS_NEW.split('\n')
  .map((l) => (l.length > 68 ? `${l.slice(0, 58)}${(Number(l.slice(58, 68)) + 0.01).toFixed(7).padStart(10)}${l.slice(68)}` : l))
  .join('\n');

const routes = new Map<string, (res: import('node:http').ServerResponse) => void>();
const serve = (path: string, body: string) => routes.set(path, (res) => res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) }).end(body));
let server: Server;
let base: string;
const dirs: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url ?? '');
    if (handler) handler(res);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  serve('/finals2000A.all', FINALS_NEW);
  serve('/shifted/finals2000A.all', FINALS_SHIFTED);
  // a file cut at a line end (parses, but ends early) and one cut inside a line
  serve('/truncated/finals2000A.all', FINALS_NEW.slice(0, FINALS_NEW.lastIndexOf('\n', Math.floor(FINALS_NEW.length * 0.6)) + 1));
  serve('/cut-in-line/finals2000A.all', FINALS_NEW.slice(0, Math.floor(FINALS_NEW.length * 0.6)));
  serve('/leap-seconds.list', LEAP_SECONDS_LIST);
  serve('/cut/leap-seconds.list', LEAP_SECONDS_LIST.slice(0, LEAP_SECONDS_LIST.indexOf('#h')));
  serve('/SW-All.csv', spaceWeatherCsv());
  serve('/eopc04.csv', eopCsv('2023-08-28'));
  // announces the whole file, sends a third, then drops the connection
  routes.set('/broken/finals2000A.all', (res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(FINALS_NEW) });
    res.write(FINALS_NEW.slice(0, Math.floor(FINALS_NEW.length / 3)));
    setTimeout(() => res.socket?.destroy(), 20);
  });
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function dataDir(withOldFinals = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'apsis-update-'));
  dirs.push(dir);
  if (withOldFinals) {
    mkdirSync(join(dir, 'eop'));
    writeFileSync(join(dir, 'eop', 'finals2000A.all'), FINALS_OLD);
  }
  return dir;
}

interface Output {
  dataDirectory: string;
  results: { kind: string; status: string; path?: string; error?: string; lastObservedDate?: string; predictionEnd?: string; offline?: boolean }[];
}

/** Runs the command in-process; returns its exit code, its JSON output and its stderr lines. */
async function update(dir: string, args: string[]): Promise<{ code: number; out: Output; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...a: unknown[]) => void out.push(a.join(' '));
  console.error = (...a: unknown[]) => void err.push(a.join(' '));
  try {
    const code = await runDataCommand(['update', ...args], { APSIS_DATA_DIR: dir });
    return { code, out: JSON.parse(out.join('\n')) as Output, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}

test('good files: downloaded, validated, installed atomically; the previous file is kept; a second run changes nothing', async () => {
  const dir = dataDir();
  const r = await update(dir, ['--eop-url', `${base}/finals2000A.all`, '--leap-seconds-url', `${base}/leap-seconds.list`, '--space-weather-url', `${base}/SW-All.csv`]);
  assert.equal(r.code, 0, r.err.join('\n'));
  assert.deepEqual(r.out.results.map((x) => [x.kind, x.status]), [['EOP', 'UPDATED'], ['LEAP_SECONDS', 'UPDATED'], ['SPACE_WEATHER', 'UPDATED']]);
  const eop = r.out.results[0]!;
  assert.deepEqual([eop.path, eop.lastObservedDate, eop.predictionEnd], [join(dir, 'eop', 'finals2000A.all'), '2023-06-30', '2023-08-28']);
  assert.equal(readFileSync(join(dir, 'eop', 'finals2000A.all'), 'utf8'), FINALS_NEW);
  assert.equal(readFileSync(join(dir, 'eop', 'finals2000A.all.previous'), 'utf8'), FINALS_OLD);
  assert.equal(readFileSync(join(dir, 'leap-seconds', 'leap-seconds.list'), 'utf8'), LEAP_SECONDS_LIST);
  assert.ok(existsSync(join(dir, 'space-weather', 'SW-All.csv')));
  assert.deepEqual(readdirSync(join(dir, 'eop')).filter((n) => n.startsWith('.')), [], 'no temporary file left');
  assert.ok(r.err.some((l) => /picks the new files up .* on SIGHUP/.test(l)));
  const again = await update(dir, ['--eop-url', `${base}/finals2000A.all`, '--kinds', 'eop']);
  assert.equal(again.code, 0);
  assert.deepEqual(again.out.results.map((x) => x.status), ['UNCHANGED']);
});

test('a failed or partial download never replaces the good file: 404, truncated file, body cut short, disagreeing values', async () => {
  const dir = dataDir();
  const cases: [string, RegExp][] = [
    [`${base}/missing/finals2000A.all`, /answered HTTP 404/],
    [`${base}/truncated/finals2000A.all`, /end their observations on 2022-12-\d\d, before the current file \(.*finals2000A.all, 2023-04-30\): truncated or stale download, not installed/],
    [`${base}/cut-in-line/finals2000A.all`, /cut-in-line\/finals2000A.all: EOP line 364: not a finals2000A line .* — not installed/],
    [`${base}/broken/finals2000A.all`, /download of .* broke off|truncated download/],
    [`${base}/shifted/finals2000A.all`, /disagree with .* on 2023-0\d-\d\d \(UT1-UTC by 10\.000 ms.*not installed/],
  ];
  for (const [url, reason] of cases) {
    const r = await update(dir, ['--kinds', 'eop', '--eop-url', url]);
    assert.equal(r.code, 1, url);
    assert.equal(r.out.results[0]!.status, 'FAILED');
    assert.match(r.out.results[0]!.error!, reason);
    assert.ok(r.err.some((l) => l.startsWith('data update: EOP: ')), 'the reason on stderr');
    assert.equal(readFileSync(join(dir, 'eop', 'finals2000A.all'), 'utf8'), FINALS_OLD, `${url}: the good file is untouched`);
    assert.deepEqual(readdirSync(join(dir, 'eop')), ['finals2000A.all']);
  }
  const leap = await update(dir, ['--kinds', 'leap-seconds', '--leap-seconds-url', `${base}/cut/leap-seconds.list`]);
  assert.equal(leap.code, 1);
  assert.match(leap.out.results[0]!.error!, /no #h \(SHA-1\) line: the file is incomplete — not installed/);
  assert.equal(existsSync(join(dir, 'leap-seconds')), false);
  // a file older than the bundled snapshot, into an empty data directory
  const empty = dataDir(false);
  const old = await update(empty, ['--kinds', 'eop', '--eop-url', `${base}/finals2000A.all`]);
  assert.equal(old.code, 1);
  assert.match(old.out.results[0]!.error!, /before the current file .*eopc04_20\.2022-now\.csv, 2023-08-28/);
  const same = await update(empty, ['--kinds', 'eop', '--eop-url', `${base}/eopc04.csv`]);
  assert.equal(same.code, 0, 'as new as the bundled snapshot: accepted');
});

test('offline: a clear message and exit code 3 from the real command line (npm run data:update runs the same)', async () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(pkg.scripts['data:update'], 'tsx api/cli/admin.ts data update');
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const dir = dataDir();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/cli/admin.ts', 'data', 'update', '--kinds', 'eop,space-weather', '--timeout-s', '10'], {
    env: {
      ...process.env,
      APSIS_DATA_DIR: dir,
      APSIS_EOP_URL: `http://127.0.0.1:${port}/finals2000A.all`,
      APSIS_SPACE_WEATHER_URL: `http://127.0.0.1:${port}/SW-All.csv`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 3, stderr);
  assert.match(stderr, /data update: EOP: cannot reach http:\/\/127\.0\.0\.1:\d+\/finals2000A\.all \(ECONNREFUSED\): offline\? For an air-gapped machine copy the files into .*\/<eop\|leap-seconds\|space-weather>\//);
  const out = JSON.parse(stdout) as Output;
  assert.deepEqual(out.results.map((r) => [r.status, r.offline]), [['FAILED', true], ['FAILED', true]]);
  assert.equal(readFileSync(join(dir, 'eop', 'finals2000A.all'), 'utf8'), FINALS_OLD);
  // usage errors: exit 2
  await assert.rejects(() => runDataCommand(['update', '--kinds', 'weather'], {}), /--kinds takes a comma list of eop, leap-seconds, space-weather/);
  await assert.rejects(() => runDataCommand(['download'], {}), /usage: npm run admin/);
});
