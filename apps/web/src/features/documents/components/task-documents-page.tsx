import { useMemo, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileZipOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { Document } from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import { EvidencePackModal } from './evidence-pack-modal';
import { documentsEndpoint } from '../api/list-documents';
import { AddEvidenceModal } from './add-evidence-modal';
import { DocumentDetailDrawer } from './document-detail-drawer';
import './documents.css';
import { useDocumentActions } from './use-document-actions';
import { documentColumn } from './document-columns';
import { documentExportColumns } from './document-export-columns';
import { column, sortedColumn } from '../../../components/data/common-columns';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { UrlRemoteFilter } from '../../../components/data/url-filters';
import { requirementOptions } from '../../requirements/api/list-requirements';

const FILTERS = ['facilityId', 'requirementId'] as const;

/** The export's columns. */
const exportColumns = documentExportColumns([
  'title',
  'fileName',
  'task',
  'taskDueDate',
  'facility',
  'requirement',
  'evidenceDate',
  'version',
  'mediaType',
  'size',
  'sha256',
  'uploadedBy',
  'uploaded',
]);

/**
 * /task-documents: every evidence document in the caller's facilities with its task, facility and
 * requirement; preview, download, archive; evidence for a task; the evidence pack for an auditor.
 */
export function TaskDocumentsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(documentsEndpoint, {
    filters: FILTERS,
    defaultSort: '-createdAt',
    fixed: { kind: 'TASK' },
  });
  const actions = useDocumentActions();
  const [detailId, setDetailId] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [packOpen, setPackOpen] = useState(false);
  const canAttach = can(me.role, 'task:attachEvidence');
  const canArchive = can(me.role, 'document:archive');

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      documentColumn(t, setDetailId, (document) => ({
        uploaded: { date: format.dateTime(document.createdAt), name: document.uploadedByName },
      })),
      sortedColumn(t('taskDocuments.taskAtFacility'), 'taskDueDate', (document) => (
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
      )),
      column(t('taskDocuments.requirement'), 'requirement', (document) =>
        document.requirementId ? (
          <Typography.Text className="task-documents__requirement" ellipsis={{ tooltip: document.requirementTitle }}>
            <Link to={`/requirements/${document.requirementId}`}>{document.requirementTitle}</Link>
          </Typography.Text>
        ) : (
          '—'
        ),
      ),
      sortedColumn(t('taskEvidence.evidenceDate'), 'evidenceDate', (document) => format.date(document.evidenceDate)),
      column(t('data.actions'), 'actions', (document) => actions.buttons(document, { archive: canArchive }), {
        fixed: 'right',
      }),
    ],
    [t, format, actions, canArchive],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.taskDocuments')}
      messages="taskDocuments"
      create={canAttach ? { label: t('taskDocuments.addEvidence'), onClick: () => setAdding(true) } : undefined}
      headerActions={
        <Button icon={<FileZipOutlined />} onClick={() => setPackOpen(true)}>
          {t('evidencePack.open')}
        </Button>
      }
      columns={columns}
      filters={
        <>
          <UrlRemoteFilter {...facilityOptions} state={list.state} name="facilityId" label={t('documents.facility')} />
          <UrlRemoteFilter
            {...requirementOptions}
            state={list.state}
            name="requirementId"
            label={t('taskDocuments.requirement')}
          />
        </>
      }
      exportOptions={{ fileName: 'task-documents', columns: exportColumns }}
    >
      {actions.dialogs}
      <DocumentDetailDrawer documentId={detailId} onClose={() => setDetailId(undefined)} />
      <AddEvidenceModal open={adding} onClose={() => setAdding(false)} />
      <EvidencePackModal
        open={packOpen}
        onClose={() => setPackOpen(false)}
        initial={{ facilityId: list.state.filters.facilityId, requirementId: list.state.filters.requirementId }}
      />
    </ListScreen>
  );
}
