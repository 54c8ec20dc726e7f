import { useMemo, type ReactNode } from 'react';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { useCurrentUser } from '../../lib/auth/auth-context';
import { useT, type Translate } from '../../lib/i18n/use-t';
import type { ChoosableColumns } from './column-choice';
import { activeExportColumn, updatedAtExportColumn } from './common-columns';
import { ListScreen, useListScreen, type ListEndpoint, type ListMessages, type ListScreenProps } from './list-screen';
import { useSettingsList } from './settings-row-actions';
import type { EditDialog } from './use-edit-dialog';
import { useFormatters, type Formatters } from './use-formatters';
import type { FilterOf, SortOf, TableUrlState, TableUrlStateOptions } from './use-table-url-state';

/** The list namespaces with the settings' texts: `nav.<ns>` (the title), `<ns>.new` and `<ns>.deactivateBody`. */
type SettingsMessages = {
  [N in ListMessages]: `nav.${N}` | `${N}.new` | `${N}.deactivateBody` extends MessageKey ? N : never;
}[ListMessages];

type SettingsListScreenProps<Q extends object, T extends { _id: string; active: boolean; updatedAt: string }> = Pick<Parameters<typeof useSettingsList<T>>[0], 'update' | 'nameOf'> & {
    /** The namespace of the list's texts: its title `nav.<ns>`, `<ns>.new`, `<ns>.deactivateBody`, `<ns>.search`… */
    messages: SettingsMessages;
    /** The list's GET endpoint and its table's URL state (filters, default sort), as `useListScreen` takes them. */
    list: { endpoint: ListEndpoint<Q, T> } & TableUrlStateOptions<FilterOf<NoInfer<Q>>, SortOf<NoInfer<Q>>>;
    /** The id of the list's remembered "Columns" choice, when its columns may be chosen. */
    columnChoiceId?: string;
    /** The export's own columns (a module-level function): the record's status and last update follow them. */
    exportOptions: ListScreenProps<T, FilterOf<Q>, Q>['exportOptions'];
    /** The record's columns (a module-level function); the settings' row actions follow them. */
    columns: (t: Translate, format: Formatters) => ChoosableColumns<T>;
    /** The table's filters, over the list's URL state. */
    filters: (state: TableUrlState<FilterOf<Q>, Q>) => ReactNode;
    /** The create-or-edit dialog of a record. */
    form: (dialog: EditDialog<T>) => ReactNode;
  };

/**
 * A settings list screen (program areas, regulations): the list screen over `endpoint` with the record's
 * `columns` followed by the settings' row actions (`useSettingsList`), and its "new" button opening the
 * `form` dialog.
 */
export function SettingsListScreen<Q extends object, T extends { _id: string; active: boolean; updatedAt: string }>({
  messages,
  list: { endpoint, ...listOptions },
  update,
  nameOf,
  columnChoiceId,
  columns,
  filters,
  form,
  exportOptions,
}: SettingsListScreenProps<Q, T>) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(endpoint, listOptions);
  const settings = useSettingsList<T>({
    update,
    nameOf,
    deactivateBody: t(`${messages}.deactivateBody` as MessageKey),
    newLabel: t(`${messages}.new` as MessageKey),
  });
  const allColumns = useMemo(
    () => [...columns(t, format), ...settings.actionsColumns],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, settings.canManage],
  );
  return (
    <ListScreen
      list={list}
      title={t(`nav.${messages}` as MessageKey)}
      messages={messages}
      create={settings.create}
      columnChoice={columnChoiceId ? { id: columnChoiceId, userId: me._id } : undefined}
      columns={allColumns}
      filters={filters(list.state)}
      exportOptions={{
        ...exportOptions,
        columns: (tr) => [...exportOptions.columns(tr), activeExportColumn<T>(tr, (row) => row.active), updatedAtExportColumn<T>(tr)],
      }}
    >
      {form(settings.editing)}
    </ListScreen>
  );
}
