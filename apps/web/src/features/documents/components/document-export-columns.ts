import type { Document } from '@rtms/shared/schemas/documents';
import type { useT } from '../../../lib/i18n/use-t';
import type { ExportColumn } from '../../../components/data/export/export-types';

type T = ReturnType<typeof useT>;

/** Every column a documents export can have; each list names the ones it exports, in its order. */
const EXPORT_COLUMNS = {
  title: (t) => ({ header: t('documents.title'), value: (d) => d.title, width: 36 }),
  description: (t) => ({ header: t('documents.description'), value: (d) => d.description, width: 40 }),
  fileName: (t) => ({ header: t('documents.fileName'), value: (d) => d.fileName, width: 36 }),
  tags: (t) => ({ header: t('documents.tags'), value: (d) => d.tags.join(', '), width: 30 }),
  kind: (t) => ({ header: t('documents.kind'), value: (d) => t(`documentKind.${d.kind}`) }),
  task: (t) => ({ header: t('taskDocuments.task'), value: (d) => d.taskTitle, width: 36 }),
  taskDueDate: (t) => ({ header: t('taskDocuments.taskDueDate'), value: (d) => d.taskDueDate }),
  facility: (t) => ({
    header: t('documents.facility'),
    value: (d) => d.facilityName ?? t('documents.companyWide'),
    width: 28,
  }),
  programArea: (t) => ({ header: t('documents.programArea'), value: (d) => d.programAreaName, width: 24 }),
  regulation: (t) => ({ header: t('documents.regulation'), value: (d) => d.regulationTitle, width: 36 }),
  requirement: (t) => ({ header: t('taskDocuments.requirement'), value: (d) => d.requirementTitle, width: 36 }),
  evidenceDate: (t) => ({ header: t('taskEvidence.evidenceDate'), value: (d) => d.evidenceDate }),
  archivedAt: (t) => ({ header: t('documentsArchive.archivedAt'), value: (d) => d.archivedAt, width: 22 }),
  archivedBy: (t) => ({ header: t('documentsArchive.archivedBy'), value: (d) => d.archivedByName, width: 24 }),
  archiveReason: (t) => ({ header: t('documentsArchive.reason'), value: (d) => d.archiveReason, width: 40 }),
  retainUntil: (t) => ({ header: t('documents.retainUntil'), value: (d) => d.retainUntil }),
  legalHold: (t) => ({ header: t('documents.legalHold'), value: (d) => (d.legalHold ? t('data.yes') : t('data.no')) }),
  version: (t) => ({ header: t('documents.version'), value: (d) => d.version }),
  mediaType: (t) => ({ header: t('documents.mediaType'), value: (d) => d.mediaType, width: 24 }),
  size: (t) => ({ header: t('documents.sizeBytes'), value: (d) => d.size }),
  sha256: (t) => ({ header: t('documents.sha256'), value: (d) => d.sha256, width: 66 }),
  uploadedBy: (t) => ({ header: t('documents.uploadedBy'), value: (d) => d.uploadedByName, width: 24 }),
  uploaded: (t) => ({ header: t('documents.uploaded'), value: (d) => d.createdAt, width: 22 }),
  createdAt: (t) => ({ header: t('data.createdAt'), value: (d) => d.createdAt, width: 22 }),
  updatedAt: (t) => ({ header: t('data.updatedAt'), value: (d) => d.updatedAt, width: 22 }),
} satisfies Record<string, (t: T) => ExportColumn<Document>>;

/** The CSV/Excel columns of a documents list, by name, in the interface language of the `t` they are given. */
export function documentExportColumns(names: (keyof typeof EXPORT_COLUMNS)[]): (t: T) => ExportColumn<Document>[] {
  return (t) => names.map((name) => EXPORT_COLUMNS[name](t));
}
