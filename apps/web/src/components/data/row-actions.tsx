import type { ReactNode } from 'react';
import { Flex } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { EditOutlined } from '@ant-design/icons';
import { useT } from '../../lib/i18n/use-t';
import { ActiveToggle, type ActiveToggleTexts } from './active-toggle';
import { IconAction } from './icon-action';
import { column } from './common-columns';

/**
 * A list's last column: each row's action buttons, kept in view when the table scrolls sideways. `render`
 * gives the buttons of one row (`RowActions`, or a feature's own set).
 */
export function actionsColumn<T>(t: ReturnType<typeof useT>, render: (row: T) => ReactNode): ColumnType<T> {
  return column(t('data.actions'), 'actions', render, { fixed: 'right' });
}

/** A row's compact action buttons side by side (wrapping on a narrow column unless `nowrap`). */
export function RowActions({ nowrap = false, children }: { nowrap?: boolean; children: ReactNode }) {
  return (
    <Flex gap={4} wrap={!nowrap}>
      {children}
    </Flex>
  );
}

/**
 * The actions of a record that is edited in a dialog and deactivated rather than deleted (facilities,
 * program areas, regulations): the edit button (`edit`, named for the row: "Edit Prairie Wind") and the
 * deactivate/reactivate toggle (`toggle`), each left out when the caller may not do it.
 */
export function EditToggleActions({
  edit,
  toggle,
}: {
  edit?: { ariaLabel: string; onClick: () => void };
  toggle?: { active: boolean; onChange: (active: boolean) => Promise<unknown> | void; texts: ActiveToggleTexts };
}) {
  const t = useT();
  return (
    <RowActions>
      {edit ? <IconAction label={t('data.edit')} icon={<EditOutlined />} {...edit} /> : null}
      {toggle ? <ActiveToggle {...toggle} /> : null}
    </RowActions>
  );
}
