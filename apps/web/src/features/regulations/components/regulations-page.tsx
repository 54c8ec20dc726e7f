import { useMemo, useState } from 'react';
import { App, Flex, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { JURISDICTIONS } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import type { Regulation } from '@rtms/shared/schemas/regulations';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { ActiveTag } from '../../../components/data/active-tag';
import { IconAction } from '../../../components/data/icon-action';
import { ListScreen } from '../../../components/data/list-screen';
import { ActiveToggle, settingsToggleTexts } from '../../../components/data/active-toggle';
import { UrlActiveFilter, UrlFilterSelect } from '../../../components/data/url-filters';
import type { ChoosableColumns } from '../../../components/data/column-choice';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { listRegulations, useRegulations, type RegulationsQuery } from '../api/list-regulations';
import { useUpdateRegulation } from '../api/update-regulation';
import { RegulationFormModal } from './regulation-form-modal';

const FILTERS = ['jurisdiction', 'active'] as const;

/** /settings/regulations: the rules obligations come from. Deactivated ones stay listed, tagged. */
export function RegulationsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const { message } = App.useApp();
  const state = useTableUrlState<RegulationsQuery>({ filters: FILTERS, defaultSort: 'title' });
  const result = useRegulations(state.query);
  const update = useUpdateRegulation();
  const [editing, setEditing] = useState<{ open: boolean; regulation?: Regulation }>({ open: false });
  const canManage = can(me.role, 'settings:manage');

  const setActive = async (regulation: Regulation, active: boolean) => {
    try {
      await update.mutateAsync({ id: regulation._id, body: { active } });
      void message.success(
        active
          ? t('settings.reactivated', { name: regulation.title })
          : t('settings.deactivated', { name: regulation.title }),
      );
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const columns = useMemo<ChoosableColumns<Regulation>>(
    () => [
      {
        title: t('regulations.title'),
        key: 'title',
        sorter: true,
        render: (_, regulation) => (
          <Flex vertical>
            <Typography.Text type={regulation.active ? undefined : 'secondary'}>{regulation.title}</Typography.Text>
            {regulation.description ? (
              <Typography.Text type="secondary" className="cell-note" ellipsis={{ tooltip: regulation.description }}>
                {regulation.description}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
      },
      { title: t('regulations.citation'), key: 'citation', dataIndex: 'citation', sorter: true, optional: true },
      { title: t('regulations.agency'), key: 'agency', dataIndex: 'agency', sorter: true, optional: true },
      {
        title: t('regulations.jurisdiction'),
        key: 'jurisdiction',
        optional: true,
        defaultHidden: true,
        sorter: true,
        render: (_, regulation) => t(`jurisdiction.${regulation.jurisdiction}`),
      },
      {
        title: t('regulations.link'),
        key: 'link',
        optional: true,
        defaultHidden: true,
        render: (_, regulation) =>
          regulation.link ? (
            <Typography.Link href={regulation.link} target="_blank" rel="noopener noreferrer">
              {t('regulations.open')}
            </Typography.Link>
          ) : null,
      },
      {
        title: t('data.status'),
        key: 'active',
        sorter: true,
        render: (_, regulation) => <ActiveTag active={regulation.active} />,
      },
      {
        title: t('data.updatedAt'),
        key: 'updatedAt',
        optional: true,
        defaultHidden: true,
        sorter: true,
        render: (_, regulation) => format.dateTime(regulation.updatedAt),
      },
      ...(canManage
        ? ([
            {
              title: t('data.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, regulation) => (
                <Flex gap={4} wrap>
                  <IconAction
                    label={t('data.edit')}
                    ariaLabel={t('settings.editNamed', { name: regulation.title })}
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ open: true, regulation })}
                  />
                  <ActiveToggle
                    active={regulation.active}
                    onChange={(active) => setActive(regulation, active)}
                    texts={settingsToggleTexts(t, regulation.title, t('regulations.deactivateBody'))}
                  />
                </Flex>
              ),
            },
          ] satisfies ChoosableColumns<Regulation>)
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, canManage],
  );

  const exportColumns = useMemo<ExportColumn<Regulation>[]>(
    () => [
      { header: t('regulations.title'), value: (r) => r.title, width: 40 },
      { header: t('regulations.citation'), value: (r) => r.citation, width: 20 },
      { header: t('regulations.agency'), value: (r) => r.agency, width: 24 },
      { header: t('regulations.jurisdiction'), value: (r) => t(`jurisdiction.${r.jurisdiction}`) },
      { header: t('regulations.link'), value: (r) => r.link, width: 40 },
      { header: t('regulations.description'), value: (r) => r.description, width: 50 },
      { header: t('data.status'), value: (r) => (r.active ? t('data.active') : t('data.inactive')) },
      { header: t('data.updatedAt'), value: (r) => r.updatedAt, width: 22 },
    ],
    [t],
  );

  return (
    <ListScreen<Regulation, (typeof FILTERS)[number], RegulationsQuery>
      title={t('nav.regulations')}
      create={canManage ? { label: t('regulations.new'), onClick: () => setEditing({ open: true }) } : undefined}
      emptyText={t('regulations.empty')}
      state={state}
      columnChoice={{ id: 'regulations', userId: me._id }}
      result={result}
      columns={columns}
      searchLabel={t('regulations.search')}
      filters={
        <>
          <UrlFilterSelect
            state={state}
            name="jurisdiction"
            label={t('regulations.jurisdiction')}
            options={JURISDICTIONS.map((value) => ({ value, label: t(`jurisdiction.${value}`) }))}
          />
          <UrlActiveFilter state={state} name="active" />
        </>
      }
      exportOptions={{
        fileName: 'regulations',
        columns: exportColumns,
        list: listRegulations,
      }}
    >
      <RegulationFormModal
        open={editing.open}
        regulation={editing.regulation}
        onClose={() => setEditing((previous) => ({ ...previous, open: false }))}
      />
    </ListScreen>
  );
}
