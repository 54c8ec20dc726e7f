import { useState, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Flex, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DRAWER_WIDTH_LARGE } from '@rtms/shared/constants';
import type { DocumentDetail, DocumentVersion } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { useInterfaceSettings } from '../../../lib/interface-settings/settings-store';
import { IconAction } from '../../../components/data/icon-action';
import { useFormatters } from '../../../components/data/use-formatters';
import { useDocument } from '../api/get-document';
import { canPreview, fileIconOf, formatFileSize } from '../../../components/document-format';
import { DocumentPreviewModal, type PreviewTarget } from './document-preview-modal';
import './documents.css';
import { useDocumentDownload } from './use-document-download';
import { column } from '../../../components/data/common-columns';

/**
 * A document's details: what it is, where it belongs, its retention, and every version (newest first),
 * each downloadable, PDF and images previewable. `actions` adds buttons (edit, new version, archive…).
 */
export function DocumentDetailDrawer({
  documentId,
  onClose,
  actions,
}: {
  documentId: string | undefined;
  onClose: () => void;
  actions?: (document: DocumentDetail) => ReactNode;
}) {
  const t = useT();
  const { settings } = useInterfaceSettings();
  const { data, error, isPending } = useDocument(documentId);
  const document = data?.data;

  return (
    <Drawer
      open={Boolean(documentId)}
      onClose={onClose}
      size={settings.width < DRAWER_WIDTH_LARGE + 40 ? '100%' : DRAWER_WIDTH_LARGE}
      title={document?.title ?? t('documents.detailTitle')}
      destroyOnHidden
      extra={document && actions ? <Space wrap>{actions(document)}</Space> : null}
    >
      {error ? (
        <Alert type="error" showIcon role="alert" title={t('documents.loadFailed')} description={error.message} />
      ) : null}
      {isPending && documentId ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {document ? <DocumentDetailBody document={document} /> : null}
    </Drawer>
  );
}

function DocumentDetailBody({ document }: { document: DocumentDetail }) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatters();
  const download = useDocumentDownload();
  const [preview, setPreview] = useState<PreviewTarget>();
  const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

  return (
    <Flex vertical gap={16}>
      {document.archivedAt ? (
        <Alert
          type="warning"
          showIcon
          title={t('documentsArchive.archivedOn', {
            date: format.dateTime(document.archivedAt),
            name: document.archivedByName ?? '—',
          })}
          description={document.archiveReason}
        />
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('documents.title')}>{document.title}</Descriptions.Item>
        <Descriptions.Item label={t('documents.description')}>
          {document.description ? <span className="preserve-lines">{document.description}</span> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.kind')}>{t(`documentKind.${document.kind}`)}</Descriptions.Item>
        {document.kind === 'TASK' ? (
          <>
            <Descriptions.Item label={t('taskDocuments.task')}>
              {dash(document.taskTitle)}
              {document.taskDueDate ? ` · ${t('taskDocuments.due', { date: format.date(document.taskDueDate) })}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('taskDocuments.requirement')}>
              {dash(document.requirementTitle)}
            </Descriptions.Item>
            <Descriptions.Item label={t('taskEvidence.evidenceDate')}>
              {dash(format.date(document.evidenceDate))}
            </Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('documents.facility')}>
          {document.facilityId ? (
            <Link to={`/facilities/${document.facilityId}`}>{document.facilityName}</Link>
          ) : (
            t('documents.companyWide')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.programArea')}>{dash(document.programAreaName)}</Descriptions.Item>
        <Descriptions.Item label={t('documents.regulation')}>{dash(document.regulationTitle)}</Descriptions.Item>
        <Descriptions.Item label={t('documents.tags')}>
          {document.tags.length ? (
            <span className="document-tags">
              {document.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </span>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.retainUntil')}>
          {dash(format.date(document.retainUntil))}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents.legalHold')}>
          {document.legalHold ? <Tag color="red">{t('documents.onLegalHold')}</Tag> : t('data.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('data.createdAt')}>{format.dateTime(document.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('data.updatedAt')}>{format.dateTime(document.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>{t('documents.versions', { count: document.versions.length })}</Typography.Title>
        <Table<DocumentVersion>
          className="document-versions"
          aria-label={t('documents.versionsLabel', { title: document.title })}
          size="small"
          rowKey="version"
          dataSource={document.versions}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            column(t('documents.version'), 'version', (version) => (
              <Space size={4} wrap>
                <span>{t('documents.versionShort', { version: version.version })}</span>
                {version.version === document.version ? <Tag color="blue">{t('documents.current')}</Tag> : null}
              </Space>
            )),
            column(t('documents.file'), 'file', (version) => (
              <Flex gap={8} className="document-cell">
                <span className="document-cell__icon">{fileIconOf(version.mediaType)}</span>
                <Flex vertical>
                  <Typography.Text className="file-picker__chosen-name">{version.fileName}</Typography.Text>
                  <Typography.Text type="secondary" className="document-cell__file">
                    {t('documents.versionMeta', {
                      size: formatFileSize(intl, version.size),
                      date: format.dateTime(version.createdAt),
                      name: version.uploadedByName ?? '—',
                    })}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="document-hash" copyable={{ text: version.sha256 }}>
                    {t('documents.sha256Value', { hash: version.sha256.slice(0, 16) })}
                  </Typography.Text>
                </Flex>
              </Flex>
            )),
            column(t('data.actions'), 'actions', (version) => {
              const isCurrent = version.version === document.version;
              return (
                <Flex gap={4}>
                  {canPreview(version.mediaType) ? (
                    <IconAction
                      label={t('documents.preview')}
                      ariaLabel={t('documents.previewVersion', { version: version.version })}
                      icon={<EyeOutlined />}
                      onClick={() => setPreview({ document, version: isCurrent ? undefined : version })}
                    />
                  ) : null}
                  <IconAction
                    label={t('documents.download')}
                    ariaLabel={t('documents.downloadVersion', { version: version.version })}
                    icon={<DownloadOutlined />}
                    onClick={() => void download(document, isCurrent ? undefined : version.version)}
                  />
                </Flex>
              );
            }),
          ]}
        />
      </div>
      <DocumentPreviewModal target={preview} onClose={() => setPreview(undefined)} />
    </Flex>
  );
}
