import { csvDocument } from '@rtms/shared/csv';
import type { ExportColumn } from './export-types';

/**
 * A table export as CSV: a header row and a row per record, written by the product's one CSV writer
 * (`@rtms/shared/csv`, the evidence pack's index uses it too), so both quote, guard formulas and end lines alike.
 */
export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  return csvDocument([
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.value(row))),
  ]);
}
