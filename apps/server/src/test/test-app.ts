import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Role } from '@rtms/shared/enums';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config/config';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { newId, nowIso } from '../platform/ids';
import { hashPassword } from '../platform/passwords';
import { foldForSearch } from '../platform/search-text';
import { userRows } from '../features/users/users.repository';
import type { Clock } from '../platform/clock';

export const ADMIN_EMAIL = 'admin@example.com';
export const TEST_PASSWORD = 'correct-horse-battery-staple';

export type TestDialect = 'sqlite' | 'postgres';

/** The dialect of this test project (set per Vitest project; see vitest.config.ts). */
export function testDialect(): TestDialect {
  return process.env.RTMS_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestApp extends App {
  config: AppConfig;
  dataDir: string;
  /** What the app printed at start (the generated first-administrator credentials, when there were any). */
  printed: string[];
  /** Signs in and returns the bearer token. */
  signIn(email: string, password?: string): Promise<string>;
  /** Creates an active user with TEST_PASSWORD directly in the database and returns its id. */
  createUser(
    role: Role,
    email?: string,
    names?: { firstName: string; lastName: string },
  ): Promise<{ id: string; email: string }>;
  /** A second connection to this test's database (e.g. for a second app instance); the caller closes it. */
  reopenDatabase(): DatabaseHandle;
  /** Where another process finds this test's database. */
  databaseLocation: TestDatabaseHandle['location'];
}

/** A test database that can be opened a second time (two app instances on one database). */
export type TestDatabaseHandle = DatabaseHandle & {
  reopen(): DatabaseHandle;
  /** Where another process finds this database: its URL, and its schema on PostgreSQL. */
  location: { url: string; schema?: string };
};

/**
 * Opens a fresh, isolated database: a temporary SQLite file, or a new schema in TEST_DATABASE_URL's
 * PostgreSQL that is dropped again on close.
 */
export async function openTestDatabase(dataDir: string): Promise<TestDatabaseHandle> {
  if (testDialect() === 'sqlite') {
    const url = `sqlite:${path.join(dataDir, 'test.sqlite')}`;
    return { ...createDatabase(url), reopen: () => createDatabase(url), location: { url } };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('RTMS_TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase(url, { schema });
  return {
    ...handle,
    reopen: () => createDatabase(url, { schema }),
    location: { url, schema },
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export interface TestAppOptions {
  /**
   * Leave ADMIN_PASSWORD unset, as on a first start without it: the first administrator gets a generated
   * password (see `printed` and `generatedAdminPassword`) and must change it at first sign-in.
   */
  generatedAdminPassword?: boolean;
  /** The clock of the date rules (see BuildOptions.now). */
  now?: Clock;
}

/** Builds the real app on a fresh database, with a known first administrator. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ...(options.generatedAdminPassword ? {} : { ADMIN_PASSWORD: TEST_PASSWORD }),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const database = await openTestDatabase(dataDir);
  const printed: string[] = [];
  const built = await buildApp(config, {
    database,
    serveWebApp: false,
    print: (text) => printed.push(text),
    ...(options.now ? { now: options.now } : {}),
  });
  let passwordHash: string | undefined;
  return {
    ...built,
    config,
    dataDir,
    printed,
    reopenDatabase: () => database.reopen(),
    databaseLocation: database.location,
    async close() {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
    async signIn(email, password = TEST_PASSWORD) {
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { token: string } }).data.token;
    },
    async createUser(
      role,
      email = `${role.toLowerCase()}-${newId().slice(0, 8)}@example.com`,
      names = { firstName: 'Test', lastName: role },
    ) {
      passwordHash ??= await hashPassword(TEST_PASSWORD);
      const id = newId();
      const now = nowIso();
      await userRows.insert(built.database.db, {
        id,
        email,
        firstName: names.firstName,
        lastName: names.lastName,
        role,
        passwordHash,
        active: 1,
        mustChangePassword: 0,
        lastSignInAt: null,
        preferences: null,
        searchText: foldForSearch(names.firstName, names.lastName, email),
        createdAt: now,
        updatedAt: now,
      });
      return { id, email };
    },
  };
}

/** A test app with its first administrator signed in (`admin` is the token): where most feature tests start. */
export async function createSignedInApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(env, options);
  return { t, admin: await t.signIn(ADMIN_EMAIL) };
}

/** The password in the first-administrator credentials the app printed (see `TestAppOptions.generatedAdminPassword`). */
export function generatedAdminPassword(t: Pick<TestApp, 'printed'>): string {
  const match = /password:\s+(\S+)/.exec(t.printed.join('\n'));
  if (!match?.[1]) throw new Error('the app printed no generated administrator password');
  return match[1];
}

/** `Authorization` header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
