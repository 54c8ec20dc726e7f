import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import type { ColumnChoiceMeta } from './column-choice';
import type { useT } from '../../lib/i18n/use-t';
import type { ExportColumn } from './export/export-types';
import type { Formatters } from './use-formatters';

type T = ReturnType<typeof useT>;

/** A table column with what the column chooser knows of it (`optional`, `defaultHidden`). */
type Column<Row> = ColumnType<Row> & ColumnChoiceMeta;

/** What a column has besides its title, key and cell: alignment, width, whether the user may hide it… */
type ColumnMore<Row> = Omit<Column<Row>, 'title' | 'key' | 'render'>;

/** A column titled `title`, keyed `key`, whose cell is `render` of the row. */
export function column<Row>(
  title: ReactNode,
  key: string,
  render: (row: Row) => ReactNode,
  more: ColumnMore<Row> = {},
): Column<Row> {
  return { title, key, render: (_, row) => render(row), ...more };
}

/** A `column` sorted on the server: its `key` is the API's sort field. */
export function sortedColumn<Row>(...[title, key, render, more]: Parameters<typeof column<Row>>): Column<Row> {
  return column(title, key, render, { sorter: true, ...more });
}

/** The last change of a record, sorted on the server, in the interface language's date and time. */
export function updatedAtColumn<Row extends { updatedAt: string }>(t: T, format: Formatters): Column<Row> {
  return sortedColumn(t('data.updatedAt'), 'updatedAt', (row) => format.dateTime(row.updatedAt));
}

/** The export's "Active" / "Inactive" of a record that can be deactivated (its header: Status unless told). */
export function activeExportColumn<Row>(
  t: T,
  isActive: (row: Row) => boolean,
  header = t('data.status'),
): ExportColumn<Row> {
  return { header, value: (row) => (isActive(row) ? t('data.active') : t('data.inactive')) };
}

/** The export's time of the last change, as the server sends it (ISO 8601). */
export function updatedAtExportColumn<Row extends { updatedAt: string }>(t: T): ExportColumn<Row> {
  return { header: t('data.updatedAt'), value: (row) => row.updatedAt, width: 22 };
}
