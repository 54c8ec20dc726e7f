import type { Figure } from './growth';
import type { BuiltApp } from './prepare';
import { print, seconds, verdict } from './print';
import { timeReminderSweeps, timeSender } from './reminder-sweep';

/**
 * The reminder sweep (twice) and the sender on the outbox it filled, in this process, printed against their
 * targets; BENCH_SENDER_PASSES sets the sender's passes (default 3).
 */
export async function measureSweepAndSender(built: BuiltApp, smtpUrl: string, figures: Figure[]): Promise<void> {
  const sweep = await timeReminderSweeps(built);
  print(
    `Reminder sweep: ${sweep.created} reminders in ${seconds(sweep.firstMs)} (target < 5 s); ` +
      `second sweep: ${sweep.secondCreated} new in ${seconds(sweep.secondMs)} (target < 1 s); ` +
      `longest event-loop block ${sweep.maxBlockMs.toFixed(0)} ms (target < 50 ms): ${verdict(sweep.maxBlockMs < 50)}`,
  );
  print(
    `Reminder sweep's ${sweep.statements} statements: p95 ${sweep.statementP95Ms.toFixed(1)} ms, longest ` +
      `${sweep.statementMaxMs.toFixed(1)} ms (target p95 < 50 ms); CPU of this process during the sweeps ` +
      `${seconds(sweep.cpuMs)}`,
  );
  figures.push(
    { name: 'Reminder sweep', value: sweep.firstMs / 1000, unit: 's' },
    { name: 'Second sweep', value: sweep.secondMs / 1000, unit: 's' },
    { name: 'Sweep: longest event-loop block', value: sweep.maxBlockMs, unit: 'ms' },
    { name: 'Sweep: statement p95', value: sweep.statementP95Ms, unit: 'ms' },
  );
  const passes = Number(process.env.BENCH_SENDER_PASSES ?? 3);
  const sender = await timeSender(built, passes);
  print(
    `Sender on that outbox (mail to ${smtpUrl ? 'SMTP_URL' : 'an in-process sink'}): ${sender.passes} passes ` +
      `handled ${sender.rows} rows in ${seconds(sender.totalMs)}, longest pass ${seconds(sender.longestPassMs)}, ` +
      `longest event-loop block ${sender.maxBlockMs.toFixed(0)} ms (target < 50 ms): ${verdict(sender.maxBlockMs < 50)}, ` +
      `CPU ${seconds(sender.cpuMs)}; ` +
      `${sender.stillDue} rows still due for the next passes`,
  );
  figures.push(
    { name: 'Sender pass (longest)', value: sender.longestPassMs / 1000, unit: 's' },
    { name: 'Sender: longest event-loop block', value: sender.maxBlockMs, unit: 'ms' },
  );
}
