/**
 * storage/sql/pipelinedStatements.ts on this run's backend (the embedded file, or a sqld of its own on the sqld pass):
 * the statements run in their order, inside the caller's transaction; on a libSQL server's transaction several are
 * out at once (never more than PIPELINE_DEPTH) and their results are given back in order; the first failure is what the caller gets, only once every statement
 * sent was answered, and its transaction then stores nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InStatement, ResultSet } from '@libsql/client';
import { inTransaction, openDatabase, type Db, type SqlExecutor } from '../../storage/sql/db.ts';
import { executeInOrder, PIPELINE_DEPTH, pipelines } from '../../storage/sql/pipelinedStatements.ts';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/database.ts';

const STATEMENTS = 200;

/** `tx` with the most statements ever out at once counted, and the order they were answered in. */
function counting(tx: SqlExecutor): { executor: SqlExecutor; maxOut: () => number; answered: number[] } {
  let out = 0;
  let maxOut = 0;
  const answered: number[] = [];
  const executor = {
    ...(pipelines(tx) ? { pipelinesStatements: true as const } : {}),
    execute: async (stmt: InStatement): Promise<ResultSet> => {
      out++;
      maxOut = Math.max(maxOut, out);
      try {
        return await tx.execute(stmt);
      } finally {
        out--;
        answered.push(Number((stmt as { args: unknown[] }).args[0]));
      }
    },
  };
  return { executor, maxOut: () => maxOut, answered };
}

describe(`statements of a transaction in order (${testBackend()})`, { timeout: 120_000 }, () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apsis-pipelined-'));
    database = await testDatabase(dir);
    db = await openDatabase({ url: database.url });
    await db.execute('CREATE TABLE ordered (n INTEGER PRIMARY KEY, running_total INTEGER NOT NULL)');
  });
  after(async () => {
    await db?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every statement runs once, in order, inside the transaction; several out at once only on a libSQL server', async () => {
    let made = 0;
    const results: Array<[number, number]> = [];
    const counted = await inTransaction(db, async (tx) => {
      const counted = counting(tx);
      // each row's total reads the row before it: a statement run before the one before it would find no row
      await executeInOrder(counted.executor, (function* () {
        for (let n = 1; n <= STATEMENTS; n++) {
          made++;
          yield {
            sql: 'INSERT INTO ordered (n, running_total) VALUES (?, ? + COALESCE((SELECT running_total FROM ordered WHERE n = ? - 1), CASE WHEN ? = 1 THEN 0 END)) RETURNING n',
            args: [n, n, n, n],
          };
        }
      })(), (result, index) => results.push([index, Number(result.rows[0]!.n)]));
      return counted;
    });
    assert.equal(made, STATEMENTS);
    const rows = (await db.execute('SELECT n, running_total FROM ordered ORDER BY n')).rows;
    assert.equal(rows.length, STATEMENTS);
    rows.forEach((row, k) => assert.equal(Number(row.running_total), ((k + 1) * (k + 2)) / 2, `row ${k + 1}`));
    // the server ran them in order (the running totals above); the wrappers' answers may settle in another order
    assert.deepEqual([...counted.answered].sort((a, b) => a - b), Array.from({ length: STATEMENTS }, (_, k) => k + 1), 'each answered once');
    assert.deepEqual([...results].sort((a, b) => a[0] - b[0]), Array.from({ length: STATEMENTS }, (_, k) => [k, k + 1]), 'each result given with its own index');
    if (db.backend === 'remote') {
      assert.ok(counted.maxOut() > 1 && counted.maxOut() <= PIPELINE_DEPTH, `out at once on a server's transaction: ${counted.maxOut()}`);
    } else {
      assert.equal(counted.maxOut(), 1, 'one at a time on the embedded file');
    }
  });

  test('the first failure is what the caller gets, once every statement sent is answered; the transaction stores nothing', async () => {
    await db.execute('DELETE FROM ordered');
    let made = 0;
    let outWhenThrown = -1;
    const failAt = 50;
    await assert.rejects(
      inTransaction(db, async (tx) => {
        const counted = counting(tx);
        let out = 0;
        const watched: SqlExecutor & { pipelinesStatements?: true } = {
          ...(pipelines(tx) ? { pipelinesStatements: true as const } : {}),
          execute: async (stmt) => {
            out++;
            try {
              return await counted.executor.execute(stmt);
            } finally {
              out--;
            }
          },
        };
        try {
          await executeInOrder(watched, (function* () {
            for (let n = 1; n <= STATEMENTS; n++) {
              made++;
              // statement failAt breaks NOT NULL; failAt + 1, sent meanwhile on a server, the primary key (n = 1 again):
              // the caller is told of the first
              if (n === failAt) yield { sql: 'INSERT INTO ordered (n, running_total) VALUES (?, NULL)', args: [n] };
              else if (n === failAt + 1) yield { sql: 'INSERT INTO ordered (n, running_total) VALUES (?, ?)', args: [1, 1] };
              else yield { sql: 'INSERT INTO ordered (n, running_total) VALUES (?, ?)', args: [n, n] };
            }
          })());
        } finally {
          outWhenThrown = out;
        }
      }),
      (error: Error) => /NOT NULL/i.test(error.message) || /SQLITE_CONSTRAINT_NOTNULL/.test(String((error as { code?: string }).code)),
    );
    assert.equal(outWhenThrown, 0, 'nothing still out when the failure reached the caller');
    assert.ok(made <= failAt + PIPELINE_DEPTH, `statements made after the failure: ${made - failAt} (at most ${PIPELINE_DEPTH})`);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM ordered')).rows[0]!.n), 0, 'the transaction stored nothing');
  });

  test('outside a transaction, each statement is answered before the next is made (an async generator read as it goes)', async () => {
    await db.execute('DELETE FROM ordered');
    const counted = counting(db);
    await executeInOrder(counted.executor, (async function* () {
      for (let k = 0; k < 20; k++) {
        await new Promise((resolve) => setImmediate(resolve));
        yield { sql: 'INSERT INTO ordered (n, running_total) VALUES (?, ?)', args: [k + 1, k + 1] };
      }
    })());
    assert.equal(counted.maxOut(), 1);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM ordered')).rows[0]!.n), 20);
  });
});
