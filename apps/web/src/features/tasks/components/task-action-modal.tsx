import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { applyServerErrors } from '../../../components/data/zod-form';

/** A form's values as antd hands them over. */
export type Values = Record<string, unknown>;

/**
 * A small form in a modal: the submit button spins while `onSubmit` runs; a server error lands on its
 * field (`fields`) or above the form.
 */
export function ActionModal({
  open,
  title,
  okText,
  okDanger,
  okDisabled,
  onClose,
  onSubmit,
  fields,
  initialValues,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  okDanger?: boolean;
  okDisabled?: boolean;
  onClose: () => void;
  /** Runs the action; resolves when done (the modal then closes). */
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<unknown> | undefined;
  fields: readonly string[];
  initialValues?: Values;
  children: (form: FormInstance<Values>) => ReactNode;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues);
    // Only when the modal opens: later renders pass equal but new objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const onFinish = async (values: Values) => {
    setFormError(undefined);
    const running = onSubmit(values, form);
    if (!running) return;
    setSaving(true);
    try {
      await running;
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(form, error, fields, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('data.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, danger: okDanger, disabled: okDisabled }}
      cancelButtonProps={{ disabled: saving }}
      mask={{ closable: !saving }}
      destroyOnHidden
      afterClose={() => setFormError(undefined)}
      forceRender
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        disabled={saving}
        requiredMark="optional"
      >
        {children(form)}
      </Form>
    </Modal>
  );
}
