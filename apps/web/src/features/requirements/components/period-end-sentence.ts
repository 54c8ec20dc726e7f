import type { TaskFrequency } from '@rtms/shared/enums';
import { type Period, periodEndOccurrence } from '@rtms/shared/period-end';
import type { MessageKey } from '../../../lib/i18n/messages/en';

/** The due rule of a period-end requirement as the form holds it. */
export interface PeriodEndRuleValues {
  frequency?: TaskFrequency;
  periodDueRule?: 'DAYS' | 'DAY_OF_MONTH';
  periodDueDays?: number | null;
  periodDueDayOfMonth?: number | null;
  periodStartMonth?: number | null;
  firstDueDate?: string | null;
}

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Frequencies whose periods depend on the start month (quarters, half-years, years and longer). */
export function usesStartMonth(frequency: TaskFrequency | undefined): boolean {
  return frequency !== undefined && frequency !== 'ONCE' && frequency !== 'WEEKLY' && frequency !== 'MONTHLY';
}

/**
 * The rule in plain language ("Due 30 days after the end of each quarter"), or null while it is
 * incomplete. Built from catalogue sentences so that every language words it naturally.
 */
export function periodEndSentence(
  t: Translate,
  values: PeriodEndRuleValues,
  monthName: (month: number) => string,
): string | null {
  const { frequency, periodDueRule, periodDueDays, periodDueDayOfMonth } = values;
  if (!frequency || frequency === 'ONCE') return null;
  const period = t(`periodEnd.period.${frequency}`);
  let sentence: string;
  if (periodDueRule === 'DAY_OF_MONTH') {
    if (typeof periodDueDayOfMonth !== 'number') return null;
    sentence = t('periodEnd.sentenceDayOfMonth', { day: periodDueDayOfMonth, period });
  } else {
    if (typeof periodDueDays !== 'number') return null;
    sentence = t('periodEnd.sentenceDays', { days: periodDueDays, period });
  }
  const start = values.periodStartMonth ?? 1;
  if (usesStartMonth(frequency) && start !== 1) {
    sentence = `${sentence} ${t('periodEnd.sentenceStartMonth', { month: monthName(start) })}`;
  }
  return sentence;
}

/**
 * The first period a rule makes from the first due date (the same shared function the server uses), or
 * null while the rule is incomplete or impossible (the server then explains why).
 */
export function firstPeriod(values: PeriodEndRuleValues): Period | null {
  const { frequency, firstDueDate, periodDueRule } = values;
  if (!frequency || frequency === 'ONCE' || !firstDueDate) return null;
  const days = periodDueRule === 'DAY_OF_MONTH' ? null : (values.periodDueDays ?? null);
  const dayOfMonth = periodDueRule === 'DAY_OF_MONTH' ? (values.periodDueDayOfMonth ?? null) : null;
  try {
    return periodEndOccurrence(
      {
        frequency,
        firstDueDate,
        periodStartMonth: values.periodStartMonth ?? 1,
        periodDueDays: days,
        periodDueDayOfMonth: dayOfMonth,
      },
      0,
    );
  } catch {
    return null;
  }
}
