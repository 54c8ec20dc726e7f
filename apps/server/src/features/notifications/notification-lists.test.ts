import { beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';

type Page<T> = { data: T[]; meta: { total: number; page: number; pageSize: number } };
type Item = { taskTitle: string; facilityName: string; category: string; dueDate: string; read: boolean };
type Delivery = { taskTitle: string; facilityName: string; recipientEmail: string; category: string };

/** The notification centre's and the delivery log's search, filters and sorts, answered by the server. */
describe('notification and delivery lists: search, filters, sort', () => {
  const suite = signedInSuiteAt('2026-03-01T12:00:00Z');
  let token: string;
  let email: string;

  beforeAll(async () => {
    const north = await createFacility(suite.t, suite.admin, { name: 'Nordwind Éolien' });
    const south = await createFacility(suite.t, suite.admin, { name: 'Sunfield Solar' });
    const user = await suite.t.createUser('FACILITY_USER', undefined, { firstName: 'Zoë', lastName: 'Quist' });
    email = user.email;
    await assignFacility(suite.t, suite.admin, user.id, north);
    await assignFacility(suite.t, suite.admin, user.id, south);
    // Monthly tasks of the user, open 30 days ahead of each due date.
    const monthly = (title: string, firstDueDate: string, facilityId: string) =>
      createRequirement(suite.t, suite.admin, {
        title,
        frequency: 'MONTHLY',
        firstDueDate,
        leadTimeDays: 30,
        facilities: [{ facilityId, assigneeId: user.id }],
      });
    await monthly('Stormwater sampling', '2026-03-05', north);
    await monthly('Bird strike survey', '2026-03-20', south);
    token = await suite.t.signIn(user.email);
    // 1 March: the survey opens (TASK_OPENED), the sampling is due in 4 days (DUE_SOON); 5 March: it is due.
    await suite.t.notifications.sweep();
    suite.clock.set('2026-03-05T12:00:00Z');
    await suite.t.notifications.sweep();
  });

  const mine = (query: string) => ok<Item[]>(suite.t, token, 'GET', `/api/notifications${query}`);

  it('searches my notifications by requirement or facility, case and accents folded, every word', async () => {
    expect((await mine('?search=STORMWATER')).map((n) => n.taskTitle)).toEqual([
      'Stormwater sampling',
      'Stormwater sampling',
    ]);
    expect((await mine('?search=eolien')).every((n) => n.facilityName === 'Nordwind Éolien')).toBe(true);
    expect(await mine('?search=bird%20nordwind')).toEqual([]);
    const page = await call<Page<Item>>(suite.t, token, 'GET', '/api/notifications?search=bird&pageSize=1');
    expect(page.body.meta).toEqual({ total: 1, page: 1, pageSize: 1 });
    // LIKE wildcards match themselves only.
    expect(await mine('?search=%25')).toEqual([]);
  });

  it('filters by category and read state, and sorts by due date or by when they came', async () => {
    expect((await mine('?category=DUE_TODAY')).map((n) => n.taskTitle)).toEqual(['Stormwater sampling']);
    expect((await mine('?category=TASK_OPENED')).map((n) => n.taskTitle)).toEqual(['Bird strike survey']);
    const byDue = await mine('?sort=-dueDate');
    expect(byDue.map((n) => n.dueDate)).toEqual([...byDue.map((n) => n.dueDate)].sort().reverse());
    // Newest first by default: the 5 March reminder before the 1 March ones.
    expect((await mine(''))[0]!.category).toBe('DUE_TODAY');
    expect((await mine('?sort=createdAt')).at(-1)!.category).toBe('DUE_TODAY');
    expect(await mine('?unread=false')).toEqual([]);
  });

  it('searches the delivery log by recipient, requirement or facility, with the facility named', async () => {
    const log = (query: string) => ok<Delivery[]>(suite.t, suite.admin, 'GET', `/api/notification-deliveries${query}`);
    expect((await log('?search=zoe%20quist')).map((d) => d.recipientEmail)).toEqual([email, email, email]);
    expect((await log('?search=sunfield')).map((d) => [d.taskTitle, d.facilityName])).toEqual([
      ['Bird strike survey', 'Sunfield Solar'],
    ]);
    expect((await log('?category=DUE_TODAY&search=storm')).map((d) => d.category)).toEqual(['DUE_TODAY']);
    expect(await log('?search=nobody-at-all')).toEqual([]);
    expect((await log('?sort=createdAt')).length).toBe(3);
  });

  it('answers 400 with the field for an unknown sort or category', async () => {
    for (const [path, field] of [
      ['/api/notifications?sort=title', 'sort'],
      ['/api/notifications?category=NOPE', 'category'],
      ['/api/notification-deliveries?sort=-title', 'sort'],
      ['/api/notification-deliveries?category=NOPE', 'category'],
    ] as const) {
      const response = await call<{ details: { field: string }[] }>(
        suite.t,
        path.startsWith('/api/notifications') ? token : suite.admin,
        'GET',
        path,
      );
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(field);
    }
  });
});
