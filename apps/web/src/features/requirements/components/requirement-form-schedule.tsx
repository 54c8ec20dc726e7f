import { Button, Col, Divider, Form, InputNumber, Row, Select, type FormInstance } from 'antd';
import { SCHEDULE_MODES, TASK_FREQUENCIES, WEEKEND_SHIFTS, type TaskFrequency } from '@rtms/shared/enums';
import { defaultGraceDays, defaultLeadTimeDays } from '@rtms/shared/recurrence';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { SchemaField } from '../../../components/data/schema-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { PeriodEndFields } from './period-end-fields';
import type { RequirementFormValues } from './requirement-form-values';

/**
 * "Schedule": frequency, mode, first due date, weekend shift (with the period-end rule in that mode)
 * and the lead and grace windows, whose help names the frequency's defaults.
 */
export function RequirementScheduleSection({
  form,
  onRestoreDefaults,
}: {
  form: FormInstance<RequirementFormValues>;
  onRestoreDefaults: () => void;
}) {
  const t = useT();
  const format = useFormatters();
  const frequency = Form.useWatch('frequency', form);
  const scheduleMode = Form.useWatch('scheduleMode', form);
  const windowHelp = (defaultDays: (frequency: TaskFrequency) => number, help: string) =>
    frequency
      ? t('requirement.defaultDays', {
          frequency: t(`frequency.${frequency}`),
          days: format.number(defaultDays(frequency)),
        })
      : help;

  return (
    <>
      <Divider titlePlacement="start">{t('requirement.sectionSchedule')}</Divider>
      <Row gutter={16}>
        <SchemaField name="frequency">
          <Select
            placeholder={t('requirement.chooseFrequency')}
            showSearch={{ optionFilterProp: 'label' }}
            options={TASK_FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))}
          />
        </SchemaField>
        <SchemaField name="scheduleMode" extra={t('requirement.scheduleModeHelp')}>
          <Select options={SCHEDULE_MODES.map((value) => ({ value, label: t(`scheduleMode.${value}`) }))} />
        </SchemaField>
        <SchemaField
          name="firstDueDate"
          required
          messages={{ custom: t('form.invalidDate') }}
          extra={t('requirement.firstDueDateHelp')}
        >
          <DateField className="input-full" />
        </SchemaField>
        <SchemaField name="weekendShift" extra={t('requirement.weekendShiftHelp')}>
          <Select options={WEEKEND_SHIFTS.map((value) => ({ value, label: t(`weekendShift.${value}`) }))} />
        </SchemaField>
        {scheduleMode === 'PERIOD_END' ? <PeriodEndFields form={form} /> : null}
        <SchemaField name="leadTimeDays" extra={windowHelp(defaultLeadTimeDays, t('requirement.leadTimeHelp'))}>
          <InputNumber className="input-full" min={0} precision={0} suffix={t('requirement.days')} />
        </SchemaField>
        <SchemaField name="graceDays" extra={windowHelp(defaultGraceDays, t('requirement.graceHelp'))}>
          <InputNumber className="input-full" min={0} precision={0} suffix={t('requirement.days')} />
        </SchemaField>
        {frequency ? (
          <Col span={24}>
            <Button type="link" className="requirement-form__defaults" onClick={onRestoreDefaults}>
              {t('requirement.useDefaults')}
            </Button>
          </Col>
        ) : null}
      </Row>
    </>
  );
}
