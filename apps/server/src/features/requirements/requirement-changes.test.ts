import { describe, expect, it } from 'vitest';
import type { RequirementDetail, RequirementPreview } from '@rtms/shared/schemas/requirements';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createRequirement, dueDates, monthlyAt } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/** Tuesday 10 March 2026, noon UTC. */
const NOW = '2026-03-10T12:00:00Z';

/**
 * Changing a requirement after its tasks exist: previews, edits, a change of frequency, retiring,
 * unbinding a facility, and the after-completion mode (moved from requirements.test.ts by subject).
 */
describe('requirement changes rewrite tasks', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, { utc: { timeZone: 'UTC' }, chicago: { timeZone: 'America/Chicago' } });

  it('previews an edit without writing, and the save then rewrites only untouched future tasks', async () => {
    const { data, tasks } = await monthlyAt(suite, sites.utc, '2025-10-31', { backfillFrom: '2025-10-01' });
    const byDue = (due: string) => tasks.find((task) => task.dueDate === due)!;
    // Touch some future tasks: a comment (April), a reschedule (May), a completion (June, early).
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${byDue('2026-04-30')._id}/comments`, {
      body: 'Contractor booked',
    });
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${byDue('2026-05-31')._id}`, {
      dueDate: '2026-05-29',
      rescheduleReason: 'Holiday',
    });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${byDue('2026-06-30')._id}/complete`, {});

    const preview = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      requirementId: data._id,
      firstDueDate: '2025-10-15',
    });
    const after = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    expect(after.map((task) => [task._id, task.dueDate])).toEqual(
      tasks.map((task) => [task._id, task.dueDate === '2026-05-31' ? '2026-05-29' : task.dueDate]),
    );
    const touchedIds = [byDue('2026-04-30')._id, byDue('2026-05-31')._id, byDue('2026-06-30')._id];
    expect(preview.moved.map((move) => move.taskId)).not.toEqual(expect.arrayContaining([touchedIds[0]]));
    expect(preview.moved.some((move) => touchedIds.includes(move.taskId))).toBe(false);
    expect(preview.moved[0]).toMatchObject({ taskId: byDue('2026-03-31')._id, from: '2026-03-31', to: '2026-03-15' });
    // History (before today) is never in a preview.
    expect(preview.moved.some((move) => move.from < '2026-03-10')).toBe(false);
    expect(preview.added).toEqual([]);
    expect(preview.removed).toEqual([]);

    const saved = await ok<RequirementDetail>(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      firstDueDate: '2025-10-15',
    });
    expect(saved.firstDueDate).toBe('2025-10-15');
    const edited = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    const dateOf = (id: string) => edited.find((task) => task._id === id)!.dueDate;
    expect(dateOf(byDue('2026-03-31')._id)).toBe('2026-03-15');
    expect(dateOf(byDue('2026-02-28')._id)).toBe('2026-02-28');
    expect(dateOf(touchedIds[0]!)).toBe('2026-04-30');
    expect(dateOf(touchedIds[1]!)).toBe('2026-05-29');
    expect(dateOf(touchedIds[2]!)).toBe('2026-06-30');
    expect(dateOf(byDue('2026-07-31')._id)).toBe('2026-07-15');
    expect(edited).toHaveLength(tasks.length);

    // A change of frequency: the preview and the save agree, history stays.
    const quarterly = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      requirementId: data._id,
      frequency: 'QUARTERLY',
    });
    const response = await call<{ meta: { tasks: { added: number; moved: number; removed: number } } }>(
      suite.t,
      suite.admin,
      'PATCH',
      `/api/requirements/${data._id}`,
      { frequency: 'QUARTERLY' },
    );
    expect(response.status).toBe(200);
    expect(response.body.meta.tasks).toEqual({
      added: quarterly.added.length,
      moved: quarterly.moved.length,
      removed: quarterly.removed.length,
    });
    const quarterlyTasks = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    // History (before today) kept the dates it had: edits never rewrite it.
    expect(quarterlyTasks.filter((task) => task.dueDate < '2026-03-10').map((task) => task.dueDate)).toEqual([
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
    ]);
    expect(
      quarterlyTasks
        .filter((task) => task.dueDate >= '2026-03-10' && task.frequency === 'QUARTERLY')
        .map((t2) => t2.dueDate),
    ).toEqual(expect.arrayContaining(['2026-07-15', '2026-10-15', '2027-01-15']));
    const sequences = quarterlyTasks.map((task) => task.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    // Never two tasks on one day, and every untouched upcoming task carries the new rule's period label.
    const upcoming = quarterlyTasks.filter((task) => task.scheduledDueDate >= '2026-03-10');
    const days = upcoming.map((task) => task.scheduledDueDate);
    expect(new Set(days).size).toBe(days.length);
    const untouched = upcoming.filter((task) => !touchedIds.includes(task._id));
    expect(untouched.length).toBeGreaterThan(0);
    for (const task of untouched) expect(task.periodLabel).toMatch(/^\d{4}-Q[1-4]$/);
    // The lead time and grace followed the frequency's defaults.
    const detail = await ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${data._id}`);
    expect(detail).toMatchObject({ leadTimeDays: 14, graceDays: 7 });
  });

  it('previews a create', async () => {
    const preview = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      title: 'Annual SPCC review',
      category: 'HAZARDOUS_MATERIALS',
      frequency: 'YEARLY',
      firstDueDate: '2026-07-01',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago }],
    });
    expect(preview.added.map((added) => added.dueDate)).toEqual(['2026-07-01', '2026-07-01']);
    const invalid = await call(suite.t, suite.admin, 'POST', '/api/requirements/preview', { frequency: 'YEARLY' });
    expect(invalid.status).toBe(400);
    expect((invalid.body.details as { path: string }[]).map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['title', 'category', 'firstDueDate']),
    );
  });

  it('retires: no new tasks, untouched future tasks removed, history and touched tasks kept', async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-20',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago }],
    });
    const tasks = await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId: sites.utc });
    const april = tasks.find((task) => task.dueDate === '2026-04-20')!;
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${april._id}/comments`, { body: 'Keep me' });
    // The confirmation shows these before anyone retires: the preview with status RETIRED names them.
    const preview = await ok<{ added: unknown[]; moved: unknown[]; removed: { taskId: string }[] }>(
      suite.t,
      suite.admin,
      'POST',
      '/api/requirements/preview',
      { requirementId: data._id, status: 'RETIRED' },
    );
    expect(preview.removed).toHaveLength(25);
    expect(preview.removed.map((task) => task.taskId)).not.toContain(april._id);
    expect(preview.added).toEqual([]);
    const retired = await call<{ data: RequirementDetail; meta: { tasks: { removed: number } } }>(
      suite.t,
      suite.admin,
      'POST',
      `/api/requirements/${data._id}/retire`,
      { reason: 'Permit terminated' },
    );
    expect(retired.status).toBe(200);
    expect(retired.body.data.status).toBe('RETIRED');
    // 13 future tasks per facility (March … March), one of them touched.
    expect(retired.body.meta.tasks.removed).toBe(25);
    const left = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    expect(left.map((task) => task.dueDate).sort()).toEqual([
      '2026-01-20',
      '2026-01-20',
      '2026-02-20',
      '2026-02-20',
      '2026-04-20',
    ]);
    suite.clock.set('2026-05-11T12:00:00Z');
    try {
      await suite.t.jobs.runGenerationNow();
    } finally {
      suite.clock.set(NOW);
    }
    expect((await allTasks(suite.t, suite.admin, { requirementId: data._id })).length).toBe(5);
    const list = await ok<{ _id: string }[]>(
      suite.t,
      suite.admin,
      'GET',
      '/api/requirements?status=RETIRED&pageSize=200',
    );
    expect(list.map((requirement) => requirement._id)).toContain(data._id);
    // Reactivating generates again from today.
    const reactivated = await ok<RequirementDetail>(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      status: 'ACTIVE',
    });
    expect(reactivated.status).toBe('ACTIVE');
    const again = await dueDates(suite.t, suite.admin, data._id, sites.utc);
    expect(again.filter((date) => date >= '2026-03-10')).toHaveLength(13);
    const events = await ok<{ action: string }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/audit?entityId=${data._id}&pageSize=200`,
    );
    expect(events.map((event) => event.action)).toEqual(expect.arrayContaining(['CREATE', 'RETIRE', 'REACTIVATE']));
  });

  it('unbinding a facility removes its untouched future tasks and keeps its history', async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-05',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago }],
    });
    const updated = await ok<RequirementDetail>(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      facilities: [{ facilityId: sites.utc }],
    });
    expect(updated.facilities.map((binding) => binding.facilityId)).toEqual([sites.utc]);
    expect(await dueDates(suite.t, suite.admin, data._id, sites.chicago)).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
    ]);
    // Binding it again continues the series from today, with fresh numbers.
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago }],
    });
    const tasks = await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId: sites.chicago });
    expect(tasks.map((task) => task.dueDate).slice(0, 4)).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
    ]);
    expect(new Set(tasks.map((task) => task.sequence)).size).toBe(tasks.length);
  });

  it('after-completion mode: the next task is created on completion, one step after the completion date', async () => {
    const created = await monthlyAt(suite, sites.utc, '2026-03-20', { scheduleMode: 'AFTER_COMPLETION' });
    const { data } = created;
    let { tasks } = created;
    expect(tasks.map((task) => task.dueDate)).toEqual(['2026-03-20']);
    expect((await suite.t.jobs.runGenerationNow()).inserted).toBe(0);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]!._id}/complete`, { completedOn: '2026-03-08' });
    tasks = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    expect(tasks.map((task) => `${task.sequence}:${task.dueDate}:${task.status}`)).toEqual([
      '0:2026-03-20:COMPLETED',
      '1:2026-04-08:INCOMPLETE',
    ]);
    // Reopening takes the created occurrence back; completing again recreates it from the new date.
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]!._id}/reopen`, {});
    expect((await allTasks(suite.t, suite.admin, { requirementId: data._id })).map((task) => task.dueDate)).toEqual([
      '2026-03-20',
    ]);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${tasks[0]!._id}/complete`, { completedOn: '2026-03-10' });
    expect((await allTasks(suite.t, suite.admin, { requirementId: data._id })).map((task) => task.dueDate)).toEqual([
      '2026-03-20',
      '2026-04-10',
    ]);
    const detail = await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${tasks[0]!._id}`);
    expect(detail.scheduleMode).toBe('AFTER_COMPLETION');
  });
});
