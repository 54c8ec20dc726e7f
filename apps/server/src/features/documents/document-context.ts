/**
 * What the parts of the documents service share (documents.service.ts reads and serves,
 * document-intake.ts receives files, document-lifecycle.ts edits, archives and deletes): the
 * dependencies, the per-object read check and the checks of a document's references.
 */
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import type { DocumentDetail } from '@rtms/shared/schemas/documents';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { forbidden, invalid, notFound } from '../../platform/errors';
import type { FileStorage } from '../../storage/file-storage';
import type { AuditService } from '../audit/audit.service';
import { facilityScopeOf, type FacilityScope } from '../user-facilities/facility-scope';
import {
  findDocumentById,
  findDocumentViewById,
  findTagsOfDocuments,
  findVersionsOfDocument,
} from './documents.repository';
import type { DocumentRow } from './documents.table';
import { toDocument, toVersion } from './document-views';

/** What the documents feature needs from the tasks feature (wired in app.ts). */
export interface EvidenceTasks {
  /** The task, if it lies in the caller's scope (404 otherwise). */
  get(principal: Principal, taskId: string): Promise<{ _id: string; facilityId: string; timeZone: string }>;
  /**
   * Marks the task touched inside the transaction (evidence attached): requirement edits leave it alone. True
   * when the task changed (its revisions follow by trigger, decision 037).
   */
  markTouched(trx: Transaction<Database>, principal: Principal, taskId: string): Promise<boolean>;
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

/** A document the scope lets the caller read: its facility's, or a company-wide library document. */
function canRead(scope: FacilityScope, row: Pick<DocumentRow, 'facilityId' | 'kind'>): boolean {
  if (scope.all) return true;
  if (row.facilityId === null) return row.kind === 'LIBRARY';
  return scope.facilityIds.includes(row.facilityId);
}

/** Changing a document needs its facility in the caller's scope (company-wide documents: the all-facility roles). */
export function assertCanChange(scope: FacilityScope, row: Pick<DocumentRow, 'facilityId'>): void {
  if (scope.all) return;
  if (row.facilityId === null) throw forbidden('Only all-facility roles can change company-wide documents');
  if (!scope.facilityIds.includes(row.facilityId)) throw notFound('Document');
}

/** The dependencies and shared checks of the documents service's parts. */
export type DocumentContext = ReturnType<typeof createDocumentContext>;

export function createDocumentContext(
  db: Kysely<Database>,
  audit: AuditService,
  storage: FileStorage,
  directory: DocumentDirectory,
  options: DocumentsServiceOptions,
) {
  const now = options.now ?? (() => new Date());
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

  return {
    db,
    audit,
    storage,
    directory,
    options,
    now,
    log,
    readOrThrow,
    detail,
    facilityForLibrary,
    assertReferences,
    assertEvidenceDate,
  };
}
