import type { ComponentProps } from 'react';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Document } from '@rtms/shared/schemas/documents';
import type { useT } from '../../../lib/i18n/use-t';
import { DocumentCell } from './document-cell';

type T = ReturnType<typeof useT>;

/**
 * The first column of every documents table: the document's cell (a button that opens it), sorted by title.
 * `cell` adds what this table shows under the file (tags, a note, who uploaded it).
 */
export function documentColumn(
  t: T,
  onOpen: (id: string) => void,
  cell: (document: Document) => Omit<ComponentProps<typeof DocumentCell>, 'document' | 'onOpen'>,
): ColumnType<Document> {
  return {
    title: t('documents.document'),
    key: 'title',
    sorter: true,
    render: (_, document: Document) => (
      <DocumentCell document={document} onOpen={() => onOpen(document._id)} {...cell(document)} />
    ),
  };
}

/** The facility of a document: a link to it, or "Company-wide" for a document of no facility. */
export function documentFacilityColumn(t: T): ColumnType<Document> {
  return {
    title: t('documents.facility'),
    key: 'facilityName',
    sorter: true,
    render: (_, document: Document) =>
      document.facilityId ? (
        <Link to={`/facilities/${document.facilityId}`}>{document.facilityName}</Link>
      ) : (
        <Tag>{t('documents.companyWide')}</Tag>
      ),
  };
}
