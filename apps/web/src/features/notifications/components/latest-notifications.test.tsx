import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { lastLocation, renderWithProviders } from '../../../components/data/testing';
import { LatestNotifications } from './latest-notifications';

const base: Omit<Notification, '_id' | 'category' | 'step' | 'taskTitle' | 'stepDaysUntilDue'> = {
  taskId: 't1',
  correctiveActionId: null,
  findingId: null,
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
  {
    ...base,
    _id: 'n7',
    category: 'CORRECTIVE_ACTION',
    step: 'BEFORE-7',
    taskId: null,
    correctiveActionId: 'a1',
    findingId: 'finding1',
    taskTitle: 'Clear the vent',
    stepDaysUntilDue: 5,
  },
  {
    ...base,
    _id: 'n8',
    category: 'ESCALATION',
    step: 'ESCALATE-FACILITY',
    taskId: null,
    correctiveActionId: 'a2',
    findingId: 'finding2',
    taskTitle: 'Fit a guard',
    stepDaysUntilDue: -7,
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

  it('shows corrective action reminders and escalations, each leading to the page of its finding', async () => {
    const user = renderWithProviders(<LatestNotifications onNavigate={() => undefined} />);
    const item = async (title: string) => (await screen.findByText(title)).closest('button')!;
    expect(within(await item('Clear the vent')).getByText('Action due in 5 days')).toBeTruthy();
    expect(within(await item('Fit a guard')).getByText('Escalation: overdue by 7 days')).toBeTruthy();
    await user.click(await item('Clear the vent'));
    expect(lastLocation.pathname).toBe('/findings/finding1');
    await user.click(await item('Fit a guard'));
    expect(lastLocation.pathname).toBe('/findings/finding2');
    // A task's notification still leads to its task.
    await user.click(await item('Found late'));
    expect(lastLocation.pathname).toBe('/tasks/t1');
  }, 30_000);
});
