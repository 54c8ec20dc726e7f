import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
// antd renders every column title a second time in a hidden measuring row; see SelectAllTitle.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { Alert, Badge, Button, Drawer, Empty, Flex, Grid, List, Pagination, Table, type TableProps } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useIntl } from 'react-intl';
import type { PageMeta } from '@rtms/shared/schemas/common';
import { useT } from '../../lib/i18n/use-t';
import {
  ColumnCard,
  ColumnDetail,
  useColumnChoice,
  type ChoosableColumns,
  type ColumnChoiceList,
} from './column-choice';
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
  state: TableUrlState<F, object>;
  result: ListResult<T>;
  /**
   * Sortable columns have `sorter: true` and `key` = the API's sort field. With `columnChoice`,
   * `optional` columns may be hidden by the user (`defaultHidden` ones start hidden).
   */
  columns: ChoosableColumns<T>;
  /**
   * A "Columns" chooser for this list, remembered per user: hidden columns move into each row's
   * expandable detail, and on a phone every row is a card of all its columns (unless `renderCard`).
   */
  columnChoice?: ColumnChoiceList;
  rowKey: TableProps<T>['rowKey'];
  /** Accessible name of the table. */
  label: string;
  /** Placeholder and accessible name of the search box; no search box when absent. */
  searchLabel?: string;
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  /** Controls on the right of the toolbar. */
  actions?: ReactNode;
  /**
   * What to do with the selected rows: shown in its own row between the toolbar and the table, so
   * that selecting rows never squeezes the filters.
   */
  selectionBar?: ReactNode;
  /**
   * On a phone (antd `xs`, under 576 px) each row is shown as this card instead of a table row, and
   * the search and filters fold behind one "Filters" button.
   */
  renderCard?: (row: T, index: number) => ReactNode;
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
  columnChoice,
  rowKey,
  label,
  searchLabel,
  filters,
  actions,
  selectionBar,
  renderCard,
  exportOptions,
  empty,
  rowSelection,
  expandable,
  size = 'middle',
}: ServerTableProps<T, F>) {
  const t = useT();
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  // Only a width known to be a phone's: jsdom and the first render report no breakpoint at all.
  const phone = screens.xs === true;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.values(state.filters).filter(Boolean).length + (state.search.trim() ? 1 : 0);
  const meta = result.data?.meta;
  const total = meta?.total ?? 0;

  // A page past the end (rows deleted, or an old link) goes to the last page that exists.
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  const { setPage } = state;
  useEffect(() => {
    if (meta && state.page > lastPage) setPage(lastPage);
  }, [meta, state.page, lastPage, setPage]);

  const choice = useColumnChoice(columnChoice, columns);
  const sortedColumns = useMemo(
    () =>
      choice.shown.map((column) => {
        // On a phone a sticky column would cover most of the row (the titles under the actions): none is.
        const shown = phone && column.fixed ? { ...column, fixed: undefined } : column;
        if (!shown.sorter || shown.key === undefined) return shown;
        const field = String(shown.key);
        const sortOrder = state.sort === field ? 'ascend' : state.sort === `-${field}` ? 'descend' : null;
        return { ...shown, sortOrder, sortDirections: ['ascend', 'descend'] as const } as (typeof columns)[number];
      }),
    [choice.shown, state.sort, phone],
  );
  // The hidden columns of a row, one click away (a list with its own expansion keeps it).
  const rowDetail: TableProps<T>['expandable'] =
    expandable ??
    (choice.hidden.length > 0
      ? { expandedRowRender: (row, index) => <ColumnDetail columns={choice.hidden} row={row} index={index} /> }
      : undefined);
  const cardOf =
    renderCard ??
    (columnChoice ? (row: T, index: number) => <ColumnCard columns={columns} row={row} index={index} /> : undefined);

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

  const filterControls = (
    <>
      {searchLabel ? <SearchBox value={state.search} onSearch={state.setSearch} label={searchLabel} /> : null}
      {filters}
      {state.isFiltered ? (
        <Button type="link" onClick={state.clear}>
          {t('data.clearFilters')}
        </Button>
      ) : null}
    </>
  );
  const pagination = {
    current: Math.min(state.page, lastPage),
    pageSize: state.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: (count: number, [from, to]: [number, number]) =>
      t('data.range', { from: intl.formatNumber(from), to: intl.formatNumber(to), total: intl.formatNumber(count) }),
    hideOnSinglePage: false,
  };

  return (
    <div className="data-table">
      <Flex className="data-toolbar" gap={8} align="flex-start" justify="space-between">
        {phone && (searchLabel || filters) ? (
          <>
            <Badge count={activeFilters} size="small">
              <Button icon={<FilterOutlined aria-hidden />} onClick={() => setFiltersOpen(true)}>
                {t('data.filters')}
              </Button>
            </Badge>
            <Drawer
              open={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              title={t('data.filters')}
              placement="bottom"
              size="large"
              className="data-filters-drawer"
            >
              <Flex vertical gap={12} className="data-filters-drawer__body">
                {filterControls}
              </Flex>
            </Drawer>
          </>
        ) : (
          <Flex gap={8} wrap align="center" className="data-toolbar__filters">
            {filterControls}
          </Flex>
        )}
        <Flex gap={8} wrap align="center" className="data-toolbar__actions">
          {actions}
          {phone ? null : choice.chooser}
          {exportOptions ? <ExportButton {...exportOptions} /> : null}
        </Flex>
      </Flex>
      {selectionBar && !phone ? <div className="data-table__selection">{selectionBar}</div> : null}
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
      {phone && cardOf ? (
        <section aria-label={label} aria-busy={result.isFetching} className="data-cards">
          {(result.data?.data.length ?? 0) === 0 ? (
            result.isPending ? (
              <div className="data-table__loading" />
            ) : (
              emptyContent
            )
          ) : (
            <List
              dataSource={result.data?.data ?? []}
              rowKey={rowKey as never}
              renderItem={(row, index) => <List.Item className="data-cards__item">{cardOf(row, index)}</List.Item>}
            />
          )}
          <Pagination
            {...pagination}
            simple
            align="center"
            onChange={(page, pageSize) => state.setPage(page, pageSize)}
          />
        </section>
      ) : (
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
          expandable={rowDetail}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: result.isPending ? <div className="data-table__loading" /> : emptyContent }}
          pagination={pagination}
        />
      )}
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

