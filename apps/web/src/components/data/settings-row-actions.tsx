import type { ColumnType } from 'antd/es/table';
import { useT } from '../../lib/i18n/use-t';
import { settingsToggleTexts } from './active-toggle';
import { actionsColumn, EditToggleActions } from './row-actions';
import { useRowAction } from './use-row-action';

/**
 * The actions column of a settings list (program areas, regulations): edit in the list's dialog, and
 * deactivate or reactivate through the record's update (`{active}`), with the settings' confirmation and
 * toast texts. `nameOf` is how a row is named in them; `deactivateBody` says what deactivating does.
 */
export function useSettingsActionsColumn<T extends { _id: string; active: boolean }>({
  update,
  nameOf,
  deactivateBody,
  onEdit,
}: {
  update: { mutateAsync: (variables: { id: string; body: { active: boolean } }) => Promise<unknown> };
  nameOf: (row: T) => string;
  deactivateBody: string;
  onEdit: (row: T) => void;
}): ColumnType<T> {
  const t = useT();
  const run = useRowAction();
  return actionsColumn<T>(t, (row) => {
    const name = nameOf(row);
    const setActive = (active: boolean) =>
      run(
        () => update.mutateAsync({ id: row._id, body: { active } }),
        () => t(active ? 'settings.reactivated' : 'settings.deactivated', { name }),
      );
    return (
      <EditToggleActions
        edit={{ ariaLabel: t('settings.editNamed', { name }), onClick: () => onEdit(row) }}
        toggle={{ active: row.active, onChange: setActive, texts: settingsToggleTexts(t, name, deactivateBody) }}
      />
    );
  });
}
