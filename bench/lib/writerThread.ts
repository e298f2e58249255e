/**
 * Candidate design B of the bulk-write study (bench/writePaths.ts): a dedicated writer thread with its own connection runs a
 * bulk insert in ONE transaction while the main thread only reads. Messages: `{ open: url }`, then batches
 * `{ rows: MeasurementColumns, groups, context }` (typed arrays transferred), `{ commit: true }`, and `{ write: sql }`
 * for a small write routed to this thread. Each message is answered `{ done: id }` once applied.
 */
import { parentPort } from 'node:worker_threads';
import type { Tx } from '../../storage/sql/db.ts';
import { openEmbeddedDatabase, type EmbeddedDb } from '../../storage/sql/embeddedDb.ts';
import { insertMeasurementColumns, type MeasurementColumns, type MeasurementGroupRow, type MeasurementInsertContext } from '../../storage/measurements.ts';

type Message =
  | { id: number; open: string }
  | { id: number; begin: true }
  | { id: number; rows: MeasurementColumns; groups: MeasurementGroupRow[]; context: MeasurementInsertContext }
  | { id: number; commit: true }
  | { id: number; write: { sql: string; args: Array<string | number | null> } }
  | { id: number; close: true };

let db: EmbeddedDb | null = null;
let tx: Tx | null = null;
let chain: Promise<void> = Promise.resolve();
/** Small writes that arrived during the bulk transaction: applied after its commit (one writer, no interleaving). */
let deferred: Array<Extract<Message, { write: unknown }>> = [];

async function handle(message: Message): Promise<void> {
  if ('open' in message) db = await openEmbeddedDatabase({ url: message.open });
  else if ('begin' in message) tx = await db!.client.transaction('write');
  else if ('rows' in message) await insertMeasurementColumns(tx!, message.context, message.groups, message.rows);
  else if ('commit' in message) {
    await tx!.commit();
    tx = null;
    for (const write of deferred.splice(0)) {
      await db!.execute(write.write);
      parentPort!.postMessage({ done: write.id });
    }
  } else if ('write' in message) {
    if (tx) {
      deferred.push(message);
      return;
    }
    await db!.execute(message.write);
  } else if ('close' in message) db?.close();
  parentPort!.postMessage({ done: message.id });
}

// In arrival order: a routed small write waits behind the bulk transaction, as it must (one writer).
parentPort!.on('message', (message: Message) => {
  chain = chain.then(() => handle(message)).catch((error: unknown) => parentPort!.postMessage({ done: message.id, error: String(error) }));
});
