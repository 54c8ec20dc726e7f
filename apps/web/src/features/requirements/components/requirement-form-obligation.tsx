import { Divider, Input, Row, Select } from 'antd';
import { TASK_CATEGORIES } from '@rtms/shared/enums';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import { useT } from '../../../lib/i18n/use-t';
import { RemoteSelect } from '../../../components/data/remote-select';
import { SchemaField, useSchemaFields } from '../../../components/data/schema-field';
import { fetchRegulationOptions } from '../api/regulation-options';
import { useProgramAreaOptions } from '../../program-areas/api/program-area-options';

/** An option for the id the requirement already has, so the select shows its name before any search. */
function known(id: string | null | undefined, name: string | null | undefined) {
  return id ? [{ value: id, label: name ?? id }] : [];
}

/** "Obligation": what the requirement is and where it comes from. */
export function RequirementObligationSection({ requirement }: { requirement?: RequirementDetail }) {
  const t = useT();
  const programAreaOptions = useProgramAreaOptions();
  const { label } = useSchemaFields();
  return (
    <>
      <Divider titlePlacement="start">{t('requirement.sectionObligation')}</Divider>
      <Row gutter={16}>
        <SchemaField name="title" wide>
          <Input autoComplete="off" />
        </SchemaField>
        <SchemaField name="description" wide extra={t('requirement.descriptionHelp')}>
          <Input.TextArea rows={4} />
        </SchemaField>
        <SchemaField name="regulationId" validate={false}>
          <RemoteSelect
            allowClear
            label={label('regulationId')}
            queryKey={['regulations', 'options']}
            fetchOptions={(search) => fetchRegulationOptions(search, t('data.inactive'))}
            knownOptions={known(requirement?.regulationId, requirement?.regulationTitle)}
          />
        </SchemaField>
        <SchemaField name="citation" extra={t('regulations.citationHelp')}>
          <Input autoComplete="off" />
        </SchemaField>
        <SchemaField name="programAreaId" validate={false}>
          <RemoteSelect
            {...programAreaOptions}
            allowClear
            label={label('programAreaId')}
            knownOptions={known(requirement?.programAreaId, requirement?.programAreaName)}
          />
        </SchemaField>
        <SchemaField name="category">
          <Select
            placeholder={t('requirement.chooseCategory')}
            showSearch={{ optionFilterProp: 'label' }}
            options={TASK_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
          />
        </SchemaField>
        <SchemaField name="permitNumber">
          <Input autoComplete="off" />
        </SchemaField>
      </Row>
    </>
  );
}
