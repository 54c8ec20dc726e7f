import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../platform/search-text';
import { findIdsMatching, findSearchTextsRevision } from './task-lookups.repository';

/** What one search word matches: a task matches when its requirement or its facility is among these. */
export interface SearchWordMatch {
  requirementIds: string[];
  facilityIds: string[];
}

/** Words kept (the most recently used). */
const WORDS_KEPT = 500;

/**
 * A task search's words resolved to requirement and facility ids, cached per word while the search
 * texts' revision holds (migration 0140): the LIKE scans of both tables (1–2 ms per request on the
 * bench's 2,000 requirements) run once per word and change of those texts, not on every request. The
 * revision is read with every search, so every instance sees a change at once.
 */
export function createSearchWords(db: Kysely<Database>): (words: string[]) => Promise<SearchWordMatch[]> {
  const cache = new Map<string, { revision: number; match: SearchWordMatch }>();
  return async (words) => {
    const revision = await findSearchTextsRevision(db);
    const matches: SearchWordMatch[] = [];
    for (const word of words) {
      let hit = cache.get(word);
      if (hit?.revision !== revision) {
        const pattern = likePattern(word);
        const [requirementIds, facilityIds] = [
          await findIdsMatching(db, 'requirements', pattern),
          await findIdsMatching(db, 'facilities', pattern),
        ];
        hit = { revision, match: { requirementIds, facilityIds } };
      }
      cache.delete(word);
      cache.set(word, hit);
      if (cache.size > WORDS_KEPT) cache.delete(cache.keys().next().value as string);
      matches.push(hit.match);
    }
    return matches;
  };
}
