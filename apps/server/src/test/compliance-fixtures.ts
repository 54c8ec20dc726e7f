import { expect } from 'vitest';
import type { CreateRequirementBody, RequirementDetail, TaskChangeCounts } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from './api-calls';
import type { TestApp } from './test-app';

/** Helpers for the requirement, task, job and hand-over tests: API calls that must succeed. */

let counter = 0;
/** A short unique suffix for names and codes. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-4)}${counter}`.toUpperCase();
}

/** What a test says of a new facility; the rest is made up (a unique code, a wind farm in UTC). */
export interface FacilityFields {
  name?: string;
  timeZone?: string;
  type?: string;
  /** The holiday calendar's country and state (none when left out). */
  country?: string;
  state?: string;
}

/** Facilities that several test files make, as their tests rely on them: a holiday calendar, a name, a zone. */
export const TEXAS_PLANT: FacilityFields = { country: 'US', state: 'TX', timeZone: 'America/Chicago' };
export const PRAIRIE_WIND: FacilityFields = { name: 'Prairie Wind', timeZone: 'UTC' };
export const DESERT_SUN: FacilityFields = { name: 'Desert Sun', timeZone: 'UTC' };

export async function createFacility(t: TestApp, token: string, fields: FacilityFields = {}): Promise<string> {
  const code = `T${unique()}`.slice(0, 12);
  const { name = `Facility ${code}`, type = 'WIND', timeZone = 'UTC', ...calendar } = fields;
  const facility = await ok<{ _id: string }>(t, token, 'POST', '/api/facilities', {
    name,
    code,
    type,
    timeZone,
    ...calendar,
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

/**
 * A monthly requirement bound to one facility (`body` adds or overrides fields), created by the suite's admin, and
 * its tasks there (all pages): where most scheduling tests start.
 */
export async function monthlyAt(
  suite: { t: TestApp; admin: string },
  facilityId: string,
  firstDueDate: string,
  body: Partial<CreateRequirementBody> = {},
): Promise<{ data: RequirementDetail; tasks: Task[] }> {
  const { data } = await createRequirement(suite.t, suite.admin, {
    frequency: 'MONTHLY',
    firstDueDate,
    facilities: [{ facilityId }],
    ...body,
  });
  return { data, tasks: await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId }) };
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
