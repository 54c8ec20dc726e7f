import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '@rtms/shared/schemas/calendar';
import { renderWithProviders } from '../../../components/data/testing';
import { SubscribeModal } from './subscribe-modal';

const FEEDS: CalendarFeed[] = [
  {
    _id: 'f1',
    name: 'Whole company',
    scope: 'ALL',
    facilityId: null,
    facilityName: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    lastUsedAt: null,
  },
];
let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as object;
      posted.push(body);
      return Response.json(
        { data: { ...FEEDS[0], ...body, _id: 'f2', url: 'https://rtms.example.com/ical/x.ics' } },
        { status: 201 },
      );
    }
    return Response.json({ data: FEEDS });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Subscribe dialog', () => {
  it('creates a feed of all my facilities and names that scope in the list', async () => {
    renderWithProviders(<SubscribeModal open onClose={() => undefined} />);
    expect(await screen.findByText('Whole company')).toBeTruthy();
    expect(screen.getByText('All my facilities', { selector: '.ant-list *' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Everything' } });
    fireEvent.click(screen.getByRole('radio', { name: 'All my facilities' }));
    expect(screen.queryByLabelText('Facility')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'Everything', scope: 'ALL' }]));
  }, 30_000);
});
