import { describe, expect, it } from 'vitest';
import { MAX_CALENDAR_DAYS } from '@rtms/shared/schemas/calendar';
import { rangeOf, step } from './calendar-range';

describe('rangeOf', () => {
  it('shows whole weeks, Monday first, around the month; never more than the days endpoint allows', () => {
    const range = rangeOf('month', '2026-11-24');
    expect(range).toMatchObject({ from: '2026-10-26', to: '2026-12-06', month: '2026-11' });
    expect(range.days).toHaveLength(42);
    for (const month of ['2026-02-01', '2027-02-15', '2026-08-31', '2028-02-29']) {
      const days = rangeOf('month', month).days;
      expect(days.length % 7).toBe(0);
      expect(days.length).toBeLessThanOrEqual(MAX_CALENDAR_DAYS);
      expect(new Date(`${days[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it('shows the week from Monday, and the month alone in the list', () => {
    expect(rangeOf('week', '2026-11-29')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(rangeOf('week', '2026-11-30').from).toBe('2026-11-30');
    expect(rangeOf('agenda', '2026-02-10')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('steps a week in the week view and a month otherwise, clamping month ends', () => {
    expect(step('week', '2026-11-24', 1)).toBe('2026-12-01');
    expect(step('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(step('agenda', '2026-03-31', -1)).toBe('2026-02-28');
  });
});
