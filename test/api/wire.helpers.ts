/** Helpers of the wire tests: what a test reaches past the API for (a record as an older version stored it), and polling. */
import type { Db } from '../../storage/db.ts';

/** Gives a spacecraft a name the API no longer accepts, as a record stored before the rule at the door would have. */
export async function renameSpacecraftRaw(db: Db, spacecraftId: string, name: string): Promise<void> {
  const result = await db.execute({ sql: 'UPDATE spacecraft SET name = ? WHERE id = ?', args: [name, spacecraftId] });
  if (result.rowsAffected !== 1) throw new Error(`no spacecraft ${spacecraftId}`);
}

/** Polls `probe` every 100 ms until it returns non-null; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
