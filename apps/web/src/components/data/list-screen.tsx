import type { ReactNode } from 'react';
import { Button, Empty, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '../page-header';
import type { ExportButtonProps } from './export-button';
import { ServerTable, type ServerTableProps } from './server-table';
import type { TableUrlState } from './use-table-url-state';

type ListScreenProps<T extends object, F extends string, Q extends object> = Omit<
  ServerTableProps<T, F>,
  'label' | 'empty' | 'exportOptions' | 'rowKey' | 'state'
> & {
  /** The table's URL state, typed by the list's query (`z.input` of its shared schema). */
  state: TableUrlState<F, Q>;
  /** The screen's title, also the table's accessible name and the export's sheet name. */
  title: string;
  /** The primary "new …" button, in the header and in the empty state; none when the caller may not create. */
  create?: { label: string; onClick: () => void };
  /** Header buttons before the "new" button. */
  headerActions?: ReactNode;
  /** A paragraph between the title and the table. */
  intro?: ReactNode;
  /** Alerts between the title (and intro) and the table: the outcome of a header action. */
  notices?: ReactNode;
  /** What the empty list (without search or filter) says. */
  emptyText: string;
  /**
   * CSV/Excel export of every row of the current filter, page by page through the list's own fetch
   * (`list`, called with the table's query); the sheet is named after the screen.
   */
  exportOptions: Pick<ExportButtonProps<T>, 'fileName' | 'columns'> & {
    list: (query: Q, signal?: AbortSignal) => ReturnType<ExportButtonProps<T>['fetchPage']>;
  };
  /** Dialogs and drawers the screen opens. */
  children?: ReactNode;
};

/**
 * A directory screen (facilities, users, program areas, documents…): a title with its "new" button,
 * the server-driven table with its filters and export, and an empty state offering the same button.
 */
export function ListScreen<T extends object, F extends string, Q extends object>({
  title,
  create,
  headerActions,
  intro,
  notices,
  emptyText,
  exportOptions,
  children,
  ...table
}: ListScreenProps<T, F, Q>) {
  const createButton = (withIcon: boolean) =>
    create ? (
      <Button type="primary" icon={withIcon ? <PlusOutlined /> : undefined} onClick={create.onClick}>
        {create.label}
      </Button>
    ) : null;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          headerActions || create ? (
            <>
              {headerActions}
              {createButton(true)}
            </>
          ) : null
        }
      />
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      {notices}
      <ServerTable<T, F>
        rowKey="_id"
        label={title}
        exportOptions={{
          fileName: exportOptions.fileName,
          columns: exportOptions.columns,
          sheetName: title,
          fetchPage: (page, pageSize, signal) => exportOptions.list({ ...table.state.query, page, pageSize }, signal),
        }}
        empty={<Empty description={emptyText}>{createButton(false)}</Empty>}
        {...table}
      />
      {children}
    </>
  );
}
