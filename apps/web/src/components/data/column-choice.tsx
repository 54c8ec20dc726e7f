import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import { InsertRowRightOutlined } from '@ant-design/icons';
import { useT } from '../../lib/i18n/use-t';

/**
 * What a list column says about its place: columns a user may hide are `optional`; `defaultHidden`
 * ones start out of the table (in each row's detail) until the user shows them.
 */
export interface ColumnChoiceMeta {
  optional?: boolean;
  defaultHidden?: boolean;
}
export type ChoosableColumns<T> = (ColumnsType<T>[number] & ColumnChoiceMeta)[];

type Column<T> = ColumnsType<T>[number] & ColumnChoiceMeta;

/** The local-storage key of one user's choice for one list: each user of a shared browser keeps theirs. */
export function columnChoiceKey(userId: string, tableId: string): string {
  return `rtms.columns.${userId}.${tableId}`;
}

function keyOf<T>(column: Column<T>): string {
  return String(column.key);
}

export function columnTitle<T>(column: Column<T>): string {
  return typeof column.title === 'string' ? column.title : keyOf(column);
}

/** A column's content for one row, outside the table (a row's detail, a phone card). */
export function columnCell<T>(column: Column<T>, row: T, index: number): ReactNode {
  const dataIndex = (column as ColumnType<T>).dataIndex;
  const value = typeof dataIndex === 'string' ? (row as Record<string, unknown>)[dataIndex] : undefined;
  const render = (column as ColumnType<T>).render;
  return (render ? render(value, row, index) : (value as ReactNode)) as ReactNode;
}

function readChoice(key: string): string[] | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    return Array.isArray(stored) && stored.every((item) => typeof item === 'string') ? stored : null;
  } catch {
    return null;
  }
}

/** Which list (its name, e.g. "tasks") of which signed-in user the choice belongs to. */
export interface ColumnChoiceList {
  id: string;
  userId: string;
}

export interface ColumnChoice<T> {
  /** The table's columns: every column that is not optional, and the optional ones the user shows. */
  shown: ChoosableColumns<T>;
  /** The optional columns left out: each row's detail lists them. */
  hidden: ChoosableColumns<T>;
  /** The "Columns" button, or null for a list without a choice. */
  chooser: ReactNode;
}

/**
 * The columns of a list as its user chose them (remembered per user and list in local storage), so
 * that a list fits a 1,366 px screen with what matters, and the rest is one click away.
 */
export function useColumnChoice<T>(list: ColumnChoiceList | undefined, columns: ChoosableColumns<T>): ColumnChoice<T> {
  const t = useT();
  const storageKey = list ? columnChoiceKey(list.userId, list.id) : null;
  const [stored, setStored] = useState<string[] | null>(() => (storageKey ? readChoice(storageKey) : null));
  const optional = useMemo(() => columns.filter((column) => column.optional), [columns]);
  const shownKeys = useMemo(
    () =>
      new Set(stored ?? optional.filter((column) => !column.defaultHidden).map((column) => keyOf(column))),
    [stored, optional],
  );

  const choose = useCallback(
    (keys: string[]) => {
      setStored(keys);
      if (storageKey) window.localStorage.setItem(storageKey, JSON.stringify(keys));
    },
    [storageKey],
  );

  return useMemo(() => {
    if (!storageKey || optional.length === 0) return { shown: columns, hidden: [], chooser: null };
    const shown = columns.filter((column) => !column.optional || shownKeys.has(keyOf(column)));
    const hidden = optional.filter((column) => !shownKeys.has(keyOf(column)));
    const chooser = (
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t('data.columns')}
        content={
          <Flex vertical gap={8} className="column-chooser">
            <Typography.Text type="secondary" className="column-chooser__help">
              {t('data.columnsHelp')}
            </Typography.Text>
            <Checkbox.Group
              aria-label={t('data.columns')}
              value={[...shownKeys]}
              onChange={(keys) => choose(keys.map(String))}
              options={optional.map((column) => ({ value: keyOf(column), label: columnTitle(column) }))}
            />
          </Flex>
        }
      >
        <Button icon={<InsertRowRightOutlined aria-hidden />}>{t('data.columns')}</Button>
      </Popover>
    );
    return { shown, hidden, chooser };
  }, [storageKey, optional, columns, shownKeys, choose, t]);
}

/** The columns a row's table line leaves out, as label and value (the row's expandable detail). */
export function ColumnDetail<T>({ columns, row, index }: { columns: ChoosableColumns<T>; row: T; index: number }) {
  return (
    <dl className="column-detail">
      {columns.map((column) => (
        <div key={keyOf(column)} className="column-detail__item">
          <dt>{columnTitle(column)}</dt>
          <dd>{columnCell(column, row, index)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One row on a phone: the first column as the card's heading, every other column (chosen or not) as
 * label and value, the row's actions last.
 */
export function ColumnCard<T>({ columns, row, index }: { columns: ChoosableColumns<T>; row: T; index: number }) {
  const [heading, ...rest] = columns;
  const actions = rest.filter((column) => column.key === 'actions');
  const fields = rest.filter((column) => column.key !== 'actions');
  return (
    <Flex vertical gap={6} className="column-card">
      {heading ? <div className="column-card__heading">{columnCell(heading, row, index)}</div> : null}
      <ColumnDetail columns={fields} row={row} index={index} />
      {actions.map((column) => (
        <div key={keyOf(column)} className="column-card__actions">
          {columnCell(column, row, index)}
        </div>
      ))}
    </Flex>
  );
}
