/**
 * The event loop's slice: how long one turn of the event loop may run our work before it yields, shared by the
 * embedded database's statements (storage/sql/embeddedDb.ts) and by every long loop of our own code (`yieldIfDue`).
 */
import { setImmediate } from 'node:timers';

/**
 * Statements run on the event loop (the embedded driver is synchronous, and awaiting its settled promises never
 * lets the loop turn). So before each statement, inside or outside a transaction, the database yields to the event
 * loop once the loop has not turned for this long: a sequence of statements (a loop of queries, a long transaction)
 * never keeps requests waiting for more than this plus one statement. Readers see the last committed state (WAL);
 * writers still wait for an open transaction to end, so bulk loads use staged chunks (storage/sql/stagedWrites.ts).
 * Long loops of our own code use the same budget through `yieldIfDue`.
 *
 * 1.5 ms, not the 3 ms it was: a scavenge (V8's young-generation GC, 1–9 ms on a busy 2-core host) starts in whichever
 * turn allocates, so a turn is our slice plus, now and then, a GC pause. With 3 ms, a 10,000-CDM upload had 2–9 turns
 * over 5 ms; with 1.5 ms 1–3 (3 runs each), and light GETs meanwhile a p99 of ~6 ms instead of ~8, at the same CDMs/s
 * (the extra turns cost two check-phase callbacks each; bench:cdm-ingest, bench:catalog-ingest, 2026-11-26).
 */
export const EVENT_LOOP_SLICE_MS = 1.5;

/**
 * Yields to the event loop until it has turned: timers, incoming requests and worker messages run before the caller
 * continues. Two check-phase callbacks, not one: an immediate set from an I/O callback (a worker's answer, a request
 * body) runs in the check phase of the SAME iteration, before any timer or other I/O, so a single one would let one
 * iteration run two slices back to back (measured: 13–17 ms holds in bench:cdm-ingest). An immediate set from inside
 * the check phase runs in the next iteration, after its timers and I/O (Node's event-loop phases: timers → poll →
 * check), so the second one always lands beyond an iteration boundary.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * How long the current turn of the event loop has run our work, shared by every statement and every long loop of
 * the process (one event loop, one budget): the first call after a turn opens a slice and schedules the callbacks
 * that close it once the loop has turned. A call that finds the slice older than EVENT_LOOP_SLICE_MS waits in line
 * (so does one that finds it closed while others wait): once per turn the longest-waiting caller is given a fresh
 * slice (round robin). Each caller that resumed taking a
 * fresh slice of its own let N waiting flows run N slices back to back in one turn; callers that resumed into a
 * shared slice were served in the order they yielded, so one busy flow, always first, starved the others (requests
 * waited for a whole background job: test/api/events.test.ts).
 *
 * The fresh slice is then shared by the next waiters, in order, while it lasts: each is resumed once the one before it
 * has run its statement (a few microtasks later). Resuming ONE waiter per turn made the queue the light-request tail:
 * at 50 connections every GET's one statement queued behind up to ~50 others, drained at one per turn of the loop
 * (each turn also parsing and answering other requests), and waited 60–85 ms while those that found the slice open
 * took 1 ms — p50 1.3 ms, p99 85 ms (issue 37, bench:api with BENCH_TRACE_TAIL; docs/benchmarks.md).
 */
/**
 * Microtask hops from resuming a waiter to its statement having run: its `await` of pauseIfDue, and the awaits
 * between (yieldIfDue, the caller's own).
 */
const RESUMED_RUN_HOPS = 3;

export class LoopSlice {
  private start = 0;
  private open = false;
  /** Counts slices, so the close callback of an earlier slice does not close a later one. */
  private generation = 0;
  /** Callers waiting for a slice, longest-waiting first. */
  private readonly waiting: Array<() => void> = [];
  private pumping = false;
  private waitObserver: ((waitedMs: number, queued: number) => void) | null = null;

  /** Benchmarks only (api/runtime/tailTrace.ts): told of each wait for a slice as it ends, and how many were ahead. */
  observeWaits(observer: (waitedMs: number, queued: number) => void): void {
    this.waitObserver = observer;
  }

  private openNow(): void {
    this.open = true;
    this.start = performance.now();
    const generation = ++this.generation;
    setImmediate(() => setImmediate(() => {
      if (this.generation === generation) this.open = false;
    }));
  }

  /** After the loop has turned (two check-phase callbacks, as yieldToEventLoop), the waiters get a fresh slice. */
  private schedulePump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => setImmediate(() => {
      this.pumping = false;
      if (this.waiting.length === 0) return;
      this.openNow();
      this.resumeWhileOpen();
    }));
  }

  /**
   * Resumes the longest-waiting caller, then — once it has run on (RESUMED_RUN_HOPS microtasks: its statement) — the
   * next, while the slice lasts; the rest wait for the next turn. A caller whose work takes more hops is judged a
   * little early: the slice is then overrun by a statement or two at most, each check seeing the time already used.
   */
  private resumeWhileOpen(): void {
    this.waiting.shift()?.();
    if (this.waiting.length === 0) return;
    let hops = Promise.resolve();
    for (let k = 0; k < RESUMED_RUN_HOPS; k++) hops = hops.then();
    void hops.then(() => {
      if (this.waiting.length === 0) return;
      if (performance.now() - this.start < EVENT_LOOP_SLICE_MS) this.resumeWhileOpen();
      else this.schedulePump();
    });
  }

  /** Returns at once while the slice has run less than `budgetMs`; otherwise waits for a fresh slice. */
  pauseIfDue(budgetMs = EVENT_LOOP_SLICE_MS): Promise<void> | void {
    // a caller that finds the slice closed takes it, unless others already wait: then it waits behind them
    if (!this.open && this.waiting.length === 0) return this.openNow();
    if (this.open && performance.now() - this.start < budgetMs) return;
    const observer = this.waitObserver;
    return new Promise<void>((resolve) => {
      if (observer) {
        const fromMs = performance.now();
        const queued = this.waiting.length;
        this.waiting.push(() => {
          observer(performance.now() - fromMs, queued);
          resolve();
        });
      } else {
        this.waiting.push(resolve);
      }
      this.schedulePump();
    });
  }
}

/**
 * A transaction of at least this many statements commits in a slice of its own (unless less than
 * COMMIT_SLICE_USED_MS of the current one is used): its COMMIT writes every page it dirtied to the WAL, with their
 * checksums — 2–4 ms for the few hundred pages of a 500-CDM file (bench:cdm-ingest) — and would otherwise run on top of
 * a slice already spent.
 */
export const LARGE_TRANSACTION_STATEMENTS = 16;
export const COMMIT_SLICE_USED_MS = 0.5;

/** The process's one event-loop slice (the embedded database's statements and `yieldIfDue` callers share it). */
export const loopSlice = new LoopSlice();

/**
 * Yields to the event loop when the current turn has already run EVENT_LOOP_SLICE_MS of our work (statements
 * included); otherwise returns at once (a resolved promise: the caller goes on in the same turn). For loops over many
 * items on the event loop: call it every few items, each a small fraction of the slice.
 */
export async function yieldIfDue(): Promise<void> {
  await loopSlice.pauseIfDue();
}
