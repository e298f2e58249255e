import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** Directory of the CCSDS / SP3 sample files copied from Orekit (see test/fixtures/ccsds/SOURCES.md). */
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'ccsds');

export function fixture(kind: string, name: string): string {
  return readFileSync(join(FIXTURES, kind, name), 'utf8');
}

export function fixtureNames(kind: string): string[] {
  return readdirSync(join(FIXTURES, kind)).sort();
}
