import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { MAX_IMPORT_ROWS, type ImportFormat } from '@rtms/shared/schemas/requirement-import';
import { AppError, invalid } from '../../platform/errors';
import { inspectXlsx } from './xlsx-inspection';

/**
 * Reads an uploaded CSV or XLSX into rows of cells, the way such files arrive: CSV in UTF-8 (with or
 * without BOM) or Windows-1252, separated by comma, semicolon or tab; XLSX with date
 * cells in either date system. Nothing is ever evaluated: a formula cell is read by the value the
 * spreadsheet program saved with it (exceljs's `result`), one saved without a value is reported as such,
 * and text that looks like a formula stays text.
 */

/** One cell as read. Dates are `YYYY-MM-DD`. */
export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; value: string }
  /** A formula saved without its value (a file written by a program that does not calculate). */
  | { kind: 'formula' };

export interface SheetRow {
  /** The row number a spreadsheet program shows (the header is row 1 when it is the first line). */
  row: number;
  cells: SheetCell[];
}

export interface Sheet {
  format: ImportFormat;
  header: string[];
  rows: SheetRow[];
  /** XLSX: the workbook counts dates from 1904 (numbers in date columns are read with it). */
  date1904: boolean;
  /** Delimiter of a CSV. */
  delimiter?: string;
  warnings: string[];
}

const EMPTY: SheetCell = { kind: 'empty' };
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

export function isXlsx(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).equals(ZIP_MAGIC);
}

/** Reads the file; throws 415 for a file that is neither CSV nor XLSX, 400 for one over the row limit. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw unsupported('Old Excel files (.xls) are not read: save the file as .xlsx or .csv');
  }
  const sheet = isXlsx(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.rows.length > MAX_IMPORT_ROWS) {
    const limit = MAX_IMPORT_ROWS.toLocaleString('en-US');
    throw invalid(
      `The file has ${sheet.rows.length.toLocaleString('en-US')} rows; at most ${limit} rows can be imported at once`,
      [{ path: 'file', message: `At most ${limit} rows` }],
    );
  }
  return sheet;
}

/** UTF-8 (BOM or not), else Windows-1252 with a warning. */
export function decodeText(bytes: Buffer): { text: string; warning?: string } {
  try {
    // ignoreBOM false (the default) drops a UTF-8 BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      // Not TextDecoder: Node 20's 'windows-1252' decodes as Latin-1 (0x80–0x9F become control characters).
      text: iconv.decode(bytes, 'win1252'),
      warning: 'The file is not UTF-8; it was read as Windows-1252 (Western European). Check accented letters.',
    };
  }
}

/** The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

function readCsv(bytes: Buffer): Sheet {
  if (bytes.includes(0)) throw unsupported('Send a CSV (text) or an XLSX file');
  const { text, warning } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it could not be read';
    throw invalid('The CSV file could not be read', [{ path: 'file', message: reason }]);
  }
  const [header = [], ...data] = records;
  const rows = data.map((cells, index) => ({
    row: index + 2,
    cells: cells.map((value): SheetCell => (value.trim() === '' ? EMPTY : { kind: 'text', value })),
  }));
  return {
    format: 'csv',
    header: header.map((cell) => cell.trim()),
    rows: withoutEmptyRows(rows),
    date1904: false,
    delimiter,
    warnings: warning ? [warning] : [],
  };
}

function withoutEmptyRows(rows: SheetRow[]): SheetRow[] {
  return rows.filter((row) => row.cells.some((cell) => cell.kind !== 'empty'));
}

/** Days from 1899-12-30 to 1904-01-01: between the two Excel date systems. */
const DAYS_1900_TO_1904 = 1462;

/**
 * `YYYY-MM-DD` of a date exceljs built (at UTC midnight); `shiftDays` corrects a 1904 workbook that
 * exceljs read with the 1900 epoch.
 */
function dateOf(date: Date, shiftDays: number): string {
  return new Date(date.getTime() + shiftDays * 86_400_000).toISOString().slice(0, 10);
}

/** The value a formula cell was saved with, as a plain cell value (undefined when none was saved). */
function cachedResultOf(value: ExcelJS.CellValue): ExcelJS.CellValue | undefined {
  if (value === null || typeof value !== 'object' || !('result' in value)) return undefined;
  const result = (value as { result?: unknown }).result;
  return result === undefined ? undefined : (result as ExcelJS.CellValue);
}

/** A formula cell's saved value in a date-formatted cell: exceljs leaves it a serial number. */
function isDateFormatted(cell: ExcelJS.Cell): boolean {
  const format = cell.numFmt ?? '';
  return /[dmy]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, '')) && !/^@$/.test(format);
}

function cellOf(cell: ExcelJS.Cell, shiftDays: number, date1904: boolean): SheetCell {
  if (cell.type === ExcelJS.ValueType.Formula) {
    const result = cachedResultOf(cell.value);
    if (result === undefined) return { kind: 'formula' };
    if (typeof result === 'number' && isDateFormatted(cell)) {
      return { kind: 'date', value: serialDate(result, date1904) };
    }
    return valueCellOf(result, cell, shiftDays);
  }
  return valueCellOf(cell.value, cell, shiftDays);
}

/** `YYYY-MM-DD` of a whole Excel serial in the workbook's date system (fractions of a day dropped). */
function serialDate(serial: number, date1904: boolean): string {
  const epoch = Date.UTC(date1904 ? 1904 : 1899, date1904 ? 0 : 11, date1904 ? 1 : 30);
  return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

function valueCellOf(value: ExcelJS.CellValue | undefined, cell: ExcelJS.Cell, shiftDays: number): SheetCell {
  if (value === null || value === undefined) return EMPTY;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? EMPTY : { kind: 'date', value: dateOf(value, shiftDays) };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'text', value: value ? 'yes' : 'no' };
  if (typeof value === 'string') return value.trim() === '' ? EMPTY : { kind: 'text', value };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = cachedResultOf(value);
      return result === undefined ? { kind: 'formula' } : valueCellOf(result, cell, shiftDays);
    }
    if ('richText' in value) {
      const text = value.richText.map((part) => part.text).join('');
      return text.trim() === '' ? EMPTY : { kind: 'text', value: text };
    }
    if ('text' in value && typeof value.text === 'string') return { kind: 'text', value: value.text };
    if ('error' in value) return { kind: 'text', value: String(value.error) };
  }
  return { kind: 'text', value: String(cell.text) };
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const { date1904 } = await inspectXlsx(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unsupported('The file is not a readable XLSX workbook; save it again from Excel as .xlsx or as CSV');
  }
  const worksheet = workbook.worksheets.find((sheet) => sheet.state === 'visible') ?? workbook.worksheets[0];
  if (!worksheet) throw invalid('The workbook has no sheet', [{ path: 'file', message: 'No sheet' }]);
  const shiftDays = date1904 && !workbook.properties.date1904 ? DAYS_1900_TO_1904 : 0;
  const lines: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: SheetCell[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) {
      cells.push(cellOf(row.getCell(column), shiftDays, date1904));
    }
    lines.push({ row: rowNumber, cells });
  });
  const rows = withoutEmptyRows(lines);
  const [headerRow, ...data] = rows;
  const header = (headerRow?.cells ?? []).map((cell) =>
    cell.kind === 'text' ? cell.value.trim() : cell.kind === 'number' ? String(cell.value) : '',
  );
  return {
    format: 'xlsx',
    header,
    rows: data,
    date1904,
    warnings: [],
  };
}
