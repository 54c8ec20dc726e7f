import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { renderWithProviders } from '../../../components/data/testing';
import { NotificationsPage } from './notifications-page';

const base = {
  facilityId: 'f1',
  facilityName: 'Mesa Storage',
  dueDate: '2026-06-15',
  daysUntilDue: -7,
  read: false,
  readAt: null,
  createdAt: '2026-06-22T20:00:00.000Z',
};
const NOTIFICATIONS: Notification[] = [
  {
    ...base,
    _id: 'n1',
    category: 'CORRECTIVE_ACTION',
    step: 'OVERDUE-1',
    taskId: null,
    correctiveActionId: 'a1',
    findingId: 'finding1',
    taskTitle: 'Clear the vent and fit a guard',
    stepDaysUntilDue: -7,
  },
  {
    ...base,
    _id: 'n2',
    category: 'DUE_TODAY',
    step: 'DUE',
    taskId: 't1',
    correctiveActionId: null,
    findingId: null,
    taskTitle: 'Stormwater inspection',
    stepDaysUntilDue: 0,
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', async () =>
    Response.json({ data: NOTIFICATIONS, meta: { page: 1, pageSize: 20, total: NOTIFICATIONS.length } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the notification centre', () => {
  it('lists a corrective action’s reminder by its step, linked to its finding, beside a task’s', async () => {
    renderWithProviders(<NotificationsPage />, '/notifications');
    const action = await screen.findByRole('link', { name: 'Clear the vent and fit a guard' });
    expect(action.getAttribute('href')).toBe('/findings/finding1');
    expect(screen.getByText('Action overdue by 7 days')).toBeTruthy();
    const task = screen.getByRole('link', { name: 'Stormwater inspection' });
    expect(task.getAttribute('href')).toBe('/tasks/t1');
  }, 30_000);
});
