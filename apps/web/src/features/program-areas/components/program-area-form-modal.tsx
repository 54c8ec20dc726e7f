import { Input } from 'antd';
import {
  createProgramAreaBodySchema,
  updateProgramAreaBodySchema,
  type ProgramArea,
} from '@rtms/shared/schemas/program-areas';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useRecordForm } from '../../../components/data/use-record-form';
import { useCreateProgramArea } from '../api/create-program-area';
import { useUpdateProgramArea } from '../api/update-program-area';

interface Values {
  name?: string;
  description?: string | null;
}

const FIELDS = ['name', 'description'] as const;

/** Create or edit a program area (Settings). Names are unique. */
export function ProgramAreaFormModal({
  open,
  programArea,
  onClose,
}: {
  open: boolean;
  programArea?: ProgramArea;
  onClose: () => void;
}) {
  const t = useT();
  const state = useRecordForm({
    open,
    record: programArea,
    valuesOf: (area): Values | undefined => area && { name: area.name, description: area.description },
    createSchema: createProgramAreaBodySchema,
    updateSchema: updateProgramAreaBodySchema,
    create: useCreateProgramArea(),
    update: useUpdateProgramArea(),
    fields: FIELDS,
    uniqueFields: ['name'],
    savedMessage: ({ data }) =>
      programArea ? t('programAreas.saved', { name: data.name }) : t('programAreas.created', { name: data.name }),
    onSaved: onClose,
  });
  const labels = { name: t('programAreas.name'), description: t('programAreas.description') };

  return (
    <FormModal<Values>
      open={open}
      state={state}
      title={programArea ? t('programAreas.editTitle') : t('programAreas.createTitle')}
      okText={programArea ? t('data.save') : t('programAreas.create')}
      onClose={onClose}
      onFinish={(values) => state.submit({ name: values.name, description: values.description }, labels)}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <SchemaItem name="name" extra={t('programAreas.nameHelp')}>
          <Input autoComplete="off" />
        </SchemaItem>
        <SchemaItem name="description">
          <Input.TextArea rows={4} />
        </SchemaItem>
      </SchemaFields>
    </FormModal>
  );
}
