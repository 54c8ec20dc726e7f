import { Alert, Col, Form, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { MAX_PERIOD_DUE_DAYS } from '@rtms/shared/period-end';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { firstPeriod, periodEndSentence, usesStartMonth, type PeriodEndRuleValues } from './period-end-sentence';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The period-end part of the requirement form ("Period-end mode"): the due rule (days after
 * the period, or a day of the following month), the month periods start in, and the rule read back as
 * a sentence with the first period it makes, so the user sees what "30 days after quarter end" means
 * before previewing the tasks.
 */
export function PeriodEndFields({ form }: { form: FormInstance }) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatters();
  const values = Form.useWatch((all: PeriodEndRuleValues) => all, form) ?? {};
  const rule = values.periodDueRule ?? 'DAYS';
  const monthName = (month: number) =>
    intl.formatDate(Date.UTC(2001, month - 1, 15), { month: 'long', timeZone: 'UTC' });
  const sentence = periodEndSentence(t, { ...values, periodDueRule: rule }, monthName);
  const first = sentence ? firstPeriod({ ...values, periodDueRule: rule }) : null;

  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label={t('requirement.periodDueRule')} name="periodDueRule" initialValue="DAYS">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'DAYS', label: t('requirement.periodDueRule.DAYS') },
              { value: 'DAY_OF_MONTH', label: t('requirement.periodDueRule.DAY_OF_MONTH') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {rule === 'DAYS' ? (
          <Form.Item
            label={t('requirement.periodDueDays')}
            name="periodDueDays"
            rules={[{ required: true, message: t('requirement.periodDueDaysRequired') }]}
          >
            <InputNumber
              className="input-full"
              min={0}
              max={MAX_PERIOD_DUE_DAYS}
              precision={0}
              suffix={t('requirement.days')}
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={t('requirement.periodDueDayOfMonth')}
            name="periodDueDayOfMonth"
            rules={[{ required: true, message: t('requirement.periodDueDayOfMonthRequired') }]}
            extra={t('requirement.periodDueDayOfMonthHelp')}
          >
            <InputNumber className="input-full" min={1} max={31} precision={0} />
          </Form.Item>
        )}
      </Col>
      {usesStartMonth(values.frequency) ? (
        <Col xs={24} md={12}>
          <Form.Item
            label={t('requirement.periodStartMonth')}
            name="periodStartMonth"
            initialValue={1}
            extra={t('requirement.periodStartMonthHelp')}
          >
            <Select options={MONTHS.map((month) => ({ value: month, label: monthName(month) }))} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={24}>
        <Alert
          className="period-end__sentence"
          type="info"
          showIcon
          role="status"
          aria-live="polite"
          title={sentence ?? t('periodEnd.incomplete')}
          description={
            first
              ? t('periodEnd.firstTask', {
                  period: first.label,
                  start: format.date(first.start),
                  end: format.date(first.end),
                  due: format.date(first.dueDate),
                })
              : undefined
          }
        />
      </Col>
    </>
  );
}
