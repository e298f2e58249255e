/**
 * `node --import tsx test/helpers/migrateProcess.ts <database url>`: migrates the database as an Apsis instance does at
 * its start, in a process of its own, and prints the versions it applied as JSON (test/storage/migrations.test.ts
 * starts several at once: the embedded driver is synchronous, so instances sharing a file must be processes).
 */
import { openDatabase } from '../../storage/sql/db.ts';
import { migrate } from '../../storage/sql/migrations.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: migrateProcess.ts <database url>');
const db = await openDatabase({ url });
try {
  process.stdout.write(`${JSON.stringify(await migrate(db))}\n`);
} finally {
  await db.close();
}
