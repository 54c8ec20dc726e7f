import type { ColumnType } from 'antd/es/table';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/use-t';
import { settingsToggleTexts } from './active-toggle';
import { actionsColumn, EditToggleActions } from './row-actions';
import { useEditDialog } from './use-edit-dialog';
import { useRowAction } from './use-row-action';

/**
 * The actions column of a settings list (program areas, regulations): edit in the list's dialog, and
 * deactivate or reactivate through the record's update (`{active}`), with the settings' confirmation and
 * toast texts. `nameOf` is how a row is named in them; `deactivateBody` says what deactivating does.
 */
function useSettingsActionsColumn<T extends { _id: string; active: boolean }>({
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

type SettingsRecord = { _id: string; active: boolean };

/**
 * What a settings list (program areas, regulations) has besides its own columns: its create-or-edit dialog,
 * and for the roles that manage settings the "new" button (labelled `newLabel`) and the row actions (edit,
 * deactivate, reactivate) of `useSettingsActionsColumn`.
 */
export function useSettingsList<T extends SettingsRecord>({
  newLabel,
  ...actions
}: Omit<Parameters<typeof useSettingsActionsColumn<T>>[0], 'onEdit'> & { newLabel: string }) {
  const me = useCurrentUser();
  const editing = useEditDialog<T>();
  const canManage = can(me.role, 'settings:manage');
  const actionsColumn = useSettingsActionsColumn<T>({ ...actions, onEdit: editing.show });
  return {
    editing,
    canManage,
    create: canManage ? { label: newLabel, onClick: () => editing.show() } : undefined,
    /** The row actions column, for those who may manage settings (none for the others). */
    actionsColumns: canManage ? [actionsColumn] : [],
  };
}
