import { expect } from 'vitest';
import type { CreateRequirementBody, RequirementDetail, TaskChangeCounts } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { bearer, type TestApp } from './test-app';

/** Helpers for the requirement, task, job and hand-over tests: API calls that must succeed. */

let counter = 0;
/** A short unique suffix for names and codes. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-4)}${counter}`.toUpperCase();
}

/** A clock the test moves: `clock.set('2026-03-10T12:00:00Z')`. */
export function testClock(start: string) {
  let now = new Date(start);
  const clock = () => new Date(now.getTime());
  clock.set = (instant: string) => {
    now = new Date(instant);
  };
  return clock;
}

export async function call<T = unknown>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: T & { message?: string; code?: string; details?: unknown } }> {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const body = (response.body ? response.json() : undefined) as T & {
    message?: string;
    code?: string;
    details?: unknown;
  };
  return { status: response.statusCode, body };
}

/**
 * `call` for a feature test file: bound to its app (read when called, so it can be made in `beforeAll`),
 * without a token when none is given, answering the body as parsed JSON (untyped, as the tests read it).
 */
export function callerOf(app: () => TestApp) {
  return async (
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await app().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
}

/** Calls and expects a 2xx answer; returns `data`. */
export async function ok<T = unknown>(...request: Parameters<typeof call>): Promise<T> {
  const [, , method, url] = request;
  const response = await call<{ data: T }>(...request);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body.data;
}

export async function createFacility(
  t: TestApp,
  token: string,
  fields: { name?: string; timeZone?: string; type?: string } = {},
): Promise<string> {
  const code = `T${unique()}`.slice(0, 12);
  const facility = await ok<{ _id: string }>(t, token, 'POST', '/api/facilities', {
    name: fields.name ?? `Facility ${code}`,
    code,
    type: fields.type ?? 'WIND',
    timeZone: fields.timeZone ?? 'UTC',
  });
  return facility._id;
}

export async function assignFacility(t: TestApp, token: string, userId: string, facilityId: string): Promise<void> {
  await ok(t, token, 'POST', '/api/user-facilities', { userId, facilityId });
}

export async function createRequirement(
  t: TestApp,
  token: string,
  body: Partial<CreateRequirementBody> & Pick<CreateRequirementBody, 'frequency' | 'firstDueDate'>,
): Promise<{ data: RequirementDetail; meta: { tasks: TaskChangeCounts } }> {
  const response = await call<{ data: RequirementDetail; meta: { tasks: TaskChangeCounts } }>(
    t,
    token,
    'POST',
    '/api/requirements',
    { title: `Requirement ${unique()}`, category: 'WATER', ...body },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Every task matching the query (all pages). */
export async function allTasks(t: TestApp, token: string, query: Record<string, string> = {}): Promise<Task[]> {
  const tasks: Task[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams({ pageSize: '200', page: String(page), ...query });
    const response = await call<{ data: Task[]; meta: { total: number } }>(t, token, 'GET', `/api/tasks?${params}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    tasks.push(...response.body.data);
    if (response.body.data.length < 200) return tasks;
  }
}

/** The due dates of a requirement's tasks at a facility, in order. */
export async function dueDates(
  t: TestApp,
  token: string,
  requirementId: string,
  facilityId: string,
): Promise<string[]> {
  return (await allTasks(t, token, { requirementId, facilityId })).map((task) => task.dueDate);
}
