/**
 * The one CSV writer of the product (issue 17): the evidence pack's index on the server and the table
 * exports of the web app write their files with it, so both quote, guard formulas and end lines alike.
 */

/** A cell of a CSV file: text, a number, a yes/no, or empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: text that a spreadsheet would take for a formula gets a leading `'`; a field with a
 * comma, quote or line break is quoted with its quotes doubled (RFC 4180). Numbers and booleans are
 * written as they are (a number that is not finite as nothing); null and undefined as nothing.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document of these records (the first is usually the header row): UTF-8 byte-order mark (so that
 * Excel reads accents and CJK correctly), comma separators, CRLF line ends (RFC 4180).
 */
export function csvDocument(records: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${records.map((record) => record.map(csvField).join(',')).join('\r\n')}\r\n`;
}
