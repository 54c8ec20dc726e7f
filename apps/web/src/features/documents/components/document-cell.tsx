import { Button, Flex, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { fileIconOf, formatFileSize } from '../../../components/document-format';
import './documents.css';

/** A document in a table: icon, title (a button that opens it when `onOpen` is given), file name, size, version and tags. */
export function DocumentCell({
  document,
  onOpen,
  showTags = false,
  note,
  uploaded,
}: {
  document: Pick<Document, 'title' | 'fileName' | 'mediaType' | 'size' | 'version' | 'tags'>;
  onOpen?: () => void;
  showTags?: boolean;
  /** A line of secondary text under the file (e.g. the description). */
  note?: string | null;
  /** Who uploaded the current version and when, as a line under the file. */
  uploaded?: { date: string; name: string | null };
}) {
  const t = useT();
  const intl = useIntl();
  const details = [formatFileSize(intl, document.size)];
  if (document.version > 1) details.push(t('documents.versionShort', { version: document.version }));
  return (
    <Flex gap={8} className="document-cell">
      <span className="document-cell__icon">{fileIconOf(document.mediaType)}</span>
      <Flex vertical>
        {onOpen ? (
          <Button type="link" className="document-cell__open" onClick={onOpen}>
            {document.title}
          </Button>
        ) : (
          <Typography.Text>{document.title}</Typography.Text>
        )}
        <Typography.Text type="secondary" className="document-cell__file">
          {document.fileName} · {details.join(' · ')}
        </Typography.Text>
        {uploaded ? (
          <Typography.Text type="secondary" className="document-cell__file">
            {t('documents.uploadedOn', { date: uploaded.date, name: uploaded.name ?? '—' })}
          </Typography.Text>
        ) : null}
        {note ? (
          <Typography.Text type="secondary" className="cell-note" ellipsis={{ tooltip: note }}>
            {note}
          </Typography.Text>
        ) : null}
        {showTags && document.tags.length ? (
          <div className="document-tags">
            {document.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </div>
        ) : null}
      </Flex>
    </Flex>
  );
}
