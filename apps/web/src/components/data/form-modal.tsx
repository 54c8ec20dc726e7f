import type { ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useT } from '../../lib/i18n/use-t';

/**
 * A form in a dialog (create or edit a program area, a regulation, a user…): OK submits the form,
 * nothing can be closed or changed while `saving`, and `formError` (what belongs to no field) shows
 * above the form until the dialog has closed.
 */
export function FormModal<Values extends object>({
  open,
  form,
  title,
  okText,
  saving,
  formError,
  onClose,
  onFinish,
  afterClose,
  width,
  children,
}: {
  open: boolean;
  form: FormInstance<Values>;
  title: ReactNode;
  okText: string;
  saving: boolean;
  formError: string | undefined;
  onClose: () => void;
  onFinish: (values: Values) => void;
  /** Runs once the dialog has closed (typically clears `formError`). */
  afterClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('data.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      mask={{ closable: !saving }}
      width={width}
      destroyOnHidden
      afterClose={afterClose}
      forceRender
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving} requiredMark="optional">
        {children}
      </Form>
    </Modal>
  );
}
