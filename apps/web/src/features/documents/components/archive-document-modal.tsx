import { Form, Input } from 'antd';
import { archiveDocumentBodySchema } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { useArchiveDocument } from '../api/archive-document';

interface Values {
  reason?: string;
}

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
  const state = useMutationForm({
    open: Boolean(document),
    record: document,
    schema: archiveDocumentBodySchema,
    mutation: useArchiveDocument(),
    fields: ['reason'],
    savedMessage: () => t('documentsArchive.archived', { title: document?.title ?? '' }),
    onSaved: onClose,
  });
  const label = t('documentsArchive.reason');

  const onFinish = (values: Values) => {
    if (!document) return;
    state.submit({ reason: values.reason }, { reason: label }, (body) => ({ id: document._id, reason: body.reason }));
  };

  return (
    <FormModal<Values>
      open={Boolean(document)}
      state={state}
      title={t('documentsArchive.archiveTitle', { title: document?.title ?? '' })}
      okText={t('documentsArchive.archive')}
      okDanger
      intro={document?.kind === 'TASK' ? t('documentsArchive.archiveEvidenceBody') : t('documentsArchive.archiveBody')}
      requiredMark
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item label={label} name="reason" rules={state.rules('reason', label)}>
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('documentsArchive.reasonPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
