/**
 * Runs one statement per batch of `items`, in order: a statement with thousands of bound parameters would
 * approach SQLite's limit (32,766) or PostgreSQL's (65,535), so a long list of rows or ids is written in slices.
 */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  statement: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) await statement(items.slice(start, start + size));
}
