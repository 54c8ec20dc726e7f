import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { csvDocument, type CsvCell } from '@rtms/shared/csv';
import { PdfText } from './pdf-text';

/**
 * The index of an evidence pack, as CSV (exact values, for spreadsheets) and PDF (for reading and
 * printing): every task with its due and completion dates, timeliness and who completed it, and every
 * evidence file with its SHA-256 and whether the stored bytes still match it.
 */

/** Whether an evidence file's stored bytes still have the SHA-256 recorded at upload. */
export type FileCheck = 'OK' | 'CHANGED' | 'MISSING';

/** How a task stands: its recorded timeliness once completed, otherwise derived from today at the facility. */
export type PackTimeliness = 'ON_TIME' | 'LATE' | 'MISSED' | 'NOT_APPLICABLE' | 'OVERDUE' | 'OPEN';

export interface PackFile {
  title: string;
  fileName: string;
  evidenceDate: string | null;
  uploadedByName: string | null;
  uploadedAt: string;
  version: number;
  size: number;
  sha256: string;
  /** Path inside the ZIP. */
  path: string;
  check: FileCheck;
}

export interface PackTask {
  facilityName: string;
  facilityCode: string;
  requirementTitle: string;
  citation: string | null;
  title: string;
  /** The task's number as the app shows it ("No. 101"): taskNumberOf(sequence). */
  number: number;
  periodLabel: string;
  scheduledDueDate: string;
  dueDate: string;
  status: string;
  timeliness: PackTimeliness;
  completedOn: string | null;
  completedByName: string | null;
  completionNote: string | null;
  notApplicableReason: string | null;
  evidenceRequired: boolean;
  minEvidence: number;
  files: PackFile[];
  /** Reviewers' signatures (and rejections), oldest first. */
  signatures: PackSignature[];
}

/** A reviewer's signature as the index shows it (pack-signatures.ts). */
export interface PackSignature {
  signerName: string;
  signedAt: string;
  decision: string;
  meaning: string | null;
  reason: string | null;
  method: string;
  evidence: { fileName: string; version: number; sha256: string }[];
}

/** One signature in words: "Approved (meaning: Reviewed) by Ada Reviewer at …Z, re-authenticated by password". */
export function signatureLine(signature: PackSignature): string {
  const what = signature.decision === 'APPROVE' ? 'Approved' : 'Rejected';
  const meaning = signature.meaning ? ` (meaning: ${MEANING_LABEL[signature.meaning] ?? signature.meaning})` : '';
  const method = METHOD_LABEL[signature.method] ?? signature.method;
  const reason = signature.reason ? `; reason: ${signature.reason}` : '';
  return `${what}${meaning} by ${signature.signerName} at ${signature.signedAt}, ${method}${reason}`;
}

const MEANING_LABEL: Record<string, string> = { REVIEWED: 'Reviewed', APPROVED: 'Approved' };
const METHOD_LABEL: Record<string, string> = {
  PASSWORD: 're-authenticated by password',
  TOTP: 're-authenticated by an authenticator code',
  SINGLE_SIGN_ON: 're-authenticated by single sign-on',
  NONE: 'no re-authentication (a rejection signs nothing)',
};

export interface PackIndex {
  /** e.g. "Facility: Sweetwater Wind (SWW)". */
  scope: string[];
  from: string;
  to: string;
  generatedAt: string;
  generatedBy: string;
  tasks: PackTask[];
}

const CSV_COLUMNS = [
  'Facility',
  'Facility code',
  'Requirement',
  'Citation',
  'Task',
  'Task number',
  'Period',
  'Scheduled due date',
  'Due date',
  'Status',
  'Completed on',
  'Completed by',
  'Timeliness',
  'Not applicable reason',
  'Completion note',
  'Evidence required',
  'Evidence count',
  'Signatures',
  'Evidence title',
  'Evidence file',
  'Evidence date',
  'Uploaded by',
  'Uploaded at',
  'Version',
  'Size (bytes)',
  'SHA-256',
  'File check',
  'Path in pack',
] as const;

/** The index as CSV: one row per evidence file, and one row for a task without evidence. UTF-8 with BOM (Excel). */
export function indexCsv(index: PackIndex): string {
  const records: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const task of index.tasks) {
    const taskCells = [
      task.facilityName,
      task.facilityCode,
      task.requirementTitle,
      task.citation,
      task.title,
      task.number,
      task.periodLabel,
      task.scheduledDueDate,
      task.dueDate,
      STATUS_LABEL[task.status] ?? task.status,
      task.completedOn,
      task.completedByName,
      TIMELINESS_LABEL[task.timeliness],
      task.notApplicableReason,
      task.completionNote,
      task.evidenceRequired ? `yes (at least ${Math.max(1, task.minEvidence)})` : 'no',
      task.files.length,
      task.signatures
        .map(
          (signature) =>
            `${signatureLine(signature)}; covers ${
              signature.evidence.map((e) => `${e.fileName} v${e.version} SHA-256 ${e.sha256}`).join(', ') ||
              'no evidence'
            }`,
        )
        .join(' | '),
    ];
    const files: (PackFile | undefined)[] = task.files.length ? task.files : [undefined];
    for (const file of files) {
      const fileCells = file
        ? [
            file.title,
            file.fileName,
            file.evidenceDate,
            file.uploadedByName,
            file.uploadedAt,
            file.version,
            file.size,
            file.sha256,
            FILE_CHECK_LABEL[file.check],
            file.path,
          ]
        : ['', '', '', '', '', '', '', '', '', ''];
      records.push([...taskCells, ...fileCells]);
    }
  }
  return csvDocument(records);
}

/** `sha256sum -c` input: the SHA-256 recorded at upload of every evidence file, by its path in the pack. */
export function sha256Sums(index: PackIndex): string {
  return index.tasks.flatMap((task) => task.files.map((file) => `${file.sha256}  ${file.path}\n`)).join('');
}

/** Counts for the summary of the PDF. */
function summaryOf(index: PackIndex): [string, number][] {
  const count = (timeliness: PackTimeliness) => index.tasks.filter((task) => task.timeliness === timeliness).length;
  const files = index.tasks.reduce((sum, task) => sum + task.files.length, 0);
  const lacking = index.tasks.filter(
    (task) =>
      task.evidenceRequired &&
      task.files.length < Math.max(1, task.minEvidence) &&
      task.timeliness !== 'NOT_APPLICABLE',
  ).length;
  return [
    ['Tasks', index.tasks.length],
    ['Completed on time', count('ON_TIME')],
    ['Completed late (within grace)', count('LATE')],
    ['Missed', count('MISSED')],
    ['Overdue (not yet missed)', count('OVERDUE')],
    ['Open', count('OPEN')],
    ['Not applicable', count('NOT_APPLICABLE')],
    ['Evidence files', files],
    ['Tasks without the required evidence', lacking],
    [
      'Files whose bytes no longer match their SHA-256',
      index.tasks.reduce((n, t) => n + t.files.filter((f) => f.check !== 'OK').length, 0),
    ],
  ];
}

/** Labels, never codes, in both the CSV and the PDF (the pack's words are English throughout). */
const STATUS_LABEL: Record<string, string> = {
  COMPLETED: 'Completed',
  INCOMPLETE: 'Incomplete',
  PENDING_REVIEW: 'Completed, awaiting review',
};
const FILE_CHECK_LABEL: Record<FileCheck, string> = {
  OK: 'OK',
  CHANGED: 'Changed since upload',
  MISSING: 'Missing from storage',
};
const TIMELINESS_LABEL: Record<PackTimeliness, string> = {
  ON_TIME: 'On time',
  LATE: 'Late',
  MISSED: 'Missed',
  NOT_APPLICABLE: 'Not applicable',
  OVERDUE: 'Overdue',
  OPEN: 'Open',
};

/** Every text of the index that comes from the data (names, titles, notes): what the fonts must cover. */
function textsOf(index: PackIndex): string[] {
  return [
    ...index.scope,
    index.generatedBy,
    ...index.tasks.flatMap((task) => [
      task.facilityName,
      task.facilityCode,
      task.requirementTitle,
      task.citation ?? '',
      task.title,
      task.periodLabel,
      task.completedByName ?? '',
      task.completionNote ?? '',
      task.notApplicableReason ?? '',
      ...task.files.flatMap((file) => [file.title, file.fileName, file.uploadedByName ?? '']),
      ...task.signatures.map(signatureLine),
    ]),
  ];
}

/**
 * The index as a PDF (A4 landscape), written page by page into the returned stream. Fixed English labels
 * are in Helvetica; every value from the data goes through PdfText (Noto fonts embedded as subsets), so
 * Arabic, Chinese and accented names print as they are.
 */
export async function indexPdf(index: PackIndex): Promise<Readable> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: 'Evidence pack', Author: index.generatedBy, Creator: 'RTMS' },
  });
  const text = await PdfText.prepare(doc, textsOf(index));
  const out = new PassThrough();
  doc.pipe(out);

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let pageNumber = 1;
  const footer = () => {
    // Written inside the bottom margin: lifted for the moment, so that pdfkit does not break the page.
    const margin = doc.page.margins.bottom;
    const y = doc.page.height - margin + 10;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#666666')
      .text(`Evidence pack ${index.from} to ${index.to} - page ${pageNumber}`, left, y, {
        width: right - left,
        align: 'right',
        lineBreak: false,
      })
      .fillColor('black');
    doc.page.margins.bottom = margin;
  };

  // Title and summary.
  doc.font('Helvetica-Bold').fontSize(18).text('Evidence pack', left, doc.y);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  for (const line of index.scope) text.draw(line, left, doc.y, right - left, 10);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Tasks due from ${index.from} to ${index.to}`, left, doc.y + 2);
  text.draw(`Generated ${index.generatedAt} by ${index.generatedBy}`, left, doc.y, right - left, 10);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).text('Summary');
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of summaryOf(index)) doc.text(`${label}: ${value}`);
  doc
    .moveDown(0.4)
    .fontSize(8)
    .fillColor('#444444')
    .text(
      'Every evidence file is in the "evidence" folder of this ZIP; SHA256SUMS.txt lists the SHA-256 recorded at upload ' +
        '(check with "sha256sum -c SHA256SUMS.txt"). "File check" tells whether the stored bytes still matched when this pack was made.',
      { width: right - left },
    )
    .fillColor('black');
  doc.moveDown(0.8);

  const columns = [
    { title: 'Facility', width: 100 },
    { title: 'Requirement / task', width: 220 },
    { title: 'Period', width: 55 },
    { title: 'Due', width: 58 },
    { title: 'Completed', width: 58 },
    { title: 'Completed by', width: 100 },
    { title: 'Timeliness', width: 62 },
    { title: 'Evidence', width: right - left - 653 },
  ];
  const header = () => {
    let x = left;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8);
    for (const column of columns) {
      doc.text(column.title, x, y, { width: column.width - 4, lineBreak: false });
      x += column.width;
    }
    doc
      .moveTo(left, y + 11)
      .lineTo(right, y + 11)
      .lineWidth(0.5)
      .stroke();
    doc.y = y + 14;
  };
  const newPage = () => {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc.y = doc.page.margins.top;
    header();
  };

  if (index.tasks.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No task of this selection is due in this period.');
  } else {
    header();
  }
  for (const task of index.tasks) {
    const values = [
      `${task.facilityName} (${task.facilityCode})`,
      `${task.requirementTitle}${task.citation ? ` — ${task.citation}` : ''}\n${task.title} No. ${task.number}`,
      task.periodLabel,
      task.dueDate,
      task.completedOn ?? '',
      task.completedByName ?? '',
      TIMELINESS_LABEL[task.timeliness],
      `${task.files.length} file${task.files.length === 1 ? '' : 's'}${
        task.evidenceRequired ? ` (${Math.max(1, task.minEvidence)} required)` : ''
      }`,
    ];
    // The requirement and the task are two paragraphs of one cell (each with its own direction).
    const cellHeight = (value: string, width: number) =>
      value.split('\n').reduce((sum, part) => sum + text.height(part, width, 8), 0);
    const rowHeight = Math.max(...values.map((value, i) => cellHeight(value, (columns[i]?.width ?? 50) - 4)));
    if (doc.y + rowHeight > bottom()) newPage();
    const y = doc.y;
    let x = left;
    values.forEach((value, i) => {
      let at = y;
      for (const part of value.split('\n')) at += text.draw(part, x, at, (columns[i]?.width ?? 50) - 4, 8);
      x += columns[i]?.width ?? 50;
    });
    doc.y = y + rowHeight + 2;
    const note = task.notApplicableReason
      ? `Not applicable: ${task.notApplicableReason}`
      : task.completionNote
        ? `Note: ${task.completionNote}`
        : '';
    if (note) {
      const height = text.height(note, right - left - 110, 8);
      if (doc.y + height > bottom()) newPage();
      text.draw(note, left + 100, doc.y, right - left - 110, 8, '#444444');
    }
    for (const file of task.files) {
      const line =
        `${file.fileName} — ${file.title}${file.evidenceDate ? ` — evidence date ${file.evidenceDate}` : ''} — uploaded ${file.uploadedAt.slice(0, 10)}` +
        `${file.uploadedByName ? ` by ${file.uploadedByName}` : ''} — v${file.version}${file.check === 'OK' ? '' : ` — ${FILE_CHECK_LABEL[file.check]}`}`;
      const height = text.height(line, right - left - 110, 7) + 9;
      if (doc.y + height > bottom()) newPage();
      text.draw(line, left + 100, doc.y, right - left - 110, 7);
      doc
        .font('Courier')
        .fontSize(7)
        .text(`SHA-256 ${file.sha256}`, left + 100, doc.y, { width: right - left - 110 });
    }
    for (const signature of task.signatures) {
      const line = `Signature: ${signatureLine(signature)}`;
      const hashes = signature.evidence.map((e) => `${e.fileName} v${e.version} SHA-256 ${e.sha256}`);
      if (doc.y + text.height(line, right - left - 110, 7) + hashes.length * 9 > bottom()) newPage();
      text.draw(line, left + 100, doc.y, right - left - 110, 7);
      for (const hash of hashes) text.draw(`  covers ${hash}`, left + 100, doc.y, right - left - 110, 7);
    }
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(right, doc.y + 2)
      .lineWidth(0.2)
      .strokeColor('#bbbbbb')
      .stroke()
      .strokeColor('black');
    doc.y += 5;
  }
  footer();
  doc.end();
  return out;
}
