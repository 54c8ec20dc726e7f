import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_MODES, TASK_CATEGORIES, TASK_FREQUENCIES, WEEKEND_SHIFTS } from '@rtms/shared/enums';
import { multipartBody } from '../../test/multipart';
import { bearer } from '../../test/test-app';
import {
  csvFile,
  dateCell,
  formulaCell,
  HEADERS,
  importFile,
  importSuite,
  requirementNamed,
  type RowValues,
  sampleRow as row,
  xlsxFile,
} from './import-test-support';

/** Every schedule mode the template offers gives a row report; nothing a file holds answers 5xx. */

describe('requirement import: schedule modes, skipped rows, and hostile files', () => {
  const suite = importSuite();

  it('reports one row of every schedule mode, and imports the period-end rules from their columns', async () => {
    const file = xlsxFile([
      row({ Title: 'Mode calendar', 'Schedule mode': 'CALENDAR' }),
      row({ Title: 'Mode after completion', 'Schedule mode': 'AFTER_COMPLETION' }),
      row({ Title: 'Mode period end, days', 'Schedule mode': 'PERIOD_END', 'Days after the period': 30 }),
      row({
        Title: 'Mode period end, day of month',
        Frequency: 'MONTHLY',
        'Schedule mode': 'PERIOD_END',
        'Period start month': 1,
        'Day of the following month': 28,
      }),
      // The 500: PERIOD_END without its due rule.
      row({ Title: 'Mode period end, no rule', 'Schedule mode': 'PERIOD_END' }),
      row({
        Title: 'Mode period end, both rules',
        'Schedule mode': 'PERIOD_END',
        'Days after the period': 30,
        'Day of the following month': 28,
      }),
      row({
        Title: 'Mode period end, once',
        Frequency: 'ONCE',
        'Schedule mode': 'PERIOD_END',
        'Days after the period': 5,
      }),
      row({
        Title: 'Mode period end, weekly day',
        Frequency: 'WEEKLY',
        'Schedule mode': 'PERIOD_END',
        'Day of the following month': 3,
      }),
      row({
        Title: 'Mode period end, month 13',
        'Schedule mode': 'PERIOD_END',
        'Period start month': 13,
        'Days after the period': 30,
      }),
    ]);
    const dry = await importFile(suite.t, suite.admin, file, 'modes.xlsx');
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const [calendar, afterCompletion, days, dayOfMonth, noRule, both, once, weekly, month13] = dry.report.rows;
    expect([calendar, afterCompletion, days, dayOfMonth].map((r) => r!.action)).toEqual([
      'CREATE',
      'CREATE',
      'CREATE',
      'CREATE',
    ]);
    // Quarters from January: Q1 2026 ends 31 March, due 30 days later; months due on the 28th of the next.
    expect(days!.dueDates[0]).toEqual({
      facilityCode: 'PLANT-A',
      dueDates: ['2026-04-30', '2026-07-30', '2026-10-30'],
    });
    expect(dayOfMonth!.dueDates[0]).toEqual({
      facilityCode: 'PLANT-A',
      dueDates: ['2026-04-28', '2026-05-28', '2026-06-28'], // March is the first period due on or after 31 March
    });
    expect(noRule).toMatchObject({
      action: 'ERROR',
      errors: [
        { column: 'Days after the period', message: 'Set the days after the period or the day of the following month' },
        {
          column: 'Day of the following month',
          message: 'Set the days after the period or the day of the following month',
        },
      ],
    });
    expect(both!.errors.map((e) => e.column)).toEqual(['Days after the period', 'Day of the following month']);
    expect(once!.errors).toEqual([
      { column: 'Frequency', message: 'A one-time requirement has no reporting periods; choose another frequency' },
    ]);
    expect(weekly!.errors).toEqual([
      {
        column: 'Day of the following month',
        message: 'A weekly report is due a number of days after the week; use days after the period',
      },
    ]);
    expect(month13!.errors).toEqual([
      { column: 'Period start month', message: 'Period start month must be a month number from 1 to 12' },
    ]);

    // The valid rows go in, the others are skipped; the saved rule is the file's.
    const imported = await importFile(suite.t, suite.admin, file, 'modes.xlsx', false, { skipInvalidRows: true });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.report).toMatchObject({
      dryRun: false,
      skipInvalidRows: true,
      summary: { create: 4, update: 0, unchanged: 0, error: 5 },
    });
    expect(await requirementNamed(suite, 'Mode period end, day of month')).toMatchObject({
      scheduleMode: 'PERIOD_END',
      periodStartMonth: 1,
      periodDueDays: null,
      periodDueDayOfMonth: 28,
    });
    expect(await requirementNamed(suite, 'Mode period end, no rule')).toBeUndefined();
  });

  it('offers the period-end columns in both templates', async () => {
    for (const format of ['csv', 'xlsx']) {
      const response = await suite.t.app.inject({
        url: `/api/requirements/import/template?format=${format}`,
        headers: bearer(suite.admin),
      });
      expect(response.statusCode).toBe(200);
      const text = format === 'csv' ? response.rawPayload.toString('utf8') : '';
      if (format === 'csv') {
        for (const header of ['Period start month', 'Days after the period', 'Day of the following month']) {
          expect(text).toContain(header);
        }
      }
    }
    expect(HEADERS).toEqual(expect.arrayContaining(['Days after the period', 'Day of the following month']));
  });

  it('imports the valid rows and skips the others when asked; all or nothing by default; the error report lists the skipped', async () => {
    const file = csvFile([
      row({ Title: 'Skip mode good 1', 'First due date': '2027-1-5' }),
      row({ Title: 'Skip mode bad', Frequency: 'SOMETIMES' }),
      row({ Title: 'Skip mode good 2', 'First due date': '2027/02/28' }),
      row({ Title: 'Skip mode twice', 'Facility codes': 'PLANT-A; PLANT-B', 'Not applicable at': 'PLANT-A: idle' }),
      row({ Title: 'Skip mode twice in one', 'Facility codes': 'PLANT-A; plant-a' }),
      row({ Title: 'Skip mode month first', 'First due date': '01/05/2027' }),
    ]);
    const dry = await importFile(suite.t, suite.admin, file, 'skip.csv');
    expect(dry.report.rows.map((r) => r.action)).toEqual(['CREATE', 'ERROR', 'CREATE', 'ERROR', 'ERROR', 'ERROR']);
    expect(dry.report.rows[3]!.errors).toEqual([
      {
        column: 'Not applicable at',
        message: 'PLANT-A is in both Facility codes and Not applicable at; keep it in one of them',
      },
    ]);
    expect(dry.report.rows[4]!.errors).toEqual([
      { column: 'Facility codes', message: 'PLANT-A is listed twice in Facility codes' },
    ]);
    expect(dry.report.rows[5]!.errors).toEqual([
      { column: 'First due date', message: 'Use a date in the form YYYY-MM-DD' },
    ]);

    const refused = await importFile(suite.t, suite.admin, file, 'skip.csv', false);
    expect(refused.status).toBe(409);
    expect(await requirementNamed(suite, 'Skip mode good 1')).toBeUndefined();
    expect((await importFile(suite.t, suite.admin, file, 'skip.csv', false, { skipInvalidRows: 'maybe' })).status).toBe(
      400,
    );

    const imported = await importFile(suite.t, suite.admin, file, 'skip.csv', false, { skipInvalidRows: true });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.report.summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 4 });
    expect((await requirementNamed(suite, 'Skip mode good 1'))?.firstDueDate).toBe('2027-01-05');
    expect((await requirementNamed(suite, 'Skip mode good 2'))?.firstDueDate).toBe('2027-02-28');
    expect(await requirementNamed(suite, 'Skip mode bad')).toBeUndefined();

    // The error report of the same file: the imported rows are unchanged now, the skipped ones carry their errors.
    const { payload, headers } = multipartBody({}, { fileName: 'skip.csv', content: file });
    const report = await suite.t.app.inject({
      method: 'POST',
      url: '/api/requirements/import/error-report',
      payload,
      headers: { ...headers, ...bearer(suite.admin) },
    });
    expect(report.statusCode).toBe(200);
    const lines = report.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]!.endsWith(',')).toBe(true);
    expect(lines[2]).toContain('Frequency must be one of');
    expect(lines[4]).toContain('in both Facility codes and Not applicable at');
  });

  it('answers no 5xx for 1,000 hostile rows, as CSV and as XLSX, in a dry run, an import and the error report', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('', ' ', '=1+1', '@SUM(A1)', '-1', '1e309', 'NaN', '0x1F', '\u202Eevil', '"', '""', ';', '\r\n'),
      fc.string({ minLength: 300, maxLength: 1200 }),
    );
    const dateText = fc.oneof(
      fc.constantFrom(
        '2027-1-5',
        '2027-02-29',
        '2028-02-29',
        '0000-01-01',
        '9999-12-31',
        '1900-01-01',
        '2026-3-10T25:00',
      ),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${m}-${d}`),
      text,
    );
    const number = fc.oneof(
      fc.integer({ min: -40, max: 400 }).map(String),
      fc.constantFrom('2147483648', '-0', '1.5', '1e3', '99999999999999999999'),
      text,
    );
    const oneOf = (values: readonly string[]) => fc.oneof(fc.constantFrom(...values), fc.constantFrom(...values), text);
    const hostileRow: fc.Arbitrary<RowValues> = fc.record({
      Title: fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), text),
      Description: text,
      Regulation: fc.oneof(fc.constantFrom('40 CFR 70', 'Clean Air Act Title V', ''), text),
      Citation: text,
      'Program area': fc.oneof(fc.constantFrom('Air quality', ''), text),
      Category: oneOf(TASK_CATEGORIES),
      Frequency: oneOf(TASK_FREQUENCIES),
      'Schedule mode': oneOf(SCHEDULE_MODES),
      'First due date': dateText,
      'Period start month': number,
      'Days after the period': number,
      'Day of the following month': number,
      'Weekend shift': oneOf(WEEKEND_SHIFTS),
      'Lead time (days)': number,
      'Grace (days)': number,
      'Evidence required': fc.oneof(fc.constantFrom('yes', 'no', 'x', ''), text),
      'Minimum evidence': number,
      'Permit number': text,
      'Active from': dateText,
      'Active until': dateText,
      'Default assignee email': fc.oneof(fc.constantFrom('jane.doe@example.com', 'site.admin@example.com', ''), text),
      'Facility codes': fc.oneof(fc.constantFrom('PLANT-A', 'PLANT-A; PLANT-A', 'OTHER-C;PLANT-B', ''), text),
      'Not applicable at': fc.oneof(fc.constantFrom('', 'OTHER-C: idle', 'PLANT-A: twice', 'OTHER-C'), text),
    });
    // A plausible row with one to four of its cells hostile, so that rows also get past the reading and are
    // planned, previewed and saved (a row entirely of junk stops at its first cell).
    const plausibleRow = fc.record({
      Title: fc.string({ minLength: 1, maxLength: 30 }).map((title) => `Fuzz ${title}`),
      Category: fc.constantFrom(...TASK_CATEGORIES),
      Frequency: fc.constantFrom(...TASK_FREQUENCIES.filter((frequency) => frequency !== 'WEEKLY')),
      'Schedule mode': fc.constantFrom(...SCHEDULE_MODES),
      'First due date': fc
        .integer({ min: 0, max: 900 })
        .map((days) => new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10)),
      'Days after the period': fc.integer({ min: 0, max: 90 }).map(String),
      'Facility codes': fc.constantFrom('PLANT-A', 'PLANT-B', 'PLANT-A; OTHER-C'),
    });
    const mixedRow = fc
      .tuple(plausibleRow, hostileRow, fc.subarray([...HEADERS], { minLength: 1, maxLength: 4 }))
      .map(([plausible, hostile, spoilt]): RowValues => {
        const spoiltCells = Object.fromEntries(spoilt.map((header) => [header, hostile[header as keyof RowValues]]));
        return { ...plausible, ...spoiltCells };
      });
    const rows = fc.sample(mixedRow, { numRuns: 1000, seed: 32 });
    // In the workbook some cells are real dates, numbers and formulas with or without a saved value.
    const cells = fc.sample(
      fc.oneof(
        fc.constant(undefined),
        fc.integer({ min: -3, max: 3_000_000 }),
        fc.double({ noNaN: false }),
        fc
          .date({ min: new Date('1900-03-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
          .map((date) => dateCell(date.toISOString().slice(0, 10))),
        fc.constantFrom(formulaCell('1+1'), formulaCell('NOW()', { date: '2026-05-05' }), formulaCell('"A"&"B"', 'AB')),
      ),
      { numRuns: rows.length * 4, seed: 33 },
    );
    // Other rows than the CSV's (its valid rows are imported by then), a quarter of them with such cells.
    const workbookRows = fc.sample(mixedRow, { numRuns: 1000, seed: 34 }).map((values, index) => {
      const copy: RowValues = { ...values };
      if (index % 4) return copy;
      const headers = ['First due date', 'Lead time (days)', 'Days after the period', 'Category'] as const;
      headers.forEach((header, offset) => {
        const cell = cells[index * 4 + offset];
        if (cell !== undefined) copy[header] = cell as never;
      });
      return copy;
    });
    // The CSV without control characters: with them the documents' text check refuses the whole file (415),
    // and the rows would not be read at all.
    const printable = (value: unknown) =>
      typeof value === 'string'
        ? [...value].filter((c) => !/\p{Cc}/u.test(c) || c === '\t' || c === '\n' || c === '\r').join('')
        : value;
    const csvRows = rows.map(
      (values) =>
        Object.fromEntries(Object.entries(values).map(([key, value]) => [key, printable(value)])) as RowValues,
    );
    const files = [
      { name: 'hostile.csv', bytes: csvFile(csvRows) },
      { name: 'hostile-binary.csv', bytes: csvFile(rows) },
      { name: 'hostile.xlsx', bytes: xlsxFile(workbookRows) },
    ];
    const answers: { file: string; call: string; status: number; body: string }[] = [];
    for (const file of files) {
      const dry = await importFile(suite.t, suite.admin, file.bytes, file.name);
      answers.push({
        file: file.name,
        call: 'dry run',
        status: dry.status,
        body: JSON.stringify(dry.body).slice(0, 300),
      });
      if (file.name !== 'hostile-binary.csv') {
        expect(dry.status, JSON.stringify(dry.body).slice(0, 300)).toBe(200);
        expect(dry.report.rows.length).toBeGreaterThan(900);
      }
      const all = await importFile(suite.t, suite.admin, file.bytes, file.name, false);
      answers.push({
        file: file.name,
        call: 'import',
        status: all.status,
        body: JSON.stringify(all.body).slice(0, 300),
      });
      const skip = await importFile(suite.t, suite.admin, file.bytes, file.name, false, { skipInvalidRows: true });
      answers.push({
        file: file.name,
        call: `import valid (${JSON.stringify(skip.report?.summary ?? {})})`,
        status: skip.status,
        body: JSON.stringify(skip.body).slice(0, 300),
      });
      const { payload, headers } = multipartBody({}, { fileName: file.name, content: file.bytes });
      const report = await suite.t.app.inject({
        method: 'POST',
        url: '/api/requirements/import/error-report',
        payload,
        headers: { ...headers, ...bearer(suite.admin) },
      });
      answers.push({
        file: file.name,
        call: 'error report',
        status: report.statusCode,
        body: report.body.slice(0, 300),
      });
    }
    console.info(answers.map((a) => `${a.file} ${a.call}: ${a.status}`).join('; '));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  }, 240_000);
});
