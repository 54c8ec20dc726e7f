import { useMemo } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ProgramArea } from '@rtms/shared/schemas/program-areas';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useSettingsList } from '../../../components/data/settings-row-actions';
import { UrlActiveFilter } from '../../../components/data/url-filters';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { programAreasEndpoint } from '../api/list-program-areas';
import { useUpdateProgramArea } from '../api/update-program-area';
import { ProgramAreaFormModal } from './program-area-form-modal';
import {
  activeExportColumn,
  updatedAtColumn,
  updatedAtExportColumn,
  column,
  sortedColumn,
} from '../../../components/data/common-columns';

const FILTERS = ['active'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<ProgramArea>[] {
  return [
    { header: t('programAreas.name'), value: (a) => a.name, width: 30 },
    { header: t('programAreas.description'), value: (a) => a.description, width: 60 },
    activeExportColumn<ProgramArea>(t, (a) => a.active),
    updatedAtExportColumn<ProgramArea>(t),
  ];
}

/** /settings/program-areas: compliance domains. Deactivated ones stay listed, tagged. */
export function ProgramAreasPage() {
  const t = useT();
  const format = useFormatters();
  const list = useListScreen(programAreasEndpoint, { filters: FILTERS, defaultSort: 'name' });
  const settings = useSettingsList<ProgramArea>({
    update: useUpdateProgramArea(),
    nameOf: (area) => area.name,
    deactivateBody: t('programAreas.deactivateBody'),
    newLabel: t('programAreas.new'),
  });

  const columns = useMemo<ColumnsType<ProgramArea>>(
    () => [
      sortedColumn(t('programAreas.name'), 'name', (area) => (
        <Typography.Text type={area.active ? undefined : 'secondary'}>{area.name}</Typography.Text>
      )),
      column(t('programAreas.description'), 'description', (area) =>
        area.description ? (
          <Typography.Text className="cell-ellipsis" ellipsis={{ tooltip: area.description }}>
            {area.description}
          </Typography.Text>
        ) : null,
      ),
      sortedColumn(t('data.status'), 'active', (area) => <ActiveTag active={area.active} />),
      updatedAtColumn<ProgramArea>(t, format),
      ...settings.actionsColumns,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, settings.canManage],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.programAreas')}
      messages="programAreas"
      create={settings.create}
      columns={columns}
      filters={<UrlActiveFilter state={list.state} name="active" />}
      exportOptions={{ fileName: 'program-areas', columns: exportColumns }}
    >
      <ProgramAreaFormModal dialog={settings.editing} />
    </ListScreen>
  );
}
