/**
 * Large answers are moved, not copied, from a worker (workers/handOver.ts): the catalog read's chunks arrive whole
 * and readable through the Node pool; views into larger buffers are copied before they are handed over.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { syntheticCatalog } from '../../bench/lib/syntheticCatalog.ts';
import { exactTleLines } from '../../engine/tle/gpElements.ts';
import { Epoch } from '../../engine/time/epoch.ts';
import { buffersHandedOver, handOver, ownedBytes } from '../../workers/handOver.ts';
import { createPool } from '../../workers/pool.ts';

test('ownedBytes keeps a whole buffer and copies a view; handOver marks an answer without changing it', () => {
  const whole = new Uint8Array([1, 2, 3]);
  assert.equal(ownedBytes(whole), whole);
  const view = new Uint8Array(new ArrayBuffer(8), 2, 3);
  view.set([7, 8, 9]);
  const owned = ownedBytes(view);
  assert.notEqual(owned.buffer, view.buffer);
  assert.deepEqual([...owned], [7, 8, 9]);
  assert.equal(owned.buffer.byteLength, 3);
  const answer = { rows: whole };
  assert.equal(handOver(answer, [whole.buffer]), answer);
  assert.deepEqual(buffersHandedOver(answer), [whole.buffer]);
  assert.equal(buffersHandedOver({}), undefined);
});

test('a catalog read through the pool hands its chunks over whole: every set comes back, in NORAD order', async () => {
  const sets = syntheticCatalog({ count: 1200, seed: 3, reference: Epoch.parse('2026-11-20T00:00:00') });
  const text = sets.map((s) => { const [l1, l2] = exactTleLines(s)!; return `0 ${s.name}\n${l1}\n${l2}`; }).join('\n') + '\n';
  const pool = await createPool({ size: 1 });
  try {
    const read = await pool.run('catalog.readFile', { bytes: new TextEncoder().encode(text), chunkSets: 100, maxErrors: 10 });
    assert.equal(read.ok, true);
    if (!read.ok) return;
    assert.ok(read.chunks.length >= 12, `${read.chunks.length} chunks`);
    const ids: number[] = [];
    for (const chunk of read.chunks) {
      assert.equal(chunk.rows.byteOffset, 0);
      assert.equal(chunk.rows.byteLength, chunk.rows.buffer.byteLength);
      for (const row of JSON.parse(new TextDecoder().decode(chunk.rows)) as Array<{ noradId: number }>) ids.push(row.noradId);
    }
    assert.deepEqual(ids, sets.map((s) => s.noradId).sort((a, b) => a - b));
  } finally {
    await pool.close();
  }
});
