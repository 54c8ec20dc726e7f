import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import type { Regulation } from '@rtms/shared/schemas/regulations';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useSettingsList } from '../../../components/data/settings-row-actions';
import { UrlActiveFilter } from '../../../components/data/url-filters';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { useFormatters } from '../../../components/data/use-formatters';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { regulationsEndpoint } from '../api/list-regulations';
import { useUpdateRegulation } from '../api/update-regulation';
import { RegulationFormModal } from './regulation-form-modal';
import {
  activeExportColumn,
  updatedAtColumn,
  updatedAtExportColumn,
  column,
  sortedColumn,
} from '../../../components/data/common-columns';

const FILTERS = ['jurisdiction', 'active'] as const;

/** The export's columns, in the interface language. */
function exportColumns(t: Translate): ExportColumn<Regulation>[] {
  return [
    { header: t('regulations.title'), value: (r) => r.title, width: 40 },
    { header: t('regulations.citation'), value: (r) => r.citation, width: 20 },
    { header: t('regulations.agency'), value: (r) => r.agency, width: 24 },
    { header: t('regulations.jurisdiction'), value: (r) => t(`jurisdiction.${r.jurisdiction}`) },
    { header: t('regulations.link'), value: (r) => r.link, width: 40 },
    { header: t('regulations.description'), value: (r) => r.description, width: 50 },
    activeExportColumn<Regulation>(t, (r) => r.active),
    updatedAtExportColumn<Regulation>(t),
  ];
}

/** /settings/regulations: the rules obligations come from. Deactivated ones stay listed, tagged. */
export function RegulationsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(regulationsEndpoint, { filters: FILTERS, defaultSort: 'title' });
  const settings = useSettingsList<Regulation>({
    update: useUpdateRegulation(),
    nameOf: (regulation) => regulation.title,
    deactivateBody: t('regulations.deactivateBody'),
    newLabel: t('regulations.new'),
  });

  const columns = useMemo<ChoosableColumns<Regulation>>(
    () => [
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
      ...settings.actionsColumns,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, settings.canManage],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.regulations')}
      messages="regulations"
      create={settings.create}
      columnChoice={{ id: 'regulations', userId: me._id }}
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="jurisdiction" of="jurisdiction" />
          <UrlActiveFilter state={list.state} name="active" />
        </>
      }
      exportOptions={{ fileName: 'regulations', columns: exportColumns }}
    >
      <RegulationFormModal dialog={settings.editing} />
    </ListScreen>
  );
}
