import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { FILE_HEAD_BYTES } from '@rtms/shared/upload-rules';
import type { ReceivedUpload } from '../../platform/uploads';
import { systemClock } from '../../platform/clock';
import {
  countTaskEvidence,
  createDocumentsService,
  type DocumentsService,
} from '../../features/documents/documents.service';
import { createTasksService } from '../../features/tasks/tasks.service';
import { createFileStorage } from '../../storage/create-storage';
import { tally, type DemoContext } from './context';

/**
 * Demo documents: a few library documents (plans, permits, a policy) and evidence files (inspection
 * reports and reading logs) on completed tasks, uploaded through the documents service (checked, stored,
 * audited) as generated PDF and CSV files.
 */

interface DemoLibraryDocument {
  title: string;
  fileName: string;
  /** Facility code; none = a company-wide document. */
  facility?: string;
  programArea?: string;
  /** Regulation citation. */
  regulation?: string;
  tags: string[];
  retainUntil?: string;
  description: string;
  paragraphs: string[];
}

export const DEMO_LIBRARY_DOCUMENTS: DemoLibraryDocument[] = [
  {
    title: 'Corporate Environmental, Health & Safety Policy',
    fileName: 'EHS-Policy-2025.pdf',
    tags: ['Policy', 'Corporate'],
    description: 'Signed by the CEO; applies to every site.',
    paragraphs: [
      'We operate every facility in compliance with all applicable environmental, health and safety laws, permits and commitments.',
      'Each site keeps its obligations, inspections and evidence in RTMS, and reviews overdue items weekly.',
    ],
  },
  {
    title: 'Stormwater Pollution Prevention Plan (SWPPP)',
    fileName: 'SWR-W SWPPP rev 3.pdf',
    facility: 'SWR-W',
    programArea: 'Stormwater',
    regulation: '40 CFR 122.26',
    tags: ['Plan', 'SWPPP', 'Stormwater'],
    retainUntil: '2031-12-31',
    description: 'Revision 3 after the substation expansion; outfalls 001–004.',
    paragraphs: [
      'This plan identifies potential sources of stormwater pollution at Sweetwater Ridge Wind and the best management practices that control them.',
      'Quarterly visual monitoring is performed at outfalls 001 to 004; results are attached to the corresponding RTMS tasks.',
    ],
  },
  {
    title: 'Spill Prevention, Control, and Countermeasure (SPCC) Plan',
    fileName: 'CGH-H SPCC Plan.pdf',
    facility: 'CGH-H',
    programArea: 'SPCC',
    regulation: '40 CFR 112',
    tags: ['Plan', 'SPCC'],
    retainUntil: '2030-06-30',
    description: 'Certified by a Professional Engineer; five-year review due 2030.',
    paragraphs: [
      'Oil-filled equipment: two main step-up transformers (18,500 gal each), governor oil systems, and a 2,000 gal diesel tank.',
      'Monthly inspections of secondary containment are recorded in RTMS with photographs as evidence.',
    ],
  },
  {
    title: 'Eagle Conservation Plan',
    fileName: 'RMS-W Eagle Conservation Plan.pdf',
    facility: 'RMS-W',
    programArea: 'Avian & Bat Protection',
    regulation: '16 U.S.C. 668–668d',
    tags: ['Plan', 'Eagles', 'USFWS'],
    description: 'Supports the incidental take permit application.',
    paragraphs: [
      'Post-construction fatality monitoring follows the protocol agreed with the U.S. Fish and Wildlife Service.',
      'Carcass searches are scheduled weekly in spring and fall migration and monthly otherwise.',
    ],
  },
  {
    title: 'Title V Air Operating Permit',
    fileName: 'PNB-BM Title V Permit.pdf',
    facility: 'PNB-BM',
    programArea: 'Air Quality',
    tags: ['Permit', 'Title V'],
    retainUntil: '2032-12-31',
    description: 'Permit term 2025–2030; semi-annual monitoring reports.',
    paragraphs: [
      'Emission limits: particulate matter, NOx and CO from the wood-fired boiler, with continuous opacity monitoring.',
      'Semi-annual monitoring reports and the annual compliance certification are tracked as RTMS requirements.',
    ],
  },
];

/** A simple PDF: a title, a subtitle and paragraphs. */
async function pdfOf(title: string, subtitle: string, paragraphs: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title, Creator: 'RTMS demo' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555555').text(subtitle).fillColor('black');
  doc.moveDown();
  for (const paragraph of paragraphs) doc.fontSize(11).text(paragraph, { align: 'justify' }).moveDown(0.6);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Writes `content` as a received upload (what the multipart route hands the service). */
function receivedUpload(
  tempDir: string,
  fileName: string,
  content: Buffer,
  fields: Record<string, string | string[]>,
): ReceivedUpload {
  fs.mkdirSync(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${randomUUID()}.upload`);
  fs.writeFileSync(tempPath, content, { mode: 0o600 });
  return {
    fields,
    file: {
      tempPath,
      clientFileName: fileName,
      clientMediaType: '',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      head: content.subarray(0, FILE_HEAD_BYTES),
    },
    cleanup: async () => fs.rmSync(tempPath, { force: true }),
  };
}

/** How many completed tasks get evidence, at most. */
const EVIDENCE_TASKS = 24;

export async function loadDocuments(ctx: DemoContext): Promise<void> {
  const tempDir = path.join(ctx.config.dataDir, 'upload-tmp');
  const tasks = createTasksService(ctx.db, ctx.services.audit, {
    clock: systemClock,
    countEvidence: countTaskEvidence,
  });
  const documents: DocumentsService = createDocumentsService(
    ctx.db,
    ctx.services.audit,
    createFileStorage(ctx.config.storage),
    {
      facilities: ctx.services.facilities,
      programAreas: ctx.services.programAreas,
      regulations: ctx.services.regulations,
    },
    { maxBytes: ctx.config.storage.maxBytes, tempDir, tasks },
  );
  const upload = async (fileName: string, content: Buffer, fields: Record<string, string | string[]>) => {
    const received = receivedUpload(tempDir, fileName, content, fields);
    try {
      return await documents.upload(ctx.principal, received);
    } finally {
      await received.cleanup();
    }
  };

  const library = tally(ctx, 'library documents');
  for (const item of DEMO_LIBRARY_DOCUMENTS) {
    const existing = await ctx.db
      .selectFrom('documents')
      .select('id')
      .where('kind', '=', 'LIBRARY')
      .where('title', '=', item.title)
      .executeTakeFirst();
    if (existing) {
      library.existing();
      continue;
    }
    const fields: Record<string, string | string[]> = {
      kind: 'LIBRARY',
      title: item.title,
      description: item.description,
      tags: item.tags,
    };
    const facilityId = item.facility ? ctx.refs.facilities.get(item.facility) : undefined;
    if (item.facility && !facilityId) continue; // the facility loader did not run
    if (facilityId) fields.facilityId = facilityId;
    const programAreaId = item.programArea ? ctx.refs.programAreas.get(item.programArea) : undefined;
    if (programAreaId) fields.programAreaId = programAreaId;
    const regulationId = item.regulation ? ctx.refs.regulations.get(item.regulation) : undefined;
    if (regulationId) fields.regulationId = regulationId;
    if (item.retainUntil) fields.retainUntil = item.retainUntil;
    await upload(item.fileName, await pdfOf(item.title, item.description, item.paragraphs), fields);
    library.created();
  }
  library.print();

  // Evidence on the most recent completed tasks, up to EVIDENCE_TASKS tasks with evidence in all: a
  // second run adds none (none until tasks exist).
  const evidence = tally(ctx, 'evidence files');
  const withEvidence = await ctx.db
    .selectFrom('documents')
    .select((eb) => eb.fn.count<number>('documents.id').as('files'))
    .select((eb) => eb.fn.count<number>('documents.taskId').distinct().as('tasks'))
    .where('documents.kind', '=', 'TASK')
    .executeTakeFirstOrThrow();
  for (let index = 0; index < Number(withEvidence.files); index += 1) evidence.existing();
  const wanted = EVIDENCE_TASKS - Number(withEvidence.tasks);
  const completed =
    wanted <= 0
      ? []
      : await ctx.db
          .selectFrom('tasks')
          .innerJoin('facilities', 'facilities.id', 'tasks.facilityId')
          .select(['tasks.id', 'tasks.title', 'tasks.dueDate', 'tasks.completedOn', 'facilities.name as facilityName'])
          .where('tasks.status', '=', 'COMPLETED')
          .where('tasks.id', 'not in', (eb) =>
            eb.selectFrom('documents').select('documents.taskId').where('documents.taskId', 'is not', null),
          )
          .orderBy('tasks.dueDate', 'desc')
          .orderBy('tasks.id')
          .limit(wanted)
          .execute();
  for (const task of completed) {
    const date = task.completedOn ?? task.dueDate;
    const report = await pdfOf(`${task.title} — inspection report`, `${task.facilityName}, inspected on ${date}`, [
      `Inspection performed for the occurrence due ${task.dueDate}. All items on the checklist were reviewed.`,
      'Findings: no deficiencies requiring corrective action. Photographs are kept with the site records.',
    ]);
    await upload(`Inspection report ${date}.pdf`, report, {
      kind: 'TASK',
      taskId: task.id,
      evidenceDate: date,
      tags: ['Inspection'],
    });
    evidence.created();
    const readings = `date,point,reading,unit\n${date},1,0.4,NTU\n${date},2,0.7,NTU\n${date},3,0.5,NTU\n`;
    await upload(`Field readings ${date}.csv`, Buffer.from(readings), {
      kind: 'TASK',
      taskId: task.id,
      evidenceDate: date,
      tags: ['Readings'],
    });
    evidence.created();
  }
  evidence.print();
}
