import { Input, InputNumber, Select } from 'antd';
import { PERMIT_TYPES, type PermitType } from '@rtms/shared/enums';
import { DEFAULT_RENEWAL_LEAD_DAYS } from '@rtms/shared/permit-status';
import { createPermitBodySchema, updatePermitBodySchema, type PermitDetail } from '@rtms/shared/schemas/permits';
import { useT } from '../../../lib/i18n/use-t';
import { expiryNotBeforeEffective } from './expiry-rule';
import { FormModal } from '../../../components/data/form-modal';
import { DateField } from '../../../components/data/date-field';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useRecordForm } from '../../../components/data/use-record-form';
import type { EditDialog } from '../../../components/data/use-edit-dialog';
import { useCreatePermit, useUpdatePermit } from '../api/permits-api';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { RemoteSelect } from '../../../components/data/remote-select';

interface Values {
  facilityId?: string;
  number?: string;
  title?: string;
  agency?: string;
  type?: PermitType;
  issuedOn?: string | null;
  effectiveOn?: string | null;
  expiresOn?: string | null;
  renewalLeadDays?: number;
  renewalSubmittedOn?: string | null;
}

const CREATE_FIELDS = [
  'facilityId',
  'number',
  'title',
  'agency',
  'type',
  'issuedOn',
  'effectiveOn',
  'expiresOn',
  'renewalLeadDays',
] as const;
const UPDATE_FIELDS = [...CREATE_FIELDS.filter((field) => field !== 'facilityId'), 'renewalSubmittedOn'] as const;

/** Create a permit (with the facility it belongs to) or edit one, including when its renewal was filed. */
export function PermitFormModal({
  dialog,
  facilityId,
  onSaved,
}: {
  dialog: EditDialog<PermitDetail>;
  /** A facility page's permit: the facility is chosen already. */
  facilityId?: string;
  onSaved?: (permit: PermitDetail) => void;
}) {
  const t = useT();
  const editing = Boolean(dialog.item);
  const fields = editing ? UPDATE_FIELDS : CREATE_FIELDS;
  const state = useRecordForm({
    open: dialog.open,
    record: dialog.item,
    valuesOf: (record): Values => record ?? { facilityId, renewalLeadDays: DEFAULT_RENEWAL_LEAD_DAYS },
    createSchema: createPermitBodySchema,
    updateSchema: updatePermitBodySchema,
    create: useCreatePermit(),
    update: useUpdatePermit(),
    fields,
    uniqueFields: ['number'],
    savedMessage: ({ data }) => t(editing ? 'permits.saved' : 'permits.created', { number: data.number }),
    onSaved: ({ data }) => {
      dialog.close();
      onSaved?.(data);
    },
  });
  const labels = {
    facilityId: t('task.facility'),
    number: t('permits.number'),
    title: t('permits.title'),
    agency: t('permits.agency'),
    type: t('permits.type'),
    issuedOn: t('permits.issuedOn'),
    effectiveOn: t('permits.effectiveOn'),
    expiresOn: t('permits.expiresOn'),
    renewalLeadDays: t('permits.renewalLeadDays'),
    renewalSubmittedOn: t('permits.renewalSubmittedOn'),
  };

  return (
    <FormModal<Values>
      open={dialog.open}
      state={state}
      title={t(editing ? 'permits.editTitle' : 'permits.createTitle')}
      okText={editing ? t('data.save') : t('permits.create')}
      onClose={dialog.close}
      onFinish={(values) =>
        state.submit(
          Object.fromEntries(
            fields.map((field) => [
              field,
              values[field] === null && field !== 'expiresOn' && field !== 'renewalSubmittedOn'
                ? undefined
                : values[field],
            ]),
          ),
          labels,
        )
      }
      width={640}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        {editing ? null : (
          <SchemaItem name="facilityId" required>
            <RemoteSelect allowClear {...facilityOptions} label={labels.facilityId} disabled={Boolean(facilityId)} />
          </SchemaItem>
        )}
        <SchemaItem name="number" required extra={t('permits.numberHelp')}>
          <Input autoComplete="off" />
        </SchemaItem>
        <SchemaItem name="title" required>
          <Input autoComplete="off" />
        </SchemaItem>
        <SchemaItem name="agency" required>
          <Input autoComplete="off" />
        </SchemaItem>
        <SchemaItem name="type" required>
          <Select options={PERMIT_TYPES.map((value) => ({ value, label: t(`permitType.${value}`) }))} />
        </SchemaItem>
        <SchemaItem name="issuedOn" required>
          <DateField className="input-full" />
        </SchemaItem>
        <SchemaItem name="effectiveOn" required>
          <DateField className="input-full" />
        </SchemaItem>
        <SchemaItem
          name="expiresOn"
          extra={t('permits.expiresOnHelp')}
          messages={{ custom: t('permits.expiresOnInvalid') }}
          dependencies={['effectiveOn']}
          rules={[expiryNotBeforeEffective(t('permits.expiresOnInvalid'))]}
        >
          <DateField className="input-full" />
        </SchemaItem>
        <SchemaItem name="renewalLeadDays" extra={t('permits.renewalLeadDaysHelp')}>
          <InputNumber className="input-full" min={0} precision={0} suffix={t('requirement.days')} />
        </SchemaItem>
        {editing ? (
          <SchemaItem name="renewalSubmittedOn" extra={t('permits.renewalSubmittedOnHelp')}>
            <DateField className="input-full" />
          </SchemaItem>
        ) : null}
      </SchemaFields>
    </FormModal>
  );
}
