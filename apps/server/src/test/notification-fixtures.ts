import { assignFacility, createFacility, createRequirement } from './compliance-fixtures';
import type { TestApp } from './test-app';

/** Helpers for the notification tests: a user's delivery preference and a backlog of reminders. */

/** Stores a user's delivery preference directly (digest at 07:00 UTC, no quiet time, every category). */
export async function setDeliveryPreference(
  t: TestApp,
  userId: string,
  delivery: 'IMMEDIATE' | 'DAILY_DIGEST',
): Promise<void> {
  await t.database.db
    .insertInto('notification_preferences')
    .values({
      userId,
      delivery,
      digestHour: 7,
      timeZone: 'UTC',
      quietUntil: null,
      categories: JSON.stringify({}),
      lastDigestOn: null,
      updatedAt: '2026-03-01T00:00:00.000Z',
    })
    .execute();
}

/**
 * Three weekly requirements open since 5 January 2026, each at a facility of its own assigned to the user
 * and never done: one overdue reminder per task for that user.
 */
export async function createWeeklyBacklog(t: TestApp, admin: string, userId: string): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    const facility = await createFacility(t, admin);
    await assignFacility(t, admin, userId, facility);
    await createRequirement(t, admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-01-05',
      backfillFrom: '2026-01-05',
      facilities: [{ facilityId: facility, assigneeId: userId }],
    });
  }
}

/** Sent delivery rows by the Message-ID they were recorded with: one entry per message that went. */
export function rowsByMessage<Row extends { messageId: string | null }>(rows: readonly Row[]): Map<string, Row[]> {
  const messages = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.messageId === null) continue;
    messages.set(row.messageId, [...(messages.get(row.messageId) ?? []), row]);
  }
  return messages;
}
