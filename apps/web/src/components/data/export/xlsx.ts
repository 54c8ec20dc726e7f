import { strToU8, zipSync } from 'fflate';
import type { ExportCell, ExportColumn } from './export-types';

/**
 * A minimal Office Open XML workbook (one sheet, inline strings, a bold frozen header with an
 * autofilter). Written here on fflate's synchronous zip: spreadsheet libraries zip large files in
 * Web Workers created from blob: URLs, which this app's Content Security Policy forbids.
 * This module is imported lazily, only when someone exports.
 */

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MAX_CELL_TEXT = 32_767;

/** Escapes text for XML and drops the characters XML 1.0 cannot carry (control characters, lone surrogates). */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  let rest = index + 1;
  while (rest > 0) {
    const remainder = (rest - 1) % 26;
    name = String.fromCharCode(65 + remainder) + name;
    rest = Math.floor((rest - 1) / 26);
  }
  return name;
}

/** Cell styles (cellXfs in styles.xml): plain, bold header, date, date and time. */
const STYLE_DATE = 2;
const STYLE_TIMESTAMP = 3;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** 1899-12-30, day 0 of spreadsheet serial dates (the 1900 leap-year quirk makes it the 30th). */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A calendar date (`YYYY-MM-DD`) or an instant (ISO 8601 with offset, shown in UTC as the CSV states
 * it) as a spreadsheet serial number, so the cell is a real date that sorts and filters as one; null
 * for any other text.
 */
export function spreadsheetDate(value: string): { serial: number; style: number } | null {
  if (CALENDAR_DATE.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return null;
    return { serial: (ms - SERIAL_EPOCH_MS) / DAY_MS, style: STYLE_DATE };
  }
  if (INSTANT.test(value)) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) return null;
    // Whole seconds: spreadsheets show no finer, and a float of milliseconds would only add noise.
    return { serial: Math.round((ms - SERIAL_EPOCH_MS) / 1000) / 86_400, style: STYLE_TIMESTAMP };
  }
  return null;
}

function cell(reference: string, value: ExportCell, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"${s}><v>${value}</v></c>` : '';
  const date = style ? null : spreadsheetDate(value);
  if (date) return `<c r="${reference}" s="${date.style}"><v>${date.serial}</v></c>`;
  const text = value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value;
  return `<c r="${reference}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function sheetXml<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lastColumn = columnName(Math.max(columns.length - 1, 0));
  const widths = columns
    .map((column, index) => {
      const width = column.width ?? Math.min(Math.max(column.header.length + 4, 12), 60);
      return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const parts: string[] = [
    XML_HEADER,
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`,
    `<dimension ref="A1:${lastColumn}${rows.length + 1}"/>`,
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
    columns.length ? `<cols>${widths}</cols>` : '',
    '<sheetData>',
    `<row r="1">${columns.map((column, index) => cell(`${columnName(index)}1`, column.header, 1)).join('')}</row>`,
  ];
  rows.forEach((row, rowIndex) => {
    const r = rowIndex + 2;
    parts.push(`<row r="${r}">${columns.map((column, index) => cell(`${columnName(index)}${r}`, column.value(row))).join('')}</row>`);
  });
  parts.push('</sheetData>');
  if (columns.length) parts.push(`<autoFilter ref="A1:${lastColumn}${rows.length + 1}"/>`);
  parts.push('</worksheet>');
  return parts.join('');
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** The bytes of an .xlsx file with one sheet named `name`. */
export function toXlsx<T>(columns: readonly ExportColumn<T>[], rows: readonly T[], name = 'Export'): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${XML_HEADER}<Relationships xmlns="${PKG_REL_NS}">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `${XML_HEADER}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets>` +
        (columns.length
          ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${xmlText(sheetName(name)).replace(/'/g, "''")}'!$A$1:$${columnName(columns.length - 1)}$${rows.length + 1}</definedName></definedNames>`
          : '') +
        '</workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${XML_HEADER}<Relationships xmlns="${PKG_REL_NS}">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ),
    'xl/styles.xml': strToU8(
      `${XML_HEADER}<styleSheet xmlns="${MAIN_NS}">` +
        '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml(columns, rows)),
  };
  return zipSync(files, { level: 6 });
}
