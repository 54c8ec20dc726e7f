import { useEffect, useState } from 'react';
import { App, Form, Input } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormModal } from '../../../components/data/form-modal';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useRequestExtension } from '../api/reviews';

interface Values {
  requestedDueDate?: string;
  reason?: string;
}

/** Ask the facility's administrators for a later due date, with the reason. */
export function ExtensionRequestDialog({
  task,
  open,
  onClose,
}: {
  task: { _id: string; dueDate: string };
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const request = useRequestExtension(task._id);
  const [formError, setFormError] = useState<string>();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const close = () => {
    setFormError(undefined);
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      state={{ form, saving: request.isPending, formError, clearFormError: () => setFormError(undefined) }}
      title={t('review.extensionTitle')}
      okText={t('review.extensionRequest')}
      onClose={close}
      intro={`${t('review.extensionIntro')} ${t('review.currentDueDate')}: ${format.date(task.dueDate)}`}
      requiredMark
      onFinish={(values) =>
        request.mutate(
          { requestedDueDate: values.requestedDueDate ?? '', reason: values.reason ?? '' },
          {
            onSuccess: () => {
              void message.success(t('review.extensionSent'));
              close();
            },
            onError: (error) => setFormError(applyServerErrors(form, error, ['requestedDueDate', 'reason'], t)),
          },
        )
      }
    >
      <Form.Item
        name="requestedDueDate"
        label={t('review.requestedDueDate')}
        rules={[{ required: true, message: t('form.required', { field: t('review.requestedDueDate') }) }]}
      >
        <DateField />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('review.reason')}
        rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('review.reason') }) }]}
      >
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
