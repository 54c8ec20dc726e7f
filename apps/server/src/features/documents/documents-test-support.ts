import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import { ADMIN_EMAIL, bearer, createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { multipartBody, type TestFilePart } from '../../test/multipart';

/** Test helpers of the documents feature: a small directory (facilities, users) and upload/download calls. */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function call(t: TestApp, token: string | undefined, method: Method, url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: jsonOf(response), response };
}

function jsonOf(response: LightMyRequestResponse) {
  return response.body && String(response.headers['content-type']).startsWith('application/json')
    ? response.json()
    : undefined;
}

export async function upload(
  t: TestApp,
  token: string | undefined,
  fields: Record<string, string | string[]>,
  file: TestFilePart | TestFilePart[] | undefined,
  url = '/api/documents',
) {
  const { payload, headers } = multipartBody(fields, file ?? []);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
  return { status: response.statusCode, body: jsonOf(response), response };
}

/** The SHA-256 of a file's content, in hex, as the API reports it. */
export const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** A fresh app (first administrator signed in) with its directory: the setup of most documents test files. */
export async function openDocumentsApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ t: TestApp; dir: Directory }> {
  const t = await createTestApp(env, options);
  return { t, dir: await setUpDirectory(t, await t.signIn(ADMIN_EMAIL)) };
}

/** The documents app of the calling file or `describe` block: `t` and `dir` are set once its `beforeAll` has run. */
export interface DocumentsSuite {
  readonly t: TestApp;
  readonly dir: Directory;
}

/**
 * Gives the calling block its documents app (as `openDocumentsApp(env, options)` makes it) in a `beforeAll`, and
 * closes it in an `afterAll`. Call it before the block's own hooks, as `signedInSuite`.
 */
export function documentsSuite(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): DocumentsSuite {
  const suite = {} as { t: TestApp; dir: Directory };
  beforeAll(async () => {
    Object.assign(suite, await openDocumentsApp(env, options));
  });
  afterAll(() => suite.t.close());
  return suite;
}

export interface Directory {
  admin: string;
  /** Two facilities; the facility roles are assigned to the first only. */
  facilityA: string;
  facilityB: string;
  programArea: string;
  regulation: string;
  tokens: Record<Role, string>;
  userIds: Record<Role, string>;
}

/** Two facilities, a program area, a regulation, and one signed-in user of each role (facility roles in A). */
export async function setUpDirectory(t: TestApp, admin: string, suffix = ''): Promise<Directory> {
  const post = async (url: string, payload: object) => {
    const response = await call(t, admin, 'POST', url, payload);
    expect(response.status, response.response.body).toBe(201);
    return response.body.data._id as string;
  };
  const facilityA = await post('/api/facilities', {
    name: `Sweetwater Wind${suffix ? ` ${suffix}` : ''}`,
    code: `SWW${suffix}`,
    type: 'WIND',
    timeZone: 'America/Chicago',
  });
  const facilityB = await post('/api/facilities', {
    name: `Mesa Solar${suffix ? ` ${suffix}` : ''}`,
    code: `MSS${suffix}`,
    type: 'SOLAR',
    timeZone: 'America/Phoenix',
  });
  const programArea = await post('/api/program-areas', { name: `Stormwater${suffix ? ` ${suffix}` : ''}` });
  const regulation = await post('/api/regulations', {
    title: `Clean Water Act NPDES${suffix ? ` ${suffix}` : ''}`,
    citation: '40 CFR 122',
    jurisdiction: 'FEDERAL',
  });
  const roles: Role[] = ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'];
  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, string>;
  for (const role of roles) {
    const user = await t.createUser(role, undefined, { firstName: 'Pat', lastName: role.toLowerCase() });
    userIds[role] = user.id;
    if (role === 'FACILITY_ADMIN' || role === 'FACILITY_USER') {
      await post('/api/user-facilities', { userId: user.id, facilityId: facilityA });
    }
    tokens[role] = await t.signIn(user.email);
  }
  return { admin, facilityA, facilityB, programArea, regulation, tokens, userIds };
}

/** Every regular file under a folder (recursively). */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files stored by the local driver (probe files excluded). */
export function storedFiles(t: TestApp): string[] {
  return filesUnder(t.config.storage.localRoot).filter((file) => !path.basename(file).startsWith('.ready-probe'));
}

/** Temporary upload files left behind (there must be none once a request has been answered). */
export function tempFiles(t: TestApp): string[] {
  return filesUnder(path.join(t.config.dataDir, 'upload-tmp'));
}

export function expectFileHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(String(response.headers['content-disposition'])).toMatch(
    /^(attachment|inline); filename="[^"]*"; filename\*=UTF-8''/,
  );
}

/**
 * Runs `body` while the database refuses every insert into `table` (a trigger that raises), to test what
 * a failed database write leaves behind; the trigger is dropped afterwards, whatever happens.
 */
export async function withInsertsRefused(t: TestApp, table: string, body: () => Promise<void>): Promise<void> {
  const { db } = t.database;
  const name = sql.raw(`refuse_${table}`);
  const on = sql.raw(table);
  const postgres = testDialect() === 'postgres';
  if (postgres) {
    await sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
      db,
    );
    await sql`create trigger ${name} before insert on ${on} for each row execute function ${name}()`.execute(db);
  } else {
    await sql`create trigger ${name} before insert on ${on} begin select raise(abort, 'refused'); end`.execute(db);
  }
  try {
    await body();
  } finally {
    await sql`drop trigger ${name}${postgres ? sql` on ${on}` : sql``}`.execute(db);
    if (postgres) await sql`drop function ${name}()`.execute(db);
  }
}
