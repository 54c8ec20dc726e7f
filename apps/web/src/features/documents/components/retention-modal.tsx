import { Form, Switch } from 'antd';
import { updateDocumentBodySchema, type Document } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormModal } from '../../../components/data/form-modal';
import { useMutationForm } from '../../../components/data/use-mutation-form';
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
  const state = useMutationForm({
    open: Boolean(document),
    record: document,
    valuesOf: (): Values | undefined =>
      document && { retainUntil: document.retainUntil, legalHold: document.legalHold },
    schema: updateDocumentBodySchema,
    mutation: useUpdateDocument(),
    fields: ['retainUntil', 'legalHold'],
    savedMessage: () => t('documentsArchive.retentionSaved', { title: document?.title ?? '' }),
    onSaved: onClose,
  });
  const labels = { retainUntil: t('documents.retainUntil'), legalHold: t('documents.legalHold') };

  const onFinish = (values: Values) => {
    if (!document) return;
    state.submit({ retainUntil: values.retainUntil ?? null, legalHold: Boolean(values.legalHold) }, labels, (body) => ({
      id: document._id,
      body,
    }));
  };

  return (
    <FormModal<Values>
      open={Boolean(document)}
      state={state}
      title={t('documentsArchive.retentionTitle', { title: document?.title ?? '' })}
      okText={t('data.save')}
      intro={t('documentsArchive.retentionBody')}
      requiredMark
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        label={labels.retainUntil}
        name="retainUntil"
        rules={state.rules('retainUntil', labels.retainUntil)}
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
    </FormModal>
  );
}
