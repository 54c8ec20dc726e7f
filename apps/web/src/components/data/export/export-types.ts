/** A cell of an exported sheet: text, a number, or empty. */
export type ExportCell = string | number | null | undefined;

/** One column of an export: its header and how to read its value from a row. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => ExportCell;
  /** Column width in characters for Excel (estimated from the header when absent). */
  width?: number;
}
