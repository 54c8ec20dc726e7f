import { beforeAll, describe, expect, it } from 'vitest';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import { MAX_IMPORT_ROWS } from '@rtms/shared/schemas/requirement-import';
import { call, ok } from '../../test/api-calls';
import { allTasks } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { multipartBody } from '../../test/multipart';
import { bearer } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';
import {
  csvFile,
  dateCell,
  formulaCell,
  HEADERS,
  importFile,
  readXlsxRows,
  sampleRow as row,
  setUpImportDirectory,
  type ImportDirectory,
  xlsxFile,
} from './import-test-support';

/** Tuesday 10 March 2026, noon UTC. */
const NOW = '2026-03-10T12:00:00Z';

describe('requirement import', () => {
  const suite = signedInSuite({}, { now: testClock(NOW) });
  let facilityAdmin: string;
  let facilityUser: string;
  let ids: ImportDirectory['ids'];

  beforeAll(async () => {
    ({ ids, facilityAdmin, facilityUser } = await setUpImportDirectory(suite.t, suite.admin));
  });

  async function requirementNamed(title: string): Promise<RequirementDetail | undefined> {
    const page = await ok<{ _id: string; title: string }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements?search=${encodeURIComponent(title)}&pageSize=100`,
    );
    const found = page.find((requirement) => requirement.title === title);
    return found ? ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${found._id}`) : undefined;
  }

  async function requirementCount(): Promise<number> {
    const response = await call<{ meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/requirements?pageSize=1',
    );
    return response.body.meta.total;
  }

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
      const created = await requirementNamed(title);
      expect(created?.firstDueDate).toBe('2026-07-15');
      expect(created?.activeUntil).toBe('2030-12-31');
      expect((await requirementNamed(`${title} (text)`))?.firstDueDate).toBe('2026-08-01');
    }
  });

  it('refuses formula cells with a message and keeps formula-looking text as text', async () => {
    const xlsx = xlsxFile([row({ Title: 'Formula title', 'Lead time (days)': formulaCell('3+4', 7) })]);
    const answer = await importFile(suite.t, suite.admin, xlsx, 'formula.xlsx');
    expect(answer.report.rows[0]).toMatchObject({
      action: 'ERROR',
      errors: [{ column: 'Lead time (days)', message: expect.stringContaining('Formulas are not read') }],
    });
    const text = '=HYPERLINK("http://example.com","click")';
    const csv = csvFile([row({ Title: text, Citation: 'injection-check' })]);
    const imported = await importFile(suite.t, suite.admin, csv, 'text.csv', false);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await requirementNamed(text))?.title).toBe(text);
  });

  it('marks every kind of error with its column, and suggests near matches', async () => {
    const file = csvFile([
      row({ Title: 'Unknown site', 'Facility codes': 'PLANT-AA' }),
      row({ Title: 'Unknown person', 'Default assignee email': 'jane.do@example.com' }),
      row({ Title: 'Bad frequency', Frequency: 'FORTNIGHTLY' }),
      row({ Title: 'Impossible date', 'First due date': '2026-02-30' }),
      row({ Title: 'Free-text date', 'First due date': '31/03/2026' }),
      row({ Title: 'Unknown regulation', Regulation: '40 CFR 71' }),
      row({ Title: 'Unknown area', 'Program area': 'Air qualty' }),
      row({ Title: 'No reason', 'Not applicable at': 'OTHER-C' }),
      row({ Title: 'Not his site', 'Default assignee email': 'jane.doe@example.com' }),
      row({ Title: 'Bad number', 'Lead time (days)': 'seven' }),
      row({ Title: 'Twice' }),
      row({ Title: 'twice' }),
      row({ Title: '' }),
    ]);
    const answer = await importFile(suite.t, suite.admin, file, 'errors.csv');
    expect(answer.status).toBe(200);
    const errorsOf = (index: number) => answer.report.rows[index]!.errors;
    expect(errorsOf(0)).toEqual([
      { column: 'Facility codes', message: 'Unknown facility code "PLANT-AA" — did you mean "PLANT-A"?' },
    ]);
    expect(errorsOf(1)).toEqual([
      {
        column: 'Default assignee email',
        message: 'Unknown user "jane.do@example.com" — did you mean "jane.doe@example.com"?',
      },
    ]);
    expect(errorsOf(2)).toEqual([
      { column: 'Frequency', message: expect.stringContaining('Frequency must be one of') },
    ]);
    expect(errorsOf(3)).toEqual([{ column: 'First due date', message: '2026-02-30 is not a real date' }]);
    expect(errorsOf(4)).toEqual([{ column: 'First due date', message: 'Use a date in the form YYYY-MM-DD' }]);
    expect(errorsOf(5)).toEqual([
      { column: 'Regulation', message: 'Unknown regulation "40 CFR 71" — did you mean "40 CFR 70"?' },
    ]);
    expect(errorsOf(6)).toEqual([
      { column: 'Program area', message: 'Unknown program area "Air qualty" — did you mean "Air quality"?' },
    ]);
    expect(errorsOf(7)).toEqual([
      { column: 'Not applicable at', message: 'Write why OTHER-C is not applicable, as "OTHER-C: reason"' },
    ]);
    expect(errorsOf(8)).toEqual([
      {
        column: 'Default assignee email',
        message: 'jane.doe@example.com is not assigned to PLANT-B (see User Facilities)',
      },
    ]);
    expect(errorsOf(9)).toEqual([{ column: 'Lead time (days)', message: '"seven" is not a whole number' }]);
    expect(answer.report.rows[10]!.action).toBe('CREATE');
    expect(errorsOf(11)).toEqual([
      { column: 'Title', message: 'Duplicate of row 12 (same regulation, citation and title)' },
    ]);
    expect(errorsOf(12)).toEqual([{ column: 'Title', message: 'Please enter a title' }]);
    expect(answer.report.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(answer.report.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 12 });

    // An import with errors writes nothing and answers 409 with the same report.
    const before = await requirementCount();
    const refused = await importFile(suite.t, suite.admin, file, 'errors.csv', false);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.report.summary).toEqual(answer.report.summary);
    expect(await requirementCount()).toBe(before);
  });

  it('imports in one transaction with tasks and one audit event; the same file again changes nothing', async () => {
    const rows = [
      row({ Title: 'Idempotent A', 'Evidence required': 'yes', 'Minimum evidence': '0' }),
      row({
        Title: 'Idempotent B',
        Frequency: 'YEARLY',
        'Default assignee email': 'JANE.DOE@example.com',
        'Facility codes': 'PLANT-A',
        'Not applicable at': 'OTHER-C: no boiler on site',
      }),
    ];
    const file = xlsxFile(rows);
    const importEvents = () =>
      ok<{ action: string; changes: Record<string, { after: unknown }> }[]>(
        suite.t,
        suite.admin,
        'GET',
        '/api/audit?action=IMPORT&pageSize=100',
      );
    const eventsBefore = (await importEvents()).length;
    const first = await importFile(suite.t, suite.admin, file, 'register.xlsx', false);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.report.summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(first.report.rows.every((r) => r.requirementId)).toBe(true);
    const b = (await requirementNamed('Idempotent B'))!;
    expect(b.defaultAssigneeId).toBe(ids.assignee);
    expect(b.facilities.map((f) => [f.facilityCode, f.applicable, f.notApplicableReason]).sort()).toEqual([
      ['OTHER-C', false, 'no boiler on site'],
      ['PLANT-A', true, null],
    ]);
    const tasksOfA = await allTasks(suite.t, suite.admin, { requirementId: first.report.rows[0]!.requirementId! });
    expect(tasksOfA.length).toBeGreaterThan(0);
    const audit = await importEvents();
    expect(audit).toHaveLength(eventsBefore + 1);
    expect(audit[0]!.changes.requirements!.after).toEqual({ created: 2, updated: 0, unchanged: 0 });

    const tasksBefore = (await allTasks(suite.t, suite.admin)).length;
    const again = await importFile(suite.t, suite.admin, file, 'register.xlsx', false);
    expect(again.status).toBe(200);
    expect(again.report.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    expect((await allTasks(suite.t, suite.admin)).length).toBe(tasksBefore);
    expect(await importEvents()).toHaveLength(audit.length);

    // Case and accents of the natural key do not matter; a changed field makes an UPDATE.
    const changed = csvFile([{ ...rows[0]!, Title: 'IDEMPOTENT a', 'Lead time (days)': '9' }]);
    const update = await importFile(suite.t, suite.admin, changed, 'changed.csv', false);
    expect(update.report.rows[0]).toMatchObject({
      action: 'UPDATE',
      requirementId: first.report.rows[0]!.requirementId,
    });
    // The title takes the file's spelling.
    expect((await requirementNamed('IDEMPOTENT a'))?.leadTimeDays).toBe(9);
  });

  it('checks a new default assignee against the facilities an update keeps', async () => {
    await ok(suite.t, suite.admin, 'POST', '/api/requirements', {
      title: 'Kept bindings',
      category: 'AIR',
      frequency: 'MONTHLY',
      firstDueDate: '2026-04-01',
      facilities: [{ facilityId: ids.plantB }],
    });
    // No facility column: the update keeps PLANT-B, where Jane is not assigned.
    const file = csvFile([
      { Title: 'Kept bindings', Category: 'AIR', Frequency: 'MONTHLY', 'First due date': '2026-04-01' },
      {
        Title: 'Kept bindings',
        Category: 'AIR',
        Frequency: 'MONTHLY',
        'First due date': '2026-04-01',
        Citation: 'other',
        'Default assignee email': 'jane.doe@example.com',
        'Facility codes': 'PLANT-A',
      },
    ]);
    const plain = await importFile(suite.t, suite.admin, file, 'kept.csv');
    expect(plain.report.rows.map((r) => r.action)).toEqual(['UNCHANGED', 'CREATE']);
    const withAssignee = csvFile([
      {
        Title: 'Kept bindings',
        Category: 'AIR',
        Frequency: 'MONTHLY',
        'First due date': '2026-04-01',
        'Default assignee email': 'jane.doe@example.com',
      },
    ]);
    const refused = await importFile(suite.t, suite.admin, withAssignee, 'kept.csv');
    expect(refused.report.rows[0]!.errors).toEqual([
      {
        column: 'Default assignee email',
        message: 'jane.doe@example.com is not assigned to PLANT-B (see User Facilities)',
      },
    ]);
  });

  it('keeps a facility administrator to their own facilities, and refuses other roles', async () => {
    const mine = csvFile([row({ Title: 'Local only', 'Facility codes': 'PLANT-A' })]);
    const allowed = await importFile(suite.t, facilityAdmin, mine, 'mine.csv', false);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.report.summary.create).toBe(1);

    const foreign = csvFile([
      row({ Title: 'Foreign site', 'Facility codes': 'PLANT-B' }),
      row({ Title: 'No site', 'Facility codes': '' }),
      // Bound to PLANT-A and PLANT-B by the administrator's import above: not theirs to change.
      row({ Title: 'IDEMPOTENT a', 'Facility codes': 'PLANT-A' }),
    ]);
    const refused = await importFile(suite.t, facilityAdmin, foreign, 'foreign.csv');
    expect(refused.report.rows.map((r) => r.errors[0]?.message)).toEqual([
      // PLANT-B is not theirs: the suggestion names their own facility only.
      'Unknown facility code "PLANT-B" — did you mean "PLANT-A"?',
      'List at least one of your facilities',
      'This requirement also applies to facilities outside yours; only an all-facility administrator can change it',
    ]);
    expect((await importFile(suite.t, facilityUser, mine, 'mine.csv')).status).toBe(403);
    expect((await importFile(suite.t, undefined, mine, 'mine.csv')).status).toBe(401);
    const template = await suite.t.app.inject({
      url: '/api/requirements/import/template',
      headers: bearer(facilityUser),
    });
    expect(template.statusCode).toBe(403);
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
