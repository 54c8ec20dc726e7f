import { useEffect, useState } from 'react';
import { Alert, App, Form, Modal, Switch, Typography } from 'antd';
import { updateDocumentBodySchema, type Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useUpdateDocument } from '../api/update-document';

interface Values {
  retainUntil?: string | null;
  legalHold?: boolean;
}

/**
 * Retention of a document: the date until which it must be kept, and a legal hold (kept whatever the
 * date). Either one makes the server refuse permanent deletion.
 */
export function RetentionModal({ document, onClose }: { document: Document | undefined; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const update = useUpdateDocument();
  const schemaForm = useSchemaForm(updateDocumentBodySchema);
  const labels = { retainUntil: t('documents.retainUntil'), legalHold: t('documents.legalHold') };

  useEffect(() => {
    if (!document) return;
    form.resetFields();
    form.setFieldsValue({ retainUntil: document.retainUntil, legalHold: document.legalHold });
  }, [document, form]);

  const onFinish = (values: Values) => {
    if (!document) return;
    setFormError(undefined);
    const body = schemaForm.parse(
      form,
      { retainUntil: values.retainUntil ?? null, legalHold: Boolean(values.legalHold) },
      labels,
    );
    if (!body) return;
    update.mutate(
      { id: document._id, body },
      {
        onSuccess: () => {
          void message.success(t('documentsArchive.retentionSaved', { title: document.title }));
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(form, error, ['retainUntil', 'legalHold'], t)),
      },
    );
  };

  return (
    <Modal
      open={Boolean(document)}
      title={t('documentsArchive.retentionTitle', { title: document?.title ?? '' })}
      okText={t('data.save')}
      okButtonProps={{ loading: update.isPending }}
      cancelText={t('data.cancel')}
      cancelButtonProps={{ disabled: update.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      afterClose={() => setFormError(undefined)}
    >
      <Typography.Paragraph type="secondary">{t('documentsArchive.retentionBody')}</Typography.Paragraph>
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={update.isPending}>
        <Form.Item
          label={labels.retainUntil}
          name="retainUntil"
          rules={schemaForm.rules('retainUntil', labels.retainUntil)}
          extra={t('documentsArchive.retainUntilHelp')}
        >
          <DateField className="input-full" />
        </Form.Item>
        <Form.Item
          label={labels.legalHold}
          name="legalHold"
          valuePropName="checked"
          extra={t('documentsArchive.legalHoldHelp')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
