/**
 * Folds text for case- and accent-insensitive search: lower case in every script ("Ñ" → "ñ" → "n",
 * "Ä" → "a"). SQLite's lower() only knows ASCII, so the folded text is computed here and stored in a
 * `search_text` column, and the search term is folded the same way: identical results on both databases.
 */
export function foldForSearch(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Escapes LIKE wildcards so that a user's "%" or "_" matches itself. Use with `escape '\'`. */
export function likePattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The folded LIKE patterns of a search, one per whitespace-separated word (a row must match each). */
export function searchPatternsOf(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).map(likePattern);
}
