/**
 * The documents feature's service: reading (list, detail, tags) and serving files (download, the
 * evidence pack's files) here; file intake in document-intake.ts; edits, archive, restore and deletion in
 * document-lifecycle.ts; what they share in document-context.ts.
 */
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DocumentKind } from '@rtms/shared/enums';
import {
  documentPageSchema,
  type DocumentDetail,
  type DocumentListQuery,
  type updateDocumentBodySchema,
} from '@rtms/shared/schemas/documents';
import { PREVIEW_MEDIA_TYPES, UPLOAD_ACCEPT, UPLOAD_TYPES } from '@rtms/shared/upload-rules';
import type { z } from 'zod';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { pageWindow, parseSort } from '../../platform/list-query';
import type { ReceivedUpload } from '../../platform/uploads';
import { StoredFileMissingError, type FileStorage } from '../../storage/file-storage';
import type { AuditService } from '../audit/audit.service';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import {
  countEvidenceOfTasks,
  findEvidenceOfTasks,
  findTagsOfDocuments,
  findVersionOfDocument,
  listDocuments,
  listTagSuggestions,
  type DocumentSortField,
} from './documents.repository';
import type { DocumentRow } from './documents.table';
import { createDocumentContext, type DocumentDirectory, type DocumentsServiceOptions } from './document-context';
import { createDocumentIntake } from './document-intake';
import { createDocumentListCache } from './document-list-cache';
import { createDocumentLifecycle } from './document-lifecycle';
import { nameOf, toDocument } from './document-views';

export type { DocumentDirectory, DocumentsServiceOptions, EvidenceTasks } from './document-context';

type UpdateBody = z.output<typeof updateDocumentBodySchema>;

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
  /** The page serialized, kept while the documents, the tasks and the labels hold (decision 034). */
  listAnswer(principal: Principal, query: DocumentListQuery): Promise<Buffer>;
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

export function createDocumentsService(
  db: Kysely<Database>,
  audit: AuditService,
  storage: FileStorage,
  directory: DocumentDirectory,
  options: DocumentsServiceOptions,
): DocumentsService {
  const context = createDocumentContext(db, audit, storage, directory, options);
  const { log, readOrThrow, detail } = context;
  const listCache = createDocumentListCache(db);
  const answers = createAnswerCache();

  return {
    ...createDocumentIntake(context),
    ...createDocumentLifecycle(context),

    uploadRules() {
      return {
        maxBytes: options.maxBytes,
        accept: UPLOAD_ACCEPT,
        types: UPLOAD_TYPES.map(({ extension, mediaType, preview }) => ({ extension, mediaType, preview })),
      };
    },

    async listAnswer(principal, query) {
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
      const order = sort as { field: DocumentSortField; direction: 'asc' | 'desc' };
      // A row names its task, requirement, facility, program area, regulation and people: their writes
      // bump the tasks and labels revisions, the documents' and tags' the documents revision.
      const revisions = await findListRevisions(db, principal.listRevisions);
      const key = JSON.stringify([filters, order, query.page, query.pageSize]);
      const stamp = `${revisions.documents}.${revisions.tasks}.${revisions.labels}`;
      return answers.get(key, stamp, async () => {
        const revision = revisions.documents;
        const [total, rows] = await Promise.all([
          listCache.total(filters, revision),
          listCache
            .window(filters, order, pageWindow(query), revision)
            .then((page) => listDocuments(db, filters, order, page)),
        ]);
        const tags = await findTagsOfDocuments(
          db,
          rows.map((row) => row.id),
        );
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        return documentPageSchema.parse({
          data: rows.map((row) => toDocument(row, tags.get(row.id) ?? [])),
          meta: { total, page: query.page, pageSize: query.pageSize },
        });
      });
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
