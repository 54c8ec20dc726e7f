import { useState } from 'react';
import { Alert, App, Form, Modal, Typography } from 'antd';
import type { Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useAddDocumentVersion } from '../api/add-document-version';
import './documents.css';
import { FilePicker } from './file-picker';
import { isAbortError, UploadProgress, useUploadProgress } from './use-upload-progress';

/** Uploads a new version of a document's file; the older versions stay listed and downloadable. */
export function NewVersionModal({
  document,
  onClose,
}: {
  document: Pick<Document, '_id' | 'title' | 'version' | 'fileName'> | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ file?: File | null }>();
  const [formError, setFormError] = useState<string>();
  const uploading = useUploadProgress();
  const addVersion = useAddDocumentVersion();
  const label = t('documentUpload.file');

  const onFinish = ({ file }: { file?: File | null }) => {
    if (!document || !file) return;
    setFormError(undefined);
    addVersion.mutate(
      { id: document._id, file, ...uploading.start() },
      {
        onSuccess: ({ data }) => {
          void message.success(t('documentsLibrary.versionUploaded', { title: data.title, version: data.version }));
          onClose();
        },
        onError: (error) => {
          if (!isAbortError(error)) setFormError(applyServerErrors(form, error, ['file'], t));
        },
        onSettled: uploading.settled,
      },
    );
  };

  const close = () => {
    uploading.cancel();
    onClose();
  };

  return (
    <Modal
      open={Boolean(document)}
      title={t('documentsLibrary.newVersionTitle', { title: document?.title ?? '' })}
      okText={t('documentsLibrary.uploadVersion')}
      okButtonProps={{ loading: addVersion.isPending }}
      cancelText={addVersion.isPending ? t('documentUpload.cancel') : t('data.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      mask={{ closable: !addVersion.isPending }}
      destroyOnHidden
      forceRender
      afterClose={() => {
        setFormError(undefined);
        form.resetFields();
      }}
      width={640}
    >
      <Typography.Paragraph type="secondary">
        {document
          ? t('documentsLibrary.newVersionBody', {
              version: document.version,
              next: document.version + 1,
              name: document.fileName,
            })
          : null}
      </Typography.Paragraph>
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={addVersion.isPending}>
        <Form.Item label={label} name="file" rules={[{ required: true, message: t('documentUpload.fileRequired') }]}>
          <FilePicker label={label} />
        </Form.Item>
      </Form>
      <UploadProgress className="upload-progress" progress={uploading.progress} />
    </Modal>
  );
}
