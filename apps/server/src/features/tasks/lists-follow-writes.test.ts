import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@rtms/shared/schemas/tasks';
import { buildApp, type App } from '../../app';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { samplePdf } from '../../test/sample-files';
import { signedInSuite, suiteUser } from '../../test/signed-in-suite';
import type { TestApp } from '../../test/test-app';
import { testClock } from '../../test/test-clock';
import { upload } from '../documents/documents-test-support';

/**
 * Every write keeps its lists true (decision 037): the revisions that stamp the kept answers follow from the
 * data by trigger, so no write path can leave a list stale by forgetting a bump. Each case reads the lists that
 * show what it changes on two instances on one database (warming both instances' kept answers), writes on the
 * first, and expects the change on the very next read of each, on this one and on the other.
 */
describe('every write shows on the next read of its lists, on the instance that wrote and on another', () => {
  const clock = testClock('2026-03-10T12:00:00Z');
  const suite = signedInSuite({}, { now: clock });
  const first = suiteUser(suite, 'FACILITY_USER');
  const second = suiteUser(suite, 'FACILITY_USER');
  let other: App;
  let facilityId: string;
  let requirementId: string;
  let afterCompletionId: string;
  let untouchedId: string;

  /** The two instances, as `ok` and `call` take them. */
  const instances = (): [string, TestApp][] => [
    ['writer', suite.t],
    ['other', { app: other.app } as TestApp],
  ];
  const page = async (t: TestApp, query: string) => {
    const response = await call<{ data: Task[]; meta: { total: number } }>(
      t,
      suite.admin,
      'GET',
      `/api/tasks?${query}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return {
      ids: response.body.data.map((task) => task._id),
      rows: response.body.data,
      total: response.body.meta.total,
    };
  };
  /** Reads `read` on both instances, runs `write` on the first, then checks the next read of each with `check`. */
  async function shows<T>(
    read: (t: TestApp) => Promise<T>,
    write: () => Promise<unknown>,
    check: (after: T, before: T) => void,
  ): Promise<void> {
    const before = await Promise.all(instances().map(([, t]) => read(t)));
    // Twice: the second read is the one answered from what each instance kept.
    await Promise.all(instances().map(([, t]) => read(t)));
    await write();
    for (const [index, [name, t]] of instances().entries()) {
      try {
        check(await read(t), before[index]!);
      } catch (error) {
        throw new Error(`on the ${name} instance: ${(error as Error).message}`, { cause: error });
      }
    }
  }
  const requirementPage = (t: TestApp) => page(t, `requirementId=${requirementId}&sort=dueDate&pageSize=20`);
  const openTask = async () =>
    (await page(suite.t, `requirementId=${requirementId}&status=INCOMPLETE&sort=dueDate`)).rows[0]!;

  beforeAll(async () => {
    other = await buildApp(suite.t.config, { database: suite.t.reopenDatabase(), serveWebApp: false, now: clock });
    facilityId = await createFacility(suite.t, suite.admin, { name: 'Fresh Ridge', timeZone: 'UTC' });
    for (const user of [first, second]) await assignFacility(suite.t, suite.admin, user.id, facilityId);
    const weekly = await createRequirement(suite.t, suite.admin, {
      title: 'Fresh weekly inspection',
      frequency: 'WEEKLY',
      firstDueDate: '2026-03-02',
      weekendShift: 'NEXT',
      facilities: [{ facilityId }],
    });
    requirementId = weekly.data._id;
    const afterCompletion = await createRequirement(suite.t, suite.admin, {
      title: 'Fresh rolling check',
      frequency: 'MONTHLY',
      scheduleMode: 'AFTER_COMPLETION',
      firstDueDate: '2026-03-02',
      facilities: [{ facilityId }],
    });
    afterCompletionId = afterCompletion.data._id;
    const untouched = await createRequirement(suite.t, suite.admin, {
      title: 'Fresh untouched series',
      frequency: 'WEEKLY',
      firstDueDate: '2026-03-02',
      facilities: [{ facilityId }],
    });
    untouchedId = untouched.data._id;
  });
  afterAll(() => other.close());

  it('a task’s assignment (PATCH /api/tasks/{id}) shows in the assignee’s list', async () => {
    const task = await openTask();
    await shows(
      (t) => page(t, `assigneeId=${first.id}`),
      () => ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${task._id}`, { assigneeId: first.id }),
      (after, before) => {
        expect(after.ids).toContain(task._id);
        expect(after.total).toBe(before.total + 1);
      },
    );
  });

  it('a new due date (PATCH /api/tasks/{id}) shows in the requirement’s list', async () => {
    const task = await openTask();
    await shows(
      requirementPage,
      () =>
        ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${task._id}`, {
          dueDate: '2026-03-04',
          rescheduleReason: 'Crew on site that day',
        }),
      (after) => expect(after.rows.find((row) => row._id === task._id)?.dueDate).toBe('2026-03-04'),
    );
  });

  it('a completion and a reopening show in the completed list, the dashboard and the calendar', async () => {
    const task = await openTask();
    const completed = (t: TestApp) => page(t, `requirementId=${requirementId}&status=COMPLETED`);
    await shows(
      async (t) => ({
        completed: await completed(t),
        summary: await ok<{ overdue: number }>(t, suite.admin, 'GET', `/api/tasks/summary?facilityId=${facilityId}`),
        days: await ok<{ date: string; byState: Record<string, number> }[]>(
          t,
          suite.admin,
          'GET',
          `/api/calendar/days?from=2026-03-01&to=2026-03-31&requirementId=${requirementId}`,
        ),
      }),
      () => ok(suite.t, suite.admin, 'POST', `/api/tasks/${task._id}/complete`, {}),
      (after, before) => {
        expect(after.completed.ids).toContain(task._id);
        expect(after.summary.overdue).toBe(before.summary.overdue - 1);
        const count = (days: typeof after.days) => days.reduce((sum, day) => sum + (day.byState.COMPLETED ?? 0), 0);
        expect(count(after.days)).toBe(count(before.days) + 1);
      },
    );
    await shows(
      completed,
      () => ok(suite.t, suite.admin, 'POST', `/api/tasks/${task._id}/reopen`, { reason: 'Photo missing' }),
      (after) => expect(after.ids).not.toContain(task._id),
    );
  });

  it('a comment and an evidence upload move the task to the top of the recently updated', async () => {
    const recent = (t: TestApp) => page(t, `requirementId=${requirementId}&sort=-updatedAt&pageSize=50`);
    // The two latest occurrences: far from the days the later tests move (a comment or an upload touches a task,
    // and a touched task no longer moves for a holiday). Picking among equal update times chose by random id, and
    // once in about thirty runs it chose the 6 April task the holiday test needs untouched.
    const [commented, attached] = (
      await page(suite.t, `requirementId=${requirementId}&status=INCOMPLETE&sort=-dueDate&pageSize=2`)
    ).ids;
    clock.set('2026-03-10T12:05:00Z');
    await shows(
      recent,
      () => ok(suite.t, suite.admin, 'POST', `/api/tasks/${commented}/comments`, { body: 'Checked on site' }),
      (after) => expect(after.ids[0]).toBe(commented),
    );
    clock.set('2026-03-10T12:10:00Z');
    const evidence = (t: TestApp) =>
      call<{ data: { taskId: string }[] }>(t, suite.admin, 'GET', '/api/documents?kind=TASK');
    await shows(
      async (t) => ({ recent: await recent(t), evidence: (await evidence(t)).body.data.map((row) => row.taskId) }),
      async () => {
        const uploaded = await upload(
          suite.t,
          suite.admin,
          { kind: 'TASK', taskId: attached! },
          { fileName: 'evidence.pdf', content: await samplePdf() },
        );
        expect(uploaded.status).toBe(201);
      },
      (after) => {
        expect(after.recent.ids[0]).toBe(attached);
        expect(after.evidence).toContain(attached);
      },
    );
  });

  it('a bulk assignment and a hand-over show in both assignees’ lists', async () => {
    const ids = (await page(suite.t, `requirementId=${requirementId}&status=INCOMPLETE&sort=-dueDate&pageSize=3`)).ids;
    await shows(
      (t) => page(t, `assigneeId=${first.id}&pageSize=200`),
      () => ok(suite.t, suite.admin, 'POST', '/api/tasks/bulk', { ids, action: 'assign', assigneeId: first.id }),
      (after) => expect(after.ids).toEqual(expect.arrayContaining(ids)),
    );
    await shows(
      async (t) => ({ from: await page(t, `assigneeId=${first.id}`), to: await page(t, `assigneeId=${second.id}`) }),
      () => ok(suite.t, suite.admin, 'POST', `/api/users/${first.id}/hand-over`, { toUserId: second.id }),
      (after, before) => {
        expect(after.from.total).toBe(0);
        expect(after.to.total).toBe(before.to.total + before.from.total);
      },
    );
  });

  it('a completion of an after-completion series shows its next occurrence', async () => {
    const series = (t: TestApp) => page(t, `requirementId=${afterCompletionId}`);
    const [task] = (await series(suite.t)).ids;
    await shows(
      series,
      () => ok(suite.t, suite.admin, 'POST', `/api/tasks/${task}/complete`, {}),
      (after, before) => {
        expect(after.total).toBe(before.total + 1);
        expect(after.ids.length).toBe(after.total);
      },
    );
  });

  it('a holiday moves the tasks on it, in the list and in the facility’s holidays', async () => {
    // 2026-04-06 is a Monday of the weekly series: with the holiday, NEXT moves it to Tuesday the 7th.
    await shows(
      async (t) => ({
        tasks: await page(t, `requirementId=${requirementId}&dueFrom=2026-04-01&dueTo=2026-04-10`),
        holidays: await ok<{ date: string }[]>(t, suite.admin, 'GET', `/api/facilities/${facilityId}/holidays`),
      }),
      () =>
        ok(suite.t, suite.admin, 'POST', `/api/facilities/${facilityId}/holidays`, {
          date: '2026-04-06',
          name: 'Site day',
        }),
      (after) => {
        expect(after.tasks.rows.map((row) => row.dueDate)).toEqual(['2026-04-07']);
        expect(after.holidays.map((holiday) => holiday.date)).toContain('2026-04-06');
      },
    );
  });

  it('a requirement moved to another program area, and renamed, shows under it at once', async () => {
    const area = await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/program-areas', { name: 'Fresh area' });
    const all = (await page(suite.t, `requirementId=${requirementId}&pageSize=1`)).total;
    await shows(
      async (t) => ({
        byDue: await page(t, `programAreaId=${area._id}&sort=-dueDate&pageSize=200`),
        byTitle: await page(t, `programAreaId=${area._id}&pageSize=200`),
      }),
      () => ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { programAreaId: area._id }),
      (after) => {
        for (const list of [after.byDue, after.byTitle]) {
          expect(list.total).toBe(all);
          expect(list.ids.length).toBe(all);
        }
      },
    );
    await shows(
      async (t) => ({
        tasks: await requirementPage(t),
        requirements: await ok<{ _id: string; title: string }[]>(
          t,
          suite.admin,
          'GET',
          '/api/requirements?pageSize=200',
        ),
      }),
      () => ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { title: 'Fresh renamed' }),
      (after) => {
        expect(new Set(after.tasks.rows.map((row) => row.requirementTitle))).toEqual(new Set(['Fresh renamed']));
        expect(after.requirements.find((row) => row._id === requirementId)?.title).toBe('Fresh renamed');
      },
    );
  });

  it('a requirement’s new first due date rewrites its untouched tasks in the list', async () => {
    await shows(
      (t) => page(t, `requirementId=${untouchedId}&dueFrom=2026-05-01&dueTo=2026-05-31&sort=dueDate`),
      () => ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${untouchedId}`, { firstDueDate: '2026-03-03' }),
      (after, before) => {
        expect(before.rows.map((row) => row.dueDate)).toEqual(['2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25']);
        expect(after.rows.map((row) => row.dueDate)).toEqual(['2026-05-05', '2026-05-12', '2026-05-19', '2026-05-26']);
      },
    );
  });

  it('the daily generation’s new occurrences show in the list', async () => {
    clock.set('2026-05-20T12:00:00Z');
    await shows(
      (t) => page(t, `requirementId=${requirementId}&pageSize=1`),
      async () => expect((await suite.t.jobs.runDailyGeneration()).result?.inserted).toBeGreaterThan(0),
      (after, before) => expect(after.total).toBeGreaterThan(before.total),
    );
  });

  it('a facility’s rename shows in the tasks and the facilities', async () => {
    await shows(
      async (t) => ({
        tasks: await requirementPage(t),
        facilities: await ok<{ _id: string; name: string }[]>(t, suite.admin, 'GET', '/api/facilities?pageSize=200'),
      }),
      () => ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${facilityId}`, { name: 'Fresh Renamed Ridge' }),
      (after) => {
        expect(after.tasks.rows[0]?.facilityName).toBe('Fresh Renamed Ridge');
        expect(after.facilities.find((row) => row._id === facilityId)?.name).toBe('Fresh Renamed Ridge');
      },
    );
  });
});
