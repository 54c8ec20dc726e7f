/**
 * File intake: a new document (task evidence or a library document) or a new version of one, from a
 * received multipart upload. The file is checked (upload-validation.ts), stored under a new key, and
 * the rows are written in one transaction after it, so a failure leaves neither a row without a file
 * nor (after clean-up) a file without a row.
 */
import fs from 'node:fs';
import type { Transaction } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { can } from '@rtms/shared/permissions';
import { documentUploadFieldsSchema } from '@rtms/shared/schemas/documents';
import type { Database } from '../../db/schema';
import {
  AppError,
  conflict,
  fieldErrorsOf,
  forbidden,
  invalid,
  notFound,
  unavailable,
  validationError,
} from '../../platform/errors';
import type { Principal } from '../../platform/auth';
import { newId, nowIso } from '../../platform/ids';
import { isUniqueViolation, isUnreachable } from '../../platform/db-errors';
import type { ReceivedFile } from '../../platform/uploads';
import { newStorageKey } from '../../storage/file-storage';
import { actorOf, changesBetween } from '../audit/audit.service';
import { facilityScopeOf } from '../user-facilities/facility-scope';
import {
  findDocumentById,
  findTagsOfDocuments,
  insertDocument,
  insertDocumentVersion,
  replaceDocumentTags,
  updateDocument,
} from './documents.repository';
import type { DocumentRow } from './documents.table';
import { assertCanChange, type DocumentContext } from './document-context';
import { audited, searchTextOf, titleFromFileName } from './document-views';
import type { DocumentsService } from './documents.service';
import { validateUploadedFile, type AcceptedFile } from './upload-validation';
import { unitOfWork } from '../../db/unit-of-work';

/** Multipart fields are text; a field sent twice is an array, which only `tags` may be. */
function singleFields(fields: Record<string, string | string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value) && name !== 'tags') {
      throw invalid(`The field "${name}" was sent more than once`, [{ path: name, message: 'Send this field once' }]);
    }
    out[name] = value;
  }
  return out;
}

/** The version row of a document's current file (every version keeps its file, uploader and time). */
function versionRowOf(row: DocumentRow, createdAt: string) {
  return {
    id: newId(),
    documentId: row.id,
    version: Number(row.version),
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: row.size,
    sha256: row.sha256,
    storageKey: row.storageKey,
    uploadedBy: row.uploadedBy,
    createdAt,
  };
}

/** The columns of a document (and of its version) that describe the stored file and who uploaded it. */
function fileColumns(principal: Principal, file: ReceivedFile, accepted: AcceptedFile, storageKey: string) {
  return {
    fileName: accepted.fileName,
    mediaType: accepted.mediaType,
    size: file.size,
    sha256: file.sha256,
    storageKey,
    uploadedBy: actorOf(principal)?.id ?? null,
  };
}

export function createDocumentIntake(context: DocumentContext): Pick<DocumentsService, 'upload' | 'addVersion'> {
  const { db, audit, storage, options, now, log } = context;

  /**
   * What follows every stored file of a document: its task counts as touched (evidence), and the change is
   * audited. The revisions follow by trigger, in a unit of work (decision 037).
   */
  async function afterFileStored(
    trx: Transaction<Database>,
    principal: Principal,
    row: DocumentRow,
    action: 'CREATE' | 'UPDATE',
    changes: ReturnType<typeof changesBetween>,
  ): Promise<void> {
    if (row.kind === 'TASK' && row.taskId) await options.tasks?.markTouched(trx, principal, row.taskId);
    await audit.record(trx, {
      actor: actorOf(principal),
      action,
      entityType: 'DOCUMENT',
      entityId: row.id,
      facilityId: row.facilityId,
      changes,
    });
  }

  async function acceptFile(file: ReceivedFile | undefined): Promise<{ file: ReceivedFile; accepted: AcceptedFile }> {
    if (!file) throw invalid('Choose a file to upload', [{ path: 'file', message: 'Choose a file to upload' }]);
    return { file, accepted: await validateUploadedFile(file) };
  }

  /**
   * Stores the file under a new generated key and runs `write` (the database rows) in one transaction.
   * A failed file write leaves no row (the rows are written after), and answers 503 when the storage cannot be
   * reached (decision 038); a failed transaction removes the file.
   */
  async function storeThen<T>(
    file: ReceivedFile,
    write: (trx: Transaction<Database>, key: string) => Promise<T>,
  ): Promise<T> {
    const key = newStorageKey();
    const stored = await storage.put(key, fs.createReadStream(file.tempPath)).catch((error: unknown) => {
      // A storage that cannot be reached (S3 down) is a 503 the client may retry; a broken one stays a 500.
      if (!isUnreachable(error)) throw error;
      log?.warn({ err: error }, 'file storage unreachable');
      throw unavailable('storage');
    });
    try {
      if (stored.size !== file.size || stored.sha256 !== file.sha256) {
        throw new Error(`stored file differs from the upload (${stored.size} bytes, ${stored.sha256})`);
      }
      return await unitOfWork(db, (trx) => write(trx, key));
    } catch (error) {
      await storage.delete(key).catch((cause: unknown) => {
        log?.error({ err: cause, key }, 'could not remove the stored file of a failed upload');
      });
      throw error;
    }
  }

  return {
    async upload(principal, upload) {
      const parsed = documentUploadFieldsSchema.safeParse(singleFields(upload.fields));
      if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error.issues));
      const fields = parsed.data;
      const scope = await facilityScopeOf(db, principal);

      let facilityId: string | null;
      let evidenceDate: string | null = null;
      if (fields.kind === 'TASK') {
        if (!can(principal.role, 'task:attachEvidence')) throw forbidden();
        if (!options.tasks) throw new AppError('CONFLICT', 'Task evidence is not available yet');
        if (fields.facilityId) {
          throw invalid("Evidence belongs to its task's facility; do not send facilityId", [
            { path: 'facilityId', message: 'Leave empty for evidence' },
          ]);
        }
        const task = await options.tasks.get(principal, fields.taskId as string);
        facilityId = task.facilityId;
        context.assertEvidenceDate(fields.evidenceDate, task.timeZone);
        evidenceDate = fields.evidenceDate ?? todayInTimeZone(task.timeZone, now());
      } else {
        if (!can(principal.role, 'document:upload')) throw forbidden();
        facilityId = (await context.facilityForLibrary(principal, scope, fields.facilityId))?._id ?? null;
      }
      await context.assertReferences(fields);
      if (fields.retainUntil && !can(principal.role, 'document:archive')) {
        throw forbidden('Your role cannot set a retention date');
      }
      const { file, accepted } = await acceptFile(upload.file);

      const id = newId();
      const stamp = nowIso(now());
      const tags = fields.tags ?? [];
      await storeThen(file, async (trx, storageKey) => {
        const row: DocumentRow = {
          id,
          kind: fields.kind,
          title: fields.title ?? titleFromFileName(accepted.fileName),
          description: fields.description ?? null,
          taskId: fields.kind === 'TASK' ? (fields.taskId ?? null) : null,
          evidenceDate,
          facilityId,
          programAreaId: fields.programAreaId ?? null,
          regulationId: fields.regulationId ?? null,
          version: 1,
          ...fileColumns(principal, file, accepted, storageKey),
          archivedAt: null,
          archivedBy: null,
          archiveReason: null,
          retainUntil: fields.retainUntil ?? null,
          legalHold: 0,
          searchText: '',
          createdAt: stamp,
          updatedAt: stamp,
        };
        row.searchText = searchTextOf(row, tags);
        await insertDocument(trx, row);
        await insertDocumentVersion(trx, versionRowOf(row, stamp));
        await replaceDocumentTags(trx, id, tags);
        await afterFileStored(trx, principal, row, 'CREATE', changesBetween(null, audited(row, tags)));
      });
      return context.detail(id);
    },

    async addVersion(principal, id, upload) {
      const { row, scope } = await context.readOrThrow(principal, id);
      assertCanChange(scope, row);
      if (row.archivedAt) throw conflict('This document is archived; restore it before uploading a new version');
      const extra = Object.keys(upload.fields);
      if (extra.length) {
        throw invalid(
          'A new version takes only the file; change the other fields with an update',
          extra.map((path) => ({ path, message: 'Not accepted here' })),
        );
      }
      const { file, accepted } = await acceptFile(upload.file);
      const stamp = nowIso(now());
      try {
        await storeThen(file, async (trx, storageKey) => {
          const before = await findDocumentById(trx, id);
          if (!before) throw notFound('Document');
          if (before.archivedAt) throw conflict('This document is archived; restore it before uploading a new version');
          const version = Number(before.version) + 1;
          const after: DocumentRow = {
            ...before,
            version,
            ...fileColumns(principal, file, accepted, storageKey),
            updatedAt: stamp,
          };
          const tags = (await findTagsOfDocuments(trx, [id])).get(id) ?? [];
          after.searchText = searchTextOf(after, tags);
          await insertDocumentVersion(trx, versionRowOf(after, stamp));
          const { id: _id, createdAt: _createdAt, ...columns } = after;
          await updateDocument(trx, id, columns);
          const changes = changesBetween(audited(before, tags), audited(after, tags));
          await afterFileStored(trx, principal, after, 'UPDATE', changes);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict('Another version of this document was uploaded at the same time; reload it and try again');
        }
        throw error;
      }
      return context.detail(id);
    },
  };
}
