/** Reading nullable columns of a result row. */
export function nullableText(row: Record<string, unknown>, key: string): string | null {
  return row[key] == null ? null : String(row[key]);
}

export function nullableNumber(row: Record<string, unknown>, key: string): number | null {
  return row[key] == null ? null : Number(row[key]);
}
