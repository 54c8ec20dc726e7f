import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createKept, valueBytes } from '../../platform/kept';
import { likePattern } from '../../platform/search-text';
import { findIdsMatching, findSearchTextsRevision } from './task-lookups.repository';

/** What one search word matches: a task matches when its requirement or its facility is among these. */
export interface SearchWordMatch {
  requirementIds: string[];
  facilityIds: string[];
}

/**
 * A task search's words resolved to requirement and facility ids, cached per word while the search
 * texts' revision holds (migration 0140): the LIKE scans of both tables (1–2 ms per request on the
 * bench's 2,000 requirements) run once per word and change of those texts, not on every request. The
 * revision is read with every search, so every instance sees a change at once. Kept in the process's
 * one store (platform/kept.ts).
 */
export function createSearchWords(db: Kysely<Database>): (words: string[]) => Promise<SearchWordMatch[]> {
  const kept = createKept<SearchWordMatch>(valueBytes);
  return async (words) => {
    const revision = await findSearchTextsRevision(db);
    const matches: SearchWordMatch[] = [];
    for (const word of words) {
      const pattern = likePattern(word);
      matches.push(
        await kept.get(word, revision, async () => ({
          requirementIds: await findIdsMatching(db, 'requirements', pattern),
          facilityIds: await findIdsMatching(db, 'facilities', pattern),
        })),
      );
    }
    return matches;
  };
}
