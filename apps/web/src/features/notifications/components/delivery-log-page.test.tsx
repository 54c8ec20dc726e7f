import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDelivery } from '@rtms/shared/schemas/notifications';
import { renderWithProviders } from '../../../components/data/testing';
import { DeliveryLogPage } from './delivery-log-page';

const common = {
  recipientId: '00000000-0000-4000-8000-000000000001',
  recipientName: 'Pia Planner',
  recipientEmail: 'pia@example.com',
  channel: 'EMAIL',
  lastError: null,
  sentAt: '2026-06-08T06:05:00.000Z',
  createdAt: '2026-06-08T06:00:00.000Z',
  updatedAt: '2026-06-08T06:05:00.000Z',
} as const;

const ROWS: NotificationDelivery[] = [
  {
    ...common,
    _id: '00000000-0000-4000-8000-000000000010',
    kind: 'REPORT',
    notificationId: null,
    taskId: null,
    correctiveActionId: null,
    findingId: null,
    taskTitle: null,
    facilityId: null,
    facilityName: null,
    category: null,
    step: null,
    subscriptionId: '00000000-0000-4000-8000-000000000011',
    report: 'SCORECARD',
    reportFrequency: 'WEEKLY',
    reportFormat: 'PDF',
    periodKey: '2026-06-08',
    status: 'PENDING',
    attempts: 2,
    lastError: '451 Try again later',
  },
  {
    ...common,
    _id: '00000000-0000-4000-8000-000000000020',
    kind: 'REMINDER',
    notificationId: '00000000-0000-4000-8000-000000000021',
    taskId: '00000000-0000-4000-8000-000000000022',
    correctiveActionId: null,
    findingId: null,
    taskTitle: 'Monthly stormwater inspection',
    facilityId: '00000000-0000-4000-8000-000000000023',
    facilityName: 'North Ridge Wind',
    category: 'OVERDUE',
    step: 'OVERDUE-1',
    subscriptionId: null,
    report: null,
    reportFrequency: null,
    reportFormat: null,
    periodKey: null,
    status: 'SENT',
    attempts: 0,
  },
];

let paths: string[] = [];
beforeEach(() => {
  paths = [];
  vi.stubGlobal('fetch', async (url: string) => {
    paths.push(url);
    const answer = { data: ROWS, meta: { total: ROWS.length, page: 1, pageSize: 25 } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('delivery log', () => {
  it('lists a scheduled report’s delivery in words beside a reminder’s, with its status and attempts', async () => {
    renderWithProviders(<DeliveryLogPage />);
    const report = (await screen.findByText('Scorecard, Weekly, PDF, due 2026-06-08')).closest('tr')!;
    expect(within(report).getByText('Scheduled report')).toBeTruthy();
    expect(within(report).getByText('Pending')).toBeTruthy();
    expect(within(report).getByText('451 Try again later')).toBeTruthy();
    expect(within(report).getByText('Pia Planner')).toBeTruthy();
    const reminder = screen.getByRole('link', { name: 'Monthly stormwater inspection' }).closest('tr')!;
    expect(within(reminder).getByRole('link', { name: 'North Ridge Wind' })).toBeTruthy();
    expect(paths[0]).toContain('/api/notification-deliveries');
  }, 30_000);
});
