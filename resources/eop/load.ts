// Loads the IERS EOP table for the service (Node and Deno): EOP_FILE if set, else the bundled snapshot (IERS 14 C04
// 1962 … 2022, continued by IERS 20 C04 2022-01 … 2023-08).
// This is the only file that reads EOP data from disk; engine/frames/eop.ts parses text and stays pure.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EopTable } from '../../engine/frames/eop.ts';

/** Absolute path of the bundled historical series (IERS EOP 14 C04, 1962-01-01 .. 2022-11-29; see README.md here). */
export const BUNDLED_EOP_FILE: string = fileURLToPath(new URL('./eopc04_IAU2000.62-now', import.meta.url));
/** Absolute path of the bundled recent series (IERS EOP 20 C04, CSV, 2022-01-01 .. 2023-08-28); it wins where both cover. */
export const BUNDLED_EOP_RECENT_FILE: string = fileURLToPath(new URL('./eopc04_20.2022-now.csv', import.meta.url));
/** Cache key of the bundled (spliced) table. */
const BUNDLED = 'bundled';

const cache = new Map<string, EopTable>();

function envEopFile(): string | undefined {
  const value = typeof process !== 'undefined' ? process.env.EOP_FILE : undefined;
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * Parsed EOP table for `path` (default: `EOP_FILE`, else the bundled C04 file). The format (C04 or finals2000A) is
 * detected from the content. Parsed once per path and process. A missing or malformed file throws (with the path
 * and, for bad content, the line number): a misconfigured EOP_FILE must fail at start-up, not degrade silently.
 */
export function loadEopTable(path: string = envEopFile() ?? BUNDLED): EopTable {
  const hit = cache.get(path);
  if (hit) return hit;
  if (path === BUNDLED) {
    const table = EopTable.spliced(loadEopTable(BUNDLED_EOP_FILE), loadEopTable(BUNDLED_EOP_RECENT_FILE));
    cache.set(path, table);
    return table;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read EOP file ${path}: ${(err as Error).message}`);
  }
  let table: EopTable;
  try {
    table = EopTable.parse(text);
  } catch (err) {
    throw new Error(`EOP file ${path}: ${(err as Error).message}`);
  }
  cache.set(path, table);
  return table;
}

/** Where the EOP values come from, for logs and OEM COMMENT lines. */
export function eopSourceDescription(path: string = envEopFile() ?? BUNDLED): string {
  const table = loadEopTable(path);
  return `${table.describe()} from ${path === BUNDLED ? 'bundled IERS EOP 14 C04 + 20 C04 snapshot' : path}`;
}
