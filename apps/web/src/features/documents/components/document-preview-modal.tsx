import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/use-t';
import { downloadDocument } from '../api/download-document';
import { canPreview } from '../../../components/document-format';
import { withPdfTitle } from './pdf-title';
import './documents.css';
import { useDocumentDownload } from './use-document-download';

/** What the preview shows: a document (its current file, or a former `version`). */
export interface PreviewTarget {
  document: { _id: string; title: string; fileName: string; mediaType: string };
  /** A former version, with its own file name and type. */
  version?: { version: number; fileName: string; mediaType: string };
}

/**
 * A PDF or an image, shown in a dialog. The file is fetched with the session's token (never a token in
 * a URL), kept as a blob whose type is fixed here to the previewable type the server recorded, and shown
 * from an object URL that is revoked when the dialog closes. Images go in an <img> (no script can run);
 * a PDF goes in an <iframe> without `sandbox`: Chromium refuses to run its PDF viewer in any sandboxed
 * frame, and a blob typed application/pdf is only ever rendered by the browser's PDF viewer, isolated
 * from this page (see docs/decisions/013-document-screens.md).
 */
export function DocumentPreviewModal({ target, onClose }: { target: PreviewTarget | undefined; onClose: () => void }) {
  const t = useT();
  const download = useDocumentDownload();
  const file = target?.version ?? target?.document;
  const mediaType = file?.mediaType ?? '';
  const previewable = canPreview(mediaType);
  const query = useQuery({
    queryKey: ['documents', 'preview', target?.document._id, target?.version?.version ?? 'current'],
    queryFn: ({ signal }) => downloadDocument(target!.document._id, { version: target?.version?.version, signal }),
    enabled: Boolean(target) && previewable,
    // The bytes are not kept once the dialog is closed.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const blob = query.data?.blob;

  const name = file?.fileName ?? '';
  const title = target ? (
    <Flex vertical gap={0}>
      <span>{target.document.title}</span>
      <Typography.Text type="secondary" className="document-preview__file">
        {target.version ? t('documents.versionFile', { version: target.version.version, name }) : name}
      </Typography.Text>
    </Flex>
  ) : null;

  let body;
  if (!previewable) {
    body = <Alert type="info" showIcon title={t('documents.noPreview')} />;
  } else if (query.error) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('documents.previewFailed')}
        description={query.error.message}
      />
    );
  } else if (!blob) {
    body = (
      <Flex className="document-preview__loading" align="center" justify="center">
        <Spin aria-label={t('documents.previewLoading')} />
      </Flex>
    );
  } else {
    body = <BlobView blob={blob} mediaType={mediaType} name={name} label={t('documents.previewOf', { name })} />;
  }

  return (
    <Modal
      open={Boolean(target)}
      title={title}
      onCancel={onClose}
      width="min(1100px, 96vw)"
      className="document-preview"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          {target ? (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void download(
                  { _id: target.document._id, fileName: name },
                  target.version ? target.version.version : undefined,
                )
              }
            >
              {t('documents.download')}
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose}>
            {t('documents.close')}
          </Button>
        </Flex>
      }
    >
      {body}
    </Modal>
  );
}

/**
 * The fetched file from an object URL. The URL is made and set on the element by an effect and revoked
 * by its cleanup, so that no URL outlives the view (and a re-run effect makes a fresh one).
 */
function BlobView({ blob, mediaType, name, label }: { blob: Blob; mediaType: string; name: string; label: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const isPdf = mediaType === 'application/pdf';
  useEffect(() => {
    const element = isPdf ? frame.current : image.current;
    if (!element) return;
    let url: string | undefined;
    let cancelled = false;
    // The type is the one the server recorded after checking the content, not whatever the response said.
    // A PDF gets the file's name as its title, which the browser's viewer shows in its toolbar.
    const content = isPdf
      ? blob.arrayBuffer().then((buffer) => withPdfTitle(new Uint8Array(buffer), name))
      : Promise.resolve(blob);
    void content.then((data) => {
      if (cancelled) return;
      url = URL.createObjectURL(new Blob([data as BlobPart], { type: mediaType }));
      element.src = url;
    });
    return () => {
      cancelled = true;
      element.removeAttribute('src');
      if (url) URL.revokeObjectURL(url);
    };
  }, [blob, mediaType, isPdf, name]);
  if (isPdf)
    return <iframe ref={frame} className="document-preview__frame" title={label} referrerPolicy="no-referrer" />;
  return (
    <Flex className="document-preview__image-box" align="center" justify="center">
      <img ref={image} className="document-preview__image" alt={label} />
    </Flex>
  );
}
