/**
 * Rows of the documents feature as the API and the audit trail see them: the response shapes
 * (`Document`, `DocumentVersion`), the audited fields, the folded search text and the default title.
 */
import { displayNameOf } from '@rtms/shared/display-name';
import type { Document, DocumentVersion } from '@rtms/shared/schemas/documents';
import { fileExtension } from '@rtms/shared/upload-rules';
import { orNull } from '../../platform/record-update';
import { foldForSearch } from '../../platform/search-text';
import type { DocumentVersionView, DocumentView } from './documents.repository';
import type { DocumentRow } from './documents.table';

export const nameOf = (first: string | null | undefined, last: string | null | undefined) =>
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
    ...orNull(row, [
      'facilityName',
      'programAreaName',
      'regulationTitle',
      'taskTitle',
      'taskDueDate',
      'requirementId',
      'requirementTitle',
    ]),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toVersion(row: DocumentVersionView): DocumentVersion {
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

export function audited(row: DocumentRow, tags: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { ...row, tags, legalHold: Boolean(row.legalHold), size: Number(row.size) };
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, values[field] ?? null]));
}

export function searchTextOf(row: Pick<DocumentRow, 'title' | 'description' | 'fileName'>, tags: string[]): string {
  return foldForSearch(row.title, row.description, row.fileName, tags.join(' '));
}

/** The title of a document whose uploader gave none: its file name without the extension. */
export function titleFromFileName(fileName: string): string {
  const extension = fileExtension(fileName);
  return (extension ? fileName.slice(0, -(extension.length + 1)) : fileName).trim() || fileName;
}
