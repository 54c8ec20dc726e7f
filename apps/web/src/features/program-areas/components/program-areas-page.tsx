import { Typography } from 'antd';
import type { ProgramArea } from '@rtms/shared/schemas/program-areas';
import type { Translate } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { SettingsListScreen } from '../../../components/data/settings-list-screen';
import { UrlActiveFilter } from '../../../components/data/url-filters';
import type { Formatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { programAreasEndpoint } from '../api/list-program-areas';
import { useUpdateProgramArea } from '../api/update-program-area';
import { ProgramAreaFormModal } from './program-area-form-modal';
import { updatedAtColumn, column, sortedColumn } from '../../../components/data/common-columns';

const FILTERS = ['active'] as const;

/** The export's columns, in the interface language (the status and last update follow them). */
function exportColumns(t: Translate): ExportColumn<ProgramArea>[] {
  return [
    { header: t('programAreas.name'), value: (a) => a.name, width: 30 },
    { header: t('programAreas.description'), value: (a) => a.description, width: 60 },
  ];
}

/** The table's columns (the settings' row actions follow them). */
function columns(t: Translate, format: Formatters): ChoosableColumns<ProgramArea> {
  return [
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
  ];
}

/** /settings/program-areas: compliance domains. Deactivated ones stay listed, tagged. */
export function ProgramAreasPage() {
  return (
    <SettingsListScreen
      messages="programAreas"
      list={{ endpoint: programAreasEndpoint, filters: FILTERS, defaultSort: 'name' }}
      columns={columns}
      filters={(state) => <UrlActiveFilter state={state} name="active" />}
      update={useUpdateProgramArea()}
      nameOf={(area) => area.name}
      exportOptions={{ fileName: 'program-areas', columns: exportColumns }}
      form={(dialog) => <ProgramAreaFormModal dialog={dialog} />}
    />
  );
}
