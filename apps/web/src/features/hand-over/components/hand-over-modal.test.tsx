import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@rtms/shared/schemas/users';
import { TestProviders } from '../../../components/data/testing';
import { HandOverModal } from './hand-over-modal';

const person = (id: string, name: string, facilityIds: string[]): User => ({
  _id: id,
  email: `${id}@example.com`,
  firstName: name,
  lastName: 'Doe',
  name: `${name} Doe`,
  role: 'FACILITY_USER',
  active: true,
  mustChangePassword: false,
  lastSignInAt: null,
  facilityIds,
  mfaEnabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const LEAVING = person('u1', 'Lea', ['f2', 'f1']);
const SUCCESSOR = person('u2', 'Sam', ['f1', 'f2']);

/** The addresses and methods the fake API was asked. */
let asked: { method: string; url: URL }[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    asked.push({ method, url: parsed });
    const answer =
      parsed.pathname === '/api/users/u1/hand-over'
        ? { data: { fromUserId: 'u1', tasks: 19, requirements: 1, bindings: 3 } }
        : { data: [LEAVING, SUCCESSOR], meta: { total: 2, page: 1, pageSize: 50 } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('HandOverModal', () => {
  it('offers only people who may see the user’s facilities and shows the counts before confirming', async () => {
    render(
      <TestProviders>
        <HandOverModal open user={LEAVING} onClose={() => {}} />
      </TestProviders>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Hand over to' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) =>
        element.textContent?.includes('Sam Doe'),
      );
      if (!found) throw new Error('no option Sam Doe');
      return found;
    });
    const usersAsked = asked.find((request) => request.url.pathname === '/api/users')!;
    expect(usersAsked.url.searchParams.get('assignableTo')).toBe('f1,f2');
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText('19')).toBeTruthy());
    expect(screen.getByText('3')).toBeTruthy();
    // Counting changed nothing: no hand-over was posted.
    expect(asked.filter((request) => request.method === 'POST')).toEqual([]);
    expect(
      asked.some((request) => request.method === 'GET' && request.url.pathname === '/api/users/u1/hand-over'),
    ).toBe(true);
  });
});
