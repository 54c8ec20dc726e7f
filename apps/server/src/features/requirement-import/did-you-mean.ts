import { distance } from 'fastest-levenshtein';
import { foldForSearch } from '../../platform/search-text';

/**
 * The known name closest to what was typed, when it is close enough to be a typo (an edit distance of
 * at most a third of its length, at least 2), or a known name that contains it: "did you mean …".
 */
function closestName(typed: string, known: readonly string[]): string | undefined {
  const folded = foldForSearch(typed.trim());
  if (!folded) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const candidate = foldForSearch(name);
    const d = distance(folded, candidate);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(folded.length / 3))) return best;
  if (folded.length >= 3) return known.find((name) => foldForSearch(name).includes(folded));
  return undefined;
}

/** "Unknown x "typed"" with the suggestion when there is one. */
export function unknownMessage(what: string, typed: string, known: readonly string[]): string {
  const suggestion = closestName(typed, known);
  return suggestion ? `Unknown ${what} "${typed}" — did you mean "${suggestion}"?` : `Unknown ${what} "${typed}"`;
}
