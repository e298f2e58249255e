/**
 * OCM reading, writing and zipping run on the compute pool, never on the event loop: with the pool's
 * queue full, import, preview and export answer 503 with Retry-After instead of doing the work inline.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createTestService, filesForm } from '../helpers/service.ts';
import { createSpacecraft } from './maneuvers.helpers.ts';

const OCM = readFileSync(new URL('../fixtures/ccsds/ocm/OCMExample3.txt', import.meta.url), 'utf8');

test('OCM import, preview and export go through the compute pool (503 while it is saturated, 200 after)', async () => {
  const svc = await createTestService({ workers: 1 });
  try {
    const { secret: key } = await svc.key();
    const craft = await createSpacecraft(svc, key);
    const stats = svc.pool.stats();
    // One task running plus a full queue.
    const spins = Array.from({ length: 1 + stats.maxQueue }, () => svc.pool.run('diagnostics.cpuSpin', { durationMs: 1500 }));
    await new Promise((r) => setTimeout(r, 100));
    const importing = await svc.request('POST', `/operations/maneuvers/import?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'a.ocm', content: OCM }]) });
    assert.equal(importing.status, 503);
    assert.equal(importing.headers.get('retry-after'), '1');
    const preview = await svc.request('POST', `/operations/maneuvers/import/inspect?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'a.ocm', content: OCM }]) });
    assert.equal(preview.status, 503);
    const exported = await svc.request('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z`, { key });
    assert.equal(exported.status, 503);
    await Promise.all(spins);
    const after = await svc.request('POST', `/operations/maneuvers/import?spacecraftId=${craft}`, { key, body: filesForm([{ name: 'a.ocm', content: OCM }]) });
    assert.equal(after.status, 200, await after.clone().text());
    const exportedAfter = await svc.request('GET', `/operations/maneuvers/export?spacecraftIds=${craft}&startDate=2000-01-01T00:00:00Z&endDate=2100-01-01T00:00:00Z`, { key });
    assert.equal(exportedAfter.status, 200);
    assert.match(await exportedAfter.text(), /^CCSDS_OCM_VERS/m);
  } finally {
    await svc.close();
  }
});
