import { addDays, isCalendarDate } from '@rtms/shared/calendar-date';
import { ERRORS_COLUMN_HEADER, IMPORT_COLUMNS, type ImportColumnKey } from '@rtms/shared/schemas/requirement-import';
import { invalid } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-text';
import type { SheetCell } from './import-file-reader';

/** Turns the header row into column positions, and single cells into typed values or a message. */

export interface ColumnMap {
  /** Column key → its position in the row. */
  index: Map<ImportColumnKey, number>;
  warnings: string[];
}

const headerKey = (text: string) => foldForSearch(text).replace(/[^\p{L}\p{N}]/gu, '');

/** Matches headers to columns by their English header or key (case, accents, spaces and punctuation ignored). */
export function mapHeader(header: readonly string[]): ColumnMap {
  const known = new Map<string, (typeof IMPORT_COLUMNS)[number]>();
  for (const column of IMPORT_COLUMNS) {
    known.set(headerKey(column.header), column);
    known.set(headerKey(column.key), column);
  }
  const index = new Map<ImportColumnKey, number>();
  const ignored: string[] = [];
  header.forEach((text, position) => {
    if (!text || headerKey(text) === headerKey(ERRORS_COLUMN_HEADER)) return;
    const column = known.get(headerKey(text));
    if (!column) ignored.push(text);
    else if (!index.has(column.key)) index.set(column.key, position);
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !index.has(column.key));
  if (missing.length) {
    const names = missing.map((column) => column.header).join(', ');
    throw invalid(`The first row must be the header of the template; missing: ${names}`, [
      { path: 'file', message: `Missing columns: ${names}` },
    ]);
  }
  const warnings = ignored.length ? [`Columns not read (not in the template): ${ignored.join(', ')}`] : [];
  return { index, warnings };
}

export type CellResult<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

const FORMULA_MESSAGE =
  'This formula was saved without its value: open and save the file in Excel, or type the value itself';

/** A cell that holds a value: neither empty nor a formula. */
type ValueCell = Exclude<SheetCell, { kind: 'empty' | 'formula' }>;

/** An empty cell reads as undefined and a formula as its error, whatever the column; a value as `read` says. */
function valueOf<T>(cell: SheetCell, read: (cell: ValueCell) => CellResult<T>): CellResult<T> {
  if (cell.kind === 'empty') return { ok: true, value: undefined };
  if (cell.kind === 'formula') return { ok: false, message: FORMULA_MESSAGE };
  return read(cell);
}

/** A text cell (numbers and dates as written); undefined when empty. */
export function textOf(cell: SheetCell): CellResult<string> {
  return valueOf(cell, (value) =>
    value.kind === 'number' ? { ok: true, value: String(value.value) } : { ok: true, value: value.value.trim() },
  );
}

/** Day 0 of each Excel date system, for a number typed in a date column without date formatting. */
const EXCEL_EPOCH = { date1900: '1899-12-30', date1904: '1904-01-01' } as const;

/**
 * Text dates that are unambiguous: the year first, then month and day with one or two digits, separated by
 * `-`, `/` or `.` (`2027-1-5`, `2027/01/05`); a time after it (`2027-01-05T00:00:00`, as some exports
 * write) is ignored. Day-first and month-first orders are never guessed between.
 */
const YEAR_FIRST_DATE =
  /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date cell, a number in the workbook's date system, or year-first text (`YYYY-MM-DD`, `2027-1-5`). */
export function dateOf(cell: SheetCell, date1904: boolean): CellResult<string> {
  return valueOf(cell, (value): CellResult<string> => {
    switch (value.kind) {
      case 'date':
        return { ok: true, value: value.value };
      case 'number': {
        if (!Number.isInteger(value.value) || value.value < 1 || value.value > 2_958_465) {
          return { ok: false, message: 'Use a date cell or a date in the form YYYY-MM-DD' };
        }
        return { ok: true, value: addDays(date1904 ? EXCEL_EPOCH.date1904 : EXCEL_EPOCH.date1900, value.value) };
      }
      case 'text': {
        const text = value.value.trim();
        const parts = YEAR_FIRST_DATE.exec(text);
        if (!parts) return { ok: false, message: 'Use a date in the form YYYY-MM-DD' };
        const date = `${parts[1]}-${parts[3]!.padStart(2, '0')}-${parts[4]!.padStart(2, '0')}`;
        if (!isCalendarDate(date)) return { ok: false, message: `${text} is not a real date` };
        return { ok: true, value: date };
      }
    }
  });
}

/** A whole number (a number cell or digits). */
export function integerOf(cell: SheetCell): CellResult<number> {
  if (cell.kind === 'number') {
    return Number.isInteger(cell.value)
      ? { ok: true, value: cell.value }
      : { ok: false, message: 'Use a whole number' };
  }
  const text = textOf(cell);
  if (!text.ok || text.value === undefined) return text as CellResult<number>;
  if (!/^[-+]?\d{1,9}$/.test(text.value)) return { ok: false, message: `"${text.value}" is not a whole number` };
  return { ok: true, value: Number(text.value) };
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0']);

export function booleanOf(cell: SheetCell): CellResult<boolean> {
  const text = textOf(cell);
  if (!text.ok || text.value === undefined) return text as CellResult<boolean>;
  const word = text.value.toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: true };
  if (FALSE_WORDS.has(word)) return { ok: true, value: false };
  return { ok: false, message: `"${text.value}" is not yes or no` };
}

const enumKey = (text: string) => text.toUpperCase().replace(/[\s_-]+/g, '');

/**
 * An enumeration value, forgiving of case, spaces, hyphens and underscores ("semi annual" →
 * SEMI-ANNUAL). A value that matches none is passed on as typed, for the shared schema to refuse.
 */
export function enumOf(cell: SheetCell, values: readonly string[]): CellResult<string> {
  const text = textOf(cell);
  if (!text.ok || text.value === undefined) return text;
  const match = values.find((value) => enumKey(value) === enumKey(text.value!));
  return { ok: true, value: match ?? text.value };
}

/** Items of a list cell, separated by semicolons or new lines (commas too when `commas`). */
export function listOf(cell: SheetCell, commas: boolean): CellResult<string[]> {
  const text = textOf(cell);
  if (!text.ok || text.value === undefined) return text as CellResult<string[]>;
  const items = text.value
    .split(commas ? /[;,\r\n]+/ : /[;\r\n]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  return { ok: true, value: items };
}
