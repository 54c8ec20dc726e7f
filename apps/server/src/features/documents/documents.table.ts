import type { Selectable } from 'kysely';
import type { DocumentKind } from '@rtms/shared/enums';
import type { TimestampColumns } from '../../db/columns';

/**
 * A stored file of a document: its version number, name, type, size, digest and uploader. `storageKey` is the
 * generated name in the file storage; it never leaves the server.
 */
export interface DocumentFileColumns {
  version: number;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string | null;
}

/**
 * A document: task evidence (kind TASK, `taskId` set, facility = the task's) or a library document.
 * Its file columns repeat the current row of `document_versions`.
 */
export interface DocumentsTable extends DocumentFileColumns, TimestampColumns {
  id: string;
  kind: DocumentKind;
  title: string;
  description: string | null;
  taskId: string | null;
  evidenceDate: string | null;
  facilityId: string | null;
  programAreaId: string | null;
  regulationId: string | null;
  archivedAt: string | null;
  archivedBy: string | null;
  archiveReason: string | null;
  retainUntil: string | null;
  legalHold: number;
  searchText: string;
}

/** Every stored version of a document's file, the current one included. Unique per (documentId, version). */
export interface DocumentVersionsTable extends DocumentFileColumns {
  id: string;
  documentId: string;
  createdAt: string;
}

/** A tag of a document, as written (`tag`) and lower-cased (`tagKey`, unique per document). */
export interface DocumentTagsTable {
  documentId: string;
  tag: string;
  tagKey: string;
  position: number;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
