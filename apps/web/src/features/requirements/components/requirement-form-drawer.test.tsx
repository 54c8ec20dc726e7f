import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequirementDetail, RequirementPreview } from '@rtms/shared/schemas/requirements';
import { TestProviders } from '../../../components/data/testing';
import { RequirementFormDrawer } from './requirement-form-drawer';

vi.mock('../../../lib/interface-settings/settings-store', () => ({
  useInterfaceSettings: () => ({ settings: { width: 1400 } }),
}));

const REQUIREMENT: RequirementDetail = {
  _id: 'req1',
  allowedActions: ['update', 'retire'],
  title: 'Monthly SPCC inspection',
  description: null,
  regulationId: null,
  regulationTitle: null,
  citation: '40 CFR 112',
  programAreaId: null,
  programAreaName: null,
  category: 'HAZARDOUS_MATERIALS',
  frequency: 'MONTHLY',
  scheduleMode: 'CALENDAR',
  firstDueDate: '2026-01-31',
  weekendShift: 'NONE',
  periodStartMonth: 1,
  periodDueDays: null,
  periodDueDayOfMonth: null,
  leadTimeDays: 7,
  graceDays: 3,
  reminderFirstBeforeDays: null,
  reminderSecondBeforeDays: null,
  escalateFacilityAfterDays: null,
  escalateAllAfterDays: null,
  reviewRequired: false,
  evidenceRequired: false,
  minEvidence: 0,
  permitNumber: null,
  activeFrom: null,
  activeUntil: null,
  defaultAssigneeId: null,
  defaultAssigneeName: null,
  status: 'ACTIVE',
  facilityCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  facilities: [
    {
      _id: 'b1',
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      facilityCode: 'PW-01',
      timeZone: 'UTC',
      applicable: true,
      notApplicableReason: null,
      assigneeId: null,
      assigneeName: null,
      firstDueDate: null,
      generateFrom: '2026-01-01',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ],
};

const PREVIEW: RequirementPreview = {
  added: [],
  moved: [
    {
      taskId: 't1',
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: 1,
      periodLabel: '2026-Q2',
      from: '2026-02-28',
      to: '2026-04-30',
    },
  ],
  removed: [
    {
      taskId: 't2',
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: 2,
      periodLabel: '2026-03',
      dueDate: '2026-03-31',
    },
  ],
};

/** What the fake API was asked: method, path and body. */
let requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    let answer: unknown = { data: [], meta: { total: 0, page: 1, pageSize: 50 } };
    if (path === '/requirements/preview') answer = { data: PREVIEW };
    if (method === 'PATCH') answer = { data: REQUIREMENT, meta: { tasks: { added: 0, moved: 1, removed: 1 } } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Opens an antd select by its label and picks the option with this exact text (fireEvent rather than
 * user-event: the pointer sequence on this large form is slow in jsdom).
 */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** The input of a field by its label ("Lead time" matches "Lead time (optional)"). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const value = (label: string) => field(label).value;

describe('RequirementFormDrawer', { timeout: 120_000 }, () => {
  it('fills lead time and grace from the frequency, and keeps what was set by hand', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <TestProviders>
        <RequirementFormDrawer open onClose={() => undefined} />
      </TestProviders>,
    );
    await screen.findByRole('dialog', { name: 'New requirement' });
    expect(value('Lead time')).toBe('');

    await pick('Frequency', 'Monthly');
    await waitFor(() => expect(value('Lead time')).toBe('7'));
    expect(value('Grace')).toBe('3');
    expect(screen.getAllByText('Default for Monthly: 7 days').length).toBeGreaterThan(0);

    await pick('Frequency', 'Quarterly');
    await waitFor(() => expect(value('Lead time')).toBe('14'));
    expect(value('Grace')).toBe('7');

    // Set by hand: the lead time stays when the frequency changes again; the grace still follows.
    await user.clear(field('Lead time'));
    await user.type(field('Lead time'), '21');
    await pick('Frequency', 'Yearly');
    await waitFor(() => expect(value('Grace')).toBe('30'));
    expect(value('Lead time')).toBe('21');

    // "Use the defaults" brings both back to the frequency's.
    await user.click(screen.getByRole('button', { name: 'Use the defaults of this frequency' }));
    await waitFor(() => expect(value('Lead time')).toBe('30'));
  });

  it('keeps an edited requirement’s own windows when they differ from the defaults', async () => {
    render(
      <TestProviders>
        <RequirementFormDrawer open requirement={{ ...REQUIREMENT, leadTimeDays: 12 }} onClose={() => undefined} />
      </TestProviders>,
    );
    await screen.findByRole('dialog', { name: 'Edit Monthly SPCC inspection' });
    await waitFor(() => expect(value('Lead time')).toBe('12'));
    await pick('Frequency', 'Quarterly');
    await waitFor(() => expect(value('Grace')).toBe('7'));
    expect(value('Lead time')).toBe('12');
  });

  it('shows the tasks an edit adds, moves and removes, and saves only on confirmation', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <RequirementFormDrawer open requirement={REQUIREMENT} onClose={onClose} onSaved={onSaved} />
      </TestProviders>,
    );
    await screen.findByRole('dialog', { name: 'Edit Monthly SPCC inspection' });
    await waitFor(() => expect(value('Title')).toBe('Monthly SPCC inspection'));
    await pick('Frequency', 'Quarterly');
    await user.click(screen.getByRole('button', { name: 'Review task changes' }));

    // In tests antd gives every dialog the same generated title id, so the modal is found by its text.
    const intro = await screen.findByText(/^Saving changes these tasks/, {}, { timeout: 10_000 });
    const review = intro.closest<HTMLElement>('.ant-modal')!;
    expect(within(review).getByText('Review the changes to tasks')).toBeTruthy();
    const preview = requests.find((request) => request.path === '/requirements/preview');
    expect(preview?.body).toMatchObject({
      requirementId: 'req1',
      frequency: 'QUARTERLY',
      leadTimeDays: 14,
      graceDays: 7,
      facilities: [{ facilityId: 'f1', applicable: true, assigneeId: null, firstDueDate: null }],
    });
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
    const moved = within(review).getByRole('table', { name: 'Moved (1)' });
    expect(within(moved).getByText('Feb 28, 2026')).toBeTruthy();
    expect(within(moved).getByText('Apr 30, 2026')).toBeTruthy();
    expect(within(review).getByRole('table', { name: 'Removed (1)' })).toBeTruthy();

    await user.click(within(review).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/requirements/req1');
    expect(patch?.body).toMatchObject({ frequency: 'QUARTERLY', title: 'Monthly SPCC inspection' });
    expect(patch?.body).not.toHaveProperty('requirementId');
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the reason when a facility does not apply', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <TestProviders>
        <RequirementFormDrawer open requirement={REQUIREMENT} onClose={() => undefined} />
      </TestProviders>,
    );
    await screen.findByRole('dialog', { name: 'Edit Monthly SPCC inspection' });
    await user.click(await screen.findByRole('switch', { name: 'Applies at Prairie Wind (PW-01)' }));
    await user.click(screen.getByRole('button', { name: 'Review task changes' }));
    await screen.findByText('Please say why this facility is not applicable', {}, { timeout: 10_000 });
    expect(requests.some((request) => request.path === '/requirements/preview')).toBe(false);
  });

  it('offers the period-end mode with its rule in a sentence, and sends only the due rule shown', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const dmr: RequirementDetail = {
      ...REQUIREMENT,
      title: 'Discharge monitoring report',
      frequency: 'QUARTERLY',
      scheduleMode: 'PERIOD_END',
      firstDueDate: '2026-04-01',
      periodDueDays: 30,
    };
    render(
      <TestProviders>
        <RequirementFormDrawer open requirement={dmr} onClose={() => undefined} />
      </TestProviders>,
    );
    await screen.findByRole('dialog', { name: 'Edit Discharge monitoring report' });
    const status = await screen.findByText('Due 30 days after the end of each quarter');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('First task: 2026-Q1 (Jan 1, 2026 – Mar 31, 2026), due Apr 30, 2026.')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Day of the next month' }));
    const day = await screen.findByLabelText(/^Day of the following month/);
    await user.type(day, '28');
    await screen.findByText('Due on day 28 of the month after each quarter');
    await pick('Periods start in (optional)', 'October');
    await screen.findByText('Due on day 28 of the month after each quarter Periods start in October.');

    await user.click(screen.getByRole('button', { name: 'Review task changes' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/requirements/preview')).toBe(true));
    const preview = requests.find((request) => request.path === '/requirements/preview');
    expect(preview?.body).toMatchObject({
      scheduleMode: 'PERIOD_END',
      periodDueDays: null,
      periodDueDayOfMonth: 28,
      periodStartMonth: 10,
    });
  });
});
