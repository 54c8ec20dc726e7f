import { Flex, Typography } from 'antd';
import type { Regulation } from '@rtms/shared/schemas/regulations';
import type { Translate } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { SettingsListScreen } from '../../../components/data/settings-list-screen';
import { UrlActiveFilter } from '../../../components/data/url-filters';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import type { Formatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { regulationsEndpoint } from '../api/list-regulations';
import { useUpdateRegulation } from '../api/update-regulation';
import { RegulationFormModal } from './regulation-form-modal';
import { updatedAtColumn, column, sortedColumn } from '../../../components/data/common-columns';

const FILTERS = ['jurisdiction', 'active'] as const;

/** The export's columns, in the interface language (the status and last update follow them). */
function exportColumns(t: Translate): ExportColumn<Regulation>[] {
  return [
    { header: t('regulations.title'), value: (r) => r.title, width: 40 },
    { header: t('regulations.citation'), value: (r) => r.citation, width: 20 },
    { header: t('regulations.agency'), value: (r) => r.agency, width: 24 },
    { header: t('regulations.jurisdiction'), value: (r) => t(`jurisdiction.${r.jurisdiction}`) },
    { header: t('regulations.link'), value: (r) => r.link, width: 40 },
    { header: t('regulations.description'), value: (r) => r.description, width: 50 },
  ];
}

/** The table's columns, the optional ones in the "Columns" choice (the settings' row actions follow them). */
function columns(t: Translate, format: Formatters): ChoosableColumns<Regulation> {
  return [
    sortedColumn(t('regulations.title'), 'title', (regulation) => (
      <Flex vertical>
        <Typography.Text type={regulation.active ? undefined : 'secondary'}>{regulation.title}</Typography.Text>
        {regulation.description ? (
          <Typography.Text type="secondary" className="cell-note" ellipsis={{ tooltip: regulation.description }}>
            {regulation.description}
          </Typography.Text>
        ) : null}
      </Flex>
    )),
    { title: t('regulations.citation'), key: 'citation', dataIndex: 'citation', sorter: true, optional: true },
    { title: t('regulations.agency'), key: 'agency', dataIndex: 'agency', sorter: true, optional: true },
    sortedColumn(
      t('regulations.jurisdiction'),
      'jurisdiction',
      (regulation) => t(`jurisdiction.${regulation.jurisdiction}`),
      { optional: true, defaultHidden: true },
    ),
    column(
      t('regulations.link'),
      'link',
      (regulation) =>
        regulation.link ? (
          <Typography.Link href={regulation.link} target="_blank" rel="noopener noreferrer">
            {t('regulations.open')}
          </Typography.Link>
        ) : null,
      { optional: true, defaultHidden: true },
    ),
    sortedColumn(t('data.status'), 'active', (regulation) => <ActiveTag active={regulation.active} />),
    { ...updatedAtColumn<Regulation>(t, format), optional: true, defaultHidden: true },
  ];
}

/** /settings/regulations: the rules obligations come from. Deactivated ones stay listed, tagged. */
export function RegulationsPage() {
  return (
    <SettingsListScreen
      messages="regulations"
      list={{ endpoint: regulationsEndpoint, filters: FILTERS, defaultSort: 'title' }}
      columnChoiceId="regulations"
      columns={columns}
      filters={(state) => (
        <>
          <UrlEnumFilter state={state} name="jurisdiction" of="jurisdiction" />
          <UrlActiveFilter state={state} name="active" />
        </>
      )}
      update={useUpdateRegulation()}
      nameOf={(regulation) => regulation.title}
      exportOptions={{ fileName: 'regulations', columns: exportColumns }}
      form={(dialog) => <RegulationFormModal dialog={dialog} />}
    />
  );
}
