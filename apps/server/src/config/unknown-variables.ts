import { distance } from 'fastest-levenshtein';

/**
 * Names in the environment that look meant for RTMS but that it does not read: a typo
 * (`DATABSE_URL`), a variable of a family it knows with an unknown member (`SMTP_PASSWORD`), or any
 * `RTMS_…` name. Such a value is silently ignored, so the start reports it (as a warning: the
 * environment is shared with other software, and an unknown name is not an error).
 */
export function findSuspectVariables(env: Record<string, string | undefined>, known: readonly string[]): string[] {
  const knownSet = new Set(known);
  const families = new Set(
    known
      .filter((name) => name.includes('_') && !NOT_OUR_FAMILIES.has(name.split('_')[0]!))
      .map((name) => `${name.split('_')[0]}_`),
  );
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    // Only upper-case names: npm and the shell export lower-case ones (npm_config_…).
    if (knownSet.has(name) || name !== name.toUpperCase() || IGNORED.some((pattern) => pattern.test(name))) continue;
    const nearest = closestName(name, known);
    if (nearest) warnings.push(`${name} is not a setting RTMS reads; did you mean ${nearest}?`);
    else if (name.startsWith('RTMS_') || [...families].some((family) => name.startsWith(family)))
      warnings.push(`${name} is not a setting RTMS reads (see .env.example for the settings).`);
  }
  return warnings;
}

/** First parts of our names that other software shares (NODE_OPTIONS, NODE_EXTRA_CA_CERTS are Node's). */
const NOT_OUR_FAMILIES = new Set(['NODE']);

const IGNORED = [
  // Kubernetes service links for a service named "rtms" (RTMS_SERVICE_HOST, RTMS_PORT_3000_TCP, …).
  /^RTMS_(SERVICE_|PORT($|_))/,
  // The test runner's choice of database.
  /^RTMS_TEST_/,
];

/**
 * The known name a typo most likely meant: within one edit for short names, two for longer ones, so that
 * HOME (two edits from HOST) or PATH is not taken for a misspelling.
 */
function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; edits: number } | undefined;
  for (const candidate of known) {
    const edits = distance(name, candidate);
    const allowed = candidate.length >= 8 ? 2 : 1;
    if (edits <= allowed && (!best || edits < best.edits)) best = { name: candidate, edits };
  }
  return best?.name;
}
