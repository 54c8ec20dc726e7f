import PDFDocument from 'pdfkit';
import type { ScorecardRow, TrendRow } from '@rtms/shared/schemas/reports';
import { PdfText } from '../evidence-packs/pdf-text';
import { DEFINITIONS, GROUP_TITLE, RAG_RULE, groupLabel, monthTotals, type ReportFile } from './report-files';

/**
 * A report as a PDF (A4 landscape): its charts drawn as vector shapes, then its table, with the definitions and
 * the status rule. Values from the data (names, titles) go through PdfText, so any script prints as it is.
 */

const COLORS = { onTime: '#389e0d', late: '#d48806', missed: '#cf1322', overdue: '#595959', rate: '#1677ff' };
const RAG_COLORS: Record<string, string> = { RED: '#cf1322', AMBER: '#d48806', GREEN: '#389e0d' };
/** Groups drawn in the scorecard's chart (those with the most tasks due); the table lists every group. */
const CHART_GROUPS = 20;

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

type Doc = PDFKit.PDFDocument;

function legend(doc: Doc, x: number, y: number, items: [string, string][]): void {
  let at = x;
  doc.font('Helvetica').fontSize(8);
  for (const [label, color] of items) {
    doc.rect(at, y, 8, 8).fill(color);
    doc.fillColor('black').text(label, at + 11, y, { lineBreak: false });
    at += 20 + doc.widthOfString(label);
  }
}

/** Horizontal stacked bars per group: on time, late, missed and open overdue. */
function scorecardChart(doc: Doc, text: PdfText, rows: ScorecardRow[], file: ReportFile, box: Box): void {
  const shown = [...rows].sort((a, b) => b.due - a.due).slice(0, CHART_GROUPS);
  const labelWidth = 150;
  const max = Math.max(1, ...shown.map((row) => row.onTime + row.late + row.missed + row.openOverdue));
  const barHeight = Math.min(14, (box.height - 20) / Math.max(1, shown.length));
  doc.font('Helvetica-Bold').fontSize(10).text('Outcomes by group', box.x, box.y);
  legend(doc, box.x + 150, box.y + 1, [
    ['On time', COLORS.onTime],
    ['Late', COLORS.late],
    ['Missed', COLORS.missed],
    ['Open overdue', COLORS.overdue],
  ]);
  let y = box.y + 16;
  for (const row of shown) {
    text.draw(groupLabel(file.meta.groupBy, row.key, row.label), box.x, y + 1, labelWidth - 6, 7);
    let x = box.x + labelWidth;
    for (const [value, color] of [
      [row.onTime, COLORS.onTime],
      [row.late, COLORS.late],
      [row.missed, COLORS.missed],
      [row.openOverdue, COLORS.overdue],
    ] as const) {
      const width = ((box.width - labelWidth - 40) * value) / max;
      if (width > 0) doc.rect(x, y, width, barHeight - 3).fill(color);
      x += width;
    }
    doc
      .fillColor('black')
      .font('Helvetica')
      .fontSize(7)
      .text(percent(row.onTimeRate), x + 4, y + 1, { lineBreak: false });
    y += barHeight;
  }
  doc.y = y + 6;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Stacked monthly bars of completions by timeliness, the on-time rate as a line, and overdue at month end. */
function trendChart(doc: Doc, rows: TrendRow[], box: Box): void {
  const months = monthTotals(rows);
  const plot = { x: box.x + 30, y: box.y + 18, width: box.width - 60, height: box.height - 40 };
  const max = Math.max(1, ...months.map((m) => Math.max(m.onTime + m.late + m.missed, m.overdue)));
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('black')
    .text('Completions, on-time rate and overdue by month', box.x, box.y);
  legend(doc, box.x + 260, box.y + 1, [
    ['On time', COLORS.onTime],
    ['Late', COLORS.late],
    ['Missed', COLORS.missed],
    ['Overdue at month end', COLORS.overdue],
    ['On-time rate', COLORS.rate],
  ]);
  doc
    .moveTo(plot.x, plot.y)
    .lineTo(plot.x, plot.y + plot.height)
    .lineTo(plot.x + plot.width, plot.y + plot.height)
    .lineWidth(0.5)
    .stroke('#8c8c8c');
  doc.font('Helvetica').fontSize(6).fillColor('black');
  doc.text(String(max), box.x, plot.y - 3, { width: 26, align: 'right', lineBreak: false });
  doc.text('0', box.x, plot.y + plot.height - 3, { width: 26, align: 'right', lineBreak: false });
  doc.text('100 %', plot.x + plot.width + 3, plot.y - 3, { lineBreak: false });
  const step = plot.width / Math.max(1, months.length);
  const barWidth = Math.max(2, step * 0.35);
  const ratePoints: [number, number][] = [];
  months.forEach((month, index) => {
    const x = plot.x + index * step + step * 0.1;
    let top = plot.y + plot.height;
    for (const [value, color] of [
      [month.onTime, COLORS.onTime],
      [month.late, COLORS.late],
      [month.missed, COLORS.missed],
    ] as const) {
      const height = (plot.height * value) / max;
      if (height > 0) doc.rect(x, top - height, barWidth, height).fill(color);
      top -= height;
    }
    const overdue = (plot.height * month.overdue) / max;
    if (overdue > 0) doc.rect(x + barWidth + 1, plot.y + plot.height - overdue, barWidth, overdue).fill(COLORS.overdue);
    if (month.rate !== null) ratePoints.push([x + barWidth, plot.y + plot.height * (1 - month.rate)]);
    if (months.length <= 18 || index % 3 === 0) {
      doc
        .fillColor('black')
        .fontSize(6)
        .text(month.month, x - 4, plot.y + plot.height + 3, { lineBreak: false });
    }
  });
  if (ratePoints.length > 1) {
    doc.moveTo(...ratePoints[0]!);
    for (const point of ratePoints.slice(1)) doc.lineTo(...point);
    doc.lineWidth(1.2).stroke(COLORS.rate);
  }
  for (const point of ratePoints) doc.circle(point[0], point[1], 1.6).fill(COLORS.rate);
  doc.fillColor('black');
  doc.y = box.y + box.height + 6;
}

/** The table of the report, page after page, with its header on each page. */
function table(doc: Doc, text: PdfText, file: ReportFile, left: number, right: number): void {
  const group = GROUP_TITLE[file.meta.groupBy];
  const headers =
    file.report === 'SCORECARD'
      ? [group, 'Due', 'On time', 'Late', 'Missed', 'N/A', 'Open overdue', 'On-time rate', 'Findings', 'Status']
      : ['Month', group, 'Due', 'On time', 'Late', 'Missed', 'Overdue at month end', 'On-time rate'];
  const first = file.report === 'SCORECARD' ? 200 : 60;
  const second = file.report === 'SCORECARD' ? 0 : 180;
  const rest = (right - left - first - second) / (headers.length - (second ? 2 : 1));
  const widths = headers.map((_, i) => (i === 0 ? first : i === 1 && second ? second : rest));
  const header = () => {
    const y = doc.y;
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8);
    headers.forEach((title, i) => {
      doc.text(title, x, y, { width: widths[i]! - 4, lineBreak: false });
      x += widths[i]!;
    });
    doc
      .moveTo(left, y + 11)
      .lineTo(right, y + 11)
      .lineWidth(0.5)
      .stroke('black');
    doc.y = y + 14;
  };
  header();
  const cells: { values: string[]; rag?: string }[] =
    file.report === 'SCORECARD'
      ? file.rows.map((row) => ({
          values: [
            groupLabel(file.meta.groupBy, row.key, row.label),
            ...[row.due, row.onTime, row.late, row.missed, row.notApplicable, row.openOverdue].map(String),
            percent(row.onTimeRate),
            String(row.openFindings),
            row.rag,
          ],
          rag: row.rag,
        }))
      : file.rows.map((row) => ({
          values: [
            row.month,
            groupLabel(file.meta.groupBy, row.key, row.label),
            ...[row.due, row.onTime, row.late, row.missed, row.overdueAtMonthEnd].map(String),
            percent(row.onTimeRate),
          ],
        }));
  for (const { values, rag } of cells) {
    if (doc.y + 12 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = left;
    values.forEach((value, i) => {
      const color = rag && i === values.length - 1 ? RAG_COLORS[rag] : 'black';
      text.draw(value, x, y, widths[i]! - 4, 8, color);
      x += widths[i]!;
    });
    doc.y = y + 12;
  }
}

/** The report as a PDF file. */
export async function reportPdf(file: ReportFile): Promise<Buffer> {
  const title = file.report === 'SCORECARD' ? 'Scorecard' : 'Trend';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: `${title} ${file.meta.from} to ${file.meta.to}`, Author: file.meta.generatedBy, Creator: 'RTMS' },
  });
  const labels = file.rows.map((row) => row.label);
  const text = await PdfText.prepare(doc, [...labels, file.meta.generatedBy]);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).text(title, left, doc.y);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Tasks due from ${file.meta.from} to ${file.meta.to}, by ${GROUP_TITLE[file.meta.groupBy].toLowerCase()}`);
  text.draw(`Generated ${file.meta.generatedAt} for ${file.meta.generatedBy}`, left, doc.y, right - left, 9);
  doc.moveDown(0.5);
  const box = { x: left, y: doc.y, width: right - left, height: 250 };
  if (file.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No task of this selection is due in this period.');
  } else if (file.report === 'SCORECARD') {
    scorecardChart(doc, text, file.rows, file, box);
  } else {
    trendChart(doc, file.rows, box);
  }
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#444444')
    .text(DEFINITIONS, left, doc.y, { width: right - left });
  if (file.report === 'SCORECARD') doc.text(RAG_RULE, { width: right - left });
  doc.fillColor('black').moveDown(0.6);
  if (file.rows.length) table(doc, text, file, left, right);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
