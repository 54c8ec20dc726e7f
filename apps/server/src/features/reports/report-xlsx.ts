import ExcelJS from 'exceljs';
import { DEFINITIONS, GROUP_TITLE, RAG_RULE, groupLabel, type ReportFile } from './report-files';

/** A calendar date `YYYY-MM-DD` as an Excel date (midnight UTC, which Excel shows as that day). */
function excelDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * A report as an Excel workbook: numbers as numbers, rates as percentages, the period and each month as dates,
 * with the definitions and the status rule under the table.
 */
export async function reportXlsx(file: ReportFile): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = file.meta.generatedBy;
  workbook.created = new Date(file.meta.generatedAt);
  const title = file.report === 'SCORECARD' ? 'Scorecard' : 'Trend';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 4 }] });
  sheet.addRow([title]).font = { bold: true, size: 14 };
  const period = sheet.addRow(['From', excelDate(file.meta.from), 'To', excelDate(file.meta.to)]);
  period.getCell(2).numFmt = 'yyyy-mm-dd';
  period.getCell(4).numFmt = 'yyyy-mm-dd';
  sheet.addRow(['Generated', new Date(file.meta.generatedAt), 'By', file.meta.generatedBy]).getCell(2).numFmt =
    'yyyy-mm-dd hh:mm';
  const group = GROUP_TITLE[file.meta.groupBy];

  if (file.report === 'SCORECARD') {
    sheet.addRow([
      group,
      'Due',
      'On time',
      'Late',
      'Missed',
      'Not applicable',
      'Open overdue',
      'On-time rate',
      'Open findings',
      'Status',
    ]).font = { bold: true };
    for (const row of file.rows) {
      const added = sheet.addRow([
        groupLabel(file.meta.groupBy, row.key, row.label),
        row.due,
        row.onTime,
        row.late,
        row.missed,
        row.notApplicable,
        row.openOverdue,
        row.onTimeRate,
        row.openFindings,
        row.rag,
      ]);
      added.getCell(8).numFmt = '0.0%';
    }
  } else {
    sheet.addRow(['Month', group, 'Due', 'On time', 'Late', 'Missed', 'Overdue at month end', 'On-time rate']).font = {
      bold: true,
    };
    for (const row of file.rows) {
      const added = sheet.addRow([
        excelDate(`${row.month}-01`),
        groupLabel(file.meta.groupBy, row.key, row.label),
        row.due,
        row.onTime,
        row.late,
        row.missed,
        row.overdueAtMonthEnd,
        row.onTimeRate,
      ]);
      added.getCell(1).numFmt = 'yyyy-mm';
      added.getCell(8).numFmt = '0.0%';
    }
  }
  sheet.getColumn(1).width = 28;
  for (let column = 2; column <= 10; column += 1) sheet.getColumn(column).width = 14;
  sheet.addRow([]);
  sheet.addRow([DEFINITIONS]);
  if (file.report === 'SCORECARD') sheet.addRow([RAG_RULE]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
