import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScorecardRow, TrendRow } from '@rtms/shared/schemas/reports';
import { ok } from '../../test/api-calls';
import { createFacility, monthlyAt } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { bearer } from '../../test/test-app';
import { pdfText } from '../../test/pdf-text';

/**
 * A monthly requirement at one facility, due on the 10th from January to June 2026, judged on 20 May 2026:
 * January completed on time, February late (within grace), March missed (after grace), April not applicable,
 * May open and overdue, June upcoming. The scorecard, the trend and their files say exactly that.
 */
describe('report numbers by hand, and the report as PDF and Excel', () => {
  const suite = signedInSuiteAt('2026-05-20T12:00:00Z');
  const arabicName = 'محطة الرياح الشمالية';
  let facilityId = '';

  beforeAll(async () => {
    const { t, admin } = suite;
    facilityId = await createFacility(t, admin, { name: arabicName, timeZone: 'UTC' });
    const { tasks } = await monthlyAt(suite, facilityId, '2026-01-10', { graceDays: 5, backfillFrom: '2026-01-01' });
    const byDue = new Map(tasks.map((task) => [task.dueDate, task._id]));
    const complete = (due: string, completedOn: string) =>
      ok(t, admin, 'POST', `/api/tasks/${byDue.get(due)}/complete`, { completedOn });
    await complete('2026-01-10', '2026-01-09');
    await complete('2026-02-10', '2026-02-13');
    await complete('2026-03-10', '2026-03-30');
    await ok(t, admin, 'PATCH', `/api/tasks/${byDue.get('2026-04-10')}`, { notApplicableReason: 'Plant shut down' });
  });

  const period = 'from=2026-01-01&to=2026-06-30';

  it('counts each outcome once, rates it and colours it by the rule', async () => {
    const rows = await ok<ScorecardRow[]>(suite.t, suite.admin, 'GET', `/api/reports/scorecard?${period}`);
    expect(rows).toEqual([
      {
        key: facilityId,
        label: arabicName,
        due: 5,
        onTime: 1,
        late: 1,
        missed: 1,
        notApplicable: 1,
        openOverdue: 1,
        onTimeRate: 1 / 3,
        // The findings the late and missed tasks opened by themselves (automatic sources on by default).
        openFindings: 2,
        rag: 'RED',
      },
    ]);
    const trend = await ok<TrendRow[]>(suite.t, suite.admin, 'GET', `/api/reports/trend?${period}&groupBy=category`);
    expect(trend.map((row) => [row.month, row.due, row.onTime, row.late, row.missed, row.overdueAtMonthEnd])).toEqual([
      ['2026-01', 1, 1, 0, 0, 0],
      // February's task was done on the 13th: not overdue at the end of February.
      ['2026-02', 1, 0, 1, 0, 0],
      // March's was done on the 30th; April's is not applicable; May's is overdue on 20 May (today).
      ['2026-03', 1, 0, 0, 1, 0],
      ['2026-04', 0, 0, 0, 0, 0],
      ['2026-05', 1, 0, 0, 0, 1],
      ['2026-06', 1, 0, 0, 0, 1],
    ]);
    expect(trend.every((row) => row.key === 'WATER' && row.label === 'WATER')).toBe(true);
  });

  it('sends the scorecard as a PDF with its chart, table and rule, and the trend too', async () => {
    for (const path of ['scorecard', 'trend']) {
      const response = await suite.t.app.inject({
        method: 'GET',
        url: `/api/reports/${path}/export?${period}&format=PDF`,
        headers: bearer(suite.admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`${path}-2026-01-01-to-2026-06-30.pdf`);
      const text = pdfText(response.rawPayload);
      expect(text).toContain(path === 'scorecard' ? 'Scorecard' : 'Trend');
      expect(text).toContain('Tasks due from 2026-01-01 to 2026-06-30');
      expect(text).toContain(arabicName);
      if (path === 'scorecard') {
        expect(text).toContain('Outcomes by group');
        expect(text).toMatch(/33\.3 %/);
        expect(text).toContain('RED');
        expect(text).toContain('RED for a missed task');
      } else {
        expect(text).toContain('Completions, on-time rate and overdue by month');
        expect(text).toContain('2026-05');
      }
    }
  });

  it('sends the report as Excel: numbers as numbers, rates as percentages, dates as dates', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/reports/trend/export?${period}&format=XLSX`,
      headers: bearer(suite.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Trend')!;
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(sheet.getRow(4).getCell(1).value).toBe('Month');
    const may = sheet.getRow(9);
    expect(may.getCell(1).value).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(may.getCell(1).numFmt).toBe('yyyy-mm');
    expect(may.getCell(2).value).toBe(arabicName);
    expect(may.getCell(3).value).toBe(1);
    expect(may.getCell(7).value).toBe(1);
    const january = sheet.getRow(5);
    expect(january.getCell(8).value).toBe(1);
    expect(january.getCell(8).numFmt).toBe('0.0%');

    const scorecard = await suite.t.app.inject({
      method: 'GET',
      url: `/api/reports/scorecard/export?${period}&format=XLSX`,
      headers: bearer(suite.admin),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(scorecard.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Scorecard')!.getRow(5);
    expect(row.values).toEqual([undefined, arabicName, 5, 1, 1, 1, 1, 1, 1 / 3, 2, 'RED']);
  });

  it('refuses an unknown format with 400', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/reports/scorecard/export?${period}&format=DOCX`,
      headers: bearer(suite.admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('format');
  });
});
