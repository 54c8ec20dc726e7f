import { useMemo } from 'react';
import { Input, InputNumber, Row, Select } from 'antd';
import { FACILITY_STATUSES, FACILITY_TYPES, type FacilityStatus, type FacilityType } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import { createFacilityBodySchema, updateFacilityBodySchema, type Facility } from '@rtms/shared/schemas/facilities';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormDrawer } from '../../../components/data/form-drawer';
import { SchemaField, SchemaFields } from '../../../components/data/schema-field';
import { useRecordForm } from '../../../components/data/use-record-form';
import { useCreateFacility } from '../api/create-facility';
import { useUpdateFacility } from '../api/update-facility';
import { suggestedTimeZone, timeZoneOptions } from './time-zones';
import { useProgramAreaOptions } from '../../program-areas/api/program-area-options';
import { RemoteSelect } from '../../../components/data/remote-select';

interface Values {
  name?: string;
  code?: string;
  type?: FacilityType;
  status?: FacilityStatus;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  capacityMw?: number | null;
  commercialOperationDate?: string | null;
  notifyFrom?: string | null;
  timeZone?: string;
  notes?: string | null;
  programAreaIds?: string[];
}

const FIELDS = [
  'name',
  'code',
  'type',
  'status',
  'address',
  'city',
  'state',
  'country',
  'latitude',
  'longitude',
  'capacityMw',
  'commercialOperationDate',
  'notifyFrom',
  'timeZone',
  'notes',
  'programAreaIds',
] as const;

/** Create or edit a facility: every field, validated with the server's schema. */
export function FacilityFormDrawer({
  open,
  facility,
  knownProgramAreas = [],
  onClose,
  onSaved,
}: {
  open: boolean;
  facility?: Facility;
  /** Labels of the facility's program areas (the detail page knows them). */
  knownProgramAreas?: { value: string; label: string }[];
  onClose: () => void;
  onSaved?: (facility: Facility) => void;
}) {
  const t = useT();
  const programAreaOptions = useProgramAreaOptions();
  const me = useCurrentUser();
  const isEdit = Boolean(facility);
  const mayChangeStatus = can(me.role, 'facility:deactivate');
  const zones = useMemo(() => timeZoneOptions(), []);

  const labels: Record<(typeof FIELDS)[number], string> = {
    name: t('facilities.name'),
    code: t('facilities.code'),
    type: t('facilities.type'),
    status: t('data.status'),
    address: t('facilities.address'),
    city: t('facilities.city'),
    state: t('facilities.state'),
    country: t('facilities.country'),
    latitude: t('facilities.latitude'),
    longitude: t('facilities.longitude'),
    capacityMw: t('facilities.capacityMw'),
    commercialOperationDate: t('facilities.commercialOperationDate'),
    notifyFrom: t('facilities.notifyFrom'),
    timeZone: t('facilities.timeZone'),
    notes: t('facilities.notes'),
    programAreaIds: t('facilities.programAreas'),
  };

  const state = useRecordForm({
    open,
    record: facility,
    valuesOf: (record): Values => {
      if (!record) return { status: 'ACTIVE', timeZone: suggestedTimeZone(), programAreaIds: [] };
      const { _id, createdAt: _c, updatedAt: _u, ...fields } = record;
      return fields;
    },
    createSchema: createFacilityBodySchema,
    updateSchema: updateFacilityBodySchema,
    create: useCreateFacility(),
    update: useUpdateFacility(),
    fields: FIELDS,
    uniqueFields: ['name', 'code'],
    savedMessage: ({ data }) =>
      isEdit ? t('facilities.saved', { name: data.name }) : t('facilities.created', { name: data.name }),
    onSaved: ({ data }) => {
      onClose();
      onSaved?.(data);
    },
  });
  const onFinish = (values: Values) =>
    state.submit(
      Object.fromEntries(
        FIELDS.filter((field) => field !== 'status' || mayChangeStatus).map((field) => [field, values[field]]),
      ),
      labels,
    );

  const messages = {
    code: { 'format:regex': t('facilities.codeRule') },
    timeZone: { custom: t('facilities.timeZoneInvalid') },
    commercialOperationDate: { custom: t('form.invalidDate') },
    notifyFrom: { custom: t('form.invalidDate') },
  };

  return (
    <FormDrawer<Values>
      open={open}
      state={state}
      title={isEdit ? t('facilities.editTitle', { name: facility?.name ?? '' }) : t('facilities.createTitle')}
      onClose={onClose}
      onFinish={onFinish}
      submit={{ text: isEdit ? t('data.save') : t('facilities.create') }}
    >
      <Row gutter={16}>
        <SchemaFields rules={state.rules} labels={labels}>
          <SchemaField name="name" md={16}>
            <Input autoComplete="off" />
          </SchemaField>
          <SchemaField name="code" md={8} messages={messages.code} extra={t('facilities.codeHelp')}>
            <Input autoComplete="off" className="input-uppercase" />
          </SchemaField>
          <SchemaField name="type">
            <Select
              placeholder={t('facilities.chooseType')}
              options={FACILITY_TYPES.map((type) => ({ value: type, label: t(`facilityType.${type}`) }))}
            />
          </SchemaField>
          <SchemaField name="status">
            <Select
              disabled={!mayChangeStatus}
              options={FACILITY_STATUSES.map((status) => ({ value: status, label: t(`facilityStatus.${status}`) }))}
            />
          </SchemaField>
          <SchemaField name="address" wide>
            <Input autoComplete="off" />
          </SchemaField>
          {(['city', 'state', 'country'] as const).map((name) => (
            <SchemaField key={name} name={name} md={8}>
              <Input autoComplete="off" />
            </SchemaField>
          ))}
          {(['latitude', 'longitude', 'capacityMw'] as const).map((name) => (
            <SchemaField key={name} name={name} md={8}>
              <InputNumber className="input-full" step={name === 'capacityMw' ? 0.1 : 0.0001} />
            </SchemaField>
          ))}
          <SchemaField name="commercialOperationDate" messages={messages.commercialOperationDate}>
            <DateField className="input-full" />
          </SchemaField>
          <SchemaField name="notifyFrom" messages={messages.notifyFrom} extra={t('facilities.notifyFromHelp')}>
            <DateField className="input-full" />
          </SchemaField>
          <SchemaField name="timeZone" messages={messages.timeZone} extra={t('facilities.timeZoneHelp')}>
            <Select
              showSearch={{ optionFilterProp: ['label', 'value'] }}
              options={zones}
              placeholder={t('facilities.chooseTimeZone')}
            />
          </SchemaField>
          <SchemaField name="programAreaIds" wide>
            <RemoteSelect
              {...programAreaOptions}
              mode="multiple"
              label={labels.programAreaIds}
              knownOptions={knownProgramAreas}
            />
          </SchemaField>
          <SchemaField name="notes" wide>
            <Input.TextArea rows={4} />
          </SchemaField>
        </SchemaFields>
      </Row>
    </FormDrawer>
  );
}
