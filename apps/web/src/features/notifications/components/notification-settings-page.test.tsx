import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '@rtms/shared/schemas/notifications';
import { renderWithProviders } from '../../../components/data/testing';
import { NotificationBell } from './notification-bell';
import { NotificationSettingsPage } from './notification-settings-page';

const STORED: NotificationPreferences = {
  delivery: 'DAILY_DIGEST',
  digestHour: 7,
  timeZone: 'UTC',
  quietUntil: null,
  categories: {
    TASK_OPENED: true,
    DUE_SOON: true,
    DUE_TODAY: true,
    OVERDUE: true,
    ESCALATION: true,
    CORRECTIVE_ACTION: true,
  },
};

let requests: { method: string; path: string; body: unknown }[] = [];
/** The answer of the next PUT (status and body). */
let putAnswer: { status: number; body: unknown } | null = null;

beforeEach(() => {
  requests = [];
  putAnswer = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    let status = 200;
    let answer: unknown = { data: STORED };
    if (path === '/notifications/unread-count') answer = { data: { count: 4 } };
    if (method === 'PUT') {
      status = putAnswer?.status ?? 200;
      answer = putAnswer?.body ?? { data: body };
    }
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('notification settings', () => {
  it('loads the stored settings and saves the changes as the API shape', async () => {
    renderWithProviders(<NotificationSettingsPage />);
    const daily = await screen.findByRole('radio', { name: 'Daily digest' });
    expect((daily as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Immediately' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Task open' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Escalation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification settings saved');
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe('/users/me/notification-preferences');
    expect(put.body).toEqual({
      ...STORED,
      delivery: 'IMMEDIATE',
      categories: {
        TASK_OPENED: false,
        DUE_SOON: true,
        DUE_TODAY: true,
        OVERDUE: true,
        ESCALATION: false,
        CORRECTIVE_ACTION: true,
      },
    });
  }, 30_000);

  it('shows the server’s per-field error on its field', async () => {
    putAnswer = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'timeZone: Unknown time zone (use an IANA name such as Europe/Paris)',
        details: [{ path: 'timeZone', message: 'Unknown time zone (use an IANA name such as Europe/Paris)' }],
      },
    };
    renderWithProviders(<NotificationSettingsPage />);
    await screen.findByRole('radio', { name: 'Daily digest' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Unknown time zone (use an IANA name such as Europe/Paris)');
    expect(screen.queryByText('Notification settings saved')).toBeNull();
  }, 30_000);
});

describe('the bell', () => {
  it('names the unread count for assistive technology and shows it', async () => {
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    await waitFor(() => expect(bell.textContent).toContain('4'));
  });
});
