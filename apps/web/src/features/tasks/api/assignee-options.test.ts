import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAssigneeOptions } from './assignee-options';

/** The users-list addresses the picker asked for. */
let asked: URL[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://localhost'));
    const answer = {
      data: [
        {
          _id: 'u1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          role: 'FACILITY_USER',
          active: true,
          mustChangePassword: false,
          lastSignInAt: null,
          facilityIds: ['f1', 'f2'],
          mfaEnabled: false,
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
      meta: { total: 1, page: 1, pageSize: 50 },
    };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('fetchAssigneeOptions', () => {
  it('asks only for users who may see every facility of the tasks, named once and in a stable order', async () => {
    const options = await fetchAssigneeOptions('ad', ['f2', 'f1', 'f2']);
    expect(options).toEqual([{ value: 'u1', label: expect.stringContaining('Ada Lovelace') }]);
    expect(asked[0]!.pathname).toBe('/api/users');
    expect(asked[0]!.searchParams.get('assignableTo')).toBe('f1,f2');
    expect(asked[0]!.searchParams.get('active')).toBe('true');
    expect(asked[0]!.searchParams.get('search')).toBe('ad');
  });

  it('does not narrow the list when no facility is known (a new requirement without facilities)', async () => {
    await fetchAssigneeOptions('', []);
    expect(asked[0]!.searchParams.has('assignableTo')).toBe(false);
  });
});
