import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../components/data/testing';
import { DueDateShiftNote } from './due-date-shift-note';

function textOf(props: Parameters<typeof DueDateShiftNote>[0]): string {
  const { container, unmount } = render(
    <TestProviders>
      <DueDateShiftNote {...props} />
    </TestProviders>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('DueDateShiftNote', () => {
  it('names the business day the rule moved to: the next one, or the previous one', () => {
    const holiday = { scheduledDueDate: '2027-07-04', reason: 'HOLIDAY' as const, holidayName: 'Independence Day' };
    expect(textOf({ shift: holiday, dueDate: '2027-07-06' })).toBe(
      'July 4, 2027 is Independence Day, so the due date moved to the next business day.',
    );
    expect(textOf({ shift: holiday, dueDate: '2027-07-02' })).toBe(
      'July 4, 2027 is Independence Day, so the due date moved to the previous business day.',
    );
    const weekend = { scheduledDueDate: '2027-07-03', reason: 'WEEKEND' as const, holidayName: null };
    expect(textOf({ shift: weekend, dueDate: '2027-07-02' })).toBe(
      'July 3, 2027 falls on a weekend, so the due date moved to the previous business day.',
    );
    expect(textOf({ shift: null, dueDate: '2027-07-02' })).toBe('');
  });
});
