import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import { graceEndsOn } from '@rtms/shared/recurrence';
import type { EvidencePackQuery } from '@rtms/shared/schemas/documents';
import { sanitizeFileName } from '@rtms/shared/upload-rules';
import { taskNumberOf } from '@rtms/shared/task-number';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { invalid, notFound } from '../../platform/errors';
import { StoredFileMissingError } from '../../storage/file-storage';
import type { DocumentsService, EvidenceFile } from '../documents/documents.service';
import { facilityScopeOf, isFacilityInScope, scopeFacilityIds } from '../user-facilities/facility-scope';
import {
  indexCsv,
  indexPdf,
  sha256Sums,
  type PackFile,
  type PackIndex,
  type PackSignature,
  type PackTask,
  type PackTimeliness,
} from './evidence-pack-index';
import { findSignaturesOfTasks } from '../reviews/reviews.repository';
import { packSignatureOf } from './pack-signatures';
import { findPackTasks, findRequirementTitle, type PackTaskRow } from './evidence-packs.repository';
import { findExportFindings } from '../findings/finding-export.repository';
import { findingsCsv } from '../findings/findings-csv';

/** Most tasks one pack covers; a larger selection is refused with a request to narrow it. */
const MAX_PACK_TASKS = 20_000;

export interface EvidencePack {
  /** The ZIP's file name, e.g. `evidence-pack_SWW_2025-01-01_2025-12-31.zip`. */
  fileName: string;
  /** The ZIP, produced while it is read: evidence files are opened one at a time, never held in memory. */
  stream: Readable;
}

export interface EvidencePacksService {
  /**
   * One ZIP with every active evidence file of the tasks due in [from, to] of the chosen facility,
   * requirement and/or program area (within the caller's facilities), and an index as CSV and PDF.
   */
  build(principal: Principal, query: EvidencePackQuery): Promise<EvidencePack>;
}

export interface EvidencePacksDirectory {
  facilities: { findByIds(ids: string[]): Promise<{ _id: string; name: string; code: string }[]> };
  programAreas: { findByIds(ids: string[]): Promise<{ _id: string; name: string }[]> };
}

/** One folder or file name inside the ZIP: no separators, no hidden characters, bounded length. */
function segment(text: string, max: number, fallback: string): string {
  const clean = sanitizeFileName(text.replace(/[\\/]/g, '-'));
  const chars = Array.from(clean);
  const short =
    chars.length > max
      ? chars
          .slice(0, max)
          .join('')
          .replace(/[\s.]+$/, '')
      : clean;
  return short || fallback;
}

function timelinessOfTask(row: PackTaskRow, today: string): PackTimeliness {
  if (row.notApplicableReason !== null) return 'NOT_APPLICABLE';
  if (row.status === 'COMPLETED') return row.timeliness ?? 'ON_TIME';
  if (today > graceEndsOn(row.dueDate, Number(row.graceDays))) return 'MISSED';
  return today > row.dueDate ? 'OVERDUE' : 'OPEN';
}

/** Streams `source` through, hashing it; `done` gets the SHA-256 once the stream ended. */
function hashing(done: (sha256: string) => void): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      done(hash.digest('hex'));
      callback();
    },
  });
}

const ALREADY_COMPRESSED = /^(image\/|application\/(zip|pdf|vnd\.openxmlformats))/;

export function createEvidencePacksService(
  db: Kysely<Database>,
  documents: Pick<DocumentsService, 'evidenceFiles'>,
  directory: EvidencePacksDirectory,
  options: { now?: () => Date; log?: Pick<FastifyBaseLogger, 'error' | 'warn'> } = {},
): EvidencePacksService {
  const now = options.now ?? (() => new Date());

  return {
    async build(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const scopeLines: string[] = [];
      const labels: string[] = [];
      if (query.facilityId) {
        const [facility] = isFacilityInScope(scope, query.facilityId)
          ? await directory.facilities.findByIds([query.facilityId])
          : [];
        if (!facility) throw notFound('Facility');
        scopeLines.push(`Facility: ${facility.name} (${facility.code})`);
        labels.push(facility.code);
      }
      if (query.requirementId) {
        const requirement = await findRequirementTitle(db, query.requirementId, scopeFacilityIds(scope));
        if (!requirement) throw notFound('Requirement');
        scopeLines.push(`Requirement: ${requirement.title}`);
        labels.push(requirement.title);
      }
      if (query.programAreaId) {
        const [area] = await directory.programAreas.findByIds([query.programAreaId]);
        if (!area) throw notFound('Program area');
        scopeLines.push(`Program area: ${area.name}`);
        labels.push(area.name);
      }
      if (!scope.all) scopeLines.push('Limited to the facilities of the person who made this pack');

      const rows = await findPackTasks(db, { ...query, facilityIds: scopeFacilityIds(scope) }, MAX_PACK_TASKS + 1);
      if (rows.length > MAX_PACK_TASKS) {
        throw invalid(`More than ${MAX_PACK_TASKS} tasks are due in this period; choose a shorter period`, [
          { path: 'to', message: 'Choose a shorter period' },
        ]);
      }
      const findings = await findExportFindings(db, {
        facilityIds: scopeFacilityIds(scope),
        facilityId: query.facilityId,
        requirementId: query.requirementId,
        programAreaId: query.programAreaId,
        from: query.from,
        to: query.to,
      });
      const files = await documents.evidenceFiles(rows.map((row) => row.id));
      const signaturesByTask = new Map<string, PackSignature[]>();
      for (const signature of await findSignaturesOfTasks(
        db,
        rows.map((row) => row.id),
      )) {
        signaturesByTask.set(signature.taskId, [
          ...(signaturesByTask.get(signature.taskId) ?? []),
          packSignatureOf(signature),
        ]);
      }
      const filesByTask = new Map<string, EvidenceFile[]>();
      for (const file of files) filesByTask.set(file.taskId, [...(filesByTask.get(file.taskId) ?? []), file]);

      // Paths are decided now; whether each file's bytes still match is learnt while it is streamed.
      const instant = now();
      const todayByZone = new Map<string, string>();
      const usedPaths = new Set<string>();
      const entries: { file: EvidenceFile; packFile: PackFile }[] = [];
      const tasks: PackTask[] = rows.map((row) => {
        let today = todayByZone.get(row.timeZone);
        if (!today) {
          today = todayInTimeZone(row.timeZone, instant);
          todayByZone.set(row.timeZone, today);
        }
        const folder = [
          'evidence',
          segment(row.facilityCode, 20, 'facility'),
          segment(row.requirementTitle, 60, 'requirement'),
          segment(`${row.dueDate} ${row.title} No. ${taskNumberOf(Number(row.sequence))}`, 80, row.dueDate),
        ].join('/');
        const taskFiles = (filesByTask.get(row.id) ?? []).map((file, i) => {
          let path = `${folder}/${String(i + 1).padStart(2, '0')}-${segment(file.fileName, 100, 'file')}`;
          while (usedPaths.has(path)) path = `${path}-${i}`;
          usedPaths.add(path);
          const packFile: PackFile = {
            title: file.title,
            fileName: file.fileName,
            evidenceDate: file.evidenceDate,
            uploadedByName: file.uploadedByName,
            uploadedAt: file.createdAt,
            version: file.version,
            size: file.size,
            sha256: file.sha256,
            path,
            check: 'MISSING',
          };
          entries.push({ file, packFile });
          return packFile;
        });
        return {
          facilityName: row.facilityName,
          facilityCode: row.facilityCode,
          requirementTitle: row.requirementTitle,
          citation: row.citation,
          title: row.title,
          number: taskNumberOf(Number(row.sequence)),
          periodLabel: row.periodLabel,
          scheduledDueDate: row.scheduledDueDate,
          dueDate: row.dueDate,
          status: Number(row.awaitingReview) === 1 ? 'PENDING_REVIEW' : row.status,
          timeliness: timelinessOfTask(row, today),
          completedOn: row.completedOn,
          completedByName:
            row.completerFirstName === null
              ? null
              : displayNameOf({ firstName: row.completerFirstName, lastName: row.completerLastName }) ||
                row.completerEmail,
          completionNote: row.completionNote,
          notApplicableReason: row.notApplicableReason,
          evidenceRequired: Boolean(row.evidenceRequired),
          minEvidence: Number(row.minEvidence),
          files: taskFiles,
          signatures: signaturesByTask.get(row.id) ?? [],
        };
      });
      const index: PackIndex = {
        scope: scopeLines,
        from: query.from,
        to: query.to,
        generatedAt: instant.toISOString(),
        generatedBy: displayNameOf(principal) ? `${displayNameOf(principal)} <${principal.email}>` : principal.email,
        tasks,
      };

      const zip = new yazl.ZipFile();
      const output = new PassThrough();
      let current: Readable | undefined;
      const fail = (error: Error) => {
        options.log?.error({ err: error }, 'evidence pack failed while streaming');
        current?.destroy();
        output.destroy(error);
      };
      zip.outputStream.on('error', fail);
      zip.on('error', fail);
      // The client went away: stop reading the file being copied.
      output.on('close', () => current?.destroy());
      zip.outputStream.pipe(output);

      // Evidence files first, opened one at a time as the ZIP reaches them; the index last, once every
      // file's bytes have been checked against its recorded SHA-256.
      for (const { file, packFile } of entries) {
        zip.addReadStreamLazy(
          packFile.path,
          { mtime: new Date(file.createdAt), compress: !ALREADY_COMPRESSED.test(file.mediaType) },
          (callback: (error: Error | null, stream: Readable) => void) => {
            file.open().then(
              (stream) => {
                current = stream.pipe(
                  hashing((sha256) => {
                    packFile.check = sha256 === file.sha256 ? 'OK' : 'CHANGED';
                  }),
                );
                // yazl does not watch its sources for errors: a failing read ends the whole pack.
                stream.on('error', (error) => fail(error));
                callback(null, current);
              },
              (error: unknown) => {
                if (!(error instanceof StoredFileMissingError)) {
                  fail(error as Error);
                  return;
                }
                options.log?.error({ documentId: file.documentId }, 'evidence file missing from storage');
                callback(
                  null,
                  Readable.from([`The stored file of this evidence (document ${file.documentId}) is missing.\n`]),
                );
              },
            );
          },
        );
      }
      const text = (content: () => string) => (callback: (error: Error | null, stream: Readable) => void) =>
        callback(null, Readable.from([Buffer.from(content())]));
      zip.addReadStreamLazy(
        'index.csv',
        { mtime: instant },
        text(() => indexCsv(index)),
      );
      zip.addReadStreamLazy(
        'findings.csv',
        { mtime: instant },
        text(() => findingsCsv(findings)),
      );
      zip.addReadStreamLazy(
        'SHA256SUMS.txt',
        { mtime: instant },
        text(() => sha256Sums(index)),
      );
      zip.addReadStreamLazy(
        'index.pdf',
        { mtime: instant },
        (callback: (error: Error | null, stream: Readable) => void) => {
          // Loading the fonts the index needs is asynchronous; a failure ends the whole pack.
          indexPdf(index).then(
            (stream) => callback(null, stream),
            (error: unknown) => fail(error as Error),
          );
        },
      );
      zip.end();

      const label = segment(labels.join(' ') || 'all', 60, 'pack').replace(/\s+/g, '-');
      return { fileName: `evidence-pack_${label}_${query.from}_${query.to}.zip`, stream: output };
    },
  };
}
