import { useEffect, useState, type ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { SchemaFields } from '../../../components/data/schema-field';
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
  schema,
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
  /** The shared schema's rules and the fields' labels, for the `SchemaItem`s of the form. */
  schema?: { rules: Parameters<typeof SchemaFields>[0]['rules']; labels: Readonly<Record<string, string>> };
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
    <FormModal<Values>
      open={open}
      state={{ form, saving, formError, clearFormError: () => setFormError(undefined) }}
      title={title}
      okText={okText}
      okDanger={okDanger}
      okDisabled={okDisabled}
      onClose={onClose}
      onFinish={(values) => void onFinish(values)}
    >
      {schema ? (
        <SchemaFields rules={schema.rules} labels={schema.labels}>
          {children(form)}
        </SchemaFields>
      ) : (
        children(form)
      )}
    </FormModal>
  );
}
