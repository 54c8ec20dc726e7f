import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { csvDocument, type CsvDelimiter } from '@rtms/shared/csv';
import {
  ERRORS_COLUMN_HEADER,
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  type ImportFormat,
  type ImportRow,
} from '@rtms/shared/schemas/requirement-import';
import { decodeText, detectDelimiter, isXlsx } from './import-file-reader';

/** The files the import hands out: the template, and the uploaded file with an `errors` column. */

export interface GeneratedFile {
  fileName: string;
  mediaType: string;
  body: Buffer;
}

const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * CSV in UTF-8 with a BOM (Excel then reads accented letters right), written by the product's one CSV
 * writer: a cell the user uploaded that a spreadsheet would run as a formula comes back neutralised.
 */
function csvFile(records: string[][], delimiter: CsvDelimiter = ','): Buffer {
  return Buffer.from(csvDocument(records, delimiter), 'utf8');
}

export async function templateFile(format: ImportFormat): Promise<GeneratedFile> {
  const header = IMPORT_COLUMNS.map((column) => column.header);
  const example = IMPORT_COLUMNS.map((column) => column.example);
  if (format === 'csv') {
    return {
      fileName: 'requirements-import-template.csv',
      mediaType: 'text/csv; charset=utf-8',
      body: csvFile([header, example]),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Requirements', { views: [{ state: 'frozen', ySplit: 1 }] });
  // The enumerations live on a hidden sheet; list validations point at its ranges.
  const lists = workbook.addWorksheet('Lists', { state: 'hidden' });
  sheet.addRow(header).font = { bold: true };
  IMPORT_COLUMNS.forEach((column, index) => {
    const position = index + 1;
    const headerCell = sheet.getRow(1).getCell(position);
    headerCell.note = column.help;
    sheet.getColumn(position).width = Math.max(14, column.header.length + 4);
    const exampleCell = sheet.getRow(2).getCell(position);
    if (column.kind === 'date') sheet.getColumn(position).numFmt = 'yyyy-mm-dd';
    if (column.kind === 'date' && column.example) {
      exampleCell.value = new Date(`${column.example}T00:00:00Z`);
    } else if (column.kind === 'integer' && column.example) {
      exampleCell.value = Number(column.example);
    } else {
      exampleCell.value = column.example || null;
    }
    if (!('values' in column)) return;
    const letter = lists.getColumn(position).letter;
    column.values.forEach((value, row) => {
      lists.getCell(`${letter}${row + 1}`).value = value;
    });
    const formula = `Lists!$${letter}$1:$${letter}$${column.values.length}`;
    for (let row = 2; row <= MAX_IMPORT_ROWS + 1; row += 1) {
      sheet.getRow(row).getCell(position).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [formula],
        showErrorMessage: true,
        errorTitle: column.header,
        error: column.help,
      };
    }
  });
  return {
    fileName: 'requirements-import-template.xlsx',
    mediaType: XLSX_MEDIA_TYPE,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

function errorsText(row: ImportRow | undefined): string {
  return row ? row.errors.map((error) => `${error.column}: ${error.message}`).join('; ') : '';
}

/**
 * The uploaded file as it came, with an `errors` column (replacing one from an earlier report): the
 * user fixes the cells and uploads it again. CSV keeps its delimiter and is written back in UTF-8.
 */
export async function errorReportFile(
  bytes: Buffer,
  rows: readonly ImportRow[],
  fileName: string,
): Promise<GeneratedFile> {
  const byRow = new Map(rows.map((row) => [row.row, row]));
  const base = fileName.replace(/\.[^.]*$/, '') || 'requirements';
  if (isXlsx(bytes)) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((s) => s.state === 'visible') ?? workbook.worksheets[0]!;
    const header = sheet.getRow(1);
    let column = 0;
    header.eachCell((cell, position) => {
      if (String(cell.text).trim().toLowerCase() === ERRORS_COLUMN_HEADER) column = position;
    });
    if (!column) column = sheet.columnCount + 1;
    header.getCell(column).value = ERRORS_COLUMN_HEADER;
    sheet.eachRow((row, rowNumber) => {
      if (rowNumber > 1) row.getCell(column).value = errorsText(byRow.get(rowNumber)) || null;
    });
    return {
      fileName: `${base}-errors.xlsx`,
      mediaType: XLSX_MEDIA_TYPE,
      body: Buffer.from(await workbook.xlsx.writeBuffer()),
    };
  }
  const { text } = decodeText(bytes);
  // detectDelimiter answers one of the separators the reader knows: comma, semicolon or tab.
  const delimiter = detectDelimiter(text) as CsvDelimiter;
  const records = parseCsv(text, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][];
  const [header = [], ...data] = records;
  let column = header.findIndex((cell) => cell.trim().toLowerCase() === ERRORS_COLUMN_HEADER);
  if (column < 0) column = header.length;
  const out = [[...header.slice(0, column), ERRORS_COLUMN_HEADER, ...header.slice(column + 1)]];
  data.forEach((record, index) => {
    const cells = [...record];
    while (cells.length < column) cells.push('');
    cells[column] = errorsText(byRow.get(index + 2));
    out.push(cells);
  });
  return { fileName: `${base}-errors.csv`, mediaType: 'text/csv; charset=utf-8', body: csvFile(out, delimiter) };
}
