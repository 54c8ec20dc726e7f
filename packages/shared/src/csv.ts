/**
 * The one CSV writer of the product: the evidence pack's index and the import's error
 * report on the server and the table exports of the web app write their files with it, so all quote, guard
 * formulas and end lines alike. scripts/one-csv-writer.test.ts refuses any other CSV-writing library.
 */

/** A field separator: the comma, or the separator of an uploaded file written back (`;`, tab). */
export type CsvDelimiter = ',' | ';' | '\t';

/** A cell of a CSV file: text, a number, a yes/no, or empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: text that a spreadsheet would take for a formula gets a leading `'`; a field with the
 * separator, a quote or a line break is quoted with its quotes doubled (RFC 4180). Numbers and booleans
 * are written as they are (a number that is not finite as nothing); null and undefined as nothing.
 */
export function csvField(value: CsvCell, delimiter: CsvDelimiter = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document of these records (the first is usually the header row): UTF-8 byte-order mark (so that
 * Excel reads accents and CJK correctly), comma separators unless told otherwise, CRLF line ends (RFC 4180).
 */
export function csvDocument(records: readonly (readonly CsvCell[])[], delimiter: CsvDelimiter = ','): string {
  const lines = records.map((record) => record.map((cell) => csvField(cell, delimiter)).join(delimiter));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
