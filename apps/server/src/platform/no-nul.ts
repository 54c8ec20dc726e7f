import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@rtms/shared/error-codes';
import { invalid } from './errors';

/** The 400 for a NUL character in the fields at `paths`. */
export function nulRefused(paths: string[]) {
  const details: FieldError[] = paths.map((path) => ({ path, message: 'Must not contain a NUL character' }));
  return invalid('The request contains a character that is not allowed (NUL).', details);
}

/** Strings looked at per request, at most (a body past this is refused by its schema anyway). */
const MAX_VALUES = 100_000;
export const NUL = '\u0000';

/** The paths (`locale.name`, `ids.2`) of the strings under `value` that hold a NUL character. */
function nulPaths(value: unknown, root: string): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, root]];
  for (let seen = 0; stack.length > 0 && seen < MAX_VALUES && found.length < 20; seen += 1) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(path);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return found;
}

/**
 * Refuses a NUL character anywhere in a request's JSON body, query or path parameters, with the field
 * named: PostgreSQL cannot store it in text and SQLite would, so without this the same request had two
 * outcomes. No user types one; it is always malformed or hostile input. (File names in multipart
 * uploads are checked by the upload validation.)
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // In the path and the query a NUL can only arrive percent-encoded (the HTTP parser refuses a raw
    // one), so most requests skip the walk of their parameters; this runs on every request.
    const inUrl = request.url.includes('%00');
    const paths = [
      ...(inUrl ? [...nulPaths(request.params, ''), ...nulPaths(request.query, '')] : []),
      ...(request.body === undefined ? [] : nulPaths(request.body, '')),
    ];
    done(paths.length > 0 ? nulRefused(paths) : undefined);
  });
}
