import autocannon, { type Request } from 'autocannon';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashToken } from '../../features/sessions/sessions.service';
import { analyze } from './bench.repository';
import { newId, nowIso } from '../../platform/ids';

/**
 * The server's memory stays flat under requests that vary everything a kept answer is
 * keyed by — the caller's scope (users bound to different facilities: each scope is its own IN list, its
 * own statement text and its own answers), the filters, the order, the page and the search words. The
 * server's RSS is read at the start and the end (after a collection), beside the kept store's bytes.
 */

/** Users of the soak, each bound to its own set of facilities (FACILITY_USER: a scope of its own). */
const SOAK_USERS = 40;
const SOAK_EMAIL = (index: number) => `bench-soak-${index}@example.com`;
const SOAK_TOKEN = (index: number) => `bench-soak-session-${index}-0b5e7c1d`;
const SEARCH_WORDS = ['monthly', 'annual', 'quarter', 'permit', 'report', 'inspect', 'air', 'water', 'waste', 'tank'];
const SORTS = ['dueDate', '-dueDate', 'title', '-title', 'facility', '-updatedAt'];
const STATES = ['OPEN', 'OVERDUE', 'DUE_SOON', 'UPCOMING', 'COMPLETED'];

/**
 * The soak's users and a live session for each (tokens known to the bench; no sign-in, no password), created
 * once per database. Returns their bearer tokens.
 */
export async function seedSoakUsers(db: Kysely<Database>): Promise<string[]> {
  const facilities = (await db.selectFrom('facilities').select('id').orderBy('id').execute()).map((row) => row.id);
  const now = nowIso();
  const expires = nowIso(new Date(Date.now() + 365 * 86_400_000));
  const tokens: string[] = [];
  for (let index = 0; index < SOAK_USERS; index += 1) {
    const token = SOAK_TOKEN(index);
    tokens.push(token);
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SOAK_EMAIL(index))
      .executeTakeFirst();
    if (existing) {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now, expiresAt: expires })
        .where('tokenHash', '=', hashToken(token))
        .execute();
      continue;
    }
    const userId = newId();
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: SOAK_EMAIL(index),
        firstName: 'Soak',
        lastName: String(index),
        role: 'FACILITY_USER',
        passwordHash: '!',
        lastSignInAt: null,
        preferences: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // From 2 to 41 facilities, from a different start for each user: 40 distinct scopes.
    const count = 2 + index;
    const bound = Array.from({ length: count }, (_, k) => facilities[(index * 7 + k * 3) % facilities.length]!);
    await db
      .insertInto('user_facilities')
      .values(
        [...new Set(bound)].map((facilityId) => ({ id: newId(), userId, facilityId, createdAt: now, updatedAt: now })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values({
        id: newId(),
        userId,
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: expires,
        revokedAt: null,
        ip: null,
        userAgent: 'bench soak',
      })
      .execute();
  }
  // After the seeding's analyze: without this the planner takes `users` for the one row it had then.
  await analyze(db, ['users', 'user_facilities', 'sessions']);
  return tokens;
}

/** The n-th request of the soak: a path and who asks it (a soak user, or the administrator: every facility). */
function soakRequest(n: number, tokens: string[], adminToken: string, facilityIds: string[], month: string) {
  const token = n % 5 === 0 ? adminToken : tokens[n % tokens.length]!;
  const pick = <T>(list: T[], salt: number) => list[Math.floor(n / salt) % list.length]!;
  const page = 1 + (Math.floor(n / 3) % 30);
  const paths = [
    `/api/tasks?page=${page}&sort=${pick(SORTS, 7)}`,
    `/api/tasks?search=${pick(SEARCH_WORDS, 11)}&page=${1 + (page % 5)}`,
    `/api/tasks?state=${pick(STATES, 13)}&facilityId=${pick(facilityIds, 17)}`,
    `/api/tasks?dueFrom=${month}-01&dueTo=${month}-${String(1 + (n % 28)).padStart(2, '0')}&sort=${pick(SORTS, 3)}`,
    `/api/tasks/summary`,
    `/api/tasks/summary?facilityId=${pick(facilityIds, 19)}`,
    `/api/calendar/days?from=${month}-01&to=${month}-28&search=${pick(SEARCH_WORDS, 23)}`,
    `/api/requirements?search=${pick(SEARCH_WORDS, 29)}&page=${1 + (page % 4)}`,
    `/api/documents?page=${page}`,
    `/api/facilities?search=${pick(SEARCH_WORDS, 31)}`,
  ];
  return { path: paths[n % paths.length]!, token };
}

export interface ServerMemory {
  rssMb: number;
  heapUsedMb: number;
  keptMb: number;
  keptEntries: number;
}

export interface SoakResult {
  seconds: number;
  requests: number;
  non2xx: number;
  errors: number;
  start: ServerMemory;
  end: ServerMemory;
}

async function memoryOf(barePort: number): Promise<ServerMemory> {
  return (await (await fetch(`http://127.0.0.1:${barePort}/memory`)).json()) as ServerMemory;
}

/**
 * Runs the soak for `seconds` at `connections`: first a warm-up of a tenth of it (at most a minute) so that the
 * start's memory is a running server's, then the measured run.
 */
export async function runSoak(options: {
  base: string;
  barePort: number;
  adminToken: string;
  tokens: string[];
  facilityIds: string[];
  month: string;
  connections: number;
  seconds: number;
}): Promise<SoakResult> {
  let n = 0;
  const run = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: options.base,
          connections: options.connections,
          duration: seconds,
          requests: [
            {
              setupRequest: (request: Request) => {
                const next = soakRequest(n++, options.tokens, options.adminToken, options.facilityIds, options.month);
                return { ...request, path: next.path, headers: { authorization: `Bearer ${next.token}` } };
              },
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
    });
  await run(Math.max(1, Math.min(60, Math.round(options.seconds / 10))));
  const start = await memoryOf(options.barePort);
  const result = await run(options.seconds);
  const end = await memoryOf(options.barePort);
  return {
    seconds: options.seconds,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    start,
    end,
  };
}
