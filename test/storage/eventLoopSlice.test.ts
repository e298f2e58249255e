/**
 * The event-loop slice of storage/db.ts: `yieldToEventLoop` lets the loop turn (a due timer runs before the caller
 * goes on, also when it yields from an I/O callback), and `yieldIfDue` gives the callers of one turn ONE slice between
 * them. Checked by the order of events, not by timing: each piece of work busy-waits longer than the slice and than
 * a 1 ms timer's period, so a timer is due after every piece, and it runs between two pieces exactly when the loop
 * turned between them — whatever the machine's load.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { EVENT_LOOP_SLICE_MS, yieldIfDue, yieldToEventLoop } from '../../storage/db.ts';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holding the loop, as a statement or a long loop does
  }
}

/** A timeline of work pieces and timer runs: 'W<flow>' and 'T'. */
function recorder() {
  const events: string[] = [];
  const timer = setInterval(() => events.push('T'), 1);
  return {
    events,
    work(flow: string) {
      busy(EVENT_LOOP_SLICE_MS + 1.5);
      events.push(`W${flow}`);
    },
    stop: () => clearInterval(timer),
  };
}

/** The pieces of work that ran one after another with no timer between them (the loop did not turn). */
function backToBack(events: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < events.length; i++) if (events[i] !== 'T' && events[i - 1] !== 'T') out.push(`${events[i - 1]}→${events[i]}`);
  return out;
}

test('yieldToEventLoop from an I/O callback lets a due timer run before the caller goes on', async () => {
  const r = recorder();
  await new Promise<void>((resolve, reject) => {
    // an I/O callback: an immediate set here runs in the same turn, before any timer
    readFile(fileURLToPath(import.meta.url), async (error) => {
      if (error) return reject(error);
      try {
        for (let k = 0; k < 5; k++) {
          r.work('A');
          await yieldToEventLoop();
        }
        resolve();
      } catch (e) {
        reject(e);
      }
    });
  });
  r.stop();
  assert.deepEqual(backToBack(r.events), [], `a timer between every two pieces: ${r.events.join(' ')}`);
});

test('yieldIfDue: flows resuming in one turn share its slice (no turn runs two pieces each longer than the slice)', async () => {
  const r = recorder();
  const flow = async (name: string) => {
    await yieldToEventLoop(); // all three resume in the same turn
    for (let k = 0; k < 6; k++) {
      await yieldIfDue();
      r.work(name);
    }
    await yieldIfDue();
  };
  await Promise.all([flow('A'), flow('B'), flow('C')]);
  r.stop();
  assert.deepEqual(backToBack(r.events), [], `a timer between every two pieces: ${r.events.join(' ')}`);
  assert.equal(r.events.filter((e) => e !== 'T').length, 18);
});

test('yieldIfDue returns in the same turn while the slice lasts', async () => {
  const r = recorder();
  await yieldToEventLoop();
  const before = r.events.length;
  // short pieces, well inside one slice: no timer runs between them
  for (let k = 0; k < 3; k++) {
    await yieldIfDue();
    busy(EVENT_LOOP_SLICE_MS / 10);
    r.events.push('w');
  }
  r.stop();
  assert.deepEqual(r.events.slice(before), ['w', 'w', 'w']);
});
