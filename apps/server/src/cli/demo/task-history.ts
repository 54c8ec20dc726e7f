import { createHash } from 'node:crypto';
import { addDays, diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Role } from '@rtms/shared/enums';
import { countTaskEvidence } from '../../features/documents/documents.service';
import { findFacilityZones } from '../../features/tasks/task-lookups.repository';
import { createTasksService } from '../../features/tasks/tasks.service';
import type { Principal } from '../../platform/auth';
import { systemClock } from '../../platform/clock';
import { tally, type DemoContext } from './context';
import { DEMO_USERS } from './users';

/**
 * Two years of a real site's record on the demo tasks, through the tasks service (validated, audited,
 * timeliness judged as for any completion): most past occurrences completed — on time, a few late
 * within grace, a handful after it (missed) — some left open (overdue), a few done early, with the odd
 * reschedule, comment and "not applicable". Each task's fate is drawn from a hash of its id, so a
 * second run leaves alone what the first left open.
 */

/** 0–99, fixed per task and purpose. */
function draw(taskId: string, purpose: string): number {
  return createHash('sha256').update(`${purpose}:${taskId}`).digest().readUInt32BE(0) % 100;
}

const COMPLETION_NOTES = [
  'Done, no findings.',
  'Completed per checklist; photos attached to the site log.',
  'Minor housekeeping items corrected on the spot.',
  'Inspected with the contractor; report filed.',
  'All readings within limits.',
];
const COMMENTS = [
  'Contractor scheduled for next week.',
  'Waiting for the lab results before closing this out.',
  'Access road washed out; will go as soon as it is passable.',
  'Parts on order; temporary measures in place.',
];

export async function loadTaskHistory(ctx: DemoContext): Promise<void> {
  const count = tally(ctx, 'task history (completions)');
  const tasks = createTasksService(ctx.db, ctx.services.audit, {
    clock: systemClock,
    countEvidence: countTaskEvidence,
  });

  // Who does the work at each facility: a site user there, else the compliance team.
  const principalOf = (email: string, role: Role, firstName: string, lastName: string): Principal | null => {
    const id = ctx.refs.users.get(email);
    return id ? { id, email, role, firstName, lastName, mustChangePassword: false, sessionId: 'demo' } : null;
  };
  const compliance = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_USER');
  const fallback =
    (compliance && principalOf(compliance.email, compliance.role, compliance.firstName, compliance.lastName)) ??
    ctx.principal;
  const workers = new Map<string, Principal>();
  for (const [code, facilityId] of ctx.refs.facilities) {
    const person = DEMO_USERS.find((user) => user.facilities.includes(code) && user.role === 'FACILITY_USER');
    workers.set(
      facilityId,
      (person && principalOf(person.email, person.role, person.firstName, person.lastName)) ?? fallback,
    );
  }

  // Facilities' zones and requirements' terms stay as they are while the history is written: read them once.
  const zoneOf = new Map((await findFacilityZones(ctx.db)).map((facility) => [facility.id, facility.timeZone]));
  const termsOf = new Map(
    (await ctx.db.selectFrom('requirements').select(['id', 'graceDays', 'evidenceRequired']).execute()).map(
      (requirement) => [requirement.id, requirement],
    ),
  );

  // Completing an after-completion task creates the next one: a few passes pick those up.
  for (let pass = 0; pass < 40; pass += 1) {
    const candidates = await ctx.db
      .selectFrom('tasks')
      .select(['id', 'facilityId', 'requirementId', 'dueDate'])
      .where('status', '=', 'INCOMPLETE')
      .where('touched', '=', 0)
      .orderBy('dueDate')
      .orderBy('id')
      .execute();
    // Completions per worker, written a few hundred per transaction.
    const batches = new Map<Principal, { id: string; completedOn: string; completionNote: string | null }[]>();
    for (const task of candidates) {
      const terms = termsOf.get(task.requirementId);
      const timeZone = zoneOf.get(task.facilityId);
      if (!terms || !timeZone || terms.evidenceRequired) continue;
      const today = todayInTimeZone(timeZone);
      const worker = workers.get(task.facilityId) ?? fallback;
      const fate = draw(task.id, 'fate');
      const age = diffDays(today, task.dueDate);
      const grace = Number(terms.graceDays);
      let completedOn: string;
      if (age > 45) {
        // Long past: 8% never done (still overdue), 4% done after grace, 15% late, the rest on time.
        if (fate < 8) continue;
        if (fate < 12) completedOn = addDays(task.dueDate, grace + 1 + (draw(task.id, 'days') % 20));
        else if (fate < 27) completedOn = addDays(task.dueDate, 1 + (draw(task.id, 'days') % Math.max(1, grace)));
        else completedOn = addDays(task.dueDate, -(draw(task.id, 'days') % 6));
      } else if (age > 0) {
        // Recently due: 35% still open, the rest done.
        if (fate < 35) continue;
        completedOn = addDays(
          task.dueDate,
          fate < 55 ? Math.min(age, 1 + (draw(task.id, 'days') % 3)) : -(draw(task.id, 'days') % 4),
        );
      } else if (age > -10 && fate < 15) {
        // Due within days: a few done early.
        completedOn = today;
      } else {
        continue;
      }
      if (completedOn > today) completedOn = today;
      const batch = batches.get(worker) ?? [];
      batch.push({
        id: task.id,
        completedOn,
        completionNote: COMPLETION_NOTES[draw(task.id, 'note') % COMPLETION_NOTES.length] ?? null,
      });
      batches.set(worker, batch);
    }
    let completedThisPass = 0;
    for (const [worker, batch] of batches) {
      for (let start = 0; start < batch.length; start += 250) {
        const chunk = batch.slice(start, start + 250);
        await tasks.completeEach(worker, chunk);
        completedThisPass += chunk.length;
        for (let i = 0; i < chunk.length; i += 1) count.created();
      }
    }
    if (completedThisPass === 0) break;
  }
  const timeliness = await ctx.db
    .selectFrom('tasks')
    .select(['timeliness', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'COMPLETED')
    .groupBy('timeliness')
    .execute();
  const late = Number(timeliness.find((row) => row.timeliness === 'LATE')?.count ?? 0);
  const missed = Number(timeliness.find((row) => row.timeliness === 'MISSED')?.count ?? 0);

  // A little life on the open ones (once): comments on some overdue tasks, a reschedule, a not-applicable.
  const alreadyLively = await ctx.db
    .selectFrom('tasks')
    .select('id')
    .where('status', '=', 'INCOMPLETE')
    .where('touched', '=', 1)
    .executeTakeFirst();
  const overdue = alreadyLively
    ? []
    : await ctx.db
        .selectFrom('tasks')
        .select(['id', 'dueDate', 'facilityId'])
        .where('status', '=', 'INCOMPLETE')
        .where('touched', '=', 0)
        .where('dueDate', '<', todayInTimeZone('UTC'))
        .orderBy('dueDate', 'desc')
        .orderBy('id')
        .limit(12)
        .execute();
  for (const [index, task] of overdue.entries()) {
    const worker = workers.get(task.facilityId) ?? fallback;
    if (index % 4 === 3) {
      await tasks.update(ctx.principal, task.id, {
        notApplicableReason: 'Equipment removed from service during repowering',
      });
    } else if (index % 4 === 2) {
      await tasks.update(ctx.principal, task.id, {
        dueDate: addDays(todayInTimeZone('UTC'), 14),
        rescheduleReason: 'Agreed with the agency inspector: rescheduled after the outage',
      });
    } else {
      await tasks.comment(worker, task.id, { body: COMMENTS[index % COMMENTS.length]! });
    }
  }
  const open = Number(
    (
      await ctx.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'INCOMPLETE')
        .where('notApplicableReason', 'is', null)
        .where('dueDate', '<', todayInTimeZone('UTC'))
        .executeTakeFirstOrThrow()
    ).count,
  );
  count.print();
  ctx.print(`  completed late: ${late}, missed (after grace): ${missed}; overdue now: ${open}`);
}
