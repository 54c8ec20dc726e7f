import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { testClock } from '../test/test-clock';
import { bearer } from '../test/test-app';
import { samplePdf } from '../test/sample-files';
import { documentsSuite, upload } from '../features/documents/documents-test-support';
import { RATE_LIMITS } from './rate-limit';

/**
 * The rate limits of the expensive endpoints, on two app instances sharing one database (as behind a
 * load balancer): a limit counts every instance's requests.
 */
describe('rate limits stored in the database', () => {
  let second: App;
  const clock = testClock('2026-05-04T10:00:00Z');
  const suite = documentsSuite({}, { now: clock });

  beforeAll(async () => {
    second = await buildApp(suite.t.config, { database: suite.t.reopenDatabase(), serveWebApp: false, now: clock });
  });
  afterAll(() => second.close());

  const pack = (app: App['app'], token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/evidence-packs?facilityId=${suite.dir.facilityA}&from=2026-01-01&to=2026-01-31`,
      headers: bearer(token),
    });

  it('limits evidence packs per user across instances, with 429 and Retry-After until the window ends', async () => {
    clock.set('2026-05-04T10:00:30Z');
    const { limit } = RATE_LIMITS.evidencePacks;
    const token = suite.dir.tokens.FACILITY_ADMIN;
    for (let i = 0; i < limit; i += 1) {
      const response = await pack(i % 2 === 0 ? suite.t.app : second.app, token);
      expect(response.statusCode, `pack ${i + 1}`).toBe(200);
    }
    for (const app of [suite.t.app, second.app]) {
      const refused = await pack(app, token);
      expect(refused.statusCode).toBe(429);
      // The ten-minute window started at 10:00:00; 9 minutes 30 seconds remain.
      expect(refused.headers['retry-after']).toBe('570');
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many evidence packs. Try again in 570 seconds.',
      });
    }
    // Counted per user: another user of the same address is not held back.
    expect((await pack(suite.t.app, suite.dir.tokens.FACILITY_USER)).statusCode).toBe(200);
    // An anonymous caller is refused by authentication first, not counted against anyone.
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/evidence-packs' })).statusCode).toBe(401);

    clock.set('2026-05-04T10:10:00Z');
    expect((await pack(second.app, token)).statusCode).toBe(200);
  });

  it('limits uploads and new versions per user across instances, before the file is read', async () => {
    clock.set('2026-05-04T11:00:00Z');
    const { limit } = RATE_LIMITS.uploads;
    const token = suite.dir.tokens.ALL_FACILITY_ADMIN;
    const file = { fileName: 'permit.pdf', content: samplePdf('permit') };
    const first = await upload(suite.t, token, { kind: 'LIBRARY', title: 'Permit' }, file);
    expect(first.status, first.response.body).toBe(201);
    const id = first.body.data._id as string;
    // Bodies that fail validation still count: the limit protects the work of receiving them.
    for (let i = 1; i < limit; i += 1) {
      const app = i % 2 === 0 ? suite.t.app : second.app;
      const response = await app.inject({ method: 'POST', url: '/api/documents', headers: bearer(token) });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await upload(suite.t, token, { kind: 'LIBRARY', title: 'Permit 2' }, file);
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBe('600');
    const version = await upload(suite.t, token, {}, file, `/api/documents/${id}/versions`);
    expect(version.status).toBe(429);
    // Other users upload on.
    const other = await upload(suite.t, suite.dir.admin, { kind: 'LIBRARY', title: 'Plan' }, file);
    expect(other.status).toBe(201);
  });

  it('limits calendar feed fetches per address, whether or not the secret opens a feed', async () => {
    clock.set('2026-05-04T12:00:00Z');
    const { limit } = RATE_LIMITS.calendarFeeds;
    const feed = (app: App['app']) => app.inject({ method: 'GET', url: '/ical/not-a-secret.ics' });
    for (let i = 0; i < limit; i += 1) {
      expect((await feed(i % 2 === 0 ? suite.t.app : second.app)).statusCode, `fetch ${i + 1}`).toBe(404);
    }
    const refused = await feed(second.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    clock.set('2026-05-04T13:00:00Z');
    expect((await feed(suite.t.app)).statusCode).toBe(404);
  });

  it('deletes the buckets of ended windows', async () => {
    clock.set('2026-05-05T09:00:00Z');
    const response = await suite.t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x' } });
    expect(response.statusCode).toBe(202);
    const keys = await suite.t.database.db.selectFrom('rate_limit_buckets').select('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['client-errors:address:127.0.0.1']);
  });
});
