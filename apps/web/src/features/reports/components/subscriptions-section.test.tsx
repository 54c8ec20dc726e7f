import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportSubscription } from '@rtms/shared/schemas/report-subscriptions';
import { renderWithProviders } from '../../../components/data/testing';
import { SubscriptionsSection } from './subscriptions-section';

const base = {
  format: 'PDF',
  filters: { groupBy: 'facility' },
  lastSentAt: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
} as const;
const ROWS: ReportSubscription[] = [
  {
    ...base,
    _id: '00000000-0000-4000-8000-000000000001',
    report: 'SCORECARD',
    frequency: 'WEEKLY',
    active: true,
    stopReason: null,
  },
  {
    ...base,
    _id: '00000000-0000-4000-8000-000000000002',
    report: 'TREND',
    frequency: 'MONTHLY',
    active: false,
    stopReason: 'UNSUBSCRIBED',
  },
];

let requests: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    const answer =
      method === 'PATCH'
        ? { data: { ...ROWS[0], active: false, stopReason: 'PAUSED' } }
        : { data: ROWS, meta: { total: 2, page: 1, pageSize: 100 } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('my scheduled reports', () => {
  it('shows each one’s state in words and pauses a running one', async () => {
    renderWithProviders(<SubscriptionsSection groupBy="facility" />);
    const running = (await screen.findByText('Running')).closest('tr')!;
    const stopped = screen.getByText('Stopped from its email').closest('tr')!;
    expect(within(stopped).getByRole('button', { name: 'Resume' })).toBeTruthy();
    fireEvent.click(within(running).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(patch.url).toBe('/api/report-subscriptions/00000000-0000-4000-8000-000000000001');
    expect(patch.body).toEqual({ active: false });
    await screen.findByText('The report is paused.');
  }, 30_000);
});
