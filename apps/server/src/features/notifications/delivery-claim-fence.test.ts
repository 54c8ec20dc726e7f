import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { setDeliveryPreference } from '../../test/notification-fixtures';
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

  it('lets a second sender take only the rows the first has not started, and sends each once', async () => {
    const admin = await t.signIn(ADMIN_EMAIL);
    const user = await t.createUser('FACILITY_USER');
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
      .selectFrom('notification_deliveries')
      .select('id')
      .where('recipientId', '=', user.id)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);

    const claimMs = 1_500;
    const first = t.notifications.send({ claimMs, budgetMs: 0 });
    // The first sender's claim has run out on the rows it has not renewed yet; the second takes them.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const [a, b] = await Promise.all([first, second.notifications.send({ claimMs, budgetMs: 0 })]);

    const mails = smtp.received.filter((mail) => mail.envelopeTo.includes(user.email));
    const ids = mails.map((mail) => mail.mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(rows.map((row) => `<${row.id}@rtms.example.com>`)));
    expect(a.sent + b.sent).toBe(rows.length);
    expect(b.sent).toBeGreaterThan(0);
    const after = await t.database.db
      .selectFrom('notification_deliveries')
      .select(['status', 'claimedBy'])
      .where('recipientId', '=', user.id)
      .execute();
    expect(after.every((row) => row.status === 'SENT' && row.claimedBy === null)).toBe(true);
  });
});
