import { Form, Input, Radio, Select } from 'antd';
import { FINDING_SEVERITIES, ROOT_CAUSE_CATEGORIES } from '@rtms/shared/enums';
import {
  cancelFindingBodySchema,
  updateFindingBodySchema,
  verifyFindingBodySchema,
  type FindingDetail,
} from '@rtms/shared/schemas/findings';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormModal } from '../../../components/data/form-modal';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { RemoteSelect } from '../../../components/data/remote-select';
import { fetchPermitOptions } from '../../permits/api/permit-options';
import { useCancelFinding, useUpdateFinding, useVerifyFinding } from '../api/finding-mutations';

type DialogProps = { open: boolean; finding: FindingDetail; onClose: () => void };

/** The root cause, its category, the severity and the report of a finding. */
export function EditFindingModal({ open, finding, onClose }: DialogProps) {
  const t = useT();
  const state = useMutationForm({
    open,
    record: finding,
    valuesOf: (): Record<string, unknown> => ({
      rootCause: finding.rootCause ?? '',
      rootCauseCategory: finding.rootCauseCategory ?? undefined,
      severity: finding.severity,
      reportDueDate: finding.reportDueDate,
      reportedOn: finding.reportedOn,
      permitId: finding.permitId,
    }),
    schema: updateFindingBodySchema,
    mutation: useUpdateFinding(),
    fields: ['rootCause', 'rootCauseCategory', 'severity', 'permitId', 'reportDueDate', 'reportedOn'],
    savedMessage: () => t('findings.saved'),
    onSaved: onClose,
  });
  const labels = {
    rootCause: t('findings.rootCause'),
    rootCauseCategory: t('findings.rootCauseCategory'),
    severity: t('findings.severity'),
    permitId: t('findings.permit'),
    reportDueDate: t('findings.reportDueDate'),
    reportedOn: t('findings.reportedOn'),
  };
  // The permit's label is known before any search: the picker shows it, not its id.
  const knownPermits = finding.permitId ? [{ value: finding.permitId, label: finding.permitLabel ?? '' }] : [];
  return (
    <FormModal<Record<string, unknown>>
      open={open}
      state={state}
      title={t('findings.edit')}
      okText={t('findings.save')}
      onClose={onClose}
      onFinish={(values) => state.submit(values, labels, (body) => ({ id: finding._id, body }))}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <SchemaItem name="rootCauseCategory">
          <Select
            allowClear
            aria-label={labels.rootCauseCategory}
            options={ROOT_CAUSE_CATEGORIES.map((value) => ({ value, label: t(`findings.rootCauseCategory.${value}`) }))}
          />
        </SchemaItem>
        <SchemaItem name="rootCause">
          <Input.TextArea rows={4} maxLength={5000} />
        </SchemaItem>
        <SchemaItem name="severity">
          <Select
            aria-label={labels.severity}
            options={FINDING_SEVERITIES.map((value) => ({ value, label: t(`findings.severity.${value}`) }))}
          />
        </SchemaItem>
        <SchemaItem name="permitId" validate={false}>
          <RemoteSelect
            allowClear
            label={labels.permitId}
            knownOptions={knownPermits}
            queryKey={['permits', 'options', finding.facilityId]}
            fetchOptions={(search) => fetchPermitOptions(search, finding.facilityId)}
          />
        </SchemaItem>
        {finding.reportable ? (
          <>
            <SchemaItem name="reportDueDate">
              <DateField aria-label={labels.reportDueDate} className="full-width" />
            </SchemaItem>
            <SchemaItem name="reportedOn">
              <DateField aria-label={labels.reportedOn} className="full-width" />
            </SchemaItem>
          </>
        ) : null}
      </SchemaFields>
    </FormModal>
  );
}

/** Verify the fix: effective (then it may be closed) or not (back to actions, a new one needed). */
export function VerifyFindingModal({ open, finding, onClose }: DialogProps) {
  const t = useT();
  const state = useMutationForm({
    open,
    record: finding,
    valuesOf: (): { effective?: boolean; note?: string } => ({ effective: true }),
    schema: verifyFindingBodySchema,
    mutation: useVerifyFinding(),
    fields: ['effective', 'note'],
    savedMessage: ({ data }) => (data.verification?.effective ? t('findings.verifiedOk') : t('findings.verifiedNot')),
    onSaved: onClose,
  });
  const labels = { effective: t('findings.effective'), note: t('findings.verificationNote') };
  return (
    <FormModal<{ effective?: boolean; note?: string }>
      open={open}
      state={state}
      title={t('findings.verify')}
      okText={t('findings.verifyOk')}
      intro={t('findings.verifyIntro')}
      onClose={onClose}
      onFinish={(values) => state.submit(values, labels, (body) => ({ id: finding._id, body }))}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <Form.Item name="effective" label={labels.effective}>
          <Radio.Group
            options={[
              { value: true, label: t('findings.effectiveYes') },
              { value: false, label: t('findings.effectiveNo') },
            ]}
          />
        </Form.Item>
        <SchemaItem name="note">
          <Input.TextArea rows={3} maxLength={2000} />
        </SchemaItem>
      </SchemaFields>
    </FormModal>
  );
}

/** Cancel a finding with its reason; its open actions are cancelled too. */
export function CancelFindingModal({ open, finding, onClose }: DialogProps) {
  const t = useT();
  const state = useMutationForm({
    open,
    record: finding,
    schema: cancelFindingBodySchema,
    mutation: useCancelFinding(),
    fields: ['reason'],
    savedMessage: () => t('findings.cancelled'),
    onSaved: onClose,
  });
  const labels = { reason: t('findings.cancelReason') };
  return (
    <FormModal<{ reason?: string }>
      open={open}
      state={state}
      title={t('findings.cancel')}
      okText={t('findings.cancelOk')}
      okDanger
      intro={t('findings.cancelIntro')}
      onClose={onClose}
      onFinish={(values) => state.submit(values, labels, (body) => ({ id: finding._id, body }))}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <SchemaItem name="reason" required>
          <Input.TextArea rows={3} maxLength={2000} />
        </SchemaItem>
      </SchemaFields>
    </FormModal>
  );
}
