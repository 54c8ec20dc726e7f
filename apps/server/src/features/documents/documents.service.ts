import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import type { DocumentKind } from '@rtms/shared/enums';
import { can } from '@rtms/shared/permissions';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import {
  documentUploadFieldsSchema,
  type Document,
  type DocumentDetail,
  type DocumentListQuery,
  type DocumentVersion,
  type updateDocumentBodySchema,
} from '@rtms/shared/schemas/documents';
import { fileExtension, PREVIEW_MEDIA_TYPES, UPLOAD_ACCEPT, UPLOAD_TYPES } from '@rtms/shared/upload-rules';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { AppError, conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { isUniqueViolation } from '../../platform/db-errors';
import { type Page, pageWindow, parseSort } from '../../platform/list-query';
import { createDocumentCounter } from './documents-count';
import { foldForSearch } from '../../platform/search-text';
import type { ReceivedFile, ReceivedUpload } from '../../platform/uploads';
import { newStorageKey, StoredFileMissingError, type FileStorage } from '../../storage/file-storage';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import { facilityScopeOf, scopeFacilityIds, type FacilityScope } from '../user-facilities/facility-scope';
import {
  countEvidenceOfTasks,
  deleteDocument,
  findDocumentById,
  findDocumentViewById,
  findEvidenceOfTasks,
  findStorageKeysOfDocument,
  findTagsOfDocuments,
  findVersionOfDocument,
  findVersionsOfDocument,
  insertDocument,
  insertDocumentVersion,
  listDocuments,
  listTagSuggestions,
  replaceDocumentTags,
  updateDocument,
  type DocumentSortField,
  type DocumentVersionView,
  type DocumentView,
} from './documents.repository';
import type { DocumentRow } from './documents.table';
import { validateUploadedFile, type AcceptedFile } from './upload-validation';

type UpdateBody = z.output<typeof updateDocumentBodySchema>;

/** What the documents feature needs from the tasks feature (wired in app.ts). */
export interface EvidenceTasks {
  /** The task, if it lies in the caller's scope (404 otherwise). */
  get(principal: Principal, taskId: string): Promise<{ _id: string; facilityId: string; timeZone: string }>;
  /** Marks the task touched inside the transaction (evidence attached): requirement edits leave it alone. */
  markTouched(trx: Transaction<Database>, principal: Principal, taskId: string): Promise<void>;
}

/** What the documents feature needs from the directory (facilities, program areas, regulations). */
export interface DocumentDirectory {
  facilities: { findByIds(ids: string[]): Promise<{ _id: string; timeZone: string }[]> };
  programAreas: { findByIds(ids: string[]): Promise<{ _id: string }[]> };
  regulations: { findByIds(ids: string[]): Promise<{ _id: string }[]> };
}

export interface DocumentsServiceOptions {
  /** UPLOAD_MAX_BYTES */
  maxBytes: number;
  /** Where uploads wait while they are checked (on this server's disk). */
  tempDir: string;
  tasks?: EvidenceTasks;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  now?: () => Date;
}

/** A file to send: the stream and what the response headers need. */
export interface DocumentDownload {
  stream: Readable;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
  version: number;
  /** Shown in the browser (PDF or image, asked for with `inline=true`); otherwise an attachment. */
  inline: boolean;
}

/** An active evidence file of a task (its current version), for the evidence pack. */
export interface EvidenceFile {
  documentId: string;
  taskId: string;
  title: string;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
  version: number;
  evidenceDate: string | null;
  uploadedByName: string | null;
  createdAt: string;
  /** Opens the stored file (rejects with StoredFileMissingError when it is gone). */
  open(): Promise<Readable>;
}

export interface DocumentsService {
  /** The server's upload limit and the accepted types (for checks in the browser before upload). */
  uploadRules(): {
    maxBytes: number;
    accept: string;
    types: { extension: string; mediaType: string; preview: boolean }[];
  };
  list(principal: Principal, query: DocumentListQuery): Promise<Page<Document>>;
  /** One document with every version; 404 outside the caller's scope. */
  get(principal: Principal, id: string): Promise<DocumentDetail>;
  /** Existing tags of the documents the caller sees, most used first. */
  tags(
    principal: Principal,
    query: { search?: string; kind?: DocumentKind; limit: number },
  ): Promise<{ tag: string; count: number }[]>;
  /** Stores a new document (evidence of a task, or a library document) from a received multipart upload. */
  upload(principal: Principal, upload: ReceivedUpload): Promise<DocumentDetail>;
  /** Stores a new version of a document's file; older versions are kept. */
  addVersion(principal: Principal, id: string, upload: ReceivedUpload): Promise<DocumentDetail>;
  /** Metadata; `retainUntil` and `legalHold` need the archive permission. Archived documents are read-only except those two. */
  update(principal: Principal, id: string, body: UpdateBody): Promise<DocumentDetail>;
  archive(principal: Principal, id: string, reason: string): Promise<DocumentDetail>;
  restore(principal: Principal, id: string): Promise<DocumentDetail>;
  /** Permanent deletion of an archived document and all its files; refused while retention or a legal hold applies. */
  remove(principal: Principal, id: string): Promise<void>;
  /** The file of the current (or a given) version, authorized per object. */
  download(
    principal: Principal,
    id: string,
    options: { version?: number; inline?: boolean },
  ): Promise<DocumentDownload>;
  /**
   * The active evidence of tasks the caller has already been authorized for (the evidence pack checks the
   * tasks' scope), oldest first per task.
   */
  evidenceFiles(taskIds: string[]): Promise<EvidenceFile[]>;
}

/** The evidence gate's counter: active (not archived) evidence documents of a task. */
export async function countTaskEvidence(db: Kysely<Database>, taskId: string): Promise<number> {
  return (await countEvidenceOfTasks(db, [taskId])).get(taskId) ?? 0;
}

const nameOf = (first: string | null | undefined, last: string | null | undefined) =>
  first === null || first === undefined ? null : displayNameOf({ firstName: first, lastName: last }) || null;

export function toDocument(row: DocumentView, tags: string[]): Document {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: Number(row.size),
    sha256: row.sha256,
    version: Number(row.version),
    taskId: row.taskId,
    evidenceDate: row.evidenceDate,
    facilityId: row.facilityId,
    programAreaId: row.programAreaId,
    regulationId: row.regulationId,
    tags,
    uploadedBy: row.uploadedBy,
    uploadedByName: nameOf(row.uploaderFirstName, row.uploaderLastName),
    archivedAt: row.archivedAt,
    archivedBy: row.archivedBy,
    archivedByName: nameOf(row.archiverFirstName, row.archiverLastName),
    archiveReason: row.archiveReason,
    retainUntil: row.retainUntil,
    legalHold: Boolean(row.legalHold),
    facilityName: row.facilityName ?? null,
    programAreaName: row.programAreaName ?? null,
    regulationTitle: row.regulationTitle ?? null,
    taskTitle: row.taskTitle ?? null,
    taskDueDate: row.taskDueDate ?? null,
    requirementId: row.requirementId ?? null,
    requirementTitle: row.requirementTitle ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toVersion(row: DocumentVersionView): DocumentVersion {
  return {
    version: Number(row.version),
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: Number(row.size),
    sha256: row.sha256,
    uploadedBy: row.uploadedBy,
    uploadedByName: nameOf(row.uploaderFirstName, row.uploaderLastName),
    createdAt: row.createdAt,
  };
}

/** The fields the audit trail follows. */
const AUDITED_FIELDS = [
  'kind',
  'title',
  'description',
  'taskId',
  'evidenceDate',
  'facilityId',
  'programAreaId',
  'regulationId',
  'tags',
  'version',
  'fileName',
  'mediaType',
  'size',
  'sha256',
  'archivedAt',
  'archiveReason',
  'retainUntil',
  'legalHold',
] as const;

function audited(row: DocumentRow, tags: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { ...row, tags, legalHold: Boolean(row.legalHold), size: Number(row.size) };
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, values[field] ?? null]));
}

function searchTextOf(row: Pick<DocumentRow, 'title' | 'description' | 'fileName'>, tags: string[]): string {
  return foldForSearch(row.title, row.description, row.fileName, tags.join(' '));
}

/** The title of a document whose uploader gave none: its file name without the extension. */
function titleFromFileName(fileName: string): string {
  const extension = fileExtension(fileName);
  return (extension ? fileName.slice(0, -(extension.length + 1)) : fileName).trim() || fileName;
}

/** A document the scope lets the caller read: its facility's, or a company-wide library document. */
function canRead(scope: FacilityScope, row: Pick<DocumentRow, 'facilityId' | 'kind'>): boolean {
  if (scope.all) return true;
  if (row.facilityId === null) return row.kind === 'LIBRARY';
  return scope.facilityIds.includes(row.facilityId);
}

/** Changing a document needs its facility in the caller's scope (company-wide documents: the all-facility roles). */
function assertCanChange(scope: FacilityScope, row: Pick<DocumentRow, 'facilityId'>): void {
  if (scope.all) return;
  if (row.facilityId === null) throw forbidden('Only all-facility roles can change company-wide documents');
  if (!scope.facilityIds.includes(row.facilityId)) throw notFound('Document');
}

/** Zod issues of the multipart fields → a 400 with per-field details. */
function fieldErrors(error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = details[0];
  const message =
    details.length === 1 && first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}`
      : `The request has ${details.length} invalid fields`;
  return invalid(message, details);
}

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

export function createDocumentsService(
  db: Kysely<Database>,
  audit: AuditService,
  storage: FileStorage,
  directory: DocumentDirectory,
  options: DocumentsServiceOptions,
): DocumentsService {
  const now = options.now ?? (() => new Date());
  const countDocuments = createDocumentCounter(db);
  const log = options.log;

  async function readOrThrow(principal: Principal, id: string): Promise<{ row: DocumentRow; scope: FacilityScope }> {
    const row = await findDocumentById(db, id);
    const scope = await facilityScopeOf(db, principal);
    if (!row || !canRead(scope, row)) throw notFound('Document');
    return { row, scope };
  }

  async function detail(id: string): Promise<DocumentDetail> {
    const [view, versions, tags] = await Promise.all([
      findDocumentViewById(db, id),
      findVersionsOfDocument(db, id),
      findTagsOfDocuments(db, [id]),
    ]);
    if (!view) throw notFound('Document');
    return { ...toDocument(view, tags.get(id) ?? []), versions: versions.map(toVersion) };
  }

  /** A facility the caller may file a document under (facility roles: one of theirs), with its time zone. */
  async function facilityForLibrary(principal: Principal, scope: FacilityScope, facilityId: string | null | undefined) {
    if (!facilityId) {
      if (scope.all) return null;
      throw invalid('Choose one of your facilities for this document', [
        { path: 'facilityId', message: 'Choose one of your facilities' },
      ]);
    }
    if (!scope.all && !scope.facilityIds.includes(facilityId)) throw notFound('Facility');
    const [facility] = await directory.facilities.findByIds([facilityId]);
    if (!facility) throw notFound('Facility');
    return facility;
  }

  async function assertReferences(body: {
    programAreaId?: string | null;
    regulationId?: string | null;
  }): Promise<void> {
    if (body.programAreaId && (await directory.programAreas.findByIds([body.programAreaId])).length === 0) {
      throw invalid('No such program area', [{ path: 'programAreaId', message: 'Choose an existing program area' }]);
    }
    if (body.regulationId && (await directory.regulations.findByIds([body.regulationId])).length === 0) {
      throw invalid('No such regulation', [{ path: 'regulationId', message: 'Choose an existing regulation' }]);
    }
  }

  function assertEvidenceDate(evidenceDate: string | null | undefined, timeZone: string): void {
    const today = todayInTimeZone(timeZone, now());
    if (evidenceDate && evidenceDate > today) {
      throw invalid('The evidence date cannot be in the future', [
        { path: 'evidenceDate', message: `Use ${today} (today at the facility) or an earlier date` },
      ]);
    }
  }

  async function acceptFile(file: ReceivedFile | undefined): Promise<{ file: ReceivedFile; accepted: AcceptedFile }> {
    if (!file) throw invalid('Choose a file to upload', [{ path: 'file', message: 'Choose a file to upload' }]);
    return { file, accepted: await validateUploadedFile(file) };
  }

  /**
   * Stores the file under a new generated key and runs `write` (the database rows) in one transaction.
   * A failed file write leaves no row (the rows are written after); a failed transaction removes the file.
   */
  async function storeThen<T>(
    file: ReceivedFile,
    write: (trx: Transaction<Database>, key: string) => Promise<T>,
  ): Promise<T> {
    const key = newStorageKey();
    const stored = await storage.put(key, fs.createReadStream(file.tempPath));
    try {
      if (stored.size !== file.size || stored.sha256 !== file.sha256) {
        throw new Error(`stored file differs from the upload (${stored.size} bytes, ${stored.sha256})`);
      }
      return await db.transaction().execute((trx) => write(trx, key));
    } catch (error) {
      await storage.delete(key).catch((cause: unknown) => {
        log?.error({ err: cause, key }, 'could not remove the stored file of a failed upload');
      });
      throw error;
    }
  }

  return {
    uploadRules() {
      return {
        maxBytes: options.maxBytes,
        accept: UPLOAD_ACCEPT,
        types: UPLOAD_TYPES.map(({ extension, mediaType, preview }) => ({ extension, mediaType, preview })),
      };
    },

    async list(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = {
        kind: query.kind,
        archived: query.archived ?? false,
        taskId: query.taskId,
        requirementId: query.requirementId,
        facilityId: query.facilityId,
        programAreaId: query.programAreaId,
        regulationId: query.regulationId,
        uploadedBy: query.uploadedBy,
        tag: query.tag,
        legalHold: query.legalHold,
        search: query.search,
        facilityIds: scopeFacilityIds(scope),
      };
      const sort = parseSort<DocumentListQuery['sort'] & string>(
        query.sort,
        query.archived ? '-archivedAt' : '-createdAt',
      );
      const [total, rows] = await Promise.all([
        countDocuments(filters),
        listDocuments(db, filters, sort as { field: DocumentSortField; direction: 'asc' | 'desc' }, pageWindow(query)),
      ]);
      const tags = await findTagsOfDocuments(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toDocument(row, tags.get(row.id) ?? [])),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    },

    async get(principal, id) {
      await readOrThrow(principal, id);
      return detail(id);
    },

    async tags(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      return listTagSuggestions(
        db,
        { search: query.search, kind: query.kind, facilityIds: scopeFacilityIds(scope) },
        query.limit,
      );
    },

    async upload(principal, upload) {
      const parsed = documentUploadFieldsSchema.safeParse(singleFields(upload.fields));
      if (!parsed.success) throw fieldErrors(parsed.error);
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
        assertEvidenceDate(fields.evidenceDate, task.timeZone);
        evidenceDate = fields.evidenceDate ?? todayInTimeZone(task.timeZone, now());
      } else {
        if (!can(principal.role, 'document:upload')) throw forbidden();
        facilityId = (await facilityForLibrary(principal, scope, fields.facilityId))?._id ?? null;
      }
      await assertReferences(fields);
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
          fileName: accepted.fileName,
          mediaType: accepted.mediaType,
          size: file.size,
          sha256: file.sha256,
          storageKey,
          uploadedBy: actorOf(principal)?.id ?? null,
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
        await insertDocumentVersion(trx, {
          id: newId(),
          documentId: id,
          version: 1,
          fileName: row.fileName,
          mediaType: row.mediaType,
          size: row.size,
          sha256: row.sha256,
          storageKey,
          uploadedBy: row.uploadedBy,
          createdAt: stamp,
        });
        await replaceDocumentTags(trx, id, tags);
        if (row.kind === 'TASK' && row.taskId) await options.tasks?.markTouched(trx, principal, row.taskId);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'CREATE',
          entityType: 'DOCUMENT',
          entityId: id,
          facilityId,
          changes: changesBetween(null, audited(row, tags)),
        });
      });
      return detail(id);
    },

    async addVersion(principal, id, upload) {
      const { row, scope } = await readOrThrow(principal, id);
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
            fileName: accepted.fileName,
            mediaType: accepted.mediaType,
            size: file.size,
            sha256: file.sha256,
            storageKey,
            uploadedBy: actorOf(principal)?.id ?? null,
            updatedAt: stamp,
          };
          const tags = (await findTagsOfDocuments(trx, [id])).get(id) ?? [];
          after.searchText = searchTextOf(after, tags);
          await insertDocumentVersion(trx, {
            id: newId(),
            documentId: id,
            version,
            fileName: after.fileName,
            mediaType: after.mediaType,
            size: after.size,
            sha256: after.sha256,
            storageKey,
            uploadedBy: after.uploadedBy,
            createdAt: stamp,
          });
          const { id: _id, createdAt: _createdAt, ...columns } = after;
          await updateDocument(trx, id, columns);
          if (after.kind === 'TASK' && after.taskId) await options.tasks?.markTouched(trx, principal, after.taskId);
          await audit.record(trx, {
            actor: actorOf(principal),
            action: 'UPDATE',
            entityType: 'DOCUMENT',
            entityId: id,
            facilityId: after.facilityId,
            changes: changesBetween(audited(before, tags), audited(after, tags)),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict('Another version of this document was uploaded at the same time; reload it and try again');
        }
        throw error;
      }
      return detail(id);
    },

    async update(principal, id, body) {
      const { row, scope } = await readOrThrow(principal, id);
      assertCanChange(scope, row);
      const retentionOnly = Object.keys(body).every((key) => key === 'retainUntil' || key === 'legalHold');
      if (row.archivedAt && !retentionOnly) {
        throw conflict('Archived documents are read-only (except retention and legal hold); restore it first');
      }
      if (
        (body.retainUntil !== undefined || body.legalHold !== undefined) &&
        !can(principal.role, 'document:archive')
      ) {
        throw forbidden('Your role cannot change retention or legal hold');
      }
      if (row.kind === 'TASK' && body.facilityId !== undefined && body.facilityId !== row.facilityId) {
        throw invalid("Evidence belongs to its task's facility", [
          { path: 'facilityId', message: 'Cannot be changed for evidence' },
        ]);
      }
      if (row.kind === 'LIBRARY' && body.evidenceDate) {
        throw invalid('Only evidence (kind TASK) has an evidence date', [
          { path: 'evidenceDate', message: 'Not for library documents' },
        ]);
      }
      if (row.kind === 'LIBRARY' && body.facilityId !== undefined && body.facilityId !== row.facilityId) {
        await facilityForLibrary(principal, scope, body.facilityId);
      }
      if (row.kind === 'TASK' && body.evidenceDate && row.facilityId) {
        const facilityTimeZone = (await directory.facilities.findByIds([row.facilityId]))[0]?.timeZone ?? 'UTC';
        assertEvidenceDate(body.evidenceDate, facilityTimeZone);
      }
      await assertReferences(body);

      await db.transaction().execute(async (trx) => {
        const before = await findDocumentById(trx, id);
        if (!before) throw notFound('Document');
        const tagsBefore = (await findTagsOfDocuments(trx, [id])).get(id) ?? [];
        const tags = body.tags ?? tagsBefore;
        const after: DocumentRow = { ...before };
        if (body.title !== undefined) after.title = body.title;
        if (body.description !== undefined) after.description = body.description;
        if (body.facilityId !== undefined) after.facilityId = body.facilityId;
        if (body.programAreaId !== undefined) after.programAreaId = body.programAreaId;
        if (body.regulationId !== undefined) after.regulationId = body.regulationId;
        if (body.evidenceDate !== undefined && before.kind === 'TASK') after.evidenceDate = body.evidenceDate;
        if (body.retainUntil !== undefined) after.retainUntil = body.retainUntil;
        if (body.legalHold !== undefined) after.legalHold = body.legalHold ? 1 : 0;
        const changes = changesBetween(audited(before, tagsBefore), audited(after, tags));
        if (Object.keys(changes).length === 0) return;
        after.searchText = searchTextOf(after, tags);
        after.updatedAt = nowIso(now());
        const { id: _id, createdAt: _createdAt, ...columns } = after;
        await updateDocument(trx, id, columns);
        if (body.tags !== undefined) await replaceDocumentTags(trx, id, tags);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'DOCUMENT',
          entityId: id,
          // Moving a document between facilities is seen from both facilities' trails.
          facilityId: after.facilityId ?? before.facilityId,
          changes,
        });
      });
      return detail(id);
    },

    async archive(principal, id, reason) {
      const { row, scope } = await readOrThrow(principal, id);
      assertCanChange(scope, row);
      await db.transaction().execute(async (trx) => {
        const before = await findDocumentById(trx, id);
        if (!before) throw notFound('Document');
        if (before.archivedAt) throw conflict('This document is already archived');
        const stamp = nowIso(now());
        const changes: AuditChanges = {
          archivedAt: { before: null, after: stamp },
          archiveReason: { before: null, after: reason },
        };
        await updateDocument(trx, id, {
          archivedAt: stamp,
          archivedBy: actorOf(principal)?.id ?? null,
          archiveReason: reason,
          updatedAt: stamp,
        });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'ARCHIVE',
          entityType: 'DOCUMENT',
          entityId: id,
          facilityId: before.facilityId,
          changes,
        });
      });
      return detail(id);
    },

    async restore(principal, id) {
      const { row, scope } = await readOrThrow(principal, id);
      assertCanChange(scope, row);
      await db.transaction().execute(async (trx) => {
        const before = await findDocumentById(trx, id);
        if (!before) throw notFound('Document');
        if (!before.archivedAt) throw conflict('This document is not archived');
        const stamp = nowIso(now());
        await updateDocument(trx, id, { archivedAt: null, archivedBy: null, archiveReason: null, updatedAt: stamp });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'RESTORE',
          entityType: 'DOCUMENT',
          entityId: id,
          facilityId: before.facilityId,
          changes: {
            archivedAt: { before: before.archivedAt, after: null },
            archiveReason: { before: before.archiveReason, after: null },
          },
        });
      });
      return detail(id);
    },

    async remove(principal, id) {
      await readOrThrow(principal, id);
      const keys = await db.transaction().execute(async (trx) => {
        const before = await findDocumentById(trx, id);
        if (!before) throw notFound('Document');
        if (!before.archivedAt) throw conflict('Archive the document before deleting it permanently');
        if (before.legalHold) throw conflict('This document is under legal hold and cannot be deleted');
        const today = todayInTimeZone('UTC', now());
        if (before.retainUntil && before.retainUntil >= today) {
          throw conflict(
            `This document must be retained until ${before.retainUntil} and cannot be deleted before then`,
          );
        }
        const tags = (await findTagsOfDocuments(trx, [id])).get(id) ?? [];
        const storageKeys = await findStorageKeysOfDocument(trx, id);
        await deleteDocument(trx, id);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'DELETE',
          entityType: 'DOCUMENT',
          entityId: id,
          facilityId: before.facilityId,
          changes: changesBetween(audited(before, tags), null),
        });
        return storageKeys;
      });
      // The rows are gone (committed); a file that cannot be removed now is only an orphan, logged for cleanup.
      for (const key of keys) {
        await storage.delete(key).catch((error: unknown) => {
          log?.error({ err: error, key, documentId: id }, 'could not remove a stored file of a deleted document');
        });
      }
    },

    async download(principal, id, { version, inline }) {
      const { row } = await readOrThrow(principal, id);
      let file: Pick<DocumentRow, 'storageKey' | 'fileName' | 'mediaType' | 'size' | 'sha256' | 'version'> = row;
      if (version !== undefined && version !== Number(row.version)) {
        const older = await findVersionOfDocument(db, id, version);
        if (!older) throw notFound('Version');
        file = older;
      }
      let stream: Readable;
      try {
        stream = await storage.get(file.storageKey);
      } catch (error) {
        if (!(error instanceof StoredFileMissingError)) throw error;
        log?.error({ documentId: id, key: file.storageKey }, 'the stored file of a document is missing');
        throw notFound('The stored file of this document');
      }
      return {
        stream,
        fileName: file.fileName,
        mediaType: file.mediaType,
        size: Number(file.size),
        sha256: file.sha256,
        version: Number(file.version),
        inline: Boolean(inline) && PREVIEW_MEDIA_TYPES.includes(file.mediaType),
      };
    },

    async evidenceFiles(taskIds) {
      const rows = await findEvidenceOfTasks(db, taskIds);
      return rows.map((row) => ({
        documentId: row.id,
        taskId: row.taskId as string,
        title: row.title,
        fileName: row.fileName,
        mediaType: row.mediaType,
        size: Number(row.size),
        sha256: row.sha256,
        version: Number(row.version),
        evidenceDate: row.evidenceDate,
        uploadedByName: nameOf(row.uploaderFirstName, row.uploaderLastName),
        createdAt: row.createdAt,
        open: () => storage.get(row.storageKey),
      }));
    },
  };
}
