import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '../../test/api-calls';
import { signedInSuite, suiteUser } from '../../test/signed-in-suite';
import { registerSecurityHeaders } from '../../platform/security';
import { registerWebApp } from '../../platform/web-app.routes';
import { createAuditService } from '../audit/audit.service';
import { createReportEmbedService } from './report-embed.service';

/** The embedded BI report: who sets it, which addresses are allowed, and the frame-src it opens. */
describe('report embed address', () => {
  const suite = signedInSuite({ REPORT_EMBED_HOSTS: 'reports.example.com, bi.example.org' });
  const allUser = suiteUser(suite, 'ALL_FACILITY_USER');
  const facilityUser = suiteUser(suite, 'FACILITY_USER');
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-embed-'));

  beforeAll(() => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body></body></html>',
    );
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  const put = (url: string | null, token = suite.admin) => call(suite.t, token, 'PUT', '/api/report-embed', { url });

  /** The frame-src of a page of the web app served over the suite's database. */
  async function pageFrameSources(): Promise<string[]> {
    const app = Fastify({ logger: false });
    const embed = createReportEmbedService(suite.t.database.db, createAuditService(suite.t.database.db), {
      allowedHosts: suite.t.config.reportEmbedHosts,
      clock: () => new Date(),
    });
    await registerSecurityHeaders(app);
    await registerWebApp(app, dist, { frameSource: () => embed.frameSource() });
    try {
      const response = await app.inject({ method: 'GET', url: '/power-bi' });
      expect(response.statusCode).toBe(200);
      const policy = String(response.headers['content-security-policy']);
      const frame = policy.split(';').find((directive) => directive.startsWith('frame-src '))!;
      // Nothing else in the policy names the report's host.
      expect(policy.replace(frame, '')).not.toMatch(/powerbi|example\.(com|org)/);
      return frame.split(' ').slice(1);
    } finally {
      await app.close();
    }
  }

  it('is unset at first: everyone reads null and the pages frame only themselves', async () => {
    expect(await ok(suite.t, facilityUser.token, 'GET', '/api/report-embed')).toEqual({ url: null });
    expect(await pageFrameSources()).toEqual(["'self'", 'blob:']);
  });

  it('only an all-facility administrator sets it', async () => {
    const url = 'https://app.powerbi.com/reportEmbed?reportId=abc&autoAuth=true';
    expect((await put(url, allUser.token)).status).toBe(403);
    expect((await put(url, facilityUser.token)).status).toBe(403);
    expect((await suite.t.app.inject({ method: 'PUT', url: '/api/report-embed', payload: { url } })).statusCode).toBe(
      401,
    );
    expect((await put(url)).status).toBe(200);
    expect(await ok(suite.t, facilityUser.token, 'GET', '/api/report-embed')).toEqual({ url });
    expect(await pageFrameSources()).toEqual(["'self'", 'blob:', 'https://app.powerbi.com']);
  });

  it('allows https on app.powerbi.com or a listed host only, and 400 otherwise', async () => {
    const refused = [
      'http://app.powerbi.com/reportEmbed',
      'https://evil.example.net/report',
      'https://app.powerbi.com.evil.net/report',
      'https://sub.reports.example.com/report',
      'https://user:pw@app.powerbi.com/report',
      'https://app.powerbi.com:8443/report',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//app.powerbi.com/report',
      'app.powerbi.com/report',
      'not a url',
      `https://app.powerbi.com/${'a'.repeat(3000)}`,
    ];
    for (const url of refused) {
      const answer = await put(url);
      expect(answer.status, url).toBe(400);
      expect(JSON.stringify(answer.body), url).toContain('url');
    }
    expect((await call(suite.t, suite.admin, 'PUT', '/api/report-embed', { url: 5 })).status).toBe(400);
    expect((await call(suite.t, suite.admin, 'PUT', '/api/report-embed', { url: null, extra: 1 })).status).toBe(400);

    expect((await put('https://reports.example.com/view?id=7')).status).toBe(200);
    expect(await pageFrameSources()).toEqual(["'self'", 'blob:', 'https://reports.example.com']);
    expect((await put('https://BI.example.org/x')).status).toBe(200);
    expect(await pageFrameSources()).toEqual(["'self'", 'blob:', 'https://bi.example.org']);
  });

  it('clears to null: the entry and the frame source go', async () => {
    expect((await put(null)).status).toBe(200);
    expect(await ok(suite.t, suite.admin, 'GET', '/api/report-embed')).toEqual({ url: null });
    expect(await pageFrameSources()).toEqual(["'self'", 'blob:']);
    const events = await suite.t.database.db
      .selectFrom('audit_events')
      .select(['action'])
      .where('entityType', '=', 'REPORT_SETTINGS')
      .execute();
    expect(events.length).toBe(4);
  });
});
