import { useMemo, useState } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, FieldTimeOutlined, RollbackOutlined } from '@ant-design/icons';
import { can, seesAllFacilities } from '@rtms/shared/permissions';
import type { Document } from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { ConfirmAction } from '../../../components/data/confirm-button';
import { UrlEnumFilter } from '../../../components/data/enum-filter';
import { IconAction } from '../../../components/data/icon-action';
import { UrlRemoteFilter, UrlBooleanFilter } from '../../../components/data/url-filters';
import { actionsColumn } from '../../../components/data/row-actions';
import { useRowAction } from '../../../components/data/use-row-action';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import { useDeleteDocument } from '../api/delete-document';
import { documentsEndpoint } from '../api/list-documents';
import { useRestoreDocument } from '../api/restore-document';
import { DocumentDetailDrawer } from './document-detail-drawer';
import './documents.css';
import { RetentionModal } from './retention-modal';
import { useDocumentActions } from './use-document-actions';
import { documentColumn, documentFacilityColumn } from './document-columns';
import { documentExportColumns } from './document-export-columns';
import { sortedColumn } from '../../../components/data/common-columns';
import { facilityOptions } from '../../facilities/api/list-facilities';

const FILTERS = ['kind', 'facilityId', 'legalHold'] as const;

/** The export's columns. */
const exportColumns = documentExportColumns([
  'title',
  'fileName',
  'kind',
  'task',
  'facility',
  'archivedAt',
  'archivedBy',
  'archiveReason',
  'retainUntil',
  'legalHold',
  'version',
  'sha256',
]);

/** Today as a calendar date in UTC, the day the server judges retention on. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * /archive-documents: archived documents, read-only, with who archived them, when and why, their
 * retention and legal hold (editable by the roles that may archive), restore, and permanent deletion
 * for ALL_FACILITY_ADMIN (which the server refuses under retention or legal hold).
 */
export function ArchiveDocumentsPage() {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const run = useRowAction();
  const list = useListScreen(documentsEndpoint, {
    filters: FILTERS,
    defaultSort: '-archivedAt',
    fixed: { archived: 'true' },
  });
  const actions = useDocumentActions();
  const restore = useRestoreDocument();
  const remove = useDeleteDocument();
  const [retaining, setRetaining] = useState<Document>();
  const [detailId, setDetailId] = useState<string>();
  const canRestore = can(me.role, 'document:archive');
  const canDelete = can(me.role, 'anything:deletePermanently');

  const mayChange = (document: Document) => seesAllFacilities(me.role) || document.facilityId !== null;

  const onRestore = (document: Document) =>
    run(
      () => restore.mutateAsync(document._id),
      () => t('documentsArchive.restored', { title: document.title }),
    );

  // The server says why it refuses (legal hold, retention date): its message stays longer on screen.
  const onDelete = (document: Document) =>
    run(
      () => remove.mutateAsync(document._id),
      () => t('documentsArchive.deleted', { title: document.title }),
      8,
    );

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      documentColumn(t, setDetailId, (document) => ({
        note:
          document.kind === 'TASK' && document.taskTitle
            ? t('documentsArchive.evidenceOf', { task: document.taskTitle })
            : t(`documentKind.${document.kind}`),
      })),
      documentFacilityColumn(t),
      sortedColumn(t('documentsArchive.archivedAt'), 'archivedAt', (document) => (
        <Flex vertical className="archive-cell">
          <span>{format.dateTime(document.archivedAt)}</span>
          <Typography.Text type="secondary" className="cell-note">
            {document.archivedByName ?? '—'}
          </Typography.Text>
          {document.archiveReason ? (
            <Typography.Text className="archive-reason" ellipsis={{ tooltip: document.archiveReason }}>
              {t('documentsArchive.reasonValue', { reason: document.archiveReason })}
            </Typography.Text>
          ) : null}
        </Flex>
      )),
      sortedColumn(t('documents.retainUntil'), 'retainUntil', (document) => (
        <Flex vertical gap={4} align="flex-start">
          <span>{document.retainUntil ? format.date(document.retainUntil) : '—'}</span>
          {document.legalHold ? <Tag color="red">{t('documents.onLegalHold')}</Tag> : null}
        </Flex>
      )),
      actionsColumn<Document>(t, (document) => {
        const retained = Boolean(document.retainUntil && document.retainUntil >= todayUtc());
        return actions.buttons(document, {
          children: (
            <>
              {canRestore && mayChange(document) ? (
                <>
                  <IconAction
                    label={t('documentsArchive.retention')}
                    ariaLabel={t('documentsArchive.retentionNamed', { name: document.title })}
                    icon={<FieldTimeOutlined />}
                    onClick={() => setRetaining(document)}
                  />
                  <ConfirmAction
                    icon={<RollbackOutlined />}
                    label={t('documentsArchive.restore')}
                    title={t('documentsArchive.restoreConfirm', { title: document.title })}
                    description={t('documentsArchive.restoreBody')}
                    onConfirm={() => onRestore(document)}
                    ariaLabel={t('documentsArchive.restoreNamed', { name: document.title })}
                  />
                </>
              ) : null}
              {canDelete ? (
                <ConfirmAction
                  danger
                  icon={<DeleteOutlined />}
                  label={t('documentsArchive.deletePermanently')}
                  title={t('documentsArchive.deleteConfirm', { title: document.title })}
                  description={
                    document.legalHold
                      ? t('documentsArchive.deleteHeld')
                      : retained
                        ? t('documentsArchive.deleteRetained', { date: format.date(document.retainUntil) })
                        : t('documentsArchive.deleteBody', { count: document.version })
                  }
                  onConfirm={() => onDelete(document)}
                  ariaLabel={t('documentsArchive.deleteNamed', { name: document.title })}
                />
              ) : null}
            </>
          ),
        });
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, actions, canRestore, canDelete, me.role],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.archiveDocuments')}
      messages="documentsArchive"
      intro={t('documentsArchive.intro')}
      columns={columns}
      filters={
        <>
          <UrlEnumFilter state={list.state} name="kind" of="documentKind" />
          <UrlRemoteFilter {...facilityOptions} state={list.state} name="facilityId" label={t('documents.facility')} />
          <UrlBooleanFilter
            state={list.state}
            name="legalHold"
            label={t('documents.legalHold')}
            yes={t('documentsArchive.heldOnly')}
            no={t('documentsArchive.notHeld')}
          />
        </>
      }
      exportOptions={{ fileName: 'archive-documents', columns: exportColumns }}
    >
      <DocumentDetailDrawer documentId={detailId} onClose={() => setDetailId(undefined)} />
      {actions.dialogs}
      <RetentionModal document={retaining} onClose={() => setRetaining(undefined)} />
    </ListScreen>
  );
}
