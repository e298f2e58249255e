/**
 * A row version on `spacecraft`: the spacecraft's ETag is made from it instead of hashing the
 * record's canonical JSON on every GET (about a tenth of the event loop's work per `GET /operations/spacecraft/{id}`).
 *
 * Every row starts at 1; the trigger adds 1 after any UPDATE of the row that did not set the version itself, so every
 * writer (this service's and any later one's, whatever columns it changes) moves the tag without knowing about it.
 * One exception: `next_payload_slot`, the counter storage/payloads.ts takes a payload's slot from, is in the row but
 * not in the spacecraft's representation; an UPDATE that moves it (that statement changes nothing else) leaves the
 * version alone, so adding a payload does not make a caller's spacecraft tag stale (If-Match would then fail for
 * nothing). A statement that moved the counter and a represented column at once would not move the version: none
 * does, and none should.
 * SQLite runs the trigger's own UPDATE without firing the trigger again (recursive triggers are off by default, and the
 * WHEN clause is false for it anyway). A row is never replaced (no INSERT OR REPLACE on spacecraft), so a version is
 * never reused for an id.
 */
import type { Migration } from '../migrations.ts';

export const migration0015: Migration = {
  version: 15,
  name: 'spacecraft row version',
  statements: [
    'ALTER TABLE spacecraft ADD COLUMN row_version INTEGER NOT NULL DEFAULT 1',
    `CREATE TRIGGER spacecraft_row_version AFTER UPDATE ON spacecraft FOR EACH ROW WHEN NEW.row_version = OLD.row_version AND NEW.next_payload_slot IS OLD.next_payload_slot
     BEGIN
       UPDATE spacecraft SET row_version = OLD.row_version + 1 WHERE rowid = NEW.rowid;
     END`,
  ],
};
