import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createWeeklyBacklog, setDeliveryPreference } from '../../test/notification-fixtures';
import { testClock } from '../../test/test-clock';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { ADMIN_EMAIL, createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { claimDeliveries } from './deliveries.repository';

/**
 * The sender claims a bounded batch of one recipient's due rows per run (decision 020): a backlog larger than a
 * batch is delivered over successive runs, each row once, none lost, and two senders never share a row.
 */
describe('the sender’s bounded claim', () => {
  const clock = testClock('2026-03-02T12:00:00Z');
  const BATCH = 4;
  let t: TestApp;
  let second: App;
  let smtp: SmtpTestServer;

  /** A new user with about 24 overdue reminders, swept into deliveries: the user and those deliveries. */
  async function sweptBacklog(delivery: 'IMMEDIATE' | 'DAILY_DIGEST') {
    const admin = await t.signIn(ADMIN_EMAIL);
    const user = await t.createUser('FACILITY_USER');
    await t.signIn(user.email);
    await setDeliveryPreference(t, user.id, delivery);
    await createWeeklyBacklog(t, admin, user.id);
    await t.notifications.sweep();
    return { user, backlog: await deliveriesOf(user.id) };
  }

  const deliveriesOf = (userId: string) =>
    t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notificationId')
      .select(['d.id', 'd.status', 'd.messageId', 'd.claimedBy', 'd.lastError', 'n.category'])
      .where('d.recipientId', '=', userId)
      .execute();
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));

  // PostgreSQL runs both instances at the same moment; on SQLite (one thread) they take turns.
  const both = <T>(a: () => Promise<T>, b: () => Promise<T>): Promise<T[]> =>
    testDialect() === 'postgres' ? Promise.all([a(), b()]) : a().then(async (first) => [first, await b()]);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
    second = await buildApp(t.config, { database: t.reopenDatabase(), serveWebApp: false, now: clock });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await smtp.close();
  });

  /**
   * A backlog told of in one message per kind ("No floods"): each message lists the rows of its kind
   * that were claimed with it and counts the rest, which are then skipped as told; no row is in two messages,
   * none stays pending.
   */
  async function expectOneMessagePerKind(user: { id: string; email: string }, backlog: { id: string }[]) {
    const rows = await deliveriesOf(user.id);
    expect(rows.map((row) => row.id).sort()).toEqual(backlog.map((row) => row.id).sort());
    const messageIds = mailsTo(user.email).map((mail) => mail.mail.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    const sent = rows.filter((row) => row.status === 'SENT');
    expect(new Set(sent.map((row) => row.messageId))).toEqual(new Set(messageIds));
    const kindOf = new Map<string, Set<string>>();
    for (const row of sent) kindOf.set(row.messageId!, (kindOf.get(row.messageId!) ?? new Set()).add(row.category));
    expect([...kindOf.values()].map((kinds) => kinds.size)).toEqual(messageIds.map(() => 1));
    const kinds = [...kindOf.values()].map((k) => [...k][0]);
    expect(new Set(kinds).size).toBe(kinds.length);
    const rest = rows.filter((row) => row.status !== 'SENT');
    expect(new Set(rest.map((row) => `${row.status} ${row.lastError}`))).toEqual(
      new Set(rest.length ? ['SKIPPED Counted in the message of this kind already sent; shown in the app'] : []),
    );
    return kinds;
  }

  it('tells of a backlog larger than one batch in one message per kind over successive runs, each row once', async () => {
    const { user, backlog } = await sweptBacklog('IMMEDIATE');
    expect(backlog.length).toBeGreaterThan(3 * BATCH);
    for (let run = 0; run < backlog.length; run += 1) await t.notifications.send({ batchSize: BATCH, budgetMs: 0 });
    const kinds = await expectOneMessagePerKind(user, backlog);
    expect(kinds).toContain('OVERDUE');
    // The overdue message lists one batch and counts the rest of the sweep's overdue reminders.
    const overdue = mailsTo(user.email).find((mail) => mail.mail.subject!.startsWith('[RTMS] Overdue ('))!;
    const total = Number(overdue.mail.subject!.match(/\((\d+)\)/)![1]);
    expect(total).toBeGreaterThan(BATCH);
    const listed = overdue.mail.text!.match(/^ {2}- /gm)!.length;
    expect(listed).toBeLessThanOrEqual(BATCH);
    expect(overdue.mail.text).toContain(`${total - listed} more of these are waiting for you in the app.`);
  });

  it('drains a backlog of several batches in one run, round after round, within the run’s time budget', async () => {
    clock.set('2026-03-02T13:00:00Z');
    const { user, backlog } = await sweptBacklog('IMMEDIATE');
    await t.notifications.send({ batchSize: BATCH });
    await expectOneMessagePerKind(user, backlog);
    expect((await deliveriesOf(user.id)).some((row) => row.status === 'PENDING')).toBe(false);
  });

  it('lets two senders claim disjoint rows of one recipient, and together all of them', async () => {
    clock.set('2026-03-03T12:00:00Z');
    const { user, backlog } = await sweptBacklog('IMMEDIATE');
    const instant = clock().toISOString();
    const until = new Date(clock().getTime() + 60_000).toISOString();
    const claimAs = (owner: string) => () =>
      claimDeliveries(t.database.db, testDialect(), { recipientId: user.id, owner, instant, until, limit: BATCH });
    const claimed: string[] = [];
    for (;;) {
      const [a, b] = await both(claimAs('sender-a'), claimAs('sender-b'));
      expect(a!.length).toBeLessThanOrEqual(BATCH);
      expect(b!.length).toBeLessThanOrEqual(BATCH);
      expect(a!.filter((id) => b!.includes(id))).toEqual([]);
      if (a!.length + b!.length === 0) break;
      claimed.push(...a!, ...b!);
    }
    expect(claimed.sort()).toEqual(backlog.map((row) => row.id).sort());
    const owners = await deliveriesOf(user.id);
    expect(new Set(owners.map((row) => row.claimedBy))).toEqual(new Set(['sender-a', 'sender-b']));
  });

  it('sends each message once when two app instances drain one backlog in small batches at the same time', async () => {
    clock.set('2026-03-04T12:00:00Z');
    const { user, backlog } = await sweptBacklog('IMMEDIATE');
    for (let run = 0; run < backlog.length; run += 1) {
      const [a, b] = await both(
        () => t.notifications.send({ batchSize: BATCH, budgetMs: 0 }),
        () => second.notifications.send({ batchSize: BATCH, budgetMs: 0 }),
      );
      if (a!.sent + b!.sent + a!.skipped + b!.skipped === 0) break;
    }
    // Rows of a kind the other instance was telling of wait a minute, then are counted as told.
    clock.set('2026-03-04T12:01:30Z');
    for (let run = 0; run < backlog.length; run += 1) {
      const [a, b] = await both(
        () => t.notifications.send({ batchSize: BATCH, budgetMs: 0 }),
        () => second.notifications.send({ batchSize: BATCH, budgetMs: 0 }),
      );
      if (a!.sent + b!.sent + a!.skipped + b!.skipped + a!.deferred + b!.deferred === 0) break;
    }
    await expectOneMessagePerKind(user, backlog);
  });

  it('lists one batch in a digest and says how many more wait; the rest follows in the next digests', async () => {
    clock.set('2026-03-05T06:00:00Z');
    const { user, backlog } = await sweptBacklog('DAILY_DIGEST');
    clock.set('2026-03-05T07:00:30Z');
    await t.notifications.send({ batchSize: BATCH, budgetMs: 0 });
    // The step of a task due this week is urgent (it goes at once, worded "overdue" today): the rest is digested.
    const digests = () => mailsTo(user.email).filter((mail) => mail.mail.subject!.includes('Your compliance tasks'));
    const [digest] = digests();
    expect(digests()).toHaveLength(1);
    expect(mailsTo(user.email).length).toBeLessThanOrEqual(BATCH);
    expect(digest!.mail.subject).toMatch(/^\[RTMS\] Your compliance tasks: [1-4] reminders$/);
    expect(digest!.mail.text).toContain(
      `${backlog.length - BATCH} more reminders are waiting for you in the app; they will follow in your next digests.`,
    );
    expect(digest!.mail.text).toContain('See all your notifications: https://rtms.example.com/notifications');
    expect(digest!.mail.html).toContain('href="https://rtms.example.com/notifications"');
    // Later runs the same day send no second digest: they put the rest off to tomorrow's, losing nothing.
    for (let run = 0; run < backlog.length; run += 1) await t.notifications.send({ batchSize: BATCH, budgetMs: 0 });
    expect(digests()).toHaveLength(1);
    const rows = await deliveriesOf(user.id);
    const sent = rows.filter((row) => row.status === 'SENT').length;
    expect(rows.filter((row) => row.status === 'PENDING')).toHaveLength(backlog.length - sent);
    clock.set('2026-03-06T07:00:30Z');
    await t.notifications.send({ batchSize: BATCH, budgetMs: 0 });
    expect(digests()).toHaveLength(2);
    expect((await deliveriesOf(user.id)).filter((row) => row.status === 'SENT')).toHaveLength(sent + BATCH);
  });
});
