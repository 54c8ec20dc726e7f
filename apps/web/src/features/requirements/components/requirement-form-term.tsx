import { Checkbox, Col, Divider, Form, InputNumber, Row } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { RemoteSelect, type RemoteOption } from '../../../components/data/remote-select';
import { SchemaField, useSchemaFields } from '../../../components/data/schema-field';
import { fetchAssigneeOptions } from '../../tasks/api/assignee-options';

/** "Evidence": whether completing a task needs evidence, and how many documents. */
export function RequirementEvidenceSection() {
  const t = useT();
  const { label } = useSchemaFields();
  const evidenceRequired = Form.useWatch('evidenceRequired') as boolean | undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('requirement.sectionEvidence')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="evidenceRequired" valuePropName="checked">
            <Checkbox>{label('evidenceRequired')}</Checkbox>
          </Form.Item>
        </Col>
        {evidenceRequired ? (
          <SchemaField name="minEvidence" required>
            <InputNumber className="input-full" min={1} precision={0} />
          </SchemaField>
        ) : null}
        <Col xs={24}>
          <Form.Item name="reviewRequired" valuePropName="checked">
            <Checkbox>{label('reviewRequired')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** "Term": the dates the requirement applies between, and who its tasks go to by default. */
export function RequirementTermSection({ knownAssignees }: { knownAssignees: RemoteOption[] }) {
  const t = useT();
  const { label } = useSchemaFields();
  const dateMessages = { custom: t('form.invalidDate') };
  return (
    <>
      <Divider titlePlacement="start">{t('requirement.sectionTerm')}</Divider>
      <Row gutter={16}>
        <SchemaField name="activeFrom" messages={dateMessages}>
          <DateField className="input-full" />
        </SchemaField>
        <SchemaField
          name="activeUntil"
          dependencies={['activeFrom']}
          messages={dateMessages}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: string | null | undefined) => {
                const from = getFieldValue('activeFrom') as string | null | undefined;
                if (value && from && value < from) throw new Error(t('requirement.untilBeforeFrom'));
              },
            }),
          ]}
          extra={t('requirement.activeRangeHelp')}
        >
          <DateField className="input-full" />
        </SchemaField>
        <SchemaField name="defaultAssigneeId" wide validate={false} extra={t('requirement.defaultAssigneeHelp')}>
          <RemoteSelect
            allowClear
            label={label('defaultAssigneeId')}
            placeholder={t('task.unassigned')}
            queryKey={['users', 'assignee-options']}
            fetchOptions={fetchAssigneeOptions}
            knownOptions={knownAssignees}
          />
        </SchemaField>
      </Row>
    </>
  );
}

/** "Onboarding": whether to create the tasks already past since a date (a requirement taken over mid-year). */
export function RequirementOnboardingSection() {
  const t = useT();
  const backfill = Form.useWatch('backfill') as boolean | undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('requirement.sectionOnboarding')}</Divider>
      <Form.Item name="backfill" valuePropName="checked" extra={t('requirement.backfillHelp')}>
        <Checkbox>{t('requirement.backfill')}</Checkbox>
      </Form.Item>
      {backfill ? (
        <Row gutter={16}>
          <SchemaField name="backfillFrom" wide required messages={{ custom: t('form.invalidDate') }}>
            <DateField className="input-full" />
          </SchemaField>
        </Row>
      ) : null}
    </>
  );
}
