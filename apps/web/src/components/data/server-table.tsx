import { useContext, useEffect, useMemo, type Key, type ReactNode } from 'react';
// antd renders every column title a second time in a hidden measuring row; see SelectAllTitle.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { Alert, Button, Empty, Flex, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useIntl } from 'react-intl';
import type { PageMeta } from '@rtms/shared/schemas/common';
import { useT } from '../../lib/i18n/use-t';
import { ExportButton, type ExportButtonProps } from './export-button';
import './data.css';
import { SearchBox } from './search-box';
import type { TableUrlState } from './use-table-url-state';

/** What a list query gives the table (a TanStack Query result fits). */
export interface ListResult<T> {
  data?: { data: T[]; meta: PageMeta };
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ServerTableProps<T extends object, F extends string> {
  state: TableUrlState<F>;
  result: ListResult<T>;
  /** Sortable columns have `sorter: true` and `key` = the API's sort field. */
  columns: ColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  /** Accessible name of the table. */
  label: string;
  /** Placeholder and accessible name of the search box; no search box when absent. */
  searchLabel?: string;
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  /** Controls on the right of the toolbar (bulk actions). */
  actions?: ReactNode;
  /** CSV/Excel export of every row of the current filter. */
  exportOptions?: Omit<ExportButtonProps<T>, 'cap'> & { cap?: number };
  /** Shown when the list is empty without any search or filter (e.g. "No facilities yet" and a create button). */
  empty: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  expandable?: TableProps<T>['expandable'];
  size?: TableProps<T>['size'];
}

/**
 * An antd Table driven by the server: pagination, sorting, search and filters live in the URL
 * (`useTableUrlState`) and are sent to the API; loading, error and both empty states are handled here.
 */
export function ServerTable<T extends object, F extends string>({
  state,
  result,
  columns,
  rowKey,
  label,
  searchLabel,
  filters,
  actions,
  exportOptions,
  empty,
  rowSelection,
  expandable,
  size = 'middle',
}: ServerTableProps<T, F>) {
  const t = useT();
  const intl = useIntl();
  const meta = result.data?.meta;
  const total = meta?.total ?? 0;

  // A page past the end (rows deleted, or an old link) goes to the last page that exists.
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  const { setPage } = state;
  useEffect(() => {
    if (meta && state.page > lastPage) setPage(lastPage);
  }, [meta, state.page, lastPage, setPage]);

  const sortedColumns = useMemo(
    () =>
      columns.map((column) => {
        if (!column.sorter || column.key === undefined) return column;
        const field = String(column.key);
        const sortOrder = state.sort === field ? 'ascend' : state.sort === `-${field}` ? 'descend' : null;
        return { ...column, sortOrder, sortDirections: ['ascend', 'descend'] as const } as (typeof columns)[number];
      }),
    [columns, state.sort],
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      state.setPage(pagination.current ?? 1, pagination.pageSize);
    } else if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const field = single?.columnKey === undefined ? undefined : String(single.columnKey);
      state.setSort(field && single?.order ? `${single.order === 'descend' ? '-' : ''}${field}` : undefined);
    }
  };

  const emptyContent = state.isFiltered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.noResults')}>
      <Button onClick={state.clear}>{t('data.clearFilters')}</Button>
    </Empty>
  ) : (
    empty
  );

  return (
    <div className="data-table">
      <Flex className="data-toolbar" gap={8} align="flex-start" justify="space-between">
        <Flex gap={8} wrap align="center" className="data-toolbar__filters">
          {searchLabel ? <SearchBox value={state.search} onSearch={state.setSearch} label={searchLabel} /> : null}
          {filters}
          {state.isFiltered ? (
            <Button type="link" onClick={state.clear}>
              {t('data.clearFilters')}
            </Button>
          ) : null}
        </Flex>
        <Flex gap={8} wrap align="center" className="data-toolbar__actions">
          {actions}
          {exportOptions ? <ExportButton {...exportOptions} /> : null}
        </Flex>
      </Flex>
      {result.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="data-table__error"
          title={t('data.loadFailed')}
          description={result.error.message}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('data.retry')}
            </Button>
          }
        />
      ) : null}
      <Table<T>
        aria-label={label}
        size={size}
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={result.data?.data ?? []}
        loading={result.isFetching}
        onChange={onChange}
        rowSelection={
          rowSelection
            ? { columnTitle: (checkbox: ReactNode) => <SelectAllTitle>{checkbox}</SelectAllTitle>, ...rowSelection }
            : undefined
        }
        expandable={expandable}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: result.isPending ? <div className="data-table__loading" /> : emptyContent }}
        pagination={{
          current: Math.min(state.page, lastPage),
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: (count, [from, to]) =>
            t('data.range', { from: intl.formatNumber(from), to: intl.formatNumber(to), total: intl.formatNumber(count) }),
          hideOnSinglePage: false,
        }}
      />
    </div>
  );
}

/**
 * The "select all" checkbox of a selectable table. antd copies column titles into an aria-hidden row
 * that measures column widths; a checkbox there is a focusable element hidden from assistive
 * technology (axe: aria-hidden-focus). In that row an empty placeholder stands in for it.
 */
function SelectAllTitle({ children }: { children: ReactNode }) {
  const inMeasureRow = useContext(TableMeasureRowContext);
  return inMeasureRow ? <span className="data-table__select-all-placeholder" /> : children;
}

/** Keys of the selected rows, typed for antd's rowSelection. */
export type SelectedKeys = Key[];
