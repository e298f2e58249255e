/**
 * The avoidance plan's catalog hand-over (workers/avoidanceTasks.ts): the catalog's JSON bytes are moved to the worker,
 * so a task sent again (the Earth-data store's retry after EARTH_DATA_CHANGED) carries detached buffers — the worker
 * must say so (CATALOG_NOT_LOADED, which makes the runner read the catalog again), never screen an empty catalog.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { avoidancePlanTask } from '../../workers/avoidanceTasks.ts';
import { CATALOG_NOT_LOADED } from '../../workers/contracts.ts';

test('a plan handed detached catalog bytes answers CATALOG_NOT_LOADED instead of screening nothing', () => {
  const part = new TextEncoder().encode('[]');
  const byteLength = part.byteLength;
  structuredClone(part.buffer, { transfer: [part.buffer] }); // what a first postMessage with a transfer list does
  assert.equal(part.byteLength, 0, 'detached');
  const output = avoidancePlanTask({
    secondaries: { catalogElementsJson: [part], catalogBytes: [byteLength], fleetSpacecraft: {}, fittedTle: [], catalogObjectCount: 0, notScreened: [] },
  } as unknown as Parameters<typeof avoidancePlanTask>[0]);
  assert.equal(output.ok, false);
  assert.equal(!output.ok && output.code, CATALOG_NOT_LOADED);
});
