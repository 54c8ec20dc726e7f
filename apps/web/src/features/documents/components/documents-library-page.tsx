import { useMemo, useState } from 'react';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloudUploadOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Role } from '@rtms/shared/enums';
import { can, seesAllFacilities } from '@rtms/shared/permissions';
import type { Document, DocumentDetail } from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { IconAction } from '../../../components/data/icon-action';
import { UrlRemoteFilter } from '../../../components/data/url-filters';
import { ListScreen, useListScreen } from '../../../components/data/list-screen';
import { useFormatters } from '../../../components/data/use-formatters';
import { documentsEndpoint } from '../api/list-documents';
import { fetchRegulationOptions } from '../api/reference-options';
import { DocumentDetailDrawer } from './document-detail-drawer';
import './documents.css';
import { LibraryDocumentDrawer } from './library-document-drawer';
import { NewVersionModal } from './new-version-modal';
import { TagFilter } from './tags-select';
import { useDocumentActions } from './use-document-actions';
import { documentColumn, documentFacilityColumn } from './document-columns';
import { documentExportColumns } from './document-export-columns';
import { updatedAtColumn, column } from '../../../components/data/common-columns';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { useProgramAreaFilterOptions } from '../../program-areas/api/program-area-options';

const FILTERS = ['facilityId', 'programAreaId', 'regulationId', 'tag'] as const;

/** The export's columns. */
const exportColumns = documentExportColumns([
  'title',
  'description',
  'fileName',
  'tags',
  'facility',
  'programArea',
  'regulation',
  'version',
  'mediaType',
  'size',
  'sha256',
  'retainUntil',
  'uploadedBy',
  'createdAt',
  'updatedAt',
]);

/** Whether `role` may change this document (facility roles: not the company-wide ones). */
export function mayChangeDocument(role: Role, document: Pick<Document, 'facilityId'>): boolean {
  return can(role, 'document:upload') && (seesAllFacilities(role) || document.facilityId !== null);
}

/**
 * /documents-library: permits, plans and procedures with tags, facility, program area and regulation;
 * upload with progress, edit, new versions (older ones kept), preview, download, archive, export.
 */
export function DocumentsLibraryPage() {
  const t = useT();
  const programAreaFilterOptions = useProgramAreaFilterOptions();
  const me = useCurrentUser();
  const format = useFormatters();
  const list = useListScreen(documentsEndpoint, { filters: FILTERS, defaultSort: 'title', fixed: { kind: 'LIBRARY' } });
  const actions = useDocumentActions();
  const [versioning, setVersioning] = useState<Document>();
  const [detailId, setDetailId] = useState<string>();
  const [editing, setEditing] = useState<{ open: boolean; document?: Document | DocumentDetail }>({ open: false });
  const canUpload = can(me.role, 'document:upload');
  const canArchive = can(me.role, 'document:archive');

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      documentColumn(t, setDetailId, (document) => ({ showTags: true, note: document.description })),
      documentFacilityColumn(t),
      column(t('documents.programArea'), 'programArea', (document) => (
        <Typography.Text className="document-program-area" ellipsis={{ tooltip: document.programAreaName }}>
          {document.programAreaName ?? '—'}
        </Typography.Text>
      )),
      column(t('documents.regulation'), 'regulation', (document) => (
        <Typography.Text className="document-regulation" ellipsis={{ tooltip: document.regulationTitle }}>
          {document.regulationTitle ?? '—'}
        </Typography.Text>
      )),
      updatedAtColumn<Document>(t, format),
      column(
        t('data.actions'),
        'actions',
        (document) => {
          const mayChange = mayChangeDocument(me.role, document);
          return actions.buttons(document, {
            archive: canArchive && mayChange,
            children: mayChange ? (
              <>
                <IconAction
                  label={t('data.edit')}
                  ariaLabel={t('documentsLibrary.editNamed', { name: document.title })}
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ open: true, document })}
                />
                <IconAction
                  label={t('documentsLibrary.newVersion')}
                  ariaLabel={t('documentsLibrary.newVersionNamed', { name: document.title })}
                  icon={<CloudUploadOutlined />}
                  onClick={() => setVersioning(document)}
                />
              </>
            ) : null,
          });
        },
        { fixed: 'right' },
      ),
    ],
    [t, format, actions, canArchive, me.role],
  );

  return (
    <ListScreen
      list={list}
      title={t('nav.documentsLibrary')}
      messages="documentsLibrary"
      create={
        canUpload ? { label: t('documentsLibrary.uploadButton'), onClick: () => setEditing({ open: true }) } : undefined
      }
      columns={columns}
      filters={
        <>
          <UrlRemoteFilter {...facilityOptions} state={list.state} name="facilityId" label={t('documents.facility')} />
          <UrlRemoteFilter
            {...programAreaFilterOptions}
            state={list.state}
            name="programAreaId"
            className="data-toolbar__filter"
            label={t('documents.programArea')}
          />
          <UrlRemoteFilter
            state={list.state}
            name="regulationId"
            className="data-toolbar__filter"
            label={t('documents.regulation')}
            queryKey={['regulations', 'filter-options']}
            fetchOptions={fetchRegulationOptions}
          />
          <TagFilter
            label={t('documentsLibrary.tag')}
            kind="LIBRARY"
            value={list.state.filters.tag}
            onChange={(value) => list.state.setFilter('tag', value)}
          />
        </>
      }
      exportOptions={{ fileName: 'documents-library', columns: exportColumns }}
    >
      <DocumentDetailDrawer
        documentId={detailId}
        onClose={() => setDetailId(undefined)}
        actions={(document) =>
          mayChangeDocument(me.role, document) ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing({ open: true, document })}>
                {t('data.edit')}
              </Button>
              <Button icon={<CloudUploadOutlined />} onClick={() => setVersioning(document)}>
                {t('documentsLibrary.newVersion')}
              </Button>
              {canArchive ? (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    setDetailId(undefined);
                    actions.archive(document);
                  }}
                >
                  {t('documentsArchive.archive')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {actions.dialogs}
      <NewVersionModal document={versioning} onClose={() => setVersioning(undefined)} />
      <LibraryDocumentDrawer
        open={editing.open}
        document={editing.document}
        onClose={() => setEditing((previous) => ({ ...previous, open: false }))}
      />
    </ListScreen>
  );
}
