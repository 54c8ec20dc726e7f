import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '@rtms/shared/schemas/notifications';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { createUnsubscribeLinks } from './unsubscribe-links';

const SETTINGS = '/api/users/me/notification-preferences';
const INITIAL = '/api/users/me/notification-preferences/initial-time-zone';

/**
 * A user's time zone defaults to their browser's at first sign-in, else to their first facility's. The
 * web app sends the browser's zone after each sign-in; the server keeps it only while none is set.
 */
describe('the browser’s time zone at first sign-in', () => {
  const suite = signedInSuiteAt('2026-03-01T12:00:00Z');
  let chicago: string;

  /** A new user of the Chicago facility, signed in: their id and bearer token. */
  async function chicagoUser(): Promise<{ id: string; token: string }> {
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, chicago);
    return { id: user.id, token: await suite.t.signIn(user.email) };
  }

  const storedRow = (userId: string) =>
    suite.t.database.db
      .selectFrom('notification_preferences')
      .select(['timeZone', 'timeZoneSetAt'])
      .where('userId', '=', userId)
      .executeTakeFirst();

  beforeAll(async () => {
    chicago = await createFacility(suite.t, suite.admin, { timeZone: 'America/Chicago' });
  });

  it('stores the zone sent at first sign-in, and a later sign-in from elsewhere changes nothing', async () => {
    const { id, token } = await chicagoUser();
    const first = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Asia/Tokyo' });
    expect(first).toMatchObject({ delivery: 'DAILY_DIGEST', digestHour: 7, timeZone: 'Asia/Tokyo' });
    expect((await ok<NotificationPreferences>(suite.t, token, 'GET', SETTINGS)).timeZone).toBe('Asia/Tokyo');
    expect(await storedRow(id)).toEqual({ timeZone: 'Asia/Tokyo', timeZoneSetAt: '2026-03-01T12:00:00.000Z' });

    suite.clock.set('2026-03-02T12:00:00Z');
    const replay = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Europe/Paris' });
    expect(replay.timeZone).toBe('Asia/Tokyo');
    expect(await storedRow(id)).toEqual({ timeZone: 'Asia/Tokyo', timeZoneSetAt: '2026-03-01T12:00:00.000Z' });
  });

  it('never overwrites a zone the user saved', async () => {
    const { token } = await chicagoUser();
    const saved = { ...(await ok<NotificationPreferences>(suite.t, token, 'GET', SETTINGS)), timeZone: 'Europe/Paris' };
    await ok(suite.t, token, 'PUT', SETTINGS, saved);
    const answer = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Asia/Tokyo' });
    expect(answer).toEqual(saved);
    expect(await ok(suite.t, token, 'GET', SETTINGS)).toEqual(saved);
  });

  it('replaces the first facility’s zone that a first digest wrote, keeping the rest of the row', async () => {
    const { id, token } = await chicagoUser();
    // The row a digest sent before any choice writes: the defaults, in the first facility's zone, not set.
    await suite.t.database.db
      .insertInto('notification_preferences')
      .values({
        userId: id,
        delivery: 'WEEKLY_DIGEST',
        digestHour: 7,
        timeZone: 'America/Chicago',
        timeZoneSetAt: null,
        quietUntil: null,
        categories: JSON.stringify({}),
        lastDigestOn: '2026-02-28',
        updatedAt: '2026-02-28T13:00:00.000Z',
      })
      .execute();
    const answer = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Asia/Tokyo' });
    expect(answer).toMatchObject({ delivery: 'WEEKLY_DIGEST', timeZone: 'Asia/Tokyo' });
    const row = await suite.t.database.db
      .selectFrom('notification_preferences')
      .select(['lastDigestOn', 'timeZoneSetAt'])
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lastDigestOn: '2026-02-28', timeZoneSetAt: suite.clock().toISOString() });
  });

  it('keeps a zone an unsubscribe link wrote a default, not a choice', async () => {
    const { id, token } = await chicagoUser();
    const secret = await suite.t.database.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'unsubscribe')
      .executeTakeFirstOrThrow();
    const link = createUnsubscribeLinks(secret.value).token(id, 'DUE_SOON');
    const unsubscribed = await suite.t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${link}` });
    expect(unsubscribed.statusCode).toBe(200);
    expect(await storedRow(id)).toEqual({ timeZone: 'America/Chicago', timeZoneSetAt: null });

    const answer = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Asia/Tokyo' });
    expect(answer.timeZone).toBe('Asia/Tokyo');
    expect(answer.categories.DUE_SOON).toBe(false);
  });

  it('refuses a zone that is not an IANA one with the field, and stores nothing', async () => {
    const { id, token } = await chicagoUser();
    for (const body of [{ timeZone: 'Mars/Olympus' }, { timeZone: '' }, { timeZone: 42 }, {}]) {
      const response = await call<{ details: { path: string }[] }>(suite.t, token, 'POST', INITIAL, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(new Set(response.body.details.map((detail) => detail.path)), JSON.stringify(body)).toEqual(
        new Set(['timeZone']),
      );
    }
    const extra = await call(suite.t, token, 'POST', INITIAL, { timeZone: 'Asia/Tokyo', delivery: 'IMMEDIATE' });
    expect(extra.status).toBe(400);
    const unknown = await call<{ details: { path: string; message: string }[] }>(suite.t, token, 'POST', INITIAL, {
      timeZone: 'Mars/Olympus',
    });
    expect(unknown.body.details).toEqual([
      { path: 'timeZone', message: 'Unknown time zone (use an IANA name such as Europe/Paris)' },
    ]);
    expect(await storedRow(id)).toBeUndefined();
    expect((await ok<NotificationPreferences>(suite.t, token, 'GET', SETTINGS)).timeZone).toBe('America/Chicago');
  });

  it('leaves a user who sends no zone on their first facility’s', async () => {
    const { id, token } = await chicagoUser();
    expect((await ok<NotificationPreferences>(suite.t, token, 'GET', SETTINGS)).timeZone).toBe('America/Chicago');
    expect(await storedRow(id)).toBeUndefined();
  });

  it('takes the zone while the session must first change its password, and refuses a caller without one', async () => {
    const user = await suite.t.createUser('FACILITY_USER');
    await suite.t.database.db.updateTable('users').set({ mustChangePassword: 1 }).where('id', '=', user.id).execute();
    const token = await suite.t.signIn(user.email);
    const answer = await ok<NotificationPreferences>(suite.t, token, 'POST', INITIAL, { timeZone: 'Africa/Cairo' });
    expect(answer.timeZone).toBe('Africa/Cairo');
    const anonymous = await suite.t.app.inject({ method: 'POST', url: INITIAL, payload: { timeZone: 'UTC' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
