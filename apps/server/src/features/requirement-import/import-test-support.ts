import { beforeAll } from 'vitest';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { toDayNumber } from '@rtms/shared/calendar-date';
import { IMPORT_COLUMNS, type ImportReport } from '@rtms/shared/schemas/requirement-import';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import { ok } from '../../test/api-calls';
import { multipartBody } from '../../test/multipart';
import { signedInSuite, type SignedInSuite } from '../../test/signed-in-suite';
import { bearer, type TestApp } from '../../test/test-app';
import { testClock } from '../../test/test-clock';

/**
 * Test files written by an independent writer: SheetJS (not exceljs or csv-parse, which the server
 * reads with) builds the workbooks and the CSV text, iconv-lite encodes Windows-1252.
 */

export const HEADERS = IMPORT_COLUMNS.map((column) => column.header);

/** A sheet row by column header; missing headers are empty cells. */
export type RowValues = Partial<Record<(typeof HEADERS)[number], string | number | XlsxCell>>;

/** A raw SheetJS cell (a date serial with a date format, a formula). */
export interface XlsxCell {
  cell: XLSX.CellObject;
}

function matrix(rows: RowValues[], headers: readonly string[] = HEADERS): unknown[][] {
  return [[...headers], ...rows.map((row) => headers.map((header) => row[header as keyof RowValues] ?? ''))];
}

/** CSV text by SheetJS with the given separator, encoded as asked. */
export function csvFile(
  rows: RowValues[],
  options: { delimiter?: ',' | ';' | '\t'; encoding?: 'utf8' | 'utf8-bom' | 'windows-1252' } = {},
): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(matrix(rows));
  const text = XLSX.utils.sheet_to_csv(sheet, { FS: options.delimiter ?? ',', RS: '\r\n' });
  switch (options.encoding ?? 'utf8') {
    case 'utf8-bom':
      return Buffer.from(`\uFEFF${text}`, 'utf8');
    case 'windows-1252':
      return iconv.encode(text, 'win1252');
    default:
      return Buffer.from(text, 'utf8');
  }
}

/** The Excel serial of a date in the 1900 or the 1904 date system. */
function excelSerial(date: string, date1904: boolean): number {
  return toDayNumber(date) - toDayNumber(date1904 ? '1904-01-01' : '1899-12-30');
}

/** A real date cell (a serial number with a date format), in the workbook's date system. */
export function dateCell(date: string, date1904 = false): XlsxCell {
  return { cell: { t: 'n', v: excelSerial(date, date1904), z: 'yyyy-mm-dd' } };
}

/**
 * A formula cell with the value a spreadsheet program saved with it (`cached`; a date is saved as its serial
 * in a date-formatted cell), or without one (as files from programs that never calculate arrive).
 */
export function formulaCell(formula: string, cached?: string | number | { date: string }): XlsxCell {
  if (cached === undefined) return { cell: { t: 'n', f: formula } as XLSX.CellObject };
  if (typeof cached === 'object') return { cell: { ...dateCell(cached.date).cell, f: formula } };
  return { cell: typeof cached === 'number' ? { t: 'n', v: cached, f: formula } : { t: 's', v: cached, f: formula } };
}

/** An XLSX workbook by SheetJS; `trailingEmptyRows` adds formatted but empty rows at the end. */
export function xlsxFile(rows: RowValues[], options: { date1904?: boolean; trailingEmptyRows?: number } = {}): Buffer {
  const sheet: XLSX.WorkSheet = {};
  const data = matrix(rows);
  data.forEach((cells, r) => {
    cells.forEach((value, c) => {
      if (value === '' || value === undefined) return;
      const address = XLSX.utils.encode_cell({ r, c });
      if (typeof value === 'object' && value && 'cell' in value) sheet[address] = (value as XlsxCell).cell;
      else if (typeof value === 'number') sheet[address] = { t: 'n', v: value };
      else sheet[address] = { t: 's', v: String(value) };
    });
  });
  const lastRow = data.length - 1 + (options.trailingEmptyRows ?? 0);
  for (let r = data.length; r <= lastRow; r += 1) {
    // Blank cells carrying only a style, as Excel leaves after rows were cleared.
    sheet[XLSX.utils.encode_cell({ r, c: 0 })] = { t: 'z', z: 'yyyy-mm-dd' } as XLSX.CellObject;
  }
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: HEADERS.length - 1 } });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Requirements');
  if (options.date1904) workbook.Workbook = { ...(workbook.Workbook ?? {}), WBProps: { date1904: true } };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', sheetStubs: true }) as Buffer;
}

/** Reads a workbook the server wrote, with SheetJS: rows of cell text. */
export function readXlsxRows(bytes: Buffer): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

export interface ImportAnswer {
  status: number;
  report: ImportReport;
  body: { message?: string; code?: string; details?: unknown; data?: ImportReport };
}

/** POST /api/requirements/import with the file; the report from `data` (200) or `details` (409). */
export async function importFile(
  t: TestApp,
  token: string | undefined,
  file: Buffer,
  fileName: string,
  dryRun: boolean | string = true,
  options: { skipInvalidRows?: boolean | string } = {},
): Promise<ImportAnswer> {
  const fields: Record<string, string> = { dryRun: String(dryRun) };
  if (options.skipInvalidRows !== undefined) fields.skipInvalidRows = String(options.skipInvalidRows);
  const { payload, headers } = multipartBody(fields, { fileName, content: file });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/requirements/import',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
  const body = response.json() as ImportAnswer['body'];
  return { status: response.statusCode, report: (body.data ?? body.details) as ImportReport, body };
}

/** A valid import row (a quarterly requirement at PLANT-A and PLANT-B); `overrides` change or add cells. */
export function sampleRow(overrides: RowValues = {}): RowValues {
  return {
    Title: 'Quarterly stack test',
    Regulation: '40 CFR 70',
    Citation: '70.6(a)(3)',
    'Program area': 'Air quality',
    Category: 'AIR',
    Frequency: 'QUARTERLY',
    'First due date': '2026-03-31',
    'Facility codes': 'PLANT-A; PLANT-B',
    ...overrides,
  };
}

export interface ImportDirectory {
  /** PLANT-A (UTC), PLANT-B (America/Chicago), OTHER-C (UTC), and the FACILITY_USER assigned to PLANT-A. */
  ids: { plantA: string; plantB: string; other: string; assignee: string };
  /** Tokens of a FACILITY_ADMIN and of a FACILITY_USER (jane.doe@example.com), both of PLANT-A. */
  facilityAdmin: string;
  facilityUser: string;
}

/** The facilities, regulation, program area and users the import files name. */
export async function setUpImportDirectory(t: TestApp, admin: string): Promise<ImportDirectory> {
  const ids = { plantA: '', plantB: '', other: '', assignee: '' };
  const facility = (code: string, timeZone: string) =>
    ok<{ _id: string }>(t, admin, 'POST', '/api/facilities', { name: `Site ${code}`, code, type: 'WIND', timeZone });
  ids.plantA = (await facility('PLANT-A', 'UTC'))._id;
  ids.plantB = (await facility('PLANT-B', 'America/Chicago'))._id;
  ids.other = (await facility('OTHER-C', 'UTC'))._id;
  await ok(t, admin, 'POST', '/api/regulations', {
    title: 'Clean Air Act Title V',
    citation: '40 CFR 70',
    jurisdiction: 'FEDERAL',
  });
  await ok(t, admin, 'POST', '/api/program-areas', { name: 'Air quality' });
  const assignee = await t.createUser('FACILITY_USER', 'jane.doe@example.com');
  ids.assignee = assignee.id;
  await ok(t, admin, 'POST', '/api/user-facilities', { userId: assignee.id, facilityId: ids.plantA });
  const localAdmin = await t.createUser('FACILITY_ADMIN', 'site.admin@example.com');
  await ok(t, admin, 'POST', '/api/user-facilities', { userId: localAdmin.id, facilityId: ids.plantA });
  return { ids, facilityAdmin: await t.signIn(localAdmin.email), facilityUser: await t.signIn(assignee.email) };
}

/** The app of an import test file: its clock on Tuesday 10 March 2026, noon UTC, and the directory set up. */
export type ImportSuite = SignedInSuite & ImportDirectory;

/** Gives the calling `describe` block its import app (see `signedInSuite`), the directory made in a `beforeAll`. */
export function importSuite(): ImportSuite {
  const suite = signedInSuite({}, { now: testClock('2026-03-10T12:00:00Z') }) as ImportSuite;
  beforeAll(async () => {
    Object.assign(suite, await setUpImportDirectory(suite.t, suite.admin));
  });
  return suite;
}

/** The detail of the requirement with exactly this title, as the administrator reads it. */
export async function requirementNamed(suite: SignedInSuite, title: string): Promise<RequirementDetail | undefined> {
  const page = await ok<{ _id: string; title: string }[]>(
    suite.t,
    suite.admin,
    'GET',
    `/api/requirements?search=${encodeURIComponent(title)}&pageSize=100`,
  );
  const found = page.find((requirement) => requirement.title === title);
  return found ? ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${found._id}`) : undefined;
}
