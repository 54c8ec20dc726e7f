import { Col, Divider, Form, InputNumber, Row, Typography } from 'antd';
import { useT } from '../../../lib/i18n/use-t';

/** The requirement's overrides of its frequency's reminder policy, each empty for the policy's default. */
export const REMINDER_OVERRIDE_FIELDS = [
  'reminderFirstBeforeDays',
  'reminderSecondBeforeDays',
  'escalateFacilityAfterDays',
  'escalateAllAfterDays',
] as const;

const LABELS = {
  reminderFirstBeforeDays: 'reminders.firstBefore',
  reminderSecondBeforeDays: 'reminders.secondBefore',
  escalateFacilityAfterDays: 'reminders.escalateFacility',
  escalateAllAfterDays: 'reminders.escalateAll',
} as const;

const DEFAULTS = {
  reminderFirstBeforeDays: 7,
  reminderSecondBeforeDays: 1,
  escalateFacilityAfterDays: 7,
  escalateAllAfterDays: 30,
} as const;

/** "Reminders and escalation" in the requirement form (a section of its own, kept apart to ease merging). */
export function ReminderPolicyFields() {
  const t = useT();
  return (
    <>
      <Divider titlePlacement="start">{t('reminders.section')}</Divider>
      <Typography.Paragraph type="secondary">{t('reminders.help')}</Typography.Paragraph>
      <Row gutter={16}>
        {REMINDER_OVERRIDE_FIELDS.map((field) => (
          <Col xs={24} md={12} key={field}>
            <Form.Item label={t(LABELS[field])} name={field}>
              <InputNumber
                className="input-full"
                min={1}
                precision={0}
                suffix={t('requirement.days')}
                placeholder={t('reminders.defaultDays', { days: DEFAULTS[field] })}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
