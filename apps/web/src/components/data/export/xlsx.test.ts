import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { columnName, spreadsheetDate, toXlsx, xmlText } from './xlsx';

describe('columnName', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%i → %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });
});

describe('xmlText', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xmlText('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(xmlText('bell\u0007 and nul\u0000 gone; tab\tkept')).toBe('bell and nul gone; tab\tkept');
  });
});

describe('toXlsx', () => {
  const columns = [
    { header: 'Name', value: (row: { name: string; mw: number | null }) => row.name },
    { header: 'MW', value: (row: { name: string; mw: number | null }) => row.mw },
  ];
  const rows = [
    { name: 'Prairie <Wind> & Co', mw: 150.5 },
    { name: '=SUM(A1)', mw: null },
    { name: '风电场', mw: -3 },
  ];

  it('is a zip package with the parts spreadsheet software needs', () => {
    const files = unzipSync(toXlsx(columns, rows, 'Facilities'));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Facilities" sheetId="1" r:id="rId1"/>');
  });

  it('writes text as inline strings (never formulas), numbers as numbers, and skips empty cells', () => {
    const sheet = strFromU8(unzipSync(toXlsx(columns, rows))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Name</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">Prairie &lt;Wind&gt; &amp; Co</t>');
    expect(sheet).toContain('<c r="B2"><v>150.5</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">=SUM(A1)</t>');
    expect(sheet).not.toContain('<f>');
    expect(sheet).not.toContain('r="B3"');
    expect(sheet).toContain('<c r="B4"><v>-3</v></c>');
    expect(sheet).toContain('风电场');
    expect(sheet).toContain('<autoFilter ref="A1:B4"/>');
    expect(sheet).toContain('state="frozen"');
  });

  it('keeps sheet names within what Excel accepts', () => {
    const workbook = strFromU8(unzipSync(toXlsx(columns, [], 'a/b:c*d?[e]f and a very long name indeed'))['xl/workbook.xml']!);
    const name = /<sheet name="([^"]*)"/.exec(workbook)?.[1] ?? '';
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[:\\/?*[\]]/);
  });
});

describe('dates in the workbook', () => {
  type Row = { due: string; at: string; note: string };
  const columns = [
    { header: 'Due', value: (row: Row) => row.due },
    { header: 'At', value: (row: Row) => row.at },
    { header: 'Note', value: (row: Row) => row.note },
  ];

  it('writes calendar dates and instants as real date cells, read back by a spreadsheet parser', () => {
    const bytes = toXlsx(columns, [{ due: '2026-11-24', at: '2026-11-24T13:45:30.120Z', note: '2026-13-40' }]);
    const workbook = XLSX.read(bytes, { type: 'array', cellDates: true, cellNF: true, UTC: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    expect(sheet.A2).toMatchObject({ t: 'd', z: 'yyyy-mm-dd' });
    expect((sheet.A2!.v as Date).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(sheet.B2).toMatchObject({ t: 'd', z: 'yyyy-mm-dd hh:mm:ss' });
    expect((sheet.B2!.v as Date).toISOString()).toBe('2026-11-24T13:45:30.000Z');
    // Text that only looks like a date (no such day) stays text.
    expect(sheet.C2).toMatchObject({ t: 's', v: '2026-13-40' });
    // The header is never a date, even when it reads like one.
    expect(spreadsheetDate('Due')).toBeNull();
  });
});
