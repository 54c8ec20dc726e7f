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

  beforeAll(async () => {
    ({ t, admin } = await createSignedInApp());
    env = { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseLocation.url };
    for (const [name, content] of Object.entries(files)) {
      const created = await upload(t, admin, { kind: 'LIBRARY', title: name }, { fileName: name, content });
      expect(created.status, created.response.body).toBe(201);
      ids[name] = created.body.data._id as string;
    }
  });
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
    const printed = /SHA-256 ([0-9a-f]{64}) {2}(.+)/.exec(result.stdout);
    expect(printed?.[1]).toBe(sha(fs.readFileSync(file)));
    expect(printed?.[2]).toBe(file);
    const manifest = JSON.parse(fs.readFileSync(`${file}.manifest.json`, 'utf8'));
    expect(manifest).toMatchObject({ verified: true, integrity: 'ok', database: { sha256: printed?.[1] } });
    // A single self-contained file: no journal beside it, no temporary copy left.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([
      'rtms-backup.sqlite',
      'rtms-backup.sqlite.files',
      'rtms-backup.sqlite.manifest.json',
    ]);

    // Restore as the README says: the file becomes DATA_DIR/rtms.sqlite, the files folder DATA_DIR/uploads.
    const restoredDir = fs.mkdtempSync(path.join(out, 'restored-'));
    fs.copyFileSync(file, path.join(restoredDir, 'rtms.sqlite'));
    fs.cpSync(`${file}.files`, path.join(restoredDir, 'uploads'), { recursive: true });
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
