import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { en, type MessageKey } from '../../../lib/i18n/messages/en';
import { ar } from '../../../lib/i18n/messages/ar';
import { firstPeriod, periodEndSentence } from './period-end-sentence';

const translator = (locale: string, messages: Record<string, string>) => {
  const intl = createIntl({ locale, messages });
  return (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
};
const t = translator('en', en);
const month = (m: number) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2001, m - 1, 15));

describe('the period-end rule in plain language', () => {
  it('reads the two due rules as sentences', () => {
    expect(periodEndSentence(t, { frequency: 'QUARTERLY', periodDueRule: 'DAYS', periodDueDays: 30 }, month)).toBe(
      'Due 30 days after the end of each quarter',
    );
    expect(periodEndSentence(t, { frequency: 'WEEKLY', periodDueRule: 'DAYS', periodDueDays: 1 }, month)).toBe(
      'Due 1 day after the end of each week',
    );
    expect(periodEndSentence(t, { frequency: 'MONTHLY', periodDueRule: 'DAYS', periodDueDays: 0 }, month)).toBe(
      'Due on the last day of each month',
    );
    expect(
      periodEndSentence(t, { frequency: 'MONTHLY', periodDueRule: 'DAY_OF_MONTH', periodDueDayOfMonth: 28 }, month),
    ).toBe('Due on day 28 of the month after each month');
  });

  it('names the start month of a fiscal year, and nothing while the rule is incomplete', () => {
    expect(
      periodEndSentence(
        t,
        { frequency: 'YEARLY', periodDueRule: 'DAYS', periodDueDays: 90, periodStartMonth: 10 },
        month,
      ),
    ).toBe('Due 90 days after the end of each year Periods start in October.');
    expect(periodEndSentence(t, { frequency: 'QUARTERLY', periodDueRule: 'DAYS' }, month)).toBeNull();
    expect(periodEndSentence(t, { periodDueRule: 'DAYS', periodDueDays: 3 }, month)).toBeNull();
  });

  it('uses Arabic plural forms', () => {
    const arabic = translator('ar', ar);
    expect(periodEndSentence(arabic, { frequency: 'QUARTERLY', periodDueRule: 'DAYS', periodDueDays: 2 }, month)).toBe(
      'يستحق بعد يومين من نهاية كل ربع سنة',
    );
  });

  it('finds the first period with the shared rule', () => {
    expect(
      firstPeriod({ frequency: 'QUARTERLY', periodDueRule: 'DAYS', periodDueDays: 30, firstDueDate: '2027-02-01' }),
    ).toMatchObject({ label: '2027-Q1', dueDate: '2027-04-30' });
    expect(
      firstPeriod({
        frequency: 'WEEKLY',
        periodDueRule: 'DAY_OF_MONTH',
        periodDueDayOfMonth: 3,
        firstDueDate: '2027-02-01',
      }),
    ).toBeNull();
  });
});
