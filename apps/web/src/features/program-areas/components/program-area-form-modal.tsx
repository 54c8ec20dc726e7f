import { Input } from 'antd';
import {
  createProgramAreaBodySchema,
  updateProgramAreaBodySchema,
  type ProgramArea,
} from '@rtms/shared/schemas/program-areas';
import { useT } from '../../../lib/i18n/use-t';
import { SettingsFormModal } from '../../../components/data/settings-form-modal';
import { SchemaItem } from '../../../components/data/schema-field';
import { useRecordForm } from '../../../components/data/use-record-form';
import type { EditDialog } from '../../../components/data/use-edit-dialog';
import { useCreateProgramArea } from '../api/create-program-area';
import { useUpdateProgramArea } from '../api/update-program-area';

interface Values {
  name?: string;
  description?: string | null;
}

const FIELDS = ['name', 'description'] as const;

/** Create or edit a program area (Settings). Names are unique. */
export function ProgramAreaFormModal({ dialog }: { dialog: EditDialog<ProgramArea> }) {
  const t = useT();
  const state = useRecordForm({
    open: dialog.open,
    record: dialog.item,
    valuesOf: (area): Values | undefined => area && { name: area.name, description: area.description },
    createSchema: createProgramAreaBodySchema,
    updateSchema: updateProgramAreaBodySchema,
    create: useCreateProgramArea(),
    update: useUpdateProgramArea(),
    fields: FIELDS,
    uniqueFields: ['name'],
    savedMessage: ({ data }) =>
      dialog.item ? t('programAreas.saved', { name: data.name }) : t('programAreas.created', { name: data.name }),
    onSaved: dialog.close,
  });
  const labels = { name: t('programAreas.name'), description: t('programAreas.description') };

  return (
    <SettingsFormModal<Values>
      dialog={dialog}
      messages="programAreas"
      state={state}
      labels={labels}
      onFinish={(values) => state.submit({ name: values.name, description: values.description }, labels)}
    >
      <SchemaItem name="name" extra={t('programAreas.nameHelp')}>
        <Input autoComplete="off" />
      </SchemaItem>
    </SettingsFormModal>
  );
}
