import { Checkbox, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { FINDING_SEVERITIES, MANUAL_FINDING_SOURCES } from '@rtms/shared/enums';
import { createFindingBodySchema } from '@rtms/shared/schemas/findings';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormModal } from '../../../components/data/form-modal';
import { RemoteSelect } from '../../../components/data/remote-select';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { fetchPermitOptions } from '../../permits/api/permit-options';
import { fetchAssigneeOptions } from '../../tasks/api/assignee-options';
import { useCreateFinding } from '../api/finding-mutations';
import { facilityOptions } from '../../facilities/api/list-facilities';

interface Values {
  facilityId?: string;
  source?: string;
  title?: string;
  description?: string;
  severity?: string;
  identifiedOn?: string;
  ownerId?: string;
  reportable?: boolean;
  reportDueDate?: string | null;
  taskId?: string;
  permitId?: string | null;
}

/** Record a finding by hand (audit, inspection, self-identified, agency notice); opens its page once saved. */
export function RecordFindingModal({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  /** A finding about a task: its facility and task filled in. */
  initial?: { facilityId: string; taskId: string };
}) {
  const t = useT();
  const navigate = useNavigate();
  const state = useMutationForm({
    open,
    record: initial ? `${initial.facilityId}:${initial.taskId}` : undefined,
    valuesOf: (): Values => ({ severity: 'MEDIUM', source: 'SELF_IDENTIFIED', ...initial }),
    schema: createFindingBodySchema,
    mutation: useCreateFinding(),
    fields: [
      'facilityId',
      'source',
      'title',
      'description',
      'severity',
      'identifiedOn',
      'ownerId',
      'permitId',
      'reportDueDate',
    ],
    savedMessage: () => t('findings.recorded'),
    onSaved: ({ data }) => {
      onClose();
      void navigate(`/findings/${data._id}`);
    },
  });
  const labels = {
    facilityId: t('findings.facility'),
    source: t('findings.source'),
    title: t('findings.title'),
    description: t('findings.description'),
    severity: t('findings.severity'),
    identifiedOn: t('findings.identifiedOn'),
    ownerId: t('findings.owner'),
    permitId: t('findings.permit'),
    reportDueDate: t('findings.reportDueDate'),
  };
  const facilityId = Form.useWatch('facilityId', state.form);
  const reportable = Form.useWatch('reportable', state.form);

  return (
    <FormModal<Values>
      open={open}
      state={state}
      title={t('findings.record')}
      okText={t('findings.recordOk')}
      onClose={onClose}
      onFinish={(values) => state.submit({ ...values, reportable: Boolean(values.reportable) }, labels, (body) => body)}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        {initial ? null : (
          <SchemaItem name="facilityId" required validate={false}>
            <RemoteSelect allowClear {...facilityOptions} label={labels.facilityId} />
          </SchemaItem>
        )}
        <SchemaItem name="source" required>
          <Select
            aria-label={labels.source}
            options={MANUAL_FINDING_SOURCES.map((value) => ({ value, label: t(`findings.source.${value}`) }))}
          />
        </SchemaItem>
        <SchemaItem name="title" required>
          <Input maxLength={300} />
        </SchemaItem>
        <SchemaItem name="description">
          <Input.TextArea rows={3} maxLength={5000} />
        </SchemaItem>
        <SchemaItem name="severity" required>
          <Select
            aria-label={labels.severity}
            options={FINDING_SEVERITIES.map((value) => ({ value, label: t(`findings.severity.${value}`) }))}
          />
        </SchemaItem>
        <SchemaItem name="identifiedOn" required>
          <DateField aria-label={labels.identifiedOn} className="full-width" />
        </SchemaItem>
        <SchemaItem name="ownerId" validate={false}>
          <RemoteSelect
            allowClear
            label={labels.ownerId}
            queryKey={['users', 'assignee-options', facilityId ?? '']}
            fetchOptions={(search) => fetchAssigneeOptions(search, facilityId ? [facilityId] : undefined)}
          />
        </SchemaItem>
        <SchemaItem name="permitId" validate={false}>
          <RemoteSelect
            allowClear
            label={labels.permitId}
            disabled={!facilityId}
            queryKey={['permits', 'options', facilityId ?? '']}
            fetchOptions={(search) => fetchPermitOptions(search, facilityId)}
          />
        </SchemaItem>
        <Form.Item name="reportable" valuePropName="checked">
          <Checkbox>{t('findings.reportable')}</Checkbox>
        </Form.Item>
        {reportable ? (
          <SchemaItem name="reportDueDate" required>
            <DateField aria-label={labels.reportDueDate} className="full-width" />
          </SchemaItem>
        ) : null}
        {initial ? (
          <>
            <Form.Item name="facilityId" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="taskId" hidden>
              <Input />
            </Form.Item>
          </>
        ) : null}
      </SchemaFields>
    </FormModal>
  );
}
