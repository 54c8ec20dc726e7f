import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { upload } from '../features/documents/documents-test-support';
import { oathtoolCode } from '../test/oathtool';
import { samplePdf, samplePng } from '../test/sample-files';
import { ADMIN_EMAIL, bearer, createSignedInApp, TEST_PASSWORD, type TestApp } from '../test/test-app';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../../..');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const BACKUP = path.join(REPO, 'apps/server/src/cli/backup.ts');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Runs `npm run backup -- …`'s script as its own process, as an operator would, against `env`. */
async function backup(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, [BACKUP, ...args], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run backup (SQLite)', () => {
  let t: TestApp;
  let admin: string;
  let env: Record<string, string>;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-backup-'));
  const files = { 'permit.pdf': samplePdf('Air permit'), 'photo.png': samplePng() };
  const ids: Record<string, string> = {};
  /** A user with a TOTP second factor set up before the backup (enrolled with codes from oathtool). */
  const mfaUser = { id: '', email: '', secret: '', backupCodes: [] as string[] };

  beforeAll(async () => {
    ({ t, admin } = await createSignedInApp());
    env = { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseLocation.url };
    for (const [name, content] of Object.entries(files)) {
      const created = await upload(t, admin, { kind: 'LIBRARY', title: name }, { fileName: name, content });
      expect(created.status, created.response.body).toBe(201);
      ids[name] = created.body.data._id as string;
    }
    const user = await t.createUser('FACILITY_USER');
    const token = await t.signIn(user.email);
    const start = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/totp', headers: bearer(token) });
    const secret = start.json().data.secret as string;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: oathtoolCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    Object.assign(mfaUser, { id: user.id, email: user.email, secret, backupCodes: confirm.json().data.backupCodes });
  });

  /** Password, then the second step with `code`: the second step's answer. */
  async function signInWithCode(app: { inject: TestApp['app']['inject'] }, code: string) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: mfaUser.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { mfaToken } = login.json().data as { mfaToken: string };
    return app.inject({ method: 'POST', url: '/api/users/login/mfa', payload: { mfaToken, code } });
  }
  afterAll(async () => {
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('copies the database online under write load, verifies it, and the copy restores, starts and signs in', async () => {
    const file = path.join(out, 'nightly', 'rtms-backup.sqlite');
    // Writes go on for the whole backup: each acknowledged regulation is recorded with when it was acknowledged.
    const acknowledged: { title: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const title = `Load regulation ${i}`;
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/regulations',
          headers: bearer(admin),
          payload: { title, jurisdiction: 'FEDERAL' },
        });
        expect(response.statusCode, response.body).toBe(201);
        acknowledged.push({ title, at: Date.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    const result = await backup([file], env);
    const finished = Date.now();
    writing = false;
    await writer;

    expect(result.code, result.stderr + result.stdout).toBe(0);
    const during = acknowledged.filter((write) => write.at > started && write.at < finished);
    expect(during.length).toBeGreaterThan(0);
    expect(result.stdout).toContain('integrity check: ok');
    expect(result.stdout).toMatch(/audit chain: intact \(\d+ events\)/);
    expect(result.stdout).toMatch(/regulations\s+\d+/);
    expect(result.stdout).toContain('uploaded files: 2 copied');
    expect(result.stdout).toContain('Backup verified');
    // The second-factor key travels beside the copy, marked secret and readable by its owner only.
    const keyCopy = `${file}.SECRET-mfa-encryption.key`;
    expect(result.stdout).toContain(`second-factor key: copied to ${keyCopy}`);
    expect(result.stdout).toContain('second factors the key opens: 1 of 1');
    expect(fs.statSync(keyCopy).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(keyCopy, 'utf8')).toBe(fs.readFileSync(path.join(t.dataDir, 'mfa-encryption.key'), 'utf8'));
    const printed = /SHA-256 ([0-9a-f]{64}) {2}(.+)/.exec(result.stdout);
    expect(printed?.[1]).toBe(sha(fs.readFileSync(file)));
    expect(printed?.[2]).toBe(file);
    const manifest = JSON.parse(fs.readFileSync(`${file}.manifest.json`, 'utf8'));
    expect(manifest).toMatchObject({ verified: true, integrity: 'ok', database: { sha256: printed?.[1] } });
    // A single self-contained file: no journal beside it, no temporary copy left.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([
      'rtms-backup.sqlite',
      'rtms-backup.sqlite.SECRET-mfa-encryption.key',
      'rtms-backup.sqlite.files',
      'rtms-backup.sqlite.manifest.json',
    ]);

    // Restore as the README says: the file becomes DATA_DIR/rtms.sqlite, the files folder DATA_DIR/uploads,
    // the key DATA_DIR/mfa-encryption.key.
    const restoredDir = fs.mkdtempSync(path.join(out, 'restored-'));
    fs.copyFileSync(file, path.join(restoredDir, 'rtms.sqlite'));
    fs.cpSync(`${file}.files`, path.join(restoredDir, 'uploads'), { recursive: true });
    fs.copyFileSync(keyCopy, path.join(restoredDir, 'mfa-encryption.key'));
    const restored = await buildApp(
      loadConfig({ DATA_DIR: restoredDir, ADMIN_EMAIL, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      { serveWebApp: false },
    );
    try {
      const signIn = await restored.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const token = signIn.json().data.token as string;
      const titles = new Set<string>();
      for (let page = 1; ; page += 1) {
        const list = await restored.app.inject({
          method: 'GET',
          url: `/api/regulations?pageSize=100&page=${page}`,
          headers: bearer(token),
        });
        expect(list.statusCode, list.body).toBe(200);
        const rows = list.json().data as { title: string }[];
        for (const row of rows) titles.add(row.title);
        if (rows.length < 100) break;
      }
      // Everything acknowledged before the backup started is in it; nothing that was never written.
      for (const write of acknowledged.filter((w) => w.at < started))
        expect(titles, write.title).toContain(write.title);
      expect(titles.size).toBeLessThanOrEqual(acknowledged.length);
      // The user with a second factor signs in with a TOTP code (the next time step: the enrolment used this one).
      const totp = await signInWithCode(restored.app, oathtoolCode(mfaUser.secret, 30));
      expect(totp.statusCode, totp.body).toBe(200);
      expect(totp.json().data.user.email).toBe(mfaUser.email);
      const verify = await restored.app.inject({ method: 'GET', url: '/api/audit/verify', headers: bearer(token) });
      expect(verify.json().data.intact).toBe(true);
      for (const [name, content] of Object.entries(files)) {
        const download = await restored.app.inject({
          method: 'GET',
          url: `/api/documents/${ids[name]}/download`,
          headers: bearer(token),
        });
        expect(download.statusCode, name).toBe(200);
        expect(sha(download.rawPayload), name).toBe(sha(content));
      }
    } finally {
      await restored.close();
    }
  });

  it('restored without the key, a second factor answers a clear 409 (never 500) until an administrator resets it', async () => {
    const file = path.join(out, 'keyless.sqlite');
    expect((await backup([file, '--no-files'], env)).code).toBe(0);
    const restoredDir = fs.mkdtempSync(path.join(out, 'keyless-'));
    fs.copyFileSync(file, path.join(restoredDir, 'rtms.sqlite'));
    // No key copied back: the restored server makes a new one, which opens none of the second factors.
    const restored = await buildApp(
      loadConfig({ DATA_DIR: restoredDir, ADMIN_EMAIL, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      { serveWebApp: false },
    );
    try {
      for (const code of [oathtoolCode(mfaUser.secret, 60), mfaUser.backupCodes[0]!]) {
        const answer = await signInWithCode(restored.app, code);
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json()).toMatchObject({
          code: 'CONFLICT',
          message: expect.stringContaining('Ask an administrator to reset your second factor'),
          details: { secondFactorUnreadable: true },
        });
      }
      const adminSignIn = await restored.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
      });
      const adminToken = adminSignIn.json().data.token as string;
      const reset = await restored.app.inject({
        method: 'DELETE',
        url: `/api/users/${mfaUser.id}/mfa`,
        headers: bearer(adminToken),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const after = await restored.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: mfaUser.email, password: TEST_PASSWORD },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().data.token).toEqual(expect.any(String));
    } finally {
      await restored.close();
    }
  });

  it('refuses to overwrite a backup, and points a PostgreSQL configuration to pg_dump', async () => {
    const file = path.join(out, 'once.sqlite');
    expect((await backup([file, '--no-files'], env)).code).toBe(0);
    const again = await backup([file], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    const postgres = await backup([path.join(out, 'pg.sqlite')], {
      ...env,
      DATABASE_URL: 'postgres://backup@127.0.0.1:5432/rtms',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('pg_dump --format=custom');
    expect((await backup([], env)).stderr).toContain('Usage: npm run backup -- <file>');
  });
});
