/** The real Node server re-reads the Earth-data directory on SIGHUP and keeps serving meanwhile. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { eopCsv } from '../helpers/earthDataFiles.ts';
import { NODE_SERVER_ARGS } from '../helpers/serverProcess.ts';

const dir = mkdtempSync(join(tmpdir(), 'apsis-sighup-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('SIGHUP: a file copied into the data directory is in use right after, /health says so', async () => {
  const child = spawn(process.execPath, [...NODE_SERVER_ARGS], {
    env: {
      ...process.env,
      PORT: '0',
      WORKERS: '1',
      DATABASE_URL: `file:${join(dir, 'db', 'apsis.db')}`,
      APSIS_DATA_DIR: join(dir, 'data'),
      APSIS_DATA_CHECK_INTERVAL_S: '0',
      // A key with every permission: /health shows the Earth data to read:health only.
      BOOTSTRAP_API_KEY: 'sighup-test-key',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /APSIS_LISTENING port=(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  try {
    const health = async () => ((await (await fetch(`http://127.0.0.1:${port}/health`, { headers: { Authorization: 'Bearer sighup-test-key' } })).json()) as { earthData: { eop: { source: string; lastObservedDate: string } } }).earthData.eop;
    assert.match((await health()).source, /^bundled/);
    assert.match(output, /older than APSIS_DATA_MAX_AGE_DAYS/, 'the bundled EOP (2023) are stale at start: logged');
    mkdirSync(join(dir, 'data', 'eop'), { recursive: true });
    const path = join(dir, 'data', 'eop', 'eopc04.csv');
    writeFileSync(path, eopCsv('2023-05-31'));
    child.kill('SIGHUP');
    const deadline = Date.now() + 30_000;
    while ((await health()).source !== path && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await health(), { ...(await health()), source: path, lastObservedDate: '2023-05-31' });
    assert.match(output, /SIGHUP: re-reading the Earth data/);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
});
