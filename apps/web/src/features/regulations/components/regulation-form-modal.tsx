import { Input, Select } from 'antd';
import { JURISDICTIONS, type Jurisdiction } from '@rtms/shared/enums';
import {
  createRegulationBodySchema,
  updateRegulationBodySchema,
  type Regulation,
} from '@rtms/shared/schemas/regulations';
import { useT } from '../../../lib/i18n/use-t';
import { SettingsFormModal } from '../../../components/data/settings-form-modal';
import { SchemaItem } from '../../../components/data/schema-field';
import { useRecordForm } from '../../../components/data/use-record-form';
import type { EditDialog } from '../../../components/data/use-edit-dialog';
import { useCreateRegulation } from '../api/create-regulation';
import { useUpdateRegulation } from '../api/update-regulation';

interface Values {
  title?: string;
  citation?: string | null;
  agency?: string | null;
  jurisdiction?: Jurisdiction;
  link?: string | null;
  description?: string | null;
}

const FIELDS = ['title', 'citation', 'agency', 'jurisdiction', 'link', 'description'] as const;

/** Create or edit a regulation (Settings). */
export function RegulationFormModal({ dialog }: { dialog: EditDialog<Regulation> }) {
  const t = useT();
  const state = useRecordForm({
    open: dialog.open,
    record: dialog.item,
    valuesOf: (record): Values | undefined => record,
    createSchema: createRegulationBodySchema,
    updateSchema: updateRegulationBodySchema,
    create: useCreateRegulation(),
    update: useUpdateRegulation(),
    fields: FIELDS,
    savedMessage: ({ data }) =>
      dialog.item ? t('regulations.saved', { title: data.title }) : t('regulations.created', { title: data.title }),
    onSaved: dialog.close,
  });
  const labels = {
    title: t('regulations.title'),
    citation: t('regulations.citation'),
    agency: t('regulations.agency'),
    jurisdiction: t('regulations.jurisdiction'),
    link: t('regulations.link'),
    description: t('regulations.description'),
  };

  return (
    <SettingsFormModal<Values>
      dialog={dialog}
      messages="regulations"
      state={state}
      labels={labels}
      onFinish={(values) => state.submit(Object.fromEntries(FIELDS.map((field) => [field, values[field]])), labels)}
      width={640}
    >
      <SchemaItem name="title">
        <Input autoComplete="off" />
      </SchemaItem>
      <SchemaItem name="citation" extra={t('regulations.citationHelp')}>
        <Input autoComplete="off" />
      </SchemaItem>
      <SchemaItem name="agency">
        <Input autoComplete="off" />
      </SchemaItem>
      <SchemaItem name="jurisdiction">
        <Select
          placeholder={t('regulations.chooseJurisdiction')}
          options={JURISDICTIONS.map((value) => ({ value, label: t(`jurisdiction.${value}`) }))}
        />
      </SchemaItem>
      <SchemaItem name="link">
        <Input type="url" autoComplete="off" placeholder="https://" />
      </SchemaItem>
    </SettingsFormModal>
  );
}
