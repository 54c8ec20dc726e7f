import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '@rtms/shared/schemas/requirement-import';
import { call } from '../../test/api-calls';
import { multipartBody } from '../../test/multipart';
import { bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import {
  csvFile,
  dateCell,
  formulaCell,
  HEADERS,
  importFile,
  importSuite,
  readXlsxRows,
  requirementNamed,
  sampleRow as row,
  xlsxFile,
} from './import-test-support';

/** Reading the files: templates, encodings, separators, date cells, formulas, refused files, the error report. */

describe('requirement import', () => {
  const suite = importSuite();

  it('offers a CSV and an XLSX template with the same columns, and list validations in the XLSX', async () => {
    const csv = await suite.t.app.inject({
      url: '/api/requirements/import/template?format=csv',
      headers: bearer(suite.admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const xlsx = await suite.t.app.inject({
      url: '/api/requirements/import/template?format=xlsx',
      headers: bearer(suite.admin),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('requirements-import-template.xlsx');
    const [xlsxHeader, xlsxExample] = readXlsxRows(xlsx.rawPayload);
    const csvLines = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csvLines[0]!.split(',')).toEqual(HEADERS);
    expect(xlsxHeader).toEqual(HEADERS);
    expect(xlsxExample![HEADERS.indexOf('Frequency')]).toBe('MONTHLY');
    expect(xlsxExample![HEADERS.indexOf('First due date')]).toBe('2027-01-31');
    // The sheet's XML carries list validations pointing at the hidden Lists sheet.
    const { default: yauzl } = await import('yauzl');
    const zip = await yauzl.fromBufferPromise(xlsx.rawPayload);
    let sheetXml = '';
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName === 'xl/worksheets/sheet1.xml') {
        const chunks: Buffer[] = [];
        const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
          zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable))),
        );
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        sheetXml = Buffer.concat(chunks).toString('utf8');
      }
    }
    zip.close();
    expect(sheetXml).toMatch(/<dataValidation [^>]*type="list"/);
    expect(sheetXml).toContain('Lists!$');
    const bad = await call(suite.t, suite.admin, 'GET', '/api/requirements/import/template?format=pdf');
    expect(bad.status).toBe(400);
    const openapi = (await suite.t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(openapi.paths['/api/requirements/import']?.post).toBeDefined();
    expect(openapi.paths['/api/requirements/import/template']?.get).toBeDefined();
    expect(openapi.paths['/api/requirements/import/error-report']?.post).toBeDefined();
  });

  it('reads CSV in UTF-8 with and without BOM and in Windows-1252, with comma, semicolon or tab', async () => {
    const title = 'Contrôle des émissions — façade';
    const cases = [
      { encoding: 'utf8', delimiter: ',' },
      { encoding: 'utf8-bom', delimiter: ';' },
      { encoding: 'windows-1252', delimiter: '\t' },
    ] as const;
    for (const { encoding, delimiter } of cases) {
      // The em dash is 0x97 in Windows-1252 (not in Latin-1): the file must be decoded as 1252, not ISO-8859-1.
      const file = csvFile([row({ Title: title, Description: 'Größe, Menge; «tab»' })], { encoding, delimiter });
      const answer = await importFile(suite.t, suite.admin, file, 'register.csv');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [only] = answer.report.rows;
      expect(only, encoding).toMatchObject({ row: 2, action: 'CREATE', title, errors: [] });
      expect(answer.report.warnings.some((w) => w.includes('Windows-1252'))).toBe(encoding === 'windows-1252');
    }
  });

  it('shows the first three due dates per facility, in each facility calendar', async () => {
    const file = csvFile([row({ Title: 'Due date preview', 'Weekend shift': 'NEXT', Frequency: 'monthly' })]);
    const answer = await importFile(suite.t, suite.admin, file, 'preview.csv');
    expect(answer.report.rows[0]).toMatchObject({
      action: 'CREATE',
      dueDates: [
        // 2026-05-31 is a Sunday: moved to Monday.
        { facilityCode: 'PLANT-A', dueDates: ['2026-03-31', '2026-04-30', '2026-06-01'] },
        { facilityCode: 'PLANT-B', dueDates: ['2026-03-31', '2026-04-30', '2026-06-01'] },
      ],
    });
  });

  it('reads XLSX date cells in the 1900 and the 1904 date systems, text dates, and ignores empty trailing rows', async () => {
    for (const date1904 of [false, true]) {
      const title = `Dated in ${date1904 ? '1904' : '1900'}`;
      const file = xlsxFile(
        [
          row({ Title: title, 'First due date': dateCell('2026-07-15', date1904), 'Active until': '2030-12-31' }),
          row({ Title: `${title} (text)`, 'First due date': '2026-08-01' }),
        ],
        { date1904, trailingEmptyRows: 20 },
      );
      const answer = await importFile(suite.t, suite.admin, file, 'dates.xlsx', false);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.report.rows).toHaveLength(2);
      expect(answer.report.summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
      const created = await requirementNamed(suite, title);
      expect(created?.firstDueDate).toBe('2026-07-15');
      expect(created?.activeUntil).toBe('2030-12-31');
      expect((await requirementNamed(suite, `${title} (text)`))?.firstDueDate).toBe('2026-08-01');
    }
  });

  it('reads formula cells by their saved value, names a formula saved without one, and keeps formula-looking text as text', async () => {
    const xlsx = xlsxFile([
      row({
        Title: formulaCell('"Formula "&"title"', 'Formula title'),
        Frequency: formulaCell('UPPER("monthly")', 'MONTHLY'),
        'First due date': formulaCell('DATE(2026,7,15)', { date: '2026-07-15' }),
        'Lead time (days)': formulaCell('3+4', 7),
      }),
      row({ Title: 'Formula without value', 'Lead time (days)': formulaCell('3+4') }),
    ]);
    const answer = await importFile(suite.t, suite.admin, xlsx, 'formula.xlsx', false, { skipInvalidRows: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.report.rows[0]).toMatchObject({ action: 'CREATE', title: 'Formula title', errors: [] });
    expect(answer.report.rows[1]).toMatchObject({
      action: 'ERROR',
      errors: [{ column: 'Lead time (days)', message: expect.stringContaining('saved without its value') }],
    });
    const created = await requirementNamed(suite, 'Formula title');
    expect(created).toMatchObject({ frequency: 'MONTHLY', firstDueDate: '2026-07-15', leadTimeDays: 7 });
    const text = '=HYPERLINK("http://example.com","click")';
    const csv = csvFile([row({ Title: text, Citation: 'injection-check' })]);
    const imported = await importFile(suite.t, suite.admin, csv, 'text.csv', false);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await requirementNamed(suite, text))?.title).toBe(text);
  });

  it('refuses files that are not CSV or XLSX, a bad dryRun, no file, and more than 5,000 rows', async () => {
    const pdf = await importFile(suite.t, suite.admin, Buffer.from('%PDF-1.4\n%%EOF\n'), 'register.pdf');
    expect(pdf.status).toBe(415);
    const badFlag = await importFile(suite.t, suite.admin, csvFile([row()]), 'a.csv', 'maybe');
    expect(badFlag.status).toBe(400);
    const { payload, headers } = multipartBody({ dryRun: 'true' }, []);
    const noFile = await suite.t.app.inject({
      method: 'POST',
      url: '/api/requirements/import',
      payload,
      headers: { ...headers, ...bearer(suite.admin) },
    });
    expect(noFile.statusCode).toBe(400);
    const missingColumns = await importFile(suite.t, suite.admin, Buffer.from('Name,Due\nx,2026-01-01\n'), 'a.csv');
    expect(missingColumns.status).toBe(400);
    expect(missingColumns.body.message).toContain('Category');
    const tooMany = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => row({ Title: `Row ${i}` }));
    const refused = await importFile(suite.t, suite.admin, csvFile(tooMany), 'big.csv');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('at most 5,000 rows');
  });

  it('dry-runs 5,000 rows in under 10 seconds', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) =>
      row({ Title: `Bulk obligation ${i}`, Frequency: i % 2 ? 'MONTHLY' : 'YEARLY', 'Facility codes': 'PLANT-A' }),
    );
    const file = xlsxFile(rows);
    const started = performance.now();
    const answer = await importFile(suite.t, suite.admin, file, 'bulk.xlsx');
    const seconds = (performance.now() - started) / 1000;
    expect(answer.status).toBe(200);
    expect(answer.report.summary).toEqual({ create: MAX_IMPORT_ROWS, update: 0, unchanged: 0, error: 0 });
    console.info(`dry run of ${MAX_IMPORT_ROWS} XLSX rows: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
  }, 60_000);

  it('downloads the error report as the original file with an errors column', async () => {
    const rows = [row({ Title: 'Report fine' }), row({ Title: 'Report bad', Frequency: 'SOMETIMES' })];
    const post = async (file: Buffer, fileName: string) => {
      const { payload, headers } = multipartBody({}, { fileName, content: file });
      return suite.t.app.inject({
        method: 'POST',
        url: '/api/requirements/import/error-report',
        payload,
        headers: { ...headers, ...bearer(suite.admin) },
      });
    };
    const csv = await post(csvFile(rows, { delimiter: ';', encoding: 'windows-1252' }), 'mine.csv');
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain('mine-errors.csv');
    const lines = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.endsWith(';errors')).toBe(true);
    expect(lines[1]!.startsWith('Report fine;')).toBe(true);
    expect(lines[1]!.endsWith(';')).toBe(true);
    expect(lines[2]).toContain('Frequency: Frequency must be one of');

    const xlsx = await post(xlsxFile(rows), 'mine.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = readXlsxRows(xlsx.rawPayload);
    const errorsColumn = sheet[0]!.indexOf('errors');
    expect(errorsColumn).toBe(HEADERS.length);
    expect(sheet[1]![errorsColumn] ?? '').toBe('');
    expect(sheet[2]![errorsColumn]).toContain('Frequency must be one of');
    expect(sheet[2]![0]).toBe('Report bad');

    // The report goes back in as it is: its errors column is not a column of the template, nor a warning.
    const again = await importFile(suite.t, suite.admin, xlsx.rawPayload, 'mine-errors.xlsx');
    expect(again.status).toBe(200);
    expect(again.report.warnings).toEqual([]);
    expect(again.report.rows.map((r) => r.action)).toEqual(['CREATE', 'ERROR']);
  });
});

describe('requirement import upload limits', () => {
  const suite = signedInSuite({ UPLOAD_MAX_BYTES: '2048' });

  it('answers 413 for a file over the documents upload limit, and 415 for an old .xls', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ Title: `A rather long requirement title number ${i}` }));
    const big = csvFile(rows);
    expect(big.length).toBeGreaterThan(2048);
    expect((await importFile(suite.t, suite.admin, big, 'big.csv')).status).toBe(413);
    // The OLE2 header of a legacy Excel workbook.
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000)]);
    expect((await importFile(suite.t, suite.admin, xls, 'old.xls')).status).toBe(415);
  });
});
