import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CorrectiveAction } from '@rtms/shared/schemas/findings';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';

/**
 * Corrective actions are deadlines: their owner finds them in the calendar's layer of action due dates and in
 * their iCalendar feed (an all-day event on the due date, marked overdue once it passes).
 */
const suite = signedInSuiteAt('2026-06-10T12:00:00Z', { PUBLIC_URL: 'https://rtms.example.com' });
let facilityId: string;
let owner: { id: string; token: string };
let action: CorrectiveAction;

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    start: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
    summary: String(vevent.getFirstPropertyValue('summary')),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
  }));
}

beforeAll(async () => {
  facilityId = await createFacility(suite.t, suite.admin, { name: 'Mesa Storage' });
  const user = await suite.t.createUser('FACILITY_USER');
  await assignFacility(suite.t, suite.admin, user.id, facilityId);
  owner = { id: user.id, token: await suite.t.signIn(user.email) };
  const finding = await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/findings', {
    facilityId,
    source: 'INSPECTION',
    title: 'Battery room vent blocked',
    severity: 'HIGH',
    identifiedOn: '2026-06-09',
  });
  action = await ok<CorrectiveAction>(suite.t, suite.admin, 'POST', `/api/findings/${finding._id}/actions`, {
    title: 'Clear the vent and fit a guard',
    type: 'CORRECTION',
    ownerId: owner.id,
    dueDate: '2026-06-15',
  });
});

describe('corrective actions as deadlines', () => {
  it('are in the calendar’s layer of action due dates, within the owner’s scope', async () => {
    const inJune = await ok<CorrectiveAction[]>(
      suite.t,
      owner.token,
      'GET',
      '/api/corrective-actions?dueFrom=2026-06-01&dueTo=2026-06-30',
    );
    expect(inJune.map((row) => row._id)).toEqual([action._id]);
    const inJuly = await ok<CorrectiveAction[]>(
      suite.t,
      owner.token,
      'GET',
      '/api/corrective-actions?dueFrom=2026-07-01&dueTo=2026-07-31',
    );
    expect(inJuly).toEqual([]);
    expect((await call(suite.t, owner.token, 'GET', '/api/corrective-actions?dueFrom=June')).status).toBe(400);
  });

  it('are in the owner’s iCalendar feed, marked overdue once the date passes', async () => {
    const feed = await ok<{ url: string }>(suite.t, owner.token, 'POST', '/api/calendar-feeds', {
      name: 'My deadlines',
      scope: 'MINE',
    });
    const path = new URL(feed.url).pathname;
    const read = async () => {
      const response = await suite.t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      return eventsOf(response.body).filter((event) => event.uid.startsWith('corrective-action-'));
    };
    const [before] = await read();
    expect(before).toMatchObject({
      uid: `corrective-action-${action._id}@rtms`,
      start: '2026-06-15',
      summary: '[Open] Corrective action: Clear the vent and fit a guard — Mesa Storage',
    });
    suite.clock.set('2026-06-17T12:00:00Z');
    const [after] = await read();
    expect(after!.summary).toMatch(/^\[Overdue\]/);
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    // Another user's feed does not list it.
    const other = await suite.t.createUser('ALL_FACILITY_USER');
    const otherToken = await suite.t.signIn(other.email);
    const theirs = await ok<{ url: string }>(suite.t, otherToken, 'POST', '/api/calendar-feeds', {
      name: 'Mine',
      scope: 'MINE',
    });
    const response = await suite.t.app.inject({ method: 'GET', url: new URL(theirs.url).pathname });
    expect(eventsOf(response.body).some((event) => event.uid.startsWith('corrective-action-'))).toBe(false);
  });
});
