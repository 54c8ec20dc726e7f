import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { rowsByMessage, setDeliveryPreference } from '../../test/notification-fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/** A sender in a process of its own (test/sender-process.ts), signed in to the SMTP server as `user`. */
function startSender(t: TestApp, smtpUrl: string, claimMs: number) {
  const script = path.resolve(import.meta.dirname, '../../test/sender-process.ts');
  const input = JSON.stringify({
    ...t.databaseLocation,
    dataDir: t.dataDir,
    smtpUrl,
    clockAt: NOW,
    clockAnchor: anchor,
    claimMs,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', script, input], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const started = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', () => resolve());
    child.once('exit', (code) => reject(new Error(`sender exited with ${code}: ${stderr.join('\n')}`)));
  });
  return { child, started, stderr };
}

const stop = async (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

const NOW = '2026-03-02T12:00:00Z';
/** The epoch ms at which the senders' clocks read NOW. */
let anchor = 0;

/**
 * Decision 038: mail is sent once. Two instances (real processes) send one outbox through a slow SMTP server (2 s a
 * message, longer per recipient than a claim lasts unless renewed); one is killed with SIGKILL while a message of
 * its is in flight. Mail is grouped per recipient and kind (decision 020): every (task, step, recipient) is listed in
 * a message that arrives; none twice, except at most the message in flight at the kill, which then carries the same
 * Message-ID (its least row id) and the same tasks.
 */
describe('mail sent once across a killed sender', () => {
  const clock = testClock(NOW);
  let t: TestApp;
  let smtp: SmtpTestServer;
  const senders: ChildProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer(undefined, { delayMs: 2_000, otherUsers: ['sender-a', 'sender-b'] });
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
  });
  afterAll(async () => {
    for (const child of senders) await stop(child, 'SIGKILL');
    await t.close();
    await smtp.close();
  });

  it('delivers every reminder, and at most the message in flight at the kill twice, under one Message-ID', async () => {
    const admin = await t.signIn(ADMIN_EMAIL);
    // Two facility admins (signed in: only they are mailed) with a weekly requirement each, overdue since 16
    // February: three messages each (escalations, overdue, due today; one per kind, decision 020).
    for (let i = 0; i < 2; i += 1) {
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
    }
    await t.notifications.sweep();
    const deliveries = () =>
      t.database.db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notificationId')
        .select(['d.id', 'd.status', 'd.messageId', 'n.taskId', 'n.step', 'n.category', 'n.userId'])
        .execute();
    const outbox = await deliveries();
    const kinds = new Set(outbox.map((row) => `${row.userId}/${row.category}`));
    expect(kinds.size).toBe(6);
    expect(outbox.length).toBeGreaterThan(kinds.size);

    anchor = Date.now();
    // A claim lasts 5 s unless renewed: shorter than a recipient's three messages take at 2 s each.
    const a = startSender(t, smtp.urlAs('sender-a'), 5_000);
    const b = startSender(t, smtp.urlAs('sender-b'), 5_000);
    senders.push(a.child, b.child);
    await Promise.all([a.started, b.started]);

    // Kill A while a message of its has arrived and is not answered yet.
    const killDeadline = Date.now() + 30_000;
    while (![...smtp.pending].some((mail) => mail.user === 'sender-a')) {
      if (Date.now() > killDeadline) throw new Error('sender A never sent a message');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const inFlight = [...smtp.pending].find((mail) => mail.user === 'sender-a')!;
    await stop(a.child, 'SIGKILL');
    const killedAt = Date.now();

    // B takes over A's rows once their claim ran out.
    const deadline = Date.now() + 60_000;
    while ((await deliveries()).some((row) => row.status === 'PENDING')) {
      if (Date.now() > deadline) throw new Error(`outbox not drained: ${JSON.stringify(await deliveries())}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const drainedAfter = Date.now() - killedAt;
    // What B may still have in flight arrives before the count.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await stop(b.child, 'SIGTERM');
    expect(b.stderr).toEqual([]);

    // Every row was sent, in one message per recipient and kind whose Message-ID is its least row id…
    const final = await deliveries();
    expect(final.filter((row) => row.status !== 'SENT')).toEqual([]);
    const messages = rowsByMessage(final);
    expect(messages.size).toBe(kinds.size);
    for (const [messageId, rows] of messages) {
      expect(new Set(rows.map((row) => `${row.userId}/${row.category}`)).size).toBe(1);
      expect(messageId).toBe(`<${rows.map((row) => row.id).sort()[0]}@rtms.example.com>`);
    }
    // …and every message arrived, so every (task, step, recipient) did: each row is in exactly one message…
    const arrivals = smtp.received.map((mail) => mail.mail.messageId ?? '');
    expect(new Set(arrivals)).toEqual(new Set(messages.keys()));
    const key = (row: (typeof outbox)[number]) => `${row.taskId}/${row.step}/${row.userId}`;
    const arrivedKeys = arrivals.flatMap((id) => messages.get(id)!.map(key));
    expect(new Set(arrivedKeys)).toEqual(new Set(outbox.map(key)));
    // …once, but for the message in flight at the kill, which may have come twice under the same Message-ID,
    // listing the same tasks.
    const twice = arrivals.filter((id, index) => arrivals.indexOf(id) !== index);
    expect(twice.length).toBeLessThanOrEqual(1);
    if (twice.length === 1) {
      expect(twice[0]).toBe(inFlight.messageId);
      const copies = smtp.received.filter((mail) => mail.mail.messageId === twice[0]);
      expect(copies.map((mail) => mail.user)).toEqual(['sender-a', 'sender-b']);
      expect(copies[1]!.mail.text).toBe(copies[0]!.mail.text);
    }
    console.info(
      `sender kill: ${outbox.length} deliveries in ${messages.size} messages, ${arrivals.length} arrived, ` +
        `${twice.length} twice (${smtp.received.filter((mail) => mail.user === 'sender-a').length} from A, ` +
        `${smtp.received.filter((mail) => mail.user === 'sender-b').length} from B), drained ${drainedAfter} ms after the kill`,
    );
  }, 120_000);
});
