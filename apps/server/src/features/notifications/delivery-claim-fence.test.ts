import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { rowsByMessage, setDeliveryPreference } from '../../test/notification-fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Decision 038: a claim is renewed before each message and every write is fenced by its token. A sender slower than
 * its claim (three 1-second messages under a 1.5-second claim) loses only the rows it has not started, and another
 * sender that takes those rows meanwhile sends them: each message goes once.
 */
describe('the sender’s claim, renewed and fenced', () => {
  // Both instances read one clock that runs on in real time from 2 March 2026, noon.
  const anchor = Date.now();
  const clock = () => new Date(Date.parse('2026-03-02T12:00:00Z') + Date.now() - anchor);
  let t: TestApp;
  let second: App;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer(undefined, { delayMs: 1_000 });
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
    second = await buildApp(t.config, { database: t.reopenDatabase(), serveWebApp: false, now: clock });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await smtp.close();
  });

  it('lets a second sender take only the messages the first has not started, and sends each once', async () => {
    const admin = await t.signIn(ADMIN_EMAIL);
    // A facility admin assigned to a weekly task overdue since 16 February gets three kinds at once, so three
    // messages (one per kind, decision 020): escalations, overdue (16 and 23 February) and due today (2 March).
    const user = await t.createUser('FACILITY_ADMIN');
    await t.signIn(user.email);
    await setDeliveryPreference(t, user.id, 'IMMEDIATE');
    const facility = await createFacility(t, admin);
    await assignFacility(t, admin, user.id, facility);
    await createRequirement(t, admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-02-16',
      backfillFrom: '2026-02-16',
      facilities: [{ facilityId: facility, assigneeId: user.id }],
    });
    await t.notifications.sweep();
    const rows = await t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notificationId')
      .select(['d.id', 'n.category'])
      .where('d.recipientId', '=', user.id)
      .execute();
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(['ESCALATION', 'OVERDUE', 'DUE_TODAY']));

    const claimMs = 1_500;
    const first = t.notifications.send({ claimMs, budgetMs: 0 });
    // The first sender's claim has run out on the rows it has not renewed yet (its third message); the second
    // takes them while the first is still sending its second message.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const [a, b] = await Promise.all([first, second.notifications.send({ claimMs, budgetMs: 0 })]);

    const ids = smtp.received.filter((mail) => mail.envelopeTo.includes(user.email)).map((mail) => mail.mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3);
    expect(a.sent + b.sent).toBe(rows.length);
    expect(b.sent).toBeGreaterThan(0);
    const after = await t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notificationId')
      .select(['d.id', 'd.status', 'd.claimedBy', 'd.messageId', 'n.category'])
      .where('d.recipientId', '=', user.id)
      .execute();
    expect(after.every((row) => row.status === 'SENT' && row.claimedBy === null)).toBe(true);
    // Each row is recorded with the message that arrived with it: one per kind, its Message-ID the least row id.
    const messages = rowsByMessage(after);
    expect(new Set(messages.keys())).toEqual(new Set(ids));
    for (const [messageId, covered] of messages) {
      expect(new Set(covered.map((row) => row.category)).size).toBe(1);
      expect(messageId).toBe(`<${covered.map((row) => row.id).sort()[0]}@rtms.example.com>`);
    }
  });
});
