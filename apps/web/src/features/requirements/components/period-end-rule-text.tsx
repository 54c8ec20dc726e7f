import { useIntl } from 'react-intl';
import type { Requirement } from '@rtms/shared/schemas/requirements';
import { useT } from '../../../lib/i18n/use-t';
import { periodEndSentence } from './period-end-sentence';

/** A period-end requirement's mode with its rule in words: "Period end (reports): Due 30 days after the end of each quarter". */
export function PeriodEndRuleText({ requirement }: { requirement: Requirement }) {
  const t = useT();
  const intl = useIntl();
  const sentence = periodEndSentence(
    t,
    {
      frequency: requirement.frequency,
      periodDueRule: requirement.periodDueDayOfMonth !== null ? 'DAY_OF_MONTH' : 'DAYS',
      periodDueDays: requirement.periodDueDays,
      periodDueDayOfMonth: requirement.periodDueDayOfMonth,
      periodStartMonth: requirement.periodStartMonth,
    },
    (month) => intl.formatDate(Date.UTC(2001, month - 1, 15), { month: 'long', timeZone: 'UTC' }),
  );
  const mode = t('scheduleMode.PERIOD_END');
  return <>{sentence ? `${mode}: ${sentence}` : mode}</>;
}
