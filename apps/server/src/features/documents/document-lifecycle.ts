/**
 * A document's life after intake: metadata edits (retention and legal hold need the archive
 * permission), archive, restore and permanent deletion, each audited in the transaction that makes it.
 */
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { can } from '@rtms/shared/permissions';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { actorOf, changesBetween } from '../audit/audit.service';
import {
  deleteDocument,
  findDocumentById,
  findStorageKeysOfDocument,
  findTagsOfDocuments,
  replaceDocumentTags,
  updateDocument,
} from './documents.repository';
import type { DocumentRow } from './documents.table';
import { assertCanChange, type DocumentContext } from './document-context';
import { audited, searchTextOf } from './document-views';
import type { DocumentsService } from './documents.service';
import { unitOfWork } from '../../db/unit-of-work';

export function createDocumentLifecycle(
  context: DocumentContext,
): Pick<DocumentsService, 'update' | 'archive' | 'restore' | 'remove'> {
  const { db, audit, storage, directory, now, log } = context;

  return {
    async update(principal, id, body) {
      const { row, scope } = await context.readOrThrow(principal, id);
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
        await context.facilityForLibrary(principal, scope, body.facilityId);
      }
      if (row.kind === 'TASK' && body.evidenceDate && row.facilityId) {
        const facilityTimeZone = (await directory.facilities.findByIds([row.facilityId]))[0]?.timeZone ?? 'UTC';
        context.assertEvidenceDate(body.evidenceDate, facilityTimeZone);
      }
      await context.assertReferences(body);

      await unitOfWork(db, async (trx) => {
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
      return context.detail(id);
    },

    async archive(principal, id, reason) {
      const { row, scope } = await context.readOrThrow(principal, id);
      assertCanChange(scope, row);
      await unitOfWork(db, async (trx) => {
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
      return context.detail(id);
    },

    async restore(principal, id) {
      const { row, scope } = await context.readOrThrow(principal, id);
      assertCanChange(scope, row);
      await unitOfWork(db, async (trx) => {
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
      return context.detail(id);
    },

    async remove(principal, id) {
      await context.readOrThrow(principal, id);
      const keys = await unitOfWork(db, async (trx) => {
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
  };
}
