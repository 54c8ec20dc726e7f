import { useCallback } from 'react';
import { App } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { downloadBlob } from '../../../components/data/export/download';
import { downloadDocument } from '../api/download-document';

/**
 * Downloads a document's file (or a former version) with the session's token and saves it under the
 * name the server gives; progress and failure show as messages.
 */
export function useDocumentDownload(): (
  document: { _id: string; fileName: string },
  version?: number,
) => Promise<void> {
  const t = useT();
  const { message } = App.useApp();
  return useCallback(
    async (document, version) => {
      const key = `download-${document._id}-${version ?? 'current'}`;
      void message.open({
        key,
        type: 'loading',
        duration: 0,
        content: t('documents.downloading', { name: document.fileName }),
      });
      try {
        const file = await downloadDocument(document._id, { version });
        downloadBlob(file.blob, file.fileName ?? document.fileName);
        void message.open({
          key,
          type: 'success',
          duration: 2,
          content: t('documents.downloaded', { name: file.fileName ?? document.fileName }),
        });
      } catch (error) {
        void message.open({
          key,
          type: 'error',
          duration: 6,
          content: t('documents.downloadFailed', { message: error instanceof Error ? error.message : String(error) }),
        });
      }
    },
    [message, t],
  );
}
