import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileZipOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { Document } from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { IconAction } from '../../../components/data/icon-action';
import { RemoteSelect } from '../../../components/data/remote-select';
import { ServerTable } from '../../../components/data/server-table';
import { useFormatters } from '../../../components/data/use-formatters';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { EvidencePackModal } from '../../evidence-packs/components/evidence-pack-modal';
import { listDocuments, useDocuments, type DocumentsQuery } from '../api/list-documents';
import { fetchRequirementOptions } from '../api/reference-options';
import { AddEvidenceModal } from './add-evidence-modal';
import { ArchiveDocumentModal } from './archive-document-modal';
import { DocumentCell } from './document-cell';
import { DocumentDetailDrawer } from './document-detail-drawer';
import { canPreview } from './document-format';
import { DocumentPreviewModal, type PreviewTarget } from './document-preview-modal';
import './documents.css';
import { useDocumentDownload } from './use-document-download';

const FILTERS = ['facilityId', 'requirementId'] as const;

/**
 * /task-documents: every evidence document in the caller's facilities with its task, facility and
 * requirement; preview, download, archive; evidence for a task; the evidence pack for an auditor.
 */
export function TaskDocumentsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const state = useTableUrlState<DocumentsQuery>({ filters: FILTERS, defaultSort: '-createdAt' });
  const query = { ...state.query, kind: 'TASK' } as const;
  const result = useDocuments(query);
  const download = useDocumentDownload();
  const [preview, setPreview] = useState<PreviewTarget>();
  const [archiving, setArchiving] = useState<Document>();
  const [detailId, setDetailId] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [packOpen, setPackOpen] = useState(false);
  const canAttach = can(me.role, 'task:attachEvidence');
  const canArchive = can(me.role, 'document:archive');

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      {
        title: t('documents.document'),
        key: 'title',
        sorter: true,
        render: (_, document) => (
          <DocumentCell
            document={document}
            onOpen={() => setDetailId(document._id)}
            uploaded={{ date: format.dateTime(document.createdAt), name: document.uploadedByName }}
          />
        ),
      },
      {
        title: t('taskDocuments.taskAtFacility'),
        key: 'taskDueDate',
        sorter: true,
        render: (_, document) => (
          <Flex vertical className="task-documents__task">
            {document.taskId ? (
              <Link to={`/tasks/${document.taskId}`}>{document.taskTitle ?? document.taskId}</Link>
            ) : (
              '—'
            )}
            <Typography.Text type="secondary" className="cell-note">
              {document.taskDueDate ? t('taskDocuments.due', { date: format.date(document.taskDueDate) }) : null}
              {document.taskDueDate && document.facilityId ? ' · ' : null}
              {document.facilityId ? (
                <Link to={`/facilities/${document.facilityId}`}>{document.facilityName}</Link>
              ) : null}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: t('taskDocuments.requirement'),
        key: 'requirement',
        render: (_, document) =>
          document.requirementId ? (
            <Typography.Text className="task-documents__requirement" ellipsis={{ tooltip: document.requirementTitle }}>
              <Link to={`/requirements/${document.requirementId}`}>{document.requirementTitle}</Link>
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      {
        title: t('taskEvidence.evidenceDate'),
        key: 'evidenceDate',
        sorter: true,
        render: (_, document) => format.date(document.evidenceDate),
      },
      {
        title: t('data.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, document) => (
          <Flex gap={4}>
            {canPreview(document.mediaType) ? (
              <IconAction
                label={t('documents.preview')}
                ariaLabel={t('documents.previewNamed', { name: document.title })}
                icon={<EyeOutlined />}
                onClick={() => setPreview({ document })}
              />
            ) : null}
            <IconAction
              label={t('documents.download')}
              ariaLabel={t('documents.downloadNamed', { name: document.title })}
              icon={<DownloadOutlined />}
              onClick={() => void download(document)}
            />
            {canArchive ? (
              <IconAction
                label={t('documentsArchive.archive')}
                ariaLabel={t('documentsArchive.archiveNamed', { name: document.title })}
                icon={<DeleteOutlined />}
                onClick={() => setArchiving(document)}
              />
            ) : null}
          </Flex>
        ),
      },
    ],
    [t, format, download, canArchive],
  );

  const exportColumns = useMemo<ExportColumn<Document>[]>(
    () => [
      { header: t('documents.title'), value: (d) => d.title, width: 36 },
      { header: t('documents.fileName'), value: (d) => d.fileName, width: 36 },
      { header: t('taskDocuments.task'), value: (d) => d.taskTitle, width: 36 },
      { header: t('taskDocuments.taskDueDate'), value: (d) => d.taskDueDate },
      { header: t('documents.facility'), value: (d) => d.facilityName, width: 28 },
      { header: t('taskDocuments.requirement'), value: (d) => d.requirementTitle, width: 36 },
      { header: t('taskEvidence.evidenceDate'), value: (d) => d.evidenceDate },
      { header: t('documents.version'), value: (d) => d.version },
      { header: t('documents.mediaType'), value: (d) => d.mediaType, width: 24 },
      { header: t('documents.sizeBytes'), value: (d) => d.size },
      { header: t('documents.sha256'), value: (d) => d.sha256, width: 66 },
      { header: t('documents.uploadedBy'), value: (d) => d.uploadedByName, width: 24 },
      { header: t('documents.uploaded'), value: (d) => d.createdAt, width: 22 },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('nav.taskDocuments')}
        actions={
          <>
            <Button icon={<FileZipOutlined />} onClick={() => setPackOpen(true)}>
              {t('evidencePack.open')}
            </Button>
            {canAttach ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('taskDocuments.addEvidence')}
              </Button>
            ) : null}
          </>
        }
      />
      <ServerTable<Document, (typeof FILTERS)[number]>
        state={state}
        result={result}
        columns={columns}
        rowKey="_id"
        label={t('nav.taskDocuments')}
        searchLabel={t('taskDocuments.search')}
        filters={
          <>
            <RemoteSelect
              allowClear
              className="data-toolbar__filter data-toolbar__filter--wide"
              label={t('documents.facility')}
              queryKey={['facilities', 'filter-options']}
              fetchOptions={fetchFacilityOptions}
              value={state.filters.facilityId}
              onChange={(value) => state.setFilter('facilityId', (value as string | undefined) ?? undefined)}
            />
            <RemoteSelect
              allowClear
              className="data-toolbar__filter data-toolbar__filter--wide"
              label={t('taskDocuments.requirement')}
              queryKey={['requirements', 'filter-options']}
              fetchOptions={fetchRequirementOptions}
              value={state.filters.requirementId}
              onChange={(value) => state.setFilter('requirementId', (value as string | undefined) ?? undefined)}
            />
          </>
        }
        exportOptions={{
          fileName: 'task-documents',
          sheetName: t('nav.taskDocuments'),
          columns: exportColumns,
          fetchPage: (page, pageSize, signal) => listDocuments({ ...query, page, pageSize }, signal),
        }}
        empty={
          <Empty description={t('taskDocuments.empty')}>
            {canAttach ? (
              <Button type="primary" onClick={() => setAdding(true)}>
                {t('taskDocuments.addEvidence')}
              </Button>
            ) : null}
          </Empty>
        }
      />
      <DocumentPreviewModal target={preview} onClose={() => setPreview(undefined)} />
      <ArchiveDocumentModal document={archiving} onClose={() => setArchiving(undefined)} />
      <DocumentDetailDrawer documentId={detailId} onClose={() => setDetailId(undefined)} />
      <AddEvidenceModal open={adding} onClose={() => setAdding(false)} />
      <EvidencePackModal
        open={packOpen}
        onClose={() => setPackOpen(false)}
        initial={{ facilityId: state.filters.facilityId, requirementId: state.filters.requirementId }}
      />
    </>
  );
}
