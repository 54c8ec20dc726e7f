import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { archiveDocumentBodySchema } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useArchiveDocument } from '../api/archive-document';

/**
 * Archives a document with a reason. Archiving hides it from the active lists (and evidence from its
 * task's count); it is kept, read-only, in Archive Documents and can be restored.
 */
export function ArchiveDocumentModal({
  document,
  onClose,
}: {
  document: { _id: string; title: string; kind: 'TASK' | 'LIBRARY' } | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [formError, setFormError] = useState<string>();
  const archive = useArchiveDocument();
  const schemaForm = useSchemaForm(archiveDocumentBodySchema);
  const label = t('documentsArchive.reason');

  useEffect(() => {
    if (document) form.resetFields();
  }, [document, form]);

  const onFinish = (values: { reason?: string }) => {
    if (!document) return;
    setFormError(undefined);
    const body = schemaForm.parse(form, values, { reason: label });
    if (!body) return;
    archive.mutate(
      { id: document._id, reason: body.reason },
      {
        onSuccess: () => {
          void message.success(t('documentsArchive.archived', { title: document.title }));
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(form, error, ['reason'], t)),
      },
    );
  };

  return (
    <Modal
      open={Boolean(document)}
      title={t('documentsArchive.archiveTitle', { title: document?.title ?? '' })}
      okText={t('documentsArchive.archive')}
      okButtonProps={{ danger: true, loading: archive.isPending }}
      cancelText={t('data.cancel')}
      cancelButtonProps={{ disabled: archive.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      afterClose={() => setFormError(undefined)}
    >
      <Typography.Paragraph type="secondary">
        {document?.kind === 'TASK' ? t('documentsArchive.archiveEvidenceBody') : t('documentsArchive.archiveBody')}
      </Typography.Paragraph>
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={archive.isPending}>
        <Form.Item label={label} name="reason" rules={schemaForm.rules('reason', label)}>
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('documentsArchive.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
