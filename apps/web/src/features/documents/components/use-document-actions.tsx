import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Flex } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { IconAction } from '../../../components/data/icon-action';
import { ArchiveDocumentModal } from './archive-document-modal';
import { canPreview } from '../../../components/document-format';
import { DocumentPreviewModal, type PreviewTarget } from './document-preview-modal';
import { useDocumentDownload } from './use-document-download';

type ArchiveTarget = Parameters<typeof ArchiveDocumentModal>[0]['document'] & object;

export interface DocumentActions {
  /** A row's buttons: preview (PDF and images), download, then `children` (e.g. edit), then archive when `archive`. */
  buttons(document: Document, options?: { archive?: boolean; children?: ReactNode }): ReactNode;
  /** Opens the preview, for a document's name in a cell; undefined for a file the browser cannot show. */
  previewOf(document: Document): (() => void) | undefined;
  /** Opens the archive dialog (e.g. from a document's detail drawer). */
  archive(document: ArchiveTarget): void;
  /** The preview and archive dialogs the buttons open (render once, beside the list). */
  dialogs: ReactNode;
}

/**
 * The actions every document list offers on a row (preview, download, archive), with the dialogs they
 * open, so that each list says only which of them a row gets and what it adds.
 */
export function useDocumentActions(): DocumentActions {
  const t = useT();
  const download = useDocumentDownload();
  const [preview, setPreview] = useState<PreviewTarget>();
  const [archiving, setArchiving] = useState<ArchiveTarget>();

  const previewOf = useCallback(
    (document: Document) => (canPreview(document.mediaType) ? () => setPreview({ document }) : undefined),
    [],
  );

  const buttons = useCallback(
    (document: Document, { archive = false, children }: { archive?: boolean; children?: ReactNode } = {}) => {
      const openPreview = previewOf(document);
      return (
        <Flex gap={4}>
          {openPreview ? (
            <IconAction
              label={t('documents.preview')}
              ariaLabel={t('documents.previewNamed', { name: document.title })}
              icon={<EyeOutlined />}
              onClick={openPreview}
            />
          ) : null}
          <IconAction
            label={t('documents.download')}
            ariaLabel={t('documents.downloadNamed', { name: document.title })}
            icon={<DownloadOutlined />}
            onClick={() => void download(document)}
          />
          {children}
          {archive ? (
            <IconAction
              label={t('documentsArchive.archive')}
              ariaLabel={t('documentsArchive.archiveNamed', { name: document.title })}
              icon={<DeleteOutlined />}
              onClick={() => setArchiving(document)}
            />
          ) : null}
        </Flex>
      );
    },
    [t, download, previewOf],
  );

  // The same object while no dialog opens or closes, so a table's columns built from it stay memoised.
  return useMemo(
    () => ({
      buttons,
      previewOf,
      archive: setArchiving,
      dialogs: (
        <>
          <DocumentPreviewModal target={preview} onClose={() => setPreview(undefined)} />
          <ArchiveDocumentModal document={archiving} onClose={() => setArchiving(undefined)} />
        </>
      ),
    }),
    [buttons, previewOf, preview, archiving],
  );
}
