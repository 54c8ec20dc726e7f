import { useMemo, useState } from 'react';
import { Radio, Table, Tag, Typography } from 'antd';
import type { ImportAction, ImportReport, ImportRow } from '@rtms/shared/schemas/requirement-import';
import { IMPORT_ACTIONS } from '@rtms/shared/schemas/requirement-import';
import { useT } from '../../../../lib/i18n/use-t';
import { column } from '../../../../components/data/common-columns';

const ACTION_COLORS: Record<ImportAction, string | undefined> = {
  CREATE: 'green',
  UPDATE: 'blue',
  UNCHANGED: undefined,
  ERROR: 'red',
};

/** The dry run's rows as a table, filtered by action; errors name their column, CREATE/UPDATE show due dates. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const t = useT();
  const [filter, setFilter] = useState<ImportAction | 'ALL'>(report.summary.error ? 'ERROR' : 'ALL');
  const rows = useMemo(
    () => (filter === 'ALL' ? report.rows : report.rows.filter((row) => row.action === filter)),
    [filter, report.rows],
  );
  const countOf = (action: ImportAction) =>
    report.summary[action === 'UNCHANGED' ? 'unchanged' : (action.toLowerCase() as 'create' | 'update' | 'error')];

  return (
    <>
      <Radio.Group
        className="requirement-import__filter"
        optionType="button"
        value={filter}
        onChange={(event) => setFilter(event.target.value as ImportAction | 'ALL')}
        aria-label={t('requirementImport.filterLabel')}
        options={[
          { value: 'ALL', label: t('requirementImport.filterAll', { count: report.rows.length }) },
          ...IMPORT_ACTIONS.map((action) => ({
            value: action,
            label: `${t(`requirementImport.action.${action}`)} (${countOf(action)})`,
          })),
        ]}
      />
      <Table<ImportRow>
        aria-label={t('requirementImport.reportLabel')}
        size="small"
        rowKey="row"
        dataSource={rows}
        // No horizontal scrolling: on a phone the cells wrap (a scroll region without focusable content
        // would be out of reach of the keyboard).
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: t('requirementImport.columnRow'), dataIndex: 'row' },
          {
            title: t('requirementImport.columnAction'),
            dataIndex: 'action',
            render: (action: ImportAction) => (
              <Tag color={ACTION_COLORS[action]}>{t(`requirementImport.action.${action}`)}</Tag>
            ),
          },
          { title: t('requirementImport.columnTitle'), dataIndex: 'title' },
          column(t('requirementImport.columnDetails'), 'details', (row) =>
            row.errors.length ? (
              <ul className="requirement-import__list">
                {row.errors.map((error, index) => (
                  <li key={index}>
                    <Typography.Text strong>{error.column}</Typography.Text>: {error.message}
                  </li>
                ))}
              </ul>
            ) : row.dueDates.length ? (
              <ul className="requirement-import__list">
                {row.dueDates.map((facility) => (
                  <li key={facility.facilityCode}>
                    <Typography.Text strong>{facility.facilityCode}</Typography.Text>:{' '}
                    {facility.dueDates.length ? facility.dueDates.join(', ') : t('requirementImport.noDueDates')}
                  </li>
                ))}
              </ul>
            ) : null,
          ),
        ]}
      />
    </>
  );
}
