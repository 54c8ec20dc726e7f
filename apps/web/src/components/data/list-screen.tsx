import type { ReactNode } from 'react';
import { Button, Empty, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '../page-header';
import type { ExportButtonProps } from './export-button';
import { ServerTable, type ListResult, type ServerTableProps } from './server-table';
import {
  useTableUrlState,
  type FilterOf,
  type SortOf,
  type TableUrlState,
  type TableUrlStateOptions,
} from './use-table-url-state';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { useT, type Translate } from '../../lib/i18n/use-t';

/** A GET list endpoint as its `api/` file gives it (`listEndpoint`): the fetch of a page and its query hook. */
export interface ListEndpoint<Q, T> {
  list: (query: Q, signal?: AbortSignal) => Promise<NonNullable<ListResult<T>['data']>>;
  useList: (query: Q) => ListResult<T>;
}

/** What a list screen shows: its URL state (typed by the list's query), the current page and the fetch of any page. */
export interface ListScreenData<T, F extends string, Q> {
  state: TableUrlState<F, Q>;
  result: ListResult<T>;
  /** A page of the list with the screen's fixed parameters (the export's fetch). */
  list: ListEndpoint<Q, T>['list'];
}

/**
 * The state of a list screen over `endpoint`: its table's URL state (filters, default sort) and the page it
 * asks for, with `fixed` parameters the screen always sends (e.g. the archive's `archived: 'true'`).
 */
export function useListScreen<Q extends object, T>(
  endpoint: ListEndpoint<Q, T>,
  options: TableUrlStateOptions<FilterOf<NoInfer<Q>>, SortOf<NoInfer<Q>>> & { fixed?: Partial<NoInfer<Q>> },
): ListScreenData<T, FilterOf<Q>, Q> {
  const { fixed, ...tableOptions } = options;
  const state = useTableUrlState<Q>(tableOptions);
  const result = endpoint.useList({ ...state.query, ...fixed });
  return { state, result, list: (query, signal) => endpoint.list({ ...query, ...fixed }, signal) };
}

/** The message namespaces with a `.search` and an `.empty` message (`users` for `users.search`, `users.empty`). */
export type ListMessages = {
  [K in MessageKey]: K extends `${infer N}.search` ? (`${N}.empty` extends MessageKey ? N : never) : never;
}[MessageKey];

/** A list's CSV/Excel export: every row of the current filter, page by page through the list's own fetch. */
interface ListExport<T> extends Pick<ExportButtonProps<T>, 'fileName' | 'sheetName'> {
  /** The export's columns in the interface language (a module-level function: a list's export is static). */
  columns: (t: Translate) => ExportButtonProps<T>['columns'];
}

type ListTableProps<T extends object, F extends string, Q extends object> = Omit<
  ServerTableProps<T, F>,
  'empty' | 'exportOptions' | 'rowKey' | 'state' | 'result' | 'searchLabel'
> & {
  /** The table's list: `useListScreen(endpoint, …)`. */
  list: ListScreenData<T, F, Q>;
  /** The namespace of the search box's label (`<messages>.search`) and of the empty state's text (`<messages>.empty`). */
  messages: ListMessages;
  exportOptions?: ListExport<T>;
  /** The empty list (without search or filter), when not `<messages>.empty`. */
  empty?: ReactNode;
};

/**
 * The server-driven table of a list (`useListScreen`): rows keyed by `_id`, its search box and empty state
 * from the list's message namespace, its export through the list's own fetch.
 */
export function ListTable<T extends object, F extends string, Q extends object>({
  list,
  messages,
  exportOptions,
  empty,
  ...table
}: ListTableProps<T, F, Q>) {
  const t = useT();
  // ListMessages are the namespaces whose `.search` and `.empty` are message keys.
  const message = (name: 'search' | 'empty') => t(`${messages}.${name}` as MessageKey);
  return (
    <ServerTable<T, F>
      rowKey="_id"
      state={list.state}
      result={list.result}
      searchLabel={message('search')}
      exportOptions={
        exportOptions && {
          fileName: exportOptions.fileName,
          sheetName: exportOptions.sheetName,
          columns: exportOptions.columns(t),
          fetchPage: (page, pageSize, signal) => list.list({ ...list.state.query, page, pageSize }, signal),
        }
      }
      empty={empty ?? <Empty description={message('empty')} />}
      {...table}
    />
  );
}

export type ListScreenProps<T extends object, F extends string, Q extends object> = Omit<
  ListTableProps<T, F, Q>,
  'label' | 'empty' | 'exportOptions'
> & {
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
  /** What the empty list (without search or filter) says, when not `<messages>.empty`. */
  emptyText?: string;
  /**
   * CSV/Excel export of every row of the current filter, page by page through the list's own fetch
   * (with the table's query); the sheet is named after the screen.
   */
  exportOptions: Omit<ListExport<T>, 'sheetName'>;
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
  const t = useT();
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
      <ListTable<T, F, Q>
        label={title}
        exportOptions={{ ...exportOptions, sheetName: title }}
        empty={
          <Empty description={emptyText ?? t(`${table.messages}.empty` as MessageKey)}>{createButton(false)}</Empty>
        }
        {...table}
      />
      {children}
    </>
  );
}
