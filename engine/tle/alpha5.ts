/**
 * Catalogue number ↔ 5-character TLE field, including the Alpha-5 extension.
 *
 * Alpha-5 (18th Space Defense Squadron, adopted 2020 for the catalogue beyond 99999) replaces the first digit
 * by a letter worth 10..33. Letters I and O are skipped because they read as 1 and 0, so the 24 letters
 * A..Z without I, O cover 100000 (`A0000`) .. 339999 (`Z9999`). Numbers above 339999 have no TLE form and are
 * rejected, never truncated.
 */
import { TleCatalogNumberError } from './errors.ts';

const ALPHA5_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Highest catalogue number that Alpha-5 can express. */
export const MAX_ALPHA5_CATALOG_NUMBER = 339999;

/** Placeholder written when the spacecraft has no NORAD id (the conventional "analyst" number). */
export const PLACEHOLDER_CATALOG_NUMBER = 99999;

/** Encode a catalogue number (0..339999) into the 5-character field; throws {@link TleCatalogNumberError}. */
export function encodeCatalogNumber(catalogNumber: number): string {
  if (!Number.isSafeInteger(catalogNumber) || catalogNumber < 0 || catalogNumber > MAX_ALPHA5_CATALOG_NUMBER) {
    throw new TleCatalogNumberError(catalogNumber);
  }
  if (catalogNumber <= 99999) return String(catalogNumber).padStart(5, '0');
  const lead = Math.floor(catalogNumber / 10000); // 10..33
  const rest = catalogNumber % 10000;
  return ALPHA5_LETTERS.charAt(lead - 10) + String(rest).padStart(4, '0');
}

/**
 * Decode the 5-character field. Leading blanks are accepted (older writers pad with spaces); a letter other
 * than A..Z without I/O, or any other character, is rejected with `null` so the parser can report it.
 */
export function decodeCatalogNumber(field: string): number | null {
  if (field.length !== 5) return null;
  const first = field.charAt(0);
  const tail = field.slice(1);
  if (/^[A-Z]$/.test(first)) {
    const index = ALPHA5_LETTERS.indexOf(first);
    if (index < 0 || !/^\d{4}$/.test(tail)) return null;
    return (index + 10) * 10000 + Number(tail);
  }
  if (!/^ *\d+$/.test(field)) return null;
  return Number(field.trim());
}
