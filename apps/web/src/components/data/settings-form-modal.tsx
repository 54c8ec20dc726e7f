import type { ComponentProps, ReactNode } from 'react';
import { Input } from 'antd';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { useT } from '../../lib/i18n/use-t';
import { FormModal } from './form-modal';
import { SchemaFields, SchemaItem } from './schema-field';
import type { FormState } from './form-state';
import type { EditDialog } from './use-edit-dialog';

/** The namespaces whose `.editTitle`, `.createTitle` and `.create` are message keys. */
type SettingsMessages = {
  [K in MessageKey]: K extends `${infer N}.editTitle`
    ? `${N}.createTitle` | `${N}.create` extends MessageKey
      ? N
      : never
    : never;
}[MessageKey];

/**
 * The create-or-edit dialog of a settings record (a program area, a regulation) opened by `useSettingsList`:
 * a FormModal titled `<messages>.editTitle` when it edits a record, `<messages>.createTitle` when it creates
 * one, its OK button "Save" or `<messages>.create`. `children` are the record's own fields, declared by name
 * against `state.rules` and `labels`; the description every settings record has follows them.
 */
export function SettingsFormModal<Values extends object>({
  dialog,
  messages,
  state,
  labels,
  onFinish,
  width,
  children,
}: {
  dialog: EditDialog<unknown>;
  messages: SettingsMessages;
  state: FormState<Values> & { rules: ComponentProps<typeof SchemaFields>['rules'] };
  /** Each field's label, `description` among them. */
  labels: Readonly<Record<string, string>>;
  onFinish: (values: Values) => void;
  width?: number;
  children: ReactNode;
}) {
  const t = useT();
  const editing = Boolean(dialog.item);
  return (
    <FormModal<Values>
      open={dialog.open}
      state={state}
      title={t(`${messages}.${editing ? 'editTitle' : 'createTitle'}` as MessageKey)}
      okText={editing ? t('data.save') : t(`${messages}.create` as MessageKey)}
      onClose={dialog.close}
      onFinish={onFinish}
      width={width}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        {children}
        <SchemaItem name="description">
          <Input.TextArea rows={4} />
        </SchemaItem>
      </SchemaFields>
    </FormModal>
  );
}
