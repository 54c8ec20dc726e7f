import { useMemo, useState } from 'react';
import { Empty, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { ListTable, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import { EvidencePackButton } from './evidence-pack-button';
import { documentsEndpoint } from '../api/list-documents';
import { DocumentDetailDrawer } from './document-detail-drawer';
import './documents.css';
import { useDocumentActions } from './use-document-actions';
import { documentColumn } from './document-columns';
import { documentExportColumns } from './document-export-columns';
import { column, sortedColumn } from '../../../components/data/common-columns';

const FILTERS = ['kind'] as const;

const exportColumns = documentExportColumns([
  'title',
  'fileName',
  'kind',
  'task',
  'taskDueDate',
  'requirement',
  'evidenceDate',
  'version',
  'sha256',
  'uploadedBy',
  'uploaded',
]);

/**
 * The documents tab of a facility's page: its evidence and its library documents (active ones), with
 * preview, download, export, and the facility's evidence pack.
 */
export function FacilityDocumentsSection({ facility }: { facility: { _id: string; name: string; code: string } }) {
  const t = useT();
  const format = useFormatters();
  const list = useListScreen(documentsEndpoint, {
    filters: FILTERS,
    prefix: 'd',
    defaultSort: '-createdAt',
    fixed: { facilityId: facility._id },
  });
  const actions = useDocumentActions();
  const [detailId, setDetailId] = useState<string>();

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      documentColumn(t, setDetailId, (document) => ({
        uploaded: { date: format.dateTime(document.createdAt), name: document.uploadedByName },
      })),
      column(t('documents.kind'), 'kind', (document) => t(`documentKind.${document.kind}`)),
      sortedColumn(t('taskDocuments.task'), 'taskDueDate', (document) =>
        document.taskId ? (
          <Flex vertical className="task-documents__task">
            <Link to={`/tasks/${document.taskId}`}>{document.taskTitle ?? document.taskId}</Link>
            {document.taskDueDate ? (
              <Typography.Text type="secondary" className="cell-note">
                {t('taskDocuments.due', { date: format.date(document.taskDueDate) })}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : (
          '—'
        ),
      ),
      sortedColumn(
        t('taskEvidence.evidenceDate'),
        'evidenceDate',
        (document) => format.date(document.evidenceDate) || '—',
      ),
      column(t('data.actions'), 'actions', (document) => actions.buttons(document), { fixed: 'right' }),
    ],
    [t, format, actions],
  );

  return (
    <>
      <ListTable
        list={list}
        messages="taskDocuments"
        columns={columns}
        label={t('documents.ofFacility', { name: facility.name })}
        filters={<UrlEnumFilter state={list.state} name="kind" of="documentKind" />}
        actions={
          <EvidencePackButton
            initial={{ facilityId: facility._id }}
            knownOptions={[{ value: facility._id, label: `${facility.name} (${facility.code})` }]}
          />
        }
        exportOptions={{
          fileName: `facility-${facility.code.toLowerCase()}-documents`,
          sheetName: t('nav.documents'),
          columns: exportColumns,
        }}
        empty={<Empty description={t('documents.noneForFacility')} />}
      />
      <DocumentDetailDrawer documentId={detailId} onClose={() => setDetailId(undefined)} />
      {actions.dialogs}
    </>
  );
}
