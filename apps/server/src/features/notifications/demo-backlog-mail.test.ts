import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../cli/demo/users';
import { loadDemoInto } from '../../test/demo-loaders';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The first days of a new customer: the demo's two years of history swept and sent over a real SMTP
 * server for three days. Nobody is flooded: each recipient gets at most one message of each kind a day (an
 * escalation, an overdue, a due-today message… or a digest), and the accounts nobody has used get none.
 */
describe('the demo backlog by email', () => {
  // The demo's tasks are dated from today; 17:00 UTC is the same date in every one of its (US) time zones.
  const start = `${new Date().toISOString().slice(0, 10)}T17:00:00Z`;
  const clock = testClock(start);
  let t: TestApp;
  let smtp: SmtpTestServer;
  const signedIn = DEMO_USERS.filter((user) =>
    (['ALL_FACILITY_ADMIN', 'FACILITY_ADMIN', 'FACILITY_USER'] as const).some((role) => role === user.role),
  );

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
    await loadDemoInto(t);
    // One person of each role but the all-facility user signs in; the generated first admin never does.
    for (const user of signedIn.filter((u, i) => signedIn.findIndex((v) => v.role === u.role) === i)) {
      await t.signIn(user.email, user.password);
    }
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends each recipient at most one message per kind a day, and nothing to accounts never used', async () => {
    const perDay: Map<string, number>[] = [];
    for (let day = 0; day < 3; day += 1) {
      const before = smtp.received.length;
      // Several sweeps a day, each followed by the sender, as the scheduler runs them.
      for (const hour of [0, 2, 4]) {
        clock.set(new Date(Date.parse(start) + (day * 24 + hour) * 3_600_000).toISOString());
        await t.notifications.sweep();
        await t.notifications.send();
      }
      const sentRows = await t.database.db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notificationId')
        .select(['d.messageId', 'n.category'])
        .where('d.status', '=', 'SENT')
        .execute();
      const kindsOf = new Map<string, Set<string>>();
      for (const row of sentRows)
        kindsOf.set(row.messageId!, (kindsOf.get(row.messageId!) ?? new Set()).add(row.category));
      const counts = new Map<string, number>();
      for (const received of smtp.received.slice(before)) {
        const mail = received.mail;
        const kind = mail.subject!.includes('Your compliance tasks')
          ? 'DIGEST'
          : [...(kindsOf.get(mail.messageId!) ?? new Set(['?']))].join('+');
        const key = `${received.envelopeTo.join(',')} ${kind}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      perDay.push(counts);
    }
    for (const [day, counts] of perDay.entries()) {
      for (const [key, count] of counts) expect(count, `day ${day}: ${key}`).toBe(1);
      // A grouped message is of one kind: its rows never mix kinds.
      expect(
        [...counts.keys()].filter((key) => key.includes('+') || key.endsWith('?')),
        `day ${day}`,
      ).toEqual([]);
    }
    const recipients = new Set(smtp.received.flatMap((mail) => mail.envelopeTo));
    // The all-facility admin of the demo hears of its overdue backlog, in one escalation message on the first day.
    const admin = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_ADMIN')!.email;
    expect(perDay[0]!.get(`${admin} ESCALATION`)).toBe(1);
    const escalation = smtp.received.find(
      (mail) => mail.envelopeTo.includes(admin) && /\(\d+\)/.test(mail.mail.subject!),
    )!;
    expect(escalation.mail.subject).toMatch(/^\[RTMS\] Escalations \(\d+\) · .+/);
    // Nobody who never signed in gets mail: the generated first admin, the demo people nobody used.
    expect(recipients.has(ADMIN_EMAIL)).toBe(false);
    const used = new Set(
      signedIn.filter((u, i) => signedIn.findIndex((v) => v.role === u.role) === i).map((u) => u.email),
    );
    expect([...recipients].filter((email) => !used.has(email))).toEqual([]);
    // Three people, three days, six kinds at the very most (the demo's first sweep alone made hundreds of reminders).
    expect(smtp.received.length).toBeLessThanOrEqual(used.size * 3 * 6);
    console.log(
      'mails per day:',
      perDay.map((counts) => Object.fromEntries(counts)),
    );
  }, 300_000);
});
