import type { ReactNode } from 'react';
import { Alert, Form, Modal, Typography, type FormProps } from 'antd';
import { useT } from '../../lib/i18n/use-t';
import type { FormState } from './form-state';

/**
 * A form in a dialog (create or edit a program area, a regulation, a user…): OK submits the form,
 * nothing can be closed or changed while `state.saving`, and `state.formError` (what belongs to no field)
 * shows above the form until the dialog has closed. `intro` is a paragraph above both.
 */
export function FormModal<Values extends object>({
  open,
  state: { form, saving, formError, clearFormError },
  title,
  okText,
  okDanger,
  okDisabled,
  onClose,
  onFinish,
  width,
  intro,
  requiredMark = 'optional',
  children,
}: {
  open: boolean;
  state: FormState<Values>;
  title: ReactNode;
  okText: string;
  /** The OK button in red, for an action that removes or refuses something. */
  okDanger?: boolean;
  /** The OK button off until the form says what it needs. */
  okDisabled?: boolean;
  onClose: () => void;
  onFinish: (values: Values) => void;
  width?: number;
  /** What the dialog does, in a secondary paragraph above the error and the form. */
  intro?: ReactNode;
  /** How fields are marked: "(optional)" on the optional ones by default, antd's asterisks with `true`. */
  requiredMark?: FormProps['requiredMark'];
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
      okButtonProps={{ loading: saving, danger: okDanger, disabled: okDisabled }}
      cancelButtonProps={{ disabled: saving }}
      mask={{ closable: !saving }}
      width={width}
      destroyOnHidden
      afterClose={clearFormError}
      forceRender
    >
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving} requiredMark={requiredMark}>
        {children}
      </Form>
    </Modal>
  );
}
