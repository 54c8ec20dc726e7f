import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@rtms/shared/schemas/calendar';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';

interface ParsedEvent {
  uid: string;
  start: string;
  startIsDate: boolean;
  end: string;
  summary: string;
  description: string;
  status: string | null;
  sequence: number;
  lastModified: string;
}

/** Parses a feed with ical.js (an independent RFC 5545 parser) into its events. */
function parseFeed(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      start: start.toString(),
      startIsDate: start.isDate && end.isDate,
      end: end.toString(),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: String(vevent.getFirstPropertyValue('description')),
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toString(),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

const STATE_WORDS = {
  UPCOMING: 'Upcoming',
  OPEN: 'Open',
  DUE_SOON: 'Due soon',
  OVERDUE: 'Overdue',
  PENDING_REVIEW: 'Awaiting review',
  COMPLETED: 'Completed',
  NOT_APPLICABLE: 'Not applicable',
} as const;

describe('iCalendar feeds', () => {
  const clock = testClock('2026-06-10T12:00:00Z');
  const suite = signedInSuite({ PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
  let siteA: string;
  let siteB: string;
  let user: { id: string; email: string };
  let token: string;
  let assignmentB: string;

  beforeAll(async () => {
    siteA = await createFacility(suite.t, suite.admin, { timeZone: 'America/New_York' });
    siteB = await createFacility(suite.t, suite.admin, { timeZone: 'UTC' });
    user = await suite.t.createUser('FACILITY_USER');
    await ok(suite.t, suite.admin, 'POST', '/api/user-facilities', { userId: user.id, facilityId: siteA });
    assignmentB = (
      await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/user-facilities', {
        userId: user.id,
        facilityId: siteB,
      })
    )._id;
    token = await suite.t.signIn(user.email);
    await createRequirement(suite.t, suite.admin, {
      title: 'Monthly stormwater inspection',
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-20',
      backfillFrom: '2026-01-01',
      leadTimeDays: 14,
      facilities: [
        { facilityId: siteA, assigneeId: user.id },
        { facilityId: siteB, assigneeId: null },
      ],
    });
  });

  async function createFeed(body: object, as = token) {
    return call<{ data: CalendarFeed & { url: string } }>(suite.t, as, 'POST', '/api/calendar-feeds', body);
  }

  /** What a feed lists: the tasks due in its window (3 months back, 13 ahead) and every older overdue one. */
  async function feedTasksOf(as: string, filters: Record<string, string>) {
    const older = await allTasks(suite.t, as, { ...filters, dueTo: '2026-03-09', state: 'OVERDUE' });
    return [...older, ...(await allTasks(suite.t, as, { ...filters, dueFrom: '2026-03-10', dueTo: '2027-07-10' }))];
  }

  async function fetchFeed(url: string, headers: Record<string, string> = {}) {
    return suite.t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  }

  it('creates a feed of my tasks whose secret URL is shown once and whose hash only is stored', async () => {
    const created = await createFeed({ name: 'My deadlines', scope: 'MINE' });
    expect(created.status).toBe(201);
    const feed = created.body.data;
    expect(feed).toMatchObject({ name: 'My deadlines', scope: 'MINE', facilityId: null, lastUsedAt: null });
    expect(feed.url).toMatch(/^https:\/\/rtms\.example\.com\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = feed.url.split('/ical/')[1]!.replace('.ics', '');

    const listed = await ok<CalendarFeed[]>(suite.t, token, 'GET', '/api/calendar-feeds');
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const rows = await suite.t.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(rows.map((row) => row.secretHash)).toEqual([createHash('sha256').update(secret).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect((await call(suite.t, token, 'DELETE', `/api/calendar-feeds/${feed._id}`)).status).toBe(204);
  });

  it('serves my tasks of the window (3 months back, 13 ahead) as RFC 5545 all-day events', async () => {
    const { url } = (await createFeed({ name: 'Mine', scope: 'MINE' })).body.data;
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers.etag).toMatch(/^".+"$/);
    const { name, events } = parseFeed(response.body);
    expect(name).toBe('Mine');

    const expected = await feedTasksOf(token, { assigneeId: user.id });
    // Before the window only what is overdue, whatever its age: the backfilled January and February.
    expect(expected.filter((task) => task.dueDate < '2026-03-10').map((task) => task.state)).toEqual([
      'OVERDUE',
      'OVERDUE',
    ]);
    expect(events.map((event) => event.uid).sort()).toEqual(expected.map((task) => `task-${task._id}@rtms`).sort());
    for (const task of expected) {
      const event = events.find((candidate) => candidate.uid === `task-${task._id}@rtms`)!;
      expect(event.startIsDate).toBe(true);
      expect(event.start).toBe(task.dueDate);
      const next = new Date(`${task.dueDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(event.end).toBe(next.toISOString().slice(0, 10));
      expect(event.summary).toBe(`[${STATE_WORDS[task.state]}] ${task.title} — ${task.facilityName}`);
      expect(event.description).toContain(`https://rtms.example.com/tasks/${task._id}`);
      expect(event.status).toBe('CONFIRMED');
    }
    expect(new Set(expected.map((task) => task.state)).size).toBeGreaterThan(2);
  });

  it('answers 304 while nothing changed, and moves SEQUENCE and LAST-MODIFIED when a task changes', async () => {
    const { url, _id } = (await createFeed({ name: 'Changes', scope: 'MINE' })).body.data;
    const first = await fetchFeed(url);
    const etag = String(first.headers.etag);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const listed = await ok<CalendarFeed[]>(suite.t, token, 'GET', '/api/calendar-feeds');
    expect(listed.find((feed) => feed._id === _id)!.lastUsedAt).toBe('2026-06-10T12:00:00.000Z');

    const [task] = await allTasks(suite.t, token, { assigneeId: user.id, dueFrom: '2026-07-01', dueTo: '2026-07-31' });
    const before = parseFeed(first.body).events.find((event) => event.uid === `task-${task!._id}@rtms`)!;
    clock.set('2026-06-10T13:00:00Z');
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${task!._id}`, {
      dueDate: '2026-07-24',
      rescheduleReason: 'Storm',
    });
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = parseFeed(changed.body).events.find((event) => event.uid === before.uid)!;
    expect(after.start).toBe('2026-07-24');
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.lastModified > before.lastModified).toBe(true);

    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${task!._id}`, { notApplicableReason: 'Outfall closed' });
    const cancelled = parseFeed((await fetchFeed(url)).body).events.find((event) => event.uid === before.uid)!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.summary.startsWith('[Not applicable]')).toBe(true);
    expect(cancelled.sequence).toBeGreaterThan(after.sequence);
    clock.set('2026-06-10T12:00:00Z');
  });

  it('serves one facility’s tasks while it is in the owner’s scope, and drops them when it leaves it', async () => {
    const created = await createFeed({ name: 'Site B', scope: 'FACILITY', facilityId: siteB });
    expect(created.status).toBe(201);
    expect(created.body.data.facilityId).toBe(siteB);
    const { url } = created.body.data;
    const expected = await feedTasksOf(token, { facilityId: siteB });
    expect(expected.length).toBeGreaterThan(0);
    const events = parseFeed((await fetchFeed(url)).body).events;
    expect(events.map((event) => event.uid).sort()).toEqual(
      expected.map((task: Task) => `task-${task._id}@rtms`).sort(),
    );

    expect((await call(suite.t, suite.admin, 'DELETE', `/api/user-facilities/${assignmentB}`)).status).toBe(204);
    const after = await fetchFeed(url);
    expect(after.statusCode).toBe(200);
    expect(parseFeed(after.body).events).toEqual([]);
    // The unassignment signed the user out; the next tests sign in again.
    token = await suite.t.signIn(user.email);
  });

  it('serves all my facilities: every facility for an all-facility admin, my own for a facility user', async () => {
    const everything = (await createFeed({ name: 'Everything', scope: 'ALL' }, suite.admin)).body.data;
    expect(everything).toMatchObject({ scope: 'ALL', facilityId: null });
    const expected = await feedTasksOf(suite.admin, {});
    expect(new Set(expected.map((task) => task.facilityId))).toEqual(new Set([siteA, siteB]));
    const events = parseFeed((await fetchFeed(everything.url)).body).events;
    expect(events.map((event) => event.uid).sort()).toEqual(expected.map((task) => `task-${task._id}@rtms`).sort());
    // The facility user, taken off site B above, sees site A only.
    const mine = (await createFeed({ name: 'My sites', scope: 'ALL' })).body.data;
    const own = parseFeed((await fetchFeed(mine.url)).body).events;
    const ownExpected = await feedTasksOf(token, {});
    expect(new Set(ownExpected.map((task) => task.facilityId))).toEqual(new Set([siteA]));
    expect(own.map((event) => event.uid).sort()).toEqual(ownExpected.map((task) => `task-${task._id}@rtms`).sort());
    const bad = await createFeed({ name: 'Bad', scope: 'ALL', facilityId: siteA });
    expect(bad.status).toBe(400);
  });

  it('refuses a facility outside the caller’s scope and bad input with the field named', async () => {
    const other = await createFacility(suite.t, suite.admin);
    expect((await createFeed({ name: 'Other', scope: 'FACILITY', facilityId: other })).status).toBe(404);
    for (const [body, path] of [
      [{ name: 'No site', scope: 'FACILITY' }, 'facilityId'],
      [{ name: ' ', scope: 'MINE' }, 'name'],
      [{ name: 'Odd', scope: 'EVERYTHING' }, 'scope'],
      [{ name: 'Mine', scope: 'MINE', facilityId: siteA }, 'facilityId'],
    ] as const) {
      const response = await createFeed(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body.details)).toContain(`"${path}"`);
    }
  });

  it('opens the feed and nothing else: the secret is no bearer token on /api', async () => {
    const { url } = (await createFeed({ name: 'Secret', scope: 'MINE' })).body.data;
    const secret = url.split('/ical/')[1]!.replace('.ics', '');
    for (const [method, path] of [
      ['GET', '/api/tasks'],
      ['GET', '/api/calendar-feeds'],
      ['POST', '/api/users/auth/me'],
    ] as const) {
      const response = await suite.t.app.inject({ method, url: path, headers: bearer(secret) });
      expect(response.statusCode, path).toBe(401);
    }
    expect((await suite.t.app.inject({ method: 'GET', url: `/ical/${secret.slice(0, -1)}x.ics` })).statusCode).toBe(
      404,
    );
    expect((await suite.t.app.inject({ method: 'GET', url: `/ical/${secret}` })).statusCode).toBe(404);
  });

  it('revokes one feed or all of mine at once, and no one else’s', async () => {
    const other = await suite.t.createUser('ALL_FACILITY_USER');
    const otherToken = await suite.t.signIn(other.email);
    const theirs = (await createFeed({ name: 'Theirs', scope: 'MINE' }, otherToken)).body.data;
    const one = (await createFeed({ name: 'One', scope: 'MINE' })).body.data;
    const two = (await createFeed({ name: 'Two', scope: 'MINE' })).body.data;
    expect((await call(suite.t, token, 'DELETE', `/api/calendar-feeds/${theirs._id}`)).status).toBe(404);
    expect((await call(suite.t, token, 'DELETE', `/api/calendar-feeds/${one._id}`)).status).toBe(204);
    expect((await fetchFeed(one.url)).statusCode).toBe(404);
    expect((await fetchFeed(two.url)).statusCode).toBe(200);
    const revoked = await ok<{ revoked: number }>(suite.t, token, 'DELETE', '/api/calendar-feeds');
    expect(revoked.revoked).toBeGreaterThanOrEqual(1);
    expect((await fetchFeed(two.url)).statusCode).toBe(404);
    expect(await ok<CalendarFeed[]>(suite.t, token, 'GET', '/api/calendar-feeds')).toEqual([]);
    expect((await fetchFeed(theirs.url)).statusCode).toBe(200);
    const audit = await ok<{ entityType: string; action: string }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/audit?entityType=CALENDAR_FEED&entityId=${one._id}`,
    );
    expect(audit.map((event) => event.action).sort()).toEqual(['CREATE', 'DELETE']);
  });

  it('stops the feeds of a deactivated user at once', async () => {
    const person = await suite.t.createUser('ALL_FACILITY_USER');
    const personToken = await suite.t.signIn(person.email);
    const { url } = (await createFeed({ name: 'Leaving', scope: 'MINE' }, personToken)).body.data;
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await ok(suite.t, suite.admin, 'PATCH', `/api/users/${person.id}`, { active: false });
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});
