import { Input, Select } from 'antd';
import { CORRECTIVE_ACTION_TYPES } from '@rtms/shared/enums';
import {
  createCorrectiveActionBodySchema,
  updateCorrectiveActionBodySchema,
  type CorrectiveAction,
  type FindingDetail,
} from '@rtms/shared/schemas/findings';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormModal } from '../../../components/data/form-modal';
import { RemoteSelect } from '../../../components/data/remote-select';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { fetchAssigneeOptions } from '../../tasks/api/assignee-options';
import { useAddCorrectiveAction, useUpdateCorrectiveAction } from '../api/finding-mutations';
import { listDocuments } from '../../documents/api/list-documents';

/** A corrective action for a finding: what, of which type, who owns it, by when. */
export function AddActionModal({
  open,
  finding,
  onClose,
}: {
  open: boolean;
  finding: FindingDetail;
  onClose: () => void;
}) {
  const t = useT();
  const state = useMutationForm({
    open,
    record: finding,
    valuesOf: (): Record<string, unknown> => ({ type: 'CORRECTIVE' }),
    schema: createCorrectiveActionBodySchema,
    mutation: useAddCorrectiveAction(),
    fields: ['title', 'type', 'ownerId', 'dueDate'],
    savedMessage: () => t('findings.actionAdded'),
    onSaved: onClose,
  });
  const labels = {
    title: t('findings.actionTitle'),
    type: t('findings.actionType'),
    ownerId: t('findings.actionOwner'),
    dueDate: t('findings.actionDueDate'),
  };
  return (
    <FormModal<Record<string, unknown>>
      open={open}
      state={state}
      title={t('findings.addAction')}
      okText={t('findings.addActionOk')}
      onClose={onClose}
      onFinish={(values) => state.submit(values, labels, (body) => ({ id: finding._id, body }))}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <SchemaItem name="title" required>
          <Input maxLength={300} />
        </SchemaItem>
        <SchemaItem name="type" required>
          <Select
            aria-label={labels.type}
            options={CORRECTIVE_ACTION_TYPES.map((value) => ({ value, label: t(`findings.actionType.${value}`) }))}
          />
        </SchemaItem>
        <SchemaItem name="ownerId" required validate={false}>
          <RemoteSelect
            label={labels.ownerId}
            queryKey={['users', 'assignee-options', finding.facilityId]}
            fetchOptions={(search) => fetchAssigneeOptions(search, [finding.facilityId])}
          />
        </SchemaItem>
        <SchemaItem name="dueDate" required>
          <DateField aria-label={labels.dueDate} className="full-width" />
        </SchemaItem>
      </SchemaFields>
    </FormModal>
  );
}

/** The owner completes an action (a note, the day it was done) or asks for a later date (with the reason). */
export function UpdateActionModal({
  open,
  action,
  mode,
  onClose,
}: {
  open: boolean;
  action: CorrectiveAction;
  mode: 'complete' | 'reschedule';
  onClose: () => void;
}) {
  const t = useT();
  const complete = mode === 'complete';
  const state = useMutationForm({
    open,
    record: `${action._id}:${mode}`,
    valuesOf: (): Record<string, unknown> => (complete ? {} : { dueDate: action.dueDate }),
    schema: updateCorrectiveActionBodySchema,
    mutation: useUpdateCorrectiveAction(),
    fields: complete ? ['note', 'completedOn', 'documentIds'] : ['dueDate', 'reason'],
    savedMessage: () => (complete ? t('findings.actionCompleted') : t('findings.actionRescheduled')),
    onSaved: onClose,
  });
  const labels = {
    note: t('findings.actionNote'),
    completedOn: t('findings.actionCompletedOn'),
    documentIds: t('findings.evidence'),
    dueDate: t('findings.actionNewDueDate'),
    reason: t('findings.actionReason'),
  };
  return (
    <FormModal<Record<string, unknown>>
      open={open}
      state={state}
      title={complete ? t('findings.completeAction') : t('findings.rescheduleAction')}
      okText={complete ? t('findings.completeActionOk') : t('findings.rescheduleActionOk')}
      intro={<bdi>{action.title}</bdi>}
      onClose={onClose}
      onFinish={(values) =>
        state.submit(complete ? { ...values, status: 'DONE' } : values, labels, (body) => ({ id: action._id, body }))
      }
    >
      <SchemaFields rules={state.rules} labels={labels}>
        {complete ? (
          <>
            <SchemaItem name="note" required>
              <Input.TextArea rows={3} maxLength={2000} />
            </SchemaItem>
            <SchemaItem name="completedOn">
              <DateField aria-label={labels.completedOn} className="full-width" />
            </SchemaItem>
            <SchemaItem name="documentIds" validate={false}>
              <RemoteSelect
                mode="multiple"
                label={labels.documentIds}
                queryKey={['documents', 'evidence-options', action.facilityId]}
                fetchOptions={async (search) =>
                  (
                    await listDocuments({ facilityId: action.facilityId, search: search || undefined, pageSize: 50 })
                  ).data.map((document) => ({ value: document._id, label: document.title }))
                }
              />
            </SchemaItem>
          </>
        ) : (
          <>
            <SchemaItem name="dueDate" required>
              <DateField aria-label={labels.dueDate} className="full-width" />
            </SchemaItem>
            <SchemaItem name="reason" required>
              <Input.TextArea rows={3} maxLength={2000} />
            </SchemaItem>
          </>
        )}
      </SchemaFields>
    </FormModal>
  );
}
