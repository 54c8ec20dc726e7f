import type { ExportCell, ExportColumn } from './export-types';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: text that a spreadsheet would take for a formula gets a leading `'`; a field with a
 * comma, quote or line break is quoted with its quotes doubled (RFC 4180). Numbers are written as is.
 */
export function csvField(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: UTF-8 byte-order mark (so that Excel reads accents and CJK correctly), a header
 * row, CRLF line ends (RFC 4180).
 */
export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
