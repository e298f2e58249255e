/**
 * The statements of a bulk write whose results nobody reads (the INSERTs of a CDM upload), run in order on one
 * executor — with several out at once on a libSQL server's transaction.
 *
 * Why: inside a transaction on sqld each statement is a round trip on the transaction's stream, and awaiting each one
 * before making the next leaves the server idle while this process builds the next statement, and this process idle
 * while the server runs it. A stream runs its statements one after another in the order they were sent (Hrana spec,
 * "streams"), so sending the next ones before the first is answered changes nothing of what runs, only the waiting:
 * measured with 3-row CDM-sized INSERTs (2026-12-02, the 2-core host), 1.8–2.9 → 1.0–1.7 ms per statement, four out at
 * once.
 *
 * What a failure means is unchanged: the first statement that fails is what this throws, once every statement sent has
 * been answered (so that none is still out when the caller rolls the transaction back). Statements sent after the one
 * that failed may have run, inside the same transaction, which the caller's failure then rolls back whole — so this is
 * only for transactions (`PipelinedTx`, storage/sql/remoteDb.ts), never for statements that commit one by one. Elsewhere
 * (the embedded file, whose driver runs one statement at a time on the event loop; a Db outside a transaction) each
 * statement is awaited before the next is made, as before.
 */
import type { InStatement, ResultSet } from '@libsql/client';
import type { SqlExecutor } from './db.ts';

/**
 * How many statements of one transaction are out at once on a libSQL server. 8 was tried on a 10,000-CDM upload
 * (bench:cdm-ingest on sqld, alternating runs, 2026-12-02): the same time (20.9–23.9 s against 21.2–23.7 s), more
 * event-loop holds over 5 ms.
 */
export const PIPELINE_DEPTH = 4;

/** A transaction whose statements may be sent before the earlier ones are answered (a libSQL server's). */
export interface PipelinedTx extends SqlExecutor {
  readonly pipelinesStatements: true;
}

/** True for a libSQL server's transaction: its statements run at the server, not on this event loop. */
export function pipelines(executor: SqlExecutor): executor is PipelinedTx {
  return (executor as Partial<PipelinedTx>).pipelinesStatements === true;
}

/**
 * How many rows (or keys) one statement of a bulk write or bulk read takes on `executor`: `sizes.embedded` on the
 * embedded file, where the driver runs each statement on this event loop and the sizes are chosen to keep a statement
 * near a millisecond (each call site says what it measured); `sizes.remote` in a libSQL server's transaction, where the
 * statement runs at the server and what costs is the round trip each statement makes inside the transaction
 * (bench:cdm-ingest on sqld, 2026-12-03: a 10,000-CDM upload sent ~0.6 statements per CDM at the embedded sizes). The
 * event loop still builds the statement's arguments and encodes the request, so the remote sizes are bounded too.
 */
export function rowsPerStatement(executor: SqlExecutor, sizes: { readonly embedded: number; readonly remote: number }): number {
  return pipelines(executor) ? sizes.remote : sizes.embedded;
}

/**
 * Runs `statements` in order on `executor` (made one by one as they are sent: a generator is read lazily; an async one
 * may yield to the event loop between statements). `onResult` is given each statement's result with its index, as it
 * is answered (not necessarily in index order).
 */
export async function executeInOrder(
  executor: SqlExecutor,
  statements: Iterable<InStatement> | AsyncIterable<InStatement>,
  onResult?: (result: ResultSet, index: number) => void,
): Promise<void> {
  if (!pipelines(executor)) {
    let index = 0;
    for await (const statement of statements) {
      const result = await executor.execute(statement);
      onResult?.(result, index++);
    }
    return;
  }
  const out: Promise<unknown>[] = [];
  let failure: { error: unknown } | null = null;
  let index = 0;
  for await (const statement of statements) {
    if (failure) break;
    const at = index++;
    out.push(executor.execute(statement).then(
      (result) => {
        if (!failure) onResult?.(result, at);
      },
      (error: unknown) => {
        failure ??= { error };
      },
    ));
    if (out.length >= PIPELINE_DEPTH) await out.shift();
  }
  await Promise.all(out);
  if (failure) throw (failure as { error: unknown }).error;
}
