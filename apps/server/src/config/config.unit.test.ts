import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The ConfigError that `env` provokes (fails the test when none is thrown). */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    const dataDir = path.resolve('./data');
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: `sqlite:${path.join(dataDir, 'rtms.sqlite')}`,
      appName: 'RTMS',
      logoUrl: '/logo.svg',
      companyWebsite: 'https://example.com',
      publicUrl: '',
      signinUrl: '/signin',
      supportEmail: '',
      errorReportingDsn: '',
      smtp: { url: '', from: '' },
      session: { idleMinutes: 60, absoluteHours: 12 },
      admin: { email: 'admin@rtms.local', password: '' },
      requestTimeoutMs: 300_000,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.storage).toMatchObject({
      driver: 'local',
      localRoot: path.join(dataDir, 'uploads'),
      folder: 'uploads',
    });
  });

  it('reads good values, and treats empty or blank variables as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://rtms@db:5432/rtms',
      COMPANY_WEBSITE: 'https://power.example.org/',
      SUPPORT_EMAIL: 'Help@Example.com',
      SESSION_IDLE_MINUTES: '15',
      ADMIN_PASSWORD: 'a-long-enough-password',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'rtms',
      S3_ENDPOINT: 'https://s3.example.com',
      TRUST_PROXY: 'yes',
      REQUEST_TIMEOUT_MS: ' 5000 ',
      SESSION_ABSOLUTE_HOURS: '',
      HOST: '   ',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://rtms@db:5432/rtms',
      companyWebsite: 'https://power.example.org/',
      session: { idleMinutes: 15, absoluteHours: 12 },
      admin: { password: 'a-long-enough-password' },
      storage: { driver: 's3', s3: { bucket: 'rtms', endpoint: 'https://s3.example.com' } },
      trustProxy: 1,
      requestTimeoutMs: 5000,
      host: '0.0.0.0',
    });
  });

  const badValues: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'abc' }],
    ['MFA_ENCRYPTION_KEY', { MFA_ENCRYPTION_KEY: 'too-short' }],
    ['MFA_ENCRYPTION_KEY', { MFA_ENCRYPTION_KEY: 'ab'.repeat(31) }],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'http://idp.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }],
    ['OIDC_CLIENT_SECRET', { OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_ID: 'a' }],
    ['OIDC_ROLE_MAP', { OIDC_ROLE_MAP: 'admins=KING' }],
    ['OIDC_DEFAULT_ROLE', { OIDC_DEFAULT_ROLE: 'KING' }],
    ['OIDC_ONLY', { OIDC_ONLY: 'true' }],
    ['PORT', { PORT: '1.5' }],
    ['PORT', { PORT: '0x10' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['COMPANY_WEBSITE', { COMPANY_WEBSITE: 'notaurl' }],
    ['COMPANY_WEBSITE', { COMPANY_WEBSITE: 'javascript:alert(1)' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'file:///etc/passwd' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'bad' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['SESSION_ABSOLUTE_HOURS', { SESSION_ABSOLUTE_HOURS: '-1' }],
    ['REQUEST_TIMEOUT_MS', { REQUEST_TIMEOUT_MS: '10' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'aaaaaaaaaaaaaaaa' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['S3_BUCKET', { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example.com' }],
    ['S3_ENDPOINT', { STORAGE_DRIVER: 's3', S3_BUCKET: 'rtms' }],
    ['STORAGE_DRIVER', { STORAGE_DRIVER: 'ftp' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.5,evil.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: '99' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ];
  it.each(badValues)('refuses a bad %s with a ConfigError naming it (%j)', (name, env) => {
    const error = configErrorOf(env);
    expect(error.message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses/CIDRs; true is one hop, never the whole header', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('reads the second-factor key (hex or base64) and the single sign-on settings', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: hex }).mfaEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ MFA_ENCRYPTION_KEY: base64 }).mfaEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).mfaEncryptionKey).toBeUndefined();
    expect(configErrorOf({ MFA_ENCRYPTION_KEY: 'secret-key-value' }).message).not.toContain('secret-key-value');

    expect(loadConfig({}).oidc).toBeUndefined();
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.com/realms/acme',
      OIDC_CLIENT_ID: 'rtms',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ROLE_MAP: 'rtms admins=ALL_FACILITY_ADMIN, staff=FACILITY_USER',
      OIDC_ONLY: 'true',
      ADMIN_EMAIL: 'Root@Example.com',
    });
    expect(config.oidc).toMatchObject({
      issuer: 'https://login.example.com/realms/acme',
      label: 'single sign-on',
      scopes: 'openid email profile',
      roleClaim: 'groups',
      roleMap: { 'rtms admins': 'ALL_FACILITY_ADMIN', staff: 'FACILITY_USER' },
      defaultRole: undefined,
      facilityClaim: 'facilities',
      only: true,
      breakGlassEmail: 'root@example.com',
    });
  });

  it('never echoes the administrator password it refuses', () => {
    expect(configErrorOf({ ADMIN_PASSWORD: 'secret-123' }).message).not.toContain('secret-123');
  });

  it('lists every bad variable at once, including the rules across variables', () => {
    const error = configErrorOf({ PORT: 'abc', ADMIN_PASSWORD: 'short', STORAGE_DRIVER: 's3', SUPPORT_EMAIL: 'bad' });
    for (const name of ['PORT', 'ADMIN_PASSWORD', 'S3_BUCKET', 'S3_ENDPOINT', 'SUPPORT_EMAIL']) {
      expect(error.message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
  });
});

describe('server start with a bad configuration', () => {
  it('exits non-zero and names the variable on stderr', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-config-'));
    try {
      const result = spawnSync('npx', ['tsx', 'apps/server/src/server.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).not.toBe(0);
      expect(result.status).not.toBeNull();
      expect(result.stderr).toContain('PORT');
      expect(result.stderr).toContain('Invalid configuration');
      // It stopped before opening a database.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
