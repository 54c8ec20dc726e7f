import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacilityDetail } from '@rtms/shared/schemas/facilities';
import type { Role } from '@rtms/shared/enums';
import { TestProviders } from '../../../components/data/testing';
import { FacilityHolidaysSection } from './facility-holidays-section';

let role: Role = 'ALL_FACILITY_ADMIN';
vi.mock('../../../lib/auth/auth-context', () => ({ useCurrentUser: () => ({ _id: 'u1', role }) }));

const FACILITY = { _id: 'f1', name: 'Gulf Coast Solar' } as FacilityDetail;

/** What the fake API was asked. */
let requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  role = 'ALL_FACILITY_ADMIN';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    let answer: unknown;
    if (method === 'GET') {
      const year = Number(new URL(path, 'http://x').searchParams.get('year'));
      answer = {
        data: [
          { date: `${year}-07-04`, name: 'Independence Day', source: 'LIBRARY' },
          { date: `${year}-07-05`, name: 'Independence Day (substitute day)', source: 'LIBRARY' },
        ],
        meta: { total: 2, page: 1, pageSize: 100, year, country: 'US', state: 'TX' },
      };
    } else if (path.endsWith('/preview')) {
      answer = {
        data: {
          moved: [
            {
              taskId: 't1',
              facilityId: 'f1',
              facilityName: 'Gulf Coast Solar',
              sequence: 3,
              periodLabel: '2027-Q2',
              from: '2027-07-06',
              to: '2027-07-07',
            },
          ],
        },
      };
    } else {
      answer = { data: { date: '2027-07-06', name: 'Plant shutdown', source: 'ADDED' }, meta: { tasks: { moved: 1 } } };
    }
    return new Response(JSON.stringify(answer), {
      status: method === 'POST' && !path.endsWith('/preview') ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('FacilityHolidaysSection', { timeout: 120_000 }, () => {
  it('lists a year, moves between years, and adds a day only after showing the tasks it moves', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <TestProviders>
        <FacilityHolidaysSection facility={FACILITY} today="2027-03-01" />
      </TestProviders>,
    );
    const table = await screen.findByRole('table', { name: 'Holidays of Gulf Coast Solar in 2027' });
    await within(table).findByText('Independence Day');
    expect(screen.getByText(/^Public holidays of US-TX/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next year' }));
    await screen.findByRole('table', { name: 'Holidays of Gulf Coast Solar in 2028' });
    expect(requests.some((request) => request.path.includes('year=2028'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    await screen.findByRole('table', { name: 'Holidays of Gulf Coast Solar in 2027' });

    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a holiday' });
    const date = within(dialog).getByLabelText('Date');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2027-07-06' } });
    fireEvent.blur(date);
    await user.type(within(dialog).getByLabelText('Name'), 'Plant shutdown');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));

    const intro = await screen.findByText(/^Untouched future tasks with a business-day shift/);
    const review = intro.closest<HTMLElement>('.ant-modal')!;
    const moved = within(review).getByRole('table', { name: 'Moved (1)' });
    expect(within(moved).getByText('Jul 6, 2027')).toBeTruthy();
    expect(within(moved).getByText('Jul 7, 2027')).toBeTruthy();
    expect(requests.find((request) => request.path.endsWith('/preview'))?.body).toEqual({
      add: { date: '2027-07-06', name: 'Plant shutdown' },
    });
    expect(requests.some((request) => request.method === 'POST' && request.path === '/facilities/f1/holidays')).toBe(
      false,
    );

    await user.click(within(review).getByRole('button', { name: 'Save' }));
    await screen.findByText('Plant shutdown added; 1 task moved.');
    expect(
      requests.find((request) => request.path === '/facilities/f1/holidays' && request.method === 'POST')?.body,
    ).toEqual({ date: '2027-07-06', name: 'Plant shutdown' });
  });

  it('removes a day through the same preview, and a facility user only reads', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unmount } = render(
      <TestProviders>
        <FacilityHolidaysSection facility={FACILITY} today="2027-03-01" />
      </TestProviders>,
    );
    // The first render of the table can take over a second in jsdom.
    await screen.findAllByText('Independence Day', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Remove Independence Day (Jul 4, 2027)' }));
    const intro = await screen.findByText(/^Untouched future tasks with a business-day shift/);
    const review = intro.closest<HTMLElement>('.ant-modal')!;
    expect(within(review).getByText('Remove Independence Day (Jul 4, 2027)?')).toBeTruthy();
    await user.click(within(review).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'DELETE' && request.path === '/facilities/f1/holidays/2027-07-04',
        ),
      ).toBe(true),
    );
    unmount();

    role = 'FACILITY_USER';
    render(
      <TestProviders>
        <FacilityHolidaysSection facility={FACILITY} today="2027-03-01" />
      </TestProviders>,
    );
    await screen.findAllByText('Independence Day');
    expect(screen.queryByRole('button', { name: 'Add a day' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
