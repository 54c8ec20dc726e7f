import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { renderWithProviders } from '../../../components/data/testing';
import { LatestNotifications } from './latest-notifications';

const base: Omit<Notification, '_id' | 'category' | 'step' | 'taskTitle' | 'stepDaysUntilDue'> = {
  taskId: 't1',
  facilityId: 'f1',
  facilityName: 'Chicago Plant',
  dueDate: '2026-12-02',
  daysUntilDue: -4,
  read: false,
  readAt: null,
  createdAt: '2026-12-05T12:00:00.000Z',
};
const NOTIFICATIONS: Notification[] = [
  { ...base, _id: 'n1', category: 'OVERDUE', step: 'OVERDUE-0', taskTitle: 'Found late', stepDaysUntilDue: -3 },
  { ...base, _id: 'n2', category: 'DUE_TODAY', step: 'DUE', taskTitle: 'Told on its day', stepDaysUntilDue: 0 },
  { ...base, _id: 'n3', category: 'DUE_SOON', step: 'BEFORE-7', taskTitle: 'A week ahead', stepDaysUntilDue: 7 },
  { ...base, _id: 'n4', category: 'ESCALATION', step: 'ESCALATE-ALL', taskTitle: 'Long late', stepDaysUntilDue: -30 },
  { ...base, _id: 'n5', category: 'TASK_OPENED', step: 'OPEN', taskTitle: 'Just open', stepDaysUntilDue: 14 },
  {
    ...base,
    _id: 'n6',
    category: 'REVIEW',
    step: 'REVIEW-REQUESTED:2026-12-05T12:00:00.000Z',
    taskTitle: 'Waits for a signature',
    stepDaysUntilDue: -3,
  },
];

beforeEach(() => {
  vi.stubGlobal('fetch', async () =>
    Response.json({ data: NOTIFICATIONS, meta: { page: 1, pageSize: 6, total: NOTIFICATIONS.length } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the bell’s latest notifications', () => {
  it('names the step that fired, worded for its day: an overdue task is never "due today"', async () => {
    renderWithProviders(<LatestNotifications onNavigate={() => undefined} />);
    const item = async (title: string) => (await screen.findByText(title)).closest('button')!;
    expect(within(await item('Found late')).getByText('Overdue by 3 days')).toBeTruthy();
    expect(within(await item('Found late')).queryByText('Due today')).toBeNull();
    expect(within(await item('Told on its day')).getByText('Due today')).toBeTruthy();
    expect(within(await item('A week ahead')).getByText('Due in 7 days')).toBeTruthy();
    expect(within(await item('Long late')).getByText('Escalation: overdue by 30 days')).toBeTruthy();
    // A review is named by what happened, not by the due date.
    expect(within(await item('Waits for a signature')).getByText('To review')).toBeTruthy();
    expect(within(await item('Just open')).getByText('Task open')).toBeTruthy();
  }, 30_000);
});
